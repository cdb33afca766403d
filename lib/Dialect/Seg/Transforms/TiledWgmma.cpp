//===- TiledWgmma.cpp - Warpgroup tiles of seg-tile-block-register --------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The wgmma instruction of seg-tile-block-register's tensor-core mode
// (`mma-instruction=wgmma`, or `auto` on a target with wgmma). One consumer
// warpgroup (128 threads) computes a 64 x N block tile, which a producer
// warpgroup feeds (warp specialisation):
//
//   host:  operands wgmma cannot read as they are get packed, by a map
//          before the product, into k-major rows padded to 16 bytes (zeros);
//          a tensor map per operand (128-byte swizzle, zero fill outside)
//   block: thread 0 initialises a full and an empty mbarrier per stage;
//          the producer gives up registers (setmaxnreg.dec) and its first
//          thread loads every k-tile with TMA into the ring (expect_tx of
//          its bytes on the stage's full mbarrier), once the stage is empty;
//          the consumers take registers (setmaxnreg.inc) and per k-tile
//          wait on the stage's full phase, run one warpgroup.mma per wgmma
//          k-step on its tiles, the last waiting for all, and arrive on the
//          stage's empty mbarrier; after the loop the accumulators go to a
//          C tile, and after a barrier every warpgroup returns to the
//          registers it started with
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
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::tiling;

/// Rows of the block tile: wgmma's m.
static constexpr int64_t kWgmmaTileM = 64;
/// setmaxnreg's limits: the PTX ISA's most registers per thread, and
/// those of a warpgroup that only issues TMA (CUTLASS's producers).
static constexpr int64_t kMaxSetMaxRegisters = 256;
static constexpr int64_t kProducerRegisters = 40;
/// Bytes of k per k-tile: one 128-byte swizzled row per position.
static constexpr int64_t kWgmmaKTileBytes = 128;
/// The integer memory space of shared memory in nvgpu's types.
static constexpr unsigned kSharedMemorySpace = 3;

//===----------------------------------------------------------------------===//
// The model
//===----------------------------------------------------------------------===//

/// Where the tiles of `tiled` come from: the array itself where TMA can
/// describe it as wgmma reads it (a memref of (batches x) rows x k with
/// contiguous k, read at its own (batch, position, k), k from 0, its
/// batches one after the other), when its start, row stride and extents
/// are known to suit TMA; a host test where they are not known; else a
/// packed copy.
static WgmmaOperandSource selectWgmmaOperandSource(Nest &nest, TiledLoad &tiled,
                                                   int64_t elemBytes) {
  auto packed = [](const Twine &why) {
    return WgmmaOperandSource{WgmmaSource::Packed, ("packed: " + why).str()};
  };
  if (!tiled.kInner)
    return packed("k is not its innermost dimension");
  memref::LoadOp load = tiled.load;
  size_t numBatch = nest.batchIvs.size();
  auto type = cast<MemRefType>(load.getMemRef().getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (type.getRank() != int64_t(numBatch) + 2 ||
      failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return packed(numBatch ? "not a row-major memref of its batches"
                           : "not a row-major 2-D memref");
  // Batches fold into rows only where they follow each other.
  if (numBatch && !type.getLayout().isIdentity())
    return packed("batched, its batches not one after the other");
  if (nest.map.getBody().isAncestor(load.getMemRef().getParentRegion()))
    return packed("its memref is computed in the map");
  SmallVector<Value> own(nest.batchIvs);
  own.push_back(tiled.alongI ? nest.ivI : nest.ivJ);
  own.push_back(nest.kArg);
  if (!llvm::equal(load.getIndices(), own))
    return packed("not read at its own (position, k)");
  std::optional<int64_t> lower =
      nest.forOp ? getConstantIntValue(nest.forOp.getLowerBound())
                 : std::optional<int64_t>(0);
  if (lower != 0)
    return packed("k does not start at 0");
  // What TMA needs: 16-byte row strides, a 16-byte aligned start (an
  // identity layout starts at the buffer, which is aligned) and no empty
  // extent.
  int64_t rowStride = strides[strides.size() - 2];
  if (!ShapedType::isDynamic(rowStride) &&
      rowStride * elemBytes % kTmaStrideBytes != 0)
    return packed("rows of " + Twine(rowStride) +
                  " elements are not a multiple of 16 bytes");
  if (!ShapedType::isDynamic(offset) &&
      offset * elemBytes % kTmaStrideBytes != 0)
    return packed("it starts " + Twine(offset) +
                  " elements into its buffer, not at 16 bytes");
  std::optional<int64_t> upper =
      nest.forOp ? getConstantIntValue(nest.forOp.getUpperBound())
                 : getConstantIntValue(nest.redOp.getMixedSizes()[0]);
  bool knownExtents = upper && *upper >= 1 &&
                      llvm::all_of(type.getShape().drop_back(), [](int64_t d) {
                        return !ShapedType::isDynamic(d) && d >= 1;
                      });
  if (ShapedType::isDynamic(rowStride) || ShapedType::isDynamic(offset) ||
      !knownExtents)
    return WgmmaOperandSource{WgmmaSource::ArrayIfAligned,
                              "TMA direct when aligned, else packed"};
  return WgmmaOperandSource{WgmmaSource::Array, "TMA from the array"};
}

/// The block tile's columns: 128 unless N is known to be smaller.
static int64_t selectWgmmaTileN(MapOp map) {
  SmallVector<OpFoldResult> sizes = map.getMixedSizes();
  std::optional<int64_t> n = getConstantIntValue(sizes.back());
  return n && *n <= 64 ? 64 : 128;
}

/// The registers setmaxnreg gives each warpgroup of `w`'s block on
/// `target`: ptxas starts every thread with an equal share of the block's
/// (a multiple of 8); the producer gives up all but kProducerRegisters,
/// which the consumers share, so that their setmaxnreg.inc never waits for
/// registers the block does not hold.
static void selectWgmmaRegisters(WgmmaTiles &w, TargetAttr target) {
  w.entryRegisters =
      std::min(target.getRegistersPerThread(),
               target.getRegistersPerBlock() / w.getBlockThreads()) /
      8 * 8;
  w.producerRegisters = kProducerRegisters;
  w.consumerRegisters =
      std::min(kMaxSetMaxRegisters,
               w.entryRegisters + (w.entryRegisters - kProducerRegisters) /
                                      w.consumers / 8 * 8);
}

int64_t tiling::getWgmmaSharedBytes(const TilePlan &plan, int64_t elemBytes) {
  const TileSizes &t = plan.tiles;
  int64_t tileM = plan.wgmma.consumers * kWgmmaTileM;
  int64_t tileN = plan.wgmma.tileN;
  int64_t stageBytes = (tileM + tileN) * t.tk * elemBytes;
  int64_t cBytes = tileM * (tileN + TileSizes::kRowPadding) * 4;
  return t.stages * stageBytes + cBytes;
}

void tiling::setWgmmaConsumers(TilePlan &plan, int64_t consumers,
                               TargetAttr target) {
  TileSizes &t = plan.tiles;
  plan.wgmma.consumers = consumers;
  // The epilogue's view: (16 x consumers) x 8 threads of 4 x (N / 8)
  // elements.
  t.ty = 16 * consumers;
  t.tx = kWarpgroupThreads / 16;
  t.ry = kWgmmaTileM / 16;
  t.rx = plan.wgmma.tileN / t.tx;
  selectWgmmaRegisters(plan.wgmma, target);
}

/// Two consumer warpgroups (a 128-row block tile, as CUTLASS's cooperative
/// schedule: each B tile loaded feeds twice the wgmma) unless M is known to
/// be at most 64 rows.
static std::pair<int64_t, std::string> selectWgmmaConsumers(MapOp map) {
  SmallVector<OpFoldResult> sizes = map.getMixedSizes();
  std::optional<int64_t> m = getConstantIntValue(sizes[sizes.size() - 2]);
  if (m && *m <= kWgmmaTileM)
    return {1, "M is at most " + std::to_string(kWgmmaTileM)};
  return {2, m ? "M is " + std::to_string(*m)
               : std::string("M is not known to be at most 64")};
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
  t.tk = kWgmmaKTileBytes / elemBytes;
  for (TiledLoad &tiled : nest.loads)
    (tiled.alongI ? plan.wgmma.a : plan.wgmma.b) =
        selectWgmmaOperandSource(nest, tiled, elemBytes);
  // The consumers M allows, then the most of 4 or 3 stages that fit; one
  // consumer where two do not.
  auto [consumers, reason] = selectWgmmaConsumers(nest.map);
  int64_t limit = model.getTarget().getSharedMemoryPerBlock();
  for (; consumers >= 1; --consumers) {
    setWgmmaConsumers(plan, consumers, model.getTarget());
    for (int64_t stages : {4, 3}) {
      t.stages = stages;
      if (getWgmmaSharedBytes(plan, elemBytes) <= limit) {
        plan.wgmma.consumersReason = reason;
        return plan;
      }
    }
    reason = "2 do not fit shared memory";
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

WgmmaOperandMap TiledBuilder::emitWgmmaTensorMap(
    TiledLoad &tiled, const WgmmaOperandSource &source, int64_t alongTile) {
  Type elemType = tiled.load.getType();
  MLIRContext *ctx = b.getContext();
  WgmmaOperandMap result;
  Value unranked;
  switch (source.kind) {
  case WgmmaSource::Array:
    std::tie(unranked, result.rowsPerBatch) = emitWgmmaArrayView(tiled);
    break;
  case WgmmaSource::Packed:
    std::tie(unranked, result.rowsPerBatch) =
        emitWgmmaPackedView(tiled, result.packed);
    break;
  case WgmmaSource::ArrayIfAligned: {
    // The packing map runs only where the test fails.
    result.direct = emitWgmmaDirectCheck(tiled);
    SmallVector<Value> chosen = buildIf(
        b, loc, result.direct,
        {UnrankedMemRefType::get(elemType, Attribute()), b.getIndexType()},
        [&](OpBuilder &) -> SmallVector<Value> {
          auto [view, rows] = emitWgmmaArrayView(tiled);
          return {view, rows};
        },
        [&](OpBuilder &) -> SmallVector<Value> {
          Value buffer;
          auto [view, rows] = emitWgmmaPackedView(tiled, buffer);
          return {view, rows};
        });
    unranked = result.packed = chosen[0];
    result.rowsPerBatch = chosen[1];
    break;
  }
  }
  int64_t tk = t.tk;
  auto tensorMapType = nvgpu::TensorMapDescriptorType::get(
      ctx,
      MemRefType::get({alongTile, tk}, elemType, MemRefLayoutAttrInterface(),
                      b.getI64IntegerAttr(kSharedMemorySpace)),
      nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
      nvgpu::TensorMapL2PromoKind::L2PROMO_NONE,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
  result.tensorMap = nvgpu::TmaCreateDescriptorOp::create(
      b, loc, tensorMapType, unranked, ValueRange{cIdx(alongTile), cIdx(tk)});
  return result;
}

void TiledBuilder::emitWgmmaKLoop(Value mapA, Value mapB, Value rowA,
                                  Value rowB) {
  MLIRContext *ctx = b.getContext();
  const WgmmaTiles &w = plan.wgmma;
  auto [sliceA, sliceB] = getMmaSlices();
  Type elemType = sliceA->load.getType();
  int64_t elemBytes = *getPrimitiveByteSize(elemType);
  int64_t stages = t.stages, tk = t.tk;
  // A stage holds one 64-row box of A per consumer, then B.
  int64_t stageBytesA = kWgmmaTileM * tk * elemBytes;
  int64_t stageBytesB = w.tileN * tk * elemBytes;
  Attribute workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  // The stages of A and B, then the C tile: multiples of 1024 bytes each,
  // so that every swizzled tile stays aligned.
  auto allocBytes = [&](int64_t bytes) {
    return memref::AllocaOp::create(b, loc,
                                    MemRefType::get({bytes}, b.getI8Type(),
                                                    MemRefLayoutAttrInterface(),
                                                    workgroup),
                                    b.getI64IntegerAttr(kSwizzleAtomBytes));
  };
  Value bufferA = allocBytes(stages * w.consumers * stageBytesA);
  Value bufferB = allocBytes(stages * stageBytesB);
  cPitch = w.tileN + TileSizes::kRowPadding;
  Type f32 = b.getF32Type();
  Value cTile2D = memref::AllocaOp::create(
      b, loc,
      MemRefType::get({w.consumers * kWgmmaTileM, cPitch}, f32,
                      MemRefLayoutAttrInterface(), workgroup),
      b.getI64IntegerAttr(kSliceAlignment));
  cTile = memref::CollapseShapeOp::create(
      b, loc, cTile2D, ArrayRef<ReassociationIndices>{{0, 1}});

  OpBuilder::InsertionGuard guard(b);
  int64_t consumerThreads = w.consumers * kWarpgroupThreads;
  MapOp warpgroups = createMapWithEmptyResults(
      b, loc, Level::ThreadInBlock, {b.getIndexAttr(w.getBlockThreads())}, {});
  Value tid = warpgroups.getInductionVars()[0];
  Value leader =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, cIdx(0));
  // A full and an empty mbarrier per stage: TMA completes the full one's
  // phase (one arrival, expect_tx of the stage's bytes); every consumer
  // thread arrives on the empty one once its wgmma on the stage is done.
  auto barriersType = nvgpu::MBarrierGroupType::get(ctx, workgroup, stages);
  Value full = nvgpu::MBarrierCreateOp::create(b, loc, barriersType);
  Value empty = nvgpu::MBarrierCreateOp::create(b, loc, barriersType);
  for (int64_t s = 0; s < stages; ++s) {
    nvgpu::MBarrierInitOp::create(b, loc, full, cIdx(1), cIdx(s), leader);
    nvgpu::MBarrierInitOp::create(b, loc, empty, cIdx(consumerThreads), cIdx(s),
                                  leader);
  }
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
  // The parity of the phase that the use of a stage by k-tile `kt`
  // completes (the (kt / stages)-th use of stage kt % stages).
  auto phaseParity = [&](Value kt) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                 remC(divC(kt, stages), 2), cIdx(0));
  };
  Value numK = arith::CeilDivUIOp::create(b, loc, sizeU, cIdx(tk));
  auto roles = scf::IfOp::create(
      b, loc, cmpUlt(b, loc, tid, cIdx(consumerThreads)), /*withElse=*/true);

  // The producer warpgroup gives up its registers; its first thread loads
  // every k-tile into the ring, each stage once it is empty (from its
  // second use on).
  b.setInsertionPointToStart(roles.elseBlock());
  NVVM::SetMaxRegisterOp::create(b, loc, w.producerRegisters,
                                 NVVM::SetMaxRegisterAction::decrease);
  auto issuer =
      scf::IfOp::create(b, loc,
                        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                              tid, cIdx(consumerThreads)));
  b.setInsertionPointToStart(issuer.thenBlock());
  auto produce = scf::ForOp::create(b, loc, cIdx(0), numK, cIdx(1));
  {
    // After the k-loops every warpgroup returns to the entry count, which
    // ptxas compiles the code after the roles for. The PTX ISA wants the
    // warps of a warpgroup synchronised between two setmaxnreg: the block
    // barrier does that; the consumers give theirs back first.
    OpBuilder::InsertionGuard afterRoles(b);
    b.setInsertionPointAfter(roles);
    gpu::BarrierOp::create(b, loc);
    auto restore =
        scf::IfOp::create(b, loc, roles.getCondition(), /*withElse=*/true);
    b.setInsertionPointToStart(restore.thenBlock());
    NVVM::SetMaxRegisterOp::create(b, loc, w.entryRegisters,
                                   NVVM::SetMaxRegisterAction::decrease);
    b.setInsertionPointToStart(restore.elseBlock());
    NVVM::SetMaxRegisterOp::create(b, loc, w.entryRegisters,
                                   NVVM::SetMaxRegisterAction::increase);
  }
  b.setInsertionPointToStart(produce.getBody());
  {
    Value kt = produce.getInductionVar();
    Value stage = remC(kt, stages);
    auto reused =
        scf::IfOp::create(b, loc, cmpUlt(b, loc, cIdx(stages - 1), kt));
    {
      OpBuilder::InsertionGuard inIf(b);
      b.setInsertionPointToStart(reused.thenBlock());
      Value lastUse = arith::SubIOp::create(b, loc, kt, cIdx(stages));
      nvgpu::MBarrierTryWaitParityOp::create(
          b, loc, empty, phaseParity(lastUse), cIdx(1000000), stage);
    }
    nvgpu::MBarrierArriveExpectTxOp::create(
        b, loc, full, cIdx(w.consumers * stageBytesA + stageBytesB), stage,
        Value());
    Value k = mul(kt, cIdx(tk));
    for (int64_t c = 0; c < w.consumers; ++c)
      nvgpu::TmaAsyncLoadOp::create(
          b, loc,
          stageTile(bufferA, stageBytesA, kWgmmaTileM,
                    add(mul(stage, cIdx(w.consumers)), cIdx(c))),
          full, mapA,
          ValueRange{k, c == 0 ? rowA : add(rowA, cIdx(c * kWgmmaTileM))},
          stage, Value(), Value());
    nvgpu::TmaAsyncLoadOp::create(
        b, loc, stageTile(bufferB, stageBytesB, w.tileN, stage), full, mapB,
        ValueRange{k, rowB}, stage, Value(), Value());
  }

  // The consumer warpgroup takes the registers for its accumulators; per
  // k-tile it waits until the stage is full, multiplies and releases it.
  b.setInsertionPointToStart(roles.thenBlock());
  NVVM::SetMaxRegisterOp::create(b, loc, w.consumerRegisters,
                                 NVVM::SetMaxRegisterAction::increase);
  Value consumer = divC(tid, kWarpgroupThreads);
  auto accType = nvgpu::WarpgroupAccumulatorType::get(
      ctx, VectorType::get({kWgmmaTileM, w.tileN}, f32));
  Value init = nvgpu::WarpgroupMmaInitAccumulatorOp::create(b, loc, accType);
  auto loop = scf::ForOp::create(b, loc, cIdx(0), numK, cIdx(1), init);
  {
    OpBuilder::InsertionGuard inLoop(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kt = loop.getInductionVar();
    Value acc = loop.getRegionIterArg(0);
    Value stage = remC(kt, stages);
    nvgpu::MBarrierTryWaitParityOp::create(b, loc, full, phaseParity(kt),
                                           cIdx(1000000), stage);
    Value tileA = stageTile(bufferA, stageBytesA, kWgmmaTileM,
                            add(mul(stage, cIdx(w.consumers)), consumer));
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
      // the thread releases it.
      IntegerAttr waitGroup =
          k0 + w.stepK == tk ? b.getI64IntegerAttr(0) : IntegerAttr();
      acc = nvgpu::WarpgroupMmaOp::create(b, loc, accType, dA, dB, waitGroup,
                                          UnitAttr(), UnitAttr(), acc);
    }
    nvgpu::MBarrierArriveOp::create(b, loc, empty, stage);
    scf::YieldOp::create(b, loc, acc);
  }
  // Upstream's lowering places the rows by the thread's warp in the block
  // (16 (tid / 32) + ...), so every consumer stores through the view of the
  // first 64 rows and consumer c's land 64 c rows further, in its rows of
  // the C tile.
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
  WgmmaOperandMap mapA = emitWgmmaTensorMap(*sliceA, plan.wgmma.a, kWgmmaTileM);
  WgmmaOperandMap mapB =
      emitWgmmaTensorMap(*sliceB, plan.wgmma.b, plan.wgmma.tileN);
  createBlockMap();
  i0 = mul(blockI, cIdx(tileM));
  j0 = mul(blockJ, cIdx(tileN));
  // The tiles' first rows in the tensor maps: every batch's rows one after
  // the other. Rows past a batch's end reach the next batch's, but only C
  // elements outside M x N, which the epilogue does not write, use them.
  Value rowA = i0, rowB = j0;
  if (!nest.batchIvs.empty()) {
    SmallVector<OpFoldResult> sizes = nest.map.getMixedSizes();
    Value batch = cIdx(0);
    for (auto [d, iv] : llvm::enumerate(
             blockMap.getInductionVars().take_front(nest.batchIvs.size())))
      batch = add(mul(batch, getValueOrCreateConstantIndexOp(b, loc, sizes[d])),
                  iv);
    rowA = add(mul(batch, mapA.rowsPerBatch), i0);
    rowB = add(mul(batch, mapB.rowsPerBatch), j0);
  }
  emitWgmmaKLoop(mapA.tensorMap, mapB.tensorMap, rowA, rowB);
  emitResults();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfter(blockMap);
  emitWgmmaRelease(mapA);
  emitWgmmaRelease(mapB);
  return blockMap;
}
