//===- SharedMemoryLayout.cpp - Shared memory of one kernel ---------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Analysis/SharedMemoryLayout.h"
#include "segir/Analysis/ResourceModel.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::seg;

int64_t seg::getSharedBufferBytes(Type type, int64_t count) {
  // index is 64 bits wide on the GPU.
  int64_t bytes = getPrimitiveByteSize(type).value_or(8);
  return llvm::alignTo(count * bytes, kSharedBufferAlignment);
}

void SharedMemoryLayout::addBuffer(Type type, int64_t count) {
  buffers.push_back({type, count, persistentBytes});
  persistentBytes += getSharedBufferBytes(type, count);
}

void SharedMemoryLayout::addBuffers(TypeRange types, int64_t count) {
  for (Type type : types)
    addBuffer(type, count);
}

void SharedMemoryLayout::reserveScratch(TypeRange types, int64_t count) {
  int64_t bytes = 0;
  for (Type type : types)
    bytes += getSharedBufferBytes(type, count);
  scratchBytes = std::max(scratchBytes, bytes);
}

void SharedMemoryLayout::reserveBlockReduce(TypeRange types, int64_t numWarps) {
  if (numWarps > 1)
    reserveScratch(types, numWarps);
}

void SharedMemoryLayout::addBlockScan(TypeRange types, int64_t numWarps,
                                      int64_t blockSize, bool parkExclusive) {
  if (numWarps <= 1)
    return;
  if (parkExclusive)
    addBuffers(types, blockSize);
  addBuffers(types, numWarps);
}
