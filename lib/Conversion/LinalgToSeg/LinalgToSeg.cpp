//===- LinalgToSeg.cpp - linalg on memrefs to seg ops --------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Structured linalg ops on memrefs become seg.map (all loops parallel) or a
// segmented reduction. seg.red reduces the innermost dimension of its space,
// so the space is a permutation of the op's loops: the parallel loops in the
// order the output is indexed (the segments), then the reduced loops
// (flattened into one dimension when there are several). The access pattern
// picks the schedule: when an input is read along the output's innermost
// parallel loop (a column reduction, B of a matrix product), one thread per
// segment reducing sequentially (a seg.map around a seq seg.red) keeps the
// reads of neighbouring threads adjacent; otherwise a thread-level seg.red,
// whose kernels read each segment in order.
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/LinalgToSeg/LinalgToSeg.h"
#include "ConversionPlan.h"
#include "PayloadEmitter.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_CONVERTLINALGTOSEG
#include "segir/Conversion/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::linalg_to_seg;

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The remark that explains the schedule of the reduction `op`.
static void remarkReduction(linalg::LinalgOp op, const Plan &plan) {
  InFlightDiagnostic remark = mlir::emitRemark(op->getLoc());
  SmallVector<unsigned> space(plan.segmentDims);
  llvm::append_range(space, plan.reducedDims);
  if (plan.perThread)
    remark << "seg.map thread over " << describeDims(plan.segmentDims)
           << " with a seq seg.red over " << describeDims(plan.reducedDims)
           << " per thread";
  else {
    remark << "seg.red thread over " << describeDims(space);
    if (!plan.segmentDims.empty())
      remark << ", segments " << describeDims(plan.segmentDims);
  }
  if (!plan.scheduleReason.empty())
    remark << ": " << plan.scheduleReason;
  if (plan.reducedDims.size() > 1)
    remark << "; reduced loops flattened into one dimension";
  for (auto [index, combiner] : llvm::enumerate(plan.combiners))
    if (combiner.fill)
      remark << "; output #" << index << " starts from its fill";
}

namespace {
/// Rewrites one linalg reduction following its plan: either a thread-level
/// seg.red over the segments and the flattened reduced loops, or a seg.map
/// over the segments around a seq seg.red per thread.
class ReductionRewriter {
public:
  ReductionRewriter(PatternRewriter &rewriter, linalg::LinalgOp op,
                    const Plan &plan)
      : rewriter(rewriter), op(op), plan(plan), loc(op.getLoc()),
        emitter(rewriter, loc), outs(op.getDpsInits()) {
    // Before anything is inserted between the producers and `op`.
    emitter.findProducers(op);
  }

  /// Emits the seg ops in place of `op` and returns the buffers of the fused
  /// producers, which only `op` still uses.
  SmallVector<Value> rewrite(ArrayRef<OpFoldResult> loopSizes,
                             bool emitRemarks);

private:
  void computeSizes(ArrayRef<OpFoldResult> loopSizes);
  void createNeutrals();
  RedOp buildRed(Level level, ArrayRef<OpFoldResult> space, ValueRange redOuts,
                 ValueRange outerIvs);
  void buildRedBody(RedOp red, unsigned rank, ValueRange outerIvs);
  void rewritePerThread();
  void rewriteThreadLevel();
  void combineWithInitialValues(ArrayRef<Value> partials,
                                ArrayRef<unsigned> combinedLater);
  SmallVector<Value> eraseAbsorbedOps();

  PatternRewriter &rewriter;
  linalg::LinalgOp op;
  const Plan &plan;
  Location loc;
  PayloadEmitter emitter;
  SmallVector<Value> outs;
  /// Sizes of the segment loops, in the order of `plan.segmentDims`.
  SmallVector<OpFoldResult> segmentSizes;
  /// Sizes of the reduced loops, to delinearize the flattened index.
  SmallVector<Value> reducedSizes;
  /// Size of the flattened reduced dimension.
  OpFoldResult reducedSize;
  /// The value each output's reduction starts from.
  SmallVector<Value> neutrals;
};
} // namespace

SmallVector<Value> ReductionRewriter::rewrite(ArrayRef<OpFoldResult> loopSizes,
                                              bool emitRemarks) {
  computeSizes(loopSizes);
  createNeutrals();
  if (emitRemarks)
    remarkReduction(op, plan);
  if (plan.perThread)
    rewritePerThread();
  else
    rewriteThreadLevel();
  return eraseAbsorbedOps();
}

void ReductionRewriter::computeSizes(ArrayRef<OpFoldResult> loopSizes) {
  for (unsigned dim : plan.segmentDims)
    segmentSizes.push_back(loopSizes[dim]);
  for (unsigned dim : plan.reducedDims)
    reducedSizes.push_back(
        getValueOrCreateConstantIndexOp(rewriter, loc, loopSizes[dim]));
  reducedSize = loopSizes[plan.reducedDims.front()];
  if (plan.reducedDims.size() == 1)
    return;
  // The flattened size stays static when every reduced loop's size is.
  bool allStatic = llvm::all_of(plan.reducedDims, [&](unsigned dim) {
    return !ShapedType::isDynamic(plan.staticLoopSizes[dim]);
  });
  if (!allStatic) {
    reducedSize = getAsOpFoldResult(productOf(rewriter, loc, reducedSizes));
    return;
  }
  int64_t product = 1;
  for (unsigned dim : plan.reducedDims)
    product *= plan.staticLoopSizes[dim];
  reducedSize = rewriter.getIndexAttr(product);
}

/// Neutral values: a fill's value where it may serve, else the operator's
/// neutral element.
void ReductionRewriter::createNeutrals() {
  for (const Combiner &combiner : plan.combiners) {
    if (combiner.fill) {
      neutrals.push_back(combiner.fill.getDpsInputs()[0]);
      continue;
    }
    auto attr = *arith::getNeutralElement(combiner.op);
    neutrals.push_back(
        arith::ConstantOp::create(rewriter, loc, attr).getResult());
  }
}

/// Builds the seg.red of `level` over `space` into `redOuts`; `outerIvs` are
/// the segment loops' indices when the segments are outside it.
RedOp ReductionRewriter::buildRed(Level level, ArrayRef<OpFoldResult> space,
                                  ValueRange redOuts, ValueRange outerIvs) {
  unsigned numOutputs = outs.size();
  SmallVector<Value> dynamicSizes;
  SmallVector<int64_t> staticSizes;
  dispatchIndexOpFoldResults(space, dynamicSizes, staticSizes);
  SmallVector<bool> commutative(numOutputs, true);
  auto red =
      RedOp::create(rewriter, loc, level, dynamicSizes, staticSizes, Value(),
                    IntegerAttr(), Value(), IntegerAttr(), VirtualizationAttr(),
                    redOuts, neutrals, commutative, IntegerAttr(), numOutputs);
  OpBuilder::InsertionGuard guard(rewriter);
  buildRedBody(red, space.size(), outerIvs);
  for (auto [index, combiner] : llvm::enumerate(plan.combiners)) {
    Type type = neutrals[index].getType();
    Block *block = rewriter.createBlock(&red.getOperators()[index], {},
                                        {type, type}, {loc, loc});
    Value result = applyCombiner(rewriter, combiner, block->getArgument(0),
                                 block->getArgument(1));
    YieldOp::create(rewriter, loc, result);
  }
  return red;
}

/// The body of `red`, whose space has `rank` dimensions, yields each output's
/// element at the loop indices its space (and `outerIvs`) gives; the
/// combiners themselves go to the operator regions.
void ReductionRewriter::buildRedBody(RedOp red, unsigned rank,
                                     ValueRange outerIvs) {
  SmallVector<Type> types(rank, rewriter.getIndexType());
  SmallVector<Location> locs(rank, loc);
  Block *body = rewriter.createBlock(&red.getBody(), {}, types, locs);
  SmallVector<Value> ivs(op.getNumLoops());
  SmallVector<Value> segmentIvs(outerIvs);
  llvm::append_range(segmentIvs, body->getArguments().drop_back());
  for (auto [pos, dim] : llvm::enumerate(plan.segmentDims))
    ivs[dim] = segmentIvs[pos];
  SmallVector<Value> reducedIvs = {body->getArguments().back()};
  if (plan.reducedDims.size() > 1)
    reducedIvs = delinearize(rewriter, loc, reducedIvs.front(), reducedSizes);
  for (auto [pos, dim] : llvm::enumerate(plan.reducedDims))
    ivs[dim] = reducedIvs[pos];
  SmallVector<Operation *> combinerOps;
  SmallVector<Value> elements;
  for (const Combiner &combiner : plan.combiners) {
    combinerOps.push_back(combiner.op);
    elements.push_back(combiner.element);
  }
  SmallVector<Value> values =
      emitter.emitPayload(op, ivs, elements, /*fuse=*/true, combinerOps);
  YieldOp::create(rewriter, loc, values);
}

/// A map over the segments, each thread reducing its segment sequentially
/// into a private accumulator before combining it with the output's value.
void ReductionRewriter::rewritePerThread() {
  OpBuilder::InsertionGuard guard(rewriter);
  MapOp map = createMapWithEmptyResults(rewriter, loc, Level::Thread,
                                        segmentSizes, outs);
  SmallVector<Value> accs;
  for (Value out : outs)
    accs.push_back(memref::AllocaOp::create(
        rewriter, loc,
        MemRefType::get({}, cast<MemRefType>(out.getType()).getElementType())));
  buildRed(Level::Seq, {reducedSize}, accs, map.getInductionVars());
  SmallVector<Value> results;
  for (auto [index, combiner] : llvm::enumerate(plan.combiners)) {
    Value result =
        memref::LoadOp::create(rewriter, loc, accs[index], ValueRange{});
    if (!combiner.fill) {
      Value init = memref::LoadOp::create(rewriter, loc, outs[index],
                                          map.getInductionVars());
      result = applyCombiner(rewriter, combiner, init, result);
    }
    results.push_back(result);
  }
  addReturns(rewriter, map, results, outs);
}

/// A thread-level seg.red over the segments and the flattened reduced
/// loops. It overwrites its outputs, so outputs whose initial values are not
/// absorbed as neutral values get a temporary, combined with them
/// afterwards.
void ReductionRewriter::rewriteThreadLevel() {
  SmallVector<Value> redOuts;
  SmallVector<unsigned> combinedLater;
  for (auto [index, combiner] : llvm::enumerate(plan.combiners)) {
    if (combiner.fill) {
      redOuts.push_back(outs[index]);
      continue;
    }
    auto type = cast<MemRefType>(outs[index].getType());
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        dynamicSizes.push_back(
            memref::DimOp::create(rewriter, loc, outs[index], dim));
    auto tempType = MemRefType::get(type.getShape(), type.getElementType());
    redOuts.push_back(
        memref::AllocOp::create(rewriter, loc, tempType, dynamicSizes));
    combinedLater.push_back(index);
  }
  SmallVector<OpFoldResult> space(segmentSizes);
  space.push_back(reducedSize);
  buildRed(Level::Thread, space, redOuts, {});
  if (!combinedLater.empty())
    combineWithInitialValues(redOuts, combinedLater);
}

/// Combines the outputs `combinedLater` with the reduced values in their
/// temporaries among `partials`, then frees the temporaries.
void ReductionRewriter::combineWithInitialValues(
    ArrayRef<Value> partials, ArrayRef<unsigned> combinedLater) {
  SmallVector<Value> laterOuts;
  for (unsigned index : combinedLater)
    laterOuts.push_back(outs[index]);
  auto combineAt = [&](ValueRange point) {
    SmallVector<Value> values;
    for (unsigned index : combinedLater) {
      Value init = memref::LoadOp::create(rewriter, loc, outs[index], point);
      Value partial =
          memref::LoadOp::create(rewriter, loc, partials[index], point);
      values.push_back(
          applyCombiner(rewriter, plan.combiners[index], init, partial));
    }
    return values;
  };
  if (segmentSizes.empty()) {
    for (auto [value, out] : llvm::zip_equal(combineAt({}), laterOuts))
      memref::StoreOp::create(rewriter, loc, value, out, ValueRange{});
  } else {
    OpBuilder::InsertionGuard guard(rewriter);
    MapOp map = createMapWithEmptyResults(rewriter, loc, Level::Thread,
                                          segmentSizes, laterOuts);
    addReturns(rewriter, map, combineAt(map.getInductionVars()), laterOuts);
  }
  for (unsigned index : combinedLater)
    memref::DeallocOp::create(rewriter, loc, partials[index]);
}

/// Absorbed fills and fused producers (with their deallocations) go; the
/// producers' buffers are returned for the caller to erase once `op` is.
SmallVector<Value> ReductionRewriter::eraseAbsorbedOps() {
  for (const Combiner &combiner : plan.combiners)
    if (combiner.fill)
      rewriter.eraseOp(combiner.fill);
  SmallVector<Value> buffers;
  for (linalg::LinalgOp producer : emitter.fused) {
    Value buffer = producer.getDpsInits()[0];
    buffers.push_back(buffer);
    rewriter.eraseOp(producer);
    SmallVector<Operation *> deallocs;
    for (Operation *user : buffer.getUsers())
      if (isa<memref::DeallocOp>(user))
        deallocs.push_back(user);
    for (Operation *dealloc : deallocs)
      rewriter.eraseOp(dealloc);
  }
  return buffers;
}

//===----------------------------------------------------------------------===//
// Pattern and pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertLinalgOp : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  ConvertLinalgOp(MLIRContext *context, bool emitRemarks)
      : OpInterfaceRewritePattern(context), emitRemarks(emitRemarks) {}

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    PlanOrReason plan = analyze(op);
    if (plan.failed())
      return rewriter.notifyMatchFailure(op, plan.getReason());
    if (!plan->isReduction() && isFusedIntoConsumer(op))
      return rewriter.notifyMatchFailure(op, "fused into the reduction "
                                             "that reads its output");
    if (isAbsorbedFill(op))
      return rewriter.notifyMatchFailure(op, "absorbed by the reduction "
                                             "that follows as its neutral "
                                             "value");

    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    // Loop sizes: static where an operand says so, else from the shapes.
    SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
    SmallVector<OpFoldResult> loopSizes;
    for (auto [dim, range] : llvm::enumerate(ranges)) {
      int64_t size = plan->staticLoopSizes[dim];
      loopSizes.push_back(ShapedType::isDynamic(size)
                              ? range.size
                              : rewriter.getIndexAttr(size));
    }

    SmallVector<Value> fusedBuffers;
    if (op.getNumLoops() == 0)
      rewriteScalar(rewriter, op);
    else if (!plan->isReduction())
      rewriteMap(rewriter, op, *plan, loopSizes);
    else
      fusedBuffers = ReductionRewriter(rewriter, op, *plan)
                         .rewrite(loopSizes, emitRemarks);
    rewriter.eraseOp(op);
    for (Value buffer : fusedBuffers)
      if (buffer.use_empty())
        rewriter.eraseOp(buffer.getDefiningOp());
    return success();
  }

private:
  /// An op without loops computes one element on the host.
  void rewriteScalar(PatternRewriter &rewriter, linalg::LinalgOp op) const {
    PayloadEmitter emitter(rewriter, op.getLoc());
    SmallVector<Value> values = emitter.emitPayload(op, {}, {}, false);
    for (auto [value, out] : llvm::zip_equal(values, op.getDpsInits()))
      memref::StoreOp::create(rewriter, op.getLoc(), value, out, ValueRange{});
    if (emitRemarks)
      mlir::emitRemark(op.getLoc(), "no loops: computed on the host");
  }

  void rewriteMap(PatternRewriter &rewriter, linalg::LinalgOp op,
                  const Plan &plan, ArrayRef<OpFoldResult> loopSizes) const {
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes;
    for (unsigned dim : plan.segmentDims)
      sizes.push_back(loopSizes[dim]);
    SmallVector<Value> outs = op.getDpsInits();
    if (emitRemarks)
      mlir::emitRemark(op->getLoc())
          << "seg.map thread over " << describeDims(plan.segmentDims)
          << ", the order the output is indexed in";
    OpBuilder::InsertionGuard guard(rewriter);
    MapOp map =
        createMapWithEmptyResults(rewriter, loc, Level::Thread, sizes, outs);
    SmallVector<Value> ivs(op.getNumLoops());
    for (auto [pos, dim] : llvm::enumerate(plan.segmentDims))
      ivs[dim] = map.getInductionVars()[pos];
    PayloadEmitter emitter(rewriter, loc);
    SmallVector<Value> values = emitter.emitPayload(op, ivs, {}, false);
    addReturns(rewriter, map, values, outs);
  }

  bool emitRemarks;
};
} // namespace

void seg::populateLinalgToSegPatterns(RewritePatternSet &patterns,
                                      bool emitRemarks) {
  patterns.add<ConvertLinalgOp>(patterns.getContext(), emitRemarks);
}

std::string seg::getLinalgToSegFailureReason(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return "is not a structured linalg op";
  return analyze(linalgOp).getReason().str();
}

namespace {
struct ConvertLinalgToSegPass
    : public seg::impl::ConvertLinalgToSegBase<ConvertLinalgToSegPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLinalgToSegPatterns(patterns, emitRemarks);
    applyConversionToSegPatterns(getOperation(), std::move(patterns));

    // What is left is explained.
    getOperation()->walk([&](Operation *op) {
      if (!isa_and_nonnull<linalg::LinalgDialect>(op->getDialect()) ||
          isa<linalg::YieldOp, linalg::IndexOp>(op) ||
          op->getParentOfType<linalg::LinalgOp>())
        return;
      std::string why = getLinalgToSegFailureReason(op);
      mlir::emitRemark(op->getLoc(), "not converted to seg: ")
          << (why.empty() ? "left alone" : why);
    });
  }
};
} // namespace
