//===- KernelResultOps.cpp - seg.results and the kernel results -----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The terminator of a seg.map body and the ops in it that say how each
// point writes its outputs: seg.returns, seg.tile_returns,
// seg.regtile_returns and seg.write_returns.
//
//===----------------------------------------------------------------------===//

#include "SegOpsUtils.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::detail;

//===----------------------------------------------------------------------===//
// ResultsOp
//===----------------------------------------------------------------------===//

void ResultsOp::build(OpBuilder &builder, OperationState &result) {
  OpBuilder::InsertionGuard guard(builder);
  Region *region = result.addRegion();
  builder.createBlock(region);
}

LogicalResult ResultsOp::verify() {
  llvm::SmallPtrSet<Value, 4> written;
  for (Operation &op : getRegion().front()) {
    auto result = dyn_cast<KernelResultOpInterface>(op);
    if (!result)
      return op.emitOpError()
             << "is not a kernel result; only kernel results may appear in "
                "'seg.results'";
    if (!written.insert(result.getOut()).second)
      return op.emitOpError()
             << "writes an outs operand that another kernel result of the "
                "same 'seg.results' already writes";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel results
//===----------------------------------------------------------------------===//

/// The seg.map whose results `op` belongs to (null while unverified).
static MapOp getResultMap(Operation *op) {
  auto results = dyn_cast_or_null<ResultsOp>(op->getParentOp());
  return results ? dyn_cast_or_null<MapOp>(results->getParentOp()) : MapOp();
}

/// Checks that `out` is one of the outs of the enclosing map.
static LogicalResult verifyWritesOwnOut(Operation *op, MapOp map, Value out) {
  if (!llvm::is_contained(map.getOuts(), out))
    return op->emitOpError()
           << "must write one of the outs of the enclosing 'seg.map'";
  return success();
}

static void addWriteEffect(
    OpOperand &out,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Write::get(), &out,
                       SideEffects::DefaultResource::get());
}

LogicalResult ReturnsOp::verify() {
  MapOp map = getResultMap(*this);
  if (!map)
    return success();
  if (failed(verifyWritesOwnOut(*this, map, getOut())))
    return failure();
  return verifyShape(*this, "out", getOut().getType(), map.getStaticSizes(),
                     /*elementType=*/{});
}

void ReturnsOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addWriteEffect(getOutMutable(), effects);
}

/// Parses `[(dim, tile[, reg]), ...]`: `numTiles` integers after each dim.
static ParseResult
parseTileList(OpAsmParser &parser,
              SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamicDims,
              DenseI64ArrayAttr &staticDims,
              SmallVectorImpl<SmallVector<int64_t>> &tiles) {
  SmallVector<int64_t> dims;
  auto parseEntry = [&]() -> ParseResult {
    std::optional<OpAsmParser::UnresolvedOperand> operand;
    std::optional<int64_t> value;
    if (parser.parseLParen() || parseIntegerOrOperand(parser, operand, value))
      return failure();
    if (operand) {
      dynamicDims.push_back(*operand);
      dims.push_back(ShapedType::kDynamic);
    } else {
      dims.push_back(*value);
    }
    for (SmallVector<int64_t> &list : tiles) {
      int64_t tile = 0;
      if (parser.parseComma() || parser.parseInteger(tile))
        return failure();
      list.push_back(tile);
    }
    return parser.parseRParen();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                     parseEntry))
    return failure();
  staticDims = parser.getBuilder().getDenseI64ArrayAttr(dims);
  return success();
}

static void printTileList(OpAsmPrinter &p, OperandRange dynamicDims,
                          ArrayRef<int64_t> staticDims,
                          ArrayRef<ArrayRef<int64_t>> tiles) {
  p << "[";
  unsigned nextDynamic = 0;
  for (auto [index, dim] : llvm::enumerate(staticDims)) {
    if (index)
      p << ", ";
    p << "(";
    if (ShapedType::isDynamic(dim) && nextDynamic < dynamicDims.size())
      p << dynamicDims[nextDynamic++];
    else
      p << dim;
    for (ArrayRef<int64_t> list : tiles)
      p << ", " << (index < list.size() ? list[index] : 0);
    p << ")";
  }
  p << "]";
}

ParseResult seg::detail::parseTileSpec(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamicDims,
    DenseI64ArrayAttr &staticDims, DenseI64ArrayAttr &blockTiles) {
  SmallVector<SmallVector<int64_t>> tiles(1);
  if (parseTileList(parser, dynamicDims, staticDims, tiles))
    return failure();
  blockTiles = parser.getBuilder().getDenseI64ArrayAttr(tiles[0]);
  return success();
}

void seg::detail::printTileSpec(OpAsmPrinter &p, Operation *op,
                                OperandRange dynamicDims,
                                DenseI64ArrayAttr staticDims,
                                DenseI64ArrayAttr blockTiles) {
  printTileList(p, dynamicDims, staticDims.asArrayRef(),
                {blockTiles.asArrayRef()});
}

ParseResult seg::detail::parseRegTileSpec(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamicDims,
    DenseI64ArrayAttr &staticDims, DenseI64ArrayAttr &blockTiles,
    DenseI64ArrayAttr &regTiles) {
  SmallVector<SmallVector<int64_t>> tiles(2);
  if (parseTileList(parser, dynamicDims, staticDims, tiles))
    return failure();
  blockTiles = parser.getBuilder().getDenseI64ArrayAttr(tiles[0]);
  regTiles = parser.getBuilder().getDenseI64ArrayAttr(tiles[1]);
  return success();
}

void seg::detail::printRegTileSpec(OpAsmPrinter &p, Operation *op,
                                   OperandRange dynamicDims,
                                   DenseI64ArrayAttr staticDims,
                                   DenseI64ArrayAttr blockTiles,
                                   DenseI64ArrayAttr regTiles) {
  printTileList(p, dynamicDims, staticDims.asArrayRef(),
                {blockTiles.asArrayRef(), regTiles.asArrayRef()});
}

/// Shared verification of tile_returns (no `regTiles`) and
/// regtile_returns: placement in a thread_in_block map inside a block map,
/// the tile specification, and the thread space against the block tiles.
static LogicalResult
verifyTiledResult(Operation *op, Value out, ArrayRef<int64_t> staticDims,
                  unsigned numDynamicDims, ArrayRef<int64_t> blockTiles,
                  std::optional<ArrayRef<int64_t>> regTiles) {
  MapOp map = getResultMap(op);
  if (!map)
    return success();
  if (failed(verifyWritesOwnOut(op, map, out)))
    return failure();
  auto blockMap = dyn_cast_or_null<MapOp>(
      getEnclosingSpaceOp(map.getOperation()).getOperation());
  if (map.getLevel() != Level::ThreadInBlock || !blockMap ||
      blockMap.getLevel() != Level::Block)
    return op->emitOpError()
           << "must be a result of a 'thread_in_block'-level seg.map nested "
              "in a 'block'-level seg.map";

  size_t numTiled = blockTiles.size();
  if (staticDims.size() != numTiled ||
      (regTiles && regTiles->size() != numTiled))
    return op->emitOpError("tile specification lists differ in length");
  if (numTiled == 0)
    return op->emitOpError("must tile at least one dimension");
  int64_t numDynamic = llvm::count_if(staticDims, ShapedType::isDynamic);
  if (numDynamic != static_cast<int64_t>(numDynamicDims))
    return op->emitOpError() << "expected " << numDynamic
                             << " dynamic dims, got " << numDynamicDims;

  auto outType = cast<MemRefType>(out.getType());
  if (static_cast<int64_t>(numTiled) > outType.getRank())
    return op->emitOpError()
           << "tiles " << numTiled << " dimensions but out has rank "
           << outType.getRank();
  if (blockMap.getRank() != outType.getRank())
    return op->emitOpError()
           << "enclosing 'block'-level space has rank " << blockMap.getRank()
           << " but out has rank " << outType.getRank()
           << "; each out dimension needs a block index";
  if (map.getRank() != numTiled)
    return op->emitOpError()
           << "tiles " << numTiled << " dimensions but the thread space has "
           << "rank " << map.getRank();

  int64_t firstTiled = outType.getRank() - numTiled;
  for (size_t d = 0; d < numTiled; ++d) {
    if (blockTiles[d] <= 0)
      return op->emitOpError() << "block tile of dimension " << d
                               << " must be positive, got " << blockTiles[d];
    if (regTiles && (*regTiles)[d] <= 0)
      return op->emitOpError() << "register tile of dimension " << d
                               << " must be positive, got " << (*regTiles)[d];
    int64_t dim = staticDims[d];
    if (!ShapedType::isDynamic(dim) && dim < 0)
      return op->emitOpError()
             << "dim " << d << " must not be negative, got " << dim;
    int64_t extent = outType.getDimSize(firstTiled + d);
    if (!ShapedType::isDynamic(dim) && !ShapedType::isDynamic(extent) &&
        dim > extent)
      return op->emitOpError()
             << "dim " << d << " (" << dim << ") exceeds the extent " << extent
             << " of out dimension " << firstTiled + d;
    int64_t threads = map.getStaticSizes()[d];
    if (!ShapedType::isDynamic(threads) && threads != blockTiles[d])
      return op->emitOpError()
             << "thread space dimension " << d << " has " << threads
             << " threads but the block tile is " << blockTiles[d];
  }
  return success();
}

SmallVector<OpFoldResult> TileReturnsOp::getMixedDims() {
  return getMixedValues(getStaticDims(), getDynamicDims(), getContext());
}

LogicalResult TileReturnsOp::verify() {
  return verifyTiledResult(*this, getOut(), getStaticDims(),
                           getDynamicDims().size(), getBlockTiles(),
                           std::nullopt);
}

void TileReturnsOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addWriteEffect(getOutMutable(), effects);
}

SmallVector<OpFoldResult> RegTileReturnsOp::getMixedDims() {
  return getMixedValues(getStaticDims(), getDynamicDims(), getContext());
}

LogicalResult RegTileReturnsOp::verify() {
  if (failed(verifyTiledResult(*this, getOut(), getStaticDims(),
                               getDynamicDims().size(), getBlockTiles(),
                               getRegTiles())))
    return failure();
  auto vectorType = cast<VectorType>(getValue().getType());
  auto outType = cast<MemRefType>(getOut().getType());
  if (vectorType.isScalable())
    return emitOpError("register tile must not be a scalable vector");
  if (vectorType.getShape() != getRegTiles())
    return emitOpError() << "register tile " << vectorType
                         << " does not match the register tile sizes ["
                         << getRegTiles() << "]";
  if (vectorType.getElementType() != outType.getElementType())
    return emitOpError() << "register tile element type "
                         << vectorType.getElementType()
                         << " differs from the element type of out " << outType;
  return success();
}

void RegTileReturnsOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addWriteEffect(getOutMutable(), effects);
}

OperandRange WriteReturnsOp::getIndicesOf(unsigned pos) {
  int64_t rank = cast<MemRefType>(getOut().getType()).getRank();
  return getIndices().slice(pos * rank, rank);
}

LogicalResult WriteReturnsOp::verify() {
  auto outType = cast<MemRefType>(getOut().getType());
  int64_t rank = outType.getRank();
  if (rank == 0)
    return emitOpError("out must have rank at least 1");
  if (static_cast<int64_t>(getIndices().size()) !=
      rank * static_cast<int64_t>(getValues().size()))
    return emitOpError() << "expects " << rank
                         << " indices per value (the rank of out) for "
                         << getValues().size() << " values, got "
                         << getIndices().size() << " indices";
  for (auto [index, value] : llvm::enumerate(getValues()))
    if (value.getType() != outType.getElementType())
      return emitOpError() << "value #" << index << " has type "
                           << value.getType() << " but out has element type "
                           << outType.getElementType();
  if (MapOp map = getResultMap(*this))
    return verifyWritesOwnOut(*this, map, getOut());
  return success();
}

ParseResult WriteReturnsOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand out;
  SmallVector<OpAsmParser::UnresolvedOperand> indices, values;
  Type outType;
  auto parsePair = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand value;
    if (parser.parseOperandList(indices, OpAsmParser::Delimiter::Square) ||
        parser.parseEqual() || parser.parseOperand(value))
      return failure();
    values.push_back(value);
    return success();
  };
  if (parser.parseKeyword("into") || parser.parseOperand(out) ||
      parser.parseCommaSeparatedList(parsePair) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(outType))
    return failure();
  auto memrefType = dyn_cast<MemRefType>(outType);
  if (!memrefType)
    return parser.emitError(parser.getNameLoc())
           << "expected a memref type for out, got " << outType;
  if (parser.resolveOperand(out, memrefType, result.operands) ||
      parser.resolveOperands(indices, parser.getBuilder().getIndexType(),
                             result.operands))
    return failure();
  for (OpAsmParser::UnresolvedOperand &value : values)
    if (parser.resolveOperand(value, memrefType.getElementType(),
                              result.operands))
      return failure();
  auto &props = result.getOrAddProperties<Properties>();
  props.operandSegmentSizes = {1, static_cast<int32_t>(indices.size()),
                               static_cast<int32_t>(values.size())};
  return success();
}

void WriteReturnsOp::print(OpAsmPrinter &p) {
  p << " into " << getOut() << " ";
  for (unsigned i = 0, e = getValues().size(); i < e; ++i) {
    if (i)
      p << ", ";
    p << "[" << getIndicesOf(i) << "] = " << getValues()[i];
  }
  p.printOptionalAttrDict((*this)->getAttrs(), {"operandSegmentSizes"});
  p << " : " << getOut().getType();
}

void WriteReturnsOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addWriteEffect(getOutMutable(), effects);
}
