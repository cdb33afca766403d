//===- CheckKernelsOnCPU.cpp - The harness's references vs SegIR on a CPU -===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Links the kernels of bench/kernels (every variant of variants.txt)
// compiled by seg-to-cpu or by seg-to-emulator (the GPU lowering, run by
// the kernel emulator), and SegIRKernels.cpp, and checks that the
// benchmark harness's CPU references (Reference.h), its inputs and its
// calling convention (SegIRKernels.h) agree with the kernels, on sizes a
// CPU handles quickly. The passes a variant runs before the pipeline
// (seg-tile-block-register, seg-column-schedule, seg-select-chunk) are
// thereby checked too. Prints "<benchmark>: ok" per benchmark and exits
// with status 1 on the first difference.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"
#include "SegIRKernels.h"

#include <cstdio>
#include <cstdlib>
#include <string>

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

void expectVariant(bool ok, const char *what, const char *variant,
                   const std::string &shape) {
  if (ok)
    return;
  std::printf("%s (%s): wrong result for %s\n", what, variant, shape.c_str());
  std::exit(1);
}

std::string shapeName(int64_t m, int64_t n, int64_t k) {
  return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
}

std::vector<int32_t> smallI32(int64_t n, reference::Random &random) {
  std::vector<int32_t> x(n);
  for (int32_t &v : x)
    v = random.range(-5, 5);
  return x;
}

// C = A B by every variant in `variants` on shapes with and without
// residual tiles, against the exact product of small integers (exact in
// f32, TF32 and bf16 alike).
template <typename Input>
void checkMatmuls(const Variants<GemmFn<Input>> &variants, const char *what,
                  reference::Random &random) {
  struct Shape {
    int64_t m, n, k;
  };
  // 257 x 133: full blocks (tiles up to 128 x 128) and edge blocks.
  for (Shape s : {Shape{1, 1, 1}, Shape{64, 64, 64}, Shape{37, 29, 41},
                  Shape{130, 67, 99}, Shape{3, 300, 2}, Shape{257, 133, 70}}) {
    std::vector<float> a = reference::smallIntegers(s.m * s.k, random.next());
    std::vector<float> b = reference::smallIntegers(s.k * s.n, random.next());
    std::vector<Input> inA = asInputs(a, Input()), inB = asInputs(b, Input());
    for (const auto &v : variants) {
      std::vector<float> c(s.m * s.n, -1);
      v.fn(inA.data(), inB.data(), c.data(), s.m, s.n, s.k);
      for (int64_t i = 0; i < s.m; ++i)
        for (int64_t j = 0; j < s.n; ++j)
          expectVariant(double(c[i * s.n + j]) ==
                            reference::dot(a.data(), b.data(), s.n, s.k, i, j),
                        what, v.name, shapeName(s.m, s.n, s.k));
    }
  }
  std::printf("%s: ok (%zu variants)\n", what, variants.size());
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
    auto [a, b, c, d] = reference::oddMatrices2x2(random, n);
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
    std::vector<int32_t> x = reference::mssInput(random, n);
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
    auto [a, b] = reference::oddLinearFunctions(random, n);
    int32_t out[2] = {-1, -1};
    auto ma = vectorRef(a.data(), n), mb = vectorRef(b.data(), n);
    auto oa = scalarRef(out), ob = scalarRef(out + 1);
    _mlir_ciface_bench_linfun_i32(&ma, &mb, &oa, &ob);
    auto expected = reference::linFun(a.data(), b.data(), n);
    expect(std::equal(expected.begin(), expected.end(), out), "linfun_i32", n);
  }
  std::printf("linfun_i32: ok\n");

  const SegIRImplementations &segir = segirImplementations();

  // Scans, single-pass and reduce-then-scan (the same computation here:
  // the strategy is a choice of seg-to-nvvm).
  for (auto fn : {segir.inclusiveSumF32, segir.inclusiveSumF32ReduceThenScan})
    for (int64_t n : sizes) {
      std::vector<float> x = reference::smallIntegers(n, 3 + n);
      std::vector<float> out(n, -1), expected(n);
      reference::inclusiveSum(x.data(), n, expected.data());
      expect(fn != nullptr, "inclusive_sum_f32 (kernel linked)", n);
      fn(x.data(), n, out.data());
      expect(out == expected, "inclusive_sum_f32", n);
    }
  std::printf("inclusive_sum_f32: ok\n");

  for (auto fn : {segir.segScanF32, segir.segScanF32ReduceThenScan})
    for (auto shape : {std::pair<int64_t, int64_t>{1, 4096},
                       {64, 64},
                       {4096, 1},
                       {33, 129}}) {
      int64_t rows = shape.first, cols = shape.second;
      std::vector<float> x = reference::smallIntegers(rows * cols, cols);
      std::vector<float> out(rows * cols, -1), expected(rows * cols);
      for (int64_t s = 0; s < rows; ++s)
        reference::inclusiveSum(x.data() + s * cols, cols,
                                expected.data() + s * cols);
      expect(fn != nullptr, "segscan_f32 (kernel linked)", rows * cols);
      fn(x.data(), rows, cols, out.data());
      expect(out == expected, "segscan_f32", rows * cols);
    }
  std::printf("segscan_f32: ok\n");

  checkMatmuls<float>({{"sgemm", segir.sgemm, true}}, "sgemm_f32", random);
  checkMatmuls(segir.sgemmTiles, "sgemm_f32 tiles", random);
  // Small integers are exact in TF32 and in bf16.
  checkMatmuls<float>({{"tf32", segir.sgemmTF32, false}}, "sgemm_tf32", random);
  checkMatmuls<BF16>({{"bf16", segir.gemmBF16, false}}, "gemm_bf16", random);
  checkMatmuls<float>({{"tf32 wgmma", segir.sgemmTF32Wgmma, false}},
                      "sgemm_tf32_wgmma", random);
  checkMatmuls<BF16>({{"bf16 wgmma", segir.gemmBF16Wgmma, false}},
                     "gemm_bf16_wgmma", random);
  checkMatmuls(segir.naiveMatmulSchedules, "naive_matmul_f32 schedules",
               random);

  // Shapes narrower and wider than the column widths (32 ... 128), with a
  // last, narrower column.
  for (auto shape : {std::pair<int64_t, int64_t>{6, 11},
                     {1, 3},
                     {37, 70},
                     {45, 300},
                     {200, 33}}) {
    int64_t rows = shape.first, cols = shape.second;
    std::vector<int32_t> a = smallI32(rows * cols, random);
    for (const auto &v : segir.stencilSchedules) {
      std::vector<int32_t> b(rows * cols, -100000);
      v.fn(a.data(), rows, cols, b.data());
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j)
          expectVariant(b[i * cols + j] ==
                            reference::stencil9x9(a.data(), rows, cols, i, j),
                        "stencil9x9_i32", v.name, shapeName(rows, cols, 1));
    }
  }
  std::printf("stencil9x9_i32 schedules: ok (%zu variants)\n",
              segir.stencilSchedules.size());

  // The chunk sweep: every chunk on sizes below, at and above a multiple
  // of the chunk.
  const int64_t chunkSizes[] = {0, 1, 31, 1000, 65537};
  for (int64_t n : chunkSizes) {
    auto [a, b, c, d] = reference::oddMatrices2x2(random, n);
    std::vector<int32_t> x = reference::mssInput(random, n);
    auto matProd =
        reference::matProd2x2(a.data(), b.data(), c.data(), d.data(), n);
    auto mssExpected = reference::mss(x.data(), n);
    auto linFunExpected = reference::linFun(a.data(), b.data(), n);
    std::string shape = "n = " + std::to_string(n);
    for (const auto &v : segir.matProd2x2Chunks) {
      int32_t out[4] = {-1, -1, -1, -1};
      v.fn(a.data(), b.data(), c.data(), d.data(), n, out);
      expectVariant(std::equal(matProd.begin(), matProd.end(), out),
                    "matprod2x2_i32", v.name, shape);
    }
    for (const auto &v : segir.mssChunks) {
      int32_t out[4] = {-1, -1, -1, -1};
      v.fn(x.data(), n, out);
      expectVariant(std::equal(mssExpected.begin(), mssExpected.end(), out),
                    "mss_i32", v.name, shape);
    }
    for (const auto &v : segir.linFunChunks) {
      int32_t out[2] = {-1, -1};
      v.fn(a.data(), b.data(), n, out);
      expectVariant(
          std::equal(linFunExpected.begin(), linFunExpected.end(), out),
          "linfun_i32", v.name, shape);
    }
  }
  std::printf("chunks: ok (%zu variants)\n", segir.mssChunks.size());

  // Histograms, with random samples and with every sample the same (all
  // into one bin); the output starts as garbage (the kernels overwrite it).
  for (int64_t n : {0, 1, 1000, 65537, -5000}) {
    bool oneBin = n < 0;
    n = oneBin ? -n : n;
    std::string shape =
        "n = " + std::to_string(n) + (oneBin ? ", one bin" : "");
    std::vector<uint8_t> bytes = reference::byteSamples(n, 5 + n);
    std::vector<uint32_t> words = reference::samples24(n, 6 + n);
    if (oneBin) {
      std::fill(bytes.begin(), bytes.end(), 77);
      std::fill(words.begin(), words.end(), 0xabcdef);
    }
    auto expected8 = reference::histogram(bytes.data(), n, 0, 256);
    for (const auto &v : segir.histU8Bins256) {
      std::vector<int32_t> out(256, -1);
      v.fn(bytes.data(), n, out.data());
      expectVariant(out == expected8, "hist_u8 256 bins", v.name, shape);
    }
    for (const HistU32Bins &c : getHistU32Bins(segir)) {
      int64_t bins = int64_t(1) << c.log2Bins;
      auto expected =
          reference::histogram(words.data(), n, 24 - c.log2Bins, bins);
      for (const auto &v : c.variants) {
        std::vector<int32_t> out(bins, -1);
        v.fn(words.data(), n, out.data());
        expectVariant(out == expected, "hist_u32", v.name,
                      shape + ", bins = " + std::to_string(bins));
      }
    }
    auto expectedArgmin = reference::argminPerBin4096(words.data(), n);
    for (const auto &v : segir.argminU32Bins4096) {
      std::vector<uint64_t> out(4096, 0);
      v.fn(words.data(), n, out.data());
      expectVariant(out == expectedArgmin, "argmin_u32", v.name, shape);
    }
  }
  std::printf("hist: ok (%zu variants)\n", segir.histU32Bins256.size());
  return 0;
}
