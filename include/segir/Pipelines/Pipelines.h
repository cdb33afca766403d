//===- Pipelines.h - Named SegIR pipelines ----------------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_PIPELINES_PIPELINES_H
#define SEGIR_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace seg {

/// Options of the `seg-to-cpu` pipeline.
struct SegToCPUOptions : public PassPipelineOptions<SegToCPUOptions> {
  PassOptions::Option<bool> canonicalize{
      *this, "canonicalize",
      llvm::cl::desc("Canonicalize and CSE after the reference lowering"),
      llvm::cl::init(true)};
};

/// The reference path: seg ops to sequential loops, then to the LLVM
/// dialect, runnable with mlir-runner.
void buildSegToCPUPipeline(OpPassManager &pm, const SegToCPUOptions &options);

/// Lowers scf, cf, memref, vector, math, arith, index and func to the LLVM
/// dialect for the host CPU: the tail that every CPU path shares.
void buildCPUToLLVMPipeline(OpPassManager &pm);

/// Options of the `seg-to-emulator` pipeline.
struct SegToEmulatorOptions : public PassPipelineOptions<SegToEmulatorOptions> {
  PassOptions::Option<bool> check{
      *this, "check",
      llvm::cl::desc("Check every memref access in kernels at run time and "
                     "report out-of-bounds accesses"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> canonicalize{
      *this, "canonicalize",
      llvm::cl::desc("Canonicalize and CSE after the kernels are lowered"),
      llvm::cl::init(true)};
};

/// GPU kernels (gpu.launch, or outlined gpu.module and gpu.launch_func) to
/// CPU code calling the emulator runtime, then to the LLVM dialect.
void buildGPUToEmulatorPipeline(OpPassManager &pm,
                                const SegToEmulatorOptions &options);

/// The `seg-to-emulator` pipeline: the GPU path, every kernel running on the
/// CPU kernel emulator; run the result with mlir-runner and
/// libsegir_emulator_runtime.so.
void buildSegToEmulatorPipeline(OpPassManager &pm,
                                const SegToEmulatorOptions &options);

/// Registers the named pipelines with the global registry.
void registerSegPipelines();

} // namespace seg
} // namespace mlir

#endif // SEGIR_PIPELINES_PIPELINES_H
