//===- ChunkSteps.h - Non-commutative reductions in chunk steps -*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the reduction kernels (ReductionKernels.cpp, SequentialSegments.cpp)
// and the chunk steps of non-commutative operators (ChunkSteps.cpp,
// [Pøbl & Holst 2024]) share: the reduction's operands, and one step of
// B x chunk elements.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_CHUNKSTEPS_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_CHUNKSTEPS_H

#include "Emitters.h"

#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir {
namespace seg {

/// A reduction: its operands and how to reach its elements and outputs.
struct Reduction : SegmentedOperands {
  RedOp op;

  Reduction(OpBuilder &b, Location loc, RedOp op, const IRMapping &mapping)
      : SegmentedOperands(b, loc, op, mapping), op(op) {}

  MutableArrayRef<Region> operators() { return op.getOperators(); }

  /// The operands of the operators at element `index` of segment `segment`.
  SmallVector<Value> element(KernelBuilder &kb, IRMapping &mapping,
                             Value segment, Value index) {
    SmallVector<Value> ivs = delinearize(kb.b, kb.loc, segment, segmentSizes);
    ivs.push_back(index);
    return emitBodyElement(kb, op.getBody().front(), op.getNumAccumulators(),
                           mapping, ivs, mapOuts);
  }

  /// The operands of the operators at elements [base, base + width) of
  /// `segment`, one tuple after the other: the body `width` times, each of
  /// its contiguous loads read once as a vector.
  SmallVector<Value> vectorElements(KernelBuilder &kb,
                                    const ContiguousLoads &loads, Value segment,
                                    Value base) {
    SmallVector<Value> ivs = delinearize(kb.b, kb.loc, segment, segmentSizes);
    ivs.push_back(base);
    return emitVectorBodyElements(kb, op.getBody().front(),
                                  op.getNumAccumulators(), loads, ivs, mapOuts);
  }

  /// The element if `inBounds`, else the neutral values.
  SmallVector<Value> elementOrNeutral(KernelBuilder &kb, IRMapping mapping,
                                      Value inBounds, Value segment,
                                      Value index) {
    return kb.ifThenElse(
        inBounds, types, [&] { return element(kb, mapping, segment, index); },
        [&] { return neutrals; });
  }

  SmallVector<Value> combine(KernelBuilder &kb, ValueRange accs,
                             ValueRange elems) {
    return applyOperators(kb.b, operators(), accs, elems);
  }

  void store(KernelBuilder &kb, ValueRange accs, Value segment) {
    SmallVector<Value> indices =
        delinearize(kb.b, kb.loc, segment, segmentSizes);
    for (auto [value, out] : llvm::zip_equal(accs, outs))
      memref::StoreOp::create(kb.b, kb.loc, value, out, indices);
  }
};

/// `lhs` `pred` `rhs` of two index values (an i1).
inline Value compareIndex(KernelBuilder &kb, arith::CmpIPredicate pred,
                          Value lhs, Value rhs) {
  return arith::CmpIOp::create(kb.b, kb.loc, pred, lhs, rhs);
}

/// The sequential-segments kernel of `red` (SequentialSegments.cpp).
void emitSequentialSegmentsKernel(OpBuilder &b, Location loc, Reduction &red,
                                  const RedPlan &plan);

/// One step of [Pøbl & Holst 2024]'s chunked stage one over the B x chunk
/// elements at `base` (reduceOwnChunk). With every operand transposed at
/// once, the warps reduce their threads' results with shuffles and store one
/// total per warp after the transposition's slots; one more barrier, which
/// also frees the buffers for the next step, and the first warp reduces the
/// warp totals: two barriers per step. Otherwise a block reduction follows.
/// The step's total is valid in thread 0.
SmallVector<Value>
reduceChunkStep(KernelBuilder &kb, Reduction &red, Value base, int64_t chunk,
                int64_t chunkSlots,
                function_ref<SmallVector<Value>(Value)> elementAt);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_CHUNKSTEPS_H
