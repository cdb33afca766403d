//===- SegOpsUtils.h - Helpers shared by the seg ops' files -----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Helpers that SegOps.cpp (the space ops and the generated op classes),
// HistOp.cpp (seg.hist) and KernelResultOps.cpp (the kernel results) share.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_DIALECT_SEG_IR_SEGOPSUTILS_H
#define SEGIR_LIB_DIALECT_SEG_IR_SEGOPSUTILS_H

#include "segir/Dialect/Seg/IR/SegAttrs.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

#include <optional>

namespace mlir::seg::detail {

/// Parses `integer | ssa-value` into either `staticValue` or `operand`.
ParseResult
parseIntegerOrOperand(OpAsmParser &parser,
                      std::optional<OpAsmParser::UnresolvedOperand> &operand,
                      std::optional<int64_t> &staticValue);

/// Checks that `type` has shape `expected` (static sizes only) and element
/// type `elementType` (if given). `what` names the operand in messages.
LogicalResult verifyShape(Operation *op, Twine what, Type type,
                          ArrayRef<int64_t> expected, Type elementType);

/// The custom<TileSpec> and custom<RegTileSpec> directives of
/// seg.tile_returns and seg.regtile_returns (SegOps.td): the list
/// `[(dim, block tile[, register tile]), ...]`.
ParseResult
parseTileSpec(OpAsmParser &parser,
              SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamicDims,
              DenseI64ArrayAttr &staticDims, DenseI64ArrayAttr &blockTiles);
void printTileSpec(OpAsmPrinter &p, Operation *op, OperandRange dynamicDims,
                   DenseI64ArrayAttr staticDims, DenseI64ArrayAttr blockTiles);
ParseResult
parseRegTileSpec(OpAsmParser &parser,
                 SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamicDims,
                 DenseI64ArrayAttr &staticDims, DenseI64ArrayAttr &blockTiles,
                 DenseI64ArrayAttr &regTiles);
void printRegTileSpec(OpAsmPrinter &p, Operation *op, OperandRange dynamicDims,
                      DenseI64ArrayAttr staticDims,
                      DenseI64ArrayAttr blockTiles, DenseI64ArrayAttr regTiles);

/// The space ops' shared parts (SegOps.cpp, instantiated there for
/// seg.hist): the level's name in messages, the checks of the space and of
/// the body's arguments, parsing and printing of a combining op and the
/// neutral operands of one of its operators.
StringRef levelName(Level level);
template <typename OpTy> LogicalResult verifySpaceOp(OpTy op);
template <typename OpTy> LogicalResult verifyBodyArguments(OpTy op);
template <typename OpTy>
ParseResult parseCombiningOp(OpAsmParser &parser, OperationState &result);
template <typename OpTy> void printCombiningOp(OpAsmPrinter &p, OpTy op);
template <typename OpTy> OperandRange operatorNeutrals(OpTy op, unsigned index);

} // namespace mlir::seg::detail

#endif // SEGIR_LIB_DIALECT_SEG_IR_SEGOPSUTILS_H
