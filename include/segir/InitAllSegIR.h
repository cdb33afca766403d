//===- InitAllSegIR.h - Register SegIR in a tool ----------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What a tool that embeds SegIR registers, as mlir/InitAllDialects.h and
// mlir/InitAllPasses.h do for upstream MLIR: the seg dialect with its
// transform-dialect ops, and every
// SegIR pass and named pipeline (seg-opt, the plugin and compilers of their
// own call these).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_INITALLSEGIR_H
#define SEGIR_INITALLSEGIR_H

#include "segir/Conversion/Passes.h"
#include "segir/Dialect/GPU/Transforms/Passes.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"
#include "segir/Dialect/Seg/TransformOps/SegTransformOps.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

namespace mlir {
namespace seg {

/// Adds the seg dialect and its transform-dialect ops (transform.seg.*) to
/// `registry`.
inline void registerSegIRDialects(DialectRegistry &registry) {
  registry.insert<SegDialect>();
  registerTransformDialectExtension(registry);
}

/// Adds what the context of a tool that runs SegIR's pipelines needs:
/// upstream's dialects and extensions, the LLVM IR translations (the GPU
/// pipelines translate kernels to LLVM IR for NVVM) and the seg dialect.
inline void registerAllDialectsWithSegIR(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerSegIRDialects(registry);
}

/// Registers SegIR's passes (conversions, seg and GPU transforms) and its
/// named pipelines with the global pass registry.
inline void registerAllSegIRPasses() {
  registerSegConversionPasses();
  registerSegTransformsPasses();
  registerSegGPUTransformsPasses();
  registerSegPipelines();
}

} // namespace seg
} // namespace mlir

#endif // SEGIR_INITALLSEGIR_H
