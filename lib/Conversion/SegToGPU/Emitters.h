//===- Emitters.h - Kernels of seg.map, seg.red and seg.scan ----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-seg-to-gpu: one entry per op kind, replacing a
// planned top-level op by its kernels and host code (MapKernels.cpp,
// ReductionKernels.cpp, ScanKernels.cpp), the thread_in_block ops a block
// kernel contains, and what those emitters share (SegBodies.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_EMITTERS_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_EMITTERS_H

#include "KernelBuilder.h"
#include "LoweringPlan.h"

namespace mlir {
namespace seg {

/// Lowers a top-level seg.map (thread or block level) to a kernel.
void lowerMapToGPU(OpBuilder &b, MapOp op, const MapPlan &plan);

/// Lowers a thread-level seg.red to the three kernels of
/// [Larsen & Henriksen 2017] and the host code that picks one.
void lowerRedToGPU(OpBuilder &b, RedOp op, const RedPlan &plan);

/// Lowers a thread-level seg.scan to the single-pass kernel (or the three
/// reduce-then-scan kernels) and its host code.
void lowerScanToGPU(OpBuilder &b, ScanOp op, const ScanPlan &plan);

/// Lowers a thread-level seg.hist to the kernel of the plan's strategy
/// (global atomics or shared-memory sub-histograms), HistogramKernels.cpp.
void lowerHistToGPU(OpBuilder &b, HistOp op, const HistPlan &plan);

/// A `thread_in_block` seg.red inside a block kernel: the block reduces its
/// segments one after the other; thread 0 writes the results.
void emitThreadInBlockRed(KernelBuilder &kb, RedOp op, IRMapping &mapping);

/// A `thread_in_block` seg.scan inside a block kernel: the block scans its
/// segments one after the other, a block-wide step at a time.
void emitThreadInBlockScan(KernelBuilder &kb, ScanOp op, IRMapping &mapping);

//===----------------------------------------------------------------------===//
// Seg bodies in kernels (SegBodies.cpp)
//===----------------------------------------------------------------------===//

/// Clones the ops of `body` but its terminator at the builder's point, with
/// its arguments mapped to `ivs`, into `mapping`. `allocaReplacement`
/// decides where an `alloca` directly in the body goes (it returns the
/// value that replaces it). The ops of `replaced` are not cloned: the
/// caller has mapped their results.
void cloneBodyAt(OpBuilder &b, Block &body, ValueRange ivs, IRMapping &mapping,
                 function_ref<Value(memref::AllocaOp)> allocaReplacement,
                 ArrayRef<Operation *> replaced = {});

/// What the kernels of a seg.red or seg.scan share: the operators' neutral
/// values and outputs, the map-only outputs and the segments (all but the
/// innermost dimension), valid on the host and (captured) in its kernels.
struct SegmentedOperands {
  SmallVector<Value> neutrals, outs, mapOuts;
  SmallVector<Value> segmentSizes;
  Value numSegments, segmentLength;
  SmallVector<Type> types;

  template <typename OpTy>
  SegmentedOperands(OpBuilder &b, Location loc, OpTy op,
                    const IRMapping &mapping)
      : SegmentedOperands(b, loc, op.getNeutrals(), op.getCombinedOuts(),
                          op.getMapOuts(), op.getMixedSizes(), mapping) {}

private:
  SegmentedOperands(OpBuilder &b, Location loc, ValueRange neutrals,
                    ValueRange outs, ValueRange mapOuts,
                    ArrayRef<OpFoldResult> sizes, const IRMapping &mapping);
};

/// Emits the body of a seg.red or seg.scan (`body`, whose terminator yields
/// `numAccumulators` operator operands, then map-only values) at the point
/// `ivs` inside a kernel: stores the map-only values into `mapOuts` unless
/// it is empty, and returns the operands of the operators.
SmallVector<Value> emitBodyElement(KernelBuilder &kb, Block &body,
                                   unsigned numAccumulators, IRMapping &mapping,
                                   ValueRange ivs, ValueRange mapOuts,
                                   ArrayRef<Operation *> replaced = {});

/// Emits the body at the `loads.width` consecutive points from `ivs` (the
/// innermost index the first), each contiguous load of `loads` read once
/// as a vector and its lanes given to the points in turn: what
/// emitBodyElement returns at each point, one point after the other.
SmallVector<Value> emitVectorBodyElements(KernelBuilder &kb, Block &body,
                                          unsigned numAccumulators,
                                          const ContiguousLoads &loads,
                                          ValueRange ivs, ValueRange mapOuts);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_EMITTERS_H
