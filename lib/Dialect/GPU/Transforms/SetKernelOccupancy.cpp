//===- SetKernelOccupancy.cpp - Minimum resident blocks per kernel -------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/GPU/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGSETKERNELOCCUPANCY
#include "segir/Dialect/GPU/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

namespace {
struct SetKernelOccupancyPass
    : public seg::impl::SegSetKernelOccupancyBase<SetKernelOccupancyPass> {
  using Base::Base;

  void runOnOperation() override {
    if (minBlocksPerSM < 1 || minBlocksPerSM > INT32_MAX) {
      getOperation().emitError("seg-set-kernel-occupancy: min-blocks-per-sm "
                               "must be a positive 32-bit number, got ")
          << static_cast<int64_t>(minBlocksPerSM);
      return signalPassFailure();
    }
    StringRef name = NVVM::NVVMDialect::getMinctasmAttrName();
    auto value =
        IntegerAttr::get(IntegerType::get(&getContext(), 32), minBlocksPerSM);
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (func.isKernel() && !func->hasAttr(name))
        func->setAttr(name, value);
    });
  }
};
} // namespace
