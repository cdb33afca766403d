//===- SegIRKernels.h - The SegIR side of the benchmark harness -*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Memref descriptors, the C entry points of bench/kernels/*.mlir (compiled
// by seg-to-nvvm, or by seg-to-cpu for the CPU checks), and the table
// through which the harness finds SegIR implementations. A benchmark whose
// entry is null is reported as missing.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_BENCH_SEGIRKERNELS_H
#define SEGIR_BENCH_SEGIRKERNELS_H

#include "BF16.h"

#include <cstdint>
#include <vector>

// A ranked memref descriptor as MLIR's LLVM lowering lays it out.
template <typename T, int Rank> struct MemRef {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};
template <typename T> struct MemRef<T, 0> {
  T *allocated;
  T *aligned;
  int64_t offset;
};

template <typename T> MemRef<T, 0> scalarRef(T *p) { return {p, p, 0}; }
template <typename T> MemRef<T, 1> vectorRef(T *p, int64_t n) {
  return {p, p, 0, {n}, {1}};
}
template <typename T> MemRef<T, 2> matrixRef(T *p, int64_t rows, int64_t cols) {
  return {p, p, 0, {rows, cols}, {cols, 1}};
}

// The implementations a benchmark compares; all pointers are device
// memory and every call returns after its kernels finished.
using SumF32Fn = void (*)(const float *x, int64_t n, float *out);
using SegSumF32Fn = void (*)(const float *x, int64_t rows, int64_t cols,
                             float *out);
// 2x2 matrices given as four arrays; out receives a, b, c, d.
using MatProd2x2Fn = void (*)(const int32_t *a, const int32_t *b,
                              const int32_t *c, const int32_t *d, int64_t n,
                              int32_t *out);
// out receives mss, best prefix, best suffix, total.
using MssFn = void (*)(const int32_t *x, int64_t n, int32_t *out);
// out receives the composition's a and b.
using LinFunFn = void (*)(const int32_t *a, const int32_t *b, int64_t n,
                          int32_t *out);
using InclusiveSumF32Fn = void (*)(const float *x, int64_t n, float *out);
// Inclusive sums of every row of a row-major rows x cols matrix.
using SegScanF32Fn = void (*)(const float *x, int64_t rows, int64_t cols,
                              float *out);
// Row-major C[m][n] = A[m][k] * B[k][n], inputs of type Input, f32
// accumulation and output.
template <typename Input>
using GemmFn = void (*)(const Input *a, const Input *b, float *c, int64_t m,
                        int64_t n, int64_t k);
using SgemmFn = GemmFn<float>;
using GemmBF16Fn = GemmFn<BF16>;
// The 9x9 stencil of bench/kernels/schedule.mlir on a row-major
// rows x cols matrix.
using StencilI32Fn = void (*)(const int32_t *a, int64_t rows, int64_t cols,
                              int32_t *b);

// Counts (i32) of the n samples into the bins of `hist`, which the call
// overwrites (bench/kernels/hist.mlir gives each function's bins).
using HistU8Fn = void (*)(const uint8_t *x, int64_t n, int32_t *hist);
using HistU32Fn = void (*)(const uint32_t *x, int64_t n, int32_t *hist);
// Per bin (sample mod 4096) the (key << 32) | index of the smallest key
// (sample / 4096), then the smallest index; 2^64 - 1 for an empty bin.
using ArgminU32Fn = void (*)(const uint32_t *x, int64_t n, uint64_t *out);

// One compilation of a kernel among several (bench/kernels/variants.txt):
// its name in the report and whether it is the resource model's choice.
template <typename Fn> struct Variant {
  const char *name;
  Fn fn;
  bool model;
};
template <typename Fn> using Variants = std::vector<Variant<Fn>>;

struct SegIRImplementations {
  SumF32Fn sumF32;
  SegSumF32Fn segSumF32;
  MatProd2x2Fn matProd2x2;
  MssFn mss;
  LinFunFn linFun;
  // Scans by strategy of convert-seg-to-gpu: single-pass (decoupled
  // look-back) and reduce-then-scan.
  InclusiveSumF32Fn inclusiveSumF32;
  InclusiveSumF32Fn inclusiveSumF32ReduceThenScan;
  SegScanF32Fn segScanF32;
  SegScanF32Fn segScanF32ReduceThenScan;
  // Tiled by seg-tile-block-register with the resource model's tiles.
  SgemmFn sgemm;
  // The same on tensor cores (mma=tf32): TF32 inputs, f32 accumulation.
  SgemmFn sgemmTF32;
  // BF16 inputs on tensor cores (mma=bf16), f32 accumulation.
  GemmBF16Fn gemmBF16;
  // The same two on Hopper's warpgroup MMA (mma-instruction=wgmma, sm_90a).
  SgemmFn sgemmTF32Wgmma;
  GemmBF16Fn gemmBF16Wgmma;
  // Row order and column schedules (seg-column-schedule).
  Variants<StencilI32Fn> stencilSchedules;
  Variants<SgemmFn> naiveMatmulSchedules;
  // The resource model's choice and alternatives: chunks of the
  // non-commutative reductions (seg-select-chunk), SGEMM tiles.
  Variants<MatProd2x2Fn> matProd2x2Chunks;
  Variants<MssFn> mssChunks;
  Variants<LinFunFn> linFunChunks;
  Variants<SgemmFn> sgemmTiles;
  // Histograms (bench/kernels/hist.mlir) by strategy: the resource model's
  // and global atomics.
  Variants<HistU8Fn> histU8Bins256;
  Variants<HistU32Fn> histU32Bins256, histU32Bins4096, histU32Bins2p20;
  Variants<ArgminU32Fn> argminU32Bins4096;
};

// The u32 histograms of SegIRImplementations by their number of bins
// (2^log2Bins, the samples' bits 23 .. 24 - log2Bins).
struct HistU32Bins {
  int log2Bins;
  const Variants<HistU32Fn> &variants;
};
inline std::vector<HistU32Bins> getHistU32Bins(const SegIRImplementations &s) {
  return {
      {8, s.histU32Bins256}, {12, s.histU32Bins4096}, {20, s.histU32Bins2p20}};
}

// Defined in SegIRKernels.cpp: adding a SegIR kernel is its function in
// bench/kernels/ and its entry there.
const SegIRImplementations &segirImplementations();

#endif // SEGIR_BENCH_SEGIRKERNELS_H
