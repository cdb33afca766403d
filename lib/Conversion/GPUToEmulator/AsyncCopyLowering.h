//===- AsyncCopyLowering.h - cp.async on the emulator -----------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How convert-gpu-to-seg-emulator runs Ampere's asynchronous copies:
// nvgpu.device_async_copy, device_async_create_group and device_async_wait,
// and the NVVM forms nvvm.cp.async.shared.global, cp.async.commit.group and
// cp.async.wait.group, as calls of include/segir/Runtime/EmulatorAsyncCopy.h.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_GPUTOEMULATOR_ASYNCCOPYLOWERING_H
#define SEGIR_LIB_CONVERSION_GPUTOEMULATOR_ASYNCCOPYLOWERING_H

#include "EmulatorRuntimeCalls.h"

namespace mlir {
namespace seg {
namespace emulator {

/// Whether `op` is one of the cp.async ops that lowerAsyncCopyOps rewrites.
bool isAsyncCopyOp(Operation *op);

/// Replaces the asynchronous copies of device function `func` by runtime
/// calls; reports tokens as function arguments, which the emulator does
/// not pass, and fails.
LogicalResult lowerAsyncCopyOps(func::FuncOp func, RuntimeCalls &runtime);

} // namespace emulator
} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_GPUTOEMULATOR_ASYNCCOPYLOWERING_H
