//===- TiledCopy.cpp - The tiled map's global-to-shared copies ------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The copies of the tiled loads' k-tiles from global to shared memory in
// seg-tile-block-register's tiled map (the layout is described in
// TiledMapBuilder.cpp): each thread's loads, scalar or 16-byte vectors when
// emitVectorLoadCheck allows them, padded with zeros outside the arrays,
// then its stores into the slices.
//
//===----------------------------------------------------------------------===//

#include "TiledBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::tiling;

SmallVector<ThreadCopy::Point>
TiledBuilder::getCopyPoints(TiledLoad &tiled, Value tid, int64_t width) {
  int64_t along = tiled.alongI ? tileM : tileN;
  // The copy walks the array's row-major order, so that consecutive
  // threads read consecutive addresses: [along/group][Tk][group] or
  // [along][Tk/width] with k innermost, [Tk][along/width] otherwise.
  int64_t points = along * t.tk / width;
  int64_t threads = t.ty * t.tx;
  SmallVector<ThreadCopy::Point> result;
  for (int64_t first = 0; first < points; first += threads) {
    ThreadCopy::Point point;
    Value flat = add(tid, cIdx(first));
    if (first + threads > points)
      point.inRange = cmpUlt(b, loc, flat, cIdx(points));
    if (tiled.kMajorSlice && !tiled.kInner && width > 1) {
      // Vectors along the positions, k innermost: a warp's transposing
      // stores of one vector element go to consecutive k of 4 (mod 8)
      // word rows apart, distinct banks.
      point.kk = remC(flat, t.tk);
      point.pos = mul(divC(flat, t.tk), cIdx(width));
    } else if (tiled.kInner && width > 1) {
      point.pos = divC(flat, t.tk / width);
      point.kk = mul(remC(flat, t.tk / width), cIdx(width));
    } else if (tiled.kInner) {
      point.pos = add(mul(divC(flat, tiled.group * t.tk), cIdx(tiled.group)),
                      remC(flat, tiled.group));
      point.kk = remC(divC(flat, tiled.group), t.tk);
    } else {
      point.kk = divC(flat, along / width);
      point.pos = mul(remC(flat, along / width), cIdx(width));
    }
    result.push_back(point);
  }
  return result;
}

Value TiledBuilder::getKTileStart(TiledLoad &tiled, Value kt) {
  return tiled.kIndexDim >= 0 ? b.createOrFold<arith::AddIOp>(loc, lower, kt)
                              : Value();
}

std::pair<Value, SmallVector<Value>>
TiledBuilder::emitCopySource(TiledLoad &tiled, Value kt, Value kStart, Value ij,
                             Value kk) {
  IRMapping mapping = base;
  mapping.map(tiled.alongI ? nest.ivI : nest.ivJ, ij);
  mapping.map(nest.kArg, add(lower, add(kt, kk)));
  Value memref = materialize(b, tiled.load.getMemRef(), mapping, mapRegion);
  SmallVector<Value> indices =
      llvm::map_to_vector(tiled.load.getIndices(), [&](Value v) {
        return materialize(b, v, mapping, mapRegion);
      });
  if (kStart) {
    memref = viewFromKTile(memref, tiled.kIndexDim, kStart);
    indices[tiled.kIndexDim] = kk;
  }
  return {memref, indices};
}

ThreadCopy TiledBuilder::emitThreadLoads(TiledLoad &tiled, Value tid, Value kt,
                                         Value kLen, bool checkMN, bool checkK,
                                         bool vectorLoads) {
  ThreadCopy copy;
  int64_t width = vectorLoads ? tiled.globalVectorWidth : 1;
  copy.width = std::max<int64_t>(width, 1);
  Type elemType = tiled.load.getType();
  Type valueType =
      copy.width > 1 ? Type(VectorType::get({copy.width}, elemType)) : elemType;
  // The k index where the tile starts: the origin of the loads' view.
  Value kStart = getKTileStart(tiled, kt);
  for (ThreadCopy::Point point : getCopyPoints(tiled, tid, copy.width)) {
    Value ij = add(tiled.alongI ? i0 : j0, point.pos);
    SmallVector<Value> conds;
    if (point.inRange)
      conds.push_back(point.inRange);
    if (checkMN)
      conds.push_back(cmpUlt(b, loc, ij, tiled.alongI ? sizeM : sizeN));
    if (checkK)
      conds.push_back(cmpUlt(b, loc, point.kk, kLen));
    auto load = [&](OpBuilder &) -> SmallVector<Value> {
      auto [memref, indices] = emitCopySource(tiled, kt, kStart, ij, point.kk);
      if (copy.width == 1)
        return {memref::LoadOp::create(b, loc, memref, indices)};
      return {vector::LoadOp::create(
          b, loc, cast<VectorType>(valueType), memref, indices,
          /*nontemporal=*/false, llvm::MaybeAlign(kSliceAlignment))};
    };
    if (conds.empty())
      point.value = load(b).front();
    else
      point.value = buildIf(b, loc, andAll(b, loc, conds), valueType, load,
                            [&](OpBuilder &) -> SmallVector<Value> {
                              // Padding: never given to an operator.
                              return {zeroOf(b, loc, valueType)};
                            })
                        .front();
    copy.points.push_back(point);
  }
  return copy;
}

Value TiledBuilder::viewFromKTile(Value memref, int64_t kDim, Value kStart) {
  // The k index of every element of the tile becomes its offset in the
  // tile, which does not change from tile to tile: LLVM keeps a thread's
  // addresses and adds the view's offset, one stride per k-tile, where it
  // would otherwise multiply k by the stride for every element.
  if (isZeroInteger(kStart))
    return memref;
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    OpFoldResult size = memref::getMixedSize(b, loc, memref, d);
    if (d == kDim) {
      offsets.push_back(kStart);
      size = arith::SubIOp::create(
                 b, loc, getValueOrCreateConstantIndexOp(b, loc, size), kStart)
                 .getResult();
    } else {
      offsets.push_back(b.getIndexAttr(0));
    }
    sizes.push_back(size);
    strides.push_back(b.getIndexAttr(1));
  }
  return memref::SubViewOp::create(b, loc, memref, offsets, sizes, strides);
}

Value TiledBuilder::slicePosition(TiledLoad &tiled, Value pos) {
  int64_t count = tiled.alongI ? t.ry : t.rx;
  int64_t threads = tiled.alongI ? t.ty : t.tx;
  if (tiled.chunk <= 1 || tiled.chunk == count)
    return pos;
  // Element r of thread t: chunk r / chunk of that thread, in the
  // (r / chunk)-th part of the row.
  Value thread = divC(pos, count), r = remC(pos, count);
  return add(mul(divC(r, tiled.chunk), cIdx(threads * tiled.chunk)),
             add(mul(thread, cIdx(tiled.chunk)), remC(r, tiled.chunk)));
}

Value TiledBuilder::getStageStart(TiledLoad &tiled, Value stage) {
  auto known = stageStarts.find({stage, tiled.buffer});
  if (known != stageStarts.end())
    return known->second;
  return mul(stage, cIdx(getStageElements(tiled)));
}

int64_t TiledBuilder::getStageElements(const TiledLoad &tiled) const {
  return (tiled.kMajorSlice ? (tiled.alongI ? tileM : tileN) : t.tk) *
         tiled.pitch;
}

Value TiledBuilder::sliceIndex(TiledLoad &tiled, Value stage, Value kk,
                               Value pos, int64_t constPos) {
  // The stage's offset after the parts that stay the same from stage to
  // stage, so that those are computed once, before the k loop.
  Value stageStart = getStageStart(tiled, stage);
  if (tiled.kMajorSlice) {
    Value rowStart = mul(pos, cIdx(tiled.pitch));
    if (std::optional<int64_t> k = getConstantIntValue(kk))
      return add(add(rowStart, stageStart), cIdx(constPos * tiled.pitch + *k));
    return add(add(add(rowStart, kk), stageStart),
               cIdx(constPos * tiled.pitch));
  }
  if (std::optional<int64_t> row = getConstantIntValue(kk))
    return add(add(pos, stageStart), cIdx(*row * tiled.pitch + constPos));
  return add(add(add(pos, mul(kk, cIdx(tiled.pitch))), stageStart),
             cIdx(constPos));
}

/// `memref` seen in the default memory space. The slices that ldmatrix
/// reads are declared in the workgroup memory space, which seg-to-nvvm's
/// vector lowering (upstream's convert-vector-to-llvm, before the GPU
/// lowering) cannot map to an address space: vector accesses of them go
/// through the default one, as every other shared buffer's do (the NVPTX
/// backend still infers the shared address space of the stores).
static Value inDefaultMemorySpace(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  if (!type.getMemorySpace())
    return memref;
  return memref::MemorySpaceCastOp::create(
      b, loc,
      MemRefType::get(type.getShape(), type.getElementType(), type.getLayout()),
      memref);
}

bool TiledBuilder::isContiguousInSlice(const TiledLoad &tiled,
                                       int64_t width) const {
  int64_t count = tiled.alongI ? t.ry : t.rx;
  bool identity = tiled.chunk <= 1 || tiled.chunk == count;
  return tiled.kInner == tiled.kMajorSlice && width > 1 &&
         (identity || (tiled.chunk % width == 0 && count % width == 0));
}

void TiledBuilder::emitThreadStores(TiledLoad &tiled, const ThreadCopy &copy,
                                    Value stage) {
  for (const ThreadCopy::Point &point : copy.points) {
    auto store = [&](OpBuilder &) {
      if (isContiguousInSlice(tiled, copy.width)) {
        vector::StoreOp::create(
            b, loc, point.value, inDefaultMemorySpace(b, loc, tiled.buffer),
            sliceIndex(tiled, stage, point.kk, slicePosition(tiled, point.pos)),
            /*nontemporal=*/false, llvm::MaybeAlign(kSliceAlignment));
        return SmallVector<Value>();
      }
      for (int64_t v = 0; v < copy.width; ++v) {
        Value elem = copy.width == 1
                         ? point.value
                         : vector::ExtractOp::create(b, loc, point.value, v);
        Value pos = point.pos, kk = point.kk;
        (tiled.kInner ? kk : pos) = add(tiled.kInner ? kk : pos, cIdx(v));
        memref::StoreOp::create(
            b, loc, elem, tiled.buffer,
            sliceIndex(tiled, stage, kk, slicePosition(tiled, pos)));
      }
      return SmallVector<Value>();
    };
    if (point.inRange)
      buildIf(b, loc, point.inRange, {}, store,
              [&](OpBuilder &) { return SmallVector<Value>(); });
    else
      store(b);
  }
}

void TiledBuilder::emitThreadCopy(Value tid, Value kt, Value kLen, Value stage,
                                  bool checkMN, bool checkK, bool vectorLoads) {
  SmallVector<ThreadCopy> copies;
  for (TiledLoad &tiled : nest.loads)
    copies.push_back(
        emitThreadLoads(tiled, tid, kt, kLen, checkMN, checkK, vectorLoads));
  for (auto [tiled, copy] : llvm::zip_equal(nest.loads, copies))
    emitThreadStores(tiled, copy, stage);
}

Value TiledBuilder::emitVectorLoadCheck() {
  SmallVector<Value> conds;
  for (TiledLoad &tiled : nest.loads)
    if (Value cond = emitVectorLoadCheck(tiled))
      conds.push_back(cond);
  return andAll(b, loc, conds);
}

Value TiledBuilder::emitVectorLoadCheck(TiledLoad &tiled) {
  int64_t width = tiled.globalVectorWidth;
  if (!width)
    return Value();
  // Rows of a multiple of `width` elements from an aligned start: every
  // vector of the copy is aligned, as its first element is a multiple of
  // `width` into a row (tiles and k-tiles are multiples of `width`).
  SmallVector<Value> conds;
  IRMapping mapping = base;
  Value memref = materialize(b, tiled.load.getMemRef(), mapping, mapRegion);
  auto type = cast<MemRefType>(memref.getType());
  Value rowLength = memref::DimOp::create(b, loc, memref, type.getRank() - 1);
  Value zero = cIdx(0);
  auto isZero = [&](Value v) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, zero);
  };
  conds.push_back(isZero(remC(rowLength, width)));
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  conds.push_back(isZero(remC(address, kSliceAlignment)));
  if (tiled.kInner)
    conds.push_back(isZero(remC(lower, width)));
  return andAll(b, loc, conds);
}
