//===- Pipelines.cpp - Named SegIR pipelines ----------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Pipelines/Pipelines.h"
#include "segir/Conversion/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void seg::addSegToGPUPass(OpPassManager &pm, int64_t blockSize,
                          StringRef strategy, int64_t maxBlocks,
                          StringRef scanStrategy, int64_t loadsInFlight) {
  ConvertSegToGPUOptions options;
  options.blockSize = blockSize;
  options.strategy = strategy.str();
  options.maxBlocks = maxBlocks;
  options.scanStrategy = scanStrategy.str();
  options.loadsInFlight = loadsInFlight;
  pm.addPass(createConvertSegToGPU(options));
}

void seg::buildSegToCPUPipeline(OpPassManager &pm,
                                const SegToCPUOptions &options) {
  pm.addPass(createConvertSegToSCF());
  if (options.canonicalize) {
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
  buildCPUToLLVMPipeline(pm);
}

void seg::buildCPUToLLVMPipeline(OpPassManager &pm) {
  // Strided metadata expansion creates affine.apply: lower affine after.
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // Unrolls what has no direct LLVM lowering (n-D vector.print, transfers).
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void seg::registerSegPipelines() {
  PassPipelineRegistration<SegToCPUOptions>(
      "seg-to-cpu",
      "The sequential reference path: seg ops to scf loops, then to the "
      "LLVM dialect, runnable with mlir-runner",
      buildSegToCPUPipeline);
  PassPipelineRegistration<SegToNVVMOptions>(
      "seg-to-nvvm",
      "The GPU path: seg ops to gpu kernels, then NVVM and a cubin (or PTX) "
      "for the target chip, with host code in the LLVM dialect",
      buildSegToNVVMPipeline);
  PassPipelineRegistration<SegToEmulatorOptions>(
      "seg-to-emulator",
      "The GPU path on the CPU: GPU kernels to CPU code that runs on the "
      "SegIR kernel emulator, then to the LLVM dialect, runnable with "
      "mlir-runner and the emulator runtime",
      buildSegToEmulatorPipeline);
  registerLinalgToSegPipeline();
}
