//===- Passes.h - SegIR passes on the gpu dialect ---------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Declarations, create functions and registration of the passes in
// Passes.td: seg-stage-host-memory, seg-allow-fp-contraction,
// seg-set-kernel-occupancy, seg-lower-bf16-mma-sync,
// seg-lower-tensor-map-arguments, seg-declare-dynamic-shared-memory and
// seg-align-dynamic-shared-memory.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_GPU_TRANSFORMS_PASSES_H
#define SEGIR_DIALECT_GPU_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::seg {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "segir/Dialect/GPU/Transforms/Passes.h.inc"

} // namespace mlir::seg

#endif // SEGIR_DIALECT_GPU_TRANSFORMS_PASSES_H
