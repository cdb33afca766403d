//===- ReductionKernels.cpp - seg.red to GPU kernels --------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A regular segmented reduction of m segments of n elements has three
// kernels [Larsen & Henriksen 2017], and host code that picks one at run time:
//
//  * sequential segments: one thread per segment reduces it in order. The
//    block's B segments are read through shared memory in tiles of B x K
//    elements, evaluated by the block's threads in row-major order, so the
//    loads of the map body are coalesced along the segments.
//  * small segments: floor(B / n) whole segments per block; a segmented
//    inclusive scan in shared memory leaves every segment's total at its
//    last element.
//  * large segments: Gs blocks per segment, each over a contiguous range of
//    it. Commutative operators keep one accumulator per thread, strided
//    over the range, and reduce the block once. Non-commutative ones reduce
//    the block at every step of B * chunk elements; with chunk > 1 every
//    thread evaluates chunk elements with coalesced reads, and a copy
//    through shared memory hands each thread chunk consecutive ones to
//    reduce in order [Pøbl & Holst 2024]. With Gs > 1 each block writes a
//    partial result; the last block of a segment to finish (an atomic counter
//    per segment, zeroed by the host and reset by that block) reduces the
//    segment's partial results in order.
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::seg;

static bool isCommutative(RedOp op) {
  return llvm::all_of(op.getCommutative(), [](bool flag) { return flag; });
}

//===----------------------------------------------------------------------===//
// Pieces shared by the kernels
//===----------------------------------------------------------------------===//

namespace {
/// A reduction: its operands and how to reach its elements and outputs.
struct Reduction : SegmentedOperands {
  RedOp op;

  Reduction(OpBuilder &b, Location loc, RedOp op, const IRMapping &mapping)
      : SegmentedOperands(b, loc, op, mapping), op(op) {}

  MutableArrayRef<Region> operators() { return op.getOperators(); }

  /// The operands of the operators at element `index` of segment `segment`.
  SmallVector<Value> element(KernelBuilder &kb, IRMapping &mapping,
                             Value segment, Value index) {
    SmallVector<Value> ivs = delinearize(kb.b, kb.loc, segment, segmentSizes);
    ivs.push_back(index);
    return emitBodyElement(kb, op.getBody().front(), op.getNumAccumulators(),
                           mapping, ivs, mapOuts);
  }

  /// The element if `inBounds`, else the neutral values.
  SmallVector<Value> elementOrNeutral(KernelBuilder &kb, IRMapping mapping,
                                      Value inBounds, Value segment,
                                      Value index) {
    return kb.ifThenElse(
        inBounds, types, [&] { return element(kb, mapping, segment, index); },
        [&] { return neutrals; });
  }

  SmallVector<Value> combine(KernelBuilder &kb, ValueRange accs,
                             ValueRange elems) {
    return applyOperators(kb.b, operators(), accs, elems);
  }

  void store(KernelBuilder &kb, ValueRange accs, Value segment) {
    SmallVector<Value> indices =
        delinearize(kb.b, kb.loc, segment, segmentSizes);
    for (auto [value, out] : llvm::zip_equal(accs, outs))
      memref::StoreOp::create(kb.b, kb.loc, value, out, indices);
  }
};
} // namespace

static Value cmp(KernelBuilder &kb, arith::CmpIPredicate pred, Value lhs,
                 Value rhs) {
  return arith::CmpIOp::create(kb.b, kb.loc, pred, lhs, rhs);
}

static Value isThreadZero(KernelBuilder &kb) {
  return cmp(kb, arith::CmpIPredicate::eq, kb.threadId, kb.constIndex(0));
}

void seg::emitThreadInBlockRed(KernelBuilder &kb, RedOp op,
                               IRMapping &mapping) {
  Reduction red(kb.b, kb.loc, op, mapping);
  Value blockSize = kb.constIndex(kb.blockSize);
  kb.forLoop(
      kb.constIndex(0), red.numSegments, kb.constIndex(1), {},
      [&](Value segment, ValueRange) {
        SmallVector<Value> total = kb.forLoop(
            kb.constIndex(0), red.segmentLength, blockSize, red.neutrals,
            [&](Value base, ValueRange accs) {
              Value index =
                  arith::AddIOp::create(kb.b, kb.loc, base, kb.threadId);
              Value inBounds =
                  cmp(kb, arith::CmpIPredicate::ult, index, red.segmentLength);
              SmallVector<Value> elems =
                  red.elementOrNeutral(kb, mapping, inBounds, segment, index);
              SmallVector<Value> step =
                  kb.blockReduce(red.operators(), red.neutrals, elems);
              return red.combine(kb, accs, step);
            });
        kb.ifThen(isThreadZero(kb), [&] { red.store(kb, total, segment); });
        return SmallVector<Value>();
      });
  kb.barrier();
}

//===----------------------------------------------------------------------===//
// Sequential segments
//===----------------------------------------------------------------------===//

static void emitSequentialKernel(OpBuilder &b, Location loc, Reduction &red,
                                 const LoweringPlan &plan) {
  int64_t blockSize = plan.blockSize, tile = plan.sequentialTile;
  Value blockSizeIdx = arith::ConstantIndexOp::create(b, loc, blockSize);
  Value virtualBlocks = ceilDivIndex(b, loc, red.numSegments, blockSizeIdx);
  Value numBlocks = getLaunchBlockCount(b, loc, red.op, virtualBlocks, plan);
  // Columns per tile: the tile, or the whole segment when shorter (at least
  // one, so that the empty segments of n = 0 get their neutral values).
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value columns =
      maxIndex(b, loc, one,
               minIndex(b, loc, red.segmentLength,
                        arith::ConstantIndexOp::create(b, loc, tile)));

  int64_t loadsInFlight = plan.loadsInFlight;
  KernelBuilder kb(b, loc, numBlocks, plan,
                   plan.getKernel("sequential-segments"));
  int64_t stride = tile + 1;
  SmallVector<Value> staged = kb.allocShared(red.types, blockSize * stride);
  Value strideIdx = kb.constIndex(stride);
  kb.forLoop(
      kb.blockId, virtualBlocks, kb.gridSize, {},
      [&](Value virtualBlock, ValueRange) {
        Value firstSegment =
            arith::MulIOp::create(b, loc, virtualBlock, blockSizeIdx);
        Value mySegment =
            arith::AddIOp::create(b, loc, firstSegment, kb.threadId);
        Value myRow = arith::MulIOp::create(b, loc, kb.threadId, strideIdx);
        SmallVector<Value> total = kb.forLoop(
            kb.constIndex(0), red.segmentLength, columns, red.neutrals,
            [&](Value column0, ValueRange accs) {
              // The block evaluates its B x columns tile row-major. Slots out
              // of bounds get the neutral values, which are never read.
              // Elements are evaluated `loadsInFlight` at a time (their
              // slot travels with them) before they are stored.
              kb.foldLoop(
                  kb.constIndex(0), columns, kb.constIndex(1), {},
                  loadsInFlight,
                  [&](Value j) {
                    Value flat = arith::AddIOp::create(
                        b, loc, arith::MulIOp::create(b, loc, j, blockSizeIdx),
                        kb.threadId);
                    Value row = arith::DivUIOp::create(b, loc, flat, columns);
                    Value col = arith::RemUIOp::create(b, loc, flat, columns);
                    Value segment =
                        arith::AddIOp::create(b, loc, firstSegment, row);
                    Value index = arith::AddIOp::create(b, loc, column0, col);
                    Value inBounds =
                        arith::AndIOp::create(b, loc,
                                              cmp(kb, arith::CmpIPredicate::ult,
                                                  segment, red.numSegments),
                                              cmp(kb, arith::CmpIPredicate::ult,
                                                  index, red.segmentLength));
                    SmallVector<Value> elems = red.elementOrNeutral(
                        kb, IRMapping(), inBounds, segment, index);
                    elems.push_back(arith::AddIOp::create(
                        b, loc, arith::MulIOp::create(b, loc, row, strideIdx),
                        col));
                    return elems;
                  },
                  [&](ValueRange, ValueRange elemsAndSlot) {
                    kb.storeAll(elemsAndSlot.drop_back(), staged,
                                elemsAndSlot.back());
                    return SmallVector<Value>();
                  });
              kb.barrier();
              // Each thread reduces its own row, in order.
              Value remaining =
                  arith::SubIOp::create(b, loc, red.segmentLength, column0);
              Value count = minIndex(b, loc, columns, remaining);
              SmallVector<Value> next = kb.forLoop(
                  kb.constIndex(0), count, kb.constIndex(1), accs,
                  [&](Value col, ValueRange rowAccs) {
                    Value slot = arith::AddIOp::create(b, loc, myRow, col);
                    return red.combine(kb, rowAccs, kb.loadAll(staged, slot));
                  });
              kb.barrier();
              return next;
            });
        Value mine =
            cmp(kb, arith::CmpIPredicate::ult, mySegment, red.numSegments);
        kb.ifThen(mine, [&] { red.store(kb, total, mySegment); });
        return SmallVector<Value>();
      });
  kb.finish();
}

//===----------------------------------------------------------------------===//
// Small segments
//===----------------------------------------------------------------------===//

/// Requires 1 <= n <= B.
static void emitSmallKernel(OpBuilder &b, Location loc, Reduction &red,
                            const LoweringPlan &plan) {
  int64_t blockSize = plan.blockSize;
  Value blockSizeIdx = arith::ConstantIndexOp::create(b, loc, blockSize);
  Value perBlock =
      arith::DivUIOp::create(b, loc, blockSizeIdx, red.segmentLength);
  Value virtualBlocks = ceilDivIndex(b, loc, red.numSegments, perBlock);
  Value numBlocks = getLaunchBlockCount(b, loc, red.op, virtualBlocks, plan);

  KernelBuilder kb(b, loc, numBlocks, plan, plan.getKernel("small-segments"));
  SmallVector<Value> scanned = kb.allocShared(red.types, blockSize);
  Value n = red.segmentLength;
  Value row = arith::DivUIOp::create(b, loc, kb.threadId, n);
  Value col = arith::RemUIOp::create(b, loc, kb.threadId, n);
  kb.forLoop(
      kb.blockId, virtualBlocks, kb.gridSize, {},
      [&](Value virtualBlock, ValueRange) {
        Value segment = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, virtualBlock, perBlock), row);
        Value valid = arith::AndIOp::create(
            b, loc, cmp(kb, arith::CmpIPredicate::ult, row, perBlock),
            cmp(kb, arith::CmpIPredicate::ult, segment, red.numSegments));
        SmallVector<Value> elems =
            red.elementOrNeutral(kb, IRMapping(), valid, segment, col);
        kb.storeAll(elems, scanned, kb.threadId);
        kb.barrier();
        // Hillis-Steele inclusive scan within each segment: at the step
        // with offset o, element c (c >= o) becomes x[c - o] (+) x[c].
        auto whileOp = scf::WhileOp::create(b, loc, TypeRange{b.getIndexType()},
                                            ValueRange{kb.constIndex(1)});
        {
          OpBuilder::InsertionGuard guard(b);
          Block *before = b.createBlock(&whileOp.getBefore(), {},
                                        {b.getIndexType()}, {loc});
          Value offset = before->getArgument(0);
          scf::ConditionOp::create(
              b, loc, cmp(kb, arith::CmpIPredicate::ult, offset, n),
              ValueRange{offset});
          Block *after =
              b.createBlock(&whileOp.getAfter(), {}, {b.getIndexType()}, {loc});
          offset = after->getArgument(0);
          Value active = cmp(kb, arith::CmpIPredicate::uge, col, offset);
          SmallVector<Value> sum = kb.ifThenElse(
              active, red.types,
              [&] {
                Value left = arith::SubIOp::create(b, loc, kb.threadId, offset);
                return red.combine(kb, kb.loadAll(scanned, left),
                                   kb.loadAll(scanned, kb.threadId));
              },
              [&] { return red.neutrals; });
          kb.barrier();
          kb.ifThen(active, [&] { kb.storeAll(sum, scanned, kb.threadId); });
          kb.barrier();
          Value doubled =
              arith::MulIOp::create(b, loc, offset, kb.constIndex(2));
          scf::YieldOp::create(b, loc, ValueRange{doubled});
        }
        Value last = arith::SubIOp::create(b, loc, n, kb.constIndex(1));
        Value writes = arith::AndIOp::create(
            b, loc, valid, cmp(kb, arith::CmpIPredicate::eq, col, last));
        kb.ifThen(writes, [&] {
          red.store(kb, kb.loadAll(scanned, kb.threadId), segment);
        });
        // The next virtual block overwrites the scan buffer.
        kb.barrier();
        return SmallVector<Value>();
      });
  kb.finish();
}

//===----------------------------------------------------------------------===//
// Large segments
//===----------------------------------------------------------------------===//

/// Thread t's part of a chunk step at `base` [Pøbl & Holst 2024]: it
/// evaluates elements base + k B + t (k < chunk) with coalesced reads, stores
/// them at slots k B + t of one scratch buffer per operand and, after a
/// barrier, reduces slots t chunk + j (j < chunk), the elements it owns, in
/// order; a buffer per operand keeps these reads conflict-free for odd
/// chunks. Unrolled: all loads are issued before the first store and the
/// chunk stays in registers. With `chunkSlots` (the plan's) every operand
/// goes through `buffers` at once; otherwise each goes through in turn, with
/// a barrier pair each, and `buffers` stays empty.
static SmallVector<Value>
reduceOwnChunk(KernelBuilder &kb, Reduction &red, Value base, int64_t chunk,
               int64_t chunkSlots,
               function_ref<SmallVector<Value>(Value)> elementAt,
               SmallVector<Value> &buffers) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Value first =
      arith::MulIOp::create(b, loc, kb.threadId, kb.constIndex(chunk));
  auto ownSlot = [&](Value j) {
    return arith::AddIOp::create(b, loc, first, j);
  };
  SmallVector<Value> slots;
  SmallVector<SmallVector<Value>> loaded;
  for (int64_t k = 0; k < chunk; ++k) {
    slots.push_back(arith::AddIOp::create(b, loc, kb.threadId,
                                          kb.constIndex(k * kb.blockSize)));
    loaded.push_back(elementAt(arith::AddIOp::create(b, loc, base, slots[k])));
  }
  SmallVector<SmallVector<Value>> own(chunk);
  // Operands [begin, begin + buffers.size()) through `buffers`.
  auto transpose = [&](unsigned begin, ValueRange through) {
    for (int64_t k = 0; k < chunk; ++k)
      kb.storeAll(ArrayRef(loaded[k]).slice(begin, through.size()), through,
                  slots[k]);
    kb.barrier();
    for (int64_t j = 0; j < chunk; ++j)
      llvm::append_range(own[j],
                         kb.loadAll(through, ownSlot(kb.constIndex(j))));
  };
  if (chunkSlots > 0) {
    buffers = kb.allocScratch(red.types, chunkSlots);
    transpose(0, buffers);
  } else {
    for (auto [operand, type] : llvm::enumerate(red.types)) {
      transpose(operand, kb.allocScratch(type, kb.blockSize * chunk));
      kb.barrier();
    }
  }
  SmallVector<Value> mine = own.front();
  for (int64_t j = 1; j < chunk; ++j)
    mine = red.combine(kb, mine, own[j]);
  return mine;
}

/// One step of [Pøbl & Holst 2024]'s chunked stage one over the B x chunk
/// elements at `base` (reduceOwnChunk). With every operand transposed at
/// once, the warps reduce their threads' results with shuffles and store one
/// total per warp after the transposition's slots; one more barrier, which
/// also frees the buffers for the next step, and the first warp reduces the
/// warp totals: two barriers per step. Otherwise a block reduction follows.
/// The step's total is valid in thread 0.
static SmallVector<Value>
reduceChunkStep(KernelBuilder &kb, Reduction &red, Value base, int64_t chunk,
                int64_t chunkSlots,
                function_ref<SmallVector<Value>(Value)> elementAt) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  SmallVector<Value> buffers;
  SmallVector<Value> mine =
      reduceOwnChunk(kb, red, base, chunk, chunkSlots, elementAt, buffers);
  if (chunkSlots == 0)
    return kb.blockReduce(red.operators(), red.neutrals, mine);

  SmallVector<Value> warpTotals;
  if (kb.getNumWarps() > 1) {
    OpFoldResult offset = b.getIndexAttr(kb.blockSize * chunk);
    OpFoldResult size = b.getIndexAttr(kb.getNumWarps());
    OpFoldResult stride = b.getIndexAttr(1);
    for (Value buffer : buffers)
      warpTotals.push_back(memref::SubViewOp::create(
          b, loc, buffer, ArrayRef(offset), ArrayRef(size), ArrayRef(stride)));
  }
  SmallVector<Value> warpTotal =
      kb.reduceWarpsInto(red.operators(), mine, warpTotals);
  kb.barrier();
  if (kb.getNumWarps() == 1)
    return warpTotal;
  return kb.reduceWarpTotals(red.operators(), red.neutrals, warpTotals);
}

/// Reduces elements [start, end) of `segment` with the whole block; the
/// result is valid in thread 0.
static SmallVector<Value> emitBlockRange(KernelBuilder &kb, Reduction &red,
                                         Value segment, Value start, Value end,
                                         int64_t chunk, int64_t loadsInFlight,
                                         int64_t chunkSlots) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Value blockSizeIdx = kb.constIndex(kb.blockSize);

  if (isCommutative(red.op)) {
    // A private accumulator per thread, strided for coalescing; one block
    // reduction at the end.
    Value first = arith::AddIOp::create(b, loc, start, kb.threadId);
    SmallVector<Value> mine = kb.foldLoop(
        first, end, blockSizeIdx, red.neutrals, loadsInFlight,
        [&](Value index) {
          IRMapping mapping;
          return red.element(kb, mapping, segment, index);
        },
        [&](ValueRange accs, ValueRange elems) {
          return red.combine(kb, accs, elems);
        });
    return kb.blockReduce(red.operators(), red.neutrals, mine);
  }

  // Steps of B x chunk elements in order: whole ones with no bounds checks,
  // then the last, partial one with a check per element.
  auto stepTotal = [&](Value base, bool checked) {
    auto elementAt = [&](Value index) {
      if (!checked) {
        IRMapping mapping;
        return red.element(kb, mapping, segment, index);
      }
      Value inBounds = cmp(kb, arith::CmpIPredicate::ult, index, end);
      return red.elementOrNeutral(kb, IRMapping(), inBounds, segment, index);
    };
    if (chunk > 1)
      return reduceChunkStep(kb, red, base, chunk, chunkSlots, elementAt);
    SmallVector<Value> mine =
        elementAt(arith::AddIOp::create(b, loc, base, kb.threadId));
    return kb.blockReduce(red.operators(), red.neutrals, mine);
  };
  Value step = kb.constIndex(kb.blockSize * chunk);
  // A block's range may start past the end of a short segment.
  Value length =
      arith::SubIOp::create(b, loc, maxIndex(b, loc, start, end), start);
  Value wholeSteps = arith::DivUIOp::create(b, loc, length, step);
  Value wholeEnd = arith::AddIOp::create(
      b, loc, start, arith::MulIOp::create(b, loc, wholeSteps, step));
  SmallVector<Value> total = kb.forLoop(
      start, wholeEnd, step, red.neutrals, [&](Value base, ValueRange accs) {
        return red.combine(kb, accs, stepTotal(base, /*checked=*/false));
      });
  Value partial = cmp(kb, arith::CmpIPredicate::ult, wholeEnd, end);
  return kb.ifThenElse(
      partial, red.types,
      [&] {
        return red.combine(kb, total, stepTotal(wholeEnd, /*checked=*/true));
      },
      [&] { return total; });
}

namespace {
/// The large kernel's host-side values: Gs blocks per segment, each over a
/// contiguous range of the segment, and the global temporaries through
/// which the blocks of a segment combine their partial results.
struct LargeSegments {
  Value blocksPerSegment, rangeLength, virtualBlocks, numBlocks;
  /// One partial result per virtual block and operand; one arrival counter
  /// per segment.
  SmallVector<Value> partials;
  Value counters;
};
} // namespace

/// Steps of B * chunk elements per segment, spread over Gs blocks that fill
/// the target together; the partial results and the counters, zeroed.
static LargeSegments emitLargeSegmentsSetup(OpBuilder &b, Location loc,
                                            Reduction &red,
                                            const LoweringPlan &plan) {
  auto index = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  int64_t stepLength = plan.blockSize * plan.chunk;
  LargeSegments large;
  Value one = index(1);
  Value steps = ceilDivIndex(b, loc, red.segmentLength, index(stepLength));
  Value cap = index(plan.blockCap);
  large.blocksPerSegment =
      maxIndex(b, loc, one,
               minIndex(b, loc, steps,
                        arith::DivUIOp::create(b, loc, cap, red.numSegments)));
  large.rangeLength = arith::MulIOp::create(
      b, loc, ceilDivIndex(b, loc, steps, large.blocksPerSegment),
      index(stepLength));
  large.virtualBlocks =
      arith::MulIOp::create(b, loc, red.numSegments, large.blocksPerSegment);
  large.numBlocks =
      getLaunchBlockCount(b, loc, red.op, large.virtualBlocks, plan);

  Type tokenType = gpu::AsyncTokenType::get(b.getContext());
  Value token =
      gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
  for (Type type : red.types) {
    auto alloc = gpu::AllocOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, type), tokenType,
        ValueRange{token}, ValueRange{large.virtualBlocks}, ValueRange());
    large.partials.push_back(alloc.getMemref());
    token = alloc.getAsyncToken();
  }
  auto counterAlloc = gpu::AllocOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI32Type()),
      tokenType, ValueRange{token}, ValueRange{red.numSegments}, ValueRange());
  large.counters = counterAlloc.getMemref();
  Value zeroI32 = arith::ConstantIntOp::create(b, loc, 0, 32);
  token = gpu::MemsetOp::create(b, loc, tokenType,
                                ValueRange{counterAlloc.getAsyncToken()},
                                large.counters, zeroI32)
              .getAsyncToken();
  gpu::WaitOp::create(b, loc, Type(), ValueRange{token});
  return large;
}

/// Frees the temporaries of emitLargeSegmentsSetup after the kernel.
static void emitLargeSegmentsTeardown(OpBuilder &b, Location loc,
                                      const LargeSegments &large) {
  Type tokenType = gpu::AsyncTokenType::get(b.getContext());
  Value token =
      gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
  SmallVector<Value> buffers(large.partials);
  buffers.push_back(large.counters);
  for (Value buffer : buffers)
    token = gpu::DeallocOp::create(b, loc, tokenType, ValueRange{token}, buffer)
                .getAsyncToken();
  gpu::WaitOp::create(b, loc, Type(), ValueRange{token});
}

/// One of several blocks of `segment` publishes its partial result `total`
/// (valid in thread 0) and counts itself; the last to arrive reduces the
/// segment's partial results in order and writes the result.
static void emitPartialResult(KernelBuilder &kb, Reduction &red,
                              const LargeSegments &large, Value virtualBlock,
                              Value segment, ValueRange total) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Value lastArrival =
      arith::SubIOp::create(b, loc, large.blocksPerSegment, kb.constIndex(1));
  Value isLastI32 = kb.ifThenElse(
      isThreadZero(kb), {b.getI32Type()},
      [&] {
        kb.storeAll(total, large.partials, virtualBlock);
        kb.fence();
        Value previous = memref::AtomicRMWOp::create(
            b, loc, arith::AtomicRMWKind::addi, kb.constI32(1), large.counters,
            ValueRange{segment});
        kb.fence();
        Value previousIdx =
            arith::IndexCastUIOp::create(b, loc, b.getIndexType(), previous);
        Value isLast =
            cmp(kb, arith::CmpIPredicate::eq, previousIdx, lastArrival);
        return SmallVector<Value>{
            arith::ExtUIOp::create(b, loc, b.getI32Type(), isLast)};
      },
      [&] { return SmallVector<Value>{kb.constI32(0)}; })[0];
  Value isLast = kb.broadcastFromThreadZero({isLastI32})[0];
  Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, isLast,
                                     kb.constI32(0));
  kb.ifThen(last, [&] {
    kb.fence();
    // Thread t reduces partials [t q, (t+1) q) in order, then the block
    // reduces the threads' results.
    Value perThread = ceilDivIndex(b, loc, large.blocksPerSegment,
                                   kb.constIndex(kb.blockSize));
    Value segmentBase =
        arith::MulIOp::create(b, loc, segment, large.blocksPerSegment);
    Value first = arith::MulIOp::create(b, loc, kb.threadId, perThread);
    Value firstEnd = minIndex(b, loc, large.blocksPerSegment,
                              arith::AddIOp::create(b, loc, first, perThread));
    SmallVector<Value> mine = kb.forLoop(
        first, firstEnd, kb.constIndex(1), red.neutrals,
        [&](Value g, ValueRange accs) {
          Value slot = arith::AddIOp::create(b, loc, segmentBase, g);
          return red.combine(kb, accs, kb.loadAll(large.partials, slot));
        });
    SmallVector<Value> result =
        kb.blockReduce(red.operators(), red.neutrals, mine);
    kb.ifThen(isThreadZero(kb), [&] {
      red.store(kb, result, segment);
      memref::StoreOp::create(b, loc, kb.constI32(0), large.counters,
                              ValueRange{segment});
    });
  });
}

static void emitLargeKernel(OpBuilder &b, Location loc, Reduction &red,
                            const LoweringPlan &plan) {
  LargeSegments large = emitLargeSegmentsSetup(b, loc, red, plan);
  KernelBuilder kb(b, loc, large.numBlocks, plan,
                   plan.getKernel("large-segments"));
  kb.forLoop(
      kb.blockId, large.virtualBlocks, kb.gridSize, {},
      [&](Value virtualBlock, ValueRange) {
        Value segment = arith::DivUIOp::create(b, loc, virtualBlock,
                                               large.blocksPerSegment);
        Value group = arith::RemUIOp::create(b, loc, virtualBlock,
                                             large.blocksPerSegment);
        Value start = arith::MulIOp::create(b, loc, group, large.rangeLength);
        Value end =
            minIndex(b, loc, red.segmentLength,
                     arith::AddIOp::create(b, loc, start, large.rangeLength));
        SmallVector<Value> total =
            emitBlockRange(kb, red, segment, start, end, plan.chunk,
                           plan.loadsInFlight, plan.chunkSlots);

        Value alone = cmp(kb, arith::CmpIPredicate::eq, large.blocksPerSegment,
                          kb.constIndex(1));
        auto ifAlone = scf::IfOp::create(b, loc, TypeRange(), alone, true);
        {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(ifAlone.thenBlock()->getTerminator());
          kb.ifThen(isThreadZero(kb), [&] { red.store(kb, total, segment); });
          b.setInsertionPoint(ifAlone.elseBlock()->getTerminator());
          emitPartialResult(kb, red, large, virtualBlock, segment, total);
        }
        kb.barrier();
        return SmallVector<Value>();
      });
  kb.finish();
  emitLargeSegmentsTeardown(b, loc, large);
}

//===----------------------------------------------------------------------===//
// Host code: the choice of a strategy
//===----------------------------------------------------------------------===//

void seg::lowerRedToGPU(OpBuilder &b, RedOp op, const LoweringPlan &plan) {
  Location loc = op.getLoc();
  Reduction red(b, loc, op, IRMapping());
  int64_t blockSize = plan.blockSize;

  auto index = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  Value n = red.segmentLength, m = red.numSegments;
  Value zero = index(0);
  // Empty segments only need their neutral values: the sequential kernel
  // writes them. The small kernel needs 1 <= n <= B.
  Value emptySegments =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, n, zero);
  Value smallFits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, n,
                                          index(plan.smallSegmentMax));
  Value useSequential, useSmall;
  switch (plan.strategy) {
  case RedStrategy::Auto:
    useSequential = arith::OrIOp::create(
        b, loc, emptySegments,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, m,
                              index(plan.sequentialThreshold)));
    useSmall = smallFits;
    break;
  case RedStrategy::Sequential:
    useSequential = arith::ConstantIntOp::create(b, loc, 1, 1);
    useSmall = useSequential;
    break;
  case RedStrategy::Small:
    useSequential = emptySegments;
    // A segment longer than the block cannot be small.
    useSmall = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, n,
                                     index(blockSize));
    break;
  case RedStrategy::Large:
    useSequential = emptySegments;
    useSmall = arith::ConstantIntOp::create(b, loc, 0, 1);
    break;
  }

  ifNonEmpty(b, loc, m, [&] {
    auto ifSequential =
        scf::IfOp::create(b, loc, TypeRange(), useSequential, true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifSequential.thenBlock()->getTerminator());
    emitSequentialKernel(b, loc, red, plan);
    b.setInsertionPoint(ifSequential.elseBlock()->getTerminator());
    auto ifSmall = scf::IfOp::create(b, loc, TypeRange(), useSmall, true);
    b.setInsertionPoint(ifSmall.thenBlock()->getTerminator());
    emitSmallKernel(b, loc, red, plan);
    b.setInsertionPoint(ifSmall.elseBlock()->getTerminator());
    emitLargeKernel(b, loc, red, plan);
  });
}
