//===- SegOps.h - seg dialect operations ------------------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_IR_SEGOPS_H
#define SEGIR_DIALECT_SEG_IR_SEGOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "segir/Dialect/Seg/IR/SegAttrs.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"

namespace mlir {
namespace seg {
class ResultsOp;
class MapOp;
class RedOp;
class ScanOp;
} // namespace seg
} // namespace mlir

#include "segir/Dialect/Seg/IR/SegInterfaces.h.inc"

#define GET_OP_CLASSES
#include "segir/Dialect/Seg/IR/SegOps.h.inc"

namespace mlir {
namespace seg {
/// The closest enclosing space op of `op`, or null.
SegSpaceOpInterface getEnclosingSpaceOp(Operation *op);
/// The number of points of a space of static sizes `sizes`, or nullopt when
/// a size is dynamic or the product does not fit in 64 bits.
std::optional<int64_t> getStaticPointCount(ArrayRef<int64_t> sizes);
} // namespace seg
} // namespace mlir

#endif // SEGIR_DIALECT_SEG_IR_SEGOPS_H
