//===- ContiguousLoads.h - Loads a seg body makes along its rows -*- C++
//-*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-seg-to-gpu: which loads of a seg.map / seg.red /
// seg.scan body read consecutive elements of a memref as the innermost
// induction variable advances (`memref.load %in[..., %i]`, %i the innermost
// index, the memref's innermost stride 1). A thread that evaluates V
// consecutive points can read each of them with one vector load of V
// elements, 128 bits, when the first element's address is aligned.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_CONTIGUOUSLOADS_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_CONTIGUOUSLOADS_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace seg {

/// The contiguous loads of a body and the points a thread evaluates
/// together to read each of them with one vector load.
struct ContiguousLoads {
  /// Loads directly in the body (not under a condition), in body order.
  SmallVector<memref::LoadOp> loads;
  /// Points per vector and vectors a thread loads before using them
  /// (seg::selectVectorLoads); width 1 when the body has no contiguous
  /// load or no vector holds two of its elements.
  int64_t width = 1;
  int64_t vectorsInFlight = 1;

  bool isVectorized() const { return width > 1; }
};

/// The contiguous loads of `body` (a seg body: its last argument is the
/// innermost induction variable), read in the vectors that
/// seg::selectVectorLoads chooses for the target's widest vector load of
/// `maxVectorBytes` and `loadsInFlight` points in flight. Loads of memrefs
/// the body defines, of non-unit innermost stride, of elements that are not
/// integers or floats of a power-of-two byte size, and loads whose other
/// indices depend on the body's values are left out (they stay scalar).
ContiguousLoads analyzeContiguousLoads(Block &body, int64_t maxVectorBytes,
                                       int64_t loadsInFlight);

/// The part of a range of the innermost dimension, [start, start + length),
/// that a thread reads in whole aligned vectors: the range is peeled (the
/// head [start, begin) before the first aligned vector, fewer than a
/// vector's elements, and the tail [end, start + length) after the last
/// whole one), so that misaligned views and rows still take the vector
/// path. Where the loads' misalignments differ (no index aligns them all)
/// no vector is used: begin = end = start, the tail is the whole range.
struct AlignedVectorRange {
  Value begin, end;
};

/// The aligned vectors of `loads` in the range of `length` elements that
/// starts at `ivs` (the body's arguments, the innermost one the start).
AlignedVectorRange emitAlignedVectorRange(OpBuilder &b, Location loc,
                                          const ContiguousLoads &loads,
                                          Block &body, ValueRange ivs,
                                          Value length);

/// Whether every vector of `loads` whose innermost index is a multiple of
/// `loads.width` is aligned to its size, in every row (an i1): the vectors
/// at the origin and one step along each outer dimension are, and
/// misalignment is linear in the indices.
Value emitRowsAligned(OpBuilder &b, Location loc, const ContiguousLoads &loads,
                      Block &body);

/// Bytes of the widest element `loads` read (0 without loads).
int64_t getWidestElementBytes(const ContiguousLoads &loads);

/// The vector widths in which a kernel reads rows of at most `columns`
/// elements whole vectors at a time, widest first, for narrow elements only
/// (u8, i16: scalar loads of them read less than a 32-bit word; wider ones
/// keep scalar loads and the registers vectors would take): the contiguous
/// loads' widest vector, at most `columns`, then one word for rows that are
/// aligned only to words. Empty: scalar loads.
SmallVector<int64_t> selectRowWidths(const ContiguousLoads &loads,
                                     int64_t columns);

/// The widths of selectRowWidths for kernels that read rows of `length`
/// elements (nullopt: dynamic) in whole vectors: with a static length, only
/// those that divide it.
SmallVector<int64_t> selectWholeRowWidths(const ContiguousLoads &loads,
                                          int64_t columns,
                                          std::optional<int64_t> length);

/// The first of `widths` (widest first, from selectRowWidths) that divides
/// the rows' `length` and whose vectors of `loads` are aligned in every row
/// (emitRowsAligned), as an index; 1 where none is.
Value emitRowVectorWidth(OpBuilder &b, Location loc,
                         const ContiguousLoads &loads, ArrayRef<int64_t> widths,
                         Block &body, Value length);

/// The vectors of `loads` at point `ivs` (the body's arguments, the
/// innermost one first of `loads.width` consecutive points).
SmallVector<Value> emitContiguousVectorLoads(OpBuilder &b, Location loc,
                                             const ContiguousLoads &loads,
                                             Block &body, ValueRange ivs);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_CONTIGUOUSLOADS_H
