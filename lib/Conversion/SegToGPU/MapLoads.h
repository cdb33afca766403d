//===- MapLoads.h - What a map's threads load and keep ----------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-seg-to-gpu: the analysis of a seg.map's loads and
// arrays that the map planner decides by and the map emitter follows. It
// sits below both: it knows neither plans nor kernels.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_MAPLOADS_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_MAPLOADS_H

#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir {
namespace seg {

/// Whether `op` loads from a memref the map of body `scope` captures
/// (device memory, not a private array of the thread).
bool isCapturedLoad(Operation *op, Region &scope);

/// Points a thread of a thread-level or thread_in_block map of `blockSize`
/// threads evaluates together: `requested` (the loads-in-flight option)
/// when positive, else enough leading loads in flight (about 16 words); one
/// when the body loads nothing before it writes or has private arrays, and
/// no more than a thread has when the space is static.
int64_t getMapLoadsInFlight(MapOp op, int64_t blockSize, int64_t requested);

/// If every use of the block-level `alloca` is a load or store directly in
/// a thread_in_block map of exactly `blockSize` static points whose leading
/// indices are that map's induction variables: each thread then touches
/// only its own part (a thread-private array expanded by the thread index,
/// such as the register tiles of seg-tile-block-register), the number of
/// those thread dimensions; else 0.
unsigned getThreadPrivateRank(memref::AllocaOp alloca, int64_t blockSize);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_MAPLOADS_H
