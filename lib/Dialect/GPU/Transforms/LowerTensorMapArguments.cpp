//===- LowerTensorMapArguments.cpp - Tensor maps as kernel pointers -------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/GPU/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGLOWERTENSORMAPARGUMENTS
#include "segir/Dialect/GPU/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

namespace {

bool isTensorMap(Type type) {
  return isa<nvgpu::TensorMapDescriptorType>(type);
}

/// Gives the tensor-map arguments of `kernel` the type `pointer`; its body
/// sees them as tensor maps again through casts at its entry.
void lowerKernelArguments(gpu::GPUFuncOp kernel, Type pointer) {
  Block &entry = kernel.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  SmallVector<Type> inputs(kernel.getArgumentTypes());
  for (BlockArgument argument : entry.getArguments()) {
    Type tensorMap = argument.getType();
    if (!isTensorMap(tensorMap))
      continue;
    argument.setType(pointer);
    auto cast = UnrealizedConversionCastOp::create(builder, argument.getLoc(),
                                                   tensorMap, argument);
    argument.replaceAllUsesExcept(cast.getResult(0), cast);
    inputs[argument.getArgNumber()] = pointer;
  }
  kernel.setFunctionType(
      FunctionType::get(kernel.getContext(), inputs, kernel.getResultTypes()));
}

/// Casts the tensor-map operands of `launch` to `pointer`.
void lowerLaunchOperands(gpu::LaunchFuncOp launch, Type pointer) {
  OpBuilder builder(launch);
  for (OpOperand &operand : launch.getKernelOperandsMutable()) {
    Value tensorMap = operand.get();
    if (isTensorMap(tensorMap.getType()))
      operand.set(UnrealizedConversionCastOp::create(builder, launch.getLoc(),
                                                     pointer, tensorMap)
                      .getResult(0));
  }
}

struct LowerTensorMapArgumentsPass
    : public seg::impl::SegLowerTensorMapArgumentsBase<
          LowerTensorMapArgumentsPass> {
  using Base::Base;

  void runOnOperation() override {
    Type pointer = LLVM::LLVMPointerType::get(&getContext());
    getOperation().walk([&](Operation *op) {
      if (auto kernel = dyn_cast<gpu::GPUFuncOp>(op)) {
        if (kernel.isKernel() &&
            llvm::any_of(kernel.getArgumentTypes(), isTensorMap))
          lowerKernelArguments(kernel, pointer);
      } else if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
        lowerLaunchOperands(launch, pointer);
      }
    });
  }
};

} // namespace
