//===- PlanMap.cpp - The plan of a seg.map --------------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A thread-level map: points in flight per thread. A block-level map: its
// arrays (thread-private or shared) and the thread_in_block ops of its
// body, whose block reductions and scans take the kernel's shared memory.
//
//===----------------------------------------------------------------------===//

#include "MapLoads.h"
#include "Planners.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::seg;

/// The kernel of a block-level map `op`, the private arrays and the points
/// in flight of its thread_in_block maps into `plan`.
static FailureOr<KernelPlan>
planBlockKernel(MapOp op, const GPULoweringConfig &config, MapPlan &plan) {
  Block &body = op.getBody().front();
  if (failed(checkAllocas(body, "shared memory", /*shared=*/true)))
    return failure();
  KernelPlan kernel{KernelRole::BlockMap, {}};
  for (auto alloca : body.getOps<memref::AllocaOp>()) {
    unsigned rank = getThreadPrivateRank(alloca, plan.blockSize);
    plan.threadPrivateRanks[alloca] = rank;
    if (rank == 0)
      kernel.shared.addBuffer(alloca.getType().getElementType(),
                              alloca.getType().getNumElements());
  }
  // thread_in_block ops, directly in the body or inside scf.for / scf.if
  // (which the lowering rebuilds around them), in the order the kernel
  // emits them.
  SmallVector<SegSpaceOpInterface> inners;
  op.getBody().walk<WalkOrder::PreOrder>([&](SegSpaceOpInterface space) {
    inners.push_back(space);
    return WalkResult::skip();
  });
  for (SegSpaceOpInterface space : inners) {
    for (Operation *parent = space->getParentOp(); parent != op;
         parent = parent->getParentOp())
      if (!isa<scf::ForOp, scf::IfOp>(parent))
        return space->emitOpError("is nested in '")
               << parent->getName()
               << "' inside a block-level map; convert-seg-to-gpu lowers "
                  "thread_in_block ops directly in the block body or inside "
                  "scf.for and scf.if only";
    if (failed(
            checkAllocas(space.getBody().front(), "a thread's private array")))
      return failure();
    if (auto map = dyn_cast<MapOp>(*space))
      plan.innerLoadsInFlight[map] = getMapLoadsInFlight(
          map, plan.blockSize, config.options.loadsInFlight);
    if (auto red = dyn_cast<RedOp>(*space)) {
      if (failed(checkAccumulatorTypes(red, red.getNeutrals().getTypes())))
        return failure();
      // Block reductions one after the other share the scratch region.
      kernel.shared.reserveBlockReduce(red.getNeutrals().getTypes(),
                                       plan.getNumWarps());
    }
    if (auto scan = dyn_cast<ScanOp>(*space)) {
      if (failed(checkAccumulatorTypes(scan, scan.getNeutrals().getTypes())))
        return failure();
      kernel.shared.addBlockScan(scan.getNeutrals().getTypes(),
                                 plan.getNumWarps(), plan.blockSize);
    }
  }
  return kernel;
}

FailureOr<MapPlan> seg::planMap(MapOp op, const GPULoweringConfig &config) {
  MapPlan plan;
  if (failed(planLaunch(op, config, plan)))
    return failure();
  if (op.getLevel() == Level::Thread) {
    if (failed(checkAllocas(op.getBody().front(), "a thread's private array")))
      return failure();
    plan.loadsInFlight =
        getMapLoadsInFlight(op, plan.blockSize, config.options.loadsInFlight);
    plan.kernels.push_back({KernelRole::ThreadMap, {}});
  } else {
    plan.blockLevel = true;
    FailureOr<KernelPlan> kernel = planBlockKernel(op, config, plan);
    if (failed(kernel))
      return failure();
    plan.kernels.push_back(std::move(*kernel));
  }
  if (failed(checkSharedMemory(op, plan, config)))
    return failure();
  return plan;
}
