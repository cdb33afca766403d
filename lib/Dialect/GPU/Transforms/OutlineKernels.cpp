//===- OutlineKernels.cpp - Kernel outlining that keeps NVVM attributes ---===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/GPU/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGOUTLINEKERNELS
#include "segir/Dialect/GPU/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

namespace {
struct OutlineKernelsPass
    : public seg::impl::SegOutlineKernelsBase<OutlineKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    StringRef prefix = NVVM::NVVMDialect::getDialectNamespace();
    // The launches' NVVM attributes by the kernel name they give; nullopt
    // where two launches give the same name.
    llvm::StringMap<std::optional<SmallVector<NamedAttribute>>> kept;
    module.walk([&](gpu::LaunchOp launch) {
      std::optional<StringRef> name = launch.getFunction();
      if (!name)
        return;
      SmallVector<NamedAttribute> attrs;
      for (NamedAttribute attr : launch->getDiscardableAttrs())
        if (attr.getName().strref().starts_with((prefix + ".").str()))
          attrs.push_back(attr);
      auto [it, inserted] = kept.try_emplace(*name, attrs);
      if (!inserted)
        it->second = std::nullopt;
    });
    OpPassManager outlining(ModuleOp::getOperationName());
    outlining.addPass(createGpuKernelOutliningPass());
    if (failed(runPipeline(outlining, module)))
      return signalPassFailure();
    module.walk([&](gpu::GPUFuncOp func) {
      auto it = kept.find(func.getName());
      if (!func.isKernel() || it == kept.end() || !it->second)
        return;
      for (NamedAttribute attr : *it->second)
        func->setAttr(attr.getName(), attr.getValue());
    });
  }
};
} // namespace
