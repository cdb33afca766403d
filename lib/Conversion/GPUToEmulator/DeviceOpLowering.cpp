//===- DeviceOpLowering.cpp - Device ops as runtime calls -----------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DeviceOpLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::seg::emulator;

LogicalResult DeviceOpLowering::run() {
  SmallVector<Operation *> ops;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (selects(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    if (failed(lower(op)))
      return failure();
  }
  if (failed(finish(ops)))
    return failure();
  // Users first: a lowered op may still use the results of an earlier one.
  for (Operation *op : llvm::reverse(ops))
    op->erase();
  return success();
}

Value DeviceOpLowering::site(Operation *op) {
  return runtime.string(
      rewriter, op->getLoc(),
      (op->getName().getStringRef() + " at " + describeLocation(op->getLoc()))
          .str(),
      /*distinct=*/true);
}

Value DeviceOpLowering::call(Location loc, StringRef name, TypeRange results,
                             ValueRange args) {
  func::CallOp op = runtime.call(
      rewriter, loc, name,
      rewriter.getFunctionType(ValueRange(args).getTypes(), results), args);
  return results.empty() ? Value() : op.getResult(0);
}

Value DeviceOpLowering::i32Constant(Location loc, int64_t value) {
  return arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(),
                                      value);
}

Value DeviceOpLowering::i64Constant(Location loc, int64_t value) {
  return arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                      value);
}

Value DeviceOpLowering::genericPointer(Location loc, Value pointer) {
  Type type = pointerType(func.getContext());
  if (pointer.getType() == type)
    return pointer;
  return LLVM::AddrSpaceCastOp::create(rewriter, loc, type, pointer);
}

void DeviceOpLowering::guarded(Location loc, Value predicate,
                               function_ref<void()> body) {
  if (!predicate) {
    body();
    return;
  }
  auto ifOp = scf::IfOp::create(rewriter, loc, predicate);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  body();
}
