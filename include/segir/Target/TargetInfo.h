//===- TargetInfo.h - The instructions of a GPU vendor ----------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The seam between SegIR's kernel emitters and one GPU vendor's
// instructions, in the style of Triton's TargetInfoBase: emitters ask it
// for back-off sleeps, ordered memory operations, the widest vector load
// and the matrix instructions instead of creating the vendor's ops. The
// implementation is chosen from the `#seg.target` attribute (NVIDIA for
// every chip SegIR knows today).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_TARGET_TARGETINFO_H
#define SEGIR_TARGET_TARGETINFO_H

#include "segir/Dialect/Seg/IR/SegAttrs.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace seg {

/// The threads an ordered memory operation orders against.
enum class MemoryScope { Block, Device };

class TargetInfo {
public:
  virtual ~TargetInfo();

  /// Bytes of the widest vector load from global memory.
  virtual int64_t getMaxVectorLoadBytes() const = 0;

  /// Lets the thread sleep for about `nanoseconds` (an i32): the back-off
  /// between the polls of a spin loop.
  virtual void createBackoffSleep(OpBuilder &b, Location loc,
                                  Value nanoseconds) const = 0;

  /// Makes the lanes of `laneMask` (an i32; the calling lane among them) of
  /// the calling warp wait for each other, ordering their shared-memory
  /// accesses before it against those after it.
  virtual void createWarpBarrier(OpBuilder &b, Location loc,
                                 Value laneMask) const = 0;

  /// The i32 whose bit l is the i1 `predicate` of lane l, for the lanes of
  /// `laneMask` (an i32; the calling lane among them) of the calling warp,
  /// which wait for each other; the other bits are zero.
  virtual Value createBallot(OpBuilder &b, Location loc, Value predicate,
                             Value laneMask) const = 0;

  /// Loads a `type` from `pointer` (an LLVM pointer) with acquire ordering
  /// at `scope`.
  virtual Value createAcquireLoad(OpBuilder &b, Location loc, Type type,
                                  Value pointer, unsigned alignment,
                                  MemoryScope scope) const = 0;

  /// Stores `value` to `pointer` with release ordering at `scope`.
  virtual void createReleaseStore(OpBuilder &b, Location loc, Value value,
                                  Value pointer, unsigned alignment,
                                  MemoryScope scope) const = 0;

  /// Replaces `expected` at `pointer` by `desired` if it is there, with
  /// acquire ordering at `scope` when it is; returns whether it was (i1).
  virtual Value createAcquireCompareExchange(OpBuilder &b, Location loc,
                                             Value pointer, Value expected,
                                             Value desired,
                                             MemoryScope scope) const = 0;

  /// Loads `numTiles` 8 x 8 matrices of 16-bit elements (transposed if
  /// `transpose`) from shared-memory `memref` at `indices`, each lane
  /// addressing one row, into the fragment registers of `type`.
  virtual Value createMatrixLoad(OpBuilder &b, Location loc, VectorType type,
                                 Value memref, ValueRange indices,
                                 bool transpose, int64_t numTiles) const = 0;

  /// The warp-wide multiply-accumulate `acc + a * b` of fragments of an
  /// `shape` (m, n, k) product; `tf32` for 32-bit floats in TF32.
  virtual Value createMatrixMultiplyAccumulate(OpBuilder &b, Location loc,
                                               Value a, Value bMatrix,
                                               Value acc,
                                               ArrayRef<int64_t> shape,
                                               bool tf32) const = 0;

  /// The implementation for `target`.
  static const TargetInfo &get(TargetAttr target);
  /// The implementation for the target that applies to `op`.
  static const TargetInfo &lookup(Operation *op);
};

} // namespace seg
} // namespace mlir

#endif // SEGIR_TARGET_TARGETINFO_H
