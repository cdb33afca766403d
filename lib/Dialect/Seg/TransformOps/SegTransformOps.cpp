//===- SegTransformOps.cpp - Transform dialect ops for SegIR --------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every op calls the function its pass calls on one op, so a script gives
// exactly the pass's IR; what the pass would leave alone with a remark is a
// silenceable failure at the payload op, what it would reject an error.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/TransformOps/SegTransformOps.h"

#include "segir/Conversion/LinalgToSeg/LinalgToSeg.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::seg;

/// The effects of an op that changes its operand's payload ops in place
/// and returns them: the operand handle stays valid.
static void
getInPlaceEffects(OpOperand &target, Operation *op,
                  SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(target, effects);
  transform::producesHandle(op->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// ConvertLinalgOp
//===----------------------------------------------------------------------===//

namespace {
/// Passes every notification of a rewrite on to the transform
/// interpreter's listener (which keeps handles up to date) and records the
/// seg ops inserted into `block`.
class SegOpRecorder : public RewriterBase::ForwardingListener {
public:
  SegOpRecorder(OpBuilder::Listener *listener, Block *block)
      : ForwardingListener(listener), block(block) {}

  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    ForwardingListener::notifyOperationInserted(op, previous);
    if (op->getBlock() == block && isa<MapOp, RedOp, ScanOp, HistOp>(op))
      inserted.push_back(op);
  }

  SmallVector<Operation *> inserted;

private:
  Block *block;
};
} // namespace

DiagnosedSilenceableFailure transform::ConvertLinalgOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  if (!isa<linalg::LinalgOp>(target))
    return mlir::emitDefiniteFailure(target)
           << "transform.seg.convert_linalg expects a linalg op, got '"
           << target->getName() << "'";
  RewritePatternSet patterns(getContext());
  populateLinalgToSegPatterns(patterns, getRemarks());
  SegOpRecorder recorder(rewriter.getListener(), target->getBlock());
  // As convert-linalg-to-seg converts (no folding, no region
  // simplification, dead ops it creates erased), but only this op.
  GreedyRewriteConfig config;
  config.enableFolding(false)
      .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled)
      .setStrictness(GreedyRewriteStrictness::ExistingAndNewOps)
      .setListener(&recorder);
  std::string reason = getLinalgToSegFailureReason(target);
  (void)applyOpPatternsGreedily({target}, std::move(patterns), config);
  if (recorder.inserted.empty())
    return emitSilenceableFailure(target)
           << "not converted to seg: "
           << (reason.empty() ? "left alone" : reason);
  results.push_back(recorder.inserted.front());
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// ColumnScheduleOp
//===----------------------------------------------------------------------===//

void transform::ColumnScheduleOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  getInPlaceEffects(getTargetMutable(), getOperation(), effects);
}

DiagnosedSilenceableFailure transform::ColumnScheduleOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  auto map = dyn_cast<MapOp>(target);
  if (!map)
    return mlir::emitDefiniteFailure(target)
           << "transform.seg.column_schedule expects a seg.map, got '"
           << target->getName() << "'";
  SegColumnScheduleOptions options;
  options.width = getWidth().value_or(0);
  options.zigzag = getZigzag();
  std::string declined;
  FailureOr<bool> scheduled = scheduleColumns(map, options, declined);
  if (failed(scheduled))
    return DiagnosedSilenceableFailure::definiteFailure();
  if (!*scheduled)
    return emitSilenceableFailure(target)
           << "column schedule: left alone: " << declined;
  results.push_back(map);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// SelectChunkOp
//===----------------------------------------------------------------------===//

void transform::SelectChunkOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  getInPlaceEffects(getTargetMutable(), getOperation(), effects);
}

DiagnosedSilenceableFailure transform::SelectChunkOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  std::optional<Level> level;
  if (auto red = dyn_cast<RedOp>(target))
    level = red.getLevel();
  else if (auto scan = dyn_cast<ScanOp>(target))
    level = scan.getLevel();
  else
    return mlir::emitDefiniteFailure(target)
           << "transform.seg.select_chunk expects a seg.red or seg.scan, got '"
           << target->getName() << "'";
  if (*level != Level::Thread)
    return emitSilenceableFailure(target)
           << "no chunk at level '" << stringifyLevel(*level)
           << "': only a kernel's own (thread-level) ops step through chunks";
  SegSelectChunkOptions options;
  if (getBlockSize())
    options.blockSize = *getBlockSize();
  options.chunk = getChunk().value_or(0);
  options.avoidMultiplesOf8 = getAvoidMultiplesOf_8();
  options.emitRemarks = getRemarks();
  if (failed(selectChunk(target, options)))
    return DiagnosedSilenceableFailure::definiteFailure();
  results.push_back(target);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// SetGPULoweringOp
//===----------------------------------------------------------------------===//

/// Checks that `value`, if given, names a value of the strategy enum `E`,
/// whose values are 0 to `maxValue` (the names are the dialect's, which
/// convert-seg-to-gpu's options use too).
template <typename E>
static LogicalResult verifyStrategyName(Operation *op,
                                        std::optional<StringRef> value,
                                        StringRef field, unsigned maxValue) {
  if (!value || symbolizeEnum<E>(*value))
    return success();
  InFlightDiagnostic diag = op->emitOpError()
                            << field << " must be one of ";
  for (unsigned i = 0; i <= maxValue; ++i)
    diag << (i ? ", " : "") << stringifyEnum(static_cast<E>(i));
  return diag << ", got '" << *value << "'";
}

LogicalResult transform::SetGPULoweringOp::verify() {
  return success(
      succeeded(verifyStrategyName<RedStrategy>(
          *this, getStrategy(), "strategy", getMaxEnumValForRedStrategy())) &&
      succeeded(verifyStrategyName<ScanStrategy>(
          *this, getScanStrategy(), "scan_strategy",
          getMaxEnumValForScanStrategy())) &&
      succeeded(verifyStrategyName<HistStrategy>(
          *this, getHistStrategy(), "hist_strategy",
          getMaxEnumValForHistStrategy())));
}

void transform::SetGPULoweringOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  getInPlaceEffects(getTargetMutable(), getOperation(), effects);
}

/// The strategy named `value` (verified), else `previous`.
template <typename E>
static std::optional<E> mergeStrategy(std::optional<StringRef> value,
                                      std::optional<E> previous) {
  return value ? symbolizeEnum<E>(*value) : previous;
}

/// The count `value` (positive, verified), else `previous`.
static std::optional<int64_t> mergeCount(std::optional<uint64_t> value,
                                         std::optional<int64_t> previous) {
  return value ? std::optional<int64_t>(static_cast<int64_t>(*value))
               : previous;
}

DiagnosedSilenceableFailure transform::SetGPULoweringOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  auto space = dyn_cast<SegSpaceOpInterface>(target);
  if (!space)
    return mlir::emitDefiniteFailure(target)
           << "transform.seg.set_gpu_lowering expects a seg.map, seg.red, "
              "seg.scan or seg.hist, got '"
           << target->getName() << "'";
  Level level = space.getLevel();
  if (level == Level::Seq || level == Level::ThreadInBlock ||
      target->getParentOfType<SegSpaceOpInterface>())
    return emitSilenceableFailure(target)
           << "no kernel of its own: a '" << stringifyLevel(level)
           << "'-level op"
           << (target->getParentOfType<SegSpaceOpInterface>()
                   ? " inside another seg op"
                   : "");
  StringAttr name =
      rewriter.getStringAttr(SegDialect::getGPULoweringAttrName());
  auto previous = target->getAttrOfType<GPULoweringAttr>(name);
  auto lowering = GPULoweringAttr::get(
      getContext(),
      mergeStrategy(getStrategy(),
                    previous ? previous.getStrategy() : std::nullopt),
      mergeStrategy(getScanStrategy(),
                    previous ? previous.getScanStrategy() : std::nullopt),
      mergeStrategy(getHistStrategy(),
                    previous ? previous.getHistStrategy() : std::nullopt),
      mergeCount(getBlockSize(),
                 previous ? previous.getBlockSize() : std::nullopt),
      mergeCount(getLoadsInFlight(),
                 previous ? previous.getLoadsInFlight() : std::nullopt));
  if (failed(lowering.verifyFor(target, [&] { return target->emitError(); })))
    return DiagnosedSilenceableFailure::definiteFailure();
  rewriter.modifyOpInPlace(target, [&] { target->setAttr(name, lowering); });
  results.push_back(target);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// TileBlockRegisterOp
//===----------------------------------------------------------------------===//

LogicalResult transform::TileBlockRegisterOp::verify() {
  if (getMma() && !parseTileMma(*getMma()))
    return emitOpError() << "mma must be none, tf32, bf16 or f16, got '"
                         << *getMma() << "'";
  if (getMmaInstruction() && !parseMmaInstruction(*getMmaInstruction()))
    return emitOpError()
           << "mma_instruction must be auto, mma.sync or wgmma, got '"
           << *getMmaInstruction() << "'";
  return success();
}

DiagnosedSilenceableFailure transform::TileBlockRegisterOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  auto map = dyn_cast<MapOp>(target);
  if (!map || map.getLevel() != Level::Thread)
    return mlir::emitDefiniteFailure(target)
           << "transform.seg.tile_block_register expects a thread-level "
              "seg.map, got '"
           << target->getName() << "'";
  SegTileBlockRegisterOptions options;
  options.ty = getTy().value_or(0);
  options.tx = getTx().value_or(0);
  options.tk = getTk().value_or(0);
  options.ry = getRy().value_or(0);
  options.rx = getRx().value_or(0);
  options.stages = getStages().value_or(0);
  options.swizzle = getSwizzle().value_or(0);
  options.emitRemarks = getRemarks();
  if (getMma())
    options.mma = *parseTileMma(*getMma());
  if (getMmaInstruction())
    options.mmaInstruction = *parseMmaInstruction(*getMmaInstruction());
  // The old map is erased through the rewriter, so that the interpreter
  // drops handles to the ops in it.
  std::string declined;
  FailureOr<MapOp> tiled = tileBlockRegister(rewriter, map, options, declined);
  if (failed(tiled))
    return DiagnosedSilenceableFailure::definiteFailure();
  if (!*tiled)
    return emitSilenceableFailure(target) << declined;
  results.push_back(*tiled);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

namespace {
class SegTransformDialectExtension
    : public transform::TransformDialectExtension<
          SegTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SegTransformDialectExtension)

  using Base::Base;

  void init() {
    declareDependentDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<SegDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "segir/Dialect/Seg/TransformOps/SegTransformOps.cpp.inc"
        >();
  }
};
} // namespace

#define GET_OP_CLASSES
#include "segir/Dialect/Seg/TransformOps/SegTransformOps.cpp.inc"

void seg::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<SegTransformDialectExtension>();
}
