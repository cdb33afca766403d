//===- HopperLowering.h - Hopper nvgpu ops on the emulator ------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How convert-gpu-to-seg-emulator runs upstream's Hopper ops: tensor maps
// (nvgpu.tma.create.descriptor on the host), mbarriers, TMA bulk tensor
// copies, the async proxy fence and bulk async-groups (NVVM), and wgmma
// (nvgpu.warpgroup.*), as calls of include/segir/Runtime/EmulatorHopper.h.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_GPUTOEMULATOR_HOPPERLOWERING_H
#define SEGIR_LIB_CONVERSION_GPUTOEMULATOR_HOPPERLOWERING_H

#include "EmulatorRuntimeCalls.h"

namespace mlir {
namespace seg {
namespace emulator {

/// Replaces nvgpu.tma.create.descriptor in host code by a call of
/// segEmuTensorMapEncodeTiled; the map travels to kernels as a pointer.
LogicalResult lowerHopperHostOps(ModuleOp module, RuntimeCalls &runtime);

/// Replaces the Hopper ops of device function `func` by runtime calls;
/// reports what the emulator does not run and fails.
LogicalResult lowerHopperDeviceOps(func::FuncOp func, RuntimeCalls &runtime);

/// Whether `op` is one of the NVVM forms of the mbarrier, TMA, proxy fence
/// and bulk async-group ops that lowerHopperDeviceOps rewrites.
bool isHopperNVVMOp(Operation *op);

/// Whether `op` is one of the wgmma ops (nvgpu.warpgroup.*, nvvm.wgmma
/// fence, commit and wait) that lowerWgmmaOps rewrites.
bool isWgmmaOp(Operation *op);

/// Replaces the wgmma ops of `func` (WgmmaLowering.cpp); reports the
/// shapes and types the runtime does not compute and fails.
LogicalResult lowerWgmmaOps(func::FuncOp func, RuntimeCalls &runtime);

/// The address of the first element of `memref` as `!llvm.ptr`.
Value memrefAddress(OpBuilder &b, Location loc, Value memref);

} // namespace emulator
} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_GPUTOEMULATOR_HOPPERLOWERING_H
