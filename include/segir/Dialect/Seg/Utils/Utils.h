//===- Utils.h - Helpers shared by the lowerings of seg ops -----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pieces of the meaning of seg ops that every lowering (sequential, GPU)
// emits the same way: applying the fused operators, and the stores of the
// kernel results; and how the conversions into seg apply their patterns.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_UTILS_UTILS_H
#define SEGIR_DIALECT_SEG_UTILS_UTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/RegionKindInterface.h"

namespace mlir {
class IRMapping;
class RewritePatternSet;
namespace seg {
class MapOp;
enum class Level : uint32_t;

/// Creates a `seg.map` of `level` over `sizes` writing `outs`, with an
/// empty `seg.results`, and sets the insertion point to the start of its
/// body (whose arguments are the induction variables). A `blockSize` goes
/// into its grid; a `swizzle` above 1 orders its blocks.
MapOp createMapWithEmptyResults(OpBuilder &builder, Location loc, Level level,
                                ArrayRef<OpFoldResult> sizes, ValueRange outs,
                                std::optional<int64_t> blockSize = {},
                                int64_t swizzle = 1);

/// Creates index values for `sizes`.
SmallVector<Value> materializeSizes(OpBuilder &builder, Location loc,
                                    ArrayRef<OpFoldResult> sizes);

/// Creates index values for `sizes`, the dynamic ones looked up in
/// `mapping` (for sizes of an op whose operands have been cloned).
SmallVector<Value> materializeSizes(OpBuilder &builder, Location loc,
                                    ArrayRef<OpFoldResult> sizes,
                                    const IRMapping &mapping);

/// The conjunction of the i1 values `conds`: null for none, the value itself
/// for one, else a chain of arith.andi in order.
Value andAll(OpBuilder &builder, Location loc, ArrayRef<Value> conds);

/// The product of `sizes` as an index value (1 for none).
Value productOf(OpBuilder &builder, Location loc, ArrayRef<Value> sizes);

/// The row-major coordinates of the linear index `flat` in a space of
/// `sizes` (none for a rank-0 space).
SmallVector<Value> delinearize(OpBuilder &builder, Location loc, Value flat,
                               ArrayRef<Value> sizes);

/// The coordinates of the point `step` points after `ivs` (both row-major
/// coordinates in a space of `sizes`, as delinearize gives them): a
/// mixed-radix addition with one comparison per dimension, no division, so
/// that a loop can carry its point's coordinates.
SmallVector<Value> addDelinearized(OpBuilder &builder, Location loc,
                                   ValueRange ivs, ValueRange step,
                                   ArrayRef<Value> sizes);

/// The per-launch values of the column order of a space of
/// height x width [Prasetya 2022, listing 8, lines 7-14]: columns of
/// `columnWidth` points, the last one narrower when it does not divide the
/// width. `seg-column-schedule` orders threads by it, block-level maps with
/// `swizzle` their blocks.
struct ColumnOrder {
  Value columnWidth; // w
  Value columnSize;  // height * w (height * width for a single column)
  Value lastColumn;  // index of the last column
  Value lastWidth;   // width of the last column
};

/// Builds the column order of a height x width space, `columnWidth` > 0.
ColumnOrder buildColumnOrder(OpBuilder &builder, Location loc, Value height,
                             Value width, int64_t columnWidth);

/// The point (y, x) that the flat index `flat` visits in `order`
/// [Prasetya 2022, eqs. 4.1-4.6]; with `zigzag`, rows with even y run right
/// to left inside their column (eq. 4.7).
std::pair<Value, Value> getColumnOrderPoint(OpBuilder &builder, Location loc,
                                            const ColumnOrder &order,
                                            Value flat, bool zigzag = false);

/// Whether `bin` indexes the bins of `histogram` (its last dimension), as
/// seg.hist requires: a negative or too large bin is ignored.
Value isBinInRange(OpBuilder &builder, Location loc, Value bin,
                   Value histogram);

/// Applies fused operators (one region each, `(acc..., x...) -> acc...`) to
/// accumulators `accs` and elements `elems`, cloning every region at the
/// builder's insertion point. Returns the new accumulators.
SmallVector<Value> applyOperators(OpBuilder &builder,
                                  MutableArrayRef<Region> operators,
                                  ValueRange accs, ValueRange elems);

/// Emits the stores of the kernel result `op` (a seg.returns,
/// seg.tile_returns, seg.regtile_returns or seg.write_returns) at the point
/// `ivs` of its map. Operands of `op` are looked up in `mapping` (pass an
/// empty mapping when the op is already in place). A tiled result also
/// needs the induction variables `blockIvs` of the enclosing block map.
LogicalResult lowerKernelResult(OpBuilder &builder, Operation *op,
                                const IRMapping &mapping, ValueRange ivs,
                                ValueRange blockIvs);

/// Applies the patterns of a conversion into seg (convert-linalg-to-seg,
/// convert-scf-parallel-to-seg) to `op` greedily, neither folding nor
/// simplifying regions, so that the ops they do not convert stay as they were
/// written.
void applyConversionToSegPatterns(Operation *op, RewritePatternSet &&patterns);

} // namespace seg
} // namespace mlir

#endif // SEGIR_DIALECT_SEG_UTILS_UTILS_H
