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
#include "DeviceOpLowering.h"
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
class AsyncCopyLowering : public DeviceOpLowering {
public:
  using DeviceOpLowering::DeviceOpLowering;

private:
  bool selects(Operation *op) const override { return isAsyncCopyOp(op); }
  LogicalResult lower(Operation *op) override;
  LogicalResult finish(ArrayRef<Operation *> ops) override;
};
} // namespace

LogicalResult AsyncCopyLowering::lower(Operation *op) {
  Location loc = op->getLoc();
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](nvgpu::DeviceAsyncCopyOp o) -> LogicalResult {
        auto dstType = cast<MemRefType>(o.getDst().getType());
        int64_t elementBytes = dstType.getElementTypeBitWidth() / 8;
        int64_t bytes = o.getDstElements().getZExtValue() * elementBytes;
        bool bypassL1 = o.getBypassL1().has_value();
        Value dst =
            elementAddress(rewriter, loc, o.getDst(), o.getDstIndices());
        Value src =
            elementAddress(rewriter, loc, o.getSrc(), o.getSrcIndices());
        Value size = i32Constant(loc, bytes), srcBytes = size;
        if (Value elements = o.getSrcElements())
          srcBytes = arith::IndexCastOp::create(
              rewriter, loc, rewriter.getI32Type(),
              arith::MulIOp::create(
                  rewriter, loc, elements,
                  arith::ConstantIndexOp::create(rewriter, loc, elementBytes)));
        call(loc, "segEmuAsyncCopy", {},
             {dst, src, size, srcBytes, i32Constant(loc, bypassL1), site(op)});
        return success();
      })
      .Case([&](NVVM::CpAsyncOp o) -> LogicalResult {
        int64_t bytes = o.getSize();
        bool bypassL1 = o.getModifier() == NVVM::LoadCacheModifierKind::CG;
        Value size = i32Constant(loc, bytes);
        Value srcBytes = o.getCpSize() ? o.getCpSize() : size;
        call(loc, "segEmuAsyncCopy", {},
             {genericPointer(loc, o.getDst()), genericPointer(loc, o.getSrc()),
              size, srcBytes, i32Constant(loc, bypassL1), site(op)});
        return success();
      })
      .Case<nvgpu::DeviceAsyncCreateGroupOp, NVVM::CpAsyncCommitGroupOp>(
          [&](Operation *) {
            call(loc, "segEmuAsyncCommitGroup", {}, {site(op)});
            return success();
          })
      .Case([&](nvgpu::DeviceAsyncWaitOp o) {
        call(loc, "segEmuAsyncWaitGroup", {},
             {i32Constant(loc, o.getNumGroups().value_or(0)), site(op)});
        return success();
      })
      .Case([&](NVVM::CpAsyncWaitGroupOp o) {
        call(loc, "segEmuAsyncWaitGroup", {},
             {i32Constant(loc, o.getN()), site(op)});
        return success();
      })
      .Default([](Operation *) -> LogicalResult {
        llvm_unreachable("not an asynchronous copy");
      });
}

LogicalResult AsyncCopyLowering::finish(ArrayRef<Operation *> ops) {
  for (BlockArgument argument : func.getArguments())
    if (isa<nvgpu::DeviceAsyncTokenType>(argument.getType()))
      return emitError(func.getLoc(), "device function @")
             << func.getName() << " takes a " << argument.getType()
             << " argument, which the SegIR emulator does not pass";
  // A token says nothing the runtime's per-thread groups do not know: it
  // becomes an i32 everywhere, loops and branches that carry it included.
  Type i32 = rewriter.getI32Type();
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
      rewriter.setInsertionPoint(op);
      op->getResult(0).replaceAllUsesWith(i32Constant(op->getLoc(), 0));
    }
  }
  return success();
}

LogicalResult mlir::seg::emulator::lowerAsyncCopyOps(func::FuncOp func,
                                                     RuntimeCalls &runtime) {
  return AsyncCopyLowering(func, runtime).run();
}
