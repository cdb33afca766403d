//===- ScanLookBack.h - The scan's decoupled look-back ----------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the scan kernels (ScanKernels.cpp) and the single-pass kernel's
// decoupled look-back (ScanLookBack.cpp, [Clausen 2021]) share: the scan's
// operands, its global temporaries and the group status flags.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_SCANLOOKBACK_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_SCANLOOKBACK_H

#include "Emitters.h"

#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir {
namespace seg {

/// Group status flags in global memory.
inline constexpr int64_t kFlagX = 0, kFlagA = 1, kFlagP = 2;
/// A scan: its operands and how to reach its elements and outputs.
struct Scan : SegmentedOperands {
  ScanOp op;
  Value total;

  Scan(OpBuilder &b, Location loc, ScanOp op, const IRMapping &mapping)
      : SegmentedOperands(b, loc, op, mapping), op(op) {
    total = arith::MulIOp::create(b, loc, numSegments, segmentLength);
  }

  SmallVector<Value> combine(OpBuilder &b, ValueRange lhs, ValueRange rhs) {
    return applyOperators(b, op.getOperators(), lhs, rhs);
  }

  /// The segmented operator on (starts-here flag, values...) tuples: a
  /// start on the right discards the left.
  SmallVector<Value> segCombine(OpBuilder &b, Location loc, ValueRange lhs,
                                ValueRange rhs) {
    SmallVector<Value> result;
    result.push_back(arith::OrIOp::create(b, loc, lhs[0], rhs[0]));
    SmallVector<Value> combined =
        combine(b, lhs.drop_front(), rhs.drop_front());
    for (auto [right, both] : llvm::zip_equal(rhs.drop_front(), combined))
      result.push_back(arith::SelectOp::create(b, loc, rhs[0], right, both));
    return result;
  }

  SmallVector<Value> segIdentity(OpBuilder &b, Location loc) {
    SmallVector<Value> identity{arith::ConstantIntOp::create(b, loc, 0, 1)};
    llvm::append_range(identity, neutrals);
    return identity;
  }

  /// Evaluates the body at `ivs`: stores the map-only outputs when
  /// `storeMapOuts`, returns the operator operands.
  SmallVector<Value> element(KernelBuilder &kb, ValueRange ivs,
                             bool storeMapOuts, IRMapping mapping = {}) {
    return emitBodyElement(kb, op.getBody().front(), op.getNumAccumulators(),
                           mapping, ivs,
                           storeMapOuts ? ValueRange(mapOuts) : ValueRange());
  }
};

/// Global temporaries of the kernels, allocated by the host.
struct ScanTemps {
  /// Group status (single pass: X / A / P; reduce-then-scan: whether the
  /// group contains a segment start).
  Value flags;
  SmallVector<Value> aggregates, prefixes;
  /// The dynamic group id counter (single pass).
  Value counter;
};

/// Publishes `values` in `buffers` at `id`, then `flag` with a release
/// store at device scope (st.release.gpu): whoever reads the flag with an
/// acquire load sees the values.
void publish(KernelBuilder &kb, ValueRange values, ValueRange buffers,
             Value flags, Value id, int64_t flag);

/// Polls the status of group `id` with acquire loads at device scope
/// (ld.acquire.gpu: plain loads, no read-modify-write) until it is not X,
/// sleeping between polls for a time that doubles up to a cap; returns it.
Value waitForStatus(KernelBuilder &kb, Value flags, Value id);

/// The look-back of group `id` in the first `width` lanes of warp 0: the
/// combination of the groups since the start of its segment, in lane 0
/// (undefined in the other lanes).
SmallVector<Value> emitLookBack(KernelBuilder &kb, Scan &scan, ScanTemps &temps,
                                Value id, Value segmentStart, int64_t groupSize,
                                int64_t width);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_SCANLOOKBACK_H
