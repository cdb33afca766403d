//===- MapLoads.cpp - What a map's threads load and keep ------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "MapLoads.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/Utils/MemoryFootprint.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::seg;

bool seg::isCapturedLoad(Operation *op, Region &scope) {
  auto load = dyn_cast<memref::LoadOp>(op);
  return load && !scope.isAncestor(
                     getUnderlyingBuffer(load.getMemRef()).getParentRegion());
}

/// Words loaded from captured memrefs by the loads at the start of a
/// thread-level map's body (before it first writes): what one point has in
/// flight.
static int64_t getLeadingLoadWords(MapOp op) {
  int64_t words = 0;
  for (Operation &inner : op.getBody().front().without_terminator()) {
    if (mayWriteMemory(&inner))
      break;
    if (isCapturedLoad(&inner, op.getBody()))
      words += llvm::divideCeil(
          getPrimitiveByteSize(inner.getResult(0).getType()).value_or(8), 4);
  }
  return words;
}

int64_t seg::getMapLoadsInFlight(MapOp op, int64_t blockSize,
                                 int64_t requested) {
  int64_t perThread = std::numeric_limits<int64_t>::max();
  if (std::optional<int64_t> count = getStaticPointCount(op.getStaticSizes()))
    perThread = llvm::divideCeil(*count, blockSize);
  if (requested > 0)
    return std::clamp<int64_t>(perThread, 1, requested);
  // Every point of a group would get its own copy of a private array.
  if (!op.getBody().getOps<memref::AllocaOp>().empty())
    return 1;
  int64_t words = getLeadingLoadWords(op);
  if (words == 0)
    return 1;
  return std::clamp<int64_t>(perThread, 1, getLoadsInFlightForWords(words));
}

unsigned seg::getThreadPrivateRank(memref::AllocaOp alloca, int64_t blockSize) {
  ArrayRef<int64_t> shape = alloca.getType().getShape();
  if (!alloca.getType().hasStaticShape() ||
      !alloca.getType().getLayout().isIdentity() ||
      alloca.getType().getMemorySpace() || alloca->use_empty())
    return 0;
  std::optional<unsigned> threadRank;
  for (OpOperand &use : alloca->getUses()) {
    Operation *user = use.getOwner();
    ValueRange indices;
    if (auto load = dyn_cast<memref::LoadOp>(user))
      indices = load.getIndices();
    else if (auto store = dyn_cast<memref::StoreOp>(user);
             store && use.getOperandNumber() == 1)
      indices = store.getIndices();
    else
      return 0;
    auto map =
        dyn_cast_or_null<MapOp>(getEnclosingSpaceOp(user).getOperation());
    if (!map || map.getLevel() != Level::ThreadInBlock)
      return 0;
    ArrayRef<int64_t> sizes = map.getStaticSizes();
    if (llvm::any_of(sizes, ShapedType::isDynamic))
      return 0;
    int64_t points = 1;
    for (int64_t size : sizes)
      points *= size;
    unsigned rank = sizes.size();
    // Every map must number the threads the same way.
    if (points != blockSize || rank > shape.size() ||
        shape.take_front(rank) != sizes ||
        !llvm::equal(indices.take_front(rank), map.getInductionVars()) ||
        (threadRank && *threadRank != rank))
      return 0;
    threadRank = rank;
  }
  return *threadRank;
}
