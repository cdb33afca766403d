//===- SegToGPU.h - Lowering of seg ops to GPU kernels ----------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_CONVERSION_SEGTOGPU_SEGTOGPU_H
#define SEGIR_CONVERSION_SEGTOGPU_SEGTOGPU_H

#include "segir/Conversion/SegToGPU/Strategy.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace seg {

#define GEN_PASS_DECL_CONVERTSEGTOGPU
#include "segir/Conversion/Passes.h.inc"

/// convert-seg-to-gpu's options from `text`, written as on the command line
/// (`block-size=128 strategy=large`), parsed by the pass itself; reports
/// what it cannot parse through `errorHandler`.
FailureOr<ConvertSegToGPUOptions> parseConvertSegToGPUOptions(
    StringRef text, function_ref<LogicalResult(const Twine &)> errorHandler);

} // namespace seg
} // namespace mlir

#endif // SEGIR_CONVERSION_SEGTOGPU_SEGTOGPU_H
