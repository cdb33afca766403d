//===- AttachNVVMTarget.cpp - #nvvm.target from #seg.target ---------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/IR/SegAttrs.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Target/NVPTX.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGATTACHNVVMTARGET
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

namespace {
struct AttachNVVMTargetPass
    : public seg::impl::SegAttachNVVMTargetBase<AttachNVVMTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    for (auto module : getOperation().getOps<gpu::GPUModuleOp>()) {
      seg::TargetAttr target = seg::TargetAttr::lookup(module);
      std::string error;
      if (failed(checkNVPTXTarget(target.getChip(), target.getPtxVersion(),
                                  error))) {
        module.emitError() << error;
        return signalPassFailure();
      }
      auto nvvmTarget =
          NVVM::NVVMTargetAttr::get(context, optLevel, triple, target.getChip(),
                                    getPTXFeatures(target.getPtxVersion()));
      // As nvvm-attach-target: after the targets the module has, once.
      SmallVector<Attribute> targets;
      if (std::optional<ArrayAttr> attrs = module.getTargets())
        llvm::append_range(targets, attrs->getValue());
      if (!llvm::is_contained(targets, nvvmTarget))
        targets.push_back(nvvmTarget);
      module.setTargetsAttr(ArrayAttr::get(context, targets));
    }
  }
};
} // namespace
