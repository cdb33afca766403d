//===- PayloadEmitter.h - Bodies of the seg ops from linalg -----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-linalg-to-seg: clones a linalg payload at given loop
// indices (loading the operands' elements or recomputing fused producers),
// and the small pieces of seg ops the conversions share.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_LINALGTOSEG_PAYLOADEMITTER_H
#define SEGIR_LIB_CONVERSION_LINALGTOSEG_PAYLOADEMITTER_H

#include "ConversionPlan.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace seg {
namespace linalg_to_seg {

/// Emits the payload of a linalg op at given loop indices.
class PayloadEmitter {
public:
  PayloadEmitter(RewriterBase &rewriter, Location loc)
      : rewriter(rewriter), loc(loc) {}

  /// The element of `operand` of `op` at loop indices `ivs`: a load, the
  /// scalar itself, or the recomputed value of a fused producer.
  Value emitOperand(linalg::LinalgOp op, OpOperand &operand, ValueRange ivs,
                    bool fuse);

  /// Clones the payload of `op` at loop indices `ivs`, except the ops in
  /// `skip`, and returns what maps to `results` (the yielded values when
  /// empty).
  SmallVector<Value> emitPayload(linalg::LinalgOp op, ValueRange ivs,
                                 ArrayRef<Value> results, bool fuse,
                                 ArrayRef<Operation *> skip = {});

  /// Finds the producers to fuse into `op`, before anything is inserted
  /// between them.
  void findProducers(linalg::LinalgOp op);

  /// The producers to fuse, by the operand of the consumer they write.
  DenseMap<OpOperand *, linalg::LinalgOp> producers;
  /// Producers fused so far.
  SmallVector<linalg::LinalgOp> fused;

private:
  RewriterBase &rewriter;
  Location loc;
};

/// Adds `seg.returns` of `values` into `outs` to the results of `map`.
void addReturns(RewriterBase &rewriter, MapOp map, ValueRange values,
                ValueRange outs);

/// Applies the payload's combining op to `acc` and `element`.
Value applyCombiner(RewriterBase &rewriter, const Combiner &combiner, Value acc,
                    Value element);

} // namespace linalg_to_seg
} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_LINALGTOSEG_PAYLOADEMITTER_H
