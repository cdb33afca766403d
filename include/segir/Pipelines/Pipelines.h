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

/// Registers the named pipelines with the global registry.
void registerSegPipelines();

} // namespace seg
} // namespace mlir

#endif // SEGIR_PIPELINES_PIPELINES_H
