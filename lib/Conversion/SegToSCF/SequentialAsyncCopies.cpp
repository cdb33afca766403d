//===- SequentialAsyncCopies.cpp - cp.async in sequential code ------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The sequential meaning of the asynchronous copies that
// seg-tile-block-register's pipelined k-loop issues (TiledAsyncCopy.cpp):
// convert-seg-to-scf runs the points of a thread_in_block map one after
// another, so a copy that lands when it is issued is one of the orders the
// GPU allows, and every wait finds its group complete. A copy becomes
// element loads and stores (zeros past its source elements), into the
// slice itself rather than its workgroup-space view, which host code does
// not have.
//
//===----------------------------------------------------------------------===//

#include "SequentialAsyncCopies.h"

#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

/// The copy as element loads and stores at `copy`.
static void emitPlainCopy(OpBuilder &b, nvgpu::DeviceAsyncCopyOp copy) {
  Location loc = copy.getLoc();
  Value dst = copy.getDst();
  // The slice itself, not its workgroup-space view.
  if (auto cast = dst.getDefiningOp<memref::MemorySpaceCastOp>())
    dst = cast.getSource();
  Type elementType = cast<MemRefType>(dst.getType()).getElementType();
  int64_t elements = copy.getDstElements().getSExtValue();
  Value zero = arith::ConstantOp::create(
      b, loc, cast<TypedAttr>(b.getZeroAttr(elementType)));
  for (int64_t e = 0; e < elements; ++e) {
    auto shifted = [&](ValueRange indices) {
      SmallVector<Value> result(indices);
      if (e)
        result.back() = arith::AddIOp::create(
            b, loc, result.back(), arith::ConstantIndexOp::create(b, loc, e));
      return result;
    };
    SmallVector<Value> from = shifted(copy.getSrcIndices());
    Value value;
    if (Value srcElements = copy.getSrcElements()) {
      Value read = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ult,
          arith::ConstantIndexOp::create(b, loc, e), srcElements);
      auto ifOp = scf::IfOp::create(
          b, loc, read,
          [&](OpBuilder &nested, Location nestedLoc) {
            scf::YieldOp::create(nested, nestedLoc,
                                 ValueRange{memref::LoadOp::create(
                                     nested, nestedLoc, copy.getSrc(), from)});
          },
          [&](OpBuilder &nested, Location nestedLoc) {
            scf::YieldOp::create(nested, nestedLoc, ValueRange{zero});
          });
      value = ifOp.getResult(0);
    } else {
      value = memref::LoadOp::create(b, loc, copy.getSrc(), from);
    }
    memref::StoreOp::create(b, loc, value, dst, shifted(copy.getDstIndices()));
  }
}

LogicalResult mlir::seg::lowerAsyncCopiesSequentially(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp,
            nvgpu::DeviceAsyncWaitOp>(op) &&
        op->getParentOfType<SegSpaceOpInterface>())
      ops.push_back(op);
  });
  OpBuilder b(root->getContext());
  for (Operation *op : ops)
    if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op)) {
      b.setInsertionPoint(copy);
      emitPlainCopy(b, copy);
    }
  // Tokens flow from copies to groups to waits: users are erased first.
  llvm::SetVector<Operation *> casts;
  for (Operation *op : llvm::reverse(ops)) {
    for (Value result : op->getResults())
      if (!result.use_empty())
        return result.getUses().begin()->getOwner()->emitOpError(
            "uses an asynchronous copy's token, which the sequential "
            "lowering only passes to nvgpu.device_async_create_group "
            "and device_async_wait");
    if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op))
      if (Operation *view =
              copy.getDst().getDefiningOp<memref::MemorySpaceCastOp>())
        casts.insert(view);
    op->erase();
  }
  for (Operation *view : casts)
    if (view->use_empty())
      view->erase();
  return success();
}
