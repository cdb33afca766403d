//===- ConversionPlan.cpp - What convert-linalg-to-seg makes of an op -----===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The access pattern and operator recognition of convert-linalg-to-seg: the
// loops an op's outputs index become segments, its reduction loops are
// flattened innermost, each output's combining operator is recognised in
// the payload, and the inputs' layouts pick the schedule. Also which ops a
// neighbouring conversion absorbs (fused producers, neutral fills).
//
//===----------------------------------------------------------------------===//

#include "ConversionPlan.h"

#include "segir/Dialect/Seg/IR/SegAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::linalg_to_seg;

std::string linalg_to_seg::describeDims(ArrayRef<unsigned> dims) {
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

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

/// Why the operands, indexing maps or payload of `op` rule out any
/// conversion, if they do.
static std::optional<std::string>
findUnsupportedConstruct(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics())
    return std::string("operates on tensors; bufferize it first (the "
                       "linalg-to-seg pipeline runs one-shot bufferization)");
  for (OpOperand &operand : op->getOpOperands()) {
    Type type = operand.get().getType();
    if (isa<ShapedType>(type) && !isa<MemRefType>(type))
      return "operand #" + std::to_string(operand.getOperandNumber()) +
             " is neither a memref nor a scalar";
  }
  for (auto [index, map] : llvm::enumerate(op.getIndexingMapsArray()))
    if (!map.isProjectedPermutation()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "indexing map #" << index << " (" << map
         << ") is not a projected permutation";
      return text;
    }
  Block *body = op.getBlock();
  if (!body)
    return std::string("has no payload");
  for (Operation &inner : body->without_terminator()) {
    if (isa<linalg::IndexOp>(inner))
      continue;
    if (!isMemoryEffectFree(&inner))
      return "payload op '" + inner.getName().getStringRef().str() +
             "' has side effects";
    bool nestedIndex = false;
    inner.walk([&](linalg::IndexOp) { nestedIndex = true; });
    if (nestedIndex)
      return std::string("payload has a linalg.index inside a region");
  }
  return std::nullopt;
}

/// Checks what every converted op needs and starts its plan with the static
/// loop sizes.
static PlanOrReason checkCommon(linalg::LinalgOp op) {
  if (std::optional<std::string> why = findUnsupportedConstruct(op))
    return PlanOrReason::reject(*why);

  // Static loop sizes; operands that disagree are a program we cannot
  // prove anything about.
  Plan plan;
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
      if (!ShapedType::isDynamic(known) && known != size)
        return PlanOrReason::reject("operands disagree on the size of loop d" +
                                    std::to_string(dim) + " (" +
                                    std::to_string(known) + " and " +
                                    std::to_string(size) + ")");
      known = size;
    }
  }
  return plan;
}

/// Splits the loops of `op` into segments (every output indexed alike, by
/// every parallel loop once) and reduced loops.
static PlanOrReason planLoops(linalg::LinalgOp op, Plan plan) {
  if (op.getNumDpsInits() == 0)
    return PlanOrReason::reject("has no outputs");
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  for (OpOperand &init : op.getDpsInitsMutable())
    if (op.getMatchingIndexingMap(&init) != outMap)
      return PlanOrReason::reject("outputs are indexed differently");
  if (outMap.getNumResults() != op.getNumParallelLoops())
    return PlanOrReason::reject("the outputs do not index every parallel loop");
  for (AffineExpr expr : outMap.getResults()) {
    unsigned dim = cast<AffineDimExpr>(expr).getPosition();
    if (iterators[dim] != utils::IteratorType::parallel)
      return PlanOrReason::reject("an output is indexed by a reduction loop");
    plan.segmentDims.push_back(dim);
  }
  for (unsigned dim = 0; dim < op.getNumLoops(); ++dim)
    if (iterators[dim] == utils::IteratorType::reduction)
      plan.reducedDims.push_back(dim);
  return plan;
}

/// Recognises how each output of the reduction `op` is combined: by one
/// associative, commutative operator with a value that does not depend on
/// any output.
static PlanOrReason recognizeCombiners(linalg::LinalgOp op, Plan plan) {
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
      std::string why =
          prefix + "is not combined by a recognised associative operator "
                   "(add, mul, and, or, xor, min, max on integers or floats)";
      if (combiner)
        why += ", got '" + combiner->getName().getStringRef().str() + "'";
      return PlanOrReason::reject(why +
                                  "; not turned into a parallel reduction");
    }
    Value element;
    if (combiner->getOperand(0) == acc)
      element = combiner->getOperand(1);
    else if (combiner->getOperand(1) == acc)
      element = combiner->getOperand(0);
    if (!element || !acc.hasOneUse() ||
        dependsOnOutputs(element, *body, numInputs))
      return PlanOrReason::reject(
          prefix + "is not combined with '" +
          combiner->getName().getStringRef().str() +
          "' from a value independent of the outputs; not turned into a "
          "parallel reduction");
    plan.combiners.push_back(
        {combiner, element,
         findNeutralFill(op, op.getDpsInits()[index], combiner)});
  }
  return plan;
}

/// Orders the reduced loops so that the one the inputs store innermost goes
/// innermost, where consecutive iterations read adjacent elements.
static void orderReducedLoops(linalg::LinalgOp op, Plan &plan) {
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
}

/// Whether `input` of `op` is read anew along the reduction, i.e. indexed
/// by a reduced loop. Operands broadcast along it (a row's mean in a
/// variance) and scalars are not: they do not bear on the schedule.
static bool isReadAlongReduction(linalg::LinalgOp op, OpOperand *input,
                                 const Plan &plan) {
  AffineMap map = op.getMatchingIndexingMap(input);
  return llvm::any_of(plan.reducedDims, [&](unsigned dim) {
    return map.isFunctionOfDim(dim);
  });
}

/// The first input of `op` read along the reduction whose innermost index
/// is loop `dim`, or -1.
static int findInputReadAlong(linalg::LinalgOp op, const Plan &plan,
                              unsigned dim) {
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (map.getNumResults() && isReadAlongReduction(op, input, plan) &&
        cast<AffineDimExpr>(map.getResults().back()).getPosition() == dim)
      return input->getOperandNumber();
  }
  return -1;
}

/// Whether `op` is a contraction with rows and columns (a matrix product,
/// batched or not, of any layout): what seg-tile-block-register tiles, on
/// CUDA or tensor cores, when it is a map of sequential reductions.
static bool isTileableContraction(linalg::LinalgOp op) {
  if (!linalg::isaContractionOpInterface(op))
    return false;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  return succeeded(dims) && !dims->m.empty() && !dims->n.empty() &&
         !dims->k.empty();
}

/// The product of the static sizes of `dims`, or nullopt if one is dynamic.
static std::optional<int64_t> getStaticSize(const Plan &plan,
                                            ArrayRef<unsigned> dims) {
  int64_t size = 1;
  for (unsigned dim : dims) {
    if (ShapedType::isDynamic(plan.staticLoopSizes[dim]))
      return std::nullopt;
    size *= plan.staticLoopSizes[dim];
  }
  return size;
}

/// A segment at least this long is worth a block of threads, not one.
static constexpr int64_t kLongSegment = 1024;

/// Picks the schedule from the inputs that are read along the reduction:
/// one thread per segment (a map of sequential reductions) when one of them
/// is read along the innermost segment dimension, so that neighbouring
/// threads read neighbouring elements, unless the segments are too few to
/// fill the target that way and long; contractions always, since that is
/// the form seg-tile-block-register tiles; otherwise a segmented seg.red.
static void chooseSchedule(linalg::LinalgOp op, Plan &plan) {
  auto readAlong = [&](int input, unsigned dim) {
    return "input #" + std::to_string(input) + " is read along d" +
           std::to_string(dim);
  };
  unsigned innerReduced = plan.reducedDims.back();
  int alongReduction = findInputReadAlong(op, plan, innerReduced);
  std::string segmented =
      alongReduction >= 0 ? readAlong(alongReduction, innerReduced) : "";
  if (plan.segmentDims.empty()) {
    plan.scheduleReason = segmented;
    return;
  }
  if (isTileableContraction(op)) {
    plan.perThread = true;
    plan.scheduleReason = "a contraction, the form seg-tile-block-register "
                          "tiles";
    return;
  }
  unsigned innerSegment = plan.segmentDims.back();
  int alongSegments = findInputReadAlong(op, plan, innerSegment);
  if (alongSegments < 0) {
    plan.scheduleReason = segmented.empty()
                              ? "no input is read along d" +
                                    std::to_string(innerSegment)
                              : segmented;
    return;
  }
  TargetAttr target = TargetAttr::lookup(op);
  int64_t fillingSegments = target.getNumSMs() * target.getWarpSize();
  std::optional<int64_t> segments = getStaticSize(plan, plan.segmentDims);
  std::optional<int64_t> length = getStaticSize(plan, plan.reducedDims);
  if (segments && length && *segments < fillingSegments &&
      *length >= kLongSegment) {
    plan.scheduleReason =
        std::to_string(*segments) + " segments of " + std::to_string(*length) +
        " elements: one thread per segment would not fill " +
        target.getChip().str() + " (" + std::to_string(fillingSegments) +
        " threads, a warp per SM)";
    return;
  }
  plan.perThread = true;
  plan.scheduleReason = readAlong(alongSegments, innerSegment) +
                        ", so neighbouring threads read neighbouring elements";
}

PlanOrReason linalg_to_seg::analyze(linalg::LinalgOp op) {
  PlanOrReason plan = checkCommon(op);
  if (plan.succeeded())
    plan = planLoops(op, std::move(*plan));
  if (plan.failed() || !plan->isReduction())
    return plan;
  plan = recognizeCombiners(op, std::move(*plan));
  if (plan.failed())
    return plan;
  orderReducedLoops(op, *plan);
  chooseSchedule(op, *plan);
  return plan;
}

//===----------------------------------------------------------------------===//
// Ops absorbed by another conversion
//===----------------------------------------------------------------------===//

/// The all-parallel op that writes the buffer `input` of `consumer` reads,
/// when it can be recomputed in the consumer's body instead: the buffer is
/// a fresh allocation used only by the two (and deallocations), the
/// producer writes it whole, reads nothing it writes, and nothing between
/// the two writes what the producer reads.
linalg::LinalgOp linalg_to_seg::findFusableProducer(linalg::LinalgOp consumer,
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
  if (analyze(producer).failed())
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
bool linalg_to_seg::isFusedIntoConsumer(linalg::LinalgOp producer) {
  if (producer.getNumDpsInits() != 1)
    return false;
  Value buffer = producer.getDpsInits()[0];
  for (OpOperand &use : buffer.getUses()) {
    auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!consumer || consumer == producer || !consumer.isDpsInput(&use))
      continue;
    PlanOrReason plan = analyze(consumer);
    return plan.succeeded() && plan->isReduction() &&
           findFusableProducer(consumer, use) == producer;
  }
  return false;
}

/// Whether `op` is a fill that the reduction after it absorbs as its
/// neutral value (that conversion then erases it).
bool linalg_to_seg::isAbsorbedFill(linalg::LinalgOp op) {
  auto fill = dyn_cast<linalg::FillOp>(op.getOperation());
  if (!fill)
    return false;
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(next);
    if (!linalgOp)
      continue;
    if (linalgOp.getNumReductionLoops() == 0)
      continue;
    PlanOrReason plan = analyze(linalgOp);
    if (plan.succeeded() &&
        llvm::any_of(plan->combiners,
                     [&](const Combiner &c) { return c.fill == fill; }))
      return true;
  }
  return false;
}
