//===- AllowFPContraction.cpp - Fused multiply-add in kernels ------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/GPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGALLOWFPCONTRACTION
#include "segir/Dialect/GPU/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

namespace {
struct AllowFPContractionPass
    : public seg::impl::SegAllowFPContractionBase<AllowFPContractionPass> {
  using Base::Base;

  void runOnOperation() override {
    auto allowContraction = [](arith::ArithFastMathInterface op) {
      arith::FastMathFlags flags = arith::FastMathFlags::none;
      if (arith::FastMathFlagsAttr current = op.getFastMathFlagsAttr())
        flags = current.getValue();
      if (bitEnumContainsAll(flags, arith::FastMathFlags::contract))
        return;
      op->setAttr(
          op.getFastMathAttrName(),
          arith::FastMathFlagsAttr::get(
              op->getContext(), flags | arith::FastMathFlags::contract));
    };
    // Device code only: outlined kernels and device functions, and the
    // bodies of launches that are not outlined yet.
    getOperation().walk([&](Operation *op) {
      if (!isa<gpu::GPUModuleOp, gpu::LaunchOp>(op))
        return WalkResult::advance();
      op->walk(allowContraction);
      return WalkResult::skip();
    });
  }
};
} // namespace
