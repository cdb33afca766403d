//===- TiledWgmma.cpp - Warpgroup tiles of seg-tile-block-register --------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The wgmma instruction of seg-tile-block-register's tensor-core mode
// (`mma-instruction=wgmma`, or `auto` on a target with wgmma). One consumer
// warpgroup (128 threads) computes a 64 x N block tile:
//
//   host:  operands wgmma cannot read as they are get packed, by a map
//          before the product, into k-major rows padded to 16 bytes (zeros);
//          a tensor map per operand (128-byte swizzle, zero fill outside)
//   block: thread 0 initialises one mbarrier per stage and issues the TMA
//          loads of the first stages - 1 k-tiles (expect_tx of their
//          bytes); per k-tile, after a barrier (every thread is done with
//          the stage read before), thread 0 issues the k-tile stages - 1
//          ahead into that stage, all wait on the current stage's phase,
//          run one warpgroup.mma per wgmma k-step on its tiles, the last
//          waiting for all; after the loop the accumulators go to a C tile
//
// then the epilogue of the mma.sync path (TiledMapBuilder.cpp) evaluates
// code2 per element from the C tile and writes seg.regtile_returns,
// bounds-guarded. TMA fills zeros outside the arrays (and the packed rows
// hold zeros beyond k), so the k loop has no bounds checks.
//
// Both operands are k-major in shared memory: PTX has no transposes for
// .tf32, and upstream's warpgroup.mma steps k through its descriptors only
// for an n-major B, so each k-step gets its own warpgroup.mma on
// descriptors of k-step-wide subviews of the 128-byte swizzled tiles.
//
//===----------------------------------------------------------------------===//

#include "TiledBuilder.h"
#include "segir/Target/Chips.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::tiling;

/// Rows of the block tile: wgmma's m.
static constexpr int64_t kWgmmaTileM = 64;
/// Threads of the consumer warpgroup.
static constexpr int64_t kWarpgroupThreads = 128;
/// Bytes of k per k-tile: one 128-byte swizzled row per position.
static constexpr int64_t kWgmmaKTileBytes = 128;
/// The integer memory space of shared memory in nvgpu's types.
static constexpr unsigned kSharedMemorySpace = 3;

//===----------------------------------------------------------------------===//
// The model
//===----------------------------------------------------------------------===//

/// Where the tiles of `tiled` come from: the array itself where TMA can
/// describe it as wgmma reads it (a row-major 2-D memref read at (i, k) or
/// (j, k), k from 0, rows of a multiple of 16 bytes), else a packed copy.
static WgmmaOperandSource selectWgmmaOperandSource(Nest &nest, TiledLoad &tiled,
                                                   int64_t elemBytes) {
  auto packed = [](const Twine &why) {
    return WgmmaOperandSource{true, ("packed: " + why).str()};
  };
  if (!nest.batchIvs.empty())
    return packed("batched (one tensor map over every batch's rows)");
  if (!tiled.kInner)
    return packed("k is not its innermost dimension");
  memref::LoadOp load = tiled.load;
  auto type = cast<MemRefType>(load.getMemRef().getType());
  if (type.getRank() != 2 || !type.getLayout().isIdentity())
    return packed("not a row-major 2-D memref");
  Value position = tiled.alongI ? nest.ivI : nest.ivJ;
  if (load.getIndices()[0] != position || load.getIndices()[1] != nest.kArg)
    return packed("not read at its own (position, k)");
  std::optional<int64_t> lower =
      nest.forOp ? getConstantIntValue(nest.forOp.getLowerBound())
                 : std::optional<int64_t>(0);
  if (lower != 0)
    return packed("k does not start at 0");
  if (ShapedType::isDynamic(type.getDimSize(1)))
    return packed("its row length is dynamic (TMA needs 16-byte strides)");
  if (type.getDimSize(1) * elemBytes % kTmaStrideBytes != 0)
    return packed("rows of " + Twine(type.getDimSize(1)) +
                  " elements are not a multiple of 16 bytes");
  return WgmmaOperandSource{false, "TMA from the array"};
}

/// The block tile's columns: 128 unless N is known to be smaller.
static int64_t selectWgmmaTileN(MapOp map) {
  SmallVector<OpFoldResult> sizes = map.getMixedSizes();
  std::optional<int64_t> n = getConstantIntValue(sizes.back());
  return n && *n <= 64 ? 64 : 128;
}

int64_t tiling::getWgmmaSharedBytes(const TilePlan &plan, int64_t elemBytes) {
  const TileSizes &t = plan.tiles;
  int64_t tileN = plan.wgmma.tileN;
  int64_t stageBytes = (kWgmmaTileM + tileN) * t.tk * elemBytes;
  int64_t cBytes = kWgmmaTileM * (tileN + TileSizes::kRowPadding) * 4;
  return t.stages * stageBytes + cBytes;
}

FailureOr<TilePlan> tiling::selectWgmmaPlan(Nest &nest, TileMma kind,
                                            const ResourceModel &model,
                                            std::string &why) {
  TilePlan plan;
  TileSizes &t = plan.tiles;
  int64_t elemBytes = *getPrimitiveByteSize(nest.loads.front().load.getType());
  plan.wgmma.enabled = true;
  plan.wgmma.tileN = selectWgmmaTileN(nest.map);
  plan.wgmma.stepK = kind == TileMma::TF32 ? 8 : 16;
  // The epilogue's view: 16 x 8 threads of 4 x (N / 8) elements.
  t.ty = 16;
  t.tx = kWarpgroupThreads / t.ty;
  t.ry = kWgmmaTileM / t.ty;
  t.rx = plan.wgmma.tileN / t.tx;
  t.tk = kWgmmaKTileBytes / elemBytes;
  for (TiledLoad &tiled : nest.loads)
    (tiled.alongI ? plan.wgmma.a : plan.wgmma.b) =
        selectWgmmaOperandSource(nest, tiled, elemBytes);
  // The most of 4 or 3 stages that fit.
  int64_t limit = model.getTarget().getSharedMemoryPerBlock();
  for (int64_t stages : {4, 3}) {
    t.stages = stages;
    if (getWgmmaSharedBytes(plan, elemBytes) <= limit)
      return plan;
  }
  why = "3 stages of " + std::to_string(kWgmmaTileM) + "x" +
        std::to_string(plan.wgmma.tileN) + " tiles need " +
        std::to_string(getWgmmaSharedBytes(plan, elemBytes)) +
        " bytes of shared memory, more than the " + std::to_string(limit) +
        " of a block";
  return failure();
}

std::string tiling::getWgmmaObstacle(Nest &nest, TileMma kind,
                                     TargetAttr target) {
  std::string why;
  if (failed(selectWgmmaPlan(nest, kind, ResourceModel(target), why)))
    return why;
  return "";
}

//===----------------------------------------------------------------------===//
// The tiled map
//===----------------------------------------------------------------------===//

std::pair<Value, Value> TiledBuilder::emitWgmmaTensorMap(
    TiledLoad &tiled, const WgmmaOperandSource &source, int64_t alongTile) {
  Type elemType = tiled.load.getType();
  MLIRContext *ctx = b.getContext();
  Value array = tiled.load.getMemRef();
  Value packed;
  if (source.packed) {
    packed = emitWgmmaPackedOperand(tiled);
    // The batches' rows one after the other: the row of position p of
    // batch q is q * rows + p.
    array = packed;
    size_t numBatch = nest.batchIvs.size();
    if (numBatch) {
      SmallVector<ReassociationIndices> rowsAndK(2);
      for (size_t d = 0; d <= numBatch; ++d)
        rowsAndK[0].push_back(d);
      rowsAndK[1].push_back(numBatch + 1);
      array = memref::CollapseShapeOp::create(b, loc, packed, rowsAndK);
    }
  }
  Value unranked = memref::CastOp::create(
      b, loc, UnrankedMemRefType::get(elemType, Attribute()), array);
  int64_t tk = t.tk;
  auto tensorMapType = nvgpu::TensorMapDescriptorType::get(
      ctx,
      MemRefType::get({alongTile, tk}, elemType, MemRefLayoutAttrInterface(),
                      b.getI64IntegerAttr(kSharedMemorySpace)),
      nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
      nvgpu::TensorMapL2PromoKind::L2PROMO_NONE,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
  Value tensorMap = nvgpu::TmaCreateDescriptorOp::create(
      b, loc, tensorMapType, unranked, ValueRange{cIdx(alongTile), cIdx(tk)});
  return {tensorMap, packed};
}

void TiledBuilder::emitWgmmaKLoop(Value mapA, Value mapB, Value rowA,
                                  Value rowB) {
  MLIRContext *ctx = b.getContext();
  const WgmmaTiles &w = plan.wgmma;
  auto [sliceA, sliceB] = getMmaSlices();
  Type elemType = sliceA->load.getType();
  int64_t elemBytes = *getPrimitiveByteSize(elemType);
  int64_t stages = t.stages, tk = t.tk;
  int64_t stageBytesA = kWgmmaTileM * tk * elemBytes;
  int64_t stageBytesB = w.tileN * tk * elemBytes;
  Attribute workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  // The stages of A and B, then the C tile: multiples of 1024 bytes each,
  // so that every swizzled tile stays aligned.
  auto allocBytes = [&](int64_t bytes) {
    return memref::AllocaOp::create(
        b, loc,
        MemRefType::get({bytes}, b.getI8Type(), MemRefLayoutAttrInterface(),
                        workgroup),
        b.getI64IntegerAttr(kSwizzleAtomBytes));
  };
  Value bufferA = allocBytes(stages * stageBytesA);
  Value bufferB = allocBytes(stages * stageBytesB);
  cPitch = w.tileN + TileSizes::kRowPadding;
  Type f32 = b.getF32Type();
  Value cTile2D = memref::AllocaOp::create(
      b, loc,
      MemRefType::get({kWgmmaTileM, cPitch}, f32, MemRefLayoutAttrInterface(),
                      workgroup),
      b.getI64IntegerAttr(kSliceAlignment));
  cTile = memref::CollapseShapeOp::create(
      b, loc, cTile2D, ArrayRef<ReassociationIndices>{{0, 1}});

  OpBuilder::InsertionGuard guard(b);
  MapOp warpgroup = createMapWithEmptyResults(
      b, loc, Level::ThreadInBlock, {b.getIndexAttr(kWarpgroupThreads)}, {});
  Value tid = warpgroup.getInductionVars()[0];
  Value leader =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, cIdx(0));
  auto barriersType = nvgpu::MBarrierGroupType::get(ctx, workgroup, stages);
  Value barriers = nvgpu::MBarrierCreateOp::create(b, loc, barriersType);
  for (int64_t s = 0; s < stages; ++s)
    nvgpu::MBarrierInitOp::create(b, loc, barriers, cIdx(1), cIdx(s), leader);
  gpu::BarrierOp::create(b, loc);

  // Stage `stage` of a buffer as the tile TMA writes.
  auto stageTile = [&](Value buffer, int64_t stageBytes, int64_t rows,
                       Value stage) -> Value {
    return memref::ViewOp::create(
        b, loc,
        MemRefType::get({rows, tk}, elemType, MemRefLayoutAttrInterface(),
                        workgroup),
        buffer, mul(stage, cIdx(stageBytes)), ValueRange{});
  };
  // Thread 0 loads k-tile `kt` into stage `stage`.
  auto issue = [&](Value kt, Value stage) {
    nvgpu::MBarrierArriveExpectTxOp::create(
        b, loc, barriers, cIdx(stageBytesA + stageBytesB), stage, leader);
    Value k = mul(kt, cIdx(tk));
    nvgpu::TmaAsyncLoadOp::create(
        b, loc, stageTile(bufferA, stageBytesA, kWgmmaTileM, stage), barriers,
        mapA, ValueRange{k, rowA}, stage, Value(), leader);
    nvgpu::TmaAsyncLoadOp::create(
        b, loc, stageTile(bufferB, stageBytesB, w.tileN, stage), barriers, mapB,
        ValueRange{k, rowB}, stage, Value(), leader);
  };
  Value numK = arith::CeilDivUIOp::create(b, loc, sizeU, cIdx(tk));
  for (int64_t s = 0; s + 1 < stages; ++s) {
    auto ahead = scf::IfOp::create(b, loc, cmpUlt(b, loc, cIdx(s), numK));
    OpBuilder::InsertionGuard inIf(b);
    b.setInsertionPointToStart(ahead.thenBlock());
    issue(cIdx(s), cIdx(s));
  }

  auto accType = nvgpu::WarpgroupAccumulatorType::get(
      ctx, VectorType::get({kWgmmaTileM, w.tileN}, f32));
  Value init = nvgpu::WarpgroupMmaInitAccumulatorOp::create(b, loc, accType);
  auto loop = scf::ForOp::create(b, loc, cIdx(0), numK, cIdx(1), init);
  {
    OpBuilder::InsertionGuard inLoop(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kt = loop.getInductionVar();
    Value acc = loop.getRegionIterArg(0);
    // Every thread is done with the stage computed last, which the load
    // stages - 1 ahead overwrites.
    gpu::BarrierOp::create(b, loc);
    Value next = add(kt, cIdx(stages - 1));
    auto ahead = scf::IfOp::create(b, loc, cmpUlt(b, loc, next, numK));
    {
      OpBuilder::InsertionGuard inIf(b);
      b.setInsertionPointToStart(ahead.thenBlock());
      issue(next, remC(next, stages));
    }
    Value stage = remC(kt, stages);
    Value parity = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                         remC(divC(kt, stages), 2), cIdx(0));
    nvgpu::MBarrierTryWaitParityOp::create(b, loc, barriers, parity,
                                           cIdx(1000000), stage);
    Value tileA = stageTile(bufferA, stageBytesA, kWgmmaTileM, stage);
    Value tileB = stageTile(bufferB, stageBytesB, w.tileN, stage);
    Type descElem = plan.mma.kind == TileMma::TF32
                        ? Type(FloatTF32Type::get(ctx))
                        : elemType;
    auto shared = b.getI64IntegerAttr(kSharedMemorySpace);
    auto descA = nvgpu::WarpgroupMatrixDescriptorType::get(
        ctx, MemRefType::get({kWgmmaTileM, w.stepK}, descElem,
                             MemRefLayoutAttrInterface(), shared));
    auto descB = nvgpu::WarpgroupMatrixDescriptorType::get(
        ctx, MemRefType::get({w.stepK, w.tileN}, descElem,
                             MemRefLayoutAttrInterface(), shared));
    for (int64_t k0 = 0; k0 < tk; k0 += w.stepK) {
      auto columns = [&](Value tile, int64_t rows) -> Value {
        return memref::SubViewOp::create(
            b, loc, tile,
            ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(k0)},
            ArrayRef<OpFoldResult>{b.getIndexAttr(rows),
                                   b.getIndexAttr(w.stepK)},
            ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
      };
      Value dA = nvgpu::WarpgroupGenerateDescriptorOp::create(
          b, loc, descA, columns(tileA, kWgmmaTileM), mapA);
      Value dB = nvgpu::WarpgroupGenerateDescriptorOp::create(
          b, loc, descB, columns(tileB, w.tileN), mapB);
      // The last k-step waits for all groups: the stage is read before
      // the next k-tile's barrier lets thread 0 overwrite it.
      IntegerAttr waitGroup =
          k0 + w.stepK == tk ? b.getI64IntegerAttr(0) : IntegerAttr();
      acc = nvgpu::WarpgroupMmaOp::create(b, loc, accType, dA, dB, waitGroup,
                                          UnitAttr(), UnitAttr(), acc);
    }
    scf::YieldOp::create(b, loc, acc);
  }
  Value cView = memref::SubViewOp::create(
      b, loc, cTile2D,
      ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(kWgmmaTileM),
                             b.getIndexAttr(w.tileN)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
  nvgpu::WarpgroupMmaStoreOp::create(b, loc, loop.getResult(0), cView);
}

MapOp TiledBuilder::buildWgmma() {
  b.setInsertionPoint(nest.map);
  // Host code: the reduction's range (invariant to the map), the operands'
  // tensor maps and their packing maps.
  emitReductionRange();
  auto [sliceA, sliceB] = getMmaSlices();
  auto [mapA, packedA] = emitWgmmaTensorMap(*sliceA, plan.wgmma.a, kWgmmaTileM);
  auto [mapB, packedB] =
      emitWgmmaTensorMap(*sliceB, plan.wgmma.b, plan.wgmma.tileN);
  createBlockMap();
  i0 = mul(blockI, cIdx(tileM));
  j0 = mul(blockJ, cIdx(tileN));
  // The tiles' first rows in the tensor maps: batched operands are packed
  // with every batch's rows one after the other. Rows past a batch's end
  // reach the next batch's, but only C elements outside M x N, which the
  // epilogue does not write, use them.
  Value rowA = i0, rowB = j0;
  if (!nest.batchIvs.empty()) {
    SmallVector<OpFoldResult> sizes = nest.map.getMixedSizes();
    Value batch = cIdx(0);
    for (auto [d, iv] : llvm::enumerate(
             blockMap.getInductionVars().take_front(nest.batchIvs.size())))
      batch = add(mul(batch, getValueOrCreateConstantIndexOp(b, loc, sizes[d])),
                  iv);
    rowA = add(mul(batch, sizeM), i0);
    rowB = add(mul(batch, sizeN), j0);
  }
  emitWgmmaKLoop(mapA, mapB, rowA, rowB);
  emitResults();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfter(blockMap);
  for (Value packed : {packedA, packedB})
    if (packed)
      memref::DeallocOp::create(b, loc, packed);
  return blockMap;
}
