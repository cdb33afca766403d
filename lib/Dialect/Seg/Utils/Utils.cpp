//===- Utils.cpp - Helpers shared by the lowerings of seg ops -----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/Utils/Utils.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

seg::MapOp seg::createMapWithEmptyResults(
    OpBuilder &builder, Location loc, Level level, ArrayRef<OpFoldResult> sizes,
    ValueRange outs, std::optional<int64_t> blockSize, int64_t swizzle) {
  SmallVector<Value> dynamicSizes;
  SmallVector<int64_t> staticSizes;
  dispatchIndexOpFoldResults(sizes, dynamicSizes, staticSizes);
  auto map = MapOp::create(
      builder, loc, LevelAttr::get(builder.getContext(), level), dynamicSizes,
      builder.getDenseI64ArrayAttr(staticSizes), Value(), IntegerAttr(),
      Value(),
      blockSize ? builder.getI64IntegerAttr(*blockSize) : IntegerAttr(),
      VirtualizationAttr(), outs,
      swizzle > 1 ? builder.getI64IntegerAttr(swizzle) : IntegerAttr());
  SmallVector<Type> types(sizes.size(), builder.getIndexType());
  SmallVector<Location> locs(sizes.size(), loc);
  Block *body = builder.createBlock(&map.getBody(), {}, types, locs);
  ResultsOp::create(builder, loc);
  builder.setInsertionPointToStart(body);
  return map;
}
using namespace mlir::seg;

SmallVector<Value> seg::materializeSizes(OpBuilder &builder, Location loc,
                                         ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> values;
  for (OpFoldResult size : sizes)
    values.push_back(getValueOrCreateConstantIndexOp(builder, loc, size));
  return values;
}

SmallVector<Value> seg::materializeSizes(OpBuilder &builder, Location loc,
                                         ArrayRef<OpFoldResult> sizes,
                                         const IRMapping &mapping) {
  SmallVector<Value> values;
  for (OpFoldResult size : sizes) {
    if (auto value = dyn_cast<Value>(size))
      values.push_back(mapping.lookupOrDefault(value));
    else
      values.push_back(getValueOrCreateConstantIndexOp(builder, loc, size));
  }
  return values;
}

Value seg::andAll(OpBuilder &builder, Location loc, ArrayRef<Value> conds) {
  Value result;
  for (Value cond : conds)
    result = result ? arith::AndIOp::create(builder, loc, result, cond) : cond;
  return result;
}

Value seg::productOf(OpBuilder &builder, Location loc, ArrayRef<Value> sizes) {
  Value product = arith::ConstantIndexOp::create(builder, loc, 1);
  for (Value size : sizes)
    product = arith::MulIOp::create(builder, loc, product, size);
  return product;
}

SmallVector<Value> seg::delinearize(OpBuilder &builder, Location loc,
                                    Value flat, ArrayRef<Value> sizes) {
  SmallVector<Value> coords(sizes.size());
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    if (d == 0) {
      coords[d] = flat;
      break;
    }
    coords[d] = arith::RemUIOp::create(builder, loc, flat, sizes[d]);
    flat = arith::DivUIOp::create(builder, loc, flat, sizes[d]);
  }
  return coords;
}

SmallVector<Value> seg::addDelinearized(OpBuilder &builder, Location loc,
                                        ValueRange ivs, ValueRange step,
                                        ArrayRef<Value> sizes) {
  SmallVector<Value> sum(ivs.size());
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value carry = zero;
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    // Both terms are below sizes[d]: their sum wraps at most once.
    Value coord = arith::AddIOp::create(
        builder, loc, arith::AddIOp::create(builder, loc, ivs[d], step[d]),
        carry);
    if (d == 0) {
      sum[d] = coord;
      break;
    }
    Value wraps = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge,
                                        coord, sizes[d]);
    sum[d] = arith::SelectOp::create(
        builder, loc, wraps,
        arith::SubIOp::create(builder, loc, coord, sizes[d]), coord);
    carry = arith::SelectOp::create(builder, loc, wraps, one, zero);
  }
  return sum;
}

seg::ColumnOrder seg::buildColumnOrder(OpBuilder &b, Location loc, Value height,
                                       Value width, int64_t columnWidth) {
  ColumnOrder order;
  order.columnWidth = arith::ConstantIndexOp::create(b, loc, columnWidth);
  // The column size uses min(w, width), so that a column width larger than
  // the space cannot overflow the product; with more than one column
  // min(w, width) = w.
  Value fullWidth =
      b.createOrFold<arith::MinUIOp>(loc, order.columnWidth, width);
  order.columnSize = b.createOrFold<arith::MulIOp>(loc, height, fullWidth);
  // ceil(width / w) - 1 as (width - 1) / w, which cannot overflow for any w.
  // With width 0 it and the last width are meaningless, but then the space
  // is empty and no point uses them.
  Value widthMinusOne = b.createOrFold<arith::SubIOp>(
      loc, width, arith::ConstantIndexOp::create(b, loc, 1));
  order.lastColumn =
      b.createOrFold<arith::DivUIOp>(loc, widthMinusOne, order.columnWidth);
  order.lastWidth = b.createOrFold<arith::SubIOp>(
      loc, width,
      b.createOrFold<arith::MulIOp>(loc, order.lastColumn, order.columnWidth));
  return order;
}

std::pair<Value, Value> seg::getColumnOrderPoint(OpBuilder &b, Location loc,
                                                 const ColumnOrder &order,
                                                 Value flat, bool zigzag) {
  Value column = arith::DivUIOp::create(b, loc, flat, order.columnSize);
  Value inColumn = arith::RemUIOp::create(b, loc, flat, order.columnSize);
  Value offset = arith::MulIOp::create(b, loc, column, order.columnWidth);
  Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, column,
                                       order.lastColumn);
  Value width = arith::SelectOp::create(b, loc, isLast, order.lastWidth,
                                        order.columnWidth);
  Value x = arith::RemUIOp::create(b, loc, inColumn, width);
  Value y = arith::DivUIOp::create(b, loc, inColumn, width);
  if (zigzag) {
    // Rows with even y run right to left: x -> w' - 1 - x.
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value reversed = arith::SubIOp::create(
        b, loc, arith::SubIOp::create(b, loc, width, one), x);
    Value odd = arith::AndIOp::create(b, loc, y, one);
    Value even =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, odd,
                              arith::ConstantIndexOp::create(b, loc, 0));
    x = arith::SelectOp::create(b, loc, even, reversed, x);
  }
  return {y, arith::AddIOp::create(b, loc, offset, x)};
}

Value seg::isBinInRange(OpBuilder &builder, Location loc, Value bin,
                        Value histogram) {
  int64_t binDim = cast<MemRefType>(histogram.getType()).getRank() - 1;
  Value numBins = getValueOrCreateConstantIndexOp(
      builder, loc, memref::getMixedSize(builder, loc, histogram, binDim));
  // Unsigned: a negative bin is a very large one.
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, bin,
                               numBins);
}

SmallVector<Value> seg::applyOperators(OpBuilder &builder,
                                       MutableArrayRef<Region> operators,
                                       ValueRange accs, ValueRange elems) {
  SmallVector<Value> results;
  unsigned offset = 0;
  for (Region &region : operators) {
    Block &block = region.front();
    unsigned arity = block.getNumArguments() / 2;
    IRMapping mapping;
    mapping.map(block.getArguments().take_front(arity),
                accs.slice(offset, arity));
    mapping.map(block.getArguments().drop_front(arity),
                elems.slice(offset, arity));
    for (Operation &inner : block.without_terminator())
      builder.clone(inner, mapping);
    for (Value value : block.getTerminator()->getOperands())
      results.push_back(mapping.lookupOrDefault(value));
    offset += arity;
  }
  return results;
}

//===----------------------------------------------------------------------===//
// Kernel results
//===----------------------------------------------------------------------===//

/// Stores `value` at `indices` of `out` when `conds` (possibly empty) hold.
static void storeIf(OpBuilder &builder, Location loc, ArrayRef<Value> conds,
                    function_ref<Value(OpBuilder &)> makeValue, Value out,
                    ValueRange indices) {
  if (conds.empty()) {
    memref::StoreOp::create(builder, loc, makeValue(builder), out, indices);
    return;
  }
  auto ifOp = scf::IfOp::create(builder, loc, andAll(builder, loc, conds),
                                /*withElseRegion=*/false);
  OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
  memref::StoreOp::create(thenBuilder, loc, makeValue(thenBuilder), out,
                          indices);
}

/// Writes of a tiled result: the leading dimensions of `out` take the block
/// index; each of the k trailing ones starts at
/// `block * blockTile * regTile + thread * regTile` and is guarded by its
/// logical extent `dim`.
namespace {
struct TiledWrite {
  SmallVector<Value> leading, bases, dims;

  TiledWrite(OpBuilder &builder, Location loc, ValueRange blockIvs,
             ValueRange threadIvs, ArrayRef<Value> dims,
             ArrayRef<int64_t> blockTiles, ArrayRef<int64_t> regTiles)
      : dims(dims) {
    size_t numTiled = blockTiles.size();
    size_t numLeading = blockIvs.size() - numTiled;
    leading.assign(blockIvs.begin(), blockIvs.begin() + numLeading);
    for (size_t d = 0; d < numTiled; ++d)
      bases.push_back(arith::AddIOp::create(
          builder, loc,
          scale(builder, loc, blockIvs[numLeading + d],
                blockTiles[d] * regTiles[d]),
          scale(builder, loc, threadIvs[d], regTiles[d])));
  }

  static Value scale(OpBuilder &builder, Location loc, Value value,
                     int64_t factor) {
    if (factor == 1)
      return value;
    return arith::MulIOp::create(
        builder, loc, value,
        arith::ConstantIndexOp::create(builder, loc, factor));
  }

  /// Stores the value made by `makeValue` at `offsets` from the bases if
  /// the position is inside the logical extents.
  void store(OpBuilder &builder, Location loc, ArrayRef<int64_t> offsets,
             function_ref<Value(OpBuilder &)> makeValue, Value out) {
    SmallVector<Value> indices(leading), conds;
    for (auto [base, offset, dim] : llvm::zip_equal(bases, offsets, dims)) {
      Value index = base;
      if (offset != 0)
        index = arith::AddIOp::create(
            builder, loc, base,
            arith::ConstantIndexOp::create(builder, loc, offset));
      conds.push_back(arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, index, dim));
      indices.push_back(index);
    }
    storeIf(builder, loc, conds, makeValue, out, indices);
  }
};
} // namespace

LogicalResult seg::lowerKernelResult(OpBuilder &builder, Operation *op,
                                     const IRMapping &mapping, ValueRange ivs,
                                     ValueRange blockIvs) {
  Location loc = op->getLoc();
  auto lookup = [&](Value value) { return mapping.lookupOrDefault(value); };
  if (auto returns = dyn_cast<ReturnsOp>(op)) {
    memref::StoreOp::create(builder, loc, lookup(returns.getValue()),
                            lookup(returns.getOut()), ivs);
    return success();
  }
  if (auto write = dyn_cast<WriteReturnsOp>(op)) {
    Value out = lookup(write.getOut());
    int64_t rank = cast<MemRefType>(out.getType()).getRank();
    SmallVector<Value> extents;
    for (int64_t d = 0; d < rank; ++d)
      extents.push_back(memref::DimOp::create(builder, loc, out, d));
    for (unsigned i = 0, e = write.getValues().size(); i < e; ++i) {
      SmallVector<Value> indices =
          llvm::map_to_vector(write.getIndicesOf(i), lookup);
      // An unsigned compare also rejects negative indices.
      SmallVector<Value> conds;
      for (auto [index, extent] : llvm::zip_equal(indices, extents))
        conds.push_back(arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::ult, index, extent));
      Value value = lookup(write.getValues()[i]);
      storeIf(
          builder, loc, conds, [&](OpBuilder &) { return value; }, out,
          indices);
    }
    return success();
  }
  if (auto tile = dyn_cast<TileReturnsOp>(op)) {
    SmallVector<int64_t> ones(tile.getBlockTiles().size(), 1);
    TiledWrite write(
        builder, loc, blockIvs, ivs,
        materializeSizes(builder, loc, tile.getMixedDims(), mapping),
        tile.getBlockTiles(), ones);
    SmallVector<int64_t> zeros(ones.size(), 0);
    Value value = lookup(tile.getValue());
    write.store(
        builder, loc, zeros, [&](OpBuilder &) { return value; },
        lookup(tile.getOut()));
    return success();
  }
  if (auto regTile = dyn_cast<RegTileReturnsOp>(op)) {
    ArrayRef<int64_t> regTiles = regTile.getRegTiles();
    TiledWrite write(
        builder, loc, blockIvs, ivs,
        materializeSizes(builder, loc, regTile.getMixedDims(), mapping),
        regTile.getBlockTiles(), regTiles);
    Value vector = lookup(regTile.getValue());
    Value out = lookup(regTile.getOut());
    // Register tiles are small and static: unroll every element, in
    // row-major order.
    SmallVector<int64_t> ones(regTiles.size(), 1);
    for (SmallVector<int64_t> offsets : StaticTileOffsetRange(regTiles, ones)) {
      write.store(
          builder, loc, offsets,
          [&](OpBuilder &inner) -> Value {
            return vector::ExtractOp::create(inner, loc, vector, offsets);
          },
          out);
    }
    return success();
  }
  return op->emitOpError("is not a kernel result this lowering knows");
}

void seg::applyConversionToSegPatterns(Operation *op,
                                       RewritePatternSet &&patterns) {
  GreedyRewriteConfig config;
  config.enableFolding(false);
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  (void)applyPatternsGreedily(op, std::move(patterns), config);
}
