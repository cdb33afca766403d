//===- AsyncCopyLowering.cpp - cp.async on the emulator -------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A copy passes the addresses of its first source and destination elements
// and its sizes in bytes (which upstream's verifiers keep to PTX's 4, 8 and
// 16, .cg to 16); groups are the runtime's, per thread
// (lib/Runtime/Emulator/AsyncCopy.cpp), which is also where the copies'
// asynchrony is modelled. As on the GPU (and in upstream's
// convert-nvgpu-to-nvvm), nvgpu.device_async_create_group closes the
// thread's open group whatever its tokens, and device_async_wait waits for
// all but `numGroups` (default 0) groups; tokens become i32 zeros, also
// where loops carry them.
//
//===----------------------------------------------------------------------===//

#include "AsyncCopyLowering.h"
#include "MemoryModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::seg::emulator;

bool mlir::seg::emulator::isAsyncCopyOp(Operation *op) {
  return isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp,
             nvgpu::DeviceAsyncWaitOp, NVVM::CpAsyncOp,
             NVVM::CpAsyncCommitGroupOp, NVVM::CpAsyncWaitGroupOp>(op);
}

namespace {
/// Rewrites the asynchronous copies of one device function.
class AsyncCopyLowering {
public:
  AsyncCopyLowering(func::FuncOp func, RuntimeCalls &runtime)
      : func(func), runtime(runtime), builder(func.getContext()) {}

  LogicalResult run();

private:
  LogicalResult lower(Operation *op);
  void call(Location loc, StringRef name, ValueRange args);
  Value site(Operation *op);
  Value i32Value(Location loc, int64_t value) {
    return arith::ConstantIntOp::create(builder, loc, builder.getI32Type(),
                                        value);
  }
  /// `pointer` in the default address space.
  Value genericPointer(Location loc, Value pointer);

  func::FuncOp func;
  RuntimeCalls &runtime;
  OpBuilder builder;
};
} // namespace

void AsyncCopyLowering::call(Location loc, StringRef name, ValueRange args) {
  runtime.call(builder, loc, name,
               builder.getFunctionType(ValueRange(args).getTypes(), {}), args);
}

Value AsyncCopyLowering::site(Operation *op) {
  return runtime.string(
      builder, op->getLoc(),
      (op->getName().getStringRef() + " at " + describeLocation(op->getLoc()))
          .str(),
      /*distinct=*/true);
}

Value AsyncCopyLowering::genericPointer(Location loc, Value pointer) {
  auto type = pointerType(func.getContext());
  if (pointer.getType() == type)
    return pointer;
  return LLVM::AddrSpaceCastOp::create(builder, loc, type, pointer);
}

LogicalResult AsyncCopyLowering::lower(Operation *op) {
  builder.setInsertionPoint(op);
  Location loc = op->getLoc();
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](nvgpu::DeviceAsyncCopyOp o) -> LogicalResult {
        auto dstType = cast<MemRefType>(o.getDst().getType());
        int64_t elementBytes = dstType.getElementTypeBitWidth() / 8;
        int64_t bytes = o.getDstElements().getZExtValue() * elementBytes;
        bool bypassL1 = o.getBypassL1().has_value();
        Value dst = elementAddress(builder, loc, o.getDst(), o.getDstIndices());
        Value src = elementAddress(builder, loc, o.getSrc(), o.getSrcIndices());
        Value size = i32Value(loc, bytes), srcBytes = size;
        if (Value elements = o.getSrcElements())
          srcBytes = arith::IndexCastOp::create(
              builder, loc, builder.getI32Type(),
              arith::MulIOp::create(
                  builder, loc, elements,
                  arith::ConstantIndexOp::create(builder, loc, elementBytes)));
        call(loc, "segEmuAsyncCopy",
             {dst, src, size, srcBytes, i32Value(loc, bypassL1), site(op)});
        return success();
      })
      .Case([&](NVVM::CpAsyncOp o) -> LogicalResult {
        int64_t bytes = o.getSize();
        bool bypassL1 = o.getModifier() == NVVM::LoadCacheModifierKind::CG;
        Value size = i32Value(loc, bytes);
        Value srcBytes = o.getCpSize() ? o.getCpSize() : size;
        call(loc, "segEmuAsyncCopy",
             {genericPointer(loc, o.getDst()), genericPointer(loc, o.getSrc()),
              size, srcBytes, i32Value(loc, bypassL1), site(op)});
        return success();
      })
      .Case<nvgpu::DeviceAsyncCreateGroupOp, NVVM::CpAsyncCommitGroupOp>(
          [&](Operation *) {
            call(loc, "segEmuAsyncCommitGroup", {site(op)});
            return success();
          })
      .Case([&](nvgpu::DeviceAsyncWaitOp o) {
        call(loc, "segEmuAsyncWaitGroup",
             {i32Value(loc, o.getNumGroups().value_or(0)), site(op)});
        return success();
      })
      .Case([&](NVVM::CpAsyncWaitGroupOp o) {
        call(loc, "segEmuAsyncWaitGroup", {i32Value(loc, o.getN()), site(op)});
        return success();
      })
      .Default([](Operation *) -> LogicalResult {
        llvm_unreachable("not an asynchronous copy");
      });
}

LogicalResult AsyncCopyLowering::run() {
  SmallVector<Operation *> ops;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isAsyncCopyOp(op))
      ops.push_back(op);
  });
  for (BlockArgument argument : func.getArguments())
    if (isa<nvgpu::DeviceAsyncTokenType>(argument.getType()))
      return emitError(func.getLoc(), "device function @")
             << func.getName() << " takes a " << argument.getType()
             << " argument, which the SegIR emulator does not pass";
  for (Operation *op : ops)
    if (failed(lower(op)))
      return failure();
  // A token says nothing the runtime's per-thread groups do not know: it
  // becomes an i32 everywhere, loops and branches that carry it included.
  Type i32 = builder.getI32Type();
  auto retype = [&](Value value) {
    if (isa<nvgpu::DeviceAsyncTokenType>(value.getType()))
      value.setType(i32);
  };
  func.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        llvm::for_each(block.getArguments(), retype);
    llvm::for_each(op->getResults(), retype);
  });
  for (Operation *op : ops) {
    if (op->getNumResults()) {
      builder.setInsertionPoint(op);
      op->getResult(0).replaceAllUsesWith(i32Value(op->getLoc(), 0));
    }
    op->erase();
  }
  return success();
}

LogicalResult mlir::seg::emulator::lowerAsyncCopyOps(func::FuncOp func,
                                                     RuntimeCalls &runtime) {
  return AsyncCopyLowering(func, runtime).run();
}
