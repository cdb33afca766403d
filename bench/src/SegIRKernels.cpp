//===- SegIRKernels.cpp - SegIR implementations of the benchmarks ---------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The entry points of the objects that bench/kernels/compile.sh builds from
// bench/kernels/variants.txt (the functions of a variant carry its suffix),
// wrapped into the calling convention of SegIRKernels.h. No CUDA here: the
// CPU checks (CheckKernelsOnCPU.cpp) link this file with the seg-to-cpu
// objects.
//
//===----------------------------------------------------------------------===//

#include "SegIRKernels.h"

// The variants of variants.txt, as X(suffix, name in the report, whether it
// is the resource model's choice).
#define SEGIR_SGEMM_TILES(X)                                                   \
  X(, "model", true)                                                           \
  X(_t16_16_16_8_4, "16,16,16,8,4", false)                                     \
  X(_t16_16_16_2_2, "16,16,16,2,2", false)                                     \
  X(_t16_32_32_8_4, "16,32,32,8,4", false)                                     \
  X(_t13_16_16_8_4, "13,16,16,8,4", false)                                     \
  X(_t19_19_16_8_4, "19,19,16,8,4", false)
#define SEGIR_SCHEDULES(X)                                                     \
  X(_rows, "rows", false)                                                      \
  X(_w32, "w32", false)                                                        \
  X(_w64, "w64", false)                                                        \
  X(_w128, "w128", false)                                                      \
  X(_w32z, "w32z", false)
#define SEGIR_CHUNKS(X)                                                        \
  X(_cmodel, "model", true)                                                    \
  X(_c1, "1", false)                                                           \
  X(_c2, "2", false)                                                           \
  X(_c4, "4", false)                                                           \
  X(_c8, "8", false)                                                           \
  X(_c16, "16", false)                                                         \
  X(_c32, "32", false)                                                         \
  X(_c63, "63", false)

#define SEGIR_HIST_STRATEGIES(X)                                               \
  X(, "model", true)                                                           \
  X(_global, "global-atomic", false)

#define DECLARE_REDUCTIONS(suffix, name, model)                                \
  void _mlir_ciface_bench_matprod2x2_i32##suffix(                              \
      MemRef<int32_t, 1> *a, MemRef<int32_t, 1> *b, MemRef<int32_t, 1> *c,     \
      MemRef<int32_t, 1> *d, MemRef<int32_t, 0> *oa, MemRef<int32_t, 0> *ob,   \
      MemRef<int32_t, 0> *oc, MemRef<int32_t, 0> *od);                         \
  void _mlir_ciface_bench_mss_i32##suffix(                                     \
      MemRef<int32_t, 1> *x, MemRef<int32_t, 0> *mss, MemRef<int32_t, 0> *mis, \
      MemRef<int32_t, 0> *mcs, MemRef<int32_t, 0> *ts);                        \
  void _mlir_ciface_bench_linfun_i32##suffix(                                  \
      MemRef<int32_t, 1> *a, MemRef<int32_t, 1> *b, MemRef<int32_t, 0> *oa,    \
      MemRef<int32_t, 0> *ob);
#define DECLARE_SGEMM(suffix, name, model)                                     \
  void _mlir_ciface_bench_sgemm_f32##suffix(                                   \
      MemRef<float, 2> *a, MemRef<float, 2> *b, MemRef<float, 2> *c);
#define DECLARE_SCHEDULE(suffix, name, model)                                  \
  void _mlir_ciface_bench_stencil9x9_i32##suffix(MemRef<int32_t, 2> *a,        \
                                                 MemRef<int32_t, 2> *b);       \
  void _mlir_ciface_bench_naive_matmul_f32##suffix(                            \
      MemRef<float, 2> *a, MemRef<float, 2> *b, MemRef<float, 2> *c);

#define DECLARE_HIST(suffix, name, model)                                      \
  void _mlir_ciface_bench_hist_u8_256##suffix(MemRef<uint8_t, 1> *x,           \
                                              MemRef<int32_t, 1> *hist);       \
  void _mlir_ciface_bench_hist_u32_256##suffix(MemRef<uint32_t, 1> *x,         \
                                               MemRef<int32_t, 1> *hist);      \
  void _mlir_ciface_bench_hist_u32_4096##suffix(MemRef<uint32_t, 1> *x,        \
                                                MemRef<int32_t, 1> *hist);     \
  void _mlir_ciface_bench_hist_u32_1m##suffix(MemRef<uint32_t, 1> *x,          \
                                              MemRef<int32_t, 1> *hist);       \
  void _mlir_ciface_bench_argmin_u32_4096##suffix(MemRef<uint32_t, 1> *x,      \
                                                  MemRef<uint64_t, 1> *out);

extern "C" {
void _mlir_ciface_bench_sum_f32(MemRef<float, 1> *x, MemRef<float, 0> *out);
void _mlir_ciface_bench_segsum_f32(MemRef<float, 2> *x, MemRef<float, 1> *out);
DECLARE_REDUCTIONS(, , )
SEGIR_CHUNKS(DECLARE_REDUCTIONS)
SEGIR_SGEMM_TILES(DECLARE_SGEMM)
DECLARE_SGEMM(_tf32, "tf32", false)
DECLARE_SGEMM(_tf32_wgmma, "tf32 wgmma", false)
void _mlir_ciface_bench_gemm_bf16(MemRef<BF16, 2> *a, MemRef<BF16, 2> *b,
                                  MemRef<float, 2> *c);
void _mlir_ciface_bench_gemm_bf16_wgmma(MemRef<BF16, 2> *a, MemRef<BF16, 2> *b,
                                        MemRef<float, 2> *c);
SEGIR_SCHEDULES(DECLARE_SCHEDULE)
SEGIR_HIST_STRATEGIES(DECLARE_HIST)
// Weak: variants.txt builds the single-pass scan for the CPU only while
// seg-to-nvvm cannot compile it; where its object is not linked these are
// null and the harness reports the benchmark as missing.
__attribute__((weak)) void _mlir_ciface_bench_scan_f32(MemRef<float, 1> *x,
                                                       MemRef<float, 1> *out);
__attribute__((weak)) void
_mlir_ciface_bench_segscan_f32(MemRef<float, 2> *x, MemRef<float, 2> *out);
void _mlir_ciface_bench_scan_f32_rts(MemRef<float, 1> *x,
                                     MemRef<float, 1> *out);
void _mlir_ciface_bench_segscan_f32_rts(MemRef<float, 2> *x,
                                        MemRef<float, 2> *out);
}

namespace {

using MatProd2x2Entry = void (*)(MemRef<int32_t, 1> *, MemRef<int32_t, 1> *,
                                 MemRef<int32_t, 1> *, MemRef<int32_t, 1> *,
                                 MemRef<int32_t, 0> *, MemRef<int32_t, 0> *,
                                 MemRef<int32_t, 0> *, MemRef<int32_t, 0> *);
using MssEntry = void (*)(MemRef<int32_t, 1> *, MemRef<int32_t, 0> *,
                          MemRef<int32_t, 0> *, MemRef<int32_t, 0> *,
                          MemRef<int32_t, 0> *);
using LinFunEntry = void (*)(MemRef<int32_t, 1> *, MemRef<int32_t, 1> *,
                             MemRef<int32_t, 0> *, MemRef<int32_t, 0> *);
using ScanEntry = void (*)(MemRef<float, 1> *, MemRef<float, 1> *);
using SegScanEntry = void (*)(MemRef<float, 2> *, MemRef<float, 2> *);
template <typename Input>
using MatmulEntry = void (*)(MemRef<Input, 2> *, MemRef<Input, 2> *,
                             MemRef<float, 2> *);
using StencilEntry = void (*)(MemRef<int32_t, 2> *, MemRef<int32_t, 2> *);
template <typename Sample, typename Bin>
using HistEntry = void (*)(MemRef<Sample, 1> *, MemRef<Bin, 1> *);

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

template <MatProd2x2Entry Entry>
void matProd2x2(const int32_t *a, const int32_t *b, const int32_t *c,
                const int32_t *d, int64_t n, int32_t *out) {
  auto ma = vectorRef(const_cast<int32_t *>(a), n);
  auto mb = vectorRef(const_cast<int32_t *>(b), n);
  auto mc = vectorRef(const_cast<int32_t *>(c), n);
  auto md = vectorRef(const_cast<int32_t *>(d), n);
  auto oa = scalarRef(out), ob = scalarRef(out + 1), oc = scalarRef(out + 2),
       od = scalarRef(out + 3);
  Entry(&ma, &mb, &mc, &md, &oa, &ob, &oc, &od);
}

template <MssEntry Entry> void mss(const int32_t *x, int64_t n, int32_t *out) {
  auto in = vectorRef(const_cast<int32_t *>(x), n);
  auto o0 = scalarRef(out), o1 = scalarRef(out + 1), o2 = scalarRef(out + 2),
       o3 = scalarRef(out + 3);
  Entry(&in, &o0, &o1, &o2, &o3);
}

template <LinFunEntry Entry>
void linFun(const int32_t *a, const int32_t *b, int64_t n, int32_t *out) {
  auto ma = vectorRef(const_cast<int32_t *>(a), n);
  auto mb = vectorRef(const_cast<int32_t *>(b), n);
  auto oa = scalarRef(out), ob = scalarRef(out + 1);
  Entry(&ma, &mb, &oa, &ob);
}

void scan(ScanEntry entry, const float *x, int64_t n, float *out) {
  auto in = vectorRef(const_cast<float *>(x), n);
  auto result = vectorRef(out, n);
  entry(&in, &result);
}
void scanSinglePass(const float *x, int64_t n, float *out) {
  scan(_mlir_ciface_bench_scan_f32, x, n, out);
}
void scanReduceThenScan(const float *x, int64_t n, float *out) {
  scan(_mlir_ciface_bench_scan_f32_rts, x, n, out);
}

void segScan(SegScanEntry entry, const float *x, int64_t rows, int64_t cols,
             float *out) {
  auto in = matrixRef(const_cast<float *>(x), rows, cols);
  auto result = matrixRef(out, rows, cols);
  entry(&in, &result);
}
void segScanSinglePass(const float *x, int64_t rows, int64_t cols, float *out) {
  segScan(_mlir_ciface_bench_segscan_f32, x, rows, cols, out);
}
void segScanReduceThenScan(const float *x, int64_t rows, int64_t cols,
                           float *out) {
  segScan(_mlir_ciface_bench_segscan_f32_rts, x, rows, cols, out);
}

template <typename Input, MatmulEntry<Input> Entry>
void matmul(const Input *a, const Input *b, float *c, int64_t m, int64_t n,
            int64_t k) {
  auto ma = matrixRef(const_cast<Input *>(a), m, k);
  auto mb = matrixRef(const_cast<Input *>(b), k, n);
  auto mc = matrixRef(c, m, n);
  Entry(&ma, &mb, &mc);
}

template <StencilEntry Entry>
void stencil(const int32_t *a, int64_t rows, int64_t cols, int32_t *b) {
  auto ma = matrixRef(const_cast<int32_t *>(a), rows, cols);
  auto mb = matrixRef(b, rows, cols);
  Entry(&ma, &mb);
}

// A histogram function of `Bins` bins (static in its signature).
template <typename Sample, typename Bin, int64_t Bins,
          HistEntry<Sample, Bin> Entry>
void hist(const Sample *x, int64_t n, Bin *out) {
  auto in = vectorRef(const_cast<Sample *>(x), n);
  auto result = vectorRef(out, Bins);
  Entry(&in, &result);
}

} // namespace

const SegIRImplementations &segirImplementations() {
  static const SegIRImplementations table = [] {
    SegIRImplementations t;
    t.sumF32 = sumF32;
    t.segSumF32 = segSumF32;
    t.matProd2x2 = matProd2x2<_mlir_ciface_bench_matprod2x2_i32>;
    t.mss = mss<_mlir_ciface_bench_mss_i32>;
    t.linFun = linFun<_mlir_ciface_bench_linfun_i32>;
    t.inclusiveSumF32 = _mlir_ciface_bench_scan_f32 ? scanSinglePass : nullptr;
    t.inclusiveSumF32ReduceThenScan = scanReduceThenScan;
    t.segScanF32 = _mlir_ciface_bench_segscan_f32 ? segScanSinglePass : nullptr;
    t.segScanF32ReduceThenScan = segScanReduceThenScan;
    t.sgemm = matmul<float, _mlir_ciface_bench_sgemm_f32>;
    t.sgemmTF32 = matmul<float, _mlir_ciface_bench_sgemm_f32_tf32>;
    t.gemmBF16 = matmul<BF16, _mlir_ciface_bench_gemm_bf16>;
    t.sgemmTF32Wgmma = matmul<float, _mlir_ciface_bench_sgemm_f32_tf32_wgmma>;
    t.gemmBF16Wgmma = matmul<BF16, _mlir_ciface_bench_gemm_bf16_wgmma>;
#define ADD_SCHEDULE(suffix, name, model)                                      \
  t.stencilSchedules.push_back(                                                \
      {name, stencil<_mlir_ciface_bench_stencil9x9_i32##suffix>, model});      \
  t.naiveMatmulSchedules.push_back(                                            \
      {name, matmul<float, _mlir_ciface_bench_naive_matmul_f32##suffix>,       \
       model});
    SEGIR_SCHEDULES(ADD_SCHEDULE)
#define ADD_CHUNK(suffix, name, model)                                         \
  t.matProd2x2Chunks.push_back(                                                \
      {name, matProd2x2<_mlir_ciface_bench_matprod2x2_i32##suffix>, model});   \
  t.mssChunks.push_back(                                                       \
      {name, mss<_mlir_ciface_bench_mss_i32##suffix>, model});                 \
  t.linFunChunks.push_back(                                                    \
      {name, linFun<_mlir_ciface_bench_linfun_i32##suffix>, model});
    SEGIR_CHUNKS(ADD_CHUNK)
#define ADD_TILES(suffix, name, model)                                         \
  t.sgemmTiles.push_back(                                                      \
      {name, matmul<float, _mlir_ciface_bench_sgemm_f32##suffix>, model});
    SEGIR_SGEMM_TILES(ADD_TILES)
#define ADD_HIST(suffix, name, model)                                          \
  t.histU8Bins256.push_back(                                                   \
      {name,                                                                   \
       hist<uint8_t, int32_t, 256, _mlir_ciface_bench_hist_u8_256##suffix>,    \
       model});                                                                \
  t.histU32Bins256.push_back(                                                  \
      {name,                                                                   \
       hist<uint32_t, int32_t, 256, _mlir_ciface_bench_hist_u32_256##suffix>,  \
       model});                                                                \
  t.histU32Bins4096.push_back({name,                                           \
                               hist<uint32_t, int32_t, 4096,                   \
                                    _mlir_ciface_bench_hist_u32_4096##suffix>, \
                               model});                                        \
  t.histU32Bins2p20.push_back({name,                                           \
                               hist<uint32_t, int32_t, 1 << 20,                \
                                    _mlir_ciface_bench_hist_u32_1m##suffix>,   \
                               model});                                        \
  t.argminU32Bins4096.push_back(                                               \
      {name,                                                                   \
       hist<uint32_t, uint64_t, 4096,                                          \
            _mlir_ciface_bench_argmin_u32_4096##suffix>,                       \
       model});
    SEGIR_HIST_STRATEGIES(ADD_HIST)
    return t;
  }();
  return table;
}
