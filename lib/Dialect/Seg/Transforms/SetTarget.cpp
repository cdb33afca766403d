//===- SetTarget.cpp - Settle the module's target -------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/IR/SegAttrs.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Target/Chips.h"
#include "segir/Target/NVPTX.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGSETTARGET
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

namespace {
struct SetTargetPass : public seg::impl::SegSetTargetBase<SetTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(settleTarget()))
      signalPassFailure();
  }

  LogicalResult settleTarget() {
    ModuleOp module = getOperation();
    StringRef name = SegDialect::getTargetAttrName();
    StringRef chipOption = chip, featuresOption = features;
    std::string error;
    FailureOr<int64_t> ptxVersion = parsePTXFeatures(featuresOption, error);
    if (failed(ptxVersion))
      return module.emitError() << error;
    auto target = module->getAttrOfType<seg::TargetAttr>(name);
    if (target) {
      if (!chipOption.empty() && chipOption != target.getChip())
        return module.emitError()
               << "the chip option '" << chipOption
               << "' conflicts with the module's #seg.target chip '"
               << target.getChip() << "'";
      if (*ptxVersion && *ptxVersion != target.getPtxVersion())
        return module.emitError()
               << "the features option '" << featuresOption
               << "' conflicts with the module's #seg.target ptx_version = "
               << target.getPtxVersion();
    } else if (!chipOption.empty() || *ptxVersion) {
      StringRef chipName = chipOption.empty()
                               ? StringRef(getDefaultChipPreset().chip)
                               : chipOption;
      // An unsupported chip is named as such before its missing preset.
      if (failed(checkNVPTXTarget(chipName, /*ptxVersion=*/0, error)))
        return module.emitError() << error;
      target = seg::TargetAttr::getPreset(&getContext(), chipName);
      if (!target)
        return module.emitError()
               << "chip '" << chipName
               << "' has no preset (known: " << listChipPresets()
               << "); give the module a #seg.target with every resource "
                  "limit";
      if (*ptxVersion)
        target = target.withPtxVersion(*ptxVersion);
      module->setAttr(name, target);
    } else {
      target = seg::TargetAttr::getDefault(&getContext());
    }
    if (failed(
            checkNVPTXTarget(target.getChip(), target.getPtxVersion(), error)))
      return module.emitError() << error;
    return success();
  }
};
} // namespace
