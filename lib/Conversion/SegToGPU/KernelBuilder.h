//===- KernelBuilder.h - Building blocks of SegIR's GPU kernels -*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-seg-to-gpu: the host-side launch of a kernel and the
// device-side pieces every kernel is made of (ids, shared memory, barriers,
// warp shuffles, block-wide reductions, cloning a seg body at a point).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_KERNELBUILDER_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_KERNELBUILDER_H

#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace seg {

/// Segmented reduction strategies (seed 001).
enum class RedStrategy { Auto, Sequential, Small, Large };

/// Scan strategies: seed 004's single-pass kernel, or reduce-then-scan.
enum class ScanStrategy { Auto, SinglePass, ReduceThenScan };

/// What the pass options and the target fix for every kernel.
struct GPULoweringConfig {
  TargetAttr target;
  int64_t defaultBlockSize = 256;
  /// Most blocks launched when an op gives no number (0: fill the target).
  int64_t maxBlocks = 0;
  RedStrategy strategy = RedStrategy::Auto;
  int64_t sequentialThreshold = 65536;
  int64_t smallSegmentMax = 0;
  ScanStrategy scanStrategy = ScanStrategy::Auto;
  /// Elements a reduction thread evaluates before combining them (0: from
  /// the operator's size).
  int64_t loadsInFlight = 0;

  /// Blocks that keep every SM busy with `blockSize` threads per block.
  int64_t getBlockCap(int64_t blockSize) const;
};

/// How many elements (or points) a thread evaluates before using them, so
/// that their loads are in flight together, when each needs `words` 32-bit
/// registers: enough for about 16 words, a power of two, at most 8.
int64_t getLoadsInFlightForWords(int64_t words);

/// Host-side helpers (index arithmetic on the sizes of a launch).
Value ceilDivIndex(OpBuilder &b, Location loc, Value lhs, Value rhs);
Value minIndex(OpBuilder &b, Location loc, Value lhs, Value rhs);
Value maxIndex(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// The device side of one `gpu.launch` with a 1-D grid and 1-D blocks of a
/// static size.
class KernelBuilder {
public:
  /// Creates the launch of `numBlocks` blocks of `blockSize` threads at the
  /// builder's point and positions the builder in its body. A non-empty
  /// `kind` names the outlined kernel `<function>_<kind>` (profilers and
  /// the emulator's reports show it); otherwise outlining names it.
  KernelBuilder(OpBuilder &builder, Location loc, Value numBlocks,
                int64_t blockSize, StringRef kind = {});
  /// Ends the kernel body and puts the builder after the launch.
  void finish();

  OpBuilder &b;
  Location loc;
  gpu::LaunchOp launch;
  int64_t blockSize;
  Value threadId, blockId, gridSize;
  /// Bytes of shared memory the kernel's persistent buffers use so far.
  int64_t sharedBytes = 0;
  /// Bytes of the largest set of scratch buffers so far.
  int64_t scratchBytes = 0;
  /// The kernel's dynamic shared memory, created with the first buffer.
  Value sharedBase;
  /// Where the scratch region starts, after all persistent buffers; the
  /// constant is set by finish().
  arith::ConstantIndexOp scratchOffset;

  Value constIndex(int64_t value);
  Value constI32(int64_t value);
  void barrier();
  /// Acquire-release fence at device scope, around the atomics through
  /// which blocks communicate.
  void fence();

  /// A buffer of `count` elements in shared memory, as a memref in the
  /// default memory space.
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

  /// A loop from `lower` to `upper` by `step` carrying `inits`; `body` gets
  /// the induction variable and the carried values and returns the next.
  SmallVector<Value>
  forLoop(Value lower, Value upper, Value step, ValueRange inits,
          function_ref<SmallVector<Value>(Value, ValueRange)> body);

  /// A loop from `lower` to `upper` by `step` in groups: `body` gets the
  /// first index of a group, the number of indices in it (`factor` for
  /// whole groups, then 1 for the rest), and the carried values.
  SmallVector<Value> forLoopInGroups(
      Value lower, Value upper, Value step, ValueRange inits, int64_t factor,
      function_ref<SmallVector<Value>(Value, int64_t, ValueRange)> body);

  /// Folds the elements at `lower`, `lower + step`, ... below `upper` into
  /// `inits` with `combine`, in that order. `factor` elements are evaluated
  /// before the first of them is combined, so that their loads are in
  /// flight together (one load at a time leaves a memory-bound loop far
  /// below the bandwidth); a second loop takes the last fewer than
  /// `factor`. `element` must not depend on the accumulated values.
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
  /// (the first `lanes` lanes of a warp take part).
  SmallVector<Value> warpScan(CombineFn combine, ValueRange values,
                              Value lanes);

  /// Ordered reduction of the first `width` lanes (a power of two up to the
  /// warp size) of a warp, valid in every one of them (butterfly).
  SmallVector<Value> warpAllReduce(CombineFn combine, ValueRange values,
                                   int64_t width);

  /// A block-wide scan in thread order; `identity` is a neutral tuple.
  struct BlockScan {
    /// Threads 0..t, threads 0..t-1 (identity in thread 0), all threads;
    /// valid in every thread.
    SmallVector<Value> inclusive, exclusive, total;
  };
  /// Warp scans, then a scan of the warp totals in shared memory.
  BlockScan blockScan(CombineFn combine, ValueRange identity,
                      ValueRange values);

private:
  /// The dynamic shared memory as bytes, created on first use.
  Value getSharedBase();
  /// A view of `type` at byte `offset` of the dynamic shared memory.
  Value viewShared(MemRefType type, Value offset);
  /// `value` from the lane `offset` higher in the warp, among the first
  /// `width` lanes, and whether that lane exists.
  std::pair<Value, Value> shuffleDown(Value value, int64_t offset, Value width);
  /// Shuffles one 32-bit word.
  std::pair<Value, Value> shuffleWord(Value word, int64_t offset, Value width,
                                      gpu::ShuffleMode mode);
  /// Reduces within each warp (the first `lanes` lanes of a warp take part).
  SmallVector<Value> warpReduce(MutableArrayRef<Region> operators,
                                ValueRange values, Value lanes);
};

/// Bytes that a shared buffer of `count` elements of `type` takes, with the
/// alignment padding before it.
int64_t getSharedBufferBytes(Type type, int64_t count);

/// Whether convert-seg-to-gpu can keep values of `type` in shared memory
/// and shuffle them: integers up to 64 bits, index, f16, bf16, f32, f64.
bool isSupportedScalarType(Type type);

/// Clones the ops of `body` but its terminator at the builder's point, with
/// its arguments mapped to `ivs`, into `mapping`. `allocaReplacement`
/// decides where an `alloca` directly in the body goes (it returns the
/// value that replaces it).
void cloneBodyAt(OpBuilder &b, Block &body, ValueRange ivs, IRMapping &mapping,
                 function_ref<Value(memref::AllocaOp)> allocaReplacement);

/// The static block size of `op`, or the configured default.
int64_t getBlockSize(SegSpaceOpInterface op, const GPULoweringConfig &config);

/// The blocks to launch for `required` virtual blocks: the op's
/// `num_blocks`, else all of them with `virt = none`, else at most the
/// configured cap.
Value getNumBlocks(OpBuilder &b, Location loc, SegSpaceOpInterface op,
                   Value required, int64_t blockSize,
                   const GPULoweringConfig &config);

/// Runs `body` with the builder inside `scf.if (count > 0)`: a launch of no
/// blocks is an error.
void ifNonEmpty(OpBuilder &b, Location loc, Value count,
                function_ref<void()> body);

/// What the kernels of a seg.red or seg.scan share: the operators' neutral
/// values and outputs, the map-only outputs and the segments (all but the
/// innermost dimension), valid on the host and (captured) in its kernels.
struct SegmentedOperands {
  SmallVector<Value> neutrals, outs, mapOuts;
  SmallVector<Value> segmentSizes;
  Value numSegments, segmentLength;
  SmallVector<Type> types;

  template <typename OpTy>
  SegmentedOperands(OpBuilder &b, Location loc, OpTy op,
                    const IRMapping &mapping)
      : SegmentedOperands(b, loc, op.getNeutrals(), op.getCombinedOuts(),
                          op.getMapOuts(), op.getMixedSizes(), mapping) {}

private:
  SegmentedOperands(OpBuilder &b, Location loc, ValueRange neutrals,
                    ValueRange outs, ValueRange mapOuts,
                    ArrayRef<OpFoldResult> sizes, const IRMapping &mapping);
};

/// Emits the body of a seg.red or seg.scan (`body`, whose terminator yields
/// `numAccumulators` operator operands, then map-only values) at the point
/// `ivs` inside a kernel: stores the map-only values into `mapOuts` unless
/// it is empty, and returns the operands of the operators.
SmallVector<Value> emitBodyElement(KernelBuilder &kb, Block &body,
                                   unsigned numAccumulators, IRMapping &mapping,
                                   ValueRange ivs, ValueRange mapOuts);

/// A `thread_in_block` seg.red inside a block kernel: the block reduces its
/// segments one after the other; thread 0 writes the results.
void emitThreadInBlockRed(KernelBuilder &kb, RedOp op, IRMapping &mapping);

/// Lowers a top-level seg.map (thread or block level) to a kernel.
void lowerMapToGPU(OpBuilder &b, MapOp op, const GPULoweringConfig &config);

/// A `thread_in_block` seg.scan inside a block kernel: the block scans its
/// segments one after the other, a block-wide step at a time.
void emitThreadInBlockScan(KernelBuilder &kb, ScanOp op, IRMapping &mapping);

/// How a thread-level seg.scan is lowered, decided before any rewriting.
struct ScanPlan {
  /// Elements per thread (m).
  int64_t degree = 1;
  bool singlePass = true;
  /// Why reduce-then-scan was chosen automatically (empty otherwise).
  std::string fallbackReason;
  /// Shared memory of the kernels: (name, bytes).
  SmallVector<std::pair<StringRef, int64_t>> sharedBytes;
};

/// Chooses m and the strategy of `op`; fails with a diagnostic on `op`
/// when nothing fits the target.
FailureOr<ScanPlan> planScan(ScanOp op, const GPULoweringConfig &config);

/// Shared memory a thread_in_block seg.scan needs in a block of
/// `blockSize` threads.
int64_t getThreadInBlockScanSharedBytes(ScanOp op, int64_t blockSize);

/// Lowers a thread-level seg.scan to the single-pass kernel (or the three
/// reduce-then-scan kernels) and its host code.
void lowerScanToGPU(OpBuilder &b, ScanOp op, const ScanPlan &plan,
                    const GPULoweringConfig &config);

/// Lowers a thread-level seg.red to the three kernels of seed 001 and the
/// host code that picks one.
void lowerRedToGPU(OpBuilder &b, RedOp op, const GPULoweringConfig &config);

/// Bytes of shared memory the kernels of `op` need; the pass checks them
/// against the target before lowering. Keys name the kernel.
SmallVector<std::pair<StringRef, int64_t>>
getRedSharedMemory(RedOp op, const GPULoweringConfig &config);

/// Elements per segment row that the sequential-segments kernel stages
/// through shared memory at a time.
int64_t getSequentialTile(RedOp op, const GPULoweringConfig &config);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_KERNELBUILDER_H
