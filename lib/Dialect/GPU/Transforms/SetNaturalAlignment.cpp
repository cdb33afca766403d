//===- SetNaturalAlignment.cpp - Aligned memref accesses in kernels -------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/GPU/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGSETNATURALALIGNMENT
#include "segir/Dialect/GPU/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

/// The size in bytes of a scalar memref element, a power of two (index is
/// 64 bits wide on the GPU); nothing for other element types.
static std::optional<uint64_t> getNaturalAlignment(Type type) {
  if (type.isIndex())
    return 8;
  if (!type.isIntOrFloat())
    return std::nullopt;
  return llvm::PowerOf2Ceil(
      llvm::divideCeil(type.getIntOrFloatBitWidth(), uint64_t(8)));
}

namespace {
struct SetNaturalAlignmentPass
    : public seg::impl::SegSetNaturalAlignmentBase<SetNaturalAlignmentPass> {
  using Base::Base;

  void runOnOperation() override {
    auto setAlignment = [](auto access) {
      if (access.getAlignment())
        return;
      if (std::optional<uint64_t> alignment =
              getNaturalAlignment(access.getMemRefType().getElementType()))
        access.setAlignment(*alignment);
    };
    // Device code only: outlined kernels and device functions, and the
    // bodies of launches that are not outlined yet.
    getOperation().walk([&](Operation *op) {
      if (!isa<gpu::GPUModuleOp, gpu::LaunchOp>(op))
        return WalkResult::advance();
      op->walk([&](Operation *access) {
        if (auto load = dyn_cast<memref::LoadOp>(access))
          setAlignment(load);
        else if (auto store = dyn_cast<memref::StoreOp>(access))
          setAlignment(store);
      });
      return WalkResult::skip();
    });
  }
};
} // namespace
