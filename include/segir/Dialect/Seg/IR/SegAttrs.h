//===- SegAttrs.h - seg dialect attributes ----------------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_IR_SEGATTRS_H
#define SEGIR_DIALECT_SEG_IR_SEGATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "segir/Dialect/Seg/IR/SegEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "segir/Dialect/Seg/IR/SegAttrs.h.inc"

#endif // SEGIR_DIALECT_SEG_IR_SEGATTRS_H
