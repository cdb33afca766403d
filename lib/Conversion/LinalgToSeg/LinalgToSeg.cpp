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
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_CONVERTLINALGTOSEG
#include "segir/Conversion/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

namespace {

/// How an output of a reduction is combined: `op(acc, element)`.
struct Combiner {
  Operation *op;
  Value element;
  /// The initial value of the reduction, when a linalg.fill right before
  /// the op provides one that may serve as the neutral value.
  mutable linalg::FillOp fill;
};

/// What the op becomes.
struct Plan {
  /// Parallel loops in the order the outputs index them: the space of a
  /// map, the segments of a reduction.
  SmallVector<unsigned> segmentDims;
  /// Reduced loops, innermost last (flattened into one space dimension).
  SmallVector<unsigned> reducedDims;
  /// One per output of a reduction.
  SmallVector<Combiner> combiners;
  /// A map of sequential reductions, one thread per segment.
  bool perThread = false;
  /// The input whose access decided the schedule, for the remark.
  int decidingInput = -1;
  /// Size of every loop, static where an operand gives it statically.
  SmallVector<int64_t> staticLoopSizes;

  bool isReduction() const { return !reducedDims.empty(); }
};

} // namespace

static std::string describeDims(ArrayRef<unsigned> dims) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "(";
  llvm::interleaveComma(dims, os, [&](unsigned d) { os << "d" << d; });
  os << ")";
  return text;
}

/// Whether `value`, computed in the payload `body`, depends on one of the
/// block arguments at or after `firstOutputArg` (the outputs' elements).
static bool dependsOnOutputs(Value value, Block &body,
                             unsigned firstOutputArg) {
  SmallVector<Value> worklist = {value};
  llvm::SmallPtrSet<Operation *, 8> visited;
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(current)) {
      if (arg.getOwner() == &body && arg.getArgNumber() >= firstOutputArg)
        return true;
      continue;
    }
    Operation *def = current.getDefiningOp();
    if (!def || !body.getParent()->isAncestor(def->getParentRegion()) ||
        !visited.insert(def).second)
      continue;
    def->walk([&](Operation *nested) {
      llvm::append_range(worklist, nested->getOperands());
    });
  }
  return false;
}

/// Whether combining with `op` twice is combining once: then any value the
/// output starts with may be used as the neutral value.
static bool isIdempotent(Operation *op) {
  return isa<arith::MinimumFOp, arith::MaximumFOp, arith::MinNumFOp,
             arith::MaxNumFOp, arith::MinSIOp, arith::MaxSIOp, arith::MinUIOp,
             arith::MaxUIOp, arith::AndIOp, arith::OrIOp>(op);
}

static bool sameValue(Attribute a, Attribute b) {
  if (auto fa = dyn_cast<FloatAttr>(a))
    if (auto fb = dyn_cast<FloatAttr>(b))
      // 0.0 and -0.0 alike: a sum that starts at +0.0 ends at +0.0 whether
      // +0.0 is added once or many times.
      return fa.getValue().compare(fb.getValue()) == llvm::APFloat::cmpEqual;
  return a == b;
}

/// The linalg.fill that writes `buffer` right before `op` (only pure ops,
/// allocations and other fills in between), whose value may start the
/// reduction with `combiner` as its neutral value.
static linalg::FillOp findNeutralFill(Operation *op, Value buffer,
                                      Operation *combiner) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(prev)) {
      if (!fill.hasPureBufferSemantics())
        return {};
      if (fill.getDpsInits()[0] != buffer)
        continue;
      Value value = fill.getDpsInputs()[0];
      if (isIdempotent(combiner))
        return fill;
      Attribute constant;
      std::optional<TypedAttr> neutral = arith::getNeutralElement(combiner);
      if (neutral && matchPattern(value, m_Constant(&constant)) &&
          sameValue(constant, *neutral))
        return fill;
      return {};
    }
    if (isMemoryEffectFree(prev) ||
        isa<memref::AllocOp, memref::AllocaOp>(prev))
      continue;
    // Another op on buffers that does not touch this one (an elementwise
    // producer, say; distinct memrefs are assumed not to alias).
    auto linalgOp = dyn_cast<linalg::LinalgOp>(prev);
    if (linalgOp && linalgOp.hasPureBufferSemantics() &&
        !llvm::is_contained(prev->getOperands(), buffer))
      continue;
    return {};
  }
  return {};
}

/// Checks what every converted op needs and fills the static loop sizes.
static LogicalResult checkCommon(linalg::LinalgOp op, Plan &plan,
                                 std::string &why) {
  if (!op.hasPureBufferSemantics()) {
    why = "operates on tensors; bufferize it first (the linalg-to-seg "
          "pipeline runs one-shot bufferization)";
    return failure();
  }
  for (OpOperand &operand : op->getOpOperands()) {
    Type type = operand.get().getType();
    if (isa<ShapedType>(type) && !isa<MemRefType>(type)) {
      why = "operand #" + std::to_string(operand.getOperandNumber()) +
            " is neither a memref nor a scalar";
      return failure();
    }
  }
  for (auto [index, map] : llvm::enumerate(op.getIndexingMapsArray()))
    if (!map.isProjectedPermutation()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "indexing map #" << index << " (" << map
         << ") is not a projected permutation";
      why = text;
      return failure();
    }
  Block *body = op.getBlock();
  if (!body) {
    why = "has no payload";
    return failure();
  }
  for (Operation &inner : body->without_terminator()) {
    if (isa<linalg::IndexOp>(inner))
      continue;
    if (!isMemoryEffectFree(&inner)) {
      why = "payload op '" + inner.getName().getStringRef().str() +
            "' has side effects";
      return failure();
    }
    bool nestedIndex = false;
    inner.walk([&](linalg::IndexOp) { nestedIndex = true; });
    if (nestedIndex) {
      why = "payload has a linalg.index inside a region";
      return failure();
    }
  }

  // Static loop sizes; operands that disagree are a program we cannot
  // prove anything about.
  plan.staticLoopSizes.assign(op.getNumLoops(), ShapedType::kDynamic);
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
      unsigned dim = cast<AffineDimExpr>(expr).getPosition();
      int64_t size = type.getDimSize(pos);
      if (ShapedType::isDynamic(size))
        continue;
      int64_t &known = plan.staticLoopSizes[dim];
      if (!ShapedType::isDynamic(known) && known != size) {
        why = "operands disagree on the size of loop d" + std::to_string(dim) +
              " (" + std::to_string(known) + " and " + std::to_string(size) +
              ")";
        return failure();
      }
      known = size;
    }
  }
  return success();
}

/// Analyses `op`; on failure, `why` says why it is left alone.
static FailureOr<Plan> analyze(linalg::LinalgOp op, std::string &why) {
  Plan plan;
  if (failed(checkCommon(op, plan, why)))
    return failure();
  if (op.getNumDpsInits() == 0) {
    why = "has no outputs";
    return failure();
  }

  // Every output indexed alike, by every parallel loop once.
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  for (OpOperand &init : op.getDpsInitsMutable())
    if (op.getMatchingIndexingMap(&init) != outMap) {
      why = "outputs are indexed differently";
      return failure();
    }
  unsigned numParallel = op.getNumParallelLoops();
  if (outMap.getNumResults() != numParallel) {
    why = "the outputs do not index every parallel loop";
    return failure();
  }
  for (AffineExpr expr : outMap.getResults()) {
    unsigned dim = cast<AffineDimExpr>(expr).getPosition();
    if (iterators[dim] != utils::IteratorType::parallel) {
      why = "an output is indexed by a reduction loop";
      return failure();
    }
    plan.segmentDims.push_back(dim);
  }
  for (unsigned dim = 0; dim < op.getNumLoops(); ++dim)
    if (iterators[dim] == utils::IteratorType::reduction)
      plan.reducedDims.push_back(dim);
  if (!plan.isReduction())
    return plan;

  // Reductions: each output combined by one associative, commutative
  // operator with a value that does not depend on any output.
  Block *body = op.getBlock();
  unsigned numInputs = op.getNumDpsInputs();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  for (auto [index, yielded] : llvm::enumerate(yield.getValues())) {
    BlockArgument acc = body->getArgument(numInputs + index);
    Operation *combiner = yielded.getDefiningOp();
    std::string prefix = "output #" + std::to_string(index) + " ";
    if (!combiner || combiner->getBlock() != body ||
        combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
        !arith::getNeutralElement(combiner)) {
      why = prefix + "is not combined by a recognised associative operator "
                     "(add, mul, and, or, xor, min, max on integers or "
                     "floats)";
      if (combiner)
        why += ", got '" + combiner->getName().getStringRef().str() + "'";
      why += "; not turned into a parallel reduction";
      return failure();
    }
    Value element;
    if (combiner->getOperand(0) == acc)
      element = combiner->getOperand(1);
    else if (combiner->getOperand(1) == acc)
      element = combiner->getOperand(0);
    if (!element || !acc.hasOneUse() ||
        dependsOnOutputs(element, *body, numInputs)) {
      why = prefix + "is not combined with '" +
            combiner->getName().getStringRef().str() +
            "' from a value independent of the outputs; not turned into a "
            "parallel reduction";
      return failure();
    }
    plan.combiners.push_back(
        {combiner, element,
         findNeutralFill(op, op.getDpsInits()[index], combiner)});
  }

  // Reduced loops: the one inputs store innermost goes innermost.
  SmallVector<int64_t> depth(op.getNumLoops(), -1);
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
      unsigned dim = cast<AffineDimExpr>(expr).getPosition();
      depth[dim] = std::max<int64_t>(depth[dim], pos);
    }
  }
  llvm::stable_sort(plan.reducedDims, [&](unsigned a, unsigned b) {
    return depth[a] < depth[b];
  });

  // Schedule: an input read along the innermost segment dimension makes
  // one thread per segment the coalesced choice.
  if (!plan.segmentDims.empty()) {
    unsigned innerSegment = plan.segmentDims.back();
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      if (map.getNumResults() == 0)
        continue;
      if (cast<AffineDimExpr>(map.getResults().back()).getPosition() ==
          innerSegment) {
        plan.perThread = true;
        plan.decidingInput = input->getOperandNumber();
        break;
      }
    }
  }
  if (!plan.perThread)
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      if (map.getNumResults() &&
          cast<AffineDimExpr>(map.getResults().back()).getPosition() ==
              plan.reducedDims.back()) {
        plan.decidingInput = input->getOperandNumber();
        break;
      }
    }
  return plan;
}

//===----------------------------------------------------------------------===//
// Fusion of elementwise producers
//===----------------------------------------------------------------------===//

/// The all-parallel op that writes the buffer `input` of `consumer` reads,
/// when it can be recomputed in the consumer's body instead: the buffer is
/// a fresh allocation used only by the two (and deallocations), the
/// producer writes it whole, reads nothing it writes, and nothing between
/// the two writes what the producer reads.
static linalg::LinalgOp findFusableProducer(linalg::LinalgOp consumer,
                                            OpOperand &input) {
  Value buffer = input.get();
  if (!isa<MemRefType>(buffer.getType()))
    return {};
  Operation *alloc = buffer.getDefiningOp();
  if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(alloc) ||
      alloc->getBlock() != consumer->getBlock())
    return {};
  linalg::LinalgOp producer;
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (user == consumer.getOperation()) {
      if (consumer.isDpsInit(&use))
        return {};
      continue;
    }
    if (isa<memref::DeallocOp>(user))
      continue;
    auto linalgUser = dyn_cast<linalg::LinalgOp>(user);
    if (!linalgUser || producer || !linalgUser.isDpsInit(&use))
      return {};
    producer = linalgUser;
  }
  if (!producer || producer->getBlock() != consumer->getBlock() ||
      !producer->isBeforeInBlock(consumer) ||
      producer.getNumReductionLoops() != 0 || producer.getNumDpsInits() != 1 ||
      producer->getNumResults() != 0)
    return {};
  AffineMap outMap =
      producer.getMatchingIndexingMap(producer.getDpsInitOperand(0));
  if (!outMap.isPermutation() ||
      !producer.getBlock()->getArgument(producer.getNumDpsInputs()).use_empty())
    return {};
  std::string why;
  if (failed(analyze(producer, why)))
    return {};
  SmallVector<Value> producerInputs = producer.getDpsInputs();
  if (llvm::is_contained(producerInputs, buffer))
    return {};
  for (Operation *between = producer->getNextNode(); between != consumer;
       between = between->getNextNode()) {
    if (isMemoryEffectFree(between) ||
        isa<memref::AllocOp, memref::AllocaOp>(between))
      continue;
    auto linalgOp = dyn_cast<linalg::LinalgOp>(between);
    if (!linalgOp || !linalgOp.hasPureBufferSemantics())
      return {};
    // It writes no buffer the producer reads (distinct memrefs are
    // assumed not to alias, as linalg's own transformations on buffers do).
    for (Value init : linalgOp.getDpsInits())
      if (llvm::is_contained(producerInputs, init))
        return {};
  }
  return producer;
}

/// Whether `producer` will be fused into the reduction that reads its
/// output (that conversion then erases it).
static bool isFusedIntoConsumer(linalg::LinalgOp producer) {
  if (producer.getNumDpsInits() != 1)
    return false;
  Value buffer = producer.getDpsInits()[0];
  for (OpOperand &use : buffer.getUses()) {
    auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!consumer || consumer == producer || !consumer.isDpsInput(&use))
      continue;
    std::string why;
    FailureOr<Plan> plan = analyze(consumer, why);
    return succeeded(plan) && plan->isReduction() &&
           findFusableProducer(consumer, use) == producer;
  }
  return false;
}

/// Whether `op` is a fill that the reduction after it absorbs as its
/// neutral value (that conversion then erases it).
static bool isAbsorbedFill(linalg::LinalgOp op) {
  auto fill = dyn_cast<linalg::FillOp>(op.getOperation());
  if (!fill)
    return false;
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(next);
    if (!linalgOp)
      continue;
    if (linalgOp.getNumReductionLoops() == 0)
      continue;
    std::string why;
    FailureOr<Plan> plan = analyze(linalgOp, why);
    if (succeeded(plan) &&
        llvm::any_of(plan->combiners,
                     [&](const Combiner &c) { return c.fill == fill; }))
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Emitting the body
//===----------------------------------------------------------------------===//

namespace {
/// Emits the payload of a linalg op at given loop indices.
class PayloadEmitter {
public:
  PayloadEmitter(RewriterBase &rewriter, Location loc)
      : rewriter(rewriter), loc(loc) {}

  /// The element of `operand` of `op` at loop indices `ivs`: a load, the
  /// scalar itself, or the recomputed value of a fused producer.
  Value emitOperand(linalg::LinalgOp op, OpOperand &operand, ValueRange ivs,
                    bool fuse) {
    Value value = operand.get();
    if (!isa<MemRefType>(value.getType()))
      return value;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    SmallVector<Value> indices;
    for (AffineExpr expr : map.getResults())
      indices.push_back(ivs[cast<AffineDimExpr>(expr).getPosition()]);
    if (fuse)
      if (linalg::LinalgOp producer = producers.lookup(&operand)) {
        if (!llvm::is_contained(fused, producer))
          fused.push_back(producer);
        // The producer's loops from the indices of its (permuted) output.
        AffineMap outMap =
            producer.getMatchingIndexingMap(producer.getDpsInitOperand(0));
        SmallVector<Value> producerIvs(producer.getNumLoops());
        for (auto [pos, expr] : llvm::enumerate(outMap.getResults()))
          producerIvs[cast<AffineDimExpr>(expr).getPosition()] = indices[pos];
        return emitPayload(producer, producerIvs, {}, /*fuse=*/false)[0];
      }
    return memref::LoadOp::create(rewriter, loc, value, indices);
  }

  /// Clones the payload of `op` at loop indices `ivs`, except the ops in
  /// `skip`, and returns what maps to `results` (the yielded values when
  /// empty).
  SmallVector<Value> emitPayload(linalg::LinalgOp op, ValueRange ivs,
                                 ArrayRef<Value> results, bool fuse,
                                 ArrayRef<Operation *> skip = {}) {
    Block *body = op.getBlock();
    IRMapping mapping;
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument arg = body->getArgument(operand.getOperandNumber());
      if (arg.use_empty())
        continue;
      mapping.map(arg, emitOperand(op, operand, ivs, fuse));
    }
    for (Operation &inner : body->without_terminator()) {
      if (llvm::is_contained(skip, &inner))
        continue;
      if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
        mapping.map(index.getResult(), ivs[index.getDim()]);
        continue;
      }
      rewriter.clone(inner, mapping);
    }
    SmallVector<Value> values;
    if (results.empty())
      for (Value value : body->getTerminator()->getOperands())
        values.push_back(mapping.lookupOrDefault(value));
    else
      for (Value value : results)
        values.push_back(mapping.lookupOrDefault(value));
    return values;
  }

  /// Finds the producers to fuse into `op`, before anything is inserted
  /// between them.
  void findProducers(linalg::LinalgOp op) {
    for (OpOperand *input : op.getDpsInputOperands())
      if (linalg::LinalgOp producer = findFusableProducer(op, *input))
        producers[input] = producer;
  }

  /// The producers to fuse, by the operand of the consumer they write.
  DenseMap<OpOperand *, linalg::LinalgOp> producers;
  /// Producers fused so far.
  SmallVector<linalg::LinalgOp> fused;

private:
  RewriterBase &rewriter;
  Location loc;
};
} // namespace

/// Adds `seg.returns` of `values` into `outs` to the results of `map`.
static void addReturns(RewriterBase &rewriter, MapOp map, ValueRange values,
                       ValueRange outs) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToEnd(&map.getResultsOp().getRegion().front());
  for (auto [value, out] : llvm::zip_equal(values, outs))
    ReturnsOp::create(rewriter, map.getLoc(), value, out);
}

/// Applies the payload's combining op to `acc` and `element`.
static Value applyCombiner(RewriterBase &rewriter, const Combiner &combiner,
                           Value acc, Value element) {
  IRMapping mapping;
  Operation *op = combiner.op;
  bool accFirst = op->getOperand(0) != combiner.element;
  mapping.map(op->getOperand(accFirst ? 0 : 1), acc);
  mapping.map(op->getOperand(accFirst ? 1 : 0), element);
  return rewriter.clone(*op, mapping)->getResult(0);
}

namespace {
struct ConvertLinalgOp : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  ConvertLinalgOp(MLIRContext *context, bool emitRemarks)
      : OpInterfaceRewritePattern(context), emitRemarks(emitRemarks) {}

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<Plan> plan = analyze(op, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
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
      fusedBuffers = rewriteReduction(rewriter, op, *plan, loopSizes);
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
      op.emitRemark("no loops: computed on the host");
  }

  void rewriteMap(PatternRewriter &rewriter, linalg::LinalgOp op,
                  const Plan &plan, ArrayRef<OpFoldResult> loopSizes) const {
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes;
    for (unsigned dim : plan.segmentDims)
      sizes.push_back(loopSizes[dim]);
    SmallVector<Value> outs = op.getDpsInits();
    if (emitRemarks)
      op.emitRemark() << "seg.map thread over "
                      << describeDims(plan.segmentDims)
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

  /// Returns the buffers of the fused producers, which only `op` still
  /// uses.
  SmallVector<Value> rewriteReduction(PatternRewriter &rewriter,
                                      linalg::LinalgOp op, const Plan &plan,
                                      ArrayRef<OpFoldResult> loopSizes) const {
    Location loc = op.getLoc();
    PayloadEmitter emitter(rewriter, loc);
    emitter.findProducers(op);
    SmallVector<Value> outs = op.getDpsInits();
    unsigned numOutputs = outs.size();
    SmallVector<OpFoldResult> segmentSizes;
    for (unsigned dim : plan.segmentDims)
      segmentSizes.push_back(loopSizes[dim]);
    SmallVector<Value> reducedSizes;
    for (unsigned dim : plan.reducedDims)
      reducedSizes.push_back(
          getValueOrCreateConstantIndexOp(rewriter, loc, loopSizes[dim]));
    OpFoldResult reducedSize = loopSizes[plan.reducedDims.front()];
    if (plan.reducedDims.size() > 1) {
      int64_t product = 1;
      for (unsigned dim : plan.reducedDims)
        product *= plan.staticLoopSizes[dim];
      reducedSize =
          llvm::all_of(plan.reducedDims,
                       [&](unsigned dim) {
                         return !ShapedType::isDynamic(
                             plan.staticLoopSizes[dim]);
                       })
              ? OpFoldResult(rewriter.getIndexAttr(product))
              : getAsOpFoldResult(productOf(rewriter, loc, reducedSizes));
    }

    // Neutral values: a fill's value where it may serve, else the
    // operator's neutral element.
    SmallVector<Value> neutrals;
    for (const Combiner &combiner : plan.combiners) {
      if (combiner.fill) {
        neutrals.push_back(combiner.fill.getDpsInputs()[0]);
        continue;
      }
      auto attr = *arith::getNeutralElement(combiner.op);
      neutrals.push_back(
          arith::ConstantOp::create(rewriter, loc, attr).getResult());
    }

    if (emitRemarks) {
      InFlightDiagnostic remark = op.emitRemark();
      SmallVector<unsigned> space(plan.segmentDims);
      llvm::append_range(space, plan.reducedDims);
      if (plan.perThread)
        remark << "seg.map thread over " << describeDims(plan.segmentDims)
               << " with a seq seg.red over " << describeDims(plan.reducedDims)
               << " per thread: input #" << plan.decidingInput
               << " is read along d" << plan.segmentDims.back()
               << ", so neighbouring threads read neighbouring elements";
      else {
        remark << "seg.red thread over " << describeDims(space);
        if (!plan.segmentDims.empty())
          remark << ", segments " << describeDims(plan.segmentDims);
        if (plan.decidingInput >= 0)
          remark << ": input #" << plan.decidingInput << " is read along d"
                 << plan.reducedDims.back();
      }
      if (plan.reducedDims.size() > 1)
        remark << "; reduced loops flattened into one dimension";
      for (auto [index, combiner] : llvm::enumerate(plan.combiners))
        if (combiner.fill)
          remark << "; output #" << index << " starts from its fill";
    }

    SmallVector<Operation *> combinerOps;
    SmallVector<Value> elements;
    for (const Combiner &combiner : plan.combiners) {
      combinerOps.push_back(combiner.op);
      elements.push_back(combiner.element);
    }

    // Builds the seg.red of `level` over `space` into `redOuts`; `outerIvs`
    // are the segment loops' indices when the segments are outside it.
    auto buildRed = [&](Level level, ArrayRef<OpFoldResult> space,
                        ValueRange redOuts, ValueRange outerIvs) {
      SmallVector<Value> dynamicSizes;
      SmallVector<int64_t> staticSizes;
      dispatchIndexOpFoldResults(space, dynamicSizes, staticSizes);
      SmallVector<bool> commutative(numOutputs, true);
      auto red = RedOp::create(rewriter, loc, level, dynamicSizes, staticSizes,
                               Value(), IntegerAttr(), Value(), IntegerAttr(),
                               VirtualizationAttr(), redOuts, neutrals,
                               commutative, IntegerAttr(), numOutputs);
      OpBuilder::InsertionGuard guard(rewriter);
      SmallVector<Type> types(space.size(), rewriter.getIndexType());
      SmallVector<Location> locs(space.size(), loc);
      Block *body = rewriter.createBlock(&red.getBody(), {}, types, locs);
      SmallVector<Value> ivs(op.getNumLoops());
      SmallVector<Value> segmentIvs(outerIvs);
      llvm::append_range(segmentIvs, body->getArguments().drop_back());
      for (auto [pos, dim] : llvm::enumerate(plan.segmentDims))
        ivs[dim] = segmentIvs[pos];
      SmallVector<Value> reducedIvs = {body->getArguments().back()};
      if (plan.reducedDims.size() > 1)
        reducedIvs =
            delinearize(rewriter, loc, reducedIvs.front(), reducedSizes);
      for (auto [pos, dim] : llvm::enumerate(plan.reducedDims))
        ivs[dim] = reducedIvs[pos];
      SmallVector<Value> values =
          emitter.emitPayload(op, ivs, elements, /*fuse=*/true, combinerOps);
      YieldOp::create(rewriter, loc, values);
      for (auto [index, combiner] : llvm::enumerate(plan.combiners)) {
        Type type = neutrals[index].getType();
        Block *block = rewriter.createBlock(&red.getOperators()[index], {},
                                            {type, type}, {loc, loc});
        Value result = applyCombiner(rewriter, combiner, block->getArgument(0),
                                     block->getArgument(1));
        YieldOp::create(rewriter, loc, result);
      }
      return red;
    };

    if (plan.perThread) {
      OpBuilder::InsertionGuard guard(rewriter);
      MapOp map = createMapWithEmptyResults(rewriter, loc, Level::Thread,
                                            segmentSizes, outs);
      SmallVector<Value> accs;
      for (Value out : outs)
        accs.push_back(memref::AllocaOp::create(
            rewriter, loc,
            MemRefType::get({},
                            cast<MemRefType>(out.getType()).getElementType())));
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
    } else {
      // Outputs whose initial values are not absorbed get a temporary,
      // combined with them afterwards.
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
      if (!combinedLater.empty()) {
        SmallVector<Value> laterOuts;
        for (unsigned index : combinedLater)
          laterOuts.push_back(outs[index]);
        auto combineAt = [&](ValueRange point) {
          SmallVector<Value> values;
          for (unsigned index : combinedLater) {
            Value init =
                memref::LoadOp::create(rewriter, loc, outs[index], point);
            Value partial =
                memref::LoadOp::create(rewriter, loc, redOuts[index], point);
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
          addReturns(rewriter, map, combineAt(map.getInductionVars()),
                     laterOuts);
        }
        for (unsigned index : combinedLater)
          memref::DeallocOp::create(rewriter, loc, redOuts[index]);
      }
    }

    // Absorbed fills and fused producers (with their buffers) go.
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
  std::string why;
  if (failed(analyze(linalgOp, why)))
    return why;
  return "";
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
      op->emitRemark("not converted to seg: ")
          << (why.empty() ? "left alone" : why);
    });
  }
};
} // namespace
