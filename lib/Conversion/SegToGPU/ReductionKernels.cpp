//===- ReductionKernels.cpp - seg.red to GPU kernels --------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A regular segmented reduction of m segments of n elements has three
// kernels [Larsen & Henriksen 2017], and host code that picks one at run time:
//
//  * sequential segments (SequentialSegments.cpp): one thread per segment
//    reduces it in order, reading the block's B segments through shared
//    memory in tiles that the block evaluates in row-major order.
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

#include "ChunkSteps.h"
#include "Emitters.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::seg;

static bool isCommutative(RedOp op) {
  return llvm::all_of(op.getCommutative(), [](bool flag) { return flag; });
}

//===----------------------------------------------------------------------===//
// Pieces shared by the kernels
//===----------------------------------------------------------------------===//

static Value isThreadZero(KernelBuilder &kb) {
  return compareIndex(kb, arith::CmpIPredicate::eq, kb.threadId,
                      kb.constIndex(0));
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
                  compareIndex(kb, arith::CmpIPredicate::ult, index,
                               red.segmentLength);
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
// Small segments
//===----------------------------------------------------------------------===//

/// Whether the small kernel reduces segments of n elements in `lanes` lanes
/// within warps: lanes <= W, and whole warps only. A static n whose lanes
/// exceed a warp even at the widest width (RedPlan::smallWidths, all of
/// which divide it) needs no warp path.
static Value emitFitsWarp(OpBuilder &b, Location loc, Value n, Value lanes,
                          const RedPlan &plan) {
  auto never = [&] { return arith::ConstantIntOp::create(b, loc, 0, 1); };
  if (plan.blockSize % plan.warpSize != 0)
    return never();
  if (std::optional<int64_t> length = getConstantIntValue(n)) {
    int64_t widest = plan.smallWidths.empty() ? 1 : plan.smallWidths.front();
    if (*length / widest > plan.warpSize)
      return never();
  }
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ule, lanes,
      arith::ConstantIndexOp::create(b, loc, plan.warpSize));
}

/// The loop of the small kernel over its virtual blocks of `perBlock`
/// segments: `body` gets this thread's segment (row `row` of the block) and
/// whether it is one (`rowUsed` and in bounds).
static void forEachSmallSegmentsBlock(KernelBuilder &kb, Reduction &red,
                                      Value virtualBlocks, Value perBlock,
                                      Value row, Value rowUsed,
                                      function_ref<void(Value, Value)> body) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  kb.forLoop(
      kb.blockId, virtualBlocks, kb.gridSize, {},
      [&](Value virtualBlock, ValueRange) {
        Value segment = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, virtualBlock, perBlock), row);
        Value valid = arith::AndIOp::create(
            b, loc, rowUsed,
            compareIndex(kb, arith::CmpIPredicate::ult, segment,
                         red.numSegments));
        body(segment, valid);
        return SmallVector<Value>();
      });
}

/// The small kernel's vectors of `loads.width` elements per lane, where
/// the width divides every segment and its vectors are aligned in every
/// row (emitted once, before the kernel, an index width per plan width,
/// widest first).
struct SmallSegmentVectors {
  SmallVector<ContiguousLoads> loads;
  /// Elements per lane: the widest usable width, else 1.
  Value laneWidth;
};

static SmallSegmentVectors emitSmallSegmentVectors(OpBuilder &b, Location loc,
                                                   Reduction &red,
                                                   const RedPlan &plan) {
  SmallSegmentVectors vectors;
  vectors.laneWidth =
      emitRowVectorWidth(b, loc, plan.contiguousLoads, plan.smallWidths,
                         red.op.getBody().front(), red.segmentLength);
  for (int64_t width : plan.smallWidths) {
    ContiguousLoads loads = plan.contiguousLoads;
    loads.width = width;
    vectors.loads.push_back(std::move(loads));
  }
  return vectors;
}

/// The total of lane `col`'s elements of `segment` (`vectors.laneWidth` of
/// them from element col x width on, one vector load) if `valid`, else the
/// neutral values.
static SmallVector<Value> emitLaneTotal(KernelBuilder &kb, Reduction &red,
                                        const SmallSegmentVectors &vectors,
                                        ArrayRef<ContiguousLoads> loads,
                                        Value valid, Value segment,
                                        Value col) {
  if (loads.empty())
    return red.elementOrNeutral(kb, IRMapping(), valid, segment, col);
  const ContiguousLoads &widest = loads.front();
  Value takes = arith::AndIOp::create(
      kb.b, kb.loc, valid,
      compareIndex(kb, arith::CmpIPredicate::eq, vectors.laneWidth,
                   kb.constIndex(widest.width)));
  return kb.ifThenElse(
      takes, red.types,
      [&] {
        Value base = arith::MulIOp::create(kb.b, kb.loc, col,
                                           kb.constIndex(widest.width));
        SmallVector<Value> elems =
            red.vectorElements(kb, widest, segment, base);
        ArrayRef<Value> lanes = elems;
        size_t numTypes = red.types.size();
        SmallVector<Value> total(lanes.take_front(numTypes));
        for (int64_t lane = 1; lane < widest.width; ++lane)
          total = red.combine(kb, total,
                              lanes.slice(lane * numTypes, numTypes));
        return total;
      },
      [&] {
        return emitLaneTotal(kb, red, vectors, loads.drop_front(), valid,
                             segment, col);
      });
}

/// Segments of n <= W k elements: with k = `vectors.laneWidth` elements per
/// lane, n / k lanes per segment, floor(W k / n) per warp. Each warp reduces
/// its segments with log2(W) shuffle steps (lane c of a segment takes the
/// partial result of lane c + o while c + o < n / k) and no barrier; the
/// segment's first lane writes it.
static void emitSmallSegmentsInWarps(KernelBuilder &kb, Reduction &red,
                                     const SmallSegmentVectors &vectors,
                                     Value virtualBlocks, Value perWarp,
                                     Value perBlock) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Value n =
      arith::DivUIOp::create(b, loc, red.segmentLength, vectors.laneWidth);
  Value warpSizeIdx = kb.constIndex(kb.warpSize);
  Value warp = arith::DivUIOp::create(b, loc, kb.threadId, warpSizeIdx);
  Value lane = arith::RemUIOp::create(b, loc, kb.threadId, warpSizeIdx);
  Value rowInWarp = arith::DivUIOp::create(b, loc, lane, n);
  Value col = arith::RemUIOp::create(b, loc, lane, n);
  Value row = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, warp, perWarp), rowInWarp);
  Value laneUsed = compareIndex(kb, arith::CmpIPredicate::ult, rowInWarp,
                                perWarp);
  Value width = kb.constI32(kb.warpSize);
  forEachSmallSegmentsBlock(
      kb, red, virtualBlocks, perBlock, row, laneUsed,
      [&](Value segment, Value valid) {
        SmallVector<Value> accs =
            emitLaneTotal(kb, red, vectors, vectors.loads, valid, segment, col);
        for (int64_t offset = 1; offset < kb.warpSize; offset *= 2) {
          SmallVector<Value> others;
          for (Value acc : accs)
            others.push_back(
                kb.shuffle(acc, offset, width, gpu::ShuffleMode::DOWN).first);
          Value next =
              arith::AddIOp::create(b, loc, col, kb.constIndex(offset));
          Value takes = compareIndex(kb, arith::CmpIPredicate::ult, next, n);
          accs = kb.ifThenElse(
              takes, red.types, [&] { return red.combine(kb, accs, others); },
              [&] { return accs; });
        }
        Value writes = arith::AndIOp::create(
            b, loc, valid,
            compareIndex(kb, arith::CmpIPredicate::eq, col, kb.constIndex(0)));
        kb.ifThen(writes, [&] { red.store(kb, accs, segment); });
      });
}

/// Requires 1 <= n <= B.
static void emitSmallKernel(OpBuilder &b, Location loc, Reduction &red,
                            const RedPlan &plan) {
  int64_t blockSize = plan.blockSize;
  Value blockSizeIdx = arith::ConstantIndexOp::create(b, loc, blockSize);
  Value n = red.segmentLength;
  // Each lane reads k = `vectors.laneWidth` consecutive elements, a
  // segment takes n / k lanes. Segments per block: within warps when their
  // lanes fit one, else B k / n consecutive ones.
  SmallSegmentVectors vectors = emitSmallSegmentVectors(b, loc, red, plan);
  Value lanes = arith::DivUIOp::create(b, loc, n, vectors.laneWidth);
  Value inWarps = emitFitsWarp(b, loc, n, lanes, plan);
  Value warpSizeIdx = arith::ConstantIndexOp::create(b, loc, plan.warpSize);
  Value perWarp = arith::DivUIOp::create(b, loc, warpSizeIdx,
                                         minIndex(b, loc, lanes, warpSizeIdx));
  Value perBlock = arith::SelectOp::create(
      b, loc, inWarps,
      arith::MulIOp::create(
          b, loc, perWarp,
          arith::ConstantIndexOp::create(
              b, loc, std::max<int64_t>(1, blockSize / plan.warpSize))),
      arith::DivUIOp::create(b, loc, blockSizeIdx, lanes));
  Value virtualBlocks = ceilDivIndex(b, loc, red.numSegments, perBlock);
  Value numBlocks = getLaunchBlockCount(b, loc, red.op, virtualBlocks, plan);

  KernelBuilder kb(b, loc, numBlocks, plan,
                   plan.getKernel(KernelRole::SmallSegments));
  SmallVector<Value> scanned = kb.allocShared(red.types, blockSize);
  auto ifInWarps = scf::IfOp::create(b, loc, TypeRange(), inWarps, true);
  b.setInsertionPoint(ifInWarps.thenBlock()->getTerminator());
  emitSmallSegmentsInWarps(kb, red, vectors, virtualBlocks, perWarp,
                           perBlock);
  b.setInsertionPoint(ifInWarps.elseBlock()->getTerminator());
  // Longer segments: B k / n consecutive ones per block, a segmented scan
  // of the lanes' totals in shared memory.
  Value row = arith::DivUIOp::create(b, loc, kb.threadId, lanes);
  Value col = arith::RemUIOp::create(b, loc, kb.threadId, lanes);
  forEachSmallSegmentsBlock(
      kb, red, virtualBlocks, perBlock, row,
      compareIndex(kb, arith::CmpIPredicate::ult, row, perBlock),
      [&](Value segment, Value valid) {
        kb.storeAll(
            emitLaneTotal(kb, red, vectors, vectors.loads, valid, segment, col),
            scanned, kb.threadId);
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
              b, loc,
              compareIndex(kb, arith::CmpIPredicate::ult, offset, lanes),
              ValueRange{offset});
          Block *after =
              b.createBlock(&whileOp.getAfter(), {}, {b.getIndexType()}, {loc});
          offset = after->getArgument(0);
          Value active = compareIndex(kb, arith::CmpIPredicate::uge, col,
                                      offset);
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
        Value last = arith::SubIOp::create(b, loc, lanes, kb.constIndex(1));
        Value writes = arith::AndIOp::create(
            b, loc, valid, compareIndex(kb, arith::CmpIPredicate::eq, col,
                                        last));
        kb.ifThen(writes, [&] {
          red.store(kb, kb.loadAll(scanned, kb.threadId), segment);
        });
        // The next virtual block overwrites the scan buffer.
        kb.barrier();
      });
  b.setInsertionPointAfter(ifInWarps);
  kb.finish();
}

//===----------------------------------------------------------------------===//
// Large segments
//===----------------------------------------------------------------------===//

/// Reduces elements [start, end) of `segment` with the whole block; the
/// result is valid in thread 0.
static SmallVector<Value> emitBlockRange(KernelBuilder &kb, Reduction &red,
                                         Value segment, Value start, Value end,
                                         int64_t chunk, int64_t loadsInFlight,
                                         int64_t chunkSlots,
                                         const ContiguousLoads &loads) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Value blockSizeIdx = kb.constIndex(kb.blockSize);

  if (isCommutative(red.op)) {
    // A private accumulator per thread, strided for coalescing; one block
    // reduction at the end.
    SmallVector<Value> mine = red.neutrals;
    auto scalarLoop = [&](Value from, Value to, int64_t group) {
      mine = kb.foldLoop(
          arith::AddIOp::create(b, loc, from, kb.threadId), to, blockSizeIdx,
          mine, group,
          [&](Value index) {
            IRMapping mapping;
            return red.element(kb, mapping, segment, index);
          },
          [&](ValueRange accs, ValueRange elems) {
            return red.combine(kb, accs, elems);
          });
    };
    // Without vectors, every element of the range is a scalar one.
    Value scalarStart = start;
    if (loads.isVectorized()) {
      // Whole aligned vectors of `width` elements, thread t's at begin +
      // width (t + k B); the fewer than `width` elements before the first
      // (a misaligned view or row) and those after the last take scalar
      // loops.
      int64_t width = loads.width;
      SmallVector<Value> ivs = delinearize(b, loc, segment, red.segmentSizes);
      ivs.push_back(start);
      Value length =
          arith::SubIOp::create(b, loc, maxIndex(b, loc, end, start), start);
      AlignedVectorRange range = emitAlignedVectorRange(
          b, loc, loads, red.op.getBody().front(), ivs, length);
      scalarLoop(start, range.begin, /*group=*/1);
      Value first = arith::AddIOp::create(
          b, loc, range.begin,
          arith::MulIOp::create(b, loc, kb.threadId, kb.constIndex(width)));
      mine = kb.foldLoop(
          first, range.end, kb.constIndex(kb.blockSize * width), mine,
          loads.vectorsInFlight,
          [&](Value index) {
            return red.vectorElements(kb, loads, segment, index);
          },
          [&](ValueRange accs, ValueRange elems) {
            SmallVector<Value> result(accs);
            for (int64_t lane = 0; lane < width; ++lane)
              result = red.combine(
                  kb, result, elems.slice(lane * accs.size(), accs.size()));
            return result;
          });
      scalarStart = range.end;
    }
    scalarLoop(scalarStart, end, loadsInFlight);
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
      Value inBounds = compareIndex(kb, arith::CmpIPredicate::ult, index, end);
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
  Value partial = compareIndex(kb, arith::CmpIPredicate::ult, wholeEnd, end);
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
                                            const RedPlan &plan) {
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
            compareIndex(kb, arith::CmpIPredicate::eq, previousIdx,
                         lastArrival);
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
                            const RedPlan &plan) {
  LargeSegments large = emitLargeSegmentsSetup(b, loc, red, plan);
  KernelBuilder kb(b, loc, large.numBlocks, plan,
                   plan.getKernel(KernelRole::LargeSegments));
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
        SmallVector<Value> total = emitBlockRange(
            kb, red, segment, start, end, plan.chunk, plan.loadsInFlight,
            plan.chunkSlots, plan.contiguousLoads);

        Value alone = compareIndex(kb, arith::CmpIPredicate::eq,
                                   large.blocksPerSegment,
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

/// Emits the kernel of `role`.
static void emitKernel(OpBuilder &b, Location loc, Reduction &red,
                       const RedPlan &plan, KernelRole role) {
  switch (role) {
  case KernelRole::SequentialSegments:
    return emitSequentialSegmentsKernel(b, loc, red, plan);
  case KernelRole::SmallSegments:
    return emitSmallKernel(b, loc, red, plan);
  case KernelRole::LargeSegments:
    return emitLargeKernel(b, loc, red, plan);
  default:
    llvm_unreachable("not a kernel of seg.red");
  }
}

void seg::lowerRedToGPU(OpBuilder &b, RedOp op, const RedPlan &plan) {
  Location loc = op.getLoc();
  Reduction red(b, loc, op, IRMapping());

  // The kernels the plan has, in order, each under its run-time condition
  // from the strategy table (the last one runs otherwise). A kernel after
  // one that takes the empty segments needs no test for them.
  SmallVector<Value> conditions;
  bool emptyTaken = false;
  for (const RunCondition &condition : ArrayRef(plan.conditions).drop_back()) {
    conditions.push_back(
        condition.emit(b, loc, red.segmentLength, red.numSegments, emptyTaken));
    emptyTaken |= condition.takesEmptySegments;
  }
  ifNonEmpty(b, loc, red.numSegments, [&] {
    OpBuilder::InsertionGuard guard(b);
    for (auto [condition, kernel] : llvm::zip(conditions, plan.kernels)) {
      auto ifOp = scf::IfOp::create(b, loc, TypeRange(), condition, true);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      emitKernel(b, loc, red, plan, kernel.role);
      b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    }
    emitKernel(b, loc, red, plan, plan.kernels.back().role);
  });
}
