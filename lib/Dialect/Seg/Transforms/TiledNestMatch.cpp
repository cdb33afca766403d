//===- TiledNestMatch.cpp - The nest seg-tile-block-register tiles --------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Matches a thread-level map as `(b..., i, j) { code1; redomap over k;
// code2 }` for seg-tile-block-register: the redomap, what each value
// depends on among i, j, k and the accumulators, the arrays to stage in
// shared memory and the step of the reduction (for tensor cores, the
// product mma.sync computes).
//
//===----------------------------------------------------------------------===//

#include "TileBlockRegister.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Analysis/Tuning.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Utils/Utils.h"
#include "segir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::tiling;

namespace {

/// What a value depends on, among the map's two innermost dimensions, the
/// reduction index and the accumulators.
enum Dep : unsigned { DepI = 1, DepJ = 2, DepK = 4, DepAcc = 8 };

class DependenceAnalysis {
public:
  DependenceAnalysis(Nest &nest) : nest(nest) {}

  unsigned of(Value value) {
    auto it = cache.find(value);
    if (it != cache.end())
      return it->second;
    unsigned deps = compute(value);
    cache[value] = deps;
    return deps;
  }

  unsigned ofOp(Operation *op) {
    unsigned deps = 0;
    for (Value operand : op->getOperands())
      deps |= of(operand);
    if (op->getNumRegions()) {
      llvm::SetVector<Value> captured;
      getUsedValuesDefinedAbove(op->getRegions(), captured);
      for (Value value : captured)
        deps |= of(value);
    }
    return deps;
  }

private:
  unsigned compute(Value value) {
    if (value == nest.ivI)
      return DepI;
    if (value == nest.ivJ)
      return DepJ;
    if (value == nest.kArg)
      return DepK;
    if (nest.forOp)
      for (Value arg : nest.forOp.getRegionIterArgs())
        if (value == arg)
          return DepAcc;
    if (nest.forOp)
      for (Value result : nest.forOp.getResults())
        if (value == result)
          return DepAcc;
    Region *mapRegion = &nest.map.getBody();
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (owner == nest.map.getOperation() ||
          !mapRegion->isAncestor(arg.getParentRegion()))
        return 0;
      return ofOp(owner);
    }
    Operation *def = value.getDefiningOp();
    if (!mapRegion->isAncestor(def->getParentRegion()))
      return 0;
    for (auto [load, index] : nest.redAccLoads)
      if (load == value)
        return DepAcc;
    return ofOp(def);
  }

  Nest &nest;
  DenseMap<Value, unsigned> cache;
};
} // namespace

/// Whether `op` and everything nested in it only reads memory.
static bool onlyReads(Operation *op) {
  bool ok = true;
  op->walk([&](Operation *nested) {
    if (isa<memref::LoadOp>(nested) || isMemoryEffectFree(nested) ||
        nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto iface = dyn_cast<MemoryEffectOpInterface>(nested);
    if (iface && iface.onlyHasEffect<MemoryEffects::Read>())
      return WalkResult::advance();
    ok = false;
    return WalkResult::interrupt();
  });
  return ok;
}

static bool hasZero(Type type) {
  return isa<IntegerType, IndexType, FloatType>(type);
}


/// The two innermost dimensions of `map` (i, j) and its redomap: the only
/// scf.for with iter_args or `seq` seg.red directly in the body.
static MatchResult matchSpace(MapOp map, Nest &nest) {
  nest.map = map;
  nest.mapBody = &map.getBody().front();
  unsigned rank = map.getRank();
  if (rank < 2)
    return MatchResult::failure("the space has fewer than two dimensions");
  auto ivs = map.getInductionVars();
  nest.ivI = ivs[rank - 2];
  nest.ivJ = ivs[rank - 1];
  nest.batchIvs.assign(ivs.begin(), ivs.begin() + rank - 2);

  Operation *redomap = nullptr;
  for (Operation &op : nest.mapBody->without_terminator()) {
    auto forOp = dyn_cast<scf::ForOp>(op);
    auto red = dyn_cast<RedOp>(op);
    if ((forOp && forOp.getNumResults() > 0) ||
        (red && red.getLevel() == Level::Seq)) {
      if (redomap)
        return MatchResult::failure(
            "the body holds more than one reduction over k");
      redomap = &op;
    }
  }
  if (!redomap)
    return MatchResult::failure(
        "the body holds no reduction (an scf.for with iter_args or a "
        "'seq' seg.red)");
  nest.forOp = dyn_cast<scf::ForOp>(redomap);
  nest.redOp = dyn_cast<RedOp>(redomap);
  return MatchResult::success();
}

/// A redomap that is an scf.for: k is its induction variable.
static MatchResult matchReductionLoop(Nest &nest) {
  nest.stepBlock = nest.forOp.getBody();
  nest.kArg = nest.forOp.getInductionVar();
  nest.neutrals.assign(nest.forOp.getInitArgs().begin(),
                       nest.forOp.getInitArgs().end());
  if (!isConstantIntValue(nest.forOp.getStep(), 1))
    return MatchResult::failure("the reduction loop's step is not 1");
  return MatchResult::success();
}

/// A redomap that is a `seq` seg.red: one-dimensional, its accumulators
/// rank-0 allocas of the map body, only loaded after it.
static MatchResult matchSeqReduction(Nest &nest) {
  Operation *redomap = nest.redOp;
  if (nest.redOp.getRank() != 1 || !nest.redOp.getMapOuts().empty())
    return MatchResult::failure(
        "the 'seq' seg.red is not a one-dimensional reduction without "
        "map-only outputs");
  nest.stepBlock = &nest.redOp.getBody().front();
  nest.kArg = nest.stepBlock->getArgument(0);
  nest.neutrals.assign(nest.redOp.getNeutrals().begin(),
                       nest.redOp.getNeutrals().end());
  for (auto [index, out] : llvm::enumerate(nest.redOp.getOuts())) {
    auto alloca = out.getDefiningOp<memref::AllocaOp>();
    if (!alloca || alloca->getBlock() != nest.mapBody ||
        alloca.getType().getRank() != 0)
      return MatchResult::failure(
          "an accumulator of the 'seq' seg.red is not a rank-0 "
          "memref.alloca of the map body");
    for (Operation *user : alloca->getUsers()) {
      if (user == redomap)
        continue;
      auto load = dyn_cast<memref::LoadOp>(user);
      if (!load || load->getBlock() != nest.mapBody ||
          !redomap->isBeforeInBlock(load))
        return MatchResult::failure(
            "an accumulator of the 'seq' seg.red is used other than by "
            "loads after it");
      nest.redAccLoads.push_back({load.getResult(), index});
    }
    nest.redAccBuffers.push_back(out);
  }
  return MatchResult::success();
}

/// Primitive accumulators, bounds and neutral values the same for every
/// point, and code1 and code2 that only read memory.
static MatchResult matchInvariants(Nest &nest, DependenceAnalysis &deps) {
  for (Value neutral : nest.neutrals)
    nest.accTypes.push_back(neutral.getType());
  for (Type type : nest.accTypes)
    if (!getPrimitiveByteSize(type))
      return MatchResult::failure("an accumulator is not of a primitive type");

  SmallVector<Value> invariant(nest.neutrals);
  if (nest.forOp) {
    invariant.push_back(nest.forOp.getLowerBound());
    invariant.push_back(nest.forOp.getUpperBound());
  } else {
    for (Value size : nest.redOp.getDynamicSizes())
      invariant.push_back(size);
  }
  for (Value value : invariant)
    if (deps.of(value) != 0)
      return MatchResult::failure(
          "a bound or neutral value of the reduction varies with i, j or "
          "the accumulator");

  // code1 and code2 may also hold the accumulators of a seg.red.
  Operation *redomap =
      nest.forOp ? nest.forOp.getOperation() : nest.redOp.getOperation();
  for (Operation &op : nest.mapBody->without_terminator()) {
    if (&op == redomap)
      continue;
    if (auto alloca = dyn_cast<memref::AllocaOp>(op))
      if (llvm::is_contained(nest.redAccBuffers, alloca.getResult()))
        continue;
    if (!onlyReads(&op))
      return MatchResult::failure(
          "code before or after the reduction writes memory");
  }
  return MatchResult::success();
}

/// Elements of the widest vector load (16 bytes) along the innermost
/// dimension of the array of `tiled` when its copies may read them at once:
/// a row-major memref whose last index is k (resp. i or j) itself and whose
/// other indices do not vary with it; else 0.
static int64_t getGlobalVectorWidth(Nest &nest, const TiledLoad &tiled,
                                    DependenceAnalysis &deps) {
  memref::LoadOp load = tiled.load;
  int64_t vectorBytes = TargetInfo::lookup(load).getMaxVectorLoadBytes();
  MemRefType type = load.getMemRefType();
  Type elemType = type.getElementType();
  std::optional<int64_t> bytes = getPrimitiveByteSize(elemType);
  if (!type.getLayout().isIdentity() || !elemType.isIntOrFloat() ||
      elemType.isInteger(1) || !bytes || *bytes >= vectorBytes ||
      vectorBytes % *bytes != 0 || load.getIndices().empty())
    return 0;
  Value along = tiled.kInner ? nest.kArg : tiled.alongI ? nest.ivI : nest.ivJ;
  unsigned alongDep = tiled.kInner ? DepK : tiled.alongI ? DepI : DepJ;
  if (load.getIndices().back() != along)
    return 0;
  for (Value index : load.getIndices().drop_back())
    if (deps.of(index) & alongDep)
      return 0;
  return vectorBytes / *bytes;
}

static int64_t getKIndexDim(Nest &nest, const TiledLoad &tiled,
                            DependenceAnalysis &deps) {
  memref::LoadOp load = tiled.load;
  if (!load.getMemRefType().isStrided() || (deps.of(load.getMemRef()) & DepK))
    return -1;
  int64_t dim = -1;
  for (auto [d, index] : llvm::enumerate(load.getIndices())) {
    if (!(deps.of(index) & DepK))
      continue;
    if (index != nest.kArg || dim >= 0)
      return -1;
    dim = d;
  }
  return dim;
}

/// The step of the redomap: reads and pure operations only, reading arrays
/// invariant to one of i and j (the tiled loads) or to both; some to each.
static MatchResult matchStep(Nest &nest, DependenceAnalysis &deps) {
  for (Operation &op : nest.stepBlock->without_terminator()) {
    if (!onlyReads(&op))
      return MatchResult::failure("the reduction body writes memory");
    auto load = dyn_cast<memref::LoadOp>(op);
    if (!load) {
      bool nestedVariant = false;
      op.walk([&](memref::LoadOp inner) {
        unsigned d = 0;
        for (Value index : inner.getIndices())
          d |= deps.of(index);
        if (d & (DepI | DepJ))
          nestedVariant = true;
      });
      if (nestedVariant)
        return MatchResult::failure(
            "the reduction body reads memory that depends on i or j inside "
            "a nested region");
      continue;
    }
    unsigned d = deps.of(load.getMemRef());
    for (Value index : load.getIndices())
      d |= deps.of(index);
    if (d & DepAcc)
      return MatchResult::failure(
          "a read of the reduction body depends on the accumulator");
    if ((d & DepI) && (d & DepJ))
      return MatchResult::failure(
          "the reduction body reads an array that varies with both i and j");
    if (!(d & (DepI | DepJ)))
      continue;
    TiledLoad tiled;
    tiled.load = load;
    tiled.alongI = d & DepI;
    tiled.kInner = !load.getIndices().empty() &&
                   (deps.of(load.getIndices().back()) & DepK);
    tiled.globalVectorWidth = getGlobalVectorWidth(nest, tiled, deps);
    tiled.kIndexDim = getKIndexDim(nest, tiled, deps);
    nest.loads.push_back(tiled);
  }
  bool anyI = llvm::any_of(nest.loads, [](auto &l) { return l.alongI; });
  bool anyJ = llvm::any_of(nest.loads, [](auto &l) { return !l.alongI; });
  if (!anyI)
    return MatchResult::failure("no array of the reduction is invariant to "
                                "j, so tiling i cannot reuse anything");
  if (!anyJ)
    return MatchResult::failure("no array of the reduction is invariant to "
                                "i, so tiling j cannot reuse anything");
  return MatchResult::success();
}

/// The kernel results: one element per point.
static MatchResult matchResults(Nest &nest) {
  for (Operation &op : nest.map.getResultsOp().getRegion().front()) {
    auto returns = dyn_cast<ReturnsOp>(op);
    if (!returns)
      return MatchResult::failure("a kernel result is not seg.returns");
    if (!hasZero(returns.getValue().getType()))
      return MatchResult::failure(
          "a result is not of an integer, index or float type");
    nest.returns.push_back(returns);
  }
  return MatchResult::success();
}

namespace {
/// What each k-step of `nest` adds to its single accumulator.
struct AddedTerm {
  Value term;
  /// The addition: in the step block (scf.for) or the operator (seg.red).
  Operation *add = nullptr;
  /// Ops of the step block that add: 1 for scf.for, 0 for seg.red.
  unsigned addsInStep = 0;
};
} // namespace

/// The term each k-step of `nest` adds to its single accumulator, when
/// adding it is all the step does with the accumulator: an scf.for that
/// yields `acc + term` and uses acc nowhere else, or a `seq` seg.red with
/// one operator that adds its two arguments and a body that yields `term`.
static std::optional<AddedTerm> getAddedTerm(Nest &nest) {
  if (nest.accTypes.size() != 1)
    return std::nullopt;
  if (nest.forOp) {
    Value acc = nest.forOp.getRegionIterArgs().front();
    auto yield = cast<scf::YieldOp>(nest.stepBlock->getTerminator());
    Operation *sum = yield.getOperand(0).getDefiningOp();
    if (!isa_and_nonnull<arith::AddFOp, arith::AddIOp>(sum) ||
        !acc.hasOneUse() || !llvm::is_contained(sum->getOperands(), acc))
      return std::nullopt;
    Value term = sum->getOperand(sum->getOperand(0) == acc ? 1 : 0);
    return AddedTerm{term, sum, 1};
  }
  MutableArrayRef<Region> operators = nest.redOp.getOperators();
  if (operators.size() != 1)
    return std::nullopt;
  Block &combine = operators.front().front();
  if (combine.getNumArguments() != 2 ||
      llvm::range_size(combine.without_terminator()) != 1)
    return std::nullopt;
  Operation *sum = &combine.front();
  bool addsArguments =
      isa<arith::AddFOp, arith::AddIOp>(sum) &&
      combine.getTerminator()->getOperand(0) == sum->getResult(0) &&
      sum->getOperand(0) != sum->getOperand(1) &&
      llvm::all_of(sum->getOperands(), [&](Value v) {
        return llvm::is_contained(combine.getArguments(), v);
      });
  if (!addsArguments)
    return std::nullopt;
  Value term = cast<YieldOp>(nest.stepBlock->getTerminator()).getValues()[0];
  return AddedTerm{term, sum, 0};
}

/// Whether the map returns the accumulator of `nest` as it is.
static bool returnsAccumulator(Nest &nest) {
  if (nest.returns.size() != 1)
    return false;
  Value returned = nest.returns.front().getValue();
  if (nest.forOp)
    return returned == nest.forOp.getResult(0);
  return llvm::any_of(nest.redAccLoads,
                      [&](auto load) { return load.first == returned; });
}

/// Whether the step of `nest` is one multiply of the two tiled values added
/// into a single accumulator, and the map returns that accumulator as it
/// is.
static bool isCheapStep(Nest &nest) {
  std::optional<AddedTerm> added = getAddedTerm(nest);
  if (!added || nest.loads.size() != 2 || !returnsAccumulator(nest) ||
      !isa_and_nonnull<arith::MulFOp, arith::MulIOp>(
          added->term.getDefiningOp()))
    return false;
  unsigned arithmetic = 0;
  for (Operation &op : nest.stepBlock->without_terminator()) {
    if (isa<memref::LoadOp>(op))
      continue;
    if (!isa<arith::MulFOp, arith::AddFOp, arith::MulIOp, arith::AddIOp>(op))
      return false;
    ++arithmetic;
  }
  return arithmetic == 1 + added->addsInStep;
}

/// The element type of the inputs of mma.sync of `kind`.
static Type getMmaInputType(MLIRContext *context, TileMma kind) {
  switch (kind) {
  case TileMma::TF32:
    return Float32Type::get(context);
  case TileMma::BF16:
    return BFloat16Type::get(context);
  case TileMma::F16:
    return Float16Type::get(context);
  case TileMma::None:
    break;
  }
  return Type();
}

/// Success when the redomap of `nest` is what mma.sync of `kind` computes:
/// a single f32 accumulator that gets, per k, the product of the two tiled
/// values (of the mode's input type, extended to f32 unless they are f32)
/// added to it, by an scf.for or a `seq` seg.red (what convert-linalg-to-seg
/// makes of a contraction); else why not.
MatchResult tiling::matchMmaStep(Nest &nest, TileMma kind) {
  if (nest.accTypes.size() != 1 || !nest.accTypes.front().isF32())
    return MatchResult::failure("the reduction has no single f32 accumulator");
  if (nest.loads.size() != 2)
    return MatchResult::failure(
        "the reduction does not read exactly two tiled arrays");
  Type input = getMmaInputType(nest.map.getContext(), kind);
  for (TiledLoad &tiled : nest.loads)
    if (tiled.load.getType() != input)
      return MatchResult::failure(
          "a tiled array's element type is not the mode's input type");
  // The load that `value` is as mma.sync sees it: the load itself, or its
  // extension to f32.
  auto inputLoad = [&](Value value) -> Value {
    if (auto ext = value.getDefiningOp<arith::ExtFOp>())
      value = ext.getIn();
    else if (!input.isF32())
      return Value();
    return value.getDefiningOp<memref::LoadOp>() ? value : Value();
  };
  std::optional<AddedTerm> added = getAddedTerm(nest);
  auto mul = added && isa<arith::AddFOp>(added->add)
                 ? added->term.getDefiningOp<arith::MulFOp>()
                 : nullptr;
  if (!mul || !inputLoad(mul.getLhs()) || !inputLoad(mul.getRhs()) ||
      inputLoad(mul.getLhs()) == inputLoad(mul.getRhs()))
    return MatchResult::failure(
        "the reduction step is not acc + a * b of the two tiled values");
  // Nothing else: another operation would be dropped.
  unsigned expected = 2 + 1 + added->addsInStep + (input.isF32() ? 0 : 2);
  if (llvm::range_size(nest.stepBlock->without_terminator()) != expected)
    return MatchResult::failure(
        "the reduction step computes more than acc + a * b");
  return MatchResult::success();
}

/// Matches `map` as `(b..., i, j) { code1; redomap over k; code2 }` into
/// `nest`.
MatchResult tiling::matchNest(MapOp map, Nest &nest) {
  DependenceAnalysis deps(nest);
  MatchResult result = matchSpace(map, nest);
  if (!result.failed())
    result = nest.forOp ? matchReductionLoop(nest) : matchSeqReduction(nest);
  if (!result.failed())
    result = matchInvariants(nest, deps);
  if (!result.failed())
    result = matchStep(nest, deps);
  if (!result.failed())
    result = matchResults(nest);
  if (!result.failed())
    nest.cheapStep = isCheapStep(nest);
  return result;
}
