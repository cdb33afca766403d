//===- seg-opt.cpp - SegIR optimizer driver -----------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with every upstream dialect, pass and extension, plus SegIR's.
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/Passes.h"
#include "segir/Dialect/GPU/Transforms/Passes.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::seg::registerSegConversionPasses();
  mlir::seg::registerSegTransformsPasses();
  mlir::seg::registerSegGPUTransformsPasses();
  mlir::seg::registerSegPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR for the NVVM target.
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::seg::SegDialect>();

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "SegIR optimizer driver\n", registry));
}
