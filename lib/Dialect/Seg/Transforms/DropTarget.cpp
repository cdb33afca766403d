//===- DropTarget.cpp - Remove #seg.target after lowering -----------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/IR/SegDialect.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGDROPTARGET
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

namespace {
struct DropTargetPass : public seg::impl::SegDropTargetBase<DropTargetPass> {
  void runOnOperation() override {
    StringRef name = seg::SegDialect::getTargetAttrName();
    getOperation()->walk([&](Operation *op) { op->removeAttr(name); });
  }
};
} // namespace
