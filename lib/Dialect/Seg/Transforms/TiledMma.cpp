//===- TiledMma.cpp - Tensor-core tiles of seg-tile-block-register --------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The tensor-core mode of seg-tile-block-register (`mma=tf32|bf16|f16`):
// the choice of the warp tiles and the parts of the tiled map that differ
// from the CUDA-core one.
//
// The block's warps form a warpsM x warpsN grid; warp (wm, wn) owns the
// (fragsM * 16) x (fragsN * 8) warp tile at (wm * fragsM * 16,
// wn * fragsN * 8) of the block tile, as fragsM x fragsN mma.sync
// accumulators (m16n8k8 for TF32, m16n8k16 for BF16 and F16) that each lane
// keeps in thread-private registers. The slices are copied to shared memory
// as on CUDA cores (TiledCopy.cpp: zeros outside the arrays, the same
// pipelining), and every k-tile runs Tk / K mma.sync steps per fragment on
// them, with fragments loaded by ldmatrix. BF16 and F16 slices hold k rows
// and ldmatrix.trans gives the fragments' registers (the transposed 8 x 8
// matrices); TF32 slices, whose 32-bit elements ldmatrix cannot transpose,
// are k-major (a row of k values per position), and plain ldmatrix gives
// them. Zeros in the padding add nothing, so the edge blocks and the last
// k-tile compute exactly as the others. After the
// k loop the fragments go to a C tile in shared memory, from which the
// epilogue evaluates code2 per element and writes the block tile with
// seg.regtile_returns, bounds-guarded, as on CUDA cores.
//
//===----------------------------------------------------------------------===//

#include "TiledBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::tiling;

//===----------------------------------------------------------------------===//
// The model
//===----------------------------------------------------------------------===//

StringRef tiling::getMmaModeName(TileMma kind) {
  switch (kind) {
  case TileMma::None:
    return "none";
  case TileMma::TF32:
    return "tf32";
  case TileMma::BF16:
    return "bf16";
  case TileMma::F16:
    return "f16";
  }
  llvm_unreachable("unknown mma mode");
}

StringRef tiling::getMmaInstructionName(MmaInstruction instruction) {
  switch (instruction) {
  case MmaInstruction::Auto:
    return "auto";
  case MmaInstruction::MmaSync:
    return "mma.sync";
  case MmaInstruction::Wgmma:
    return "wgmma";
  }
  llvm_unreachable("unknown mma instruction");
}

FailureOr<MmaInstructionChoice>
tiling::selectMmaInstruction(Nest &nest, TileMma kind, MmaInstruction requested,
                             TargetAttr target) {
  if (requested == MmaInstruction::MmaSync)
    return MmaInstructionChoice{MmaInstruction::MmaSync, "as requested"};
  std::string chip = target.getChip().str();
  if (!target.getWgmma()) {
    if (requested == MmaInstruction::Wgmma)
      return nest.map.emitOpError()
             << "mma-instruction=wgmma needs warpgroup MMA, which target "
             << chip << " does not have (sm_90a has it)";
    return MmaInstructionChoice{MmaInstruction::MmaSync,
                                "target " + chip + " has no wgmma"};
  }
  std::string obstacle = getWgmmaObstacle(nest, kind, target);
  if (requested == MmaInstruction::Wgmma) {
    if (!obstacle.empty())
      return nest.map.emitOpError()
             << "mma-instruction=wgmma on target " << chip << ": " << obstacle;
    return MmaInstructionChoice{MmaInstruction::Wgmma, "as requested"};
  }
  if (!obstacle.empty())
    return MmaInstructionChoice{MmaInstruction::MmaSync, obstacle};
  return MmaInstructionChoice{MmaInstruction::Wgmma,
                              "target " + chip + " has wgmma"};
}

void tiling::setMmaShape(MmaTiles &mma, TileMma kind, TargetAttr target) {
  mma.kind = kind;
  mma.fragM = 16;
  mma.fragN = 8;
  mma.fragK = kind == TileMma::TF32 ? 8 : 16;
  mma.warpSize = target.getWarpSize();
}

/// Registers of the A and B fragment elements a lane reads per k-tile (4
/// per A fragment and 2 per B fragment per k-step, of one TF32 or two
/// 16-bit elements each), twice: the k-steps are unrolled, so the compiler
/// keeps every element and its shared-memory address live across them
/// (with ptxas of CUDA 13 for sm_90 on bench/kernels/sgemm.mlir, 4 x 4
/// TF32 fragments with k-tiles of 32 spill, of 16 do not).
static int64_t getFragmentRegisters(const MmaTiles &m, int64_t tk) {
  int64_t perRegister = m.fragK == 8 ? 1 : 2;
  return 2 * (tk / m.fragK) * perRegister * (4 * m.fragsM + 2 * m.fragsN);
}

/// Bytes of the epilogue's C tile of f32 (rows padded).
static int64_t getMmaCTileBytes(int64_t tileM, int64_t tileN) {
  return tileM * (tileN + TileSizes::kRowPadding) * 4;
}

int64_t tiling::getMmaSharedBytes(const TilePlan &plan, int64_t elemBytes) {
  int64_t tileM = plan.mma.getTileM(), tileN = plan.mma.getTileN();
  // A stage of both slices, and the C tile of the epilogue.
  int64_t sliceElements = getMmaSliceStageElements(plan, tileM) +
                          getMmaSliceStageElements(plan, tileN);
  return plan.tiles.stages * sliceElements * elemBytes +
         getMmaCTileBytes(tileM, tileN);
}

Legality tiling::checkMmaPlan(TilePlan &plan, int64_t elemBytes,
                              const ResourceModel &model) {
  Legality legality;
  TargetAttr target = model.getTarget();
  MmaTiles &m = plan.mma;
  TileSizes &t = plan.tiles;
  auto fail = [&](const Twine &why) {
    legality.hardViolation = why.str();
    return legality;
  };
  for (auto [name, value] : {std::pair<StringRef, int64_t>{"warps_m", m.warpsM},
                             {"warps_n", m.warpsN},
                             {"frags_m", m.fragsM},
                             {"frags_n", m.fragsN},
                             {"tk", t.tk},
                             {"stages", t.stages}})
    if (value <= 0)
      return fail("tile size " + name + " must be positive, got " +
                  Twine(value));
  if (m.warpSize != kMmaWarpLanes)
    return fail("mma.sync needs warps of " + Twine(kMmaWarpLanes) +
                " lanes but target " + target.getChip() + " has " +
                Twine(m.warpSize));
  if (t.tk % m.fragK != 0)
    return fail("the k-tile " + Twine(t.tk) + " is not a multiple of the " +
                "mma.sync k of " + Twine(m.fragK));
  int64_t threads = m.getNumWarps() * m.warpSize;
  if (threads > target.getMaxThreadsPerBlock())
    return fail(Twine(m.getNumWarps()) + " warps are " + Twine(threads) +
                " threads, more than max_threads_per_block " +
                Twine(target.getMaxThreadsPerBlock()) + " of target " +
                target.getChip());
  // The threads' view of the copies and the epilogue: Tx threads of Rx
  // elements across the tile's columns (4 each where that divides).
  int64_t tileM = m.getTileM(), tileN = m.getTileN();
  t.ty = t.tx = t.ry = t.rx = 0;
  for (int64_t rx : {4, 2, 1, 8}) {
    if (tileN % rx != 0 || threads % (tileN / rx) != 0)
      continue;
    int64_t ty = threads / (tileN / rx);
    if (tileM % ty != 0)
      continue;
    t.tx = tileN / rx;
    t.rx = rx;
    t.ty = ty;
    t.ry = tileM / ty;
    break;
  }
  if (!t.tx)
    return fail("the " + Twine(tileM) + "x" + Twine(tileN) +
                " block tile does not divide among " + Twine(threads) +
                " threads");
  int64_t sliceElements = getMmaSliceStageElements(plan, tileM) +
                          getMmaSliceStageElements(plan, tileN);
  int64_t cTileBytes = getMmaCTileBytes(tileM, tileN);
  int64_t sharedBytes = getMmaSharedBytes(plan, elemBytes);
  if (sharedBytes > target.getSharedMemoryPerBlock())
    return fail(
        llvm::formatv(
            "the tiles need {0} bytes of shared memory ({1} stages of {2} "
            "slice elements of {3} bytes for the {4}x{5} block tile and "
            "k-tile {6}, and {7} for the C tile) but target {8} allows {9} "
            "per block",
            sharedBytes, t.stages, sliceElements, elemBytes, tileM, tileN, t.tk,
            cTileBytes, target.getChip(), target.getSharedMemoryPerBlock())
            .str());
  int64_t needed = m.fragsM * m.fragsN * 4 + getFragmentRegisters(m, t.tk) +
                   kTileOverheadRegisters;
  if (t.stages > 1)
    needed += llvm::divideCeil(t.tk * (tileM + tileN), threads) *
              getRegisterCount(elemBytes);
  int64_t available = model.getRegistersPerThread(threads);
  if (needed > available)
    legality.softViolation =
        llvm::formatv("the tiles need about {0} registers per thread but "
                      "{1} threads of target {2} have {3} each; expect "
                      "register spilling",
                      needed, threads, target.getChip(), available)
            .str();
  return legality;
}

FailureOr<TilePlan> tiling::selectMmaPlan(TileMma kind, int64_t elemBytes,
                                          const ResourceModel &model,
                                          std::string *why) {
  // From the largest block tile down; per block tile, two stages (one
  // barrier per k-tile) before one, then k-tiles of 4, 2 and 1 mma.sync
  // steps.
  struct Candidate {
    int64_t warpsM, warpsN, fragsM, fragsN;
  };
  const Candidate candidates[] = {{2, 4, 4, 4}, {2, 2, 4, 8}, {2, 2, 4, 4},
                                  {2, 2, 2, 4}, {2, 2, 2, 2}, {2, 1, 2, 2},
                                  {1, 1, 1, 1}};
  std::optional<TilePlan> firstLegal;
  for (const Candidate &c : candidates)
    for (int64_t stages : {2, 1})
      for (int64_t steps : {4, 2, 1}) {
        TilePlan plan;
        setMmaShape(plan.mma, kind, model.getTarget());
        plan.mma.warpsM = c.warpsM;
        plan.mma.warpsN = c.warpsN;
        plan.mma.fragsM = c.fragsM;
        plan.mma.fragsN = c.fragsN;
        plan.tiles.tk = steps * plan.mma.fragK;
        plan.tiles.stages = stages;
        Legality legality = checkMmaPlan(plan, elemBytes, model);
        if (!legality.isLegal())
          continue;
        if (legality.softViolation.empty()) {
          if (why)
            *why = "the largest that fits shared memory and registers of " +
                   model.getTarget().getChip().str();
          return plan;
        }
        if (!firstLegal) {
          firstLegal = plan;
          if (why)
            *why = "no configuration avoids register spilling; " +
                   legality.softViolation;
        }
      }
  if (!firstLegal)
    return failure();
  return *firstLegal;
}

//===----------------------------------------------------------------------===//
// The tiled map's tensor-core parts
//===----------------------------------------------------------------------===//

SmallVector<int64_t, 2> TiledBuilder::getThreadsShape() const {
  if (plan.usesMma())
    return {plan.mma.getNumWarps(), plan.mma.warpSize};
  return {t.ty, t.tx};
}

// The layouts of the PTX ISA (warp-level matrix fragments of mma.m16n8k8
// with .tf32 and mma.m16n8k16 with .f16/.bf16): groupID = lane / 4,
// threadID_in_group = lane % 4.

std::pair<Value, Value> TiledBuilder::mmaElementOfC(Value lane, int64_t i) {
  Value group = divC(lane, 4), inGroup = remC(lane, 4);
  return {add(group, cIdx(8 * (i / 2))),
          add(mul(inGroup, cIdx(2)), cIdx(i % 2))};
}

std::pair<Value, Value> TiledBuilder::mmaWarpOrigin(Value warp) {
  const MmaTiles &m = plan.mma;
  return {mul(divC(warp, m.warpsN), cIdx(m.fragsM * m.fragM)),
          mul(remC(warp, m.warpsN), cIdx(m.fragsN * m.fragN))};
}

void TiledBuilder::emitMmaAccumulatorInit() {
  IRMapping mapping = base;
  Value neutral = materialize(b, nest.neutrals.front(), mapping, mapRegion);
  int64_t count = plan.mma.fragsM * plan.mma.fragsN * 4;
  emitThreadsMap([&](Value warp, Value lane, Value) {
    for (int64_t e = 0; e < count; ++e)
      memref::StoreOp::create(b, loc, neutral, fragmentBuffer,
                              ValueRange{warp, lane, cIdx(e)});
  });
}

void TiledBuilder::emitMmaCompute(Value warp, Value lane, Value stage) {
  const MmaTiles &m = plan.mma;
  auto accType = VectorType::get({2, 2}, b.getF32Type());
  auto [rowOrigin, colOrigin] = mmaWarpOrigin(warp);

  // accs[fi * fragsN + fj]
  SmallVector<Value> accs;
  for (int64_t f = 0; f < m.fragsM * m.fragsN; ++f) {
    SmallVector<Value> elems;
    for (int64_t e = 0; e < 4; ++e)
      elems.push_back(memref::LoadOp::create(
          b, loc, fragmentBuffer, ValueRange{warp, lane, cIdx(f * 4 + e)}));
    accs.push_back(vector::FromElementsOp::create(b, loc, accType, elems));
  }
  for (int64_t k0 = 0; k0 < t.tk; k0 += m.fragK) {
    SmallVector<Value> aFragments, bFragments;
    emitLdmatrixFragments(lane, stage, k0, rowOrigin, colOrigin, aFragments,
                          bFragments);
    for (int64_t fi = 0; fi < m.fragsM; ++fi)
      for (int64_t fj = 0; fj < m.fragsN; ++fj) {
        Value &acc = accs[fi * m.fragsN + fj];
        acc = target.createMatrixMultiplyAccumulate(
            b, loc, aFragments[fi], bFragments[fj], acc,
            ArrayRef<int64_t>{m.fragM, m.fragN, m.fragK},
            /*tf32=*/m.kind == TileMma::TF32);
      }
  }
  for (auto [f, acc] : llvm::enumerate(accs))
    for (int64_t e = 0; e < 4; ++e)
      memref::StoreOp::create(b, loc,
                              vector::ExtractOp::create(
                                  b, loc, acc, ArrayRef<int64_t>{e / 2, e % 2}),
                              fragmentBuffer,
                              ValueRange{warp, lane, cIdx(f * 4 + e)});
}

std::pair<TiledLoad *, TiledLoad *> TiledBuilder::getMmaSlices() {
  TiledLoad *sliceA = nullptr, *sliceB = nullptr;
  for (TiledLoad &tiled : nest.loads)
    (tiled.alongI ? sliceA : sliceB) = &tiled;
  return {sliceA, sliceB};
}

void TiledBuilder::emitAFragmentLoads(TiledLoad &sliceA, Value stage,
                                      Value rowOrigin, Value rowInFragment,
                                      Value k, VectorType type, bool transpose,
                                      SmallVector<Value> &aFragments) {
  const MmaTiles &m = plan.mma;
  for (int64_t fi = 0; fi < m.fragsM; ++fi) {
    Value pos = add(rowOrigin, add(rowInFragment, cIdx(fi * m.fragM)));
    aFragments.push_back(
        target.createMatrixLoad(b, loc, type, sliceA.buffer,
                                sliceIndex(sliceA, stage, k, pos), transpose,
                                /*numTiles=*/4));
  }
}

void TiledBuilder::emitLdmatrixFragments(Value lane, Value stage, int64_t k0,
                                         Value rowOrigin, Value colOrigin,
                                         SmallVector<Value> &aFragments,
                                         SmallVector<Value> &bFragments) {
  const MmaTiles &m = plan.mma;
  auto [sliceA, sliceB] = getMmaSlices();
  Type elemType = sliceA->load.getType();
  // Lane l addresses row l % 8 of matrix l / 8.
  Value row = remC(lane, 8), matrix = divC(lane, 8);
  bool kMajor = plan.usesKMajorSlices();
  if (kMajor) {
    // The slices hold each position's k values: ldmatrix (no .trans) of the
    // 8 x 8 16-bit matrix at positions p..p+7, k..k+3 gives lane (group,
    // inGroup) the 32-bit element (p + group, k + inGroup), the PTX ISA's
    // TF32 register of A (row p + group, column k + inGroup) and of B (row
    // k + inGroup, column p + group).
    // A: matrix q covers rows 8 (q % 2) and k-columns 4 (q / 2) of the
    // fragment, register a[q].
    emitAFragmentLoads(
        *sliceA, stage, rowOrigin, add(row, mul(remC(matrix, 2), cIdx(8))),
        add(mul(divC(matrix, 2), cIdx(4)), cIdx(k0)),
        VectorType::get({4, 1}, elemType), /*transpose=*/false, aFragments);
  } else {
    // The slices hold k rows: ldmatrix.trans of the 8 x 8 matrix at rows
    // k..k+7, positions p..p+7 gives lane (group, inGroup) the elements
    // (k + 2 inGroup + h, p + group), h = 0, 1: a register of A (row
    // p + group, columns k + 2 inGroup + h) and of B (rows k + 2 inGroup + h,
    // column p + group).
    // A: matrix q covers rows 8 (q % 2) and k-columns 8 (q / 2) of the
    // fragment, as registers a[2q], a[2q + 1] of the PTX ISA's layout.
    emitAFragmentLoads(*sliceA, stage, rowOrigin, mul(remC(matrix, 2), cIdx(8)),
                       add(add(row, mul(divC(matrix, 2), cIdx(8))), cIdx(k0)),
                       VectorType::get({4, 2}, elemType), /*transpose=*/true,
                       aFragments);
  }
  // B: matrix q covers the k rows of register b[q % 2] (k 4 (q % 2) ..
  // 4 (q % 2) + 3 of a k-major slice, k 8 (q % 2) .. 8 (q % 2) + 7 of a
  // slice of k rows) of fragment q / 2 of a pair: one ldmatrix.x4 reads two
  // fragments, .x2 the last of an odd count (its lanes 16..31 repeat
  // 0..15).
  int64_t perRegister = kMajor ? 1 : 2;
  Value half = remC(matrix, 2);
  Value bK = kMajor ? add(mul(half, cIdx(4)), cIdx(k0))
                    : add(add(row, mul(half, cIdx(8))), cIdx(k0));
  for (int64_t fj = 0; fj < m.fragsN; fj += 2) {
    int64_t tiles = fj + 1 < m.fragsN ? 4 : 2;
    Value fragment = tiles == 4 ? divC(matrix, 2) : cIdx(0);
    Value pos =
        add(colOrigin, add(mul(fragment, cIdx(m.fragN)), cIdx(fj * m.fragN)));
    if (kMajor)
      pos = add(pos, row);
    Value loaded = target.createMatrixLoad(
        b, loc, VectorType::get({tiles, perRegister}, elemType), sliceB->buffer,
        sliceIndex(*sliceB, stage, bK, pos),
        /*transpose=*/!kMajor, tiles);
    for (int64_t first = 0; first < tiles; first += 2)
      bFragments.push_back(tiles == 2 ? loaded
                                      : vector::ExtractStridedSliceOp::create(
                                            b, loc, loaded,
                                            ArrayRef<int64_t>{first, 0},
                                            ArrayRef<int64_t>{2, perRegister},
                                            ArrayRef<int64_t>{1, 1}));
  }
}

void TiledBuilder::emitMmaFragmentsToShared() {
  const MmaTiles &m = plan.mma;
  emitThreadsMap([&](Value warp, Value lane, Value) {
    auto [rowOrigin, colOrigin] = mmaWarpOrigin(warp);
    for (int64_t fi = 0; fi < m.fragsM; ++fi)
      for (int64_t fj = 0; fj < m.fragsN; ++fj)
        for (int64_t e = 0; e < 4; ++e) {
          auto [row, col] = mmaElementOfC(lane, e);
          Value r = add(rowOrigin, add(row, cIdx(fi * m.fragM)));
          Value c = add(colOrigin, add(col, cIdx(fj * m.fragN)));
          Value value = memref::LoadOp::create(
              b, loc, fragmentBuffer,
              ValueRange{warp, lane, cIdx((fi * m.fragsN + fj) * 4 + e)});
          memref::StoreOp::create(b, loc, value, cTile,
                                  add(mul(r, cIdx(cPitch)), c));
        }
  });
}
