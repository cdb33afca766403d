//===- PayloadEmitter.cpp - Bodies of the seg ops from linalg -------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "PayloadEmitter.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::linalg_to_seg;

Value PayloadEmitter::emitOperand(linalg::LinalgOp op, OpOperand &operand,
                                  ValueRange ivs, bool fuse) {
  Value value = operand.get();
  if (!isa<MemRefType>(value.getType()))
    return value;
  AffineMap map = op.getMatchingIndexingMap(&operand);
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults())
    indices.push_back(ivs[cast<AffineDimExpr>(expr).getPosition()]);
  if (fuse)
    if (linalg::LinalgOp producer = producers.lookup(&operand)) {
      if (!llvm::is_contained(fused, producer))
        fused.push_back(producer);
      // The producer's loops from the indices of its (permuted) output.
      AffineMap outMap =
          producer.getMatchingIndexingMap(producer.getDpsInitOperand(0));
      SmallVector<Value> producerIvs(producer.getNumLoops());
      for (auto [pos, expr] : llvm::enumerate(outMap.getResults()))
        producerIvs[cast<AffineDimExpr>(expr).getPosition()] = indices[pos];
      return emitPayload(producer, producerIvs, {}, /*fuse=*/false)[0];
    }
  return memref::LoadOp::create(rewriter, loc, value, indices);
}

SmallVector<Value> PayloadEmitter::emitPayload(linalg::LinalgOp op,
                                               ValueRange ivs,
                                               ArrayRef<Value> results,
                                               bool fuse,
                                               ArrayRef<Operation *> skip) {
  Block *body = op.getBlock();
  IRMapping mapping;
  for (OpOperand &operand : op->getOpOperands()) {
    BlockArgument arg = body->getArgument(operand.getOperandNumber());
    if (arg.use_empty())
      continue;
    mapping.map(arg, emitOperand(op, operand, ivs, fuse));
  }
  for (Operation &inner : body->without_terminator()) {
    if (llvm::is_contained(skip, &inner))
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    rewriter.clone(inner, mapping);
  }
  SmallVector<Value> values;
  if (results.empty())
    for (Value value : body->getTerminator()->getOperands())
      values.push_back(mapping.lookupOrDefault(value));
  else
    for (Value value : results)
      values.push_back(mapping.lookupOrDefault(value));
  return values;
}

void PayloadEmitter::findProducers(linalg::LinalgOp op) {
  for (OpOperand *input : op.getDpsInputOperands())
    if (linalg::LinalgOp producer = findFusableProducer(op, *input))
      producers[input] = producer;
}

void linalg_to_seg::addReturns(RewriterBase &rewriter, MapOp map,
                               ValueRange values, ValueRange outs) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToEnd(&map.getResultsOp().getRegion().front());
  for (auto [value, out] : llvm::zip_equal(values, outs))
    ReturnsOp::create(rewriter, map.getLoc(), value, out);
}

Value linalg_to_seg::applyCombiner(RewriterBase &rewriter,
                                   const Combiner &combiner, Value acc,
                                   Value element) {
  IRMapping mapping;
  Operation *op = combiner.op;
  bool accFirst = op->getOperand(0) != combiner.element;
  mapping.map(op->getOperand(accFirst ? 0 : 1), acc);
  mapping.map(op->getOperand(accFirst ? 1 : 0), element);
  return rewriter.clone(*op, mapping)->getResult(0);
}
