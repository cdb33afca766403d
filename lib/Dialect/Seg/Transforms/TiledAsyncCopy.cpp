//===- TiledAsyncCopy.cpp - The tiled map's asynchronous copies -----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The k loop of seg-tile-block-register's tiled map with three or more
// stages: the k-tiles go from global to shared memory with asynchronous
// copies (cp.async, nvgpu.device_async_copy), stages - 1 k-tiles ahead of
// the compute, never through registers. With S stages:
//
//   map { copy k-tiles 0 .. S-2 into stages 0 .. S-2, a group each;
//         wait for all but S-2 groups }                      (a barrier)
//   for kc = kt + S-1 over the full k-tiles from S-1 on:
//     map { copy k-tile kc into the stage of kt - 1; close a group;
//           compute kt; wait for all but S-2 groups }        (a barrier)
//   for kt over the last S-1 full k-tiles:
//     map { close an empty group; compute kt;
//           wait for all but S-2 groups }                    (a barrier)
//
// The first loop's copies need no check against the end of the full
// k-tiles, so its body is one basic block, and its induction variable is
// the copied k-tile, whose addresses then need no add per k-tile. The
// loops carry the index of the stage refilled as i32 (the one computed
// follows it), and each slice's stage start is the index times the
// stage's size: no 64-bit arithmetic and no select per
// slice in the k-loop.
//
// A thread's wait covers its own copies; the barrier that ends every map
// makes all threads' copies of the next k-tile visible, and orders the
// compute of kt - 1 before the copy into its stage, so one barrier per
// k-tile suffices. Copies are 16 bytes (.cg) where a 16-byte global load
// would be used and its elements stay consecutive in the slice, else one
// per element (slices stored transposed). Elements outside the arrays
// (blocks at the edges of M x N) are copied with no source bytes, which
// fills them with zeros, from a clamped address.
//
//===----------------------------------------------------------------------===//

#include "TiledBuilder.h"

#include "segir/Target/Chips.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::tiling;

std::string tiling::getAsyncCopyObstacle(Nest &nest, TargetAttr target) {
  std::optional<ComputeCapability> capability = parseChip(target.getChip());
  if (!capability || capability->version < 80)
    return ("target " + target.getChip() +
            " has no asynchronous copies (cp.async came with sm_80)")
        .str();
  for (TiledLoad &tiled : nest.loads) {
    Type type = tiled.load.getType();
    unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
    if (bits != 32 && bits != 64)
      return "elements of " + std::to_string(bits / 8) +
             " bytes (cp.async copies elements of 4 or 8 bytes)";
  }
  return "";
}

/// `memref` (a slice) in the workgroup memory space, where cp.async writes.
static Value inWorkgroupMemorySpace(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  if (type.getMemorySpace() == workgroup)
    return memref;
  return memref::MemorySpaceCastOp::create(
      b, loc,
      MemRefType::get(type.getShape(), type.getElementType(), type.getLayout(),
                      workgroup),
      memref);
}

void TiledBuilder::emitThreadAsyncCopies(Value tid, Value kt, Value stage,
                                         bool checkMN, bool vectorLoads) {
  for (TiledLoad &tiled : nest.loads) {
    int64_t width =
        std::max<int64_t>(vectorLoads ? tiled.globalVectorWidth : 1, 1);
    Value slice = inWorkgroupMemorySpace(b, loc, tiled.buffer);
    int64_t elementBytes = tiled.load.getType().getIntOrFloatBitWidth() / 8;
    Value kStart = getKTileStart(tiled, kt);
    Value origin = tiled.alongI ? i0 : j0;
    for (const ThreadCopy::Point &point : getCopyPoints(tiled, tid, width)) {
      auto copy = [&](OpBuilder &) {
        Value ij = add(origin, point.pos);
        // Outside the array: no source bytes, from the tile's first row.
        Value inside = checkMN
                           ? cmpUlt(b, loc, ij, tiled.alongI ? sizeM : sizeN)
                           : Value();
        if (inside)
          ij = arith::SelectOp::create(b, loc, inside, ij, origin);
        auto [memref, indices] =
            emitCopySource(tiled, kt, kStart, ij, point.kk);
        auto emitCopy = [&](ValueRange from, Value to, int64_t elements) {
          Value srcElements;
          if (inside)
            srcElements = arith::SelectOp::create(b, loc, inside,
                                                  cIdx(elements), cIdx(0));
          UnitAttr bypassL1;
          if (elements * elementBytes == 16)
            bypassL1 = b.getUnitAttr();
          nvgpu::DeviceAsyncCopyOp::create(
              b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()), slice,
              to, memref, from, b.getIndexAttr(elements), srcElements,
              bypassL1);
        };
        if (isContiguousInSlice(tiled, width)) {
          emitCopy(indices,
                   sliceIndex(tiled, stage, point.kk,
                              slicePosition(tiled, point.pos)),
                   width);
          return SmallVector<Value>();
        }
        for (int64_t v = 0; v < width; ++v) {
          SmallVector<Value> from = indices;
          Value pos = point.pos, kk = point.kk;
          if (v) {
            from.back() = add(from.back(), cIdx(v));
            (tiled.kInner ? kk : pos) = add(tiled.kInner ? kk : pos, cIdx(v));
          }
          emitCopy(from,
                   sliceIndex(tiled, stage, kk, slicePosition(tiled, pos)), 1);
        }
        return SmallVector<Value>();
      };
      if (point.inRange)
        buildIf(b, loc, point.inRange, {}, copy,
                [&](OpBuilder &) { return SmallVector<Value>(); });
      else
        copy(b);
    }
  }
}

/// Closes the thread's open group of asynchronous copies. A group closes
/// all of the thread's copies, whatever their tokens (the copies sit in
/// branches). The unit attribute keeps the printed form parseable:
/// upstream's assembly format would read the next line's result as the
/// group's first token.
static Value closeAsyncCopyGroup(OpBuilder &b, Location loc) {
  auto group = nvgpu::DeviceAsyncCreateGroupOp::create(
      b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()), ValueRange());
  group->setAttr("seg.async_copy_group", b.getUnitAttr());
  return group.getResult();
}

/// Waits until at most the newest `stages` - 2 of the thread's groups
/// (`group` the newest) are in flight: the next k-tile's copies landed.
static void waitForNextKTile(OpBuilder &b, Location loc, Value group,
                             int64_t stages) {
  nvgpu::DeviceAsyncWaitOp::create(b, loc, group,
                                   b.getI32IntegerAttr(stages - 2));
}

Value TiledBuilder::getAsyncCopyAheadEnd(Value fullEnd) {
  // max(fullEnd, ahead) - ahead, in whole k-tiles: never below zero.
  Value ahead = cIdx((t.stages - 1) * t.tk);
  return arith::SubIOp::create(
      b, loc, arith::MaxUIOp::create(b, loc, fullEnd, ahead), ahead);
}

Value TiledBuilder::emitAsyncCopyKTiles(Value from, Value to,
                                        Value firstRefilled, bool copyAhead,
                                        bool checkMN, bool vectorLoads) {
  Value tk = cIdx(t.tk);
  int64_t ahead = t.stages - 1;
  auto i32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, v, 32).getResult();
  };
  auto loop = scf::ForOp::create(
      b, loc, from, to, tk, firstRefilled,
      [&](OpBuilder &, Location, Value iv, ValueRange iterArgs) {
        // Copying, the loop runs over the copied k-tiles: their addresses
        // need no add per k-tile.
        Value kt = copyAhead
                       ? arith::SubIOp::create(b, loc, iv, cIdx(ahead * t.tk))
                             .getResult()
                       : iv;
        // The stage refilled is the one computed a k-tile before; the
        // stage computed follows it.
        Value refilled = iterArgs[0];
        Value following = arith::AddIOp::create(b, loc, refilled, i32(1));
        Value wraps = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            following, i32(t.stages));
        Value computed =
            arith::SelectOp::create(b, loc, wraps, i32(0), following);
        // Each slice's start of a stage: the stage's (i32) index times its
        // size, zero-extended, so that no 64-bit arithmetic and no select
        // per slice is needed.
        auto recordStarts = [&](Value stage) {
          Value index =
              arith::IndexCastUIOp::create(b, loc, b.getIndexType(), stage);
          for (TiledLoad &tiled : nest.loads)
            stageStarts[{index, tiled.buffer}] =
                mul(index, cIdx(getStageElements(tiled)));
          return index;
        };
        Value stage = recordStarts(computed);
        Value refill = recordStarts(refilled);
        emitThreadsMap([&](Value ty, Value tx, Value tid) {
          if (copyAhead)
            emitThreadAsyncCopies(tid, iv, refill, checkMN, vectorLoads);
          Value group = closeAsyncCopyGroup(b, loc);
          emitCompute(ty, tx, stage, kt, tk, checkMN);
          waitForNextKTile(b, loc, group, t.stages);
        });
        scf::YieldOp::create(b, loc, computed);
      });
  return loop.getResult(0);
}

void TiledBuilder::emitAsyncCopyKLoop(Value fullEnd, bool checkMN,
                                      bool vectorLoads) {
  int64_t ahead = t.stages - 1;
  // Whether k-tile `kt` is a full one (the first always is).
  auto ifFull = [&](Value kt, function_ref<void()> body) {
    if (isZeroInteger(kt))
      return body();
    buildIf(
        b, loc, cmpUlt(b, loc, kt, fullEnd), {},
        [&](OpBuilder &) {
          body();
          return SmallVector<Value>();
        },
        [&](OpBuilder &) { return SmallVector<Value>(); });
  };
  Value hasFull =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, fullEnd, cIdx(0));
  buildIf(
      b, loc, hasFull, {},
      [&](OpBuilder &) {
        emitThreadsMap([&](Value, Value, Value tid) {
          for (int64_t q = 0; q < ahead; ++q) {
            Value kt = cIdx(q * t.tk);
            ifFull(kt, [&] {
              emitThreadAsyncCopies(tid, kt, cIdx(q), checkMN, vectorLoads);
            });
            if (q + 1 < ahead)
              closeAsyncCopyGroup(b, loc);
          }
          Value group = closeAsyncCopyGroup(b, loc);
          waitForNextKTile(b, loc, group, t.stages);
        });
        // The loops carry the (i32) index of the stage before the one they
        // compute, which the copies refill: first stage S-1.
        Value initial = arith::ConstantIntOp::create(b, loc, ahead, 32);
        // The k-tiles whose tile stages - 1 ahead is a full one copy it
        // unconditionally, so that the loop body is one basic block; the
        // last stages - 1 k-tiles only compute (their groups are empty).
        Value aheadEnd = getAsyncCopyAheadEnd(fullEnd);
        Value refilled =
            emitAsyncCopyKTiles(cIdx(ahead * t.tk), fullEnd, initial,
                                /*copyAhead=*/true, checkMN, vectorLoads);
        emitAsyncCopyKTiles(aheadEnd, fullEnd, refilled, /*copyAhead=*/false,
                            checkMN, vectorLoads);
        return SmallVector<Value>();
      },
      [&](OpBuilder &) { return SmallVector<Value>(); });
}
