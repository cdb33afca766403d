//===- PlanScan.cpp - The plan of a seg.scan ------------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Single-pass or reduce-then-scan, the elements per thread m and how the
// kernels keep them, all chosen by the resource model, and the kernels'
// shared memory.
//
//===----------------------------------------------------------------------===//

#include "Planners.h"

#include "segir/Analysis/ResourceModel.h"

using namespace mlir;
using namespace mlir::seg;

/// Whether the plan scans in a single pass: the option's strategy, or what
/// fits the registers with `blockSize` threads; says why it does not when
/// chosen automatically.
static bool chooseSinglePass(const ScanShape &shape, int64_t blockSize,
                             const GPULoweringConfig &config,
                             std::string &fallbackReason) {
  switch (config.options.scanStrategy) {
  case ScanStrategy::SinglePass:
    return true;
  case ScanStrategy::ReduceThenScan:
    return false;
  case ScanStrategy::Auto:
    break;
  }
  ResourceModel model(config.target);
  int64_t needed = 0;
  if (model.fitsSinglePassScan(shape, blockSize, &needed))
    return true;
  fallbackReason =
      (Twine("the single-pass kernel needs about ") + Twine(needed) +
       " registers per thread for its operator state at m = 1, more than "
       "the " +
       Twine(model.getRegistersPerThread(blockSize)) +
       " available with block size " + Twine(blockSize) + " on target " +
       config.target.getChip())
          .str();
  return false;
}

/// The loads of a one-segment scan's body that the group kernels read a
/// 32-bit register at a time: narrow elements (u8, i16) gain load
/// instructions; wider ones keep their scalar loads (a vector of them would
/// hold more registers than the element it replaces). A lane's vectors
/// tile its m coalesced elements, so the width divides m.
static ContiguousLoads selectScanLoads(ScanOp op, const ScanShape &shape,
                                       int64_t m) {
  constexpr int64_t kRegisterBytes = 4;
  if (shape.segmented)
    return {};
  ContiguousLoads loads =
      analyzeContiguousLoads(op.getBody().front(), kRegisterBytes, m);
  while (loads.width > 1 && m % loads.width != 0)
    loads.width /= 2;
  if (loads.width <= 1)
    return {};
  return loads;
}

FailureOr<ScanPlan> seg::planScan(ScanOp op, const GPULoweringConfig &config) {
  ScanPlan plan;
  ResourceModel model(config.target);
  ScanShape shape = getScanShape(op);
  // Threads and elements per thread from the model unless the block size
  // is fixed; the strategy is then chosen at the default block size.
  std::optional<ScanGeometry> geometry;
  if (!isBlockSizeFixed(op, config)) {
    bool singlePass = chooseSinglePass(shape, model.getDefaultBlockSize(),
                                       config, plan.fallbackReason);
    geometry = model.selectScanGeometry(shape, singlePass);
    plan.geometryReason = geometry->reason;
    if (op.getChunk())
      plan.geometryReason += "; m from the op's chunk";
  }
  if (failed(planSegmentedLaunch(op, config, plan,
                                 geometry ? std::optional(geometry->blockSize)
                                          : std::nullopt)))
    return failure();
  TypeRange types = op.getNeutrals().getTypes();
  int64_t blockSize = plan.blockSize;
  plan.fallbackReason.clear();
  plan.singlePass =
      chooseSinglePass(shape, blockSize, config, plan.fallbackReason);
  plan.parkScanExclusive = model.parksScanExclusive(shape, blockSize);
  if (std::optional<uint64_t> chunk = op.getChunk()) {
    plan.elementsPerThread = static_cast<int64_t>(
        std::min<uint64_t>(*chunk, std::numeric_limits<int64_t>::max()));
    if (failed(checkRequestedChunk(op, types, plan.elementsPerThread, config,
                                   /*isScan=*/true)))
      return failure();
  } else if (geometry) {
    // seg-select-chunk sets `chunk` from the same functions.
    plan.elementsPerThread = geometry->elementsPerThread;
  } else {
    FailureOr<SequentialChoice> choice =
        model.selectScanElementsPerThread(shape, blockSize, plan.singlePass);
    plan.elementsPerThread = succeeded(choice) ? choice->value : 1;
  }
  int64_t m = plan.elementsPerThread;
  // The model's register bound holds for the geometry it chose it for (a
  // chunk seg-select-chunk set from the same functions included).
  if (geometry && plan.singlePass && blockSize == geometry->blockSize &&
      m == geometry->elementsPerThread)
    plan.maxRegisters = geometry->maxRegisters;
  plan.reloadScanElements = model.reloadsScanElements(shape, blockSize, m);
  plan.loadsInFlight = model.selectScanLoadsInFlight(shape, blockSize, m);
  plan.contiguousLoads = selectScanLoads(op, shape, m);
  if (blockSize * m >= (int64_t(1) << 31))
    return op.emitOpError("group of ")
           << blockSize << " x " << m
           << " elements does not fit the 32-bit index arithmetic";

  SharedMemoryLayout group =
      model.getScanGroupLayout(shape, blockSize, m, plan.singlePass);
  if (plan.singlePass) {
    plan.kernels.push_back({KernelRole::SinglePassScan, group});
  } else {
    plan.aggregatesPerThread =
        model.selectScanAggregatesPerThread(shape, blockSize);
    KernelPlan aggregateScan{KernelRole::AggregateScan, {}};
    SmallVector<Type> flagged{IntegerType::get(op.getContext(), 1)};
    llvm::append_range(flagged, types);
    aggregateScan.shared.addBlockScan(flagged, plan.getNumWarps(), blockSize);
    plan.kernels.push_back({KernelRole::GroupAggregates, group});
    plan.kernels.push_back(std::move(aggregateScan));
    plan.kernels.push_back({KernelRole::Rescan, group});
  }
  if (failed(checkSharedMemory(op, plan, config)))
    return failure();
  if (!plan.fallbackReason.empty())
    mlir::emitRemark(op->getLoc(), "lowered by reduce-then-scan: ")
        << plan.fallbackReason;
  return plan;
}
