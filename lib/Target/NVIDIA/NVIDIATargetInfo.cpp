//===- NVIDIATargetInfo.cpp - NVIDIA's instructions -----------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "NVIDIATargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace mlir::seg;

/// NVPTX's name of `scope` as an LLVM sync scope.
static StringRef getSyncScope(MemoryScope scope) {
  return scope == MemoryScope::Block ? "block" : "device";
}

int64_t NVIDIATargetInfo::getMaxVectorLoadBytes() const {
  // ld.global.v4.b32.
  return 16;
}

void NVIDIATargetInfo::createBackoffSleep(OpBuilder &b, Location loc,
                                          Value nanoseconds) const {
  NVVM::NanosleepOp::create(b, loc, nanoseconds);
}

void NVIDIATargetInfo::createWarpBarrier(OpBuilder &b, Location loc,
                                         Value laneMask) const {
  NVVM::SyncWarpOp::create(b, loc, laneMask);
}

Value NVIDIATargetInfo::createBallot(OpBuilder &b, Location loc,
                                     Value predicate, Value laneMask) const {
  return NVVM::VoteSyncOp::create(b, loc, b.getI32Type(), laneMask, predicate,
                                  NVVM::VoteSyncKind::ballot);
}

Value NVIDIATargetInfo::createAcquireLoad(OpBuilder &b, Location loc, Type type,
                                          Value pointer, unsigned alignment,
                                          MemoryScope scope) const {
  return LLVM::LoadOp::create(b, loc, type, pointer, alignment,
                              /*isVolatile=*/false, /*isNonTemporal=*/false,
                              /*isInvariant=*/false,
                              /*isInvariantGroup=*/false,
                              LLVM::AtomicOrdering::acquire,
                              getSyncScope(scope));
}

void NVIDIATargetInfo::createReleaseStore(OpBuilder &b, Location loc,
                                          Value value, Value pointer,
                                          unsigned alignment,
                                          MemoryScope scope) const {
  LLVM::StoreOp::create(b, loc, value, pointer, alignment,
                        /*isVolatile=*/false, /*isNonTemporal=*/false,
                        /*isInvariantGroup=*/false,
                        LLVM::AtomicOrdering::release, getSyncScope(scope));
}

Value NVIDIATargetInfo::createAcquireCompareExchange(OpBuilder &b, Location loc,
                                                     Value pointer,
                                                     Value expected,
                                                     Value desired,
                                                     MemoryScope scope) const {
  auto exchange = LLVM::AtomicCmpXchgOp::create(
      b, loc, pointer, expected, desired, LLVM::AtomicOrdering::acquire,
      LLVM::AtomicOrdering::monotonic, getSyncScope(scope));
  return LLVM::ExtractValueOp::create(b, loc, exchange, 1);
}

Value NVIDIATargetInfo::createMatrixLoad(OpBuilder &b, Location loc,
                                         VectorType type, Value memref,
                                         ValueRange indices, bool transpose,
                                         int64_t numTiles) const {
  return nvgpu::LdMatrixOp::create(b, loc, type, memref, indices, transpose,
                                   numTiles);
}

Value NVIDIATargetInfo::createMatrixMultiplyAccumulate(OpBuilder &b,
                                                       Location loc, Value a,
                                                       Value bMatrix, Value acc,
                                                       ArrayRef<int64_t> shape,
                                                       bool tf32) const {
  return nvgpu::MmaSyncOp::create(b, loc, a, bMatrix, acc, shape,
                                  /*tf32Enabled=*/tf32);
}
