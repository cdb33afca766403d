//===- KernelBuilder.h - Building blocks of SegIR's GPU kernels -*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-seg-to-gpu: the host-side launch of a kernel and the
// device-side pieces every kernel is made of: ids, shared memory from the
// plan's layout, barriers and loops (KernelBuilder.cpp); warp shuffles,
// block-wide reductions, scans and broadcasts (WarpAndBlockCollectives.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_KERNELBUILDER_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_KERNELBUILDER_H

#include "LoweringPlan.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace seg {

/// Host-side helpers (index arithmetic on the sizes of a launch).
Value ceilDivIndex(OpBuilder &b, Location loc, Value lhs, Value rhs);
Value minIndex(OpBuilder &b, Location loc, Value lhs, Value rhs);
Value maxIndex(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// The device side of one `gpu.launch` with a 1-D grid and 1-D blocks of a
/// static size.
class KernelBuilder {
public:
  /// Creates the launch of `numBlocks` blocks of the plan's block size at
  /// the builder's point and positions the builder in its body. A non-empty
  /// `kernel.getKind()` names the outlined kernel `<function>_<kind>`
  /// (profilers and the emulator's reports show it); otherwise outlining
  /// names it. Shared memory comes from `kernel.shared`.
  KernelBuilder(OpBuilder &builder, Location loc, Value numBlocks,
                const OpPlan &plan, const KernelPlan &kernel);
  /// Ends the kernel body, declares the shared memory the kernel allocated
  /// (which must be what the plan computed) and puts the builder after the
  /// launch.
  void finish();

  OpBuilder &b;
  Location loc;
  gpu::LaunchOp launch;
  int64_t blockSize;
  int64_t warpSize;
  Value threadId, blockId, gridSize;

private:
  const SharedMemoryLayout &layout;
  /// The persistent buffers of the layout allocated so far.
  unsigned allocatedBuffers = 0;
  /// Bytes of the persistent buffers allocated so far.
  int64_t sharedBytes = 0;
  /// Bytes of the largest set of scratch buffers allocated so far.
  int64_t scratchBytes = 0;
  /// The kernel's dynamic shared memory, created with the first buffer.
  Value sharedBase;
  /// Where the scratch region starts, after all persistent buffers.
  Value scratchOffset;

public:
  Value constIndex(int64_t value);
  Value constI32(int64_t value);
  void barrier();
  /// Acquire-release fence at device scope, around the atomics through
  /// which blocks communicate.
  void fence();

  /// The layout's next persistent buffer, which must hold `count` elements
  /// of `elementType`, as a memref in the default memory space.
  Value allocShared(Type elementType, int64_t count);
  /// A shared buffer of the (static, identity-layout) type `type`, as a
  /// memref of that type in the default memory space.
  Value allocSharedLike(MemRefType type);
  /// A copy of `alloca` (static) at the start of the kernel: a thread's
  /// private array, hoisted so that the loops around its uses do not grow
  /// the stack.
  Value hoistPrivateAlloca(memref::AllocaOp alloca);
  /// One shared buffer of `count` elements per type.
  SmallVector<Value> allocShared(TypeRange types, int64_t count);
  /// One buffer of `count` elements per type in the scratch region, which
  /// every call reuses from its start: a phase of the kernel that uses
  /// scratch buffers must end with a barrier before the next phase does.
  /// Block reductions, broadcasts and chunk transpositions share it, so a
  /// kernel needs the largest of them, not their sum.
  SmallVector<Value> allocScratch(TypeRange types, int64_t count);

  /// Loads element `index` of every buffer / stores `values` there.
  SmallVector<Value> loadAll(ValueRange buffers, Value index);
  void storeAll(ValueRange values, ValueRange buffers, Value index);

  /// `then` under `cond`, yielding values of `types` (`otherwise` in the
  /// other case).
  SmallVector<Value> ifThenElse(Value cond, TypeRange types,
                                function_ref<SmallVector<Value>()> then,
                                function_ref<SmallVector<Value>()> otherwise);
  void ifThen(Value cond, function_ref<void()> then);
  void ifThenElse(Value cond, function_ref<void()> then,
                  function_ref<void()> otherwise);

  /// A loop from `lower` to `upper` by `step` carrying `inits`; `body` gets
  /// the induction variable and the carried values and returns the next.
  /// `unroll = false` asks LLVM and ptxas not to unroll it.
  SmallVector<Value>
  forLoop(Value lower, Value upper, Value step, ValueRange inits,
          function_ref<SmallVector<Value>(Value, ValueRange)> body,
          bool unroll = true);

  /// A loop from `lower` to `upper` by `step` in groups: `body` gets the
  /// first index of a group, the number of indices in it (`factor` for
  /// whole groups, then 1 for the rest), and the carried values.
  /// `unroll = false` asks LLVM and ptxas not to unroll either loop.
  SmallVector<Value> forLoopInGroups(
      Value lower, Value upper, Value step, ValueRange inits, int64_t factor,
      function_ref<SmallVector<Value>(Value, int64_t, ValueRange)> body,
      bool unroll = true);

  /// Folds the elements at `lower`, `lower + step`, ... below `upper` into
  /// `inits` with `combine`, in that order. `factor` elements are evaluated
  /// before the first of them is combined, so that their loads are in
  /// flight together (one load at a time leaves a memory-bound loop far
  /// below the bandwidth); a second loop takes the last fewer than
  /// `factor`. Neither loop is unrolled further (the group is the
  /// unrolling). `element` must not depend on the accumulated values.
  SmallVector<Value>
  foldLoop(Value lower, Value upper, Value step, ValueRange inits,
           int64_t factor, function_ref<SmallVector<Value>(Value)> element,
           function_ref<SmallVector<Value>(ValueRange, ValueRange)> combine);

  /// Reduces one tuple per thread over the whole block with `operators`, in
  /// thread order (so non-commutative operators are fine); the result is
  /// valid in thread 0. Warp shuffles first, then shared memory across
  /// warps.
  SmallVector<Value> blockReduce(MutableArrayRef<Region> operators,
                                 ValueRange neutrals, ValueRange values);

  /// blockReduce in its two phases, for callers that place the barrier
  /// between them where it also serves other shared memory. First: reduces
  /// one tuple per thread within each warp, in lane order; with several
  /// warps, lane 0 of warp w stores its total at element w of `warpTotals`
  /// (a buffer of one element per warp and type). Returns the warp's total,
  /// valid in its lane 0 (the block's with one warp).
  SmallVector<Value> reduceWarpsInto(MutableArrayRef<Region> operators,
                                     ValueRange values, ValueRange warpTotals);
  /// Second, after a barrier (several warps only): the ordered reduction of
  /// `warpTotals` by the first warp, valid in thread 0 (`neutrals`
  /// elsewhere). The next writes of `warpTotals` need a barrier first.
  SmallVector<Value> reduceWarpTotals(MutableArrayRef<Region> operators,
                                      ValueRange neutrals,
                                      ValueRange warpTotals);
  int64_t getNumWarps() const;

  /// Thread 0's `values`, in every thread.
  SmallVector<Value> broadcastFromThreadZero(ValueRange values);

  /// An associative combination of two tuples (left, right) in order.
  using CombineFn =
      function_ref<SmallVector<Value>(ValueRange lhs, ValueRange rhs)>;

  /// `value` shuffled by `mode` with `offset` among the first `width` lanes
  /// (any type isSupportedScalarType accepts), and whether the source lane
  /// exists.
  std::pair<Value, Value> shuffle(Value value, int64_t offset, Value width,
                                  gpu::ShuffleMode mode);

  /// Inclusive scan of one tuple per lane within each warp, in lane order
  /// (the first `lanes` lanes of a warp take part); with `span` not 0, only
  /// the first `span` lanes (a power of two) need their results.
  SmallVector<Value> warpScan(CombineFn combine, ValueRange values, Value lanes,
                              int64_t span = 0);

  /// Inclusive scan of one tuple per lane within each aligned run of
  /// `runLanes` lanes (a power of two dividing the warp size) of a warp, in
  /// lane order: lane l combines lanes l - l mod runLanes .. l. The first
  /// `lanes` lanes of a warp take part, a whole number of runs.
  SmallVector<Value> warpScanInRuns(CombineFn combine, ValueRange values,
                                    Value lanes, int64_t runLanes);

  /// warpScan of (start flag, values...) tuples under the segmented
  /// operator of `combine` (a start on the right discards the left): the
  /// flags go to one ballot, from which each lane knows how far back its
  /// segment reaches, and the steps shuffle the values only. Needs a warp
  /// of at most 32 lanes (segmentedWarpScans).
  SmallVector<Value> warpSegmentedScan(CombineFn combine, ValueRange values,
                                       Value lanes, int64_t span = 0);
  /// Whether warpSegmentedScan applies: a warp's flags fit a 32-bit ballot.
  bool segmentedWarpScans() const { return warpSize <= 32; }
  /// The i32 mask of the first `lanes` (an i32) lanes of a warp.
  Value getLaneMask(Value lanes);
  /// A ballot of the first `lanes` lanes of the calling warp (an i32 whose
  /// bit l is lane l's i1 `predicate`); needs segmentedWarpScans().
  Value ballot(Value predicate, Value lanes);
  /// The highest lane at or below `lane` (an i32) whose bit is set in the
  /// ballot `bits`, or -1 (an i32).
  Value getLastSetLane(Value bits, Value lane);

  /// Ordered reduction of the first `width` lanes (a power of two up to the
  /// warp size) of a warp, valid in lane 0 (undefined in the others).
  SmallVector<Value> warpReduceToFirstLane(CombineFn combine, ValueRange values,
                                           int64_t width);

  /// A block-wide scan in thread order; `identity` is a neutral tuple.
  struct BlockScan {
    /// Threads 0..t, threads 0..t-1 (identity in thread 0), all threads;
    /// valid in every thread.
    SmallVector<Value> inclusive, exclusive, total;
  };
  /// Warp scans, then a scan of the warp totals in shared memory. With
  /// `parkExclusive`, each thread keeps its warp-exclusive values in shared
  /// memory during the scan of the totals (for wide values that would
  /// spill; the plan reserves a value per thread first).
  /// `segmentedValues` as for tileScan.
  BlockScan blockScan(CombineFn combine, ValueRange identity, ValueRange values,
                      bool parkExclusive = false,
                      CombineFn segmentedValues = nullptr);
  /// The shared buffers of a block scan, in the plan's order
  /// (SharedMemoryLayout::addBlockScan): each thread's parked
  /// warp-exclusive values (only when parked) and the warp totals, one
  /// buffer per value; none with one warp.
  struct ScanBuffers {
    SmallVector<Value> parked, totals;
    /// The buffers of the values after the first one: a scan of fewer
    /// values in the same memory.
    ScanBuffers dropFirstValue() const;
  };
  ScanBuffers allocScanBuffers(TypeRange types, bool parkExclusive);
  /// Whether tileScan's warp totals of `types` are scanned by warp 0 alone
  /// (wide tuples; a second barrier hands out the prefixes), not by every
  /// warp.
  static bool scansWarpTotalsInOneWarp(TypeRange types);
  /// blockScan with one barrier: warp scans, the warp totals to shared memory,
  /// a barrier, then every thread folds the totals before its warp (no second
  /// barrier, and none at the end; for wide tuples warp 0 scans them and a
  /// second barrier hands them out: scansWarpTotalsInOneWarp). For threads that
  /// scan many elements each, where the fold's one step per warp is cheap. In
  /// `buffers` (allocScanBuffers, allocated once for every tile of a kernel);
  /// the caller places a barrier before the next tile scan writes them.
  /// With `segmentedValues`, values[0] is a start flag (i1) and `combine`
  /// the segmented operator of `segmentedValues`: the warp scans take the
  /// flags from ballots (warpSegmentedScan).
  BlockScan tileScan(CombineFn combine, ValueRange identity, ValueRange values,
                     const ScanBuffers &buffers,
                     CombineFn segmentedValues = nullptr);

  /// Makes the lanes of this thread's warp (the lanes it has, in a partial
  /// last warp) wait for each other; orders their shared-memory accesses.
  void warpBarrier();
  /// The number of lanes of this thread's warp (i32).
  Value getLanesInWarp();
  /// The warp and lane of this thread (index), and how many lanes its warp
  /// has (i32).
  std::tuple<Value, Value, Value> getWarpLaneAndLanes();

private:
  /// Warp 0 scans the warp totals in place (full warps before the last:
  /// warp 0 is full), then a barrier; returns the totals before this
  /// thread's warp (the identity in warp 0).
  SmallVector<Value> scanWarpTotalsInFirstWarp(CombineFn combine,
                                               ValueRange identity,
                                               ValueRange totals, Value warp,
                                               Value lane);
  /// The dynamic shared memory as bytes, created on first use.
  Value getSharedBase();
  /// A view of `type` at byte `offset` of the dynamic shared memory.
  Value viewShared(MemRefType type, Value offset);
  /// shuffle with a dynamic offset, as gpu.shuffle defines it.
  std::pair<Value, Value> shuffleValue(Value value, Value offset, Value width,
                                       gpu::ShuffleMode mode);
  /// Shuffles one 32-bit word.
  std::pair<Value, Value> shuffleWord(Value word, Value offset, Value width,
                                      gpu::ShuffleMode mode);
  /// Reduces within each warp (the first `lanes` lanes of a warp take part);
  /// only the first `span` lanes hold values when it is not 0, and lane 0
  /// then needs fewer steps.
  SmallVector<Value> warpReduce(MutableArrayRef<Region> operators,
                                ValueRange values, Value lanes,
                                int64_t span = 0);
  /// The shuffle loop of warpReduce and warpScan: at the steps with offsets
  /// 1, 2, 4, ... below the warp (and block) size, or below `span` when it
  /// is not 0, every lane receives the tuple of the lane `offset` away by
  /// `mode` among the first `lanes`, and `step(mine, other)` is its next
  /// tuple when that lane exists.
  SmallVector<Value> warpShuffleSteps(
      ValueRange values, Value lanes, gpu::ShuffleMode mode,
      function_ref<SmallVector<Value>(ValueRange, ValueRange)> step,
      int64_t span = 0);
  /// warpScan, and each lane's exclusive values (the lane below's
  /// inclusive ones; undefined in lane 0).
  /// warpScan in which lane l combines only lanes l - reach .. l (`reach`
  /// an i32, at most l), over the first `span` lanes.
  SmallVector<Value> warpScanWithin(CombineFn combine, ValueRange values,
                                    Value lanes, Value reach, int64_t span);
  std::pair<SmallVector<Value>, SmallVector<Value>>
  warpScanAndBelow(CombineFn combine, ValueRange values, Value lanes,
                   CombineFn segmentedValues = nullptr);
  /// This thread's lane in its warp.
  Value getLane();
};

/// The blocks to launch for `required` virtual blocks of `op`: its
/// `num_blocks`, else all of them with `virt = none`, else at most the
/// plan's cap.
Value getLaunchBlockCount(OpBuilder &b, Location loc, SegSpaceOpInterface op,
                          Value required, const OpPlan &plan);

/// Runs `body` with the builder inside `scf.if (count > 0)`: a launch of no
/// blocks is an error.
void ifNonEmpty(OpBuilder &b, Location loc, Value count,
                function_ref<void()> body);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_KERNELBUILDER_H
