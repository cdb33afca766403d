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
// sgmIdx = blockOffset mod n is a 64-bit modulo; everything inside the
// block uses 32-bit values:
//   boundary = min(G, n - sgmIdx)   the first segment start after the
//                                   block's first element (G if none)
//   sizeC    = min(G, n)            the segment size, or G when segments
//                                   are at least a group long
// Element j of the group (0 <= j < G) starts a segment iff j == 0 and
// sgmIdx == 0, or j >= boundary and (j - boundary) mod sizeC == 0. Both
// cases of section 6 hold: if n < G then sizeC = n and the starts are
// boundary + k n; otherwise sizeC = G and only j = boundary < G can start
// one. The same two values give the element's position in its segment
// without a 64-bit division.
//
// The policy provides types V64 (unsigned 64-bit), V32 (unsigned 32-bit),
// Bool and
//   c64 c32 add64 sub64 rem64 min64 add32 sub32 rem32 div32 trunc ext
//   eq64 eq32 ult32 uge32 and_ or_ select64
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

  V64 sgmIdx;
  V32 boundary, sizeC;
  /// The block's first element starts a segment.
  Bool newSegment;

  /// `groupSize` is G, below 2^32.
  static ScanIndexing compute(A &a, V64 blockOffset, V64 n, V64 groupSize) {
    ScanIndexing ix;
    ix.sgmIdx = a.rem64(blockOffset, n);
    ix.boundary = a.trunc(a.min64(groupSize, a.sub64(n, ix.sgmIdx)));
    ix.sizeC = a.trunc(a.min64(groupSize, n));
    ix.newSegment = a.eq64(ix.sgmIdx, a.c64(0));
    return ix;
  }

  /// Whether element `j` of the group starts a segment.
  Bool isStart(A &a, V32 j) const {
    Bool first = a.and_(a.eq32(j, a.c32(0)), newSegment);
    Bool later = a.and_(a.uge32(j, boundary),
                        a.eq32(a.rem32(a.sub32(j, boundary), sizeC), a.c32(0)));
    return a.or_(first, later);
  }

  /// Element `j` of the group as (segments after the block's first one,
  /// index in its segment).
  std::pair<V64, V64> coords(A &a, V32 j) const {
    Bool inFirst = a.ult32(j, boundary);
    // Wraps when inFirst; that value is selected away.
    V32 rest = a.sub32(j, boundary);
    V64 later = a.add64(a.ext(a.div32(rest, sizeC)), a.c64(1));
    V64 segment = a.select64(inFirst, a.c64(0), later);
    V64 index = a.select64(inFirst, a.add64(sgmIdx, a.ext(j)),
                           a.ext(a.rem32(rest, sizeC)));
    return {segment, index};
  }
};

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_SCANINDEXING_H
