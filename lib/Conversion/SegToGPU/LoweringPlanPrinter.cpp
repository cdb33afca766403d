//===- LoweringPlanPrinter.cpp - Printing of lowering plans ---------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// printPlan: the one-line summary of a plan that convert-seg-to-gpu's
// remarks and the plan tests show: the op kind, the launch, what the op's
// plan decided, then the shared memory of every kernel.
//
//===----------------------------------------------------------------------===//

#include "LoweringPlan.h"

using namespace mlir;
using namespace mlir::seg;

/// The vector loads of `loads`, if any.
static void printVectorLoads(raw_ostream &os, const ContiguousLoads &loads) {
  if (loads.isVectorized())
    os << ", vector loads of " << loads.width << " elements";
}

static void printOpPlan(raw_ostream &os, const MapPlan &plan) {
  if (!plan.blockLevel) {
    os << ", loads in flight " << plan.loadsInFlight;
    return;
  }
  os << ", thread_in_block loads in flight [";
  llvm::interleaveComma(llvm::make_second_range(plan.innerLoadsInFlight), os);
  os << "]";
}

/// The vector widths of a reduction kernel's rows, if any.
static void printRowWidths(raw_ostream &os, ArrayRef<int64_t> widths) {
  if (widths.empty())
    return;
  os << " (vectors of ";
  llvm::interleave(widths, os, " or ");
  os << " elements)";
}

static void printOpPlan(raw_ostream &os, const RedPlan &plan) {
  static constexpr StringLiteral strategies[] = {"auto", "sequential", "small",
                                                 "large"};
  os << ", strategy " << strategies[static_cast<int>(plan.strategy)]
     << ", sequential threshold " << plan.sequentialThreshold
     << ", small segments up to " << plan.smallSegmentMax;
  printRowWidths(os, plan.smallWidths);
  os << ", sequential tile " << plan.sequentialTile;
  printRowWidths(os, plan.sequentialWidths);
  os << ", chunk " << plan.chunk << ", loads in flight " << plan.loadsInFlight;
  printVectorLoads(os, plan.contiguousLoads);
}

static void printOpPlan(raw_ostream &os, const ScanPlan &plan) {
  os << ", " << (plan.singlePass ? "single-pass" : "reduce-then-scan")
     << ", m = " << plan.elementsPerThread;
  if (plan.loadsInFlight < plan.elementsPerThread)
    os << ", loads in flight " << plan.loadsInFlight;
  printVectorLoads(os, plan.contiguousLoads);
  if (plan.reloadScanElements)
    os << ", elements reloaded for the results";
  if (!plan.singlePass)
    os << ", aggregate scan " << plan.aggregatesPerThread << " per thread";
  if (plan.parkScanExclusive)
    os << ", block scan parks warp-exclusive values in shared memory";
  if (!plan.geometryReason.empty())
    os << " (threads x m: " << plan.geometryReason << ")";
}

static void printOpPlan(raw_ostream &os, const HistPlan &plan) {
  os << ", loads in flight " << plan.loadsInFlight;
  if (plan.rowWidths.empty())
    printVectorLoads(os, plan.contiguousLoads);
  else
    os << ", rows";
  printRowWidths(os, plan.rowWidths);
  os << ", " << (plan.shared ? "shared" : "global-atomic");
  if (plan.shared) {
    os << ", multiplicity " << plan.multiplicity << ", passes " << plan.passes
       << ", bins per pass [";
    llvm::interleaveComma(plan.passBins, os);
    os << "]";
  }
  os << ", updates [";
  llvm::interleaveComma(llvm::zip_equal(plan.atomics, plan.locked), os,
                        [&](auto update) {
                          auto [kind, locked] = update;
                          if (locked)
                            os << "lock";
                          else if (kind)
                            os << "atomic " << arith::stringifyEnum(*kind);
                          else
                            os << "compare-and-swap";
                        });
  os << "] (" << plan.reason << ")";
}

static StringRef getOpKindName(const LoweringPlan &plan) {
  if (const auto *map = std::get_if<MapPlan>(&plan))
    return map->blockLevel ? "block map" : "thread map";
  if (std::holds_alternative<RedPlan>(plan))
    return "reduction";
  if (std::holds_alternative<ScanPlan>(plan))
    return "scan";
  return "histogram";
}

void seg::printPlan(raw_ostream &os, const LoweringPlan &plan) {
  const OpPlan &common = getOpPlan(plan);
  os << getOpKindName(plan) << ": block size " << common.blockSize
     << ", at most " << common.blockCap << " blocks";
  std::visit([&](const auto &opPlan) { printOpPlan(os, opPlan); }, plan);
  os << "; shared memory:";
  llvm::interleave(
      common.kernels, os,
      [&](const KernelPlan &kernel) {
        os << " " << kernel.getName() << " " << kernel.shared.getTotalBytes();
      },
      ",");
}
