//===- SegBodies.cpp - Seg bodies inside kernels --------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"

#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::seg;

void seg::cloneBodyAt(OpBuilder &b, Block &body, ValueRange ivs,
                      IRMapping &mapping,
                      function_ref<Value(memref::AllocaOp)> allocaReplacement,
                      ArrayRef<Operation *> replaced) {
  mapping.map(body.getArguments(), ivs);
  for (Operation &op : body.without_terminator()) {
    if (llvm::is_contained(replaced, &op))
      continue;
    if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
      mapping.map(alloca.getResult(), allocaReplacement(alloca));
      continue;
    }
    b.clone(op, mapping);
  }
}

SegmentedOperands::SegmentedOperands(OpBuilder &b, Location loc,
                                     ValueRange neutralValues,
                                     ValueRange outValues,
                                     ValueRange mapOutValues,
                                     ArrayRef<OpFoldResult> sizes,
                                     const IRMapping &mapping) {
  auto lookup = [&](Value value) { return mapping.lookupOrDefault(value); };
  neutrals = llvm::map_to_vector(neutralValues, lookup);
  outs = llvm::map_to_vector(outValues, lookup);
  mapOuts = llvm::map_to_vector(mapOutValues, lookup);
  segmentSizes = materializeSizes(b, loc, sizes, mapping);
  segmentLength = segmentSizes.pop_back_val();
  numSegments = productOf(b, loc, segmentSizes);
  types = llvm::to_vector(neutralValues.getTypes());
}

SmallVector<Value> seg::emitBodyElement(KernelBuilder &kb, Block &body,
                                        unsigned numAccumulators,
                                        IRMapping &mapping, ValueRange ivs,
                                        ValueRange mapOuts,
                                        ArrayRef<Operation *> replaced) {
  cloneBodyAt(
      kb.b, body, ivs, mapping,
      [&](memref::AllocaOp alloca) { return kb.hoistPrivateAlloca(alloca); },
      replaced);
  SmallVector<Value> yielded = llvm::map_to_vector(
      body.getTerminator()->getOperands(),
      [&](Value value) { return mapping.lookupOrDefault(value); });
  if (!mapOuts.empty())
    for (auto [value, out] : llvm::zip_equal(
             ArrayRef(yielded).drop_front(numAccumulators), mapOuts))
      memref::StoreOp::create(kb.b, kb.loc, value, out, ivs);
  yielded.resize(numAccumulators);
  return yielded;
}

SmallVector<Value> seg::emitVectorBodyElements(KernelBuilder &kb, Block &body,
                                               unsigned numAccumulators,
                                               const ContiguousLoads &loads,
                                               ValueRange ivs,
                                               ValueRange mapOuts) {
  SmallVector<Value> vectors =
      emitContiguousVectorLoads(kb.b, kb.loc, loads, body, ivs);
  SmallVector<Operation *> replaced = llvm::map_to_vector(
      loads.loads,
      [](memref::LoadOp load) -> Operation * { return load.getOperation(); });
  SmallVector<Value> laneIvs(ivs);
  SmallVector<Value> elements;
  for (int64_t lane = 0; lane < loads.width; ++lane) {
    IRMapping mapping;
    for (auto [load, vector] : llvm::zip_equal(replaced, vectors))
      mapping.map(load->getResult(0),
                  vector::ExtractOp::create(kb.b, kb.loc, vector, lane));
    laneIvs.back() =
        arith::AddIOp::create(kb.b, kb.loc, ivs.back(), kb.constIndex(lane));
    llvm::append_range(elements,
                       emitBodyElement(kb, body, numAccumulators, mapping,
                                       laneIvs, mapOuts, replaced));
  }
  return elements;
}
