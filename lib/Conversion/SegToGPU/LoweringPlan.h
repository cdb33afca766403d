//===- LoweringPlan.h - What convert-seg-to-gpu decides per op --*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-seg-to-gpu. The pass plans every top-level op before
// it rewrites anything: strategy, block size, grid, chunk or sequentiality
// degree, loads in flight and the shared memory of every kernel. Each op
// kind has its plan (MapPlan, RedPlan, ScanPlan, HistPlan, over the common
// OpPlan) and its planner (PlanMap.cpp, PlanReduction.cpp, PlanScan.cpp,
// PlanHistogram.cpp); the choices come from the ResourceModel. The emitters
// (MapKernels.cpp, ReductionKernels.cpp, ScanKernels.cpp,
// HistogramKernels.cpp) follow the plan; KernelBuilder allocates shared
// memory only from the plan's layouts and checks that the kernel declares
// what the plan computed.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_LOWERINGPLAN_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_LOWERINGPLAN_H

#include "ContiguousLoads.h"
#include "KernelRoles.h"
#include "RedStrategies.h"

#include "segir/Analysis/SharedMemoryLayout.h"

#include "segir/Analysis/Tuning.h"
#include "segir/Conversion/SegToGPU/SegToGPU.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/MapVector.h"

#include <variant>

namespace mlir {
namespace seg {

/// What the pass options and the target fix for every kernel. Every device
/// limit comes from `target`; the options are the pass's own, as its
/// generated struct holds them.
struct GPULoweringConfig {
  TargetAttr target;
  ConvertSegToGPUOptions options;
  /// Overrides of tunables from the `tuning-file` option (seg.hist).
  const TuningFile *tuning = nullptr;

  /// Blocks that keep every SM busy with `blockSize` threads per block
  /// (`max-blocks` when given).
  int64_t getBlockCap(int64_t blockSize) const;
};

/// One kernel of an op's lowering.
struct KernelPlan {
  KernelRole role;
  SharedMemoryLayout shared;

  StringRef getName() const { return getKernelRoleName(role); }
  StringRef getKind() const { return getKernelRoleKind(role); }
};

/// What the plans of every op kind have: the launch geometry and the
/// kernels with their shared memory.
struct OpPlan {
  /// Threads per block (static) and the target's warp size.
  int64_t blockSize = 0;
  int64_t warpSize = 0;
  /// Blocks launched at most when the op gives no `num_blocks` (and its
  /// virtualization is not `none`).
  int64_t blockCap = 0;
  SmallVector<KernelPlan> kernels;

  int64_t getNumWarps() const { return llvm::divideCeil(blockSize, warpSize); }
  /// The kernel of `role`.
  const KernelPlan &getKernel(KernelRole role) const;
  /// Whether the plan has a kernel of `role` (seg.red: only the kernels the
  /// host code can launch for the op's strategy and static sizes).
  bool hasKernel(KernelRole role) const;
};

/// A thread-level or block-level seg.map (PlanMap.cpp).
struct MapPlan : OpPlan {
  bool blockLevel = false;
  /// Thread map: points a thread evaluates together.
  int64_t loadsInFlight = 1;
  /// Block map: the points of each nested thread_in_block map a thread
  /// evaluates together.
  llvm::MapVector<Operation *, int64_t> innerLoadsInFlight;
  /// Block map: the thread dimensions of each array of the body that every
  /// thread indexes only at its own position (kept private, not shared).
  llvm::MapVector<Operation *, unsigned> threadPrivateRanks;
};

/// A thread-level seg.red (PlanReduction.cpp).
struct RedPlan : OpPlan {
  /// The strategy (Auto: chosen at run time by the thresholds below), its
  /// thresholds and the sequential kernel's tile columns.
  RedStrategy strategy = RedStrategy::Auto;
  int64_t sequentialThreshold = 0;
  int64_t smallSegmentMax = 0;
  int64_t sequentialTile = 0;
  /// The large kernel's chunk (1 for commutative operators).
  int64_t chunk = 1;
  /// With chunk > 1: elements of each operand's scratch buffer in a step of
  /// the large kernel that transposes all operands at once
  /// (ResourceModel::selectReduceChunkSlots); 0: they do not fit at once,
  /// the step transposes one at a time.
  int64_t chunkSlots = 0;
  /// Elements a thread evaluates before combining them.
  int64_t loadsInFlight = 1;
  /// Commutative operators: the body's loads along a segment, which the
  /// large kernel reads `contiguousLoads.width` elements at a time with
  /// vector loads where aligned.
  ContiguousLoads contiguousLoads;
  /// Commutative operators: the vector widths in which the sequential
  /// kernel reads the whole tiles of its rows, widest first
  /// (selectRowWidths); it takes the first whose vectors are aligned
  /// in every row and fit the tile's columns, else scalar loads.
  SmallVector<int64_t> sequentialWidths;
  /// Commutative operators: the same for the small kernel's segments, each
  /// lane reading `width` consecutive elements (in warps or in the block;
  /// selectWholeRowWidths: those that divide a static segment length); it
  /// takes the first width that divides the segment length and whose
  /// vectors are aligned in every row.
  SmallVector<int64_t> smallWidths;
  /// Per kernel of `kernels`, in order: when the host code launches it
  /// (the last one runs otherwise).
  SmallVector<RunCondition> conditions;
};

/// A thread-level seg.scan (PlanScan.cpp).
struct ScanPlan : OpPlan {
  /// Single-pass, or reduce-then-scan and why (when chosen automatically).
  bool singlePass = true;
  std::string fallbackReason;
  /// Why the model chose the block size and m (empty: the block size was
  /// fixed by the op or the options).
  std::string geometryReason;
  /// The sequentiality degree m: elements per thread.
  int64_t elementsPerThread = 1;
  /// Registers per thread the single-pass kernel may use, where the model
  /// chose its threads x m (ScanGeometry::maxRegisters; 0: no bound).
  int64_t maxRegisters = 0;
  /// Coalesced elements of its m a thread evaluates together (at most m).
  int64_t loadsInFlight = 1;
  /// The kernels that write results read each thread's m elements back
  /// from its staging slots and scan them again with the thread's prefix,
  /// not keeping its scanned values in registers from its own scan to the
  /// writing of results (ResourceModel::reloadsScanElements).
  bool reloadScanElements = false;
  /// The group kernels' block scans keep each thread's warp-exclusive value
  /// in shared memory, not in registers, while warp 0 scans the warp totals
  /// (ResourceModel::parksScanExclusive).
  bool parkScanExclusive = false;
  /// One-segment scans: the body's loads along the space, which every group
  /// kernel reads `contiguousLoads.width` elements (32 bits of narrow ones)
  /// at a time when the group's elements are aligned (selectScanLoads).
  ContiguousLoads contiguousLoads;
  /// Reduce-then-scan: consecutive group aggregates each thread of the
  /// aggregate scan's one block loads (all in flight together) and scans by
  /// itself per step, before the block scans the threads' totals.
  int64_t aggregatesPerThread = 1;
};

/// A thread-level seg.hist [Henriksen et al. 2020] (PlanHistogram.cpp): how
/// every operator updates a bin.
struct HistPlan : OpPlan {
  /// Points a thread evaluates before updating their bins.
  int64_t loadsInFlight = 1;
  /// The body's loads along the innermost dimension. One-dimensional
  /// spaces: the kernels read them `contiguousLoads.width` points at a time
  /// with aligned vector loads (the ends of the space that no aligned
  /// vector covers point by point).
  ContiguousLoads contiguousLoads;
  /// Spaces of more than one dimension: the vector widths in which the
  /// kernels read whole rows of narrow elements, widest first
  /// (selectWholeRowWidths); they take the first that divides the row length
  /// and whose vectors are aligned in every row, else load point by point.
  SmallVector<int64_t> rowWidths;
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
  /// Per operator: whether a bin is updated under a lock, for operators of
  /// several accumulators (one histogram each, which no single atomic
  /// spans). Their locks are i32 (0: free, 1: held), one per flattened bin:
  /// in global memory, allocated and zeroed by the host for the kernel;
  /// with shared sub-histograms also one per slot of every copy, a buffer
  /// of the kernel's layout after the operator's copies.
  SmallVector<bool> locked;
  /// Why the strategy was chosen, for remarks.
  std::string reason;
};

/// How one top-level seg op becomes kernels, decided before any rewriting.
using LoweringPlan = std::variant<MapPlan, RedPlan, ScanPlan, HistPlan>;

/// The parts every plan has.
const OpPlan &getOpPlan(const LoweringPlan &plan);

/// The plan in one line, for remarks (LoweringPlanPrinter.cpp).
void printPlan(raw_ostream &os, const LoweringPlan &plan);

/// Checks `op` (a top-level thread- or block-level seg op) against the
/// target and plans its lowering; fails with a diagnostic on `op` when it
/// cannot be lowered or does not fit the target.
FailureOr<LoweringPlan> planLowering(Operation *op,
                                     const GPULoweringConfig &config);

/// Whether convert-seg-to-gpu can keep values of `type` in shared memory
/// and shuffle them: integers up to 64 bits, index, f16, bf16, f32, f64.
bool isSupportedScalarType(Type type);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_LOWERINGPLAN_H
