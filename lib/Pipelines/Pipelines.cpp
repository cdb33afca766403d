//===- Pipelines.cpp - Named SegIR pipelines ----------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Pipelines/Pipelines.h"
#include "segir/Conversion/Passes.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Support/OptionSyntax.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void seg::buildSegToCPUPipeline(OpPassManager &pm,
                                const SegToCPUOptions &options) {
  SegCheckMemorySpacesOptions spaces;
  spaces.pipeline = "seg-to-cpu";
  pm.addPass(createSegCheckMemorySpaces(spaces));
  pm.addPass(createConvertSegToSCF());
  // Linalg ops next to seg ops (a linalg.fill of an output) get loops too.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // Seg bodies are host loops now: workgroup memory in them has no lowering.
  pm.addPass(createSegCheckMemorySpaces(spaces));
  // After the kernel results became stores, so that their writes are
  // checked too; cf.assert reports the op and its location, then aborts,
  // after the indices are printed.
  if (options.check) {
    pm.addPass(createGenerateRuntimeVerificationPass());
    pm.addPass(createSegReportCheckedIndices());
  }
  if (options.canonicalize)
    addCleanupPasses(pm);
  buildCPUToLLVMPipeline(pm);
}

void seg::addCleanupPasses(OpPassManager &pm) {
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
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
  // Vector lowerings (n-D shape casts of warp matrix fragments) build on
  // ub.poison.
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createSegDropTarget());
}

/// Registers a GPU pipeline whose options are its own and, for every other
/// name, convert-seg-to-gpu's.
template <typename Options>
static void registerGPUPipeline(StringRef arg, StringRef description,
                                void (*build)(OpPassManager &,
                                              const Options &)) {
  registerPassPipeline(
      arg, description,
      [build](OpPassManager &pm, StringRef text,
              function_ref<LogicalResult(const Twine &)> errorHandler)
          -> LogicalResult {
        Options options;
        std::string own, forPass;
        for (seg::PassOptionItem item : seg::splitPassOptions(text)) {
          std::string &to = options.isPipelineOption(item.key) ? own : forPass;
          to += (to.empty() ? "" : " ") + item.text.str();
        }
        if (failed(options.parseFromString(own)))
          return failure();
        FailureOr<seg::ConvertSegToGPUOptions> segToGPU =
            seg::parseConvertSegToGPUOptions(forPass, errorHandler);
        if (failed(segToGPU))
          return failure();
        static_cast<seg::ConvertSegToGPUOptions &>(options) = *segToGPU;
        build(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(Options());
      });
}

void seg::registerSegPipelines() {
  PassPipelineRegistration<SegToCPUOptions>(
      "seg-to-cpu",
      "The sequential reference path: seg ops to scf loops, then to the "
      "LLVM dialect, runnable with mlir-runner",
      buildSegToCPUPipeline);
  registerGPUPipeline<SegToNVVMOptions>(
      "seg-to-nvvm",
      "The GPU path: seg ops to gpu kernels, then NVVM and a cubin (or PTX) "
      "for the target chip, with host code in the LLVM dialect; takes every "
      "option of convert-seg-to-gpu too",
      buildSegToNVVMPipeline);
  registerGPUPipeline<SegToEmulatorOptions>(
      "seg-to-emulator",
      "The GPU path on the CPU: GPU kernels to CPU code that runs on the "
      "SegIR kernel emulator, then to the LLVM dialect, runnable with "
      "mlir-runner and the emulator runtime; takes every option of "
      "convert-seg-to-gpu too",
      buildSegToEmulatorPipeline);
  registerLinalgToSegPipeline();
}
