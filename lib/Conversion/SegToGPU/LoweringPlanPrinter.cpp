//===- LoweringPlanPrinter.cpp - Printing of lowering plans ---------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// LoweringPlan::print: the one-line summary of a plan that
// convert-seg-to-gpu's remarks and the plan tests show.
//
//===----------------------------------------------------------------------===//

#include "LoweringPlan.h"

using namespace mlir;
using namespace mlir::seg;

static void printHistPlan(raw_ostream &os, const LoweringPlan::HistPlan &hist) {
  os << ", " << (hist.shared ? "shared" : "global-atomic");
  if (hist.shared) {
    os << ", multiplicity " << hist.multiplicity << ", passes " << hist.passes
       << ", bins per pass [";
    llvm::interleaveComma(hist.passBins, os);
    os << "]";
  }
  os << ", updates [";
  llvm::interleaveComma(llvm::zip_equal(hist.atomics, hist.locked), os,
                        [&](auto update) {
                          auto [kind, locked] = update;
                          if (locked)
                            os << "lock";
                          else if (kind)
                            os << "atomic " << arith::stringifyEnum(*kind);
                          else
                            os << "compare-and-swap";
                        });
  os << "] (" << hist.reason << ")";
}

void LoweringPlan::print(raw_ostream &os) const {
  static constexpr StringLiteral kinds[] = {"thread map", "block map",
                                            "reduction", "scan", "histogram"};
  static constexpr StringLiteral strategies[] = {"auto", "sequential", "small",
                                                 "large"};
  os << kinds[static_cast<int>(kind)] << ": block size " << blockSize
     << ", at most " << blockCap << " blocks";
  switch (kind) {
  case Kind::ThreadMap:
    os << ", loads in flight " << loadsInFlight;
    break;
  case Kind::BlockMap:
    os << ", thread_in_block loads in flight [";
    llvm::interleaveComma(llvm::make_second_range(innerLoadsInFlight), os);
    os << "]";
    break;
  case Kind::Reduction:
    os << ", strategy " << strategies[static_cast<int>(strategy)]
       << ", sequential threshold " << sequentialThreshold
       << ", small segments up to " << smallSegmentMax << ", sequential tile "
       << sequentialTile << ", chunk " << chunk << ", loads in flight "
       << loadsInFlight;
    if (contiguousLoads.isVectorized())
      os << ", vector loads of " << contiguousLoads.width << " elements";
    break;
  case Kind::Scan:
    os << ", " << (singlePass ? "single-pass" : "reduce-then-scan")
       << ", m = " << chunk;
    if (loadsInFlight < chunk)
      os << ", loads in flight " << loadsInFlight;
    if (restageScanned)
      os << ", scanned values restaged";
    if (!singlePass)
      os << ", aggregate scan " << aggregatesPerThread << " per thread";
    if (parkScanExclusive)
      os << ", block scan parks warp-exclusive values in shared memory";
    break;
  case Kind::Histogram:
    os << ", loads in flight " << loadsInFlight;
    printHistPlan(os, hist);
    break;
  }
  os << "; shared memory:";
  llvm::interleave(
      kernels, os,
      [&](const KernelPlan &kernel) {
        os << " " << kernel.name << " " << kernel.shared.getTotalBytes();
      },
      ",");
}
