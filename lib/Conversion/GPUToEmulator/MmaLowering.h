//===- MmaLowering.h - Warp matrix ops on the emulator ----------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How convert-gpu-to-seg-emulator runs the tensor-core ops of device code,
// nvgpu.mma.sync and nvgpu.ldmatrix, as warp collectives of the runtime
// (segEmuMmaSync, segEmuLdmatrix).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_GPUTOEMULATOR_MMALOWERING_H
#define SEGIR_LIB_CONVERSION_GPUTOEMULATOR_MMALOWERING_H

#include "EmulatorRuntimeCalls.h"

namespace mlir {
namespace seg {
namespace emulator {

/// Reports nvgpu ops of `func` that the emulator does not execute: every op
/// but nvgpu.ldmatrix and the nvgpu.mma.sync shapes of SegEmuMmaKind.
LogicalResult verifyWarpMatrixOps(func::FuncOp func);

/// Replaces nvgpu.ldmatrix and nvgpu.mma.sync by calls into the runtime.
/// The rows that ldmatrix reads are plain vector.loads of each lane, so they
/// go through the memory model (and bounds checks) like any other access.
void lowerWarpMatrixOps(func::FuncOp func, RuntimeCalls &runtime);

} // namespace emulator
} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_GPUTOEMULATOR_MMALOWERING_H
