//===- TiledWgmmaPack.cpp - Operand sources of wgmma tiles ----------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The sources of wgmma operands on the host: the array itself, the host
// test that chooses it where its alignment is known only at run time, and
// the copy of an operand that TMA cannot read as it is
// (selectWgmmaOperandSource, TiledWgmma.cpp) into a temporary of k-major
// rows padded to 16 bytes with zeros, which TMA then reads. A block-level
// map of 256 threads per tile of the temporary, the batch from the grid:
//
//   k innermost in the array: 128 rows x 128 bytes of k per block; each
//     thread copies 16 bytes of 4 rows, so that a warp reads and writes
//     4 whole 128-byte row pieces at a time;
//   positions innermost (a transposing copy): 128 bytes of positions x
//     128 k per block; the threads read 16 bytes along the positions of a
//     k row into a shared tile, then each writes 16 bytes of k of one
//     position, read down a column of the tile (a pitch of one word more
//     than the row, so that a warp's scalar stores hit distinct banks).
//
// Global loads are 16-byte vectors where the array allows them
// (emitVectorLoadCheck) and the vector lies inside the array, scalar and
// guarded at the edges; stores are 16-byte vectors (the rows are padded
// to them). The thread_in_block spaces have power-of-two extents, so that
// no thread divides.
//
//===----------------------------------------------------------------------===//

#include "TiledBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::tiling;

/// Threads of a packing block.
static constexpr int64_t kPackThreads = 256;
/// Bytes of a packing tile along the array's contiguous dimension.
static constexpr int64_t kPackTileBytes = 128;
/// Elements of a packing tile along the other dimension.
static constexpr int64_t kPackTileOther = 128;
/// Vectors each thread copies per tile (a power of two dividing both
/// tile extents over the 256 threads): the block's and the thread's index
/// arithmetic, two divisions to split the virtual block index among it,
/// is spread over them.
static constexpr int64_t kPackSteps = 4;

Value TiledBuilder::emitPackSourceVector(TiledLoad &tiled, Value pos, Value kk,
                                         Value rows, int64_t vector,
                                         Value vectorOk) {
  Type elemType = tiled.load.getType();
  auto vectorType = VectorType::get({vector}, elemType);
  // Element e lies at (pos, kk + e) with k innermost, else at (pos + e, kk).
  auto inside = [&](int64_t e) {
    Value p = tiled.kInner ? pos : add(pos, cIdx(e));
    Value k = tiled.kInner ? add(kk, cIdx(e)) : kk;
    return arith::AndIOp::create(b, loc, cmpUlt(b, loc, p, rows),
                                 cmpUlt(b, loc, k, sizeU))
        .getResult();
  };
  auto scalars = [&](OpBuilder &) -> SmallVector<Value> {
    SmallVector<Value> elements;
    for (int64_t e = 0; e < vector; ++e) {
      Value p = tiled.kInner ? pos : add(pos, cIdx(e));
      Value k = tiled.kInner ? add(kk, cIdx(e)) : kk;
      elements.push_back(
          buildIf(
              b, loc, inside(e), {elemType},
              [&](OpBuilder &) -> SmallVector<Value> {
                auto [memref, indices] =
                    emitCopySource(tiled, cIdx(0), Value(), p, k);
                return {memref::LoadOp::create(b, loc, memref, indices)};
              },
              [&](OpBuilder &) -> SmallVector<Value> {
                return {zeroOf(b, loc, elemType)};
              })
              .front());
    }
    return {vector::FromElementsOp::create(b, loc, vectorType, elements)};
  };
  if (!vectorOk)
    return scalars(b).front();
  // The whole vector is inside when its last element is.
  Value whole = arith::AndIOp::create(b, loc, vectorOk, inside(vector - 1));
  return buildIf(
             b, loc, whole, {vectorType},
             [&](OpBuilder &) -> SmallVector<Value> {
               return {emitPackVectorLoad(tiled, pos, kk, vector)};
             },
             scalars)
      .front();
}

Value TiledBuilder::emitPackVectorLoad(TiledLoad &tiled, Value pos, Value kk,
                                       int64_t vector) {
  auto [memref, indices] = emitCopySource(tiled, cIdx(0), Value(), pos, kk);
  return vector::LoadOp::create(
      b, loc, VectorType::get({vector}, tiled.load.getType()), memref, indices,
      /*nontemporal=*/false, llvm::MaybeAlign(kTmaStrideBytes));
}

Value TiledBuilder::emitWgmmaPackedOperand(TiledLoad &tiled) {
  Type elemType = tiled.load.getType();
  int64_t elemBytes = *getPrimitiveByteSize(elemType);
  int64_t vector = kTmaStrideBytes / elemBytes;
  // (batches x) rows x kPadded; every extent at least 1 (k at least one
  // 16-byte vector), so that the tensor map is valid for empty extents,
  // whose grids are empty.
  SmallVector<OpFoldResult> sizes = nest.map.getMixedSizes();
  size_t numBatch = nest.batchIvs.size();
  SmallVector<Value> extents;
  for (size_t d = 0; d < numBatch; ++d)
    extents.push_back(getValueOrCreateConstantIndexOp(b, loc, sizes[d]));
  Value rows = getValueOrCreateConstantIndexOp(
      b, loc, sizes[sizes.size() - (tiled.alongI ? 2 : 1)]);
  extents.push_back(rows);
  Value kPadded = mul(arith::CeilDivUIOp::create(b, loc, sizeU, cIdx(vector)),
                      cIdx(vector));
  extents.push_back(kPadded);
  SmallVector<Value> allocExtents;
  for (Value extent : ArrayRef<Value>(extents).drop_back())
    allocExtents.push_back(arith::MaxUIOp::create(b, loc, extent, cIdx(1)));
  allocExtents.push_back(arith::MaxUIOp::create(b, loc, kPadded, cIdx(vector)));
  Value packed = memref::AllocOp::create(
      b, loc,
      MemRefType::get(
          SmallVector<int64_t>(extents.size(), ShapedType::kDynamic), elemType),
      allocExtents, b.getI64IntegerAttr(kTmaStrideBytes));

  // The tile: the array's contiguous dimension is the wide one.
  int64_t wide = kPackTileBytes / elemBytes;
  int64_t tileRows = tiled.kInner ? kPackTileOther : wide;
  int64_t tileK = tiled.kInner ? wide : kPackTileOther;
  SmallVector<OpFoldResult> grid(sizes.begin(), sizes.begin() + numBatch);
  grid.push_back(
      arith::CeilDivUIOp::create(b, loc, rows, cIdx(tileRows)).getResult());
  grid.push_back(
      arith::CeilDivUIOp::create(b, loc, kPadded, cIdx(tileK)).getResult());
  OpBuilder::InsertionGuard guard(b);
  MapOp pack =
      createMapWithEmptyResults(b, loc, Level::Block, grid, {}, kPackThreads);
  ValueRange blockIvs = pack.getInductionVars();
  // The copy's sources are read at the packing block's batch.
  IRMapping outerBase = base;
  for (auto [batchIv, iv] : llvm::zip(nest.batchIvs, blockIvs))
    base.map(batchIv, iv);
  SmallVector<Value> batch(blockIvs.take_front(numBatch));
  Value row0 = mul(blockIvs[numBatch], cIdx(tileRows));
  Value k0 = mul(blockIvs[numBatch + 1], cIdx(tileK));
  Value vectorOk =
      tiled.globalVectorWidth == vector ? emitVectorLoadCheck(tiled) : Value();
  // A tile inside rows x U of an array read with vectors needs no check:
  // every thread's point is a whole vector inside the array and the packed
  // rows.
  Value interior;
  if (vectorOk)
    interior = andAll(b, loc,
                      {vectorOk,
                       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                             add(row0, cIdx(tileRows)), rows),
                       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                             add(k0, cIdx(tileK)), sizeU)});
  // `copy(guarded)` in and out of interior tiles (only guarded without
  // vector loads).
  auto inAndOut = [&](function_ref<void(bool guarded)> copy) {
    if (!interior)
      return copy(/*guarded=*/true);
    buildIf(
        b, loc, interior, {},
        [&](OpBuilder &) {
          copy(/*guarded=*/false);
          return SmallVector<Value>();
        },
        [&](OpBuilder &) {
          copy(/*guarded=*/true);
          return SmallVector<Value>();
        });
  };
  // The vector of the array at (pos, kk) (from row0, k0).
  auto loadVector = [&](bool guarded, Value pos, Value kk) {
    return guarded
               ? emitPackSourceVector(tiled, add(row0, pos), add(k0, kk), rows,
                                      vector, vectorOk)
               : emitPackVectorLoad(tiled, add(row0, pos), add(k0, kk), vector);
  };
  // Stores the vector `value` at (row0 + pos, k0 + kk) of the packed rows.
  auto storeRow = [&](bool guarded, Value pos, Value kk, Value value) {
    SmallVector<Value> indices(batch);
    indices.push_back(add(row0, pos));
    indices.push_back(add(k0, kk));
    auto store = [&](OpBuilder &) {
      vector::StoreOp::create(b, loc, value, packed, indices,
                              /*nontemporal=*/false,
                              llvm::MaybeAlign(kTmaStrideBytes));
      return SmallVector<Value>();
    };
    if (!guarded) {
      store(b);
      return;
    }
    Value inside =
        arith::AndIOp::create(b, loc, cmpUlt(b, loc, indices[numBatch], rows),
                              cmpUlt(b, loc, indices.back(), kPadded));
    buildIf(b, loc, inside, {}, store,
            [&](OpBuilder &) { return SmallVector<Value>(); });
  };
  // A thread_in_block map of the block's threads over (outer / steps) x
  // inner, each running `body` on `kPackSteps` points `outer / steps` apart
  // along outer, with and without checks; the builder is left after it.
  auto threads = [&](int64_t outer, int64_t inner,
                     function_ref<void(bool guarded, Value, Value)> body) {
    OpBuilder::InsertionGuard inBlock(b);
    int64_t apart = outer / kPackSteps;
    MapOp map = createMapWithEmptyResults(
        b, loc, Level::ThreadInBlock,
        {b.getIndexAttr(apart), b.getIndexAttr(inner)}, {});
    ValueRange ivs = map.getInductionVars();
    inAndOut([&](bool guarded) {
      for (int64_t step = 0; step < kPackSteps; ++step)
        body(guarded, add(ivs[0], cIdx(step * apart)), ivs[1]);
    });
  };

  if (tiled.kInner) {
    threads(tileRows, tileK / vector, [&](bool guarded, Value pos, Value kv) {
      Value kk = mul(kv, cIdx(vector));
      storeRow(guarded, pos, kk, loadVector(guarded, pos, kk));
    });
  } else {
    Attribute workgroup = gpu::AddressSpaceAttr::get(
        b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
    int64_t pitch = wide + std::max<int64_t>(1, 4 / elemBytes);
    Value tile = memref::AllocaOp::create(
        b, loc,
        MemRefType::get({tileK, pitch}, elemType, MemRefLayoutAttrInterface(),
                        workgroup));
    // k rows in, along the positions.
    threads(tileK, wide / vector, [&](bool guarded, Value kk, Value pv) {
      Value pos = mul(pv, cIdx(vector));
      Value value = loadVector(guarded, pos, kk);
      for (int64_t e = 0; e < vector; ++e)
        memref::StoreOp::create(b, loc,
                                vector::ExtractOp::create(b, loc, value, e),
                                tile, ValueRange{kk, add(pos, cIdx(e))});
    });
    // Positions out, along k.
    threads(wide, tileK / vector, [&](bool guarded, Value pos, Value kv) {
      Value kk = mul(kv, cIdx(vector));
      SmallVector<Value> elements;
      for (int64_t e = 0; e < vector; ++e)
        elements.push_back(memref::LoadOp::create(
            b, loc, tile, ValueRange{add(kk, cIdx(e)), pos}));
      storeRow(guarded, pos, kk,
               vector::FromElementsOp::create(
                   b, loc, VectorType::get({vector}, elemType), elements));
    });
  }
  base = outerBase;
  return packed;
}

/// `memref`'s leading dimensions up to `numBatch` folded into its rows.
static Value foldBatchesIntoRows(OpBuilder &b, Location loc, Value memref,
                                 size_t numBatch) {
  if (!numBatch)
    return memref;
  SmallVector<ReassociationIndices> rowsAndK(2);
  for (size_t d = 0; d <= numBatch; ++d)
    rowsAndK[0].push_back(d);
  rowsAndK[1].push_back(numBatch + 1);
  return memref::CollapseShapeOp::create(b, loc, memref, rowsAndK);
}

static Value toUnranked(OpBuilder &b, Location loc, Value memref) {
  Type elemType = cast<MemRefType>(memref.getType()).getElementType();
  return memref::CastOp::create(
      b, loc, UnrankedMemRefType::get(elemType, Attribute()), memref);
}

std::pair<Value, Value> TiledBuilder::emitWgmmaArrayView(TiledLoad &tiled) {
  Value array = tiled.load.getMemRef();
  size_t numBatch = nest.batchIvs.size();
  Value rowsPerBatch = memref::DimOp::create(b, loc, array, numBatch);
  Value rows = foldBatchesIntoRows(b, loc, array, numBatch);
  // k up to U: TMA fills zeros past the reduction's range, as the packed
  // rows hold them, so that elements past it never reach the product.
  Value view = memref::SubViewOp::create(
      b, loc, rows,
      ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{memref::getMixedSize(b, loc, rows, 0), sizeU},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
  return {toUnranked(b, loc, view), rowsPerBatch};
}

std::pair<Value, Value> TiledBuilder::emitWgmmaPackedView(TiledLoad &tiled,
                                                          Value &buffer) {
  Value packed = buffer = emitWgmmaPackedOperand(tiled);
  size_t numBatch = nest.batchIvs.size();
  Value rowsPerBatch = memref::DimOp::create(b, loc, packed, numBatch);
  return {toUnranked(b, loc, foldBatchesIntoRows(b, loc, packed, numBatch)),
          rowsPerBatch};
}

Value TiledBuilder::emitWgmmaDirectCheck(TiledLoad &tiled) {
  Value array = tiled.load.getMemRef();
  auto type = cast<MemRefType>(array.getType());
  int64_t elemBytes = *getPrimitiveByteSize(type.getElementType());
  Value zero = cIdx(0);
  auto isAligned = [&](Value elements) {
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        remC(mul(elements, cIdx(elemBytes)), kTmaStrideBytes), zero);
  };
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, array);
  Value start = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, array);
  SmallVector<Value> conds;
  conds.push_back(arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      remC(add(start, mul(metadata.getOffset(), cIdx(elemBytes))),
           kTmaStrideBytes),
      zero));
  conds.push_back(isAligned(metadata.getStrides()[type.getRank() - 2]));
  // A tensor map has no empty extent.
  for (Value size : metadata.getSizes().drop_back())
    conds.push_back(cmpUlt(b, loc, zero, size));
  conds.push_back(cmpUlt(b, loc, zero, sizeU));
  return andAll(b, loc, conds);
}

void TiledBuilder::emitWgmmaRelease(const WgmmaOperandMap &map) {
  if (!map.packed)
    return;
  auto release = [&](OpBuilder &) {
    Value packed = map.packed;
    if (auto unranked = dyn_cast<UnrankedMemRefType>(packed.getType()))
      packed = memref::CastOp::create(
          b, loc,
          MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                          unranked.getElementType()),
          packed);
    memref::DeallocOp::create(b, loc, packed);
    return SmallVector<Value>();
  };
  if (!map.direct) {
    release(b);
    return;
  }
  buildIf(
      b, loc, map.direct, {}, [&](OpBuilder &) { return SmallVector<Value>(); },
      release);
}
