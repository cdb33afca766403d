//===- ScanKernels.cpp - seg.scan to GPU kernels ------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A regular segmented inclusive scan of S segments of n elements, seen as
// one array of S * n elements cut into groups of G = B * m (block size B,
// m elements per thread, [Clausen 2021]), lowers to one single-pass kernel:
//
//  * every iteration of a block takes a dynamic group id from a global
//    counter (ids are handed out in the order blocks start, so the
//    look-back never waits on a group nobody works on); a block launched
//    for fewer groups than there are loops over ids [Pøbl & Holst 2024, §3.1];
//  * load & map: thread t evaluates elements k B + t (coalesced), stores
//    map-only outputs at once and stages the operator operands in shared
//    memory; thread t then takes elements t m .. t m + m - 1, scans them
//    restarting at segment starts, and the block scans the threads'
//    (starts-here flag, carry) pairs;
//  * look-back: the block publishes its aggregate (flag A), or at once its
//    inclusive prefix (flag P) when it starts a segment or contains a
//    segment start (the suffix after the last one is all its successors
//    need); then the first warp reads one predecessor per lane at a time,
//    stopping at the first P or at the start of its segment (older groups
//    count as P with the neutral value), and reduces them with a
//    flag-aware operator; the block publishes P. Values are written with
//    plain stores, then the flag with a release store; readers poll the
//    flag with acquire loads and a growing nanosleep between polls (no
//    read-modify-write), then read the value with plain loads;
//  * result distribution and a transposition back through shared memory
//    for coalesced writes.
//
// Index arithmetic inside a group is 32-bit (ScanIndexing.h,
// [Clausen 2021, §6]); the group offset, the segment start and global indices
// stay 64-bit.
//
// Reduce-then-scan, for operators whose state leaves the single-pass
// kernel too few registers (or when forced): a kernel computes every
// group's (flag, aggregate), one block scans them, and a third kernel
// rescans every group with its prefix and writes the results.
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"
#include "ScanIndexing.h"
#include "ScanLookBack.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::seg;

/// Most coalesced elements a thread writes in one unrolled batch (stores
/// need nothing in flight; LoweringPlan::loadsInFlight bounds the loads).
static constexpr int64_t kCoalescedBatch = 32;

//===----------------------------------------------------------------------===//
// Pieces
//===----------------------------------------------------------------------===//

namespace {
/// ScanIndexing's policy on arith ops: 64-bit values are `index`, 32-bit
/// ones `i32`.
struct IRArith {
  using V64 = Value;
  using V32 = Value;
  using Bool = Value;
  OpBuilder &b;
  Location loc;

  Value c64(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value c32(int64_t v) { return arith::ConstantIntOp::create(b, loc, v, 32); }
  Value add64(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub64(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value rem64(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value min64(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }
  Value add32(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub32(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value rem32(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value div32(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value trunc(Value x) {
    return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), x);
  }
  Value ext(Value x) {
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), x);
  }
  Value cmp(arith::CmpIPredicate pred, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, pred, x, y);
  }
  Value eq64(Value x, Value y) { return cmp(arith::CmpIPredicate::eq, x, y); }
  Value eq32(Value x, Value y) { return cmp(arith::CmpIPredicate::eq, x, y); }
  Value ne32(Value x, Value y) { return cmp(arith::CmpIPredicate::ne, x, y); }
  Value ult32(Value x, Value y) { return cmp(arith::CmpIPredicate::ult, x, y); }
  Value uge32(Value x, Value y) { return cmp(arith::CmpIPredicate::uge, x, y); }
  Value and_(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value or_(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value select64(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value select32(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
};

using Indexing = ScanIndexing<IRArith>;

} // namespace

static Value cmp(OpBuilder &b, Location loc, arith::CmpIPredicate pred,
                 Value lhs, Value rhs) {
  return arith::CmpIOp::create(b, loc, pred, lhs, rhs);
}

static SmallVector<Value> selectAll(OpBuilder &b, Location loc, Value cond,
                                    ValueRange lhs, ValueRange rhs) {
  SmallVector<Value> result;
  for (auto [l, r] : llvm::zip_equal(lhs, rhs))
    result.push_back(arith::SelectOp::create(b, loc, cond, l, r));
  return result;
}

namespace {
/// Division of 64-bit values by a divisor d >= 1 that every group of a
/// kernel shares, without a division per group: the kernel computes
/// r = floor((2^64 - 1) / d) >= (2^64 - d) / d once; q = mulhi(x, r) then
/// lies in (x / d - 1, x / d] (x r / 2^64 >= x / d - x / 2^64, x < 2^64):
/// floor(x / d) or one less, which one comparison of the remainder
/// corrects.
struct InvariantDivisor {
  InvariantDivisor() = default;
  InvariantDivisor(OpBuilder &b, Location loc, Value divisor);
  /// floor(x / d) and x mod d (index values).
  std::pair<Value, Value> divRem(OpBuilder &b, Location loc, Value x) const;

  Value divisor, reciprocal;
};

/// What every group of a kernel over groups shares, computed once before
/// its group loop: the only divisions of the kernel's 32-bit index
/// arithmetic (ScanIndexing.h).
struct GroupShape {
  GroupShape(KernelBuilder &kb, Scan &scan, int64_t m);

  int64_t m, groupSize;
  /// The scan has one segment: an element's index is blockOffset + j and
  /// only the array's first element starts a segment.
  bool singleSegment;
  /// This thread's first coalesced element (t) and first own one (t m).
  Value thread32, firstOwn32;
  /// With segments: the segment stride and the splits by it of t, t m,
  /// the block size (between coalesced elements) and 1.
  Value sizeC;
  Indexing::Split thread, firstOwn, blockStep, unitStep;
  /// With segments: the segment length, for a group's first segment and
  /// its offset in it.
  InvariantDivisor segmentLength;
};

/// One of a thread's coalesced elements of a group: its offset in the group
/// (index), whether it exists and its coordinates.
struct CoalescedElement {
  Value local, inBounds;
  SmallVector<Value> ivs;
};

/// One group of a kernel over groups (group `id`, uniform over the block),
/// up to the block-wide scan: every thread evaluates its m elements
/// k B + t (coalesced), all of them before it uses any so that their loads
/// are in flight together, and stages them in shared memory; then it
/// scans its m consecutive elements t m .. t m + m - 1 from there, and the
/// block scans the threads' (segment-starts-here, carry) pairs. What the
/// kernels do with the group's prefix differs; writeResults then
/// distributes it.
class GroupScan {
public:
  /// `restaged`: the thread's scanned values wait for writeResults in its
  /// staging slots, not in registers (LoweringPlan::restageScanned).
  /// `loadsInFlight`: the coalesced elements evaluated together.
  GroupScan(KernelBuilder &kb, Scan &scan, const GroupShape &shape, Value id,
            ArrayRef<Value> staging, bool storeMapOuts, bool restaged,
            int64_t loadsInFlight, bool parkExclusive);

  /// Combines `blockPrefix` (the groups before this one back to the start
  /// of its segment) into every element and writes the results, coalesced.
  void writeResults(ValueRange blockPrefix);

  KernelBuilder &kb;
  Scan &scan;
  const GroupShape &shape;
  IRArith a;
  int64_t m, groupSize;
  Value id, blockOffset;
  Indexing ix;
  /// Whether the group contains a segment start, and the combination of
  /// its elements after the last one.
  Value totalFlag;
  SmallVector<Value> totalValues;
  Value isFirstThread;

private:
  /// This thread's coalesced elements k B + t, k < m, in batches of at
  /// most `maxBatch` (unrolled; a loop over the batches when m is larger):
  /// `body` gets a batch's elements, which it may evaluate all before using
  /// any. Their coordinates step from one to the next without a division.
  void forCoalesced(int64_t maxBatch,
                    function_ref<void(ArrayRef<CoalescedElement>)> body,
                    bool unroll = true);
  /// forCoalesced for a whole group (in batches of `maxBatch`, `checked`
  /// false) or for the last one (one element per iteration of a loop that
  /// is not unrolled, `checked` true: each element's bounds are checked).
  /// Rolled, the last group's code shares nothing with the whole group's
  /// that LLVM could merge between the paths (sinking common code would
  /// issue the whole group's last load after the uses of the others).
  void forGroupElements(
      int64_t maxBatch,
      function_ref<void(ArrayRef<CoalescedElement>, bool checked)> body);

  ArrayRef<Value> staging;
  Value firstSegment;
  /// Elements of the group that exist (i32), and whether all do (every
  /// group but the last: no bounds checks).
  Value validCount;
  Value wholeGroup;
  /// This thread's first own element, its m scanned elements, and whether a
  /// segment starts in its elements 0..i.
  Value first;
  SmallVector<SmallVector<Value>> own;
  bool restaged;
  SmallVector<Value> fresh;
  KernelBuilder::BlockScan threads;
};
} // namespace

InvariantDivisor::InvariantDivisor(OpBuilder &b, Location loc, Value divisor)
    : divisor(divisor) {
  Type i64 = b.getI64Type();
  Value allOnes = arith::ConstantIntOp::create(b, loc, -1, 64);
  reciprocal = arith::DivUIOp::create(
      b, loc, allOnes, arith::IndexCastUIOp::create(b, loc, i64, divisor));
}

std::pair<Value, Value> InvariantDivisor::divRem(OpBuilder &b, Location loc,
                                                 Value x) const {
  Type i64 = b.getI64Type(), index = b.getIndexType();
  Value wide = arith::IndexCastUIOp::create(b, loc, i64, x);
  Value estimate = arith::IndexCastUIOp::create(
      b, loc, index,
      arith::MulUIExtendedOp::create(b, loc, wide, reciprocal).getHigh());
  Value remainder = arith::SubIOp::create(
      b, loc, x, arith::MulIOp::create(b, loc, estimate, divisor));
  Value under = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                      remainder, divisor);
  Value quotient = arith::SelectOp::create(
      b, loc, under,
      arith::AddIOp::create(b, loc, estimate,
                            arith::ConstantIndexOp::create(b, loc, 1)),
      estimate);
  remainder = arith::SelectOp::create(
      b, loc, under, arith::SubIOp::create(b, loc, remainder, divisor),
      remainder);
  return {quotient, remainder};
}

GroupShape::GroupShape(KernelBuilder &kb, Scan &scan, int64_t m)
    : m(m), groupSize(kb.blockSize * m),
      singleSegment(scan.segmentSizes.empty()) {
  IRArith a{kb.b, kb.loc};
  thread32 = a.trunc(kb.threadId);
  firstOwn32 = arith::MulIOp::create(kb.b, kb.loc, thread32, a.c32(m));
  if (singleSegment)
    return;
  sizeC = Indexing::getSegmentStride(a, scan.segmentLength,
                                     kb.constIndex(groupSize));
  thread = Indexing::split(a, thread32, sizeC);
  firstOwn = Indexing::split(a, firstOwn32, sizeC);
  blockStep = Indexing::split(a, a.c32(kb.blockSize), sizeC);
  unitStep = Indexing::split(a, a.c32(1), sizeC);
  segmentLength = InvariantDivisor(kb.b, kb.loc, scan.segmentLength);
}

GroupScan::GroupScan(KernelBuilder &kb, Scan &scan, const GroupShape &shape,
                     Value id, ArrayRef<Value> staging, bool storeMapOuts,
                     bool restaged, int64_t loadsInFlight, bool parkExclusive)
    : kb(kb), scan(scan), shape(shape), a{kb.b, kb.loc}, m(shape.m),
      groupSize(shape.groupSize), id(id), staging(staging), restaged(restaged) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  blockOffset = arith::MulIOp::create(b, loc, id, kb.constIndex(groupSize));
  if (shape.singleSegment) {
    ix = Indexing::compute(a, blockOffset, scan.segmentLength,
                           kb.constIndex(groupSize), /*singleSegment=*/true);
  } else {
    Value sgmIdx;
    std::tie(firstSegment, sgmIdx) =
        shape.segmentLength.divRem(b, loc, blockOffset);
    ix = Indexing::computeAt(a, sgmIdx, scan.segmentLength,
                             kb.constIndex(groupSize));
  }
  validCount = a.trunc(
      a.min64(kb.constIndex(groupSize), a.sub64(scan.total, blockOffset)));

  // Load & map: every element of a batch evaluated before any is staged, so
  // that their loads are in flight together. A whole group (all but the
  // last) evaluates its elements without a bounds check: a branch around
  // each would keep the body's use of a load next to it, before the next
  // load is issued.
  wholeGroup = a.eq32(validCount, a.c32(groupSize));
  forGroupElements(loadsInFlight, [&](ArrayRef<CoalescedElement> elements,
                                      bool checked) {
    SmallVector<SmallVector<Value>> values;
    for (const CoalescedElement &element : elements) {
      auto evaluateOne = [&] {
        return scan.element(kb, element.ivs, storeMapOuts);
      };
      values.push_back(checked ? kb.ifThenElse(element.inBounds, scan.types,
                                               evaluateOne,
                                               [&] { return scan.neutrals; })
                               : evaluateOne());
    }
    for (auto [element, loaded] : llvm::zip_equal(elements, values))
      kb.storeAll(loaded, staging, element.local);
  });
  kb.barrier();

  // Thread t scans elements t m .. t m + m - 1, restarting at segment
  // starts.
  first =
      arith::IndexCastUIOp::create(b, loc, b.getIndexType(), shape.firstOwn32);
  Indexing::Cursor cursor;
  if (!shape.singleSegment)
    cursor = ix.at(a, shape.firstOwn);
  Value noStart = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (int64_t i = 0; i < m; ++i) {
    Value slot = arith::AddIOp::create(b, loc, first, kb.constIndex(i));
    SmallVector<Value> x = kb.loadAll(staging, slot);
    Value start;
    if (shape.singleSegment) {
      // Only the array's first element starts a segment.
      start = i == 0 ? a.and_(a.eq32(shape.thread32, a.c32(0)), ix.newSegment)
                     : noStart;
    } else {
      start = ix.isStart(a, cursor);
      if (i + 1 < m)
        cursor = ix.advance(a, cursor, shape.unitStep);
    }
    if (i == 0) {
      fresh.push_back(start);
      own.push_back(x);
      continue;
    }
    fresh.push_back(a.or_(fresh.back(), start));
    SmallVector<Value> combined = scan.combine(b, own.back(), x);
    own.push_back(selectAll(b, loc, start, x, combined));
  }

  SmallVector<Value> carry{fresh.back()};
  llvm::append_range(carry, own.back());
  // Each thread's slots hold its own elements only: writing the scanned
  // values over them frees their registers until writeResults. The first
  // is its element itself.
  if (restaged) {
    for (int64_t i = 1; i < m; ++i) {
      Value slot = arith::AddIOp::create(b, loc, first, kb.constIndex(i));
      kb.storeAll(own[i], staging, slot);
    }
  }
  auto segCombine = [&](ValueRange lhs, ValueRange rhs) {
    return scan.segCombine(b, loc, lhs, rhs);
  };
  SmallVector<Value> identity = scan.segIdentity(b, loc);
  threads = kb.blockScan(segCombine, identity, carry, parkExclusive);
  totalFlag = threads.total[0];
  totalValues = llvm::to_vector(ArrayRef(threads.total).drop_front());
  isFirstThread =
      cmp(b, loc, arith::CmpIPredicate::eq, kb.threadId, kb.constIndex(0));
}

void GroupScan::forCoalesced(
    int64_t maxBatch, function_ref<void(ArrayRef<CoalescedElement>)> body,
    bool unroll) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Value blockSize = kb.constIndex(kb.blockSize);
  // The elements firstK .. firstK + count - 1 from `cursor`; returns the
  // cursor after them.
  auto emitBatch = [&](Value firstK, int64_t count, ValueRange cursor) {
    Indexing::Cursor c;
    if (!shape.singleSegment)
      c = {cursor[0], cursor[1]};
    Value base = arith::AddIOp::create(
        b, loc, kb.threadId, arith::MulIOp::create(b, loc, firstK, blockSize));
    SmallVector<CoalescedElement> elements;
    for (int64_t i = 0; i < count; ++i) {
      CoalescedElement element;
      element.local =
          arith::AddIOp::create(b, loc, base, kb.constIndex(i * kb.blockSize));
      element.inBounds = a.ult32(a.trunc(element.local), validCount);
      if (shape.singleSegment) {
        element.ivs.push_back(
            arith::AddIOp::create(b, loc, blockOffset, element.local));
      } else {
        auto [segmentDelta, index] = ix.coords(a, c);
        element.ivs = delinearize(
            b, loc, arith::AddIOp::create(b, loc, firstSegment, segmentDelta),
            scan.segmentSizes);
        element.ivs.push_back(index);
        c = ix.advance(a, c, shape.blockStep);
      }
      elements.push_back(std::move(element));
    }
    body(elements);
    return shape.singleSegment ? SmallVector<Value>()
                               : SmallVector<Value>{c.segment, c.phase};
  };
  SmallVector<Value> cursor;
  if (!shape.singleSegment) {
    Indexing::Cursor c = ix.at(a, shape.thread);
    cursor = {c.segment, c.phase};
  }
  int64_t batch = std::min(m, maxBatch);
  int64_t batches = m / batch, rest = m % batch;
  if (batches == 1)
    cursor = emitBatch(kb.constIndex(0), batch, cursor);
  else
    cursor = kb.forLoop(
        kb.constIndex(0), kb.constIndex(batches * batch), kb.constIndex(batch),
        cursor,
        [&](Value firstK, ValueRange carried) {
          return emitBatch(firstK, batch, carried);
        },
        unroll);
  if (rest)
    emitBatch(kb.constIndex(batches * batch), rest, cursor);
}

void GroupScan::forGroupElements(
    int64_t maxBatch,
    function_ref<void(ArrayRef<CoalescedElement>, bool checked)> body) {
  kb.ifThenElse(
      wholeGroup,
      [&] {
        forCoalesced(maxBatch, [&](ArrayRef<CoalescedElement> elements) {
          body(elements, /*checked=*/false);
        });
      },
      [&] {
        forCoalesced(
            1,
            [&](ArrayRef<CoalescedElement> elements) {
              body(elements, /*checked=*/true);
            },
            /*unroll=*/false);
      });
}

void GroupScan::writeResults(ValueRange blockPrefix) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  // The threads before this one back to the last segment start, or the
  // group prefix too when there is none.
  Value exclusiveFlag = threads.exclusive[0];
  ArrayRef<Value> exclusive = ArrayRef(threads.exclusive).drop_front();
  SmallVector<Value> withPrefix = scan.combine(b, blockPrefix, exclusive);
  SmallVector<Value> threadPrefix =
      selectAll(b, loc, exclusiveFlag, exclusive, withPrefix);
  for (int64_t i = 0; i < m; ++i) {
    Value slot = arith::AddIOp::create(b, loc, first, kb.constIndex(i));
    SmallVector<Value> mine = restaged ? kb.loadAll(staging, slot) : own[i];
    SmallVector<Value> combined = scan.combine(b, threadPrefix, mine);
    SmallVector<Value> result = selectAll(b, loc, fresh[i], mine, combined);
    kb.storeAll(result, staging, slot);
  }
  kb.barrier();
  // Stores need nothing in flight. With segments, a loop over the elements
  // recomputes their coordinates: unrolled, they would be the load phase's
  // (common subexpressions), all kept in registers across the group. A
  // whole group stores without bounds checks.
  auto store = [&](const CoalescedElement &element) {
    SmallVector<Value> values = kb.loadAll(staging, element.local);
    for (auto [value, out] : llvm::zip_equal(values, scan.outs))
      memref::StoreOp::create(b, loc, value, out, element.ivs);
  };
  int64_t batch = shape.singleSegment ? kCoalescedBatch : 1;
  forGroupElements(batch,
                   [&](ArrayRef<CoalescedElement> elements, bool checked) {
                     for (const CoalescedElement &element : elements) {
                       if (checked)
                         kb.ifThen(element.inBounds, [&] { store(element); });
                       else
                         store(element);
                     }
                   });
  // The next group reuses the shared buffers.
  kb.barrier();
}

/// The single-pass kernel's group: publishes the group's aggregate (or at
/// once its prefix), looks back to the start of its segment and publishes
/// its prefix, then writes its results.
static void emitSinglePassGroup(KernelBuilder &kb, Scan &scan,
                                const LoweringPlan &plan,
                                const GroupShape &shape, Value id,
                                ScanTemps &temps, ArrayRef<Value> staging,
                                ArrayRef<Value> broadcast) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  GroupScan group(kb, scan, shape, id, staging, /*storeMapOuts=*/true,
                  plan.restageScanned, plan.loadsInFlight,
                  plan.parkScanExclusive);
  IRArith &a = group.a;
  Value isFirstGroup =
      cmp(b, loc, arith::CmpIPredicate::eq, id, kb.constIndex(0));
  Value noLookBack = a.or_(isFirstGroup, group.ix.newSegment);
  // A group containing a segment start publishes its suffix at once.
  Value publishEarly = a.or_(noLookBack, group.totalFlag);
  kb.ifThen(group.isFirstThread, [&] {
    auto ifEarly = scf::IfOp::create(b, loc, TypeRange(), publishEarly,
                                     /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifEarly.thenBlock()->getTerminator());
    publish(kb, group.totalValues, temps.prefixes, temps.flags, id, kFlagP);
    b.setInsertionPoint(ifEarly.elseBlock()->getTerminator());
    publish(kb, group.totalValues, temps.aggregates, temps.flags, id, kFlagA);
  });
  int64_t width =
      std::min<int64_t>(kb.warpSize, static_cast<int64_t>(llvm::bit_floor(
                                         static_cast<uint64_t>(kb.blockSize))));
  Value inWindow =
      cmp(b, loc, arith::CmpIPredicate::ult, kb.threadId, kb.constIndex(width));
  Value needsLookBack = arith::XOrIOp::create(
      b, loc, noLookBack, arith::ConstantIntOp::create(b, loc, 1, 1));
  Value looksBack = a.and_(inWindow, needsLookBack);
  Value segmentStart = a.sub64(group.blockOffset, group.ix.sgmIdx);
  SmallVector<Value> prefix = kb.ifThenElse(
      looksBack, scan.types,
      [&] {
        return emitLookBack(kb, scan, temps, id, segmentStart, group.groupSize,
                            width);
      },
      [&] { return scan.neutrals; });
  kb.ifThen(group.isFirstThread, [&] {
    kb.storeAll(prefix, broadcast, kb.constIndex(0));
    kb.ifThen(arith::XOrIOp::create(b, loc, publishEarly,
                                    arith::ConstantIntOp::create(b, loc, 1, 1)),
              [&] {
                publish(kb, scan.combine(b, prefix, group.totalValues),
                        temps.prefixes, temps.flags, id, kFlagP);
              });
  });
  kb.barrier();
  group.writeResults(kb.loadAll(broadcast, kb.constIndex(0)));
}

/// [Clausen 2021]'s single-pass kernel: every iteration of a block takes
/// the next group id from a global counter, so ids go out in the order
/// blocks start.
static void emitSinglePassKernel(OpBuilder &b, Location loc, Scan &scan,
                                 const LoweringPlan &plan, Value numGroups,
                                 Value numBlocks, ScanTemps &temps) {
  KernelBuilder kb(b, loc, numBlocks, plan, plan.getKernel("single-pass scan"));
  Value idBuffer = kb.allocShared(b.getIndexType(), 1);
  SmallVector<Value> broadcast = kb.allocShared(scan.types, 1);
  SmallVector<Value> staging =
      kb.allocShared(scan.types, plan.blockSize * plan.chunk);
  Value isFirstThread =
      cmp(b, loc, arith::CmpIPredicate::eq, kb.threadId, kb.constIndex(0));
  GroupShape shape(kb, scan, plan.chunk);
  kb.forLoop(kb.blockId, numGroups, kb.gridSize, {}, [&](Value, ValueRange) {
    kb.ifThen(isFirstThread, [&] {
      Value taken = memref::AtomicRMWOp::create(
          b, loc, arith::AtomicRMWKind::addi,
          arith::ConstantIntOp::create(b, loc, 1, 64), temps.counter,
          ValueRange{kb.constIndex(0)});
      memref::StoreOp::create(
          b, loc, arith::IndexCastUIOp::create(b, loc, b.getIndexType(), taken),
          idBuffer, ValueRange{kb.constIndex(0)});
    });
    kb.barrier();
    Value id =
        memref::LoadOp::create(b, loc, idBuffer, ValueRange{kb.constIndex(0)});
    emitSinglePassGroup(kb, scan, plan, shape, id, temps, staging, broadcast);
    return SmallVector<Value>();
  });
  kb.finish();
}

/// A reduce-then-scan kernel over all groups: `finish` completes each
/// group after its block-wide scan.
static void
emitGroupLoopKernel(OpBuilder &b, Location loc, Scan &scan,
                    const LoweringPlan &plan, StringRef kernel, Value numGroups,
                    Value numBlocks, bool storeMapOuts,
                    function_ref<void(KernelBuilder &, GroupScan &)> finish) {
  KernelBuilder kb(b, loc, numBlocks, plan, plan.getKernel(kernel));
  SmallVector<Value> staging =
      kb.allocShared(scan.types, plan.blockSize * plan.chunk);
  GroupShape shape(kb, scan, plan.chunk);
  kb.forLoop(kb.blockId, numGroups, kb.gridSize, {}, [&](Value id, ValueRange) {
    // Only the kernels that write results need the scanned values again.
    GroupScan group(kb, scan, shape, id, staging, storeMapOuts,
                    storeMapOuts && plan.restageScanned, plan.loadsInFlight,
                    plan.parkScanExclusive);
    finish(kb, group);
    return SmallVector<Value>();
  });
  kb.finish();
}

/// Reduce-then-scan's first kernel: every group's (contains a segment
/// start, aggregate after the last one); map-only outputs wait for the
/// rescan.
static void emitGroupAggregateKernel(OpBuilder &b, Location loc, Scan &scan,
                                     const LoweringPlan &plan, Value numGroups,
                                     Value numBlocks, ScanTemps &temps) {
  auto publishAggregate = [&](KernelBuilder &kb, GroupScan &group) {
    kb.ifThen(group.isFirstThread, [&] {
      Value flag =
          arith::ExtUIOp::create(b, loc, b.getI32Type(), group.totalFlag);
      memref::StoreOp::create(b, loc, flag, temps.flags, ValueRange{group.id});
      kb.storeAll(group.totalValues, temps.aggregates, group.id);
    });
    kb.barrier();
  };
  emitGroupLoopKernel(b, loc, scan, plan, "group aggregate", numGroups,
                      numBlocks, /*storeMapOuts=*/false, publishAggregate);
}

/// Reduce-then-scan's last kernel: every group rescanned with the prefix
/// the middle kernel computed for it.
static void emitRescanKernel(OpBuilder &b, Location loc, Scan &scan,
                             const LoweringPlan &plan, Value numGroups,
                             Value numBlocks, ScanTemps &temps) {
  emitGroupLoopKernel(
      b, loc, scan, plan, "rescan", numGroups, numBlocks,
      /*storeMapOuts=*/true, [&](KernelBuilder &kb, GroupScan &group) {
        group.writeResults(kb.loadAll(temps.prefixes, group.id));
      });
}

/// Reduce-then-scan's middle kernel: one block scans the groups'
/// (flag, aggregate) pairs; prefixes[g] gets the combination of the groups
/// before g back to the last segment start.
static void emitAggregateScanKernel(OpBuilder &b, Location loc, Scan &scan,
                                    const LoweringPlan &plan, Value numGroups,
                                    ScanTemps &temps) {
  int64_t blockSize = plan.blockSize;
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  KernelBuilder kb(b, loc, one, plan, plan.getKernel("aggregate scan"));
  auto segCombine = [&](ValueRange lhs, ValueRange rhs) {
    return scan.segCombine(b, loc, lhs, rhs);
  };
  SmallVector<Value> identity = scan.segIdentity(b, loc);
  SmallVector<Type> pairTypes{b.getI1Type()};
  llvm::append_range(pairTypes, scan.types);
  // Each step covers B x K groups: thread t loads the pairs of groups
  // t K .. t K + K - 1 of it before using any, scans them by itself, and
  // the block scans the threads' totals.
  int64_t perThread = plan.aggregatesPerThread;
  kb.forLoop(
      kb.constIndex(0), numGroups, kb.constIndex(blockSize * perThread),
      identity, [&](Value base, ValueRange carry) {
        Value first = arith::AddIOp::create(
            b, loc, base,
            arith::MulIOp::create(b, loc, kb.threadId,
                                  kb.constIndex(perThread)));
        SmallVector<Value> groups, inRange;
        SmallVector<SmallVector<Value>> pairs;
        for (int64_t j = 0; j < perThread; ++j) {
          Value group = arith::AddIOp::create(b, loc, first, kb.constIndex(j));
          groups.push_back(group);
          inRange.push_back(
              cmp(b, loc, arith::CmpIPredicate::ult, group, numGroups));
          pairs.push_back(kb.ifThenElse(
              inRange.back(), pairTypes,
              [&] {
                Value flag = memref::LoadOp::create(b, loc, temps.flags,
                                                    ValueRange{group});
                SmallVector<Value> result{cmp(b, loc, arith::CmpIPredicate::ne,
                                              flag, kb.constI32(0))};
                llvm::append_range(result, kb.loadAll(temps.aggregates, group));
                return result;
              },
              [&] { return identity; }));
        }
        SmallVector<Value> threadTotal = pairs.front();
        for (ArrayRef<Value> pair : ArrayRef(pairs).drop_front())
          threadTotal = segCombine(threadTotal, pair);
        KernelBuilder::BlockScan scanned =
            kb.blockScan(segCombine, identity, threadTotal);
        // The groups before each of this thread's, back to a segment start.
        SmallVector<Value> before = segCombine(carry, scanned.exclusive);
        for (int64_t j = 0; j < perThread; ++j) {
          kb.ifThen(inRange[j], [&] {
            kb.storeAll(ArrayRef(before).drop_front(), temps.prefixes,
                        groups[j]);
          });
          if (j + 1 < perThread)
            before = segCombine(before, pairs[j]);
        }
        return segCombine(carry, scanned.total);
      });
  kb.finish();
}

//===----------------------------------------------------------------------===//
// Host code
//===----------------------------------------------------------------------===//

void seg::lowerScanToGPU(OpBuilder &b, ScanOp op, const LoweringPlan &plan) {
  Location loc = op.getLoc();
  Scan scan(b, loc, op, IRMapping());
  int64_t blockSize = plan.blockSize;
  int64_t m = plan.chunk;
  ifNonEmpty(b, loc, scan.total, [&] {
    Value groupSize = arith::ConstantIndexOp::create(b, loc, blockSize * m);
    Value numGroups = ceilDivIndex(b, loc, scan.total, groupSize);
    Value numBlocks = getLaunchBlockCount(b, loc, op, numGroups, plan);

    Type tokenType = gpu::AsyncTokenType::get(b.getContext());
    Value token =
        gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
    auto alloc = [&](Type type, Value count) {
      auto op = gpu::AllocOp::create(
          b, loc, MemRefType::get({ShapedType::kDynamic}, type), tokenType,
          ValueRange{token}, ValueRange{count}, ValueRange());
      token = op.getAsyncToken();
      return op.getMemref();
    };
    auto zero = [&](Value buffer, Value value) {
      token = gpu::MemsetOp::create(b, loc, tokenType, ValueRange{token},
                                    buffer, value)
                  .getAsyncToken();
    };
    ScanTemps temps;
    SmallVector<Value> buffers;
    temps.flags = alloc(b.getI32Type(), numGroups);
    buffers.push_back(temps.flags);
    for (Type type : scan.types) {
      temps.aggregates.push_back(alloc(type, numGroups));
      temps.prefixes.push_back(alloc(type, numGroups));
    }
    llvm::append_range(buffers, temps.aggregates);
    llvm::append_range(buffers, temps.prefixes);
    Value hostZero;
    if (plan.singlePass) {
      // Every launch starts from group 0 with every status X.
      zero(temps.flags, arith::ConstantIntOp::create(b, loc, kFlagX, 32));
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      temps.counter = alloc(b.getI64Type(), one);
      buffers.push_back(temps.counter);
      // gpu.memset lowers for 16- and 32-bit values only: the 64-bit
      // counter is copied from a zero on the host (on the heap: an alloca
      // would grow the stack at every call of a scan in a host loop).
      hostZero = memref::AllocOp::create(
          b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()),
          ValueRange{one});
      memref::StoreOp::create(
          b, loc, arith::ConstantIntOp::create(b, loc, 0, 64), hostZero,
          ValueRange{arith::ConstantIndexOp::create(b, loc, 0)});
      token = gpu::MemcpyOp::create(b, loc, tokenType, ValueRange{token},
                                    temps.counter, hostZero)
                  .getAsyncToken();
    }
    gpu::WaitOp::create(b, loc, Type(), ValueRange{token});
    if (hostZero)
      memref::DeallocOp::create(b, loc, hostZero);

    if (plan.singlePass) {
      emitSinglePassKernel(b, loc, scan, plan, numGroups, numBlocks, temps);
    } else {
      emitGroupAggregateKernel(b, loc, scan, plan, numGroups, numBlocks, temps);
      emitAggregateScanKernel(b, loc, scan, plan, numGroups, temps);
      emitRescanKernel(b, loc, scan, plan, numGroups, numBlocks, temps);
    }

    token =
        gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
    for (Value buffer : buffers)
      token =
          gpu::DeallocOp::create(b, loc, tokenType, ValueRange{token}, buffer)
              .getAsyncToken();
    gpu::WaitOp::create(b, loc, Type(), ValueRange{token});
  });
}

//===----------------------------------------------------------------------===//
// thread_in_block
//===----------------------------------------------------------------------===//

void seg::emitThreadInBlockScan(KernelBuilder &kb, ScanOp op,
                                IRMapping &mapping) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Scan scan(b, loc, op, mapping);
  auto combine = [&](ValueRange lhs, ValueRange rhs) {
    return scan.combine(b, lhs, rhs);
  };
  kb.forLoop(
      kb.constIndex(0), scan.numSegments, kb.constIndex(1), {},
      [&](Value segment, ValueRange) {
        SmallVector<Value> outer =
            delinearize(b, loc, segment, scan.segmentSizes);
        kb.forLoop(
            kb.constIndex(0), scan.segmentLength, kb.constIndex(kb.blockSize),
            scan.neutrals, [&](Value base, ValueRange carry) {
              Value index = arith::AddIOp::create(b, loc, base, kb.threadId);
              Value inBounds = cmp(b, loc, arith::CmpIPredicate::ult, index,
                                   scan.segmentLength);
              SmallVector<Value> ivs(outer);
              ivs.push_back(index);
              SmallVector<Value> elems = kb.ifThenElse(
                  inBounds, scan.types,
                  [&] { return scan.element(kb, ivs, true, mapping); },
                  [&] { return scan.neutrals; });
              KernelBuilder::BlockScan step =
                  kb.blockScan(combine, scan.neutrals, elems);
              SmallVector<Value> result =
                  scan.combine(b, carry, step.inclusive);
              kb.ifThen(inBounds, [&] {
                for (auto [value, out] : llvm::zip_equal(result, scan.outs))
                  memref::StoreOp::create(b, loc, value, out, ivs);
              });
              return scan.combine(b, carry, step.total);
            });
        return SmallVector<Value>();
      });
  kb.barrier();
}
