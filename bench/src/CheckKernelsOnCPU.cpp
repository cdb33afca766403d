//===- CheckKernelsOnCPU.cpp - The harness's references vs SegIR on a CPU -===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Links bench/kernels/reductions.mlir compiled by seg-to-cpu and checks
// that the benchmark harness's CPU references (Reference.h), its inputs
// and its calling convention (SegIRKernels.h) agree with the kernels, on
// sizes a CPU handles quickly. Prints "<benchmark>: ok" per benchmark and
// exits with status 1 on the first difference.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"
#include "SegIRKernels.h"

#include <cstdio>
#include <cstdlib>

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

void expect(bool ok, const char *what, int64_t n) {
  if (ok)
    return;
  std::printf("%s: wrong result for n = %lld\n", what, (long long)n);
  std::exit(1);
}

} // namespace

int main() {
  const int64_t sizes[] = {0, 1, 7, 1000, 65537};
  reference::Random random(42);

  for (int64_t n : sizes) {
    std::vector<float> x = reference::smallIntegers(n, 1 + n);
    float out = -1;
    auto in = vectorRef(x.data(), n);
    auto result = scalarRef(&out);
    _mlir_ciface_bench_sum_f32(&in, &result);
    expect(double(out) == reference::sum(x.data(), n), "sum_f32", n);
  }
  std::printf("sum_f32: ok\n");

  for (auto shape :
       {std::pair<int64_t, int64_t>{1, 4096}, {64, 64}, {4096, 1}, {33, 129}}) {
    int64_t rows = shape.first, cols = shape.second;
    std::vector<float> x = reference::smallIntegers(rows * cols, rows);
    std::vector<float> out(rows, -1);
    auto in = matrixRef(x.data(), rows, cols);
    auto result = vectorRef(out.data(), rows);
    _mlir_ciface_bench_segsum_f32(&in, &result);
    for (int64_t s = 0; s < rows; ++s)
      expect(double(out[s]) == reference::sum(x.data() + s * cols, cols),
             "segsum_f32", rows * cols);
  }
  std::printf("segsum_f32: ok\n");

  for (int64_t n : sizes) {
    std::vector<int32_t> a(n), b(n), c(n), d(n);
    for (int64_t i = 0; i < n; ++i) {
      a[i] = int32_t(random.next() | 1);
      b[i] = int32_t(random.next() & ~uint64_t(1));
      c[i] = int32_t(random.next() & ~uint64_t(1));
      d[i] = int32_t(random.next() | 1);
    }
    int32_t out[4] = {-1, -1, -1, -1};
    auto ma = vectorRef(a.data(), n), mb = vectorRef(b.data(), n),
         mc = vectorRef(c.data(), n), md = vectorRef(d.data(), n);
    auto oa = scalarRef(out), ob = scalarRef(out + 1), oc = scalarRef(out + 2),
         od = scalarRef(out + 3);
    _mlir_ciface_bench_matprod2x2_i32(&ma, &mb, &mc, &md, &oa, &ob, &oc, &od);
    auto expected =
        reference::matProd2x2(a.data(), b.data(), c.data(), d.data(), n);
    expect(std::equal(expected.begin(), expected.end(), out), "matprod2x2_i32",
           n);
  }
  std::printf("matprod2x2_i32: ok\n");

  for (int64_t n : sizes) {
    std::vector<int32_t> x(n);
    for (int32_t &v : x)
      v = random.range(-7, 7);
    int32_t out[4] = {-1, -1, -1, -1};
    auto in = vectorRef(x.data(), n);
    auto o0 = scalarRef(out), o1 = scalarRef(out + 1), o2 = scalarRef(out + 2),
         o3 = scalarRef(out + 3);
    _mlir_ciface_bench_mss_i32(&in, &o0, &o1, &o2, &o3);
    auto expected = reference::mss(x.data(), n);
    expect(std::equal(expected.begin(), expected.end(), out), "mss_i32", n);
  }
  std::printf("mss_i32: ok\n");

  for (int64_t n : sizes) {
    std::vector<int32_t> a(n), b(n);
    for (int64_t i = 0; i < n; ++i) {
      a[i] = int32_t(random.next() | 1);
      b[i] = int32_t(random.next());
    }
    int32_t out[2] = {-1, -1};
    auto ma = vectorRef(a.data(), n), mb = vectorRef(b.data(), n);
    auto oa = scalarRef(out), ob = scalarRef(out + 1);
    _mlir_ciface_bench_linfun_i32(&ma, &mb, &oa, &ob);
    auto expected = reference::linFun(a.data(), b.data(), n);
    expect(std::equal(expected.begin(), expected.end(), out), "linfun_i32", n);
  }
  std::printf("linfun_i32: ok\n");
  return 0;
}
