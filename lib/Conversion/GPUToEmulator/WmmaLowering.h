//===- WmmaLowering.h - WMMA fragments on the emulator ----------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How convert-gpu-to-seg-emulator runs the gpu dialect's warp-level matrix
// ops (gpu.subgroup_mma_*, which the GPU path lowers to PTX wmma): a
// fragment becomes a vector of the lane's elements, and
// gpu.subgroup_mma_compute a warp collective of the runtime
// (segEmuWmmaCompute).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_GPUTOEMULATOR_WMMALOWERING_H
#define SEGIR_LIB_CONVERSION_GPUTOEMULATOR_WMMALOWERING_H

#include "EmulatorRuntimeCalls.h"

#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace seg {
namespace emulator {

/// Reports gpu.subgroup_mma_* ops of `func` that the emulator does not run.
LogicalResult verifyWmmaOps(func::FuncOp func);

/// Replaces the gpu.subgroup_mma_* ops of `func` and the fragments they
/// pass (also through scf and cf block arguments). The loads and stores of
/// matrix elements it creates are added to `memoryAccesses`, so that the
/// memory model routes them like the kernel's own.
LogicalResult lowerWmmaOps(func::FuncOp func, RuntimeCalls &runtime,
                           llvm::DenseSet<Operation *> &memoryAccesses);

} // namespace emulator
} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_GPUTOEMULATOR_WMMALOWERING_H
