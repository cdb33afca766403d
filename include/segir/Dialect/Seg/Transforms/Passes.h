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

#define GEN_PASS_DECL
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"

} // namespace seg
} // namespace mlir

#endif // SEGIR_DIALECT_SEG_TRANSFORMS_PASSES_H
