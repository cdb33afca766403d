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
//   for kt over the full k-tiles:
//     map { copy k-tile kt + S-1 (if any) into the stage of kt - 1;
//           close a group (empty past the end); compute kt;
//           wait for all but S-2 groups }                    (a barrier)
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

void TiledBuilder::emitAsyncCopyKLoop(Value fullEnd, bool checkMN,
                                      bool vectorLoads) {
  Value tk = cIdx(t.tk);
  int64_t ahead = t.stages - 1;
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  // A group closes all of the thread's copies, whatever their tokens (the
  // copies sit in branches). The unit attribute keeps the printed form
  // parseable: upstream's assembly format would read the next line's
  // result as the group's first token.
  auto closeGroup = [&] {
    auto group = nvgpu::DeviceAsyncCreateGroupOp::create(b, loc, tokenType,
                                                         ValueRange());
    group->setAttr("seg.async_copy_group", b.getUnitAttr());
    return group.getResult();
  };
  auto closeGroupAndWait = [&](function_ref<void()> beforeWait) {
    Value group = closeGroup();
    beforeWait();
    nvgpu::DeviceAsyncWaitOp::create(b, loc, group,
                                     b.getI32IntegerAttr(t.stages - 2));
  };
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
              closeGroup();
          }
          closeGroupAndWait([] {});
        });
        // The loop carries, per slice, the start of the stage it computes
        // and of the one before (which the copies refill), as the
        // two-stage loop does (stageStarts).
        SmallVector<Value> initial;
        for (TiledLoad &tiled : nest.loads)
          initial.push_back(cIdx(0));
        for (TiledLoad &tiled : nest.loads)
          initial.push_back(cIdx(ahead * getStageElements(tiled)));
        unsigned slices = nest.loads.size();
        scf::ForOp::create(
            b, loc, cIdx(0), fullEnd, tk, initial,
            [&](OpBuilder &, Location, Value kt, ValueRange iterArgs) {
              ValueRange computed = iterArgs.take_front(slices);
              ValueRange refilled = iterArgs.drop_front(slices);
              SmallVector<Value> next;
              for (auto [tiled, start] :
                   llvm::zip_equal(nest.loads, computed)) {
                int64_t size = getStageElements(tiled);
                Value following = add(start, cIdx(size));
                Value wraps =
                    arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          following, cIdx(t.stages * size));
                next.push_back(
                    arith::SelectOp::create(b, loc, wraps, cIdx(0), following));
              }
              auto recordStarts = [&](ValueRange starts) {
                for (auto [tiled, start] : llvm::zip_equal(nest.loads, starts))
                  stageStarts[{starts.front(), tiled.buffer}] = start;
                return starts.front();
              };
              Value stage = recordStarts(computed);
              Value refill = recordStarts(refilled);
              emitThreadsMap([&](Value ty, Value tx, Value tid) {
                ifFull(add(kt, cIdx(ahead * t.tk)), [&] {
                  emitThreadAsyncCopies(tid, add(kt, cIdx(ahead * t.tk)),
                                        refill, checkMN, vectorLoads);
                });
                closeGroupAndWait(
                    [&] { emitCompute(ty, tx, stage, kt, tk, checkMN); });
              });
              next.append(computed.begin(), computed.end());
              scf::YieldOp::create(b, loc, next);
            });
        return SmallVector<Value>();
      },
      [&](OpBuilder &) { return SmallVector<Value>(); });
}
