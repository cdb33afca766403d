//===- SharedMemoryLayout.h - Shared memory of one kernel -------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The shared memory a GPU kernel declares, as a planner computes it before
// the kernel exists: the resource model sizes choices by it and the
// convert-seg-to-gpu emitters allocate from it.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_ANALYSIS_SHAREDMEMORYLAYOUT_H
#define SEGIR_ANALYSIS_SHAREDMEMORYLAYOUT_H

#include "mlir/IR/TypeRange.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
namespace seg {

/// Bytes that a shared buffer of `count` elements of `type` takes, with the
/// alignment padding before it (kSharedBufferAlignment).
int64_t getSharedBufferBytes(Type type, int64_t count);

/// The shared memory of one kernel: persistent buffers at increasing
/// offsets, in the order the kernel allocates them, then one scratch region
/// that the kernel's phases reuse one after another (block reductions,
/// broadcasts, chunk transpositions), sized for the largest of them.
class SharedMemoryLayout {
public:
  struct Buffer {
    Type elementType;
    int64_t count;
    int64_t offset;
  };

  /// Appends a persistent buffer of `count` elements of `type`.
  void addBuffer(Type type, int64_t count);
  /// Appends one persistent buffer of `count` elements per type.
  void addBuffers(TypeRange types, int64_t count);
  /// Makes the scratch region hold `count` elements of every type of
  /// `types` at once.
  void reserveScratch(TypeRange types, int64_t count);

  /// The scratch of a block reduction over `types` by `numWarps` warps (a
  /// value per warp and type when there are several).
  void reserveBlockReduce(TypeRange types, int64_t numWarps);
  /// The buffers of a block scan over `types` by `numWarps` warps of a
  /// block of `blockSize` threads: with `parkExclusive`, a value per thread
  /// of each type, then a value per warp of each type (none for one warp).
  void addBlockScan(TypeRange types, int64_t numWarps, int64_t blockSize,
                    bool parkExclusive = false);

  ArrayRef<Buffer> getBuffers() const { return buffers; }
  /// Where the scratch region starts: after every persistent buffer.
  int64_t getScratchOffset() const { return persistentBytes; }
  int64_t getScratchBytes() const { return scratchBytes; }
  int64_t getTotalBytes() const { return persistentBytes + scratchBytes; }

private:
  SmallVector<Buffer> buffers;
  int64_t persistentBytes = 0;
  int64_t scratchBytes = 0;
};

} // namespace seg
} // namespace mlir

#endif // SEGIR_ANALYSIS_SHAREDMEMORYLAYOUT_H
