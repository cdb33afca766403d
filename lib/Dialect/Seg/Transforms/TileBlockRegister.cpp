//===- TileBlockRegister.cpp - Block and register tiling ------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Block and register tiling [Cholewa-Madsen & Holst 2020]. Rewrites a
// thread-level map `(b..., i, j) { code1; redomap over k; code2 }`
// into a block-level map in which a block of Ty x Tx threads computes a
// (Ty*Ry) x (Tx*Rx) tile of the (i, j) space:
//
//   accs[ty][tx][ry][rx] = neutral                      (thread-private)
//   if (the block's tile lies inside M x N) K(unchecked) else K(checked)
//   code2 per element, guarded by i < M && j < N; regtile_returns
//
// where K(c) = for kt over the full k-tiles: tile(kt, Tk, c, no k checks);
//              if (U % Tk) tile(last, U % Tk, c, k checks)   (the epilogue)
// and tile() copies the slices of the arrays invariant to j (resp. i) into
// shared memory with collective copies (every thread of the block strides
// over the slice in the array's row-major order, so reads coalesce), then
// every thread runs the k-steps of the tile on its Ry x Rx accumulators,
// reading Ry (resp. Rx) values of each slice into registers per step. With
// checks, elements outside M x N keep their accumulators untouched, so the
// padding of the slices never reaches the operators.
//
// This file holds the pass and the matching of the nest; the rewrite is in
// TiledMapBuilder.cpp.
//
//===----------------------------------------------------------------------===//

#include "TileBlockRegister.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Analysis/Tuning.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Dialect/Seg/Utils/Utils.h"
#include "segir/Target/Chips.h"
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

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGTILEBLOCKREGISTER
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

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

/// Success, or why a map is not tiled: a constant phrase, reported in the
/// pass's remark.
class [[nodiscard]] MatchResult {
public:
  static MatchResult success() { return MatchResult(StringRef()); }
  static MatchResult failure(StringRef reason) { return MatchResult(reason); }
  bool failed() const { return !reason.empty(); }
  StringRef getReason() const { return reason; }

private:
  explicit MatchResult(StringRef reason) : reason(reason) {}
  StringRef reason;
};

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

/// Whether the step of `nest` is one multiply of the two tiled values and
/// one add into a single accumulator (an scf.for), and the map returns that
/// accumulator as it is.
static bool isCheapStep(Nest &nest) {
  if (!nest.forOp || nest.accTypes.size() != 1 || nest.loads.size() != 2 ||
      nest.returns.size() != 1 ||
      nest.returns.front().getValue() != nest.forOp.getResult(0))
    return false;
  unsigned arithmetic = 0;
  for (Operation &op : nest.stepBlock->without_terminator()) {
    if (isa<memref::LoadOp>(op))
      continue;
    if (!isa<arith::MulFOp, arith::AddFOp, arith::MulIOp, arith::AddIOp>(op))
      return false;
    ++arithmetic;
  }
  return arithmetic == 2;
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
/// an scf.for whose single f32 accumulator gets, per k, the product of the
/// two tiled values (of the mode's input type, extended to f32 unless they
/// are f32) added to it; else why not.
static MatchResult matchMmaStep(Nest &nest, TileMma kind) {
  if (!nest.forOp)
    return MatchResult::failure("the reduction is a 'seq' seg.red");
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
  auto yield = cast<scf::YieldOp>(nest.stepBlock->getTerminator());
  auto sum = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  Value acc = nest.forOp.getRegionIterArgs().front();
  Value product;
  if (sum && sum.getLhs() == acc)
    product = sum.getRhs();
  else if (sum && sum.getRhs() == acc)
    product = sum.getLhs();
  auto mul = product ? product.getDefiningOp<arith::MulFOp>() : nullptr;
  if (!mul || !inputLoad(mul.getLhs()) || !inputLoad(mul.getRhs()) ||
      inputLoad(mul.getLhs()) == inputLoad(mul.getRhs()))
    return MatchResult::failure(
        "the reduction step is not acc + a * b of the two tiled values");
  // Nothing else: another use of the accumulator or another operation
  // would be dropped.
  unsigned expected = 2 + 2 + (input.isF32() ? 0 : 2);
  if (llvm::range_size(nest.stepBlock->without_terminator()) != expected ||
      !acc.hasOneUse())
    return MatchResult::failure(
        "the reduction step computes more than acc + a * b");
  return MatchResult::success();
}

/// Matches `map` as `(b..., i, j) { code1; redomap over k; code2 }` into
/// `nest`.
static MatchResult match(MapOp map, Nest &nest) {
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

/// One tunable of a tiled map: its tuning-file name, its option (0: not
/// given) and the plan's field.
struct Parameter {
  StringRef name;
  int64_t option;
  int64_t *field;
};

/// Which parameters the tuning file or the options give.
struct Given {
  bool tiles = false, stages = false;
  /// "tuning file", "options" or empty.
  std::string source;
};

/// Sets each parameter from the tuning file, else from its option, else
/// leaves the model's value.
static FailureOr<Given> applyOverrides(MapOp map, const TuningFile &overrides,
                                       ArrayRef<Parameter> parameters,
                                       const int64_t *stagesField) {
  Given given;
  for (const Parameter &parameter : parameters) {
    std::string name = getTunableName(map, parameter.name);
    std::optional<int64_t> value = overrides.lookup(name);
    if (value) {
      if (*value <= 0)
        return map.emitOpError() << "tuning file value " << *value << " of "
                                 << name << " must be positive";
      given.source = "tuning file";
    } else if (parameter.option != 0) {
      value = parameter.option;
      if (given.source.empty())
        given.source = "options";
    }
    if (!value)
      continue;
    *parameter.field = *value;
    (parameter.field == stagesField ? given.stages : given.tiles) = true;
  }
  return given;
}

/// Drops the 16-byte global loads of slices whose copy walk is not whole
/// vectors under `tiles`; the number of slices that keep them.
static unsigned selectGlobalVectorLoads(Nest &nest, const TileSizes &tiles) {
  unsigned vectorLoads = 0;
  for (TiledLoad &tiled : nest.loads) {
    int64_t width = tiled.globalVectorWidth;
    int64_t walked = tiled.kInner   ? tiles.tk
                     : tiled.alongI ? tiles.ty * tiles.ry
                                    : tiles.tx * tiles.rx;
    if (width && walked % width != 0)
      tiled.globalVectorWidth = 0;
    vectorLoads += tiled.globalVectorWidth != 0;
  }
  return vectorLoads;
}

/// Whether `map` has fewer points than one block of `rows` x `columns`
/// threads, which a remark then says.
static bool isSmallerThanBlock(MapOp map, int64_t rows, int64_t columns) {
  int64_t threads = rows * columns;
  SmallVector<OpFoldResult> sizes = map.getMixedSizes();
  std::optional<int64_t> m = getConstantIntValue(sizes[sizes.size() - 2]);
  std::optional<int64_t> n = getConstantIntValue(sizes.back());
  if (!m || !n || *m * *n >= threads)
    return false;
  mlir::emitRemark(map.getLoc()) << "not tiled: " << *m << " x " << *n
                                 << " points are fewer than one block of "
                                 << rows << " x " << columns << " threads";
  return true;
}

struct SegTileBlockRegisterPass
    : public seg::impl::SegTileBlockRegisterBase<SegTileBlockRegisterPass> {
  using Base::Base;

  void runOnOperation() override {
    if (swizzle < 0) {
      getOperation()->emitError()
          << "seg-tile-block-register: option 'swizzle' must be at least 1 "
             "(or 0 for the resource model), got "
          << static_cast<int64_t>(swizzle);
      return signalPassFailure();
    }
    FailureOr<TuningFile> overrides =
        TuningFile::readOverrides(tuningFile, getOperation());
    if (failed(overrides))
      return signalPassFailure();
    SmallVector<MapOp> candidates;
    getOperation()->walk([&](MapOp map) {
      if (map.getLevel() == Level::Thread)
        candidates.push_back(map);
    });
    TuningFile chosen;
    for (MapOp map : candidates)
      if (failed(tile(map, *overrides, chosen)))
        return signalPassFailure();
    std::string error;
    if (!tuningFileOut.empty() && failed(chosen.write(tuningFileOut, error))) {
      getOperation()->emitError() << error;
      return signalPassFailure();
    }
  }

  /// Tiles `map` when it matches and tiling pays off; a remark says why
  /// not otherwise.
  LogicalResult tile(MapOp map, const TuningFile &overrides,
                     TuningFile &chosen);
  /// Tiles the matched `nest` on tensor cores.
  LogicalResult tileWithMma(Nest &nest, const TuningFile &overrides,
                            TuningFile &chosen);
  /// Sets `plan.blockSwizzle` from the tuning file, the option or the model
  /// (for blocks of `threads` threads using `sharedBytes`, and A and B
  /// elements of `sizeA` and `sizeB` bytes).
  LogicalResult selectSwizzle(MapOp map, const TuningFile &overrides,
                              const ResourceModel &model, TilePlan &plan,
                              int64_t threads, int64_t sharedBytes,
                              int64_t sizeA, int64_t sizeB, TuningFile &chosen);
};

/// The remark's words on the block order.
static std::string describeSwizzle(int64_t swizzle) {
  if (swizzle == 1)
    return "row-major block order";
  return "blocks in groups of " + std::to_string(swizzle) + " rows";
}

LogicalResult SegTileBlockRegisterPass::selectSwizzle(
    MapOp map, const TuningFile &overrides, const ResourceModel &model,
    TilePlan &plan, int64_t threads, int64_t sharedBytes, int64_t sizeA,
    int64_t sizeB, TuningFile &chosen) {
  std::string name = getTunableName(map, "swizzle");
  if (std::optional<int64_t> value = overrides.lookup(name)) {
    if (*value <= 0)
      return map.emitOpError() << "tuning file value " << *value << " of "
                               << name << " must be positive";
    plan.blockSwizzle = *value;
  } else if (swizzle > 0) {
    plan.blockSwizzle = swizzle;
  } else {
    // The static grid, where the sizes are: block rows and columns, and the
    // outer dimensions' points.
    int64_t tileM = plan.tiles.ty * plan.tiles.ry;
    int64_t tileN = plan.tiles.tx * plan.tiles.rx;
    SmallVector<OpFoldResult> sizes = map.getMixedSizes();
    auto blocksOf = [&](OpFoldResult size,
                        int64_t tile) -> std::optional<int64_t> {
      if (std::optional<int64_t> extent = getConstantIntValue(size))
        return llvm::divideCeil(*extent, tile);
      return std::nullopt;
    };
    std::optional<int64_t> blockRows = blocksOf(sizes[sizes.size() - 2], tileM);
    std::optional<int64_t> numBlocks = 1;
    for (auto [d, size] : llvm::enumerate(sizes)) {
      std::optional<int64_t> blocks =
          blocksOf(size, d + 2 == sizes.size()   ? tileM
                         : d + 1 == sizes.size() ? tileN
                                                 : 1);
      if (!blocks || !numBlocks ||
          llvm::MulOverflow(*numBlocks, *blocks, *numBlocks))
        numBlocks = std::nullopt;
    }
    plan.blockSwizzle = model.selectBlockSwizzle(
        tileM * sizeA, tileN * sizeB,
        model.getResidentBlocksPerSM(threads, sharedBytes), blockRows,
        numBlocks);
  }
  chosen.set(name, plan.blockSwizzle);
  return success();
}

LogicalResult SegTileBlockRegisterPass::tile(MapOp map,
                                             const TuningFile &overrides,
                                             TuningFile &chosen) {
  Nest nest;
  if (MatchResult matched = match(map, nest); matched.failed()) {
    mlir::emitRemark(map.getLoc()) << "not tiled: " << matched.getReason();
    return success();
  }

  // Tiling pays off only with reuse along both dimensions and more points
  // than one block has threads.
  SmallVector<OpFoldResult> sizes = map.getMixedSizes();
  std::optional<int64_t> m = getConstantIntValue(sizes[sizes.size() - 2]);
  std::optional<int64_t> n = getConstantIntValue(sizes.back());
  if ((m && *m == 1) || (n && *n == 1)) {
    mlir::emitRemark(map.getLoc())
        << "not tiled: a static extent of 1 in " << ((m && *m == 1) ? "i" : "j")
        << " leaves nothing to reuse";
    return success();
  }
  if (mma != TileMma::None) {
    MatchResult mmaMatched = matchMmaStep(nest, mma);
    if (!mmaMatched.failed())
      return tileWithMma(nest, overrides, chosen);
    mlir::emitRemark(map.getLoc())
        << "not on tensor cores (mma=" << getMmaModeName(mma)
        << "): " << mmaMatched.getReason() << "; tiled on CUDA cores";
  }

  int64_t sizeA = 0, sizeB = 0, sizeAcc = 0;
  for (TiledLoad &tiled : nest.loads) {
    std::optional<int64_t> bytes = getPrimitiveByteSize(tiled.load.getType());
    if (!bytes) {
      mlir::emitRemark(map.getLoc())
          << "not tiled: an array element is not of a "
             "primitive type";
      return success();
    }
    (tiled.alongI ? sizeA : sizeB) += *bytes;
  }
  for (Type type : nest.accTypes)
    sizeAcc += *getPrimitiveByteSize(type);

  TargetAttr target = TargetAttr::lookup(map);
  ResourceModel model(target);
  std::string explanation;
  FailureOr<TileSizes> selected =
      model.selectTiles(sizeA, sizeB, sizeAcc, nest.cheapStep, &explanation);
  TilePlan plan;
  if (succeeded(selected))
    plan.tiles = *selected;
  TileSizes &tiles = plan.tiles;
  // Each parameter: the tuning file, then the option, then the model.
  Parameter parameters[] = {
      {"ty", ty, &tiles.ty}, {"tx", tx, &tiles.tx},
      {"tk", tk, &tiles.tk}, {"ry", ry, &tiles.ry},
      {"rx", rx, &tiles.rx}, {"stages", stages, &tiles.stages}};
  FailureOr<Given> given =
      applyOverrides(map, overrides, parameters, &tiles.stages);
  if (failed(given))
    return failure();
  bool tilesGiven = given->tiles, stagesGiven = given->stages;
  std::string source = given->source;
  if (!tilesGiven && failed(selected))
    return map.emitOpError()
           << "no tile sizes fit target " << target.getChip()
           << " for element sizes A " << sizeA << ", B " << sizeB
           << ", accumulators " << sizeAcc << " bytes";
  // Given tiles: two stages where they fit without spilling.
  if (tilesGiven && !stagesGiven) {
    tiles.stages = 2;
    Legality staged = model.checkTiles(tiles, sizeA, sizeB, sizeAcc);
    if (!staged.isLegal() || !staged.softViolation.empty())
      tiles.stages = 1;
  }
  if (tiles.stages > 2)
    return map.emitOpError() << "illegal tile sizes: " << tiles.stages
                             << " stages, at most 2 are supported";
  Legality legality = model.checkTiles(tiles, sizeA, sizeB, sizeAcc);
  if (!legality.isLegal())
    return map.emitOpError()
           << "illegal tile sizes: " << legality.hardViolation;
  if (tilesGiven && !legality.softViolation.empty())
    map.emitWarning() << legality.softViolation;
  if (!source.empty())
    explanation = "from the " + source;

  if (isSmallerThanBlock(map, tiles.ty, tiles.tx))
    return success();
  for (Parameter &parameter : parameters)
    chosen.set(getTunableName(map, parameter.name), *parameter.field);

  if (failed(selectSwizzle(map, overrides, model, plan, tiles.ty * tiles.tx,
                           model.getTileSharedBytes(tiles, sizeA, sizeB), sizeA,
                           sizeB, chosen)))
    return failure();

  // A 16-byte global load needs whole vectors in every copy walk.
  unsigned vectorLoads = selectGlobalVectorLoads(nest, tiles);

  if (emitRemarks)
    mlir::emitRemark(map.getLoc())
        << "tiled: " << tiles.ty * tiles.ry << "x" << tiles.tx * tiles.rx
        << " per block of " << tiles.ty << "x" << tiles.tx << " threads, "
        << tiles.ry << "x" << tiles.rx << " per thread, k-tile " << tiles.tk
        << ", " << tiles.stages << " stage" << (tiles.stages > 1 ? "s" : "")
        << ", 16-byte loads for " << vectorLoads << " of " << nest.loads.size()
        << " slices, " << describeSwizzle(plan.blockSwizzle) << " ("
        << explanation << ")";

  OpBuilder b(map);
  buildTiledMap(b, nest, plan);
  return success();
}

LogicalResult SegTileBlockRegisterPass::tileWithMma(Nest &nest,
                                                    const TuningFile &overrides,
                                                    TuningFile &chosen) {
  MapOp map = nest.map;
  TargetAttr target = TargetAttr::lookup(map);
  // mma.sync m16n8k8 with .tf32 and m16n8k16 with .bf16 came with sm_80.
  std::optional<ComputeCapability> capability = parseChip(target.getChip());
  if (!capability || capability->version < 80)
    return map.emitOpError()
           << "mma=" << getMmaModeName(mma) << " needs mma.sync of sm_80 or "
           << "later but the target is " << target.getChip();
  if (target.getWarpSize() != kMmaWarpLanes)
    return map.emitOpError()
           << "mma=" << getMmaModeName(mma) << " needs warps of "
           << kMmaWarpLanes << " lanes (the fragment layouts) but target "
           << target.getChip() << " has " << target.getWarpSize();
  ResourceModel model(target);
  int64_t elemBytes = *getPrimitiveByteSize(nest.loads.front().load.getType());
  std::string explanation;
  FailureOr<TilePlan> selected =
      selectMmaPlan(mma, elemBytes, model, &explanation);
  TilePlan plan;
  if (succeeded(selected))
    plan = *selected;
  else
    setMmaShape(plan.mma, mma, target);
  MmaTiles &m = plan.mma;
  // The tuning file, then the options (tk and stages), then the model.
  Parameter parameters[] = {
      {"warps_m", 0, &m.warpsM},  {"warps_n", 0, &m.warpsN},
      {"frags_m", 0, &m.fragsM},  {"frags_n", 0, &m.fragsN},
      {"tk", tk, &plan.tiles.tk}, {"stages", stages, &plan.tiles.stages}};
  FailureOr<Given> given =
      applyOverrides(map, overrides, parameters, &plan.tiles.stages);
  if (failed(given))
    return failure();
  if (!given->tiles && !given->stages && failed(selected))
    return map.emitOpError()
           << "no tensor-core tiles fit target " << target.getChip()
           << " for inputs of " << elemBytes << " bytes";
  if (plan.tiles.stages > 2)
    return map.emitOpError() << "illegal tile sizes: " << plan.tiles.stages
                             << " stages, at most 2 are supported";
  Legality legality = checkMmaPlan(plan, elemBytes, model);
  if (!legality.isLegal())
    return map.emitOpError()
           << "illegal tensor-core tiles: " << legality.hardViolation;
  if ((given->tiles || given->stages) && !legality.softViolation.empty())
    map.emitWarning() << legality.softViolation;
  if (!given->source.empty())
    explanation = "from the " + given->source;
  if (isSmallerThanBlock(map, m.getNumWarps(), m.warpSize))
    return success();
  for (Parameter &parameter : parameters)
    chosen.set(getTunableName(map, parameter.name), *parameter.field);
  if (failed(selectSwizzle(
          map, overrides, model, plan, m.getNumWarps() * m.warpSize,
          getMmaSharedBytes(plan, elemBytes), elemBytes, elemBytes, chosen)))
    return failure();
  unsigned vectorLoads = selectGlobalVectorLoads(nest, plan.tiles);

  if (emitRemarks)
    mlir::emitRemark(map.getLoc())
        << "tiled on tensor cores (" << getMmaModeName(mma) << ", m" << m.fragM
        << "n" << m.fragN << "k" << m.fragK << "): " << m.getTileM() << "x"
        << m.getTileN() << " per block of " << m.warpsM << "x" << m.warpsN
        << " warps, " << m.fragsM * m.fragM << "x" << m.fragsN * m.fragN
        << " per warp (" << m.fragsM << "x" << m.fragsN
        << " fragments), k-tile " << plan.tiles.tk << ", " << plan.tiles.stages
        << " stage" << (plan.tiles.stages > 1 ? "s" : "")
        << ", 16-byte loads for " << vectorLoads << " of " << nest.loads.size()
        << " slices, " << describeSwizzle(plan.blockSwizzle) << " ("
        << explanation << ")";

  OpBuilder b(map);
  buildTiledMap(b, nest, plan);
  return success();
}

} // namespace
