//===- LoweringPlan.h - What convert-seg-to-gpu decides per op --*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-seg-to-gpu. The pass plans every top-level op before
// it rewrites anything: strategy, block size, grid, chunk or sequentiality
// degree, loads in flight and the shared memory of every kernel. The
// emitters (MapKernels.cpp, ReductionKernels.cpp, ScanKernels.cpp) follow
// the plan; KernelBuilder allocates shared memory only from the plan's
// layouts and checks that the kernel declares what the plan computed.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_LOWERINGPLAN_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_LOWERINGPLAN_H

#include "ContiguousLoads.h"

#include "segir/Analysis/Tuning.h"
#include "segir/Conversion/SegToGPU/Strategy.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace seg {

/// What the pass options and the target fix for every kernel. Every device
/// limit comes from `target`.
struct GPULoweringConfig {
  TargetAttr target;
  int64_t defaultBlockSize = 256;
  /// Most blocks launched when an op gives no number (0: fill the target).
  int64_t maxBlocks = 0;
  RedStrategy strategy = RedStrategy::Auto;
  int64_t sequentialThreshold = 65536;
  int64_t smallSegmentMax = 0;
  ScanStrategy scanStrategy = ScanStrategy::Auto;
  HistStrategy histStrategy = HistStrategy::Auto;
  /// Overrides of tunables from the `tuning-file` option (seg.hist).
  const TuningFile *tuning = nullptr;
  /// Elements a reduction thread evaluates before combining them (0: from
  /// the operator's size).
  int64_t loadsInFlight = 0;

  /// Blocks that keep every SM busy with `blockSize` threads per block.
  int64_t getBlockCap(int64_t blockSize) const;
};

/// Bytes that a shared buffer of `count` elements of `type` takes, with the
/// alignment padding before it.
int64_t getSharedBufferBytes(Type type, int64_t count);

/// The shared memory of one kernel: persistent buffers at increasing
/// offsets, in the order the kernel allocates them, then one scratch region
/// that the kernel's phases reuse one after another (block reductions,
/// broadcasts, chunk transpositions), sized for the largest of them.
class SharedMemoryLayout {
public:
  struct Buffer {
    Type elementType;
    int64_t count;
    int64_t offset;
  };

  /// Appends a persistent buffer of `count` elements of `type`.
  void addBuffer(Type type, int64_t count);
  /// Appends one persistent buffer of `count` elements per type.
  void addBuffers(TypeRange types, int64_t count);
  /// Makes the scratch region hold `count` elements of every type of
  /// `types` at once.
  void reserveScratch(TypeRange types, int64_t count);

  ArrayRef<Buffer> getBuffers() const { return buffers; }
  /// Where the scratch region starts: after every persistent buffer.
  int64_t getScratchOffset() const { return persistentBytes; }
  int64_t getScratchBytes() const { return scratchBytes; }
  int64_t getTotalBytes() const { return persistentBytes + scratchBytes; }

private:
  SmallVector<Buffer> buffers;
  int64_t persistentBytes = 0;
  int64_t scratchBytes = 0;
};

/// One kernel of an op's lowering.
struct KernelPlan {
  /// What diagnostics and remarks call it ("large-segments").
  std::string name;
  /// The outlined kernel's name is `<function>_<kind>`; empty: outlining
  /// names it.
  std::string kind;
  SharedMemoryLayout shared;
};

/// How one top-level seg op becomes kernels, decided before any rewriting.
struct LoweringPlan {
  enum class Kind { ThreadMap, BlockMap, Reduction, Scan, Histogram };
  Kind kind = Kind::ThreadMap;

  /// Threads per block (static) and the target's warp size.
  int64_t blockSize = 0;
  int64_t warpSize = 0;
  /// Blocks launched at most when the op gives no `num_blocks` (and its
  /// virtualization is not `none`).
  int64_t blockCap = 0;

  /// seg.red: the strategy (Auto: chosen at run time by the thresholds
  /// below), its thresholds and the sequential kernel's tile columns.
  RedStrategy strategy = RedStrategy::Auto;
  int64_t sequentialThreshold = 0;
  int64_t smallSegmentMax = 0;
  int64_t sequentialTile = 0;

  /// seg.red: the large kernel's chunk (1 for commutative operators);
  /// seg.scan: the sequentiality degree m (elements per thread).
  int64_t chunk = 1;
  /// seg.red with chunk > 1: elements of each operand's scratch buffer in a
  /// step of the large kernel that transposes all operands at once
  /// (ResourceModel::getReduceChunkSlots: the transposition, then the warp
  /// totals); 0: they do not fit at once, the step transposes one at a time.
  int64_t chunkSlots = 0;
  /// seg.scan: single-pass, or reduce-then-scan and why (when chosen
  /// automatically).
  bool singlePass = true;
  std::string fallbackReason;
  /// seg.scan: the kernels that write results keep each thread's m scanned
  /// values in its staging slots, not in registers, from its own scan to
  /// the writing of results (chosen when the single-pass kernel's
  /// registers at m, as the plan estimates them, exceed what a thread has
  /// at the block size).
  bool restageScanned = false;
  /// seg.scan: the group kernels' block scans keep each thread's
  /// warp-exclusive value in shared memory, not in registers, while warp 0
  /// scans the warp totals (chosen for wide operator states at block sizes
  /// whose registers per thread would not hold both at once).
  bool parkScanExclusive = false;
  /// seg.scan, reduce-then-scan: consecutive group aggregates each thread
  /// of the aggregate scan's one block loads (all in flight together) and
  /// scans by itself per step, before the block scans the threads' totals.
  int64_t aggregatesPerThread = 1;

  /// seg.red: elements a thread evaluates before combining them; thread
  /// map: points a thread evaluates together; seg.scan: coalesced elements
  /// of its m a thread evaluates together (at most m); seg.hist: points a
  /// thread evaluates before updating their bins.
  int64_t loadsInFlight = 1;
  /// Commutative seg.red: the body's loads along a segment, which the large
  /// kernel reads `contiguousLoads.width` elements at a time with vector
  /// loads where aligned.
  ContiguousLoads contiguousLoads;
  /// Block map: the points of each nested thread_in_block map a thread
  /// evaluates together.
  llvm::MapVector<Operation *, int64_t> innerLoadsInFlight;
  /// Block map: the thread dimensions of each array of the body that every
  /// thread indexes only at its own position (kept private, not shared).
  llvm::MapVector<Operation *, unsigned> threadPrivateRanks;

  /// seg.hist [Henriksen et al. 2020]: how every operator updates a bin.
  struct HistPlan {
    /// Shared-memory sub-histograms, else atomics on the global ones.
    bool shared = false;
    /// Sub-histograms per block: thread t updates copy t mod multiplicity.
    int64_t multiplicity = 1;
    /// Passes over ranges of bins, and the bins of each operator's
    /// (flattened, segments first) histogram that one pass covers.
    int64_t passes = 1;
    SmallVector<int64_t> passBins;
    /// Per operator: its native atomic, none for a compare-and-swap loop.
    SmallVector<std::optional<arith::AtomicRMWKind>> atomics;
    /// Per operator: whether a bin is updated under a lock, for operators
    /// of several accumulators (one histogram each, which no single atomic
    /// spans). Their locks are i32 (0: free, 1: held), one per flattened
    /// bin: in global memory, allocated and zeroed by the host for the
    /// kernel; with shared sub-histograms also one per slot of every copy,
    /// a buffer of the kernel's layout after the operator's copies.
    SmallVector<bool> locked;
    /// Why the strategy was chosen, for remarks.
    std::string reason;
  } hist;

  SmallVector<KernelPlan> kernels;

  /// The kernel called `name`.
  const KernelPlan &getKernel(StringRef name) const;
  /// Whether the plan has a kernel called `name` (seg.red: only the kernels
  /// the host code can launch for the op's strategy and static sizes).
  bool hasKernel(StringRef name) const;
  /// The plan in one line, for remarks.
  void print(raw_ostream &os) const;
};

/// Checks `op` (a top-level thread- or block-level seg op) against the
/// target and plans its lowering; fails with a diagnostic on `op` when it
/// cannot be lowered or does not fit the target.
FailureOr<LoweringPlan> planLowering(Operation *op,
                                     const GPULoweringConfig &config);

/// Whether convert-seg-to-gpu can keep values of `type` in shared memory
/// and shuffle them: integers up to 64 bits, index, f16, bf16, f32, f64.
bool isSupportedScalarType(Type type);

/// How many elements (or points) a thread evaluates before using them, so
/// that their loads are in flight together, when each needs `words` 32-bit
/// registers: enough for about 16 words, a power of two, at most 8.
int64_t getLoadsInFlightForWords(int64_t words);

/// Points a thread of a thread-level or thread_in_block map evaluates
/// together (defined in MapKernels.cpp, next to the hoisting it enables).
int64_t getMapLoadsInFlight(MapOp op, int64_t blockSize,
                            const GPULoweringConfig &config);

/// The thread dimensions of a block-level `alloca` that every thread
/// indexes only at its own position, or 0 (MapKernels.cpp).
unsigned getThreadPrivateRank(memref::AllocaOp alloca, int64_t blockSize);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_LOWERINGPLAN_H
