//===- Hopper.h - Hopper state of the emulator's blocks ---------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The per-block state behind include/segir/Runtime/EmulatorHopper.h
// (mbarriers, bulk copies in flight, the async proxy's view of shared
// memory), kept by the worker running the block (Hopper.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_RUNTIME_EMULATOR_HOPPER_H
#define SEGIR_RUNTIME_EMULATOR_HOPPER_H

#include <cstdint>

namespace segir {
namespace emu {

struct Block;
struct Fiber;

/// Threads of a warpgroup (wgmma, setmaxnreg).
inline constexpr int64_t kWarpgroupThreads = 128;

/// A block starts on the calling worker: no mbarriers, nothing in flight.
void hopperStartBlock(Block &block);
/// The block ends: its bulk stores complete, its loads are dropped.
void hopperEndBlock(Block &block);

/// The calling thread's block's shared memory as the async proxy reads it
/// (TMA stores, wgmma).
const char *hopperAsyncView(Fiber &fiber);
/// A block starts: no wgmma groups pending (Wgmma.cpp).
void wgmmaStartBlock();
/// Ends the program unless the calling thread's warpgroup lies whole in its
/// block (wgmma and setmaxnreg at `site` need all 128 threads).
void requireWholeWarpgroup(Fiber &fiber, const char *site);
/// In the randomised mode, now and then completes a bulk copy in flight.
void hopperMaybeProgress(Fiber &fiber);

} // namespace emu
} // namespace segir

#endif // SEGIR_RUNTIME_EMULATOR_HOPPER_H
