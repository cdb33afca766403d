//===- ScanIndexing.h - The scan's 32-bit index arithmetic ------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The index arithmetic of the single-pass segmented scan [Clausen 2021,
// §6], written once over an arithmetic policy `A`: the kernels instantiate
// it with one that emits `arith` ops, the unit tests with one on plain
// integers.
//
// A block handles the group of G = B * m elements starting at the global
// (64-bit) index blockOffset, in segments of n elements (n >= 1). Only
// sgmIdx = blockOffset mod n is a 64-bit modulo (none when the scan has
// one segment; the kernels compute it by a multiplication with a
// reciprocal of n, or as LLVM divides by a constant n, computeAt); everything inside the block uses 32-bit
// values:
//   boundary = min(G, n - sgmIdx)   the first segment start after the
//                                   block's first element (G if none)
//   sizeC    = min(G, n)            the segment size, or G when segments
//                                   are at least a group long
// Element j of the group (0 <= j < G) starts a segment iff j == 0 and
// sgmIdx == 0, or j >= boundary and (j - boundary) mod sizeC == 0. Both
// cases of section 6 hold: if n < G then sizeC = n and the starts are
// boundary + k n; otherwise sizeC = G and only j = boundary < G can start
// one.
//
// A thread reaches its elements by a cursor (segment, phase) with
// j = boundary + (segment - 1) sizeC + phase and 0 <= phase < sizeC:
// segment 0 is the block's first (then phase = j + sizeC - boundary, as
// boundary <= sizeC), the phase is the index in later segments. Since
// sizeC is the same for every group of a kernel, the kernel splits the
// offsets it needs (its thread's first element, the step between its
// elements) into (quotient, remainder) by sizeC once, before its group
// loop; placing a cursor in a group and advancing it then take an add and
// one conditional subtraction, no division or remainder per element or
// group.
//
// The policy provides types V64 (unsigned 64-bit), V32 (unsigned 32-bit),
// Bool and
//   c64 c32 add64 sub64 rem64 min64 add32 sub32 rem32 div32 trunc ext
//   eq64 eq32 ne32 uge32 and_ or_ select64 select32
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_SCANINDEXING_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_SCANINDEXING_H

#include <utility>

namespace mlir {
namespace seg {

template <typename A> struct ScanIndexing {
  using V64 = typename A::V64;
  using V32 = typename A::V32;
  using Bool = typename A::Bool;

  /// An offset j inside a group as j = quotient * sizeC + remainder.
  struct Split {
    V32 quotient, remainder;
  };
  /// Element j of a group: j = boundary + (segment - 1) sizeC + phase.
  struct Cursor {
    V32 segment, phase;
  };

  V64 sgmIdx;
  V32 boundary, sizeC;
  /// The index of the group's element boundary - sizeC in the block's
  /// first segment (not negative: boundary = sizeC or sgmIdx + boundary =
  /// n >= sizeC), so that its element j lies at firstBase + phase.
  V64 firstBase;
  /// The block's first element starts a segment.
  Bool newSegment;

  /// sizeC, which every group of a kernel shares.
  static V32 getSegmentStride(A &a, V64 n, V64 groupSize) {
    return a.trunc(a.min64(groupSize, n));
  }
  /// `offset` split by the segment stride (the kernel does this once).
  static Split split(A &a, V32 offset, V32 sizeC) {
    return {a.div32(offset, sizeC), a.rem32(offset, sizeC)};
  }

  /// `groupSize` is G, below 2^31. With `singleSegment` (n is the whole
  /// array and every group lies in the one segment) sgmIdx is blockOffset.
  static ScanIndexing compute(A &a, V64 blockOffset, V64 n, V64 groupSize,
                              bool singleSegment = false) {
    return computeAt(a, singleSegment ? blockOffset : a.rem64(blockOffset, n),
                     n, groupSize);
  }
  /// The same with sgmIdx = blockOffset mod n given (a kernel computes it
  /// without a division, InvariantDivisor in ScanKernels.cpp).
  static ScanIndexing computeAt(A &a, V64 sgmIdx, V64 n, V64 groupSize) {
    ScanIndexing ix;
    ix.sgmIdx = sgmIdx;
    ix.boundary = a.trunc(a.min64(groupSize, a.sub64(n, ix.sgmIdx)));
    ix.sizeC = getSegmentStride(a, n, groupSize);
    ix.firstBase =
        a.sub64(a.add64(ix.sgmIdx, a.ext(ix.boundary)), a.ext(ix.sizeC));
    ix.newSegment = a.eq64(ix.sgmIdx, a.c64(0));
    return ix;
  }

  /// The cursor of element j, split by sizeC.
  Cursor at(A &a, Split j) const {
    // j = boundary + (quotient - 1) sizeC + (remainder + sizeC - boundary),
    // with the last term in [0, 2 sizeC).
    return normalize(
        a, {j.quotient, a.sub32(a.add32(j.remainder, sizeC), boundary)});
  }
  /// The cursor `step` (split by sizeC) elements after `c`.
  Cursor advance(A &a, Cursor c, Split step) const {
    return normalize(a, {a.add32(c.segment, step.quotient),
                         a.add32(c.phase, step.remainder)});
  }

  /// Whether the element at `c` starts a segment.
  Bool isStart(A &a, Cursor c) const {
    Bool later = a.ne32(c.segment, a.c32(0));
    return a.and_(a.eq32(c.phase, a.c32(0)), a.or_(later, newSegment));
  }

  /// The element at `c` as (segments after the block's first one, index
  /// in its segment).
  std::pair<V64, V64> coords(A &a, Cursor c) const {
    Bool inFirst = a.eq32(c.segment, a.c32(0));
    V64 base = a.select64(inFirst, firstBase, a.c64(0));
    return {a.ext(c.segment), a.add64(base, a.ext(c.phase))};
  }

private:
  /// Brings a phase below 2 sizeC under sizeC.
  Cursor normalize(A &a, Cursor c) const {
    Bool wraps = a.uge32(c.phase, sizeC);
    return {a.select32(wraps, a.add32(c.segment, a.c32(1)), c.segment),
            a.select32(wraps, a.sub32(c.phase, sizeC), c.phase)};
  }
};

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_SCANINDEXING_H
