//===- Passes.h - seg dialect transformations -------------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_TRANSFORMS_PASSES_H
#define SEGIR_DIALECT_SEG_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include <string>

namespace mlir {
namespace seg {

/// The tensor-core mode of seg-tile-block-register: which rounding of the
/// inputs the user accepts (as cuBLAS's math mode).
enum class TileMma { None, TF32, BF16, F16 };

/// The tensor-core instruction of seg-tile-block-register: `Auto` lets the
/// pass choose from the target and the nest.
enum class MmaInstruction { Auto, MmaSync, Wgmma };

#define GEN_PASS_DECL
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"

} // namespace seg
} // namespace mlir

#endif // SEGIR_DIALECT_SEG_TRANSFORMS_PASSES_H
