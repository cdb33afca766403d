//===- SegIRKernels.cpp - SegIR implementations of the benchmarks ---------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SegIRKernels.h"

extern "C" {
void _mlir_ciface_bench_sum_f32(MemRef<float, 1> *x, MemRef<float, 0> *out);
void _mlir_ciface_bench_segsum_f32(MemRef<float, 2> *x, MemRef<float, 1> *out);
void _mlir_ciface_bench_matprod2x2_i32(
    MemRef<int32_t, 1> *a, MemRef<int32_t, 1> *b, MemRef<int32_t, 1> *c,
    MemRef<int32_t, 1> *d, MemRef<int32_t, 0> *oa, MemRef<int32_t, 0> *ob,
    MemRef<int32_t, 0> *oc, MemRef<int32_t, 0> *od);
void _mlir_ciface_bench_mss_i32(MemRef<int32_t, 1> *x, MemRef<int32_t, 0> *mss,
                                MemRef<int32_t, 0> *mis,
                                MemRef<int32_t, 0> *mcs,
                                MemRef<int32_t, 0> *ts);
void _mlir_ciface_bench_linfun_i32(MemRef<int32_t, 1> *a, MemRef<int32_t, 1> *b,
                                   MemRef<int32_t, 0> *oa,
                                   MemRef<int32_t, 0> *ob);
}

namespace {

void sumF32(const float *x, int64_t n, float *out) {
  auto in = vectorRef(const_cast<float *>(x), n);
  auto result = scalarRef(out);
  _mlir_ciface_bench_sum_f32(&in, &result);
}

void segSumF32(const float *x, int64_t rows, int64_t cols, float *out) {
  auto in = matrixRef(const_cast<float *>(x), rows, cols);
  auto result = vectorRef(out, rows);
  _mlir_ciface_bench_segsum_f32(&in, &result);
}

void matProd2x2(const int32_t *a, const int32_t *b, const int32_t *c,
                const int32_t *d, int64_t n, int32_t *out) {
  auto ma = vectorRef(const_cast<int32_t *>(a), n);
  auto mb = vectorRef(const_cast<int32_t *>(b), n);
  auto mc = vectorRef(const_cast<int32_t *>(c), n);
  auto md = vectorRef(const_cast<int32_t *>(d), n);
  auto oa = scalarRef(out), ob = scalarRef(out + 1), oc = scalarRef(out + 2),
       od = scalarRef(out + 3);
  _mlir_ciface_bench_matprod2x2_i32(&ma, &mb, &mc, &md, &oa, &ob, &oc, &od);
}

void mss(const int32_t *x, int64_t n, int32_t *out) {
  auto in = vectorRef(const_cast<int32_t *>(x), n);
  auto o0 = scalarRef(out), o1 = scalarRef(out + 1), o2 = scalarRef(out + 2),
       o3 = scalarRef(out + 3);
  _mlir_ciface_bench_mss_i32(&in, &o0, &o1, &o2, &o3);
}

void linFun(const int32_t *a, const int32_t *b, int64_t n, int32_t *out) {
  auto ma = vectorRef(const_cast<int32_t *>(a), n);
  auto mb = vectorRef(const_cast<int32_t *>(b), n);
  auto oa = scalarRef(out), ob = scalarRef(out + 1);
  _mlir_ciface_bench_linfun_i32(&ma, &mb, &oa, &ob);
}

} // namespace

const SegIRImplementations &segirImplementations() {
  static const SegIRImplementations table = {
      /*sumF32=*/sumF32,
      /*segSumF32=*/segSumF32,
      /*matProd2x2=*/matProd2x2,
      /*mss=*/mss,
      /*linFun=*/linFun,
      // seg.scan is not compiled by seg-to-nvvm yet.
      /*inclusiveSumF32=*/nullptr,
      // No tiled SGEMM kernel in bench/kernels yet.
      /*sgemm=*/nullptr,
  };
  return table;
}
