//===- SegToSCF.cpp - Sequential reference lowering of seg ops ----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every seg op becomes a loop nest over its space in row-major order. This
// is the meaning of the dialect: all parallel lowerings must agree with it.
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/SegToSCF/SegToSCF.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_CONVERTSEGTOSCF
#include "segir/Conversion/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

namespace {
using TerminatorHandler = function_ref<SmallVector<Value>(Operation *)>;
} // namespace

static SmallVector<Value> materializeSizes(OpBuilder &builder, Location loc,
                                           ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> values;
  for (OpFoldResult size : sizes)
    values.push_back(getValueOrCreateConstantIndexOp(builder, loc, size));
  return values;
}

/// Moves `body` to the rewriter's insertion point with its arguments
/// replaced by `ivs`, lets `finish` replace its terminator (inserting
/// before it), and returns the values `finish` produced.
///
/// Stack allocations directly in the body (a block's shared memory, a
/// thread's private arrays) live for one point. Once the body sits in a
/// loop, an `alloca` there would grow the stack on every iteration after
/// lowering to LLVM, so they become heap allocations freed at the end of
/// the point.
static SmallVector<Value> emitBody(RewriterBase &rewriter, Block &body,
                                   ValueRange ivs, TerminatorHandler finish) {
  Operation *terminator = body.getTerminator();
  SmallVector<memref::AllocaOp> allocas(body.getOps<memref::AllocaOp>());
  rewriter.inlineBlockBefore(&body, rewriter.getInsertionBlock(),
                             rewriter.getInsertionPoint(), ivs);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(terminator);
  SmallVector<Value> values = finish(terminator);
  for (memref::AllocaOp alloca : allocas) {
    Location loc = alloca.getLoc();
    {
      OpBuilder::InsertionGuard allocGuard(rewriter);
      rewriter.setInsertionPoint(alloca);
      auto alloc = memref::AllocOp::create(
          rewriter, loc, alloca.getType(), alloca.getDynamicSizes(),
          alloca.getSymbolOperands(), alloca.getAlignmentAttr());
      rewriter.replaceOp(alloca, alloc.getResult());
      rewriter.setInsertionPoint(terminator);
      memref::DeallocOp::create(rewriter, loc, alloc.getResult());
    }
  }
  rewriter.eraseOp(terminator);
  return values;
}

/// Builds a nest of scf.for loops over `sizes` (possibly none) and calls
/// `bodyBuilder` with the rewriter inside the innermost one.
static void buildLoops(RewriterBase &rewriter, Location loc,
                       ArrayRef<OpFoldResult> sizes,
                       function_ref<void(ValueRange)> bodyBuilder) {
  SmallVector<Value> upper = materializeSizes(rewriter, loc, sizes);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  SmallVector<Value> lower(upper.size(), zero), steps(upper.size(), one);
  scf::buildLoopNest(rewriter, loc, lower, upper, steps,
                     [&](OpBuilder &builder, Location, ValueRange ivs) {
                       OpBuilder::InsertionGuard guard(rewriter);
                       rewriter.setInsertionPoint(builder.getInsertionBlock(),
                                                  builder.getInsertionPoint());
                       bodyBuilder(ivs);
                     });
}

//===----------------------------------------------------------------------===//
// Kernel results
//===----------------------------------------------------------------------===//

static Value andAll(OpBuilder &builder, Location loc, ArrayRef<Value> conds) {
  Value result = conds.front();
  for (Value cond : conds.drop_front())
    result = arith::AndIOp::create(builder, loc, result, cond);
  return result;
}

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
             ValueRange threadIvs, ArrayRef<OpFoldResult> mixedDims,
             ArrayRef<int64_t> blockTiles, ArrayRef<int64_t> regTiles)
      : dims(materializeSizes(builder, loc, mixedDims)) {
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

static LogicalResult lowerKernelResult(RewriterBase &rewriter, Operation *op,
                                       MapOp map, ValueRange ivs) {
  Location loc = op->getLoc();
  if (auto returns = dyn_cast<ReturnsOp>(op)) {
    memref::StoreOp::create(rewriter, loc, returns.getValue(), returns.getOut(),
                            ivs);
    return success();
  }
  if (auto write = dyn_cast<WriteReturnsOp>(op)) {
    Value out = write.getOut();
    int64_t rank = cast<MemRefType>(out.getType()).getRank();
    SmallVector<Value> extents;
    for (int64_t d = 0; d < rank; ++d)
      extents.push_back(memref::DimOp::create(rewriter, loc, out, d));
    for (unsigned i = 0, e = write.getValues().size(); i < e; ++i) {
      OperandRange indices = write.getIndicesOf(i);
      // An unsigned compare also rejects negative indices.
      SmallVector<Value> conds;
      for (auto [index, extent] : llvm::zip_equal(indices, extents))
        conds.push_back(arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ult, index, extent));
      Value value = write.getValues()[i];
      storeIf(
          rewriter, loc, conds, [&](OpBuilder &) { return value; }, out,
          indices);
    }
    return success();
  }

  // Tiled results: the block indices come from the enclosing block map,
  // which is lowered after this one.
  auto blockMap = cast<MapOp>(getEnclosingSpaceOp(map).getOperation());
  ValueRange blockIvs = blockMap.getInductionVars();
  if (auto tile = dyn_cast<TileReturnsOp>(op)) {
    SmallVector<int64_t> ones(tile.getBlockTiles().size(), 1);
    TiledWrite write(rewriter, loc, blockIvs, ivs, tile.getMixedDims(),
                     tile.getBlockTiles(), ones);
    SmallVector<int64_t> zeros(ones.size(), 0);
    Value value = tile.getValue();
    write.store(
        rewriter, loc, zeros, [&](OpBuilder &) { return value; },
        tile.getOut());
    return success();
  }
  if (auto regTile = dyn_cast<RegTileReturnsOp>(op)) {
    ArrayRef<int64_t> regTiles = regTile.getRegTiles();
    TiledWrite write(rewriter, loc, blockIvs, ivs, regTile.getMixedDims(),
                     regTile.getBlockTiles(), regTiles);
    // Register tiles are small and static: unroll every element, in
    // row-major order.
    SmallVector<int64_t> ones(regTiles.size(), 1);
    for (SmallVector<int64_t> offsets :
         StaticTileOffsetRange(regTiles, ones)) {
      write.store(
          rewriter, loc, offsets,
          [&](OpBuilder &builder) -> Value {
            return vector::ExtractOp::create(builder, loc, regTile.getValue(),
                                             offsets);
          },
          regTile.getOut());
    }
    return success();
  }
  return op->emitOpError("has no sequential lowering");
}

//===----------------------------------------------------------------------===//
// Space ops
//===----------------------------------------------------------------------===//

static LogicalResult lowerMap(RewriterBase &rewriter, MapOp op) {
  Location loc = op.getLoc();
  LogicalResult status = success();
  buildLoops(rewriter, loc, op.getMixedSizes(), [&](ValueRange ivs) {
    emitBody(rewriter, op.getBody().front(), ivs, [&](Operation *terminator) {
      auto results = cast<ResultsOp>(terminator);
      for (Operation &result :
           llvm::make_early_inc_range(results.getRegion().front()))
        if (failed(lowerKernelResult(rewriter, &result, op, ivs)))
          status = failure();
      return SmallVector<Value>();
    });
  });
  return status;
}

/// Applies the fused operators of `op` to accumulators `accs` and elements
/// `elems`, cloning each operator region at the insertion point.
template <typename OpTy>
static SmallVector<Value> applyOperators(RewriterBase &rewriter, OpTy op,
                                         ValueRange accs, ValueRange elems) {
  SmallVector<Value> results;
  unsigned offset = 0;
  for (Region &region : op.getOperators()) {
    Block &block = region.front();
    unsigned arity = block.getNumArguments() / 2;
    IRMapping mapping;
    mapping.map(block.getArguments().take_front(arity),
                accs.slice(offset, arity));
    mapping.map(block.getArguments().drop_front(arity),
                elems.slice(offset, arity));
    for (Operation &inner : block.without_terminator())
      rewriter.clone(inner, mapping);
    for (Value value : cast<YieldOp>(block.getTerminator()).getValues())
      results.push_back(mapping.lookupOrDefault(value));
    offset += arity;
  }
  return results;
}

/// seg.red and seg.scan: per segment, a loop over the innermost dimension
/// that carries the accumulators; seg.scan stores them at every point.
template <typename OpTy>
static LogicalResult lowerCombining(RewriterBase &rewriter, OpTy op,
                                    bool isScan) {
  Location loc = op.getLoc();
  SmallVector<OpFoldResult> sizes = op.getMixedSizes();
  unsigned numAcc = op.getNumAccumulators();
  SmallVector<Value> neutrals(op.getNeutrals());
  SmallVector<Value> combinedOuts(op.getCombinedOuts());
  SmallVector<Value> mapOuts(op.getMapOuts());

  buildLoops(
      rewriter, loc, ArrayRef<OpFoldResult>(sizes).drop_back(),
      [&](ValueRange segmentIvs) {
        Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
        Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
        Value innerSize =
            getValueOrCreateConstantIndexOp(rewriter, loc, sizes.back());
        auto forOp = scf::ForOp::create(
            rewriter, loc, zero, innerSize, one, neutrals,
            [&](OpBuilder &builder, Location, Value iv, ValueRange accs) {
              OpBuilder::InsertionGuard guard(rewriter);
              rewriter.setInsertionPoint(builder.getInsertionBlock(),
                                         builder.getInsertionPoint());
              SmallVector<Value> point(segmentIvs);
              point.push_back(iv);
              SmallVector<Value> next = emitBody(
                  rewriter, op.getBody().front(), point,
                  [&](Operation *terminator) {
                    ValueRange yielded = cast<YieldOp>(terminator).getValues();
                    for (auto [value, out] :
                         llvm::zip_equal(yielded.drop_front(numAcc), mapOuts))
                      memref::StoreOp::create(rewriter, loc, value, out, point);
                    SmallVector<Value> combined = applyOperators(
                        rewriter, op, accs, yielded.take_front(numAcc));
                    if (isScan)
                      for (auto [value, out] :
                           llvm::zip_equal(combined, combinedOuts))
                        memref::StoreOp::create(rewriter, loc, value, out,
                                                point);
                    return combined;
                  });
              scf::YieldOp::create(rewriter, loc, next);
            });
        if (!isScan)
          for (auto [value, out] :
               llvm::zip_equal(forOp.getResults(), combinedOuts))
            memref::StoreOp::create(rewriter, loc, value, out, segmentIvs);
      });
  return success();
}

LogicalResult mlir::seg::lowerToSequentialLoops(RewriterBase &rewriter,
                                                SegSpaceOpInterface op) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  LogicalResult result =
      TypeSwitch<Operation *, LogicalResult>(op.getOperation())
          .Case([&](MapOp map) { return lowerMap(rewriter, map); })
          .Case([&](RedOp red) {
            return lowerCombining(rewriter, red, /*isScan=*/false);
          })
          .Case([&](ScanOp scan) {
            return lowerCombining(rewriter, scan, /*isScan=*/true);
          })
          .Default([](Operation *other) {
            return other->emitOpError("has no sequential lowering");
          });
  if (failed(result))
    return failure();
  rewriter.eraseOp(op);
  return success();
}

namespace {
struct ConvertSegToSCFPass
    : public seg::impl::ConvertSegToSCFBase<ConvertSegToSCFPass> {
  void runOnOperation() override {
    // Post-order: nested ops first, so that a tiled kernel result still
    // sees the block map whose induction variables it indexes with.
    SmallVector<SegSpaceOpInterface> ops;
    getOperation()->walk([&](SegSpaceOpInterface op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (SegSpaceOpInterface op : ops)
      if (failed(lowerToSequentialLoops(rewriter, op)))
        return signalPassFailure();
  }
};
} // namespace
