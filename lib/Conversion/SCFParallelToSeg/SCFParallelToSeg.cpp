//===- SCFParallelToSeg.cpp - scf.parallel to seg ops ---------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// An outermost scf.parallel becomes a thread-level seg op over its
// normalised space. Stores become kernel results, which seg.map runs after
// the body, so a stored memref may not be used otherwise in the loop; a
// reducing loop becomes a seg.red over the flattened space, its reductions
// recognised associative operators started from their neutral elements and
// combined with the loop's initial values afterwards.
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/SCFParallelToSeg/SCFParallelToSeg.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_CONVERTSCFPARALLELTOSEG
#include "segir/Conversion/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

/// Whether `loop` is nested in another scf.parallel or in a seg op: such
/// loops stay loops inside the kernel of the outer one.
static bool isNested(scf::ParallelOp loop) {
  return loop->getParentOfType<scf::ParallelOp>() ||
         loop->getParentOfType<SegSpaceOpInterface>();
}

/// Whether `op` (and what it holds) only reads or allocates memory, or is a
/// store directly in `body`.
static bool hasOnlyAllowedEffects(Operation *op, Block *body) {
  bool allowed = true;
  op->walk([&](Operation *nested) {
    if (isa<memref::StoreOp>(nested)) {
      if (nested->getBlock() != body)
        allowed = false;
      return;
    }
    if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    auto iface = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!iface) {
      allowed = false;
      return;
    }
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (MemoryEffects::EffectInstance &effect : effects)
      if (!isa<MemoryEffects::Read, MemoryEffects::Allocate>(
              effect.getEffect()))
        allowed = false;
  });
  return allowed;
}

/// Checks `loop`; on failure `why` says why it is left alone.
static LogicalResult analyze(scf::ParallelOp loop, std::string &why) {
  Block *body = loop.getBody();
  bool reduces = loop.getNumResults() != 0;
  for (Operation &op : body->without_terminator()) {
    if (!hasOnlyAllowedEffects(&op, body)) {
      why = "op '" + op.getName().getStringRef().str() +
            "' in the body writes memory other than by a store directly in "
            "the body";
      return failure();
    }
    auto store = dyn_cast<memref::StoreOp>(op);
    if (!store)
      continue;
    if (reduces) {
      why = "a loop with scf.reduce that also stores";
      return failure();
    }
    if (store.getMemRefType().getRank() == 0) {
      why = "stores to a 0-d memref (every point would write the same "
            "element)";
      return failure();
    }
    for (Operation *user : store.getMemRef().getUsers())
      if (loop->isAncestor(user) &&
          (!isa<memref::StoreOp>(user) ||
           cast<memref::StoreOp>(user).getMemRef() != store.getMemRef())) {
        why = "a stored memref is also used by '" +
              user->getName().getStringRef().str() +
              "' in the loop (stores become kernel results, written after "
              "the body)";
        return failure();
      }
  }
  auto reduce = cast<scf::ReduceOp>(body->getTerminator());
  for (auto [index, region] : llvm::enumerate(reduce.getReductions())) {
    Block &block = region.front();
    auto ops = block.without_terminator();
    Operation *combiner =
        std::distance(ops.begin(), ops.end()) == 1 ? &*ops.begin() : nullptr;
    if (!combiner || !arith::getNeutralElement(combiner) ||
        combiner->getNumOperands() != 2 ||
        !llvm::is_contained(combiner->getOperands(), block.getArgument(0)) ||
        !llvm::is_contained(combiner->getOperands(), block.getArgument(1)) ||
        block.getTerminator()->getOperand(0) != combiner->getResult(0)) {
      why = "reduction #" + std::to_string(index) +
            " is not one recognised associative operator (add, mul, and, or, "
            "xor, min, max) on its two arguments; not turned into a parallel "
            "reduction";
      return failure();
    }
  }
  return success();
}

/// The single op of reduction region `index` of `loop`.
static Operation *getCombiner(scf::ParallelOp loop, unsigned index) {
  auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
  return &reduce.getReductions()[index].front().front();
}

/// Applies `combiner` (an op on the two arguments of its region) to `lhs`
/// and `rhs`.
static Value applyCombiner(OpBuilder &builder, Operation *combiner, Value lhs,
                           Value rhs) {
  Block *block = combiner->getBlock();
  IRMapping mapping;
  mapping.map(block->getArgument(0), lhs);
  mapping.map(block->getArgument(1), rhs);
  return builder.clone(*combiner, mapping)->getResult(0);
}

namespace {
struct ConvertParallelLoop : public OpRewritePattern<scf::ParallelOp> {
  ConvertParallelLoop(MLIRContext *context, bool emitRemarks)
      : OpRewritePattern(context), emitRemarks(emitRemarks) {}

  LogicalResult matchAndRewrite(scf::ParallelOp loop,
                                PatternRewriter &rewriter) const override {
    if (isNested(loop))
      return rewriter.notifyMatchFailure(loop, "nested in a parallel op");
    std::string why;
    if (failed(analyze(loop, why)))
      return rewriter.notifyMatchFailure(loop, why);

    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    // The normalised space: ceildiv(ub - lb, step) points, at least 0.
    SmallVector<OpFoldResult> sizes;
    bool normalised = true;
    for (auto [lb, ub, step] : llvm::zip_equal(
             loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
      std::optional<int64_t> l = getConstantIntValue(lb),
                             u = getConstantIntValue(ub),
                             s = getConstantIntValue(step);
      normalised &= l == 0 && s == 1;
      if (l && u && s && *s > 0) {
        sizes.push_back(rewriter.getIndexAttr(
            std::max<int64_t>(0, llvm::divideCeil(*u - *l, *s))));
        continue;
      }
      Value count = ub;
      if (l != 0)
        count = arith::SubIOp::create(rewriter, loc, count, lb);
      if (s != 1)
        count = arith::CeilDivSIOp::create(rewriter, loc, count, step);
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      sizes.push_back(
          arith::MaxSIOp::create(rewriter, loc, count, zero).getResult());
    }

    if (loop.getNumResults() == 0)
      rewriteMap(rewriter, loop, sizes, normalised);
    else
      rewriteReduction(rewriter, loop, sizes);
    return success();
  }

private:
  /// The loop's induction variables for normalised indices `ivs`.
  static SmallVector<Value> denormalise(OpBuilder &builder,
                                        scf::ParallelOp loop, ValueRange ivs) {
    SmallVector<Value> values;
    Location loc = loop.getLoc();
    for (auto [iv, lb, step] :
         llvm::zip_equal(ivs, loop.getLowerBound(), loop.getStep())) {
      Value value = iv;
      if (getConstantIntValue(step) != 1)
        value = arith::MulIOp::create(builder, loc, value, step);
      if (getConstantIntValue(lb) != 0)
        value = arith::AddIOp::create(builder, loc, value, lb);
      values.push_back(value);
    }
    return values;
  }

  void rewriteMap(PatternRewriter &rewriter, scf::ParallelOp loop,
                  ArrayRef<OpFoldResult> sizes, bool normalised) const {
    Location loc = loop.getLoc();
    Block *body = loop.getBody();
    SmallVector<memref::StoreOp> stores(body->getOps<memref::StoreOp>());
    llvm::SetVector<Value> outs;
    for (memref::StoreOp store : stores)
      outs.insert(store.getMemRef());

    OpBuilder::InsertionGuard guard(rewriter);
    MapOp map = createMapWithEmptyResults(rewriter, loc, Level::Thread, sizes,
                                          outs.getArrayRef());
    SmallVector<Value> ivs =
        denormalise(rewriter, loop, map.getInductionVars());
    ResultsOp results = map.getResultsOp();
    rewriter.eraseOp(body->getTerminator());
    rewriter.inlineBlockBefore(body, results, ivs);

    // Stores become kernel results: seg.returns where each writes its own
    // point, else one scatter per memref.
    rewriter.setInsertionPointToEnd(&results.getRegion().front());
    unsigned numReturns = 0;
    for (Value out : outs) {
      SmallVector<memref::StoreOp> outStores;
      for (memref::StoreOp store : stores)
        if (store.getMemRef() == out)
          outStores.push_back(store);
      memref::StoreOp first = outStores.front();
      if (normalised && outStores.size() == 1 &&
          first.getIndices() == ValueRange(map.getInductionVars())) {
        ReturnsOp::create(rewriter, first.getLoc(), first.getValue(), out);
        ++numReturns;
      } else {
        SmallVector<Value> indices, values;
        for (memref::StoreOp store : outStores) {
          llvm::append_range(indices, store.getIndices());
          values.push_back(store.getValue());
        }
        WriteReturnsOp::create(rewriter, first.getLoc(), out, indices, values);
      }
      for (memref::StoreOp store : outStores)
        rewriter.eraseOp(store);
    }
    if (emitRemarks)
      mlir::emitRemark(map.getLoc())
          << "scf.parallel to seg.map thread: " << numReturns
          << " seg.returns, " << outs.size() - numReturns
          << " seg.write_returns";
    rewriter.eraseOp(loop);
  }

  void rewriteReduction(PatternRewriter &rewriter, scf::ParallelOp loop,
                        ArrayRef<OpFoldResult> sizes) const {
    Location loc = loop.getLoc();
    unsigned numResults = loop.getNumResults();
    SmallVector<Value> sizeValues = materializeSizes(rewriter, loc, sizes);
    std::optional<int64_t> staticTotal = 1;
    for (OpFoldResult size : sizes) {
      std::optional<int64_t> value = getConstantIntValue(size);
      staticTotal = value && staticTotal ? *staticTotal * *value
                                         : std::optional<int64_t>();
    }
    OpFoldResult total =
        staticTotal ? OpFoldResult(rewriter.getIndexAttr(*staticTotal))
        : sizes.size() == 1
            ? sizes.front()
            : getAsOpFoldResult(productOf(rewriter, loc, sizeValues));
    auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
    SmallVector<Operation *> combiners;
    SmallVector<Value> neutrals, partials;
    for (unsigned index = 0; index < numResults; ++index) {
      Operation *combiner = getCombiner(loop, index);
      combiners.push_back(combiner);
      neutrals.push_back(arith::ConstantOp::create(
          rewriter, loc, *arith::getNeutralElement(combiner)));
      partials.push_back(memref::AllocOp::create(
          rewriter, loc, MemRefType::get({}, loop.getResult(index).getType())));
    }

    SmallVector<Value> dynamicSizes;
    SmallVector<int64_t> staticSizes;
    dispatchIndexOpFoldResults({total}, dynamicSizes, staticSizes);
    SmallVector<bool> commutative(numResults, true);
    auto red = RedOp::create(rewriter, loc, Level::Thread, dynamicSizes,
                             staticSizes, Value(), IntegerAttr(), Value(),
                             IntegerAttr(), VirtualizationAttr(), partials,
                             neutrals, commutative, IntegerAttr(), numResults);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Block *redBody = rewriter.createBlock(&red.getBody(), {},
                                            {rewriter.getIndexType()}, {loc});
      SmallVector<Value> normal = {redBody->getArgument(0)};
      if (sizes.size() > 1)
        normal = delinearize(rewriter, loc, normal.front(), sizeValues);
      SmallVector<Value> ivs = denormalise(rewriter, loop, normal);
      SmallVector<Value> elements(reduce.getOperands());
      for (unsigned index = 0; index < numResults; ++index) {
        Type type = neutrals[index].getType();
        Block *block = rewriter.createBlock(&red.getOperators()[index], {},
                                            {type, type}, {loc, loc});
        YieldOp::create(rewriter, loc,
                        applyCombiner(rewriter, combiners[index],
                                      block->getArgument(0),
                                      block->getArgument(1)));
      }
      rewriter.setInsertionPointToEnd(redBody);
      auto yield = YieldOp::create(rewriter, loc, elements);
      // The scf.reduce moves along and goes once its combiners are no
      // longer needed.
      rewriter.inlineBlockBefore(loop.getBody(), yield, ivs);
    }
    SmallVector<Value> results;
    for (unsigned index = 0; index < numResults; ++index) {
      Value partial =
          memref::LoadOp::create(rewriter, loc, partials[index], ValueRange{});
      Value init = loop.getInitVals()[index];
      results.push_back(
          applyCombiner(rewriter, combiners[index], init, partial));
    }
    rewriter.eraseOp(reduce);
    for (Value partial : partials)
      memref::DeallocOp::create(rewriter, loc, partial);
    if (emitRemarks)
      mlir::emitRemark(red.getLoc())
          << "scf.parallel with " << numResults
          << " reductions to seg.red thread over the flattened "
             "space";
    rewriter.replaceOp(loop, results);
  }

  bool emitRemarks;
};

struct ConvertSCFParallelToSegPass
    : public seg::impl::ConvertSCFParallelToSegBase<
          ConvertSCFParallelToSegPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateSCFParallelToSegPatterns(patterns, emitRemarks);
    applyConversionToSegPatterns(getOperation(), std::move(patterns));
    getOperation()->walk([&](scf::ParallelOp loop) {
      std::string why;
      if (!isNested(loop) && failed(analyze(loop, why)))
        mlir::emitRemark(loop.getLoc(), "not converted to seg: ") << why;
    });
  }
};
} // namespace

void seg::populateSCFParallelToSegPatterns(RewritePatternSet &patterns,
                                           bool emitRemarks) {
  patterns.add<ConvertParallelLoop>(patterns.getContext(), emitRemarks);
}
