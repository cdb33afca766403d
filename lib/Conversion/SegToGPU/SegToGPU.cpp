//===- SegToGPU.cpp - seg ops to gpu.launch kernels ---------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The pass: lowers seq-level ops to loops, plans every top-level op
// (LoweringPlan.cpp and the planner of its kind, which check it against the
// target) before anything is rewritten, then replaces each by its kernels
// and host code (MapKernels.cpp, ReductionKernels.cpp, ScanKernels.cpp,
// HistogramKernels.cpp).
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/SegToGPU/SegToGPU.h"
#include "Emitters.h"

#include "segir/Analysis/Tuning.h"
#include "segir/Conversion/SegToSCF/SegToSCF.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Utils/ExclusiveScan.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_CONVERTSEGTOGPU
#include "segir/Conversion/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

/// Rejects option values no op can be planned with (for the pass's options,
/// or one op's after its `seg.gpu_lowering`), at `anchor`.
static LogicalResult checkOptions(Operation *anchor,
                                  const GPULoweringConfig &config) {
  const ConvertSegToGPUOptions &options = config.options;
  if (options.maxBlocks < 0 || options.sequentialThreshold < 0 ||
      options.smallSegmentMax < 0 || options.loadsInFlight < 0)
    return anchor->emitError(
        "convert-seg-to-gpu: max-blocks, sequential-threshold, "
        "small-segment-max and loads-in-flight must not be negative");
  // Every element (or point) in flight is evaluated into registers of its
  // own before the first is used, and the kernel unrolls that many.
  int64_t maxInFlight = config.target.getRegistersPerThread();
  if (options.loadsInFlight > maxInFlight)
    return anchor->emitError("convert-seg-to-gpu: loads-in-flight ")
           << options.loadsInFlight << " is more than the " << maxInFlight
           << " registers per thread of target " << config.target.getChip()
           << " (each element in flight holds at least one); the bound is "
           << maxInFlight;
  return success();
}

/// `config` with the fields of `op`'s `seg.gpu_lowering`, if any, in place
/// of the pass's options; fails (with a diagnostic at `op`) when a value is
/// out of bounds.
static FailureOr<GPULoweringConfig>
getOpConfig(Operation *op, const GPULoweringConfig &config) {
  auto lowering = op->getAttrOfType<GPULoweringAttr>(
      SegDialect::getGPULoweringAttrName());
  if (!lowering)
    return config;
  GPULoweringConfig opConfig = config;
  ConvertSegToGPUOptions &options = opConfig.options;
  if (std::optional<RedStrategy> strategy = lowering.getStrategy())
    options.strategy = *strategy;
  if (std::optional<ScanStrategy> strategy = lowering.getScanStrategy())
    options.scanStrategy = *strategy;
  if (std::optional<HistStrategy> strategy = lowering.getHistStrategy())
    options.histStrategy = *strategy;
  if (std::optional<int64_t> blockSize = lowering.getBlockSize())
    options.blockSize = *blockSize;
  if (std::optional<int64_t> inFlight = lowering.getLoadsInFlight())
    options.loadsInFlight = *inFlight;
  if (failed(checkOptions(op, opConfig)))
    return failure();
  return opConfig;
}

namespace {
struct ConvertSegToGPUPass
    : public seg::impl::ConvertSegToGPUBase<ConvertSegToGPUPass> {
  using Base::Base;

  /// The values of the options, as the generated struct holds them: the
  /// one place that copies them out of the pass.
  ConvertSegToGPUOptions getOptionValues() const {
    ConvertSegToGPUOptions options;
    options.blockSize = blockSize;
    options.maxBlocks = maxBlocks;
    options.strategy = strategy;
    options.scanStrategy = scanStrategy;
    options.histStrategy = histStrategy;
    options.tuningFile = tuningFile;
    options.sequentialThreshold = sequentialThreshold;
    options.smallSegmentMax = smallSegmentMax;
    options.loadsInFlight = loadsInFlight;
    options.remarks = remarks;
    return options;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    GPULoweringConfig config;
    config.target = TargetAttr::lookup(module);
    config.options = getOptionValues();
    FailureOr<TuningFile> tuning =
        TuningFile::readOverrides(config.options.tuningFile, module);
    if (failed(tuning))
      return signalPassFailure();
    config.tuning = &*tuning;
    const ConvertSegToGPUOptions &options = config.options;
    if (failed(checkOptions(module, config)))
      return signalPassFailure();

    // Sequential ops are loops wherever they are (post-order, innermost
    // first).
    SmallVector<SegSpaceOpInterface> sequential;
    module.walk([&](SegSpaceOpInterface op) {
      if (op.getLevel() == Level::Seq)
        sequential.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (SegSpaceOpInterface op : sequential)
      if (failed(lowerToSequentialLoops(rewriter, op)))
        return signalPassFailure();

    // The kernels scan inclusively: exclusive scans become inclusive ones.
    module.walk(
        [&](ScanOp scan) { rewriteExclusiveScanAsInclusive(rewriter, scan); });

    SmallVector<Operation *> kernels;
    module.walk<WalkOrder::PreOrder>([&](SegSpaceOpInterface op) {
      kernels.push_back(op);
      return WalkResult::skip();
    });
    bool valid = true;
    SmallVector<LoweringPlan, 0> plans;
    for (Operation *op : kernels) {
      FailureOr<GPULoweringConfig> opConfig = getOpConfig(op, config);
      FailureOr<LoweringPlan> plan = failure();
      if (succeeded(opConfig))
        plan = planLowering(op, *opConfig);
      valid &= succeeded(plan);
      if (failed(plan))
        continue;
      if (options.remarks) {
        std::string line;
        llvm::raw_string_ostream os(line);
        printPlan(os, *plan);
        mlir::emitRemark(op->getLoc(), "plan: ") << line;
      }
      plans.push_back(std::move(*plan));
    }
    if (!valid)
      return signalPassFailure();

    for (auto [op, plan] : llvm::zip_equal(kernels, plans)) {
      OpBuilder builder(op);
      if (auto map = dyn_cast<MapOp>(op))
        lowerMapToGPU(builder, map, std::get<MapPlan>(plan));
      else if (auto red = dyn_cast<RedOp>(op))
        lowerRedToGPU(builder, red, std::get<RedPlan>(plan));
      else if (auto hist = dyn_cast<HistOp>(op))
        lowerHistToGPU(builder, hist, std::get<HistPlan>(plan));
      else
        lowerScanToGPU(builder, cast<ScanOp>(op), std::get<ScanPlan>(plan));
      op->erase();
    }
    if (!kernels.empty())
      module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                      UnitAttr::get(&getContext()));
  }
};
} // namespace

FailureOr<ConvertSegToGPUOptions> seg::parseConvertSegToGPUOptions(
    StringRef text, function_ref<LogicalResult(const Twine &)> errorHandler) {
  ConvertSegToGPUPass pass;
  if (failed(pass.initializeOptions(text, errorHandler)))
    return failure();
  return pass.getOptionValues();
}
