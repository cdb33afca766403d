//===- LoweringPlan.cpp - What convert-seg-to-gpu decides per op ---------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What every plan has.
//
//===----------------------------------------------------------------------===//

#include "LoweringPlan.h"

using namespace mlir;
using namespace mlir::seg;

const KernelPlan &OpPlan::getKernel(KernelRole role) const {
  const KernelPlan *kernel = llvm::find_if(
      kernels, [&](const KernelPlan &plan) { return plan.role == role; });
  assert(kernel != kernels.end() && "the plan has no such kernel");
  return *kernel;
}

bool OpPlan::hasKernel(KernelRole role) const {
  return llvm::any_of(
      kernels, [&](const KernelPlan &plan) { return plan.role == role; });
}

const OpPlan &seg::getOpPlan(const LoweringPlan &plan) {
  return std::visit(
      [](const OpPlan &common) -> const OpPlan & { return common; }, plan);
}
