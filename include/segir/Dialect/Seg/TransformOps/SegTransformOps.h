//===- SegTransformOps.h - Transform dialect ops for SegIR ------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_TRANSFORMOPS_SEGTRANSFORMOPS_H
#define SEGIR_DIALECT_SEG_TRANSFORMOPS_SEGTRANSFORMOPS_H

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpImplementation.h"

#define GET_OP_CLASSES
#include "segir/Dialect/Seg/TransformOps/SegTransformOps.h.inc"

namespace mlir {
class DialectRegistry;
namespace seg {

/// Registers the transform.seg.* ops with the transform dialect.
void registerTransformDialectExtension(DialectRegistry &registry);

} // namespace seg
} // namespace mlir

#endif // SEGIR_DIALECT_SEG_TRANSFORMOPS_SEGTRANSFORMOPS_H
