//===- Planners.h - The planners of convert-seg-to-gpu ----------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to the planners: one per op kind (PlanMap.cpp,
// PlanReduction.cpp, PlanScan.cpp, PlanHistogram.cpp) and the checks every
// kernel needs (PlanChecks.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_PLANNERS_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_PLANNERS_H

#include "LoweringPlan.h"

namespace mlir {
namespace seg {

/// A static block size the target allows: fills the launch geometry of
/// `plan`. The block size is the op's, else the options' (its
/// `seg.gpu_lowering`, then `block-size`), else `modelBlockSize`, else the
/// resource model's default.
LogicalResult planLaunch(SegSpaceOpInterface op,
                         const GPULoweringConfig &config, OpPlan &plan,
                         std::optional<int64_t> modelBlockSize = std::nullopt);

/// Whether the op or the options fix the block size (else the model
/// chooses it).
bool isBlockSizeFixed(SegSpaceOpInterface op, const GPULoweringConfig &config);

/// Every kernel of `plan` within the target's shared memory per block.
LogicalResult checkSharedMemory(Operation *op, const OpPlan &plan,
                                const GPULoweringConfig &config);

/// A chunk the op asks for, before anything is sized by it: its values must
/// fit a thread's registers (the resource model's hard bound, which also
/// keeps every product of the chunk below far from overflow).
LogicalResult checkRequestedChunk(Operation *op, TypeRange types, int64_t chunk,
                                  const GPULoweringConfig &config, bool isScan);

/// Operator types the kernels can keep in shared memory and shuffle.
LogicalResult checkAccumulatorTypes(Operation *op, TypeRange types);

/// Private arrays of a thread are hoisted to the start of the kernel and
/// shared memory is carved out of the launch's: both need a static shape.
/// Shared memory may also be declared in the workgroup memory space (for
/// ops that need it, such as nvgpu.ldmatrix).
LogicalResult checkAllocas(Block &body, StringRef what, bool shared = false);

/// The launch of a thread-level seg.red, seg.scan or seg.hist, checked for
/// operator types and private arrays the kernels support.
template <typename OpTy>
LogicalResult
planSegmentedLaunch(OpTy op, const GPULoweringConfig &config, OpPlan &plan,
                    std::optional<int64_t> modelBlockSize = std::nullopt) {
  if (failed(planLaunch(op, config, plan, modelBlockSize)) ||
      failed(checkAccumulatorTypes(op, op.getNeutrals().getTypes())))
    return failure();
  return checkAllocas(op.getBody().front(), "a thread's private array");
}

FailureOr<MapPlan> planMap(MapOp op, const GPULoweringConfig &config);
FailureOr<RedPlan> planRed(RedOp op, const GPULoweringConfig &config);
FailureOr<ScanPlan> planScan(ScanOp op, const GPULoweringConfig &config);
FailureOr<HistPlan> planHist(HistOp op, const GPULoweringConfig &config);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_PLANNERS_H
