//===- ScanGroup.h - One group of a scan kernel -----------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-seg-to-gpu: what the kernels over groups of a
// seg.scan (ScanKernels.cpp) do per group up to the block-wide scan, and
// the distribution of the group's prefix into coalesced results
// (ScanGroup.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_SCANGROUP_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_SCANGROUP_H

#include "ContiguousLoads.h"
#include "KernelBuilder.h"
#include "ScanIndexing.h"
#include "ScanLookBack.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir {
namespace seg {

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

/// Division of 64-bit values by a divisor d >= 1 that every group of a
/// kernel shares, without a division per group: the kernel computes
/// r = floor((2^64 - 1) / d) >= (2^64 - d) / d once; q = mulhi(x, r) then
/// lies in (x / d - 1, x / d] (x r / 2^64 >= x / d - x / 2^64, x < 2^64):
/// floor(x / d) or one less, which one comparison of the remainder
/// corrects. A constant d divides directly: LLVM reduces that to shifts
/// (a power of two) or one multiplication by a magic constant, with no
/// correction step.
struct InvariantDivisor {
  InvariantDivisor() = default;
  InvariantDivisor(OpBuilder &b, Location loc, Value divisor);
  /// floor(x / d) and x mod d (index values).
  std::pair<Value, Value> divRem(OpBuilder &b, Location loc, Value x) const;

  Value divisor, reciprocal;
  bool constantDivisor = false;
};

/// What every group of a kernel over groups shares, computed once before
/// its group loop: the only divisions of the kernel's 32-bit index
/// arithmetic (ScanIndexing.h).
struct GroupShape {
  /// `parkExclusive`: ScanPlan::parkScanExclusive. `withoutGroupTotals`:
  /// the kernel needs no group's total (the single-pass kernel, where no
  /// group looks back when every group starts a segment), which lets
  /// segmentLanes be set.
  GroupShape(KernelBuilder &kb, Scan &scan, int64_t m, bool parkExclusive,
             bool withoutGroupTotals);

  int64_t m, groupSize;
  /// The scan has one segment: an element's index is blockOffset + j and
  /// only the array's first element starts a segment.
  bool singleSegment;
  /// This thread (t), its first coalesced element (its warp's first
  /// element w W m plus its lane) and first own one (t m), and the lanes of
  /// its warp (the step between its coalesced elements).
  Value thread32, firstCoalesced32, firstOwn32, laneStep32;
  /// With segments: the segment stride and the splits by it of the first
  /// coalesced element, t m, the lane step and 1.
  Value sizeC;
  Indexing::Split firstCoalesced, firstOwn, laneStep, unitStep;
  /// With segments: the segment length, for a group's first segment and
  /// its offset in it.
  InvariantDivisor segmentLength;
  /// With segments: the sizes of the outer dimensions but the first, for
  /// a segment's coordinates without a division (delinearizeSegment).
  SmallVector<InvariantDivisor> outerSizes;
  /// With outer sizes: the most segments after a group's first that its
  /// elements reach, 1 + (G - 1) / sizeC (i32).
  Value maxSegmentDelta;
  bool staticSegmentLength = false;
  /// sizeC, when the segment length is static.
  std::optional<int64_t> staticSegmentStride;
  /// Set where every segment lies inside an aligned run of this many
  /// threads of one warp and every group starts a segment
  /// (getSegmentLanes): the threads scan their runs with warp shuffles
  /// alone, no flags in the operator and no block-wide scan, and no group
  /// has a prefix from the groups before it.
  std::optional<int64_t> segmentLanes;
  /// The single-pass kernel's thread 0 locates each group it takes and
  /// shares the location with the group id (locateGroup): every segmented
  /// scan but one with a static length shorter than a group, whose division
  /// by a constant bounds the offset below it, which simplifies the
  /// flagged path's arithmetic.
  bool sharesGroupLocation = false;
  /// With more than one outer dimension thread 0 also shares the
  /// coordinates of each group's first segment: a 64-bit division per outer
  /// dimension, once per group, not once per thread.
  bool sharesSegmentCoordinates = false;
  /// With a dynamic segment length and a scanned tuple of at most four
  /// 32-bit words, flagged groups test once whether the segments are dense
  /// rows (GroupPath::FlaggedDenseRows). Wider tuples (the radix scan's
  /// 4 x i64) keep one flagged path: a second one's code raises the
  /// registers of every path more than its addresses save.
  bool testsDenseRows = false;
  /// With testsDenseRows: emitSegmentRowsDense, once per kernel (the
  /// strides and the segment length do not change from group to group).
  Value rowsDense;
  /// With segments: the first segment of group `id` and the offset of the
  /// group's first element in it.
  std::pair<Value, Value> locateGroup(OpBuilder &b, Location loc,
                                      Value id) const;
  /// The coordinates in the outer dimensions of segment `segment`.
  SmallVector<Value> delinearizeSegment(OpBuilder &b, Location loc,
                                        Value segment) const;
  /// The block scan's shared buffers, for (starts-here flag, values) pairs
  /// when the scan has segments; the flat path uses those of the values.
  KernelBuilder::ScanBuffers scanBuffers;
};

/// Where group `id` lies among the segments, computed once per group before
/// its path is chosen (forGroupPaths).
struct GroupPosition {
  /// `location`: locateGroup's values, and `segmentIvs` the first
  /// segment's coordinates, where the kernel has them already.
  GroupPosition(KernelBuilder &kb, Scan &scan, const GroupShape &shape,
                Value id,
                std::optional<std::pair<Value, Value>> location = std::nullopt,
                ArrayRef<Value> segmentIvs = {});

  Value id, blockOffset;
  Indexing ix;
  /// With segments: the group's first segment (linear) and its coordinates
  /// in the outer dimensions.
  Value firstSegment;
  SmallVector<Value> firstSegmentIvs;
  /// Elements of the group that exist (i32), and whether all do (every
  /// group but the last: no bounds checks).
  Value validCount, wholeGroup;
  /// No segment starts after the group's first element: its elements are
  /// consecutive ones of one segment (uniform over the block).
  Value insideOneSegment;
  /// With outer sizes: the group's segments differ in their innermost
  /// outer coordinate only (uniform over the block).
  Value insideOneOuterRow;
};

/// How a group reaches its elements' coordinates.
enum class GroupPath {
  /// The flat scan of a group inside one segment: its element j lies at
  /// index sgmIdx + j of the group's first segment.
  Flat,
  /// (segment-starts-here, value) pairs; a (segment, phase) cursor steps
  /// from element to element, and an element's segment coordinates are the
  /// group's first segment's with the cursor's segment added to the
  /// innermost one.
  Flagged,
  /// Flagged, with a dynamic segment length n, where the segments are rows
  /// of every memref the body loads by (..., segment, index) and of the
  /// outputs (their stride along the segment's innermost coordinate is n):
  /// each element's index is its global one minus segment * n, and its
  /// address in those memrefs the flat scan's plus a group's offset
  /// (getSegmentRowMemrefs, emitSegmentRowsDense).
  FlaggedDenseRows,
  /// Flagged, in a group whose segments cross a row of the outer
  /// dimensions: each element's segment coordinates by division (rare
  /// where the innermost outer dimension is long).
  FlaggedAcrossOuterRows,
};

/// The memrefs whose rows are a scan's segments where they are dense: those
/// the body loads directly (not under a condition) at its last two
/// induction variables (..., segment, index), defined outside the body, and
/// the outputs.
SmallVector<Value> getSegmentRowMemrefs(Scan &scan);

/// Whether every memref of getSegmentRowMemrefs has the segment length as
/// its stride along the segment's innermost coordinate (an i1): then an
/// element at (..., segment, index) lies segment * n + index elements past
/// its row's segment 0, which is its global index.
Value emitSegmentRowsDense(OpBuilder &b, Location loc, Scan &scan);

/// Emits `body` for the paths a group of this scan can take, under uniform
/// branches on GroupPosition::insideOneSegment and insideOneOuterRow where
/// more than one can: a scan with one segment, or segments a whole number
/// of groups long, never needs flags; segments shorter than a group always
/// do; only spaces of more than two dimensions cross outer rows. With a
/// dynamic segment length, a flagged group inside one outer row takes
/// FlaggedDenseRows where emitSegmentRowsDense holds, else Flagged.
void forGroupPaths(KernelBuilder &kb, Scan &scan, const GroupShape &shape,
                   const GroupPosition &position,
                   function_ref<void(GroupPath)> body);

/// One of a thread's coalesced elements of a group: its offset in the group
/// (index), whether it exists and its coordinates.
struct CoalescedElement {
  Value local, inBounds;
  SmallVector<Value> ivs;
};

/// One group of a kernel over groups (group `id`, uniform over the block),
/// up to the block-wide scan. Warp w of W lanes owns the group's elements
/// w 32 m .. w 32 m + W m - 1: lane l evaluates its m elements
/// w 32 m + k W + l (coalesced), all of them before it uses any so that
/// their loads are in flight together, and stages them in shared memory;
/// after a warp barrier (the transposition stays within the warp, as
/// CUB's warp-transposed loads do) thread t scans its m consecutive
/// elements t m .. t m + m - 1 from there, and the block scans the
/// threads' (segment-starts-here, carry) pairs with one block barrier (with
/// GroupShape::segmentLanes, the threads' carries within their runs by warp
/// shuffles).
/// What the kernels do with the group's prefix differs; writeResults then
/// distributes it.
class GroupScan {
public:
  /// `reloaded`: writeResults reads the thread's elements back from its
  /// staging slots and scans them again from the thread's prefix, instead
  /// of keeping its scanned values in registers across the block scan and
  /// the look-back (ScanPlan::reloadScanElements).
  /// `loadsInFlight`: the coalesced elements evaluated together. `loads`
  /// (ScanPlan::contiguousLoads): read in vectors when they are vectorized
  /// and the whole group aligned (loadVectors).
  GroupScan(KernelBuilder &kb, Scan &scan, const GroupShape &shape,
            const GroupPosition &position, GroupPath path,
            ArrayRef<Value> staging, bool storeMapOuts, bool reloaded,
            int64_t loadsInFlight, const ContiguousLoads &loads);

  /// Combines `blockPrefix` (the groups before this one back to the start
  /// of its segment) into every element and writes the results, coalesced.
  void writeResults(ValueRange blockPrefix);

  KernelBuilder &kb;
  Scan &scan;
  const GroupShape &shape;
  const GroupPosition &position;
  /// The group's path (forGroupPaths), and whether it is a flagged one.
  GroupPath path;
  bool flagged;
  IRArith a;
  int64_t m, groupSize;
  Value id, blockOffset;
  Indexing ix;
  /// Whether the group contains a segment start, and the combination of
  /// its elements after the last one (none with GroupShape::segmentLanes).
  Value totalFlag;
  SmallVector<Value> totalValues;
  Value isFirstThread;

private:
  /// This thread's coalesced elements, k < m, in batches of at
  /// most `maxBatch` (unrolled; a loop over the batches when m is larger):
  /// `body` gets a batch's elements, which it may evaluate all before using
  /// any. Their coordinates step from one to the next without a division.
  void forCoalesced(int64_t maxBatch,
                    function_ref<void(ArrayRef<CoalescedElement>)> body,
                    bool unroll = true);
  /// forCoalesced for a whole group (in batches of `maxBatch`, `checked`
  /// false; `unroll` false keeps a loop over the batches rolled) or for the
  /// last one (one element per iteration of a loop that is not unrolled,
  /// `checked` true: each element's bounds are checked).
  /// Rolled, the last group's code shares nothing with the whole group's
  /// that LLVM could merge between the paths (sinking common code would
  /// issue the whole group's last load after the uses of the others).
  void forGroupElements(
      int64_t maxBatch,
      function_ref<void(ArrayRef<CoalescedElement>, bool checked)> body,
      bool unroll = true);
  /// Stages a whole group of one segment read in vectors of `loads.width`
  /// elements: lane l of a warp of L lanes loads the vectors at
  /// width (l + k L), k < m / width, of its warp's part (whole vectors:
  /// the width divides m), all before any is staged.
  void loadVectors(const ContiguousLoads &loads, bool storeMapOuts);

  ArrayRef<Value> staging;
  /// Whether an element's index is its global one minus segment * n (a
  /// static n, or FlaggedDenseRows): the products cancel in the addresses.
  bool flatIndex;
  /// FlaggedDenseRows: the body's row memrefs and the outputs restated
  /// with n as their stride (emitDenseRowViews).
  IRMapping denseRowViews;
  SmallVector<Value> outs;
  /// This thread's first own element and its m scanned elements.
  Value first;
  SmallVector<SmallVector<Value>> own;
  bool reloaded;
  /// Flagged path: whether each of the thread's elements starts a segment;
  /// sets firstOwnStart, the first that does (i32, m if none).
  SmallVector<Value> findOwnStarts();
  /// findOwnStarts with GroupShape::segmentLanes: segment starts at
  /// positions fixed by the thread's place in its run.
  SmallVector<Value> findRunStarts();
  /// The block scan with GroupShape::segmentLanes: warp shuffles within
  /// each run of threads.
  void scanRuns();
  /// findOwnStarts' flags, kept for writeResults when `reloaded`.
  SmallVector<Value> ownStarts;
  Value firstOwnStart;
  KernelBuilder::BlockScan threads;
};

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_SCANGROUP_H
