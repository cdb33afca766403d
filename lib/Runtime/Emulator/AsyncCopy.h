//===- AsyncCopy.h - cp.async state of the emulator's blocks ----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The per-block state behind include/segir/Runtime/EmulatorAsyncCopy.h (the
// copies in flight and every thread's groups), kept by the worker running
// the block (AsyncCopy.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_RUNTIME_EMULATOR_ASYNCCOPY_H
#define SEGIR_RUNTIME_EMULATOR_ASYNCCOPY_H

namespace segir {
namespace emu {

struct Block;

/// A block starts on the calling worker: no copies in flight.
void asyncCopyStartBlock(Block &block);
/// The block ends: copies nobody waited for are dropped (their shared
/// memory dies with the block).
void asyncCopyEndBlock(Block &block);

} // namespace emu
} // namespace segir

#endif // SEGIR_RUNTIME_EMULATOR_ASYNCCOPY_H
