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

/// Options of the `seg-to-nvvm` pipeline.
struct SegToNVVMOptions : public PassPipelineOptions<SegToNVVMOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("GPU architecture of the binary"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features (sm_90 needs +ptx80 or later)"),
      llvm::cl::init("+ptx80")};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What the gpu.binary holds: bin (cubin, through "
                     "ptxas), isa (PTX text) or fatbin"),
      llvm::cl::init("bin")};
  PassOptions::Option<int> optLevel{*this, "opt-level",
                                    llvm::cl::desc("LLVM optimisation level"),
                                    llvm::cl::init(3)};
  PassOptions::Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block for ops that give none"),
      llvm::cl::init(256)};
  PassOptions::Option<std::string> strategy{
      *this, "strategy",
      llvm::cl::desc("Segmented reduction strategy: auto, sequential, small "
                     "or large"),
      llvm::cl::init("auto")};
};

/// The GPU path: seg ops to kernels (convert-seg-to-gpu), then upstream's
/// NVVM lowering to a gpu.binary for the chosen chip, and host code in the
/// LLVM dialect.
void buildSegToNVVMPipeline(OpPassManager &pm, const SegToNVVMOptions &options);

/// Registers the named pipelines with the global registry.
void registerSegPipelines();

} // namespace seg
} // namespace mlir

#endif // SEGIR_PIPELINES_PIPELINES_H
