//===- PlanLowering.cpp - The planner of convert-seg-to-gpu ---------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// planLowering: the planner of each op kind (PlanMap.cpp,
// PlanReduction.cpp, PlanScan.cpp, PlanHistogram.cpp), its plan held in the
// LoweringPlan variant.
//
//===----------------------------------------------------------------------===//

#include "Planners.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::seg;

FailureOr<LoweringPlan> seg::planLowering(Operation *op,
                                          const GPULoweringConfig &config) {
  // Plans of one kind into the variant.
  auto wrap = [](auto plan) -> FailureOr<LoweringPlan> {
    if (failed(plan))
      return failure();
    return LoweringPlan(std::move(*plan));
  };
  return TypeSwitch<Operation *, FailureOr<LoweringPlan>>(op)
      .Case([&](MapOp map) { return wrap(planMap(map, config)); })
      .Case([&](RedOp red) { return wrap(planRed(red, config)); })
      .Case([&](ScanOp scan) { return wrap(planScan(scan, config)); })
      .Case([&](HistOp hist) { return wrap(planHist(hist, config)); })
      .Default([](Operation *) { return failure(); });
}
