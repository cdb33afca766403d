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
// This file holds the pass; the matching of the nest is in
// TiledNestMatch.cpp, the rewrite in TiledMapBuilder.cpp.
//
//===----------------------------------------------------------------------===//

#include "TileBlockRegister.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Analysis/Tuning.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Dialect/Seg/Transforms/Transforms.h"
#include "segir/Dialect/Seg/Utils/Utils.h"
#include "segir/Target/Chips.h"
#include "segir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
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

/// Why `map` is not tiled when it has fewer points than one block of
/// `rows` x `columns` threads; empty otherwise.
static std::string getSmallerThanBlockReason(MapOp map, int64_t rows,
                                             int64_t columns) {
  int64_t threads = rows * columns;
  SmallVector<OpFoldResult> sizes = map.getMixedSizes();
  std::optional<int64_t> m = getConstantIntValue(sizes[sizes.size() - 2]);
  std::optional<int64_t> n = getConstantIntValue(sizes.back());
  if (!m || !n || *m * *n >= threads)
    return "";
  return "not tiled: " + std::to_string(*m) + " x " + std::to_string(*n) +
         " points are fewer than one block of " + std::to_string(rows) +
         " x " + std::to_string(columns) + " threads";
}

/// Tiles maps as seg-tile-block-register does with `options` and the
/// tuning file's `overrides`, recording the values used in `chosen` and
/// why a map is left alone.
struct BlockRegisterTiler {
  RewriterBase &rewriter;
  const SegTileBlockRegisterOptions &options;
  const TuningFile &overrides;
  TuningFile &chosen;
  std::string declinedReason;

  /// Tiles `map` when it matches and tiling pays off, returning the block
  /// map that replaced it; else a remark says why not and the result is
  /// null. Fails after a diagnostic on `map`.
  FailureOr<MapOp> tile(MapOp map);
  /// Tiles the matched `nest` on tensor cores.
  FailureOr<MapOp> tileWithMma(Nest &nest);
  /// Tiles the matched `nest` on wgmma, chosen for `reason`.
  FailureOr<MapOp> tileWithWgmma(Nest &nest, StringRef reason);
  /// Sets `plan.blockSwizzle` from the tuning file, the option or the model
  /// (for blocks of `threads` threads using `sharedBytes`, and A and B
  /// elements of `sizeA` and `sizeB` bytes).
  LogicalResult selectSwizzle(MapOp map, const ResourceModel &model,
                              TilePlan &plan, int64_t threads,
                              int64_t sharedBytes, int64_t sizeA,
                              int64_t sizeB);
  /// Leaves `map` alone, saying why in a remark.
  FailureOr<MapOp> decline(MapOp map, const Twine &why) {
    declinedReason = why.str();
    mlir::emitRemark(map.getLoc()) << declinedReason;
    return MapOp();
  }
  /// Replaces `nest.map` by its tiles as `plan` says.
  MapOp build(Nest &nest, const TilePlan &plan) {
    OpBuilder b(nest.map);
    MapOp tiled = buildTiledMap(b, nest, plan);
    rewriter.eraseOp(nest.map);
    return tiled;
  }
};

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
    SegTileBlockRegisterOptions options{
        ty,          tx,         tk,
        ry,          rx,         stages,
        swizzle,     tuningFile, tuningFileOut,
        emitRemarks, mma,        mmaInstruction};
    IRRewriter rewriter(&getContext());
    BlockRegisterTiler tiler{rewriter, options, *overrides, chosen, {}};
    for (MapOp map : candidates)
      if (failed(tiler.tile(map)))
        return signalPassFailure();
    std::string error;
    if (!tuningFileOut.empty() && failed(chosen.write(tuningFileOut, error))) {
      getOperation()->emitError() << error;
      return signalPassFailure();
    }
  }
};

/// The remark's words on the stages; `prefetchReason` says why two stages
/// prefetch through registers rather than copy asynchronously.
static std::string describeStages(int64_t stages, StringRef prefetchReason) {
  std::string words = std::to_string(stages) + " stage";
  if (stages > 1)
    words += "s";
  if (stages >= TileSizes::kMinAsyncCopyStages)
    return words + " of asynchronous copies";
  if (stages == 2 && !prefetchReason.empty())
    words += " (register prefetch: " + prefetchReason.str() + ")";
  return words;
}

/// The remark's words on the block order.
static std::string describeSwizzle(int64_t swizzle) {
  if (swizzle == 1)
    return "row-major block order";
  return "blocks in groups of " + std::to_string(swizzle) + " rows";
}

LogicalResult BlockRegisterTiler::selectSwizzle(
    MapOp map, const ResourceModel &model, TilePlan &plan, int64_t threads,
    int64_t sharedBytes, int64_t sizeA, int64_t sizeB) {
  std::string name = getTunableName(map, "swizzle");
  if (std::optional<int64_t> value = overrides.lookup(name)) {
    if (*value <= 0)
      return map.emitOpError() << "tuning file value " << *value << " of "
                               << name << " must be positive";
    plan.blockSwizzle = *value;
  } else if (options.swizzle > 0) {
    plan.blockSwizzle = options.swizzle;
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

FailureOr<MapOp> BlockRegisterTiler::tile(MapOp map) {
  if (options.mma == TileMma::None &&
      options.mmaInstruction != MmaInstruction::Auto)
    return map.emitOpError()
           << "mma-instruction="
           << getMmaInstructionName(options.mmaInstruction)
           << " needs a tensor-core mode (mma=tf32, bf16 or f16)";
  Nest nest;
  if (MatchResult matched = matchNest(map, nest); matched.failed())
    return decline(map, "not tiled: " + matched.getReason());

  // Tiling pays off only with reuse along both dimensions and more points
  // than one block has threads.
  SmallVector<OpFoldResult> sizes = map.getMixedSizes();
  std::optional<int64_t> m = getConstantIntValue(sizes[sizes.size() - 2]);
  std::optional<int64_t> n = getConstantIntValue(sizes.back());
  if ((m && *m == 1) || (n && *n == 1))
    return decline(map, Twine("not tiled: a static extent of 1 in ") +
                            ((m && *m == 1) ? "i" : "j") +
                            " leaves nothing to reuse");
  TileMma mma = options.mma;
  if (mma != TileMma::None) {
    MatchResult mmaMatched = matchMmaStep(nest, mma);
    if (!mmaMatched.failed())
      return tileWithMma(nest);
    mlir::emitRemark(map.getLoc())
        << "not on tensor cores (mma=" << getMmaModeName(mma)
        << "): " << mmaMatched.getReason() << "; tiled on CUDA cores";
  }

  int64_t sizeA = 0, sizeB = 0, sizeAcc = 0;
  for (TiledLoad &tiled : nest.loads) {
    std::optional<int64_t> bytes = getPrimitiveByteSize(tiled.load.getType());
    if (!bytes)
      return decline(map,
                     "not tiled: an array element is not of a primitive type");
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
  Parameter parameters[] = {{"ty", options.ty, &tiles.ty},
                            {"tx", options.tx, &tiles.tx},
                            {"tk", options.tk, &tiles.tk},
                            {"ry", options.ry, &tiles.ry},
                            {"rx", options.rx, &tiles.rx},
                            {"stages", options.stages, &tiles.stages}};
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
  // Asynchronous copies where they apply, at the model's stage count. Not
  // by default for steps other than a multiply-add: their temporaries and
  // the copies' addresses can exceed the registers (ptxas spills an
  // integer-division step at the model's tiles).
  std::string asyncObstacle = getAsyncCopyObstacle(nest, target);
  std::string prefetchReason = asyncObstacle;
  if (prefetchReason.empty() && !nest.cheapStep)
    prefetchReason = "the step is not a multiply-add, whose registers the "
                     "model leaves to it";
  if (!stagesGiven && tiles.stages == 2 && prefetchReason.empty())
    if (int64_t stages = model.selectAsyncCopyStages(tiles, sizeA, sizeB))
      tiles.stages = stages;
  if (tiles.usesAsyncCopies() && !asyncObstacle.empty())
    return map.emitOpError()
           << "illegal tile sizes: " << tiles.stages
           << " stages need asynchronous copies, but " << asyncObstacle;
  Legality legality = model.checkTiles(tiles, sizeA, sizeB, sizeAcc);
  if (!legality.isLegal())
    return map.emitOpError()
           << "illegal tile sizes: " << legality.hardViolation;
  if (tilesGiven && !legality.softViolation.empty())
    map.emitWarning() << legality.softViolation;
  if (!source.empty())
    explanation = "from the " + source;

  if (std::string why = getSmallerThanBlockReason(map, tiles.ty, tiles.tx);
      !why.empty())
    return decline(map, why);
  for (Parameter &parameter : parameters)
    chosen.set(getTunableName(map, parameter.name), *parameter.field);

  if (failed(selectSwizzle(map, model, plan, tiles.ty * tiles.tx,
                           model.getTileSharedBytes(tiles, sizeA, sizeB), sizeA,
                           sizeB)))
    return failure();

  // A 16-byte global load needs whole vectors in every copy walk.
  unsigned vectorLoads = selectGlobalVectorLoads(nest, tiles);

  if (options.emitRemarks)
    mlir::emitRemark(map.getLoc())
        << "tiled: " << tiles.ty * tiles.ry << "x" << tiles.tx * tiles.rx
        << " per block of " << tiles.ty << "x" << tiles.tx << " threads, "
        << tiles.ry << "x" << tiles.rx << " per thread, k-tile " << tiles.tk
        << ", " << describeStages(tiles.stages, prefetchReason)
        << ", 16-byte loads for " << vectorLoads << " of " << nest.loads.size()
        << " slices, " << describeSwizzle(plan.blockSwizzle) << " ("
        << explanation << ")";

  return build(nest, plan);
}

FailureOr<MapOp> BlockRegisterTiler::tileWithMma(Nest &nest) {
  MapOp map = nest.map;
  TileMma mma = options.mma;
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
  FailureOr<MmaInstructionChoice> instruction =
      selectMmaInstruction(nest, mma, options.mmaInstruction, target);
  if (failed(instruction))
    return failure();
  if (instruction->instruction == MmaInstruction::Wgmma)
    return tileWithWgmma(nest, instruction->reason);
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
      {"tk", options.tk, &plan.tiles.tk},
      {"stages", options.stages, &plan.tiles.stages}};
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
  if (std::string why =
          getSmallerThanBlockReason(map, m.getNumWarps(), m.warpSize);
      !why.empty())
    return decline(map, why);
  for (Parameter &parameter : parameters)
    chosen.set(getTunableName(map, parameter.name), *parameter.field);
  if (failed(selectSwizzle(map, model, plan, m.getNumWarps() * m.warpSize,
                           getMmaSharedBytes(plan, elemBytes), elemBytes,
                           elemBytes)))
    return failure();
  unsigned vectorLoads = selectGlobalVectorLoads(nest, plan.tiles);

  if (options.emitRemarks)
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
        << explanation << "); "
        << getMmaInstructionName(instruction->instruction) << ": "
        << instruction->reason;

  return build(nest, plan);
}

FailureOr<MapOp> BlockRegisterTiler::tileWithWgmma(Nest &nest,
                                                   StringRef reason) {
  MapOp map = nest.map;
  TileMma mma = options.mma;
  TargetAttr target = TargetAttr::lookup(map);
  ResourceModel model(target);
  int64_t elemBytes = *getPrimitiveByteSize(nest.loads.front().load.getType());
  std::string why;
  FailureOr<TilePlan> selected = selectWgmmaPlan(nest, mma, model, why);
  if (failed(selected))
    return map.emitOpError() << "no warpgroup tiles fit target "
                             << target.getChip() << ": " << why;
  TilePlan plan = *selected;
  plan.mma.kind = mma;
  // The k-tile is one 128-byte swizzled row; the stages may be given.
  if (options.tk != 0 && options.tk != plan.tiles.tk)
    return map.emitOpError()
           << "illegal tile sizes: wgmma k-tiles are " << plan.tiles.tk
           << " elements (128 bytes), got tk=" << options.tk;
  // The stages and consumer warpgroups: the tuning file, then the option,
  // then the model.
  int64_t consumers = plan.wgmma.consumers;
  Parameter parameters[] = {{"stages", options.stages, &plan.tiles.stages},
                            {"warpgroups", 0, &consumers}};
  FailureOr<Given> given =
      applyOverrides(map, overrides, parameters, &plan.tiles.stages);
  if (failed(given))
    return failure();
  if (consumers != plan.wgmma.consumers) {
    if (consumers > 2)
      return map.emitOpError() << "illegal tile sizes: wgmma blocks have 1 "
                                  "or 2 consumer warpgroups, got "
                               << consumers;
    setWgmmaConsumers(plan, consumers, target);
    plan.wgmma.consumersReason = "from the " + given->source;
  }
  const TileSizes &tiles = plan.tiles;
  if (tiles.stages < TileSizes::kMinAsyncCopyStages)
    return map.emitOpError()
           << "illegal tile sizes: wgmma needs at least "
           << TileSizes::kMinAsyncCopyStages << " stages, got " << tiles.stages;
  if (int64_t bytes = getWgmmaSharedBytes(plan, elemBytes);
      bytes > target.getSharedMemoryPerBlock())
    return map.emitOpError()
           << "illegal tile sizes: " << tiles.stages << " stages need " << bytes
           << " bytes of shared memory, more than the "
           << target.getSharedMemoryPerBlock() << " of a block of "
           << target.getChip();
  chosen.set(getTunableName(map, "stages"), tiles.stages);
  chosen.set(getTunableName(map, "warpgroups"), plan.wgmma.consumers);
  if (std::string small = getSmallerThanBlockReason(map, tiles.ty, tiles.tx);
      !small.empty())
    return decline(map, small);
  if (failed(selectSwizzle(map, model, plan, plan.getBlockThreads(),
                           getWgmmaSharedBytes(plan, elemBytes), elemBytes,
                           elemBytes)))
    return failure();
  const WgmmaTiles &w = plan.wgmma;
  if (options.emitRemarks)
    mlir::emitRemark(map.getLoc())
        << "tiled on tensor cores (" << getMmaModeName(mma) << ", wgmma m64n"
        << w.tileN << "k" << w.stepK << "): " << 64 * w.consumers << "x"
        << w.tileN << " per block of " << w.consumers << " consumer warpgroup"
        << (w.consumers > 1 ? "s" : "") << " (" << w.consumersReason
        << ") and a producer warpgroup (setmaxnreg " << w.consumerRegisters
        << " and " << w.producerRegisters << "), k-tile " << tiles.tk << ", "
        << tiles.stages << " stages of TMA loads, A " << w.a.reason << ", B "
        << w.b.reason << ", " << describeSwizzle(plan.blockSwizzle)
        << "; wgmma: " << reason;
  return build(nest, plan);
}

} // namespace

FailureOr<MapOp>
seg::tileBlockRegister(RewriterBase &rewriter, MapOp map,
                       const SegTileBlockRegisterOptions &options,
                       std::string &declined) {
  TuningFile overrides, chosen;
  BlockRegisterTiler tiler{rewriter, options, overrides, chosen, {}};
  FailureOr<MapOp> tiled = tiler.tile(map);
  declined = tiler.declinedReason;
  return tiled;
}

std::optional<TileMma> seg::parseTileMma(StringRef name) {
  for (TileMma kind :
       {TileMma::None, TileMma::TF32, TileMma::BF16, TileMma::F16})
    if (getMmaModeName(kind) == name)
      return kind;
  return std::nullopt;
}

std::optional<MmaInstruction> seg::parseMmaInstruction(StringRef name) {
  for (MmaInstruction instruction :
       {MmaInstruction::Auto, MmaInstruction::MmaSync, MmaInstruction::Wgmma})
    if (getMmaInstructionName(instruction) == name)
      return instruction;
  return std::nullopt;
}
