//===- MemoryModel.h - Memory accesses of kernels on the emulator -*- C++
//-*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How convert-gpu-to-seg-emulator hands the memory accesses of kernels to
// the runtime's weak-memory mode: plain accesses to memory that may be
// global become calls to segEmuLoad/segEmuStore, atomics are bracketed by
// segEmuAtomicBegin/End and fences call segEmuFence, each with the ordering
// and scope the PTX of the GPU path has for it.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_GPUTOEMULATOR_MEMORYMODEL_H
#define SEGIR_LIB_CONVERSION_GPUTOEMULATOR_MEMORYMODEL_H

#include "EmulatorRuntimeCalls.h"

#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace seg {
namespace emulator {

/// The ordering and scope of an atomic or fence on the GPU
/// (SegEmuMemoryOrder, SegEmuMemoryScope).
struct MemorySemantics {
  int32_t order = 0;
  int32_t scope = 0;
};

/// Reports LLVM atomics and fences whose sync scope the emulator does not
/// know.
LogicalResult verifySyncScopes(func::FuncOp func);

/// The test mutations of DeviceLoweringOptions that apply before lowering:
/// erases every llvm.fence.
void dropFences(func::FuncOp func);

/// The plain llvm.load and llvm.store ops of `func` that the memory model
/// routes through the runtime: collected before the lowering adds its own.
llvm::DenseSet<Operation *> collectPlainLLVMAccesses(func::FuncOp func);

/// Routes the memory accesses of a device function through the runtime
/// (see the file comment); the sync scopes of LLVM ops are then dropped, as
/// the CPU needs none. Runs after generic atomics became compare-and-swap
/// loops.
void lowerMemoryAccesses(func::FuncOp func, RuntimeCalls &runtime,
                         const llvm::DenseSet<Operation *> &plainLLVMAccesses,
                         bool relaxAtomics);

/// The address of `memref[indices]` as an `!llvm.ptr`.
Value elementAddress(OpBuilder &b, Location loc, Value memref,
                     ValueRange indices);

/// The bits of an integer or float scalar, zero-extended to i64: how the
/// runtime's loads, stores and collectives pass values.
Value toBits(OpBuilder &b, Location loc, Value value);

/// The inverse of toBits.
Value fromBits(OpBuilder &b, Location loc, Value bits, Type type);

} // namespace emulator
} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_GPUTOEMULATOR_MEMORYMODEL_H
