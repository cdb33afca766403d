//===- SegDialect.h - The seg dialect ---------------------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_IR_SEGDIALECT_H
#define SEGIR_DIALECT_SEG_IR_SEGDIALECT_H

#include "mlir/IR/Dialect.h"

#include "segir/Dialect/Seg/IR/SegOpsDialect.h.inc"

#endif // SEGIR_DIALECT_SEG_IR_SEGDIALECT_H
