//===- PlanReduction.cpp - The plan of a seg.red --------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The kernels of a thread-level seg.red that the strategy table
// (RedStrategies.cpp) keeps for the op's static sizes, the chunk, loads in
// flight and sequential tile the resource model chooses, and the shared
// memory of each kernel.
//
//===----------------------------------------------------------------------===//

#include "Planners.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/Utils/Checks.h"
#include "segir/Target/TargetInfo.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::seg;

static int64_t getAccumulatorBytes(RedOp op) {
  int64_t bytes = 0;
  for (Type type : op.getNeutrals().getTypes())
    bytes += getPrimitiveByteSize(type).value_or(8);
  return bytes;
}

/// The segment length and the number of segments of `op`, where static.
static std::pair<std::optional<int64_t>, std::optional<int64_t>>
getStaticShape(RedOp op) {
  SmallVector<OpFoldResult> sizes = op.getMixedSizes();
  std::optional<int64_t> length = getConstantIntValue(sizes.back());
  std::optional<int64_t> segments = 1;
  for (OpFoldResult size : ArrayRef(sizes).drop_back()) {
    std::optional<int64_t> value = getConstantIntValue(size);
    segments = value && segments ? checkedMul(*segments, *value) : std::nullopt;
  }
  return {length, segments};
}

/// The shared memory of the kernel of `role`.
static SharedMemoryLayout getKernelLayout(RedOp op, KernelRole role,
                                          const RedPlan &plan) {
  TypeRange types = op.getNeutrals().getTypes();
  SharedMemoryLayout layout;
  switch (role) {
  case KernelRole::SequentialSegments:
    layout.addBuffers(types, plan.blockSize * (plan.sequentialTile + 1));
    break;
  case KernelRole::SmallSegments:
    layout.addBuffers(types, plan.blockSize);
    break;
  case KernelRole::LargeSegments:
    // The block reductions, the broadcast last-block flag and, with
    // chunk > 1, the chunk steps all use the scratch region one after the
    // other. A step transposes every operand at once and keeps the warp
    // totals after them, as the resource model counts, or, where that does
    // not fit, one operand at a time.
    layout.reserveBlockReduce(types, plan.getNumWarps());
    if (plan.chunk > 1) {
      if (plan.chunkSlots > 0) {
        layout.reserveScratch(types, plan.chunkSlots);
      } else {
        for (Type type : types)
          layout.reserveScratch(type, plan.blockSize * plan.chunk);
      }
    }
    layout.reserveScratch(IntegerType::get(op.getContext(), 32), 1);
    break;
  default:
    llvm_unreachable("not a kernel of seg.red");
  }
  return layout;
}

FailureOr<RedPlan> seg::planRed(RedOp op, const GPULoweringConfig &config) {
  RedPlan plan;
  if (failed(planSegmentedLaunch(op, config, plan)))
    return failure();
  TypeRange types = op.getNeutrals().getTypes();
  int64_t blockSize = plan.blockSize;
  ResourceModel model(config.target);
  plan.strategy = config.options.strategy;
  plan.sequentialThreshold = config.options.sequentialThreshold;
  plan.smallSegmentMax = std::min(config.options.smallSegmentMax > 0
                                      ? config.options.smallSegmentMax
                                      : blockSize / 2,
                                  blockSize);
  plan.sequentialTile =
      model.selectSequentialTile(getAccumulatorBytes(op), blockSize);
  bool commutative =
      llvm::all_of(op.getCommutative(), [](bool c) { return c; });
  plan.chunk = commutative ? 1
                           : static_cast<int64_t>(std::clamp<uint64_t>(
                                 op.getChunk().value_or(1), 1,
                                 std::numeric_limits<int64_t>::max()));
  if (plan.chunk > 1 && failed(checkRequestedChunk(op, types, plan.chunk,
                                                   config, /*isScan=*/false)))
    return failure();
  // Enough loads in flight per thread to approach the memory bandwidth,
  // within about 16 registers of element values and within the registers
  // a thread has at this block size.
  plan.loadsInFlight = config.options.loadsInFlight;
  if (plan.loadsInFlight <= 0)
    plan.loadsInFlight = model.selectReductionLoadsInFlight(
        llvm::divideCeil(getAccumulatorBytes(op), 4), blockSize);

  if (commutative)
    plan.contiguousLoads = analyzeContiguousLoads(
        op.getBody().front(),
        TargetInfo::get(config.target).getMaxVectorLoadBytes(),
        plan.loadsInFlight);
  auto [length, segments] = getStaticShape(op);
  RedThresholds thresholds{plan.sequentialThreshold, plan.smallSegmentMax,
                           blockSize};
  for (RedKernelChoice &choice :
       chooseRedKernels(plan.strategy, thresholds, length, segments)) {
    if (choice.role == KernelRole::LargeSegments && plan.chunk > 1)
      plan.chunkSlots = model
                            .selectReduceChunkSlots(SmallVector<Type>(types),
                                                    blockSize, plan.chunk)
                            .value_or(0);
    plan.kernels.push_back(
        {choice.role, getKernelLayout(op, choice.role, plan)});
    plan.conditions.push_back(std::move(choice.condition));
  }
  if (plan.hasKernel(KernelRole::SequentialSegments))
    plan.sequentialWidths =
        selectRowWidths(plan.contiguousLoads, plan.sequentialTile);
  if (plan.hasKernel(KernelRole::SmallSegments))
    plan.smallWidths =
        selectWholeRowWidths(plan.contiguousLoads, plan.blockSize, length);
  if (failed(checkSharedMemory(op, plan, config)))
    return failure();
  return plan;
}
