//===- ExclusiveScan.cpp - Exclusive scans as inclusive ones ------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// An exclusive scan is the inclusive scan of the body shifted by one point
// along the scanned dimension, with the neutral values at segment starts.
// The GPU kernels only implement inclusive scans; they get exclusive ones
// in this form.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/Utils/ExclusiveScan.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::seg;

/// Clones the body `block` at `ivs` at the rewriter's point (its private
/// allocations first, so that they stay directly in the body) and returns
/// what it yields.
static SmallVector<Value> cloneBodyAt(RewriterBase &rewriter, Block &block,
                                      ValueRange ivs) {
  IRMapping mapping;
  mapping.map(block.getArguments(), ivs);
  for (Operation &op : block.without_terminator())
    rewriter.clone(op, mapping);
  SmallVector<Value> values;
  for (Value value : block.getTerminator()->getOperands())
    values.push_back(mapping.lookupOrDefault(value));
  return values;
}

void seg::rewriteExclusiveScanAsInclusive(RewriterBase &rewriter, ScanOp scan) {
  if (!scan.getExclusive())
    return;
  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = scan.getLoc();
  Block &oldBody = scan.getBody().front();
  unsigned numAcc = scan.getNumAccumulators();
  SmallVector<Type> types(oldBody.getArgumentTypes());
  SmallVector<Location> locs(types.size(), loc);
  Block *newBody =
      rewriter.createBlock(&scan.getBody(), scan.getBody().end(), types, locs);
  ValueRange ivs = newBody->getArguments();

  // The previous point of the segment, clamped to its start.
  Value last = ivs.back();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value isStart = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        last, zero);
  Value clamped = arith::MaxUIOp::create(rewriter, loc, last, one);
  Value previous = arith::SubIOp::create(rewriter, loc, clamped, one);
  SmallVector<Value> previousIvs(ivs.drop_back());
  previousIvs.push_back(previous);

  SmallVector<Value> yielded;
  SmallVector<Value> before = cloneBodyAt(rewriter, oldBody, previousIvs);
  for (auto [value, neutral] : llvm::zip_equal(
           ArrayRef<Value>(before).take_front(numAcc), scan.getNeutrals()))
    yielded.push_back(
        arith::SelectOp::create(rewriter, loc, isStart, neutral, value));
  if (before.size() > numAcc) {
    SmallVector<Value> here = cloneBodyAt(rewriter, oldBody, ivs);
    llvm::append_range(yielded, ArrayRef<Value>(here).drop_front(numAcc));
  }
  YieldOp::create(rewriter, loc, yielded);

  // Private arrays of the clones stay directly in the body, first.
  for (auto alloca :
       llvm::make_early_inc_range(newBody->getOps<memref::AllocaOp>()))
    rewriter.moveOpBefore(alloca, newBody, newBody->begin());
  rewriter.eraseBlock(&oldBody);
  rewriter.modifyOpInPlace(scan, [&] { scan.setExclusive(false); });
}
