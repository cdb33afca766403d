//===- MemoryFootprint.h - Buffers an op may read and write -----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A conservative, buffer-granular view of the memory an op touches: every
// memref access is traced through view-like ops to the buffer it is a view
// of. Two distinct allocations never overlap, and an allocation never
// overlaps an argument of the enclosing function; anything else may.
// Lowerings use it to drop synchronisation between ops that cannot
// communicate through memory.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_UTILS_MEMORYFOOTPRINT_H
#define SEGIR_DIALECT_SEG_UTILS_MEMORYFOOTPRINT_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace seg {

/// The buffer that the memref `value` is a view of: followed through
/// view-like ops (subview, cast, reinterpret_cast, reshapes, ...) to an
/// allocation, a block argument or an op that is none of these.
Value getUnderlyingBuffer(Value value);

/// Whether `value` is the result of memref.alloc or memref.alloca: memory
/// that nothing else refers to when it is created.
bool isFreshAllocation(Value value);

/// Whether the buffers `a` and `b` (as returned by getUnderlyingBuffer) may
/// overlap.
bool mayAliasBuffers(Value a, Value b);

/// The buffers an op and everything nested in it may read and write.
/// Buffers allocated inside the op itself are private to it and left out.
struct MemoryFootprint {
  llvm::SmallSetVector<Value, 4> reads;
  llvm::SmallSetVector<Value, 4> writes;
  /// Some nested op has effects that are not attributed to a memref (a
  /// call, an op without the memory-effect interface, ...).
  bool unknown = false;

  static MemoryFootprint of(Operation *op);
};

/// Whether `first`, then `second` may run in any interleaving with the same
/// result: neither may write a buffer that the other reads or writes.
/// Conservative: false whenever either footprint is unknown.
bool areMemoryIndependent(Operation *first, Operation *second);

/// Whether `op`, or an op nested in it, may write or free memory. An op
/// whose effects are unknown may.
bool mayWriteMemory(Operation *op);

/// Whether an op inside `region` may write or free the memref `memref`
/// through one of its uses there, directly or through a view of it (any
/// memref result of a user). A user whose effects are unknown, or that has
/// effects without reading `memref`, may write it; so may whatever uses
/// its address (memref.extract_aligned_pointer_as_index) for more than
/// integer arithmetic, e.g. to make a pointer that an atomic writes.
bool mayWriteInRegion(Value memref, Region &region);

} // namespace seg
} // namespace mlir

#endif // SEGIR_DIALECT_SEG_UTILS_MEMORYFOOTPRINT_H
