//===- NVIDIATargetInfo.h - NVIDIA's instructions ---------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_TARGET_NVIDIA_NVIDIATARGETINFO_H
#define SEGIR_LIB_TARGET_NVIDIA_NVIDIATARGETINFO_H

#include "segir/Target/TargetInfo.h"

namespace mlir {
namespace seg {

/// NVIDIA GPUs of sm_80 and later: NVVM and nvgpu ops, LLVM atomics with
/// NVPTX's sync scopes.
class NVIDIATargetInfo : public TargetInfo {
public:
  int64_t getMaxVectorLoadBytes() const override;
  void createWarpBarrier(OpBuilder &b, Location loc,
                         Value laneMask) const override;
  Value createBallot(OpBuilder &b, Location loc, Value predicate,
                     Value laneMask) const override;
  void createBackoffSleep(OpBuilder &b, Location loc,
                          Value nanoseconds) const override;
  Value createAcquireLoad(OpBuilder &b, Location loc, Type type, Value pointer,
                          unsigned alignment, MemoryScope scope) const override;
  void createReleaseStore(OpBuilder &b, Location loc, Value value,
                          Value pointer, unsigned alignment,
                          MemoryScope scope) const override;
  Value createAcquireCompareExchange(OpBuilder &b, Location loc, Value pointer,
                                     Value expected, Value desired,
                                     MemoryScope scope) const override;
  Value createMatrixLoad(OpBuilder &b, Location loc, VectorType type,
                         Value memref, ValueRange indices, bool transpose,
                         int64_t numTiles) const override;
  Value createMatrixMultiplyAccumulate(OpBuilder &b, Location loc, Value a,
                                       Value bMatrix, Value acc,
                                       ArrayRef<int64_t> shape,
                                       bool tf32) const override;
};

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_TARGET_NVIDIA_NVIDIATARGETINFO_H
