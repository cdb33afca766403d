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
/// TMA's alignment of global row strides and of the packed rows.
static constexpr int64_t kTmaStrideBytes = 16;
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

std::pair<Value, Value> TiledBuilder::emitWgmmaTensorMap(
    TiledLoad &tiled, const WgmmaOperandSource &source, int64_t alongTile) {
  Type elemType = tiled.load.getType();
  int64_t elemBytes = *getPrimitiveByteSize(elemType);
  MLIRContext *ctx = b.getContext();
  Value array = tiled.load.getMemRef();
  Value packed;
  if (source.packed) {
    // (batches x) rows x kPadded, k-major, zeros beyond k; every extent at
    // least 1 (k at least one 16-byte vector), so that the tensor map is
    // valid for empty extents, whose grids are empty.
    SmallVector<OpFoldResult> sizes = nest.map.getMixedSizes();
    size_t numBatch = nest.batchIvs.size();
    SmallVector<Value> extents;
    for (size_t d = 0; d < numBatch; ++d)
      extents.push_back(getValueOrCreateConstantIndexOp(b, loc, sizes[d]));
    extents.push_back(getValueOrCreateConstantIndexOp(
        b, loc, sizes[sizes.size() - (tiled.alongI ? 2 : 1)]));
    int64_t vector = kTmaStrideBytes / elemBytes;
    extents.push_back(mul(
        arith::CeilDivUIOp::create(b, loc, sizeU, cIdx(vector)), cIdx(vector)));
    SmallVector<Value> allocExtents =
        llvm::map_to_vector(extents, [&](Value v) {
          return Value(arith::MaxUIOp::create(b, loc, v, cIdx(1)));
        });
    allocExtents.back() =
        arith::MaxUIOp::create(b, loc, extents.back(), cIdx(vector));
    packed = memref::AllocOp::create(
        b, loc,
        MemRefType::get(
            SmallVector<int64_t>(extents.size(), ShapedType::kDynamic),
            elemType),
        allocExtents, b.getI64IntegerAttr(kTmaStrideBytes));
    OpBuilder::InsertionGuard guard(b);
    MapOp pack = createMapWithEmptyResults(
        b, loc, Level::Thread, getAsOpFoldResult(extents), ValueRange{packed});
    ValueRange ivs = pack.getInductionVars();
    Value position = ivs[numBatch];
    Value kk = ivs[numBatch + 1];
    Value value = buildIf(
        b, loc, cmpUlt(b, loc, kk, sizeU), {elemType},
        [&](OpBuilder &) -> SmallVector<Value> {
          IRMapping mapping;
          for (auto [batchIv, iv] : llvm::zip(nest.batchIvs, ivs))
            mapping.map(batchIv, iv);
          mapping.map(tiled.alongI ? nest.ivI : nest.ivJ, position);
          mapping.map(nest.kArg, add(lower, kk));
          return {materialize(b, tiled.load.getResult(), mapping, mapRegion)};
        },
        [&](OpBuilder &) -> SmallVector<Value> {
          return {zeroOf(b, loc, elemType)};
        })[0];
    b.setInsertionPointToStart(&pack.getResultsOp().getRegion().front());
    ReturnsOp::create(b, loc, value, packed);
    b.setInsertionPointAfter(pack);
    // The batches' rows one after the other: the row of position p of
    // batch q is q * rows + p.
    array = packed;
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
