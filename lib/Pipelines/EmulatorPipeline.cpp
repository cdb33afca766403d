//===- EmulatorPipeline.cpp - The seg-to-emulator pipeline ---------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/Passes.h"
#include "segir/Dialect/GPU/Transforms/Passes.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Pipelines/Pipelines.h"

#include "mlir/Conversion/AsyncToLLVM/AsyncToLLVM.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void seg::buildGPUToEmulatorPipeline(OpPassManager &pm,
                                     const SegToEmulatorOptions &options) {
  SegCheckMemorySpacesOptions spaces;
  spaces.pipeline = "seg-to-emulator";
  pm.addPass(createSegCheckMemorySpaces(spaces));
  pm.addPass(createGpuKernelOutliningPass());
  if (options.fpContract)
    pm.addPass(createSegAllowFPContraction());
  ConvertGPUToSegEmulatorOptions emulator;
  emulator.check = options.check;
  pm.addPass(createConvertGPUToSegEmulator(emulator));
  if (options.canonicalize)
    addCleanupPasses(pm);
  // async.execute bodies run on upstream's async runtime
  // (libmlir_async_runtime), whose threads call the emulator's.
  pm.addPass(createAsyncFuncToAsyncRuntimePass());
  pm.addPass(createAsyncToAsyncRuntimePass());
  pm.addPass(createAsyncRuntimeRefCountingPass());
  pm.addPass(createAsyncRuntimeRefCountingOptPass());
  pm.addPass(createConvertAsyncToLLVMPass());
  buildCPUToLLVMPipeline(pm);
}

void seg::buildSegToEmulatorPipeline(OpPassManager &pm,
                                     const SegToEmulatorOptions &options) {
  SegCheckMemorySpacesOptions spaces;
  spaces.pipeline = "seg-to-emulator";
  pm.addPass(createSegCheckMemorySpaces(spaces));
  pm.addPass(createConvertSegToGPU(options));
  buildGPUToEmulatorPipeline(pm, options);
}
