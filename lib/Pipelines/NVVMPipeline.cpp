//===- NVVMPipeline.cpp - The seg-to-nvvm pipeline ----------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/Passes.h"
#include "segir/Dialect/GPU/Transforms/Passes.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// Upstream's gpu-lower-to-nvvm-pipeline (MLIR 22.1) with its default
/// options, except that each kernel module's #nvvm.target comes from the
/// #seg.target (seg-attach-nvvm-target), which upstream's pipeline cannot
/// take from the module.
static void addNVVMLowering(OpPassManager &pm,
                            const seg::SegToNVVMOptions &options) {
  pm.addPass(createConvertNVGPUToNVVMPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  seg::SegAttachNVVMTargetOptions target;
  target.optLevel = options.optLevel;
  pm.addPass(seg::createSegAttachNVVMTarget(target));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createArithToLLVMConversionPass());
  ConvertIndexToLLVMPassOptions index;
  index.indexBitwidth = 64;
  pm.addPass(createConvertIndexToLLVMPass(index));
  seg::addCleanupPasses(pm);

  ConvertGpuOpsToNVVMOpsOptions kernels;
  kernels.indexBitwidth = 64;
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToNVVMOps(kernels));
  pm.addNestedPass<gpu::GPUModuleOp>(createCanonicalizerPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createCSEPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createReconcileUnrealizedCastsPass());
  // Swizzled TMA boxes and wgmma tiles need 1024-byte aligned shared memory.
  pm.addPass(seg::createSegAlignDynamicSharedMemory());

  pm.addPass(createGpuToLLVMConversionPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createConvertMathToLLVMPass());
  seg::addCleanupPasses(pm);
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(seg::createSegDropTarget());
}

void seg::buildSegToNVVMPipeline(OpPassManager &pm,
                                 const SegToNVVMOptions &options) {
  // Kernels are planned for, and built for, the chip this settles.
  SegSetTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  pm.addPass(createSegSetTarget(target));
  SegCheckMemorySpacesOptions spaces;
  spaces.pipeline = "seg-to-nvvm";
  pm.addPass(createSegCheckMemorySpaces(spaces));
  pm.addPass(createConvertSegToGPU(options));
  if (options.stageHostMemory)
    pm.addPass(createSegStageHostMemory());
  addCleanupPasses(pm);
  // Canonicalisation hoists constants out of gpu.launch; sink them back so
  // that kernels see them as constants (constant register-tile indices
  // keep private arrays in registers) instead of kernel arguments.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  // Outlined here already (the upstream pipeline's outlining then finds
  // nothing to do), so that the kernels can be annotated for ptxas; the
  // kernels keep their launches' register bounds.
  pm.addPass(createSegOutlineKernels());
  // Host code of the examples prints with vector.print, which the upstream
  // pipeline leaves alone. After outlining, so that the kernels' vector
  // loads keep their memref operands (kernel pointer arguments, which the
  // NVPTX backend knows to be global) rather than a captured descriptor.
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createConvertVectorToLLVMPass());
  // Host code converts to and from BF16 with integer arithmetic: LLVM
  // lowers an x86 fptrunc to bfloat to a call of __truncsfbf2, which only
  // newer C runtimes have (GCC 13's libgcc), so that an executable of
  // scripts/gpu-compile.sh would not link. The top-level functions are the
  // host's, now that the kernels are outlined.
  arith::ArithExpandOpsPassOptions expandBF16;
  expandBF16.includeBf16 = true;
  pm.addNestedPass<func::FuncOp>(arith::createArithExpandOpsPass(expandBF16));
  if (options.minBlocksPerSM != 0) {
    SegSetKernelOccupancyOptions occupancy;
    occupancy.minBlocksPerSM = options.minBlocksPerSM;
    pm.addPass(createSegSetKernelOccupancy(occupancy));
  }
  if (options.fpContract)
    pm.addPass(createSegAllowFPContraction());
  // Memref accesses of kernels as aligned as their elements: the kernel
  // module's translation would otherwise split every 64-bit access in two.
  pm.addPass(createSegSetNaturalAlignment());
  // Dynamic shared memory as `.extern .shared`, not a static variable.
  pm.addPass(createSegDeclareDynamicSharedMemory());
  // Upstream's nvgpu-to-nvvm lowering has no BF16 mma.sync.
  pm.addPass(createSegLowerBF16MmaSync());
  // Kernels outlined above take TMA tensor maps as arguments, which the
  // NVVM lowering passes as pointers.
  pm.addPass(createSegLowerTensorMapArguments());

  addNVVMLowering(pm, options);
}
