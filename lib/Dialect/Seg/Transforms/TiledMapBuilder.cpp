//===- TiledMapBuilder.cpp - The rewrite of seg-tile-block-register -------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Builds the block- and register-tiled map of a nest matched by
// seg-tile-block-register (TileBlockRegister.cpp, whose file comment shows
// the kernel's structure). The copies from global to shared memory are in
// TiledCopy.cpp.
//
// Shared-memory layout. Every slice is stored k outermost: Tk rows of
// `pitch` elements, so that the Ry (resp. Rx) values a thread needs at one
// k are consecutive and read as one aligned vector (ld.shared.v4 for f32).
// Banks (32 of 4 bytes; a warp is 32 consecutive threads of the row-major
// (ty, tx) block; with Tx = 16, two rows ty of 16 threads tx; a 16-byte
// access is served a quarter warp, 8 threads, at a time), default tiles
// (16, 16, 32, 8, 4), f32:
//  - A slice As[k][ty*8 + r]: the 8 threads of a quarter warp share ty and
//    read the same two vectors (a broadcast): conflict-free, 2 loads per k.
//    Stored as A is ([128][32], scalar loads) it read word
//    (ty*8 + r)*32 + k: bank k for both rows ty of the warp, a 2-way
//    conflict on each of 8 loads.
//  - B slice Bs[k][tx*4 + r]: a quarter warp, tx = 8q..8q+7, reads words
//    k*64 + 32q + 0..31: 32 distinct banks, conflict-free, 1 load per k.
//    Scalar loads put tx and tx+8 in bank (4*tx + r) mod 32: 2-way on each
//    of 4 loads.
//  - Copies read the array in its row-major order (coalesced). For an
//    array with k outermost (B[k][j]) a warp writes 32 consecutive words
//    of a row. For one with k innermost (A[i][k]) the copy transposes:
//    element (i, k) goes to word k*pitch + i. With pitch 128 the 32 k's a
//    warp reads of one row would all hit one bank (32-way); the pitch is
//    128 + 4 = 132 (rows stay 16-byte aligned) and the copy walks
//    [128/4][Tk][4], so a warp takes 4 consecutive i by 8 consecutive k:
//    banks 4*(k + i/4) + i%4 mod 32, all distinct. Its global reads are 4
//    rows x 8 consecutive k, four 32-byte sectors as for 32 consecutive
//    elements of one row.
//
//===----------------------------------------------------------------------===//

#include "TiledBuilder.h"

#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/bit.h"

#include <numeric>

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::tiling;

Value tiling::materialize(OpBuilder &b, Value value, IRMapping &mapping,
                          Region *mapRegion) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  Operation *def = value.getDefiningOp();
  if (!def || !mapRegion->isAncestor(def->getParentRegion()))
    return value;
  for (Value operand : def->getOperands())
    materialize(b, operand, mapping, mapRegion);
  if (def->getNumRegions()) {
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(def->getRegions(), captured);
    for (Value inner : captured)
      materialize(b, inner, mapping, mapRegion);
  }
  b.clone(*def, mapping);
  return mapping.lookup(value);
}

SmallVector<Value>
tiling::buildIf(OpBuilder &b, Location loc, Value cond, TypeRange types,
                function_ref<SmallVector<Value>(OpBuilder &)> then,
                function_ref<SmallVector<Value>(OpBuilder &)> otherwise) {
  auto ifOp = scf::IfOp::create(b, loc, types, cond, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  for (auto [block, fn] :
       {std::make_pair(&ifOp.getThenRegion().front(), then),
        std::make_pair(&ifOp.getElseRegion().front(), otherwise)}) {
    if (types.empty()) {
      b.setInsertionPoint(block->getTerminator());
      fn(b);
    } else {
      b.setInsertionPointToEnd(block);
      SmallVector<Value> values = fn(b);
      scf::YieldOp::create(b, loc, values);
    }
  }
  return SmallVector<Value>(ifOp.getResults());
}

Value tiling::cmpUlt(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lhs, rhs);
}

Value tiling::zeroOf(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(b, loc,
                                   cast<TypedAttr>(b.getZeroAttr(type)));
}

/// The most element updates of one k-tile that are unrolled (8 k-steps of
/// 8 x 8 elements, 16 of 8 x 4).
static constexpr int64_t kMaxUnrolledSteps = 512;

SmallVector<Value> TiledBuilder::emitStep(IRMapping &mapping, ValueRange accs) {
  if (nest.forOp) {
    for (auto [arg, acc] :
         llvm::zip_equal(nest.forOp.getRegionIterArgs(), accs))
      mapping.map(arg, acc);
    auto yield = cast<scf::YieldOp>(nest.stepBlock->getTerminator());
    return llvm::map_to_vector(yield.getOperands(), [&](Value v) {
      return materialize(b, v, mapping, mapRegion);
    });
  }
  auto yield = cast<YieldOp>(nest.stepBlock->getTerminator());
  SmallVector<Value> elems =
      llvm::map_to_vector(yield.getValues(), [&](Value v) {
        return materialize(b, v, mapping, mapRegion);
      });
  return applyOperators(b, nest.redOp.getOperators(), accs, elems);
}

void TiledBuilder::emitThreadsMap(
    function_ref<void(Value ty, Value tx, Value tid)> body) {
  OpBuilder::InsertionGuard guard(b);
  SmallVector<int64_t, 2> shape = getThreadsShape();
  MapOp map = createMapWithEmptyResults(
      b, loc, Level::ThreadInBlock,
      {b.getIndexAttr(shape[0]), b.getIndexAttr(shape[1])}, {});
  Value ty = map.getInductionVars()[0], tx = map.getInductionVars()[1];
  body(ty, tx, add(mul(ty, cIdx(shape[1])), tx));
}

void TiledBuilder::emitCompute(Value ty, Value tx, Value stage, Value kt,
                               Value kLen, bool checkMN) {
  if (plan.usesMma())
    return emitMmaCompute(ty, tx, stage);
  unsigned numAcc = nest.accTypes.size();
  // accs[(ry * Rx + rx) * numAcc + a]
  SmallVector<Value> accs;
  auto accIndices = [&](int64_t ry, int64_t rx) {
    return SmallVector<Value>{ty, tx, cIdx(ry), cIdx(rx)};
  };
  for (int64_t ry = 0; ry < t.ry; ++ry)
    for (int64_t rx = 0; rx < t.rx; ++rx)
      for (Value buffer : accBuffers)
        accs.push_back(
            memref::LoadOp::create(b, loc, buffer, accIndices(ry, rx)));
  SmallVector<Value> rows, cols, rowOk, colOk;
  for (int64_t ry = 0; ry < t.ry; ++ry) {
    rows.push_back(rowOf(ty, ry));
    if (checkMN)
      rowOk.push_back(cmpUlt(b, loc, rows.back(), sizeM));
  }
  for (int64_t rx = 0; rx < t.rx; ++rx) {
    cols.push_back(colOf(tx, rx));
    if (checkMN)
      colOk.push_back(cmpUlt(b, loc, cols.back(), sizeN));
  }
  // One k-step on every element: the new accumulators.
  auto kStep = [&](Value kk, ValueRange iterAccs) {
    Value k = add(lower, add(kt, kk));
    // Registers: Ry values of every slice along i, Rx along j.
    SmallVector<SmallVector<Value>> regs;
    for (TiledLoad &tiled : nest.loads) {
      SmallVector<Value> values;
      int64_t count = tiled.alongI ? t.ry : t.rx;
      int64_t threads = tiled.alongI ? t.ty : t.tx;
      Value thread = tiled.alongI ? ty : tx;
      Value own = mul(thread, cIdx(count));
      if (tiled.vectorAlignment) {
        // Chunk c / chunk of the thread (see slicePosition).
        bool interleaved = tiled.chunk != count;
        Value start = interleaved ? mul(thread, cIdx(tiled.chunk)) : own;
        for (int64_t c = 0; c < count; c += tiled.chunk) {
          int64_t offset =
              interleaved ? c / tiled.chunk * threads * tiled.chunk : c;
          Value vector = vector::LoadOp::create(
              b, loc, VectorType::get({tiled.chunk}, tiled.load.getType()),
              tiled.buffer, sliceIndex(tiled, stage, kk, start, offset),
              /*nontemporal=*/false, llvm::MaybeAlign(tiled.vectorAlignment));
          for (int64_t r = 0; r < tiled.chunk; ++r)
            values.push_back(vector::ExtractOp::create(b, loc, vector, r));
        }
        regs.push_back(values);
        continue;
      }
      for (int64_t r = 0; r < count; ++r)
        values.push_back(memref::LoadOp::create(
            b, loc, tiled.buffer, sliceIndex(tiled, stage, kk, own, r)));
      regs.push_back(values);
    }
    SmallVector<Value> next;
    for (int64_t ry = 0; ry < t.ry; ++ry)
      for (int64_t rx = 0; rx < t.rx; ++rx) {
        ValueRange old = iterAccs.slice((ry * t.rx + rx) * numAcc, numAcc);
        auto step = [&](OpBuilder &) -> SmallVector<Value> {
          IRMapping mapping = base;
          mapping.map(nest.ivI, rows[ry]);
          mapping.map(nest.ivJ, cols[rx]);
          mapping.map(nest.kArg, k);
          for (auto [tiled, values] : llvm::zip_equal(nest.loads, regs))
            mapping.map(tiled.load.getResult(), values[tiled.alongI ? ry : rx]);
          return emitStep(mapping, old);
        };
        SmallVector<Value> updated;
        if (checkMN)
          updated = buildIf(
              b, loc, arith::AndIOp::create(b, loc, rowOk[ry], colOk[rx]),
              nest.accTypes, step,
              [&](OpBuilder &) { return SmallVector<Value>(old); });
        else
          updated = step(b);
        next.append(updated);
      }
    return next;
  };
  // Full k-tiles of unchecked blocks run `unroll` k-steps per iteration
  // (all of them where few enough), so that the k-steps' shared reads can
  // be scheduled ahead of their use and their addresses become constant
  // offsets, without so many in flight that registers run out.
  std::optional<int64_t> staticLen = getConstantIntValue(kLen);
  int64_t unroll = 1;
  if (!checkMN && staticLen && nest.cheapStep) {
    unroll = std::max<int64_t>(1, kMaxUnrolledSteps / (t.ry * t.rx));
    while (*staticLen % unroll != 0)
      --unroll;
  }
  SmallVector<Value> results;
  if (staticLen && unroll == *staticLen) {
    results = accs;
    for (int64_t kk = 0; kk < *staticLen; ++kk)
      results = kStep(cIdx(kk), results);
  } else {
    auto loop = scf::ForOp::create(
        b, loc, cIdx(0), kLen, cIdx(unroll), accs,
        [&](OpBuilder &, Location, Value kk, ValueRange iterAccs) {
          SmallVector<Value> updated(iterAccs);
          for (int64_t u = 0; u < unroll; ++u)
            updated = kStep(u ? add(kk, cIdx(u)) : kk, updated);
          scf::YieldOp::create(b, loc, updated);
        });
    results.assign(loop.getResults().begin(), loop.getResults().end());
  }
  unsigned pos = 0;
  for (int64_t ry = 0; ry < t.ry; ++ry)
    for (int64_t rx = 0; rx < t.rx; ++rx)
      for (Value buffer : accBuffers)
        memref::StoreOp::create(b, loc, results[pos++], buffer,
                                accIndices(ry, rx));
}

void TiledBuilder::emitSingleStageTile(Value kt, Value kLen, bool checkMN,
                                       bool checkK, bool vectorLoads) {
  Value stage = cIdx(0);
  emitThreadsMap([&](Value, Value, Value tid) {
    emitThreadCopy(tid, kt, kLen, stage, checkMN, checkK, vectorLoads);
  });
  emitThreadsMap([&](Value ty, Value tx, Value) {
    emitCompute(ty, tx, stage, kt, kLen, checkMN);
  });
}

void TiledBuilder::emitKLoop(bool checkMN, bool vectorLoads) {
  Value tk = cIdx(t.tk);
  Value fullEnd = mul(arith::DivUIOp::create(b, loc, sizeU, tk), tk);
  if (t.usesAsyncCopies()) {
    emitAsyncCopyKLoop(fullEnd, checkMN, vectorLoads);
  } else if (t.stages == 1) {
    scf::ForOp::create(b, loc, cIdx(0), fullEnd, tk, {},
                       [&](OpBuilder &, Location, Value kt, ValueRange) {
                         emitSingleStageTile(kt, tk, checkMN, /*checkK=*/false,
                                             vectorLoads);
                         scf::YieldOp::create(b, loc);
                       });
  } else {
    // Software pipelining: k-tile 0 is copied to stage 0; then each
    // k-tile's compute on its stage runs between the loads of the next
    // k-tile (into registers, so that their latency overlaps the compute)
    // and their stores into the other stage. One barrier per k-tile
    // suffices: the one after k-tile kt orders its reads of one stage
    // before the stores of k-tile kt + 1 into it, and the stores of k-tile
    // kt + 1 before its compute.
    Value hasFull = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                          fullEnd, cIdx(0));
    buildIf(
        b, loc, hasFull, {},
        [&](OpBuilder &) {
          Value zero = cIdx(0);
          emitThreadsMap([&](Value, Value, Value tid) {
            emitThreadCopy(tid, zero, tk, zero, checkMN, /*checkK=*/false,
                           vectorLoads);
          });
          Value last = arith::SubIOp::create(b, loc, fullEnd, tk);
          // The loop carries each slice's start of the current stage; the
          // first slice's start stands for the stage (stageStarts).
          SmallVector<Value> initial(nest.loads.size(), zero);
          auto recordStarts = [&](ValueRange starts) {
            for (auto [tiled, start] : llvm::zip_equal(nest.loads, starts))
              stageStarts[{starts.front(), tiled.buffer}] = start;
            return starts.front();
          };
          auto loop = scf::ForOp::create(
              b, loc, zero, last, tk, initial,
              [&](OpBuilder &, Location, Value kt, ValueRange iterArgs) {
                SmallVector<Value> yielded;
                for (auto [tiled, start] :
                     llvm::zip_equal(nest.loads, iterArgs))
                  // 0 and the stage size alternate (an xor, which LLVM
                  // does not fold into the addresses' adds).
                  yielded.push_back(arith::XOrIOp::create(
                      b, loc, start, cIdx(getStageElements(tiled))));
                Value stage = recordStarts(iterArgs);
                Value other = recordStarts(yielded);
                emitThreadsMap([&](Value ty, Value tx, Value tid) {
                  SmallVector<ThreadCopy> next;
                  for (TiledLoad &tiled : nest.loads)
                    next.push_back(emitThreadLoads(tiled, tid, add(kt, tk), tk,
                                                   checkMN, /*checkK=*/false,
                                                   vectorLoads));
                  emitCompute(ty, tx, stage, kt, tk, checkMN);
                  for (auto [tiled, copy] : llvm::zip_equal(nest.loads, next))
                    emitThreadStores(tiled, copy, other);
                });
                scf::YieldOp::create(b, loc, yielded);
              });
          Value stage = recordStarts(loop.getResults());
          emitThreadsMap([&](Value ty, Value tx, Value) {
            emitCompute(ty, tx, stage, last, tk, checkMN);
          });
          return SmallVector<Value>();
        },
        [&](OpBuilder &) { return SmallVector<Value>(); });
  }
  // The epilogue: the last, partial k-tile, with checks and scalar loads.
  Value rest = arith::SubIOp::create(b, loc, sizeU, fullEnd);
  Value hasRest =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, rest, cIdx(0));
  buildIf(
      b, loc, hasRest, {},
      [&](OpBuilder &) {
        emitSingleStageTile(fullEnd, rest, checkMN, /*checkK=*/true,
                            /*vectorLoads=*/false);
        return SmallVector<Value>();
      },
      [&](OpBuilder &) { return SmallVector<Value>(); });
}

MapOp TiledBuilder::build() {
  if (plan.usesWgmma())
    return buildWgmma();
  MapOp map = nest.map;
  b.setInsertionPoint(map);
  createBlockMap();
  allocateTiles();
  i0 = mul(blockI, cIdx(tileM));
  j0 = mul(blockJ, cIdx(tileN));
  emitReductionRange();
  if (plan.usesMma())
    emitMmaAccumulatorInit();
  else
    emitAccumulatorInit();

  // Blocks whose tile lies inside M x N skip the M and N checks
  // [Cholewa-Madsen & Holst 2020, §7.3.3]. A static extent that is a
  // multiple of its tile needs no check: the compiler cannot always see
  // that the block indices stay below the grid (with a swizzled order).
  SmallVector<Value> insideChecks;
  for (auto [start, tile, mixed, size] :
       {std::make_tuple(i0, tileM, mixedM, sizeM),
        std::make_tuple(j0, tileN, mixedN, sizeN)}) {
    std::optional<int64_t> extent = getConstantIntValue(mixed);
    if (!extent || *extent % tile != 0)
      insideChecks.push_back(arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ule, add(start, cIdx(tile)), size));
  }
  Value inside = andAll(b, loc, insideChecks);
  Value vectorOk = emitVectorLoadCheck();
  auto emitInsideKLoops = [&](OpBuilder &) {
    if (!vectorOk) {
      emitKLoop(/*checkMN=*/false, /*vectorLoads=*/false);
      return SmallVector<Value>();
    }
    buildIf(
        b, loc, vectorOk, {},
        [&](OpBuilder &) {
          emitKLoop(/*checkMN=*/false, /*vectorLoads=*/true);
          return SmallVector<Value>();
        },
        [&](OpBuilder &) {
          emitKLoop(/*checkMN=*/false, /*vectorLoads=*/false);
          return SmallVector<Value>();
        });
    return SmallVector<Value>();
  };
  if (!inside)
    emitInsideKLoops(b);
  else
    buildIf(b, loc, inside, {}, emitInsideKLoops, [&](OpBuilder &) {
      emitKLoop(/*checkMN=*/true, /*vectorLoads=*/false);
      return SmallVector<Value>();
    });

  if (plan.usesMma())
    emitMmaFragmentsToShared();
  emitResults();
  return blockMap;
}

void TiledBuilder::createBlockMap() {
  MapOp map = nest.map;
  SmallVector<OpFoldResult> mixed = map.getMixedSizes();
  unsigned rank = mixed.size();
  mixedM = mixed[rank - 2];
  mixedN = mixed[rank - 1];
  sizeM = getValueOrCreateConstantIndexOp(b, loc, mixedM);
  sizeN = getValueOrCreateConstantIndexOp(b, loc, mixedN);
  tileM = t.ty * t.ry;
  tileN = t.tx * t.rx;
  SmallVector<OpFoldResult> blockSizes(mixed.begin(), mixed.end() - 2);
  blockSizes.push_back(
      arith::CeilDivUIOp::create(b, loc, sizeM, cIdx(tileM)).getResult());
  blockSizes.push_back(
      arith::CeilDivUIOp::create(b, loc, sizeN, cIdx(tileN)).getResult());
  outs.assign(map.getOuts().begin(), map.getOuts().end());
  blockMap =
      createMapWithEmptyResults(b, loc, Level::Block, blockSizes, outs,
                                plan.getBlockThreads(), plan.blockSwizzle);
  auto blockIvs = blockMap.getInductionVars();
  for (auto [from, to] : llvm::zip(nest.batchIvs, blockIvs))
    base.map(from, to);
  blockI = blockIvs[rank - 2];
  blockJ = blockIvs[rank - 1];
}

void TiledBuilder::allocateTiles() {
  // (The bank arithmetic behind the layouts is in the file comment.)
  for (TiledLoad &tiled : nest.loads) {
    int64_t along = tiled.alongI ? tileM : tileN;
    int64_t count = tiled.alongI ? t.ry : t.rx;
    Type elemType = tiled.load.getType();
    std::optional<int64_t> bytes = getPrimitiveByteSize(elemType);
    bool vectors =
        count > 1 && bytes && elemType.isIntOrFloat() && !elemType.isInteger(1);
    tiled.pitch = along;
    if (plan.usesMma()) {
      // ldmatrix reads k rows (.trans), or TF32 rows of a position's k
      // values (getMmaSlicePitch).
      vectors = false;
      tiled.kMajorSlice = plan.usesKMajorSlices();
      tiled.pitch = getMmaSlicePitch(plan, along);
      if (tiled.kInner && !tiled.kMajorSlice)
        tiled.group = std::gcd(along, kMmaRowPadding);
    } else if (tiled.kInner) {
      tiled.pitch += TileSizes::kRowPadding;
      tiled.group = std::gcd(along, TileSizes::kRowPadding);
    }
    // The values of one thread are read in chunks that start at multiples
    // of the chunk into rows of `pitch` elements: both multiples of the
    // alignment, as is the slice.
    if (vectors) {
      uint64_t common = std::gcd(count * *bytes, tiled.pitch * *bytes);
      tiled.vectorAlignment = std::min<int64_t>(
          kSliceAlignment, int64_t(1) << llvm::countr_zero(common));
      tiled.chunk = tiled.vectorAlignment / *bytes;
      if (tiled.chunk < 2) {
        tiled.vectorAlignment = 0;
        tiled.chunk = 0;
      }
    }
    // Stages of Tk rows of `pitch` elements, flat, so that the constant
    // parts of an index fold into the address.
    Attribute space;
    if (plan.usesMma())
      space = gpu::AddressSpaceAttr::get(
          b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
    tiled.buffer = memref::AllocaOp::create(
        b, loc,
        MemRefType::get({t.stages * getStageElements(tiled)}, elemType,
                        MemRefLayoutAttrInterface(), space),
        b.getI64IntegerAttr(kSliceAlignment));
  }
  if (plan.usesMma()) {
    const MmaTiles &m = plan.mma;
    Type f32 = b.getF32Type();
    fragmentBuffer = memref::AllocaOp::create(
        b, loc,
        MemRefType::get({m.getNumWarps(), m.warpSize, m.fragsM * m.fragsN * 4},
                        f32));
    cPitch = tileN + TileSizes::kRowPadding;
    cTile =
        memref::AllocaOp::create(b, loc, MemRefType::get({tileM * cPitch}, f32),
                                 b.getI64IntegerAttr(kSliceAlignment));
    return;
  }
  for (Type type : nest.accTypes)
    accBuffers.push_back(memref::AllocaOp::create(
        b, loc, MemRefType::get({t.ty, t.tx, t.ry, t.rx}, type)));
}

void TiledBuilder::emitReductionRange() {
  if (nest.forOp) {
    lower = materialize(b, nest.forOp.getLowerBound(), base, mapRegion);
    Value upper = materialize(b, nest.forOp.getUpperBound(), base, mapRegion);
    // An empty range reduces nothing.
    sizeU = arith::MaxSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, upper, lower), cIdx(0));
    return;
  }
  lower = cIdx(0);
  OpFoldResult k = nest.redOp.getMixedSizes()[0];
  if (auto value = dyn_cast<Value>(k))
    sizeU = materialize(b, value, base, mapRegion);
  else
    sizeU = getValueOrCreateConstantIndexOp(b, loc, k);
}

void TiledBuilder::emitAccumulatorInit() {
  OpBuilder::InsertionGuard guard(b);
  MapOp init = createMapWithEmptyResults(
      b, loc, Level::ThreadInBlock,
      {b.getIndexAttr(t.ty), b.getIndexAttr(t.tx)}, {});
  Value ty = init.getInductionVars()[0], tx = init.getInductionVars()[1];
  IRMapping mapping = base;
  SmallVector<Value> neutrals =
      llvm::map_to_vector(nest.neutrals, [&](Value v) {
        return materialize(b, v, mapping, mapRegion);
      });
  for (int64_t ry = 0; ry < t.ry; ++ry)
    for (int64_t rx = 0; rx < t.rx; ++rx)
      for (auto [neutral, buffer] : llvm::zip_equal(neutrals, accBuffers))
        memref::StoreOp::create(b, loc, neutral, buffer,
                                ValueRange{ty, tx, cIdx(ry), cIdx(rx)});
}

SmallVector<Value> TiledBuilder::emitElementResults(Value ty, Value tx,
                                                    int64_t ry, int64_t rx,
                                                    TypeRange types) {
  Value row = rowOf(ty, ry), col = colOf(tx, rx);
  Value ok = arith::AndIOp::create(b, loc, cmpUlt(b, loc, row, sizeM),
                                   cmpUlt(b, loc, col, sizeN));
  return buildIf(
      b, loc, ok, types,
      [&](OpBuilder &) -> SmallVector<Value> {
        IRMapping mapping = base;
        mapping.map(nest.ivI, row);
        mapping.map(nest.ivJ, col);
        SmallVector<Value> accs;
        for (Value buffer : accBuffers)
          accs.push_back(memref::LoadOp::create(
              b, loc, buffer, ValueRange{ty, tx, cIdx(ry), cIdx(rx)}));
        if (cTile)
          accs.push_back(memref::LoadOp::create(
              b, loc, cTile,
              add(mul(add(mul(ty, cIdx(t.ry)), cIdx(ry)), cIdx(cPitch)),
                  add(mul(tx, cIdx(t.rx)), cIdx(rx)))));
        if (nest.forOp)
          mapping.map(nest.forOp.getResults(), accs);
        for (auto [load, index] : nest.redAccLoads)
          mapping.map(load, accs[index]);
        return llvm::map_to_vector(nest.returns, [&](ReturnsOp r) {
          return materialize(b, r.getValue(), mapping, mapRegion);
        });
      },
      [&](OpBuilder &) {
        return llvm::map_to_vector(
            types, [&](Type type) { return zeroOf(b, loc, type); });
      });
}

void TiledBuilder::emitResults() {
  OpBuilder::InsertionGuard guard(b);
  MapOp write = createMapWithEmptyResults(
      b, loc, Level::ThreadInBlock,
      {b.getIndexAttr(t.ty), b.getIndexAttr(t.tx)}, outs);
  Value ty = write.getInductionVars()[0], tx = write.getInductionVars()[1];
  SmallVector<Type> types = llvm::map_to_vector(
      nest.returns, [](ReturnsOp r) { return r.getValue().getType(); });
  // elements[q][ry * Rx + rx]
  SmallVector<SmallVector<Value>> elements(nest.returns.size());
  for (int64_t ry = 0; ry < t.ry; ++ry)
    for (int64_t rx = 0; rx < t.rx; ++rx)
      for (auto [q, value] :
           llvm::enumerate(emitElementResults(ty, tx, ry, rx, types)))
        elements[q].push_back(value);
  SmallVector<Value> vectors;
  for (auto [q, returns] : llvm::enumerate(nest.returns))
    vectors.push_back(vector::FromElementsOp::create(
        b, loc, VectorType::get({t.ry, t.rx}, types[q]), elements[q]));
  b.setInsertionPointToStart(&write.getResultsOp().getRegion().front());
  SmallVector<Value> dynamicDims;
  SmallVector<int64_t> staticDims;
  dispatchIndexOpFoldResults({mixedM, mixedN}, dynamicDims, staticDims);
  for (auto [q, returns] : llvm::enumerate(nest.returns))
    RegTileReturnsOp::create(b, loc, vectors[q], returns.getOut(), dynamicDims,
                             staticDims, ArrayRef<int64_t>{t.ty, t.tx},
                             ArrayRef<int64_t>{t.ry, t.rx});
}

MapOp tiling::buildTiledMap(OpBuilder &b, Nest &nest, const TilePlan &plan) {
  return TiledBuilder(b, nest, plan).build();
}
