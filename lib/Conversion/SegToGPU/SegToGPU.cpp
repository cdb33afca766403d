//===- SegToGPU.cpp - seg ops to gpu.launch kernels ---------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The pass: lowers seq-level ops to loops, checks every top-level op
// against the target before anything is rewritten, then replaces each by
// its kernels and host code (MapKernels.cpp, ReductionKernels.cpp,
// ScanKernels.cpp).
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/SegToGPU/SegToGPU.h"
#include "KernelBuilder.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Conversion/SegToSCF/SegToSCF.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Utils/ExclusiveScan.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_CONVERTSEGTOGPU
#include "segir/Conversion/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

static int64_t getNumWarps(int64_t blockSize) {
  return llvm::divideCeil(blockSize, 32);
}

/// Checks what every kernel needs: a static block size the target allows,
/// static shared memory, element types the kernels can shuffle.
static LogicalResult checkBlockSize(SegSpaceOpInterface op,
                                    const GPULoweringConfig &config) {
  if (std::optional<OpFoldResult> size = op.getMixedBlockSize())
    if (!getConstantIntValue(*size))
      return op->emitOpError("needs a static block_size for the GPU "
                             "(shared memory and shuffles are sized by it)");
  int64_t blockSize = getBlockSize(op, config);
  int64_t limit = config.target.getMaxThreadsPerBlock();
  if (blockSize < 1 || blockSize > limit)
    return op->emitOpError("block size ")
           << blockSize << " is outside [1, " << limit
           << "], the threads per block of target " << config.target.getChip();
  return success();
}

static LogicalResult checkSharedMemory(Operation *op, StringRef kernel,
                                       int64_t bytes,
                                       const GPULoweringConfig &config) {
  int64_t limit = config.target.getSharedMemoryPerBlock();
  if (bytes <= limit)
    return success();
  return op->emitOpError("needs ")
         << bytes << " bytes of shared memory per block for its " << kernel
         << " kernel, more than the " << limit
         << " bytes of shared_memory_per_block of target "
         << config.target.getChip() << "; use a smaller block size or chunk";
}

template <typename OpTy> static LogicalResult checkAccumulatorTypes(OpTy op) {
  for (Type type : op.getNeutrals().getTypes())
    if (!isSupportedScalarType(type))
      return op.emitOpError("operator operand type ")
             << type
             << " has no GPU lowering (integers up to 64 bits, index, f16, "
                "bf16, f32 and f64 have)";
  return success();
}

/// Private arrays of a thread are hoisted to the start of the kernel and
/// shared memory is a launch attribution: both need a static shape.
static LogicalResult checkAllocas(Block &body, StringRef what) {
  for (auto alloca : body.getOps<memref::AllocaOp>())
    if (!alloca.getType().hasStaticShape() ||
        !alloca.getType().getLayout().isIdentity() ||
        alloca.getType().getMemorySpace())
      return alloca.emitOpError("in a GPU kernel needs a static shape, the "
                                "identity layout and the default memory "
                                "space (")
             << what << ")";
  return success();
}

static LogicalResult checkScan(ScanOp op, const GPULoweringConfig &config,
                               DenseMap<Operation *, ScanPlan> &plans) {
  if (failed(checkBlockSize(op, config)) || failed(checkAccumulatorTypes(op)) ||
      failed(checkAllocas(op.getBody().front(), "a thread's private array")))
    return failure();
  FailureOr<ScanPlan> plan = planScan(op, config);
  if (failed(plan))
    return failure();
  for (auto [kernel, bytes] : plan->sharedBytes)
    if (failed(checkSharedMemory(op, kernel, bytes, config)))
      return failure();
  if (!plan->fallbackReason.empty())
    op.emitRemark("lowered by reduce-then-scan: ") << plan->fallbackReason;
  plans[op] = *plan;
  return success();
}

static LogicalResult checkRed(RedOp op, const GPULoweringConfig &config) {
  if (failed(checkBlockSize(op, config)) || failed(checkAccumulatorTypes(op)) ||
      failed(checkAllocas(op.getBody().front(), "a thread's private array")))
    return failure();
  for (auto [kernel, bytes] : getRedSharedMemory(op, config))
    if (failed(checkSharedMemory(op, kernel, bytes, config)))
      return failure();
  return success();
}

static LogicalResult checkMap(MapOp op, const GPULoweringConfig &config) {
  if (failed(checkBlockSize(op, config)))
    return failure();
  Block &body = op.getBody().front();
  if (op.getLevel() == Level::Thread)
    return checkAllocas(body, "a thread's private array");

  if (failed(checkAllocas(body, "shared memory")))
    return failure();
  int64_t blockSize = getBlockSize(op, config);
  int64_t shared = 0, scratch = 0;
  for (auto alloca : body.getOps<memref::AllocaOp>())
    shared += getSharedBufferBytes(alloca.getType().getElementType(),
                                   alloca.getType().getNumElements());
  // thread_in_block ops, directly in the body or inside scf.for / scf.if
  // (which the lowering rebuilds around them).
  SmallVector<SegSpaceOpInterface> inners;
  op.getBody().walk<WalkOrder::PreOrder>([&](SegSpaceOpInterface space) {
    inners.push_back(space);
    return WalkResult::skip();
  });
  for (SegSpaceOpInterface space : inners) {
    for (Operation *parent = space->getParentOp(); parent != op;
         parent = parent->getParentOp())
      if (!isa<scf::ForOp, scf::IfOp>(parent))
        return space->emitOpError("is nested in '")
               << parent->getName()
               << "' inside a block-level map; convert-seg-to-gpu lowers "
                  "thread_in_block ops directly in the block body or inside "
                  "scf.for and scf.if only";
    if (failed(
            checkAllocas(space.getBody().front(), "a thread's private array")))
      return failure();
    if (auto red = dyn_cast<RedOp>(*space)) {
      if (failed(checkAccumulatorTypes(red)))
        return failure();
      // Block reductions one after the other share the scratch region.
      int64_t reduceBytes = 0;
      if (getNumWarps(blockSize) > 1)
        for (Type type : red.getNeutrals().getTypes())
          reduceBytes += getSharedBufferBytes(type, getNumWarps(blockSize));
      scratch = std::max(scratch, reduceBytes);
    }
    if (auto scan = dyn_cast<ScanOp>(*space)) {
      if (failed(checkAccumulatorTypes(scan)))
        return failure();
      shared += getThreadInBlockScanSharedBytes(scan, blockSize);
    }
  }
  return checkSharedMemory(op, "block", shared + scratch, config);
}

namespace {
struct ConvertSegToGPUPass
    : public seg::impl::ConvertSegToGPUBase<ConvertSegToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    GPULoweringConfig config;
    config.target = TargetAttr::lookup(module);
    config.defaultBlockSize = blockSize;
    config.maxBlocks = maxBlocks;
    config.sequentialThreshold = sequentialThreshold;
    config.smallSegmentMax = smallSegmentMax;
    config.loadsInFlight = loadsInFlight;
    std::optional<RedStrategy> parsed =
        llvm::StringSwitch<std::optional<RedStrategy>>(strategy)
            .Case("auto", RedStrategy::Auto)
            .Case("sequential", RedStrategy::Sequential)
            .Case("small", RedStrategy::Small)
            .Case("large", RedStrategy::Large)
            .Default(std::nullopt);
    if (!parsed) {
      module.emitError("convert-seg-to-gpu: unknown strategy '")
          << strategy << "' (auto, sequential, small or large)";
      return signalPassFailure();
    }
    config.strategy = *parsed;
    std::optional<ScanStrategy> scanParsed =
        llvm::StringSwitch<std::optional<ScanStrategy>>(scanStrategy)
            .Case("auto", ScanStrategy::Auto)
            .Case("single-pass", ScanStrategy::SinglePass)
            .Case("reduce-then-scan", ScanStrategy::ReduceThenScan)
            .Default(std::nullopt);
    if (!scanParsed) {
      module.emitError("convert-seg-to-gpu: unknown scan-strategy '")
          << scanStrategy << "' (auto, single-pass or reduce-then-scan)";
      return signalPassFailure();
    }
    config.scanStrategy = *scanParsed;
    if (maxBlocks < 0 || sequentialThreshold < 0 || smallSegmentMax < 0 ||
        loadsInFlight < 0) {
      module.emitError("convert-seg-to-gpu: max-blocks, sequential-threshold, "
                       "small-segment-max and loads-in-flight must not be "
                       "negative");
      return signalPassFailure();
    }

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
    module.walk([&](ScanOp scan) {
      rewriteExclusiveScanAsInclusive(rewriter, scan);
    });

    SmallVector<Operation *> kernels;
    module.walk<WalkOrder::PreOrder>([&](SegSpaceOpInterface op) {
      kernels.push_back(op);
      return WalkResult::skip();
    });
    bool valid = true;
    DenseMap<Operation *, ScanPlan> scanPlans;
    for (Operation *op : kernels) {
      LogicalResult checked =
          TypeSwitch<Operation *, LogicalResult>(op)
              .Case([&](MapOp map) { return checkMap(map, config); })
              .Case([&](RedOp red) { return checkRed(red, config); })
              .Case([&](ScanOp scan) {
                return checkScan(scan, config, scanPlans);
              })
              .Default([](Operation *) { return failure(); });
      valid &= succeeded(checked);
    }
    if (!valid)
      return signalPassFailure();

    for (Operation *op : kernels) {
      OpBuilder builder(op);
      if (auto map = dyn_cast<MapOp>(op))
        lowerMapToGPU(builder, map, config);
      else if (auto scan = dyn_cast<ScanOp>(op))
        lowerScanToGPU(builder, scan, scanPlans.lookup(op), config);
      else
        lowerRedToGPU(builder, cast<RedOp>(op), config);
      op->erase();
    }
    if (!kernels.empty())
      module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                      UnitAttr::get(&getContext()));
  }
};
} // namespace
