//===- SequentialSegments.cpp - seg.red: the sequential-segments kernel ---===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The sequential-segments kernel of a regular segmented reduction
// [Larsen & Henriksen 2017]: one thread per segment reduces it in order. The
// block's B segments are read through shared memory in tiles of B x C
// elements that the block's threads evaluate in row-major order, so that
// the loads of the map body are coalesced along the segments; rows of
// narrow elements are read in vectors where aligned.
//
//===----------------------------------------------------------------------===//

#include "ChunkSteps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::seg;


/// The tile's columns: the smallest power of two that holds a whole
/// segment, at most the plan's tile (a power of two dividing B), at least
/// one (so that the empty segments of n = 0 get their neutral values).
static Value getSequentialColumns(OpBuilder &b, Location loc, Value length,
                                  int64_t tile) {
  Value columns = arith::ConstantIndexOp::create(b, loc, tile);
  for (int64_t power = tile / 2; power >= 1; power /= 2) {
    Value candidate = arith::ConstantIndexOp::create(b, loc, power);
    Value fits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                       length, candidate);
    columns = arith::SelectOp::create(b, loc, fits, candidate, columns);
  }
  return columns;
}

namespace {
/// Where the sequential kernel's threads stage a tile of `columns` columns
/// in shared memory (emitSequentialSegmentsKernel): their first row and
/// slot, and how far rows and slots advance per element.
struct SequentialTileLayout {
  SmallVector<Value> staged;
  Value columns, rowStep, firstRow, firstSlot, slotStep;
  int64_t loadsInFlight;
  /// Elements per padding slot (a power of two, at least the tile).
  int64_t period;
};
} // namespace

/// Stages a B x columns tile of the segments from `firstSegment` in
/// `layout.staged`: the block evaluates it row-major, thread t the elements
/// t, t + B, ... (its column is `index`). Slots out of bounds get
/// the neutral values, which are never read. Elements are evaluated
/// `loadsInFlight` at a time (their slot travels with them) before they are
/// stored. A thread whose column and rows are all in bounds (all but the
/// last tile column and virtual block) checks nothing per element.
static void stageSequentialTile(KernelBuilder &kb, Reduction &red,
                                const SequentialTileLayout &layout,
                                Value firstSegment, Value index,
                                Value columnInBounds, Value fullBlock) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  auto stageTile = [&](bool checked) {
    kb.foldLoop(
        kb.constIndex(0), layout.columns, kb.constIndex(1), {},
        layout.loadsInFlight,
        [&](Value j) {
          Value row = arith::AddIOp::create(
              b, loc, layout.firstRow,
              arith::MulIOp::create(b, loc, j, layout.rowStep));
          Value segment = arith::AddIOp::create(b, loc, firstSegment, row);
          SmallVector<Value> elems;
          if (checked) {
            Value inBounds = arith::AndIOp::create(
                b, loc, columnInBounds,
                compareIndex(kb, arith::CmpIPredicate::ult, segment,
                             red.numSegments));
            elems =
                red.elementOrNeutral(kb, IRMapping(), inBounds, segment, index);
          } else {
            IRMapping mapping;
            elems = red.element(kb, mapping, segment, index);
          }
          elems.push_back(arith::AddIOp::create(
              b, loc, layout.firstSlot,
              arith::MulIOp::create(b, loc, j, layout.slotStep)));
          return elems;
        },
        [&](ValueRange, ValueRange elemsAndSlot) {
          kb.storeAll(elemsAndSlot.drop_back(), layout.staged,
                      elemsAndSlot.back());
          return SmallVector<Value>();
        });
  };
  Value inBounds = arith::AndIOp::create(b, loc, columnInBounds, fullBlock);
  auto ifInBounds = scf::IfOp::create(b, loc, TypeRange(), inBounds, true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifInBounds.thenBlock()->getTerminator());
    stageTile(/*checked=*/false);
    b.setInsertionPoint(ifInBounds.elseBlock()->getTerminator());
    stageTile(/*checked=*/true);
  }
}

/// stageSequentialTile for a whole tile (fullBlock, every column in bounds)
/// whose rows' vectors of `loads.width` elements are aligned and fit its
/// columns: vector g = j B + t of the tile in row-major order holds the w
/// consecutive elements f = g w to g w + w - 1, so thread t reads columns
/// w (t mod C / w) onwards of rows t / (C / w) + j B w / C. A vector never
/// crosses a padding slot (w divides P), its elements lie at slots
/// f + f / P + lane.
static void stageSequentialVectors(KernelBuilder &kb, Reduction &red,
                                   const SequentialTileLayout &layout,
                                   const ContiguousLoads &loads,
                                   Value firstSegment, Value column0) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  int64_t width = loads.width, blockSize = kb.blockSize;
  Value vectorColumns =
      arith::DivUIOp::create(b, loc, layout.columns, kb.constIndex(width));
  Value firstRow = arith::DivUIOp::create(b, loc, kb.threadId, vectorColumns);
  Value rowStep =
      arith::DivUIOp::create(b, loc, kb.constIndex(blockSize), vectorColumns);
  Value index = arith::AddIOp::create(
      b, loc, column0,
      arith::MulIOp::create(
          b, loc, arith::RemUIOp::create(b, loc, kb.threadId, vectorColumns),
          kb.constIndex(width)));
  Value first =
      arith::MulIOp::create(b, loc, kb.threadId, kb.constIndex(width));
  Value firstSlot = arith::AddIOp::create(
      b, loc, first,
      arith::DivUIOp::create(b, loc, first, kb.constIndex(layout.period)));
  Value slotStep = kb.constIndex(blockSize * width +
                                 blockSize * width / layout.period);
  size_t numTypes = red.types.size();
  kb.foldLoop(
      kb.constIndex(0), vectorColumns, kb.constIndex(1), {},
      loads.vectorsInFlight,
      [&](Value j) {
        Value row = arith::AddIOp::create(
            b, loc, firstRow, arith::MulIOp::create(b, loc, j, rowStep));
        Value segment = arith::AddIOp::create(b, loc, firstSegment, row);
        SmallVector<Value> elems =
            red.vectorElements(kb, loads, segment, index);
        elems.push_back(arith::AddIOp::create(
            b, loc, firstSlot, arith::MulIOp::create(b, loc, j, slotStep)));
        return elems;
      },
      [&](ValueRange, ValueRange elemsAndSlot) {
        Value slot = elemsAndSlot.back();
        for (int64_t lane = 0; lane < width; ++lane)
          kb.storeAll(elemsAndSlot.slice(lane * numTypes, numTypes),
                      layout.staged,
                      arith::AddIOp::create(b, loc, slot,
                                            kb.constIndex(lane)));
        return SmallVector<Value>();
      });
}

/// Stages a tile with the first of `vectorPaths` that is usable for a
/// whole tile, else with `stageScalars`.
static void
stageTileByWidth(KernelBuilder &kb, Reduction &red,
                 const SequentialTileLayout &layout,
                 ArrayRef<std::pair<ContiguousLoads, Value>> vectorPaths,
                 Value wholeTile, function_ref<void()> stageScalars,
                 Value firstSegment, Value column0) {
  if (vectorPaths.empty()) {
    stageScalars();
    return;
  }
  const auto &[loads, usable] = vectorPaths.front();
  kb.ifThenElse(
      arith::AndIOp::create(kb.b, kb.loc, wholeTile, usable),
      [&] {
        stageSequentialVectors(kb, red, layout, loads, firstSegment, column0);
      },
      [&] {
        stageTileByWidth(kb, red, layout, vectorPaths.drop_front(), wholeTile,
                         stageScalars, firstSegment, column0);
      });
}

void seg::emitSequentialSegmentsKernel(OpBuilder &b, Location loc,
                                       Reduction &red, const RedPlan &plan) {
  int64_t blockSize = plan.blockSize, tile = plan.sequentialTile;
  Value blockSizeIdx = arith::ConstantIndexOp::create(b, loc, blockSize);
  Value virtualBlocks = ceilDivIndex(b, loc, red.numSegments, blockSizeIdx);
  Value numBlocks = getLaunchBlockCount(b, loc, red.op, virtualBlocks, plan);
  Value columns = getSequentialColumns(b, loc, red.segmentLength, tile);
  // Columns divide B: a thread stays in one column and its rows advance by
  // B / columns per element.
  Value rowStep = arith::DivUIOp::create(b, loc, blockSizeIdx, columns);

  KernelBuilder kb(b, loc, numBlocks, plan,
                   plan.getKernel(KernelRole::SequentialSegments));
  // The tile in evaluation order, element f (the j-th of thread t is
  // f = j B + t) at slot f + f / P, one padding slot per P elements against
  // bank conflicts when thread r reads its row [r c, r c + c). P (a power
  // of two up to the warp size) divides B and is at least the tile, so a
  // thread's slots advance by the constant B + B / P and a row never
  // crosses a padding slot; B x tile elements and their padding fit the
  // plan's B x (tile + 1).
  int64_t period = std::min<int64_t>(kb.warpSize, blockSize & -blockSize);
  assert(tile <= period && "the tile exceeds the padding period");
  SequentialTileLayout layout;
  layout.columns = columns;
  layout.rowStep = rowStep;
  layout.loadsInFlight = plan.loadsInFlight;
  layout.period = period;
  layout.staged = kb.allocShared(red.types, blockSize * (tile + 1));
  Value periodIdx = kb.constIndex(period);
  auto paddedSlot = [&](Value flat) {
    return arith::AddIOp::create(
        b, loc, flat, arith::DivUIOp::create(b, loc, flat, periodIdx));
  };
  layout.slotStep = kb.constIndex(blockSize + blockSize / period);
  // Once per thread: its first row of a tile, its column, its first slot
  // and where its row starts.
  layout.firstRow = arith::DivUIOp::create(b, loc, kb.threadId, columns);
  Value myColumn = arith::RemUIOp::create(b, loc, kb.threadId, columns);
  layout.firstSlot = paddedSlot(kb.threadId);
  Value myRow = paddedSlot(arith::MulIOp::create(b, loc, kb.threadId, columns));
  // Per width of the plan, widest first: its loads, and whether its vectors
  // fit the tile's columns and are aligned in every row.
  SmallVector<std::pair<ContiguousLoads, Value>> vectorPaths;
  Block &body = red.op.getBody().front();
  for (int64_t width : plan.sequentialWidths) {
    ContiguousLoads loads = plan.contiguousLoads;
    loads.width = width;
    Value fits =
        compareIndex(kb, arith::CmpIPredicate::uge, columns,
                     kb.constIndex(width));
    Value usable = arith::AndIOp::create(b, loc, fits,
                                         emitRowsAligned(b, loc, loads, body));
    vectorPaths.push_back({std::move(loads), usable});
  }
  kb.forLoop(
      kb.blockId, virtualBlocks, kb.gridSize, {},
      [&](Value virtualBlock, ValueRange) {
        Value firstSegment =
            arith::MulIOp::create(b, loc, virtualBlock, blockSizeIdx);
        Value mySegment =
            arith::AddIOp::create(b, loc, firstSegment, kb.threadId);
        Value blockEnd =
            arith::AddIOp::create(b, loc, firstSegment, blockSizeIdx);
        Value fullBlock = compareIndex(kb, arith::CmpIPredicate::ule, blockEnd,
                                       red.numSegments);
        SmallVector<Value> total = kb.forLoop(
            kb.constIndex(0), red.segmentLength, columns, red.neutrals,
            [&](Value column0, ValueRange accs) {
              Value index = arith::AddIOp::create(b, loc, column0, myColumn);
              Value columnInBounds =
                  compareIndex(kb, arith::CmpIPredicate::ult, index,
                               red.segmentLength);
              Value wholeTile = arith::AndIOp::create(
                  b, loc, fullBlock,
                  compareIndex(kb, arith::CmpIPredicate::ule,
                               arith::AddIOp::create(b, loc, column0, columns),
                               red.segmentLength));
              stageTileByWidth(kb, red, layout, vectorPaths, wholeTile,
                               [&] {
                                 stageSequentialTile(kb, red, layout,
                                                     firstSegment, index,
                                                     columnInBounds, fullBlock);
                               },
                               firstSegment, column0);
              kb.barrier();
              // Each thread reduces its own row, in order.
              Value remaining =
                  arith::SubIOp::create(b, loc, red.segmentLength, column0);
              Value count = minIndex(b, loc, columns, remaining);
              SmallVector<Value> next = kb.forLoop(
                  kb.constIndex(0), count, kb.constIndex(1), accs,
                  [&](Value col, ValueRange rowAccs) {
                    Value slot = arith::AddIOp::create(b, loc, myRow, col);
                    return red.combine(kb, rowAccs,
                                       kb.loadAll(layout.staged, slot));
                  });
              kb.barrier();
              return next;
            });
        Value mine =
            compareIndex(kb, arith::CmpIPredicate::ult, mySegment,
                         red.numSegments);
        kb.ifThen(mine, [&] { red.store(kb, total, mySegment); });
        return SmallVector<Value>();
      });
  kb.finish();
}
