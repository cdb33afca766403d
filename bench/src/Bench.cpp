//===- Bench.cpp - SegIR against the copy ceiling, CUB and cuBLAS ---------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Measures, on one GPU in one run: device-to-device copy (the bandwidth
// ceiling); f32 sum (SegIR, CUB DeviceReduce); non-commutative reductions
// (SegIR at the resource model's chunk and at chunk 1: 2x2 matrix product,
// MSS, linear function composition) as a percentage of the copy bandwidth;
// segmented f32 sums over shapes 1 x 2^k ... 2^k x 1 (SegIR, CUB
// DeviceSegmentedReduce with offsets, with the longest segment's hint and
// of fixed size); inclusive f32 scans, flat and segmented (SegIR
// single-pass and reduce-then-scan, CUB DeviceScan, its deterministic
// look-ahead scan, InclusiveSumByKey and DeviceSegmentedScan); SGEMM (SegIR
// tiled, cuBLAS FP32 without TF32; on tensor cores: TF32, and BF16 inputs with
// FP32 accumulation); the column schedule against row order (9x9 stencil, naive
// matrix product); the resource model's chunks and tiles against alternatives;
// histograms (SegIR, CUB DeviceHistogram::HistogramEven) and an argmin per bin.
// Every result is checked against a CPU reference; a failed check ends the run
// with status 1. Times are medians over repetitions after warm-up runs of the
// whole host call, SegIR's and the vendors' alike (the copy, the ceiling: its
// time on the GPU), with spans from CUDA events beside them; a SegIR
// implementation not available yet is reported as missing. Writes a JSON file
// (see bench/README.md).
//
//===----------------------------------------------------------------------===//

#include "Reference.h"
#include "SegIRKernels.h"
#include "Vendor.h"

#include "segir/Runtime/CUDARuntime.h"

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

void checkCuda(cudaError_t error, const char *call, const char *file,
               int line) {
  if (error == cudaSuccess)
    return;
  std::fprintf(stderr, "segir-bench: error: %s failed with %s (%s) at %s:%d\n",
               call, cudaGetErrorName(error), cudaGetErrorString(error), file,
               line);
  std::exit(1);
}

namespace {

void checkCublas(cublasStatus_t status, const char *call, int line) {
  if (status == CUBLAS_STATUS_SUCCESS)
    return;
  std::fprintf(stderr, "segir-bench: error: %s failed with %s at line %d\n",
               call, cublasGetStatusName(status), line);
  std::exit(1);
}
#define CUBLAS_CHECK(expr) checkCublas((expr), #expr, __LINE__)

struct Options {
  int log2n = 28;
  int warmup = 3;
  int reps = 20;
  std::string json = "bench-results.json";
  std::vector<std::string> only;
  uint64_t seed = 1;
  bool list = false;
};

// One line of the report and one object of the JSON file.
struct Result {
  std::string group;
  std::string name;
  std::string impl;
  std::string shape;
  std::string variant; // One compilation among several (Variant).
  bool modelChoice = false;
  bool missing = false;
  double medianMs = 0;
  double minMs = 0;
  double bytes = 0; // Bytes a perfect implementation moves.
  double flops = 0; // Floating-point operations (SGEMM).
  double gbps = 0;  // bytes / median.
  double pctCopy = 0;
  double gflops = 0;
  // What median_ms is: the whole host call ("host_call"), or the span on
  // the GPU ("span", the copy: the ceiling).
  std::string timing = "host_call";
  double hostCallMs = 0; // Wall time of the whole call, to completion.
  double spanMs = 0;     // First kernel start to last kernel end (vendor and
                         // copy: events around the call on its stream).
  double kernelMs = 0;   // SegIR: the sum of its kernels' times.
  int64_t launches = 0;  // SegIR: kernel launches per call.
  // SegIR next to the vendor's implementation of the same benchmark (0 if
  // none): host call over host call, span over span.
  double vsVendorHostCall = 0, vsVendorSpan = 0;
  std::string check;
};

std::vector<Result> results;
double copyGbps = 0; // Read + write bandwidth of the device-to-device copy.

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

// A call timed both ways: its whole host call (wall time from the call to
// its completion) and its span on the GPU; SegIR also gives its kernels'
// sum. Results are compared by the whole call (median_ms), so that host
// work, allocations and gaps between kernels count for SegIR as they do for
// the vendor libraries.
struct Timing {
  std::vector<double> hostMs, spanMs, kernelMs;
  int64_t launches = 0;
  bool bySpan = false; // median_ms is the span (the copy: the ceiling).
};

double msSince(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - begin)
      .count();
}

// Times `run` (asynchronous on `stream`): the host call until the stream
// has finished it, and events around it on the stream (its span).
Timing timeEvents(const Options &o, cudaStream_t stream,
                  const std::function<void()> &run) {
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  for (int i = 0; i < o.warmup; ++i)
    run();
  CUDA_CHECK(cudaStreamSynchronize(stream));
  Timing t;
  for (int i = 0; i < o.reps; ++i) {
    CUDA_CHECK(cudaDeviceSynchronize());
    auto begin = std::chrono::steady_clock::now();
    CUDA_CHECK(cudaEventRecord(start, stream));
    run();
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    t.hostMs.push_back(msSince(begin));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    t.spanMs.push_back(ms);
  }
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return t;
}

// Times a SegIR host function, which creates its own streams, may allocate
// temporary device memory and returns after its kernels finished: the host
// call, and from the runtime's events around each of its kernel launches
// (segirCudaTiming*) its span and the sum of its kernels' times.
Timing timeSegIR(const Options &o, const std::function<void()> &run) {
  for (int i = 0; i < o.warmup; ++i)
    run();
  Timing t;
  for (int i = 0; i < o.reps; ++i) {
    CUDA_CHECK(cudaDeviceSynchronize());
    auto begin = std::chrono::steady_clock::now();
    segirCudaTimingBegin();
    run();
    double kernels = 0, span = 0;
    t.launches = segirCudaTimingEnd(&kernels, &span);
    t.hostMs.push_back(msSince(begin));
    t.kernelMs.push_back(kernels);
    t.spanMs.push_back(span);
  }
  return t;
}

void record(Result r, const Timing &t) {
  const std::vector<double> &primary = t.bySpan ? t.spanMs : t.hostMs;
  r.timing = t.bySpan ? "span" : "host_call";
  r.medianMs = median(primary);
  r.minMs = *std::min_element(primary.begin(), primary.end());
  r.hostCallMs = median(t.hostMs);
  r.spanMs = median(t.spanMs);
  if (!t.kernelMs.empty()) {
    r.kernelMs = median(t.kernelMs);
    r.launches = t.launches;
  }
  if (r.medianMs > 0) {
    r.gbps = r.bytes / (r.medianMs * 1e6);
    r.gflops = r.flops / (r.medianMs * 1e6);
  }
  if (copyGbps > 0 && r.bytes > 0)
    r.pctCopy = 100.0 * r.gbps / copyGbps;
  std::printf("%-14s %-26s %-7s %-18s", r.group.c_str(), r.name.c_str(),
              r.impl.c_str(), r.shape.c_str());
  if (!r.variant.empty())
    std::printf(" %-16s",
                (r.variant + (r.modelChoice ? " (model)" : "")).c_str());
  if (r.flops > 0)
    std::printf(" %10.3f ms %9.1f GFLOP/s", r.medianMs, r.gflops);
  else
    std::printf(" %10.3f ms %8.1f GB/s %6.1f%% of copy", r.medianMs, r.gbps,
                r.pctCopy);
  std::printf("  [%s; host call %.3f ms, span %.3f ms", r.timing.c_str(),
              r.hostCallMs, r.spanMs);
  if (r.launches)
    std::printf(", kernels %.3f ms in %lld launches", r.kernelMs,
                (long long)r.launches);
  std::printf("]  %s\n", r.check.c_str());
  std::fflush(stdout);
  results.push_back(r);
}

// SegIR's results results[first, first + count) next to the vendor's, the
// last result: the ratio of their whole host calls (and of their spans),
// above 1 where SegIR is slower.
void compareWithVendor(size_t first, size_t count) {
  const Result &vendor = results.back();
  if (vendor.missing || vendor.hostCallMs <= 0 || vendor.spanMs <= 0)
    return;
  for (size_t i = first; i < first + count; ++i) {
    Result &r = results[i];
    if (r.missing || r.impl != "segir")
      continue;
    r.vsVendorHostCall = r.hostCallMs / vendor.hostCallMs;
    r.vsVendorSpan = r.spanMs / vendor.spanMs;
    std::printf("  -> %s%s%s / %s, whole call: host call %.2fx, span "
                "%.2fx\n",
                r.impl.c_str(), r.variant.empty() ? "" : " ", r.variant.c_str(),
                vendor.impl.c_str(), r.vsVendorHostCall, r.vsVendorSpan);
  }
}

void missing(const std::string &group, const std::string &name,
             const std::string &impl, const std::string &shape,
             const std::string &variant = "") {
  Result r{group, name, impl, shape, variant};
  r.missing = true;
  r.check = "missing";
  std::printf("%-14s %-26s %-7s %-18s %s missing (no SegIR kernel yet)\n",
              group.c_str(), name.c_str(), impl.c_str(), shape.c_str(),
              variant.c_str());
  results.push_back(r);
}

[[noreturn]] void checkFailed(const std::string &what) {
  std::fprintf(stderr, "segir-bench: error: wrong result: %s\n", what.c_str());
  std::exit(1);
}

bool selected(const Options &o, const std::string &group) {
  return o.only.empty() ||
         std::find(o.only.begin(), o.only.end(), group) != o.only.end();
}

template <typename T> T *deviceAlloc(int64_t count) {
  void *p = nullptr;
  CUDA_CHECK(cudaMalloc(&p, sizeof(T) * std::max<int64_t>(count, 1)));
  return static_cast<T *>(p);
}

template <typename T> T *upload(const std::vector<T> &host) {
  T *p = deviceAlloc<T>(host.size());
  CUDA_CHECK(cudaMemcpy(p, host.data(), sizeof(T) * host.size(),
                        cudaMemcpyHostToDevice));
  return p;
}

template <typename T> std::vector<T> download(const T *p, int64_t count) {
  std::vector<T> host(count);
  CUDA_CHECK(
      cudaMemcpy(host.data(), p, sizeof(T) * count, cudaMemcpyDeviceToHost));
  return host;
}

std::string pow2(int k) { return "2^" + std::to_string(k); }

// Times SegIR's `fn` through `call`, which writes `outBytes` bytes to `out`
// (first filled with 0xff), checks the output with `verify` and records it
// as `result`; where SegIR has no such kernel, records `result` missing.
template <typename Fn, typename Call, typename Verify>
void timeSegIRKernel(const Options &o, Fn fn, void *out, size_t outBytes,
                     Result result, const Call &call, const Verify &verify) {
  if (!fn) {
    missing(result.group, result.name, result.impl, result.shape);
    return;
  }
  CUDA_CHECK(cudaMemset(out, 0xff, outBytes));
  Timing t = timeSegIR(o, [&] { call(fn); });
  result.check = verify("SegIR");
  record(result, t);
}

// Times a CUB call `run(temp)` on `stream`, with `tempBytes` of temporary
// storage, which writes `outBytes` bytes to `out` (first filled with 0xff);
// checks the output with `verify`, records it as `result` and compares the
// SegIR results recorded since `firstSegIR` with it.
template <typename Run, typename Verify>
void timeCub(const Options &o, cudaStream_t stream, size_t tempBytes, void *out,
             size_t outBytes, Result result, size_t firstSegIR, const Run &run,
             const Verify &verify) {
  void *temp = deviceAlloc<char>(tempBytes);
  CUDA_CHECK(cudaMemset(out, 0xff, outBytes));
  Timing t = timeEvents(o, stream, [&] { run(temp); });
  result.check = verify("CUB");
  record(result, t);
  compareWithVendor(firstSegIR, results.size() - 1 - firstSegIR);
  CUDA_CHECK(cudaFree(temp));
}

//===----------------------------------------------------------------------===//
// The benchmarks
//===----------------------------------------------------------------------===//

void benchCopy(const Options &o, cudaStream_t stream) {
  int64_t n = int64_t(1) << o.log2n;
  float *src = deviceAlloc<float>(n), *dst = deviceAlloc<float>(n);
  std::vector<float> x = reference::smallIntegers(n, o.seed);
  CUDA_CHECK(cudaMemcpy(src, x.data(), n * 4, cudaMemcpyHostToDevice));
  Timing t = timeEvents(o, stream, [&] {
    CUDA_CHECK(
        cudaMemcpyAsync(dst, src, n * 4, cudaMemcpyDeviceToDevice, stream));
  });
  t.bySpan = true; // The ceiling: the copy's time on the GPU.
  Result r{"copy", "d2d_copy_f32", "cuda", "n=" + pow2(o.log2n)};
  r.bytes = 2.0 * n * 4;
  r.check = download(dst, n) == x ? "ok" : "WRONG";
  if (r.check != "ok")
    checkFailed("device-to-device copy");
  copyGbps = r.bytes / (median(t.spanMs) * 1e6);
  record(r, t);
  CUDA_CHECK(cudaFree(src));
  CUDA_CHECK(cudaFree(dst));
}

void benchSum(const Options &o, cudaStream_t stream) {
  int64_t n = int64_t(1) << o.log2n;
  std::vector<float> x = reference::smallIntegers(n, o.seed + 1);
  double expected = reference::sum(x.data(), n);
  float *dx = upload(x), *out = deviceAlloc<float>(1);
  auto verify = [&](const char *impl) {
    float got = download(out, 1)[0];
    if (double(got) != expected)
      checkFailed(std::string(impl) + " f32 sum: " + std::to_string(got) +
                  ", expected " + std::to_string(expected));
    return std::string("ok");
  };
  std::string shape = "n=" + pow2(o.log2n);
  const SegIRImplementations &segir = segirImplementations();
  size_t first = results.size();
  Result r{"reduce", "sum_f32", "segir", shape};
  r.bytes = 4.0 * n;
  timeSegIRKernel(
      o, segir.sumF32, out, 4, r, [&](SumF32Fn fn) { fn(dx, n, out); }, verify);
  r.impl = "cub";
  size_t bytes = cubSumF32TempBytes(n);
  timeCub(
      o, stream, bytes, out, 4, r, first,
      [&](void *temp) { cubSumF32(temp, bytes, dx, n, out, stream); }, verify);
  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(out));
}

// The resource model's chunk and chunk 1 (one element per thread and
// step) of a non-commutative reduction's chunk variants.
template <typename Fn> Variants<Fn> modelAndChunk1(const Variants<Fn> &all) {
  Variants<Fn> chosen;
  for (const char *name : {"model", "1"})
    for (const auto &v : all)
      if (std::string(v.name) == name)
        chosen.push_back(v);
  return chosen;
}

// Times each chunk variant of a non-commutative reduction, whose `call`
// writes to `out`, and checks its result against `expected`.
template <typename Fn, typename Expected, typename Call>
void timeChunkVariants(const Options &o, const std::string &group,
                       const std::string &name, const std::string &shape,
                       int32_t *out, const Variants<Fn> &variants, double bytes,
                       const Expected &expected, const Call &call) {
  for (const auto &v : variants) {
    CUDA_CHECK(cudaMemset(out, 0xff, 16));
    Timing t = timeSegIR(o, [&] { call(v.fn); });
    auto got = download(out, int64_t(expected.size()));
    if (!std::equal(got.begin(), got.end(), expected.begin()))
      checkFailed("SegIR " + name + " with chunk " + v.name);
    Result r{group, name, "segir", shape, std::string("chunk=") + v.name};
    r.modelChoice = v.model;
    r.bytes = bytes;
    r.check = "ok";
    record(r, t);
  }
}

// The log2 of the segment counts of the segmented benchmarks over 2^log2n
// elements: 2^0, 2^4, ..., and always 2^log2n (segments of one).
std::vector<int> segmentCountLogs(int log2n) {
  std::vector<int> logs;
  for (int k = 0; k < log2n; k += 4)
    logs.push_back(k);
  logs.push_back(log2n);
  return logs;
}

void benchSegmented(const Options &o, cudaStream_t stream) {
  int64_t n = int64_t(1) << o.log2n;
  std::vector<float> x = reference::smallIntegers(n, o.seed + 3);
  float *dx = upload(x);
  float *out = deviceAlloc<float>(n);
  const SegIRImplementations &segir = segirImplementations();
  std::vector<int> logRows = segmentCountLogs(o.log2n);
  for (int logRow : logRows) {
    int64_t rows = int64_t(1) << logRow, cols = n / rows;
    std::string shape = pow2(logRow) + "x" + pow2(o.log2n - logRow);
    std::vector<double> expected(rows);
    for (int64_t s = 0; s < rows; ++s)
      expected[s] = reference::sum(x.data() + s * cols, cols);
    auto verify = [&](const char *impl) {
      std::vector<float> got = download(out, rows);
      for (int64_t s = 0; s < rows; ++s)
        if (double(got[s]) != expected[s])
          checkFailed(std::string(impl) + " segmented sum " + shape +
                      ", segment " + std::to_string(s) + ": " +
                      std::to_string(got[s]) + ", expected " +
                      std::to_string(expected[s]));
      return std::string("ok");
    };
    size_t first = results.size();
    Result r{"segmented", "segsum_f32", "segir", shape};
    r.bytes = 4.0 * n + 4.0 * rows;
    timeSegIRKernel(
        o, segir.segSumF32, out, rows * 4, r,
        [&](SegSumF32Fn fn) { fn(dx, rows, cols, out); }, verify);
    std::vector<int64_t> offsets(rows + 1);
    for (int64_t s = 0; s <= rows; ++s)
      offsets[s] = s * cols;
    int64_t *doffsets = upload(offsets);
    // Offsets in memory, without and with the hint of the longest segment;
    // SegIR is compared with the fixed-size API (last), so these compare
    // with nothing (first = themselves).
    r.impl = "cub";
    size_t bytes = cubSegSumF32TempBytes(rows);
    timeCub(
        o, stream, bytes, out, rows * 4, r, results.size(),
        [&](void *temp) {
          cubSegSumF32(temp, bytes, dx, rows, doffsets, out, stream);
        },
        verify);
    r.impl = "cub-hint";
    size_t hintBytes = cubSegSumHintF32TempBytes(rows, cols);
    timeCub(
        o, stream, hintBytes, out, rows * 4, r, results.size(),
        [&](void *temp) {
          cubSegSumHintF32(temp, hintBytes, dx, rows, doffsets, cols, out,
                           stream);
        },
        verify);
    CUDA_CHECK(cudaFree(doffsets));
    r.impl = "cub-fixed";
    size_t fixedBytes = cubSegSumFixedF32TempBytes(rows, cols);
    timeCub(
        o, stream, fixedBytes, out, rows * 4, r, first,
        [&](void *temp) {
          cubSegSumFixedF32(temp, fixedBytes, dx, rows, cols, out, stream);
        },
        verify);
  }
  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(out));
}

// Flat and segmented inclusive f32 sums: SegIR single-pass and
// reduce-then-scan; CUB DeviceScan::InclusiveSum, also with run-to-run
// determinism (cub-warpspeed), and for segments InclusiveSumByKey with the
// row as key and DeviceSegmentedScan (cub-segmented); over the shapes of
// the segmented reduction.
void benchScan(const Options &o, cudaStream_t stream) {
  int64_t n = int64_t(1) << o.log2n;
  std::vector<float> x = reference::smallIntegers(n, o.seed + 4);
  std::vector<float> expected(n);
  float *dx = upload(x), *out = deviceAlloc<float>(n);
  const SegIRImplementations &segir = segirImplementations();

  // logRow -1: the flat scan, then the segment shapes.
  std::vector<int> logRows = segmentCountLogs(o.log2n);
  logRows.insert(logRows.begin(), -1);
  for (int logRow : logRows) {
    bool flat = logRow < 0;
    int64_t rows = flat ? 1 : int64_t(1) << logRow, cols = n / rows;
    std::string name = flat ? "inclusive_sum_f32" : "segscan_f32";
    std::string shape = flat ? "n=" + pow2(o.log2n)
                             : pow2(logRow) + "x" + pow2(o.log2n - logRow);
    for (int64_t s = 0; s < rows; ++s)
      reference::inclusiveSum(x.data() + s * cols, cols,
                              expected.data() + s * cols);
    auto verify = [&](const std::string &impl) {
      std::vector<float> got = download(out, n);
      for (int64_t i = 0; i < n; ++i)
        if (got[i] != expected[i])
          checkFailed(impl + " " + name + " " + shape + ", element " +
                      std::to_string(i) + ": " + std::to_string(got[i]) +
                      ", expected " + std::to_string(expected[i]));
      return std::string("ok");
    };
    struct Strategy {
      const char *variant;
      InclusiveSumF32Fn flat;
      SegScanF32Fn segmented;
    };
    size_t first = results.size();
    for (Strategy st :
         {Strategy{"single-pass", segir.inclusiveSumF32, segir.segScanF32},
          Strategy{"reduce-then-scan", segir.inclusiveSumF32ReduceThenScan,
                   segir.segScanF32ReduceThenScan}}) {
      if (flat ? !st.flat : !st.segmented) {
        missing("scan", name, "segir", shape, st.variant);
        continue;
      }
      CUDA_CHECK(cudaMemset(out, 0xff, n * 4));
      Timing t = timeSegIR(o, [&] {
        if (flat)
          st.flat(dx, n, out);
        else
          st.segmented(dx, rows, cols, out);
      });
      Result r{"scan", name, "segir", shape, st.variant};
      r.bytes = 8.0 * n;
      r.check = verify(std::string("SegIR ") + st.variant);
      record(r, t);
    }
    // CUB: the flat scan with and without run-to-run determinism (the
    // warp-specialised look-ahead scan), the segmented one by key and by
    // DeviceSegmentedScan. SegIR is compared with the first, the default
    // call; the second compares with nothing (first = itself).
    Result r{"scan", name, "cub", shape};
    r.bytes = 8.0 * n;
    size_t bytes = flat ? cubInclusiveSumF32TempBytes(n)
                        : cubSegScanF32TempBytes(rows, cols);
    timeCub(
        o, stream, bytes, out, n * 4, r, first,
        [&](void *temp) {
          if (flat)
            cubInclusiveSumF32(temp, bytes, dx, n, out, stream);
          else
            cubSegScanF32(temp, bytes, dx, rows, cols, out, stream);
        },
        verify);
    r.impl = flat ? "cub-warpspeed" : "cub-segmented";
    size_t otherBytes = flat ? 0 : cubSegmentedScanF32TempBytes(rows, cols);
    timeCub(
        o, stream, otherBytes, out, n * 4, r, results.size(),
        [&](void *temp) {
          if (flat)
            cubInclusiveSumDeterministicF32(dx, n, out, stream);
          else
            cubSegmentedScanF32(temp, otherBytes, dx, rows, cols, out, stream);
        },
        verify);
  }
  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(out));
}

// Random row-major m x k and k x n matrices for SGEMM.
void sgemmInputs(uint64_t seed, int64_t m, int64_t n, int64_t k,
                 std::vector<float> &a, std::vector<float> &b) {
  reference::Random random(seed);
  a.resize(m * k);
  b.resize(k * n);
  for (float &v : a)
    v = float(random.range(-1000, 1000)) / 1000.0f;
  for (float &v : b)
    v = float(random.range(-1000, 1000)) / 1000.0f;
}

// Row-major C = A B checked at 256 sampled entries against a double
// precision dot product, within (8 K 2^-24 + 2 inputError) sum |a b|: FP32
// accumulation, and inputs rounded with relative error inputError (0 for
// FP32; 2^-10 for TF32, which keeps 10 of FP32's 23 mantissa bits, rounded
// or truncated; 0 for BF16: the host rounds the inputs to bf16, A and B
// hold the rounded values, and a product of two bf16 values is exact in
// FP32).
void checkSgemm(const std::vector<float> &a, const std::vector<float> &b,
                const std::vector<float> &c, int64_t m, int64_t n, int64_t k,
                const std::string &what, uint64_t seed, double inputError = 0) {
  reference::Random random(seed);
  for (int sample = 0; sample < 256; ++sample) {
    int64_t i = random.next() % m, j = random.next() % n;
    double dot = 0, magnitude = 0;
    for (int64_t p = 0; p < k; ++p) {
      double term = double(a[i * k + p]) * b[p * n + j];
      dot += term;
      magnitude += std::fabs(term);
    }
    double tolerance =
        (8.0 * k * std::ldexp(1.0, -24) + 2 * inputError) * magnitude;
    if (std::fabs(c[i * n + j] - dot) > tolerance)
      checkFailed(what + " C[" + std::to_string(i) + "][" + std::to_string(j) +
                  "] = " + std::to_string(c[i * n + j]) + ", expected " +
                  std::to_string(dot));
  }
}

// A GEMM problem of the sgemm and model groups: random row-major A and B of
// Input on the device, the values they hold (as f32) on the host, and f32 C
// on the device.
template <typename Input> struct GemmProblem {
  int64_t m, n, k;
  std::string shape;
  std::vector<float> a, b;
  Input *da, *db;
  float *dc;

  GemmProblem(const Options &o, int64_t m, int64_t n, int64_t k)
      : m(m), n(n), k(k), shape(std::to_string(m) + "x" + std::to_string(n) +
                                "x" + std::to_string(k)) {
    sgemmInputs(o.seed + 5 + m, m, n, k, a, b);
    da = upload(asInputs(a, Input()));
    db = upload(asInputs(b, Input()));
    dc = deviceAlloc<float>(m * n);
  }
  GemmProblem(const GemmProblem &) = delete;
  ~GemmProblem() {
    CUDA_CHECK(cudaFree(da));
    CUDA_CHECK(cudaFree(db));
    CUDA_CHECK(cudaFree(dc));
  }

  double flops() const { return 2.0 * m * n * k; }

  // Fills C with 0xff so that a kernel that writes nothing fails the check.
  void clearC() const { CUDA_CHECK(cudaMemset(dc, 0xff, m * n * 4)); }

  void checkC(const std::string &what, uint64_t seed,
              double inputError = 0) const {
    checkSgemm(a, b, download(dc, m * n), m, n, k, what, seed, inputError);
  }

  // Times and checks SegIR's GEMM `fn`; `what` names it in an error.
  Timing timeSegIRSgemm(const Options &o, GemmFn<Input> fn,
                        const std::string &what, double inputError = 0) const {
    clearC();
    Timing t = timeSegIR(o, [&] { fn(da, db, dc, m, n, k); });
    checkC(what, o.seed, inputError);
    return t;
  }
};
using SgemmProblem = GemmProblem<float>;

void benchSgemm(const Options &o, cudaStream_t stream) {
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  const SegIRImplementations &segir = segirImplementations();
  // SegIR's `fn` and cuBLAS's `gemm` in `math` mode on one problem, as
  // `name`: FP32 with the default math, which keeps at least FP32's
  // mantissa (no TF32 tensor cores; pedantic math would also forbid fast
  // FP32 algorithms); TF32 on tensor cores with CUBLAS_TF32_TENSOR_OP_MATH,
  // as SegIR's mma=tf32; BF16 inputs with FP32 compute (cublasGemmEx,
  // CUBLAS_COMPUTE_32F: tensor cores, f32 accumulation), as SegIR's
  // mma=bf16.
  auto compare = [&](const auto &p, const char *name, auto fn,
                     cublasMath_t math, double inputError, const auto &gemm) {
    size_t first = results.size();
    if (fn) {
      Timing t = p.timeSegIRSgemm(
          o, fn, std::string("SegIR ") + name + " " + p.shape, inputError);
      Result r{"sgemm", name, "segir", p.shape};
      r.flops = p.flops();
      r.check = "ok";
      record(r, t);
    } else {
      missing("sgemm", name, "segir", p.shape);
    }
    CUBLAS_CHECK(cublasSetMathMode(handle, math));
    p.clearC();
    Timing t = timeEvents(o, stream, gemm);
    p.checkC(std::string("cuBLAS ") + name + " " + p.shape, o.seed, inputError);
    Result r{"sgemm", name, "cublas", p.shape};
    r.flops = p.flops();
    r.check = "ok";
    record(r, t);
    compareWithVendor(first, results.size() - 1 - first);
  };
  struct Shape {
    int64_t m, n, k;
  };
  const float one = 1.0f, zero = 0.0f;
  // Column-major cuBLAS computes the row-major C = A B as C^T = B^T A^T.
  for (Shape s : {Shape{1024, 1024, 1024}, Shape{2048, 2048, 2048},
                  Shape{4096, 4096, 4096}, Shape{8192, 8192, 8192},
                  Shape{3001, 2011, 1999}}) {
    {
      SgemmProblem p(o, s.m, s.n, s.k);
      auto sgemm = [&] {
        CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, int(p.n),
                                 int(p.m), int(p.k), &one, p.db, int(p.n), p.da,
                                 int(p.k), &zero, p.dc, int(p.n)));
      };
      compare(p, "sgemm_f32", segir.sgemm, CUBLAS_DEFAULT_MATH, 0, sgemm);
      compare(p, "sgemm_tf32", segir.sgemmTF32, CUBLAS_TF32_TENSOR_OP_MATH,
              std::ldexp(1.0, -10), sgemm);
      compare(p, "sgemm_tf32_wgmma", segir.sgemmTF32Wgmma,
              CUBLAS_TF32_TENSOR_OP_MATH, std::ldexp(1.0, -10), sgemm);
    }
    GemmProblem<BF16> p(o, s.m, s.n, s.k);
    auto gemmBF16 = [&] {
      CUBLAS_CHECK(cublasGemmEx(
          handle, CUBLAS_OP_N, CUBLAS_OP_N, int(p.n), int(p.m), int(p.k), &one,
          p.db, CUDA_R_16BF, int(p.n), p.da, CUDA_R_16BF, int(p.k), &zero, p.dc,
          CUDA_R_32F, int(p.n), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    };
    compare(p, "gemm_bf16", segir.gemmBF16, CUBLAS_DEFAULT_MATH, 0, gemmBF16);
    compare(p, "gemm_bf16_wgmma", segir.gemmBF16Wgmma, CUBLAS_DEFAULT_MATH, 0,
            gemmBF16);
  }
  CUBLAS_CHECK(cublasDestroy(handle));
}

// Histograms of 2^k samples: u8 into 256 bins, u32 in [0, 2^24) into 256,
// 4096 and 2^20 even bins (SegIR with the resource model's strategy and
// with global atomics, CUB DeviceHistogram::HistogramEven), and an argmin
// per bin of 4096 (SegIR only: a generalised operator). Counts are checked
// exactly against the CPU.
void benchHist(const Options &o, cudaStream_t stream) {
  int64_t n = int64_t(1) << o.log2n;
  const SegIRImplementations &segir = segirImplementations();
  std::vector<uint8_t> bytes = reference::byteSamples(n, o.seed + 8);
  std::vector<uint32_t> words = reference::samples24(n, o.seed + 9);
  uint8_t *dbytes = upload(bytes);
  uint32_t *dwords = upload(words);
  int32_t *hist = deviceAlloc<int32_t>(int64_t(1) << 20);

  // One histogram: SegIR's variants, then CUB.
  auto run = [&](const std::string &name, int log2Bins, int sampleBytes,
                 const std::vector<int32_t> &expected, const auto &variants,
                 const auto &callSegIR, const auto &callCub,
                 size_t cubTempBytes) {
    int64_t bins = int64_t(1) << log2Bins;
    std::string shape = "n=" + pow2(o.log2n) + " bins=" + pow2(log2Bins);
    auto verify = [&](const std::string &impl) {
      if (download(hist, bins) != expected)
        checkFailed(impl + " " + name + " " + shape);
      return std::string("ok");
    };
    size_t first = results.size();
    Result r{"hist", name, "segir", shape};
    r.bytes = double(sampleBytes) * n + 4.0 * bins;
    for (const auto &v : variants) {
      CUDA_CHECK(cudaMemset(hist, 0xff, bins * 4));
      Timing t = timeSegIR(o, [&] { callSegIR(v.fn); });
      r.variant = v.name;
      r.modelChoice = v.model;
      r.check = verify(std::string("SegIR ") + v.name);
      record(r, t);
    }
    r.impl = "cub";
    r.variant.clear();
    r.modelChoice = false;
    timeCub(o, stream, cubTempBytes, hist, bins * 4, r, first, callCub, verify);
  };

  size_t u8Temp = cubHistogramEvenU8TempBytes(n, 256);
  run(
      "hist_u8", 8, 1, reference::histogram(bytes.data(), n, 0, 256),
      segir.histU8Bins256, [&](HistU8Fn fn) { fn(dbytes, n, hist); },
      [&](void *temp) {
        cubHistogramEvenU8(temp, u8Temp, dbytes, n, 256, hist, stream);
      },
      u8Temp);
  for (const HistU32Bins &c : getHistU32Bins(segir)) {
    int bins = 1 << c.log2Bins;
    size_t temp = cubHistogramEvenU32TempBytes(n, bins);
    run(
        "hist_u32", c.log2Bins, 4,
        reference::histogram(words.data(), n, 24 - c.log2Bins, bins),
        c.variants, [&](HistU32Fn fn) { fn(dwords, n, hist); },
        [&](void *t) {
          cubHistogramEvenU32(t, temp, dwords, n, bins, hist, stream);
        },
        temp);
  }

  std::vector<uint64_t> expected = reference::argminPerBin4096(words.data(), n);
  uint64_t *best = deviceAlloc<uint64_t>(4096);
  std::string shape = "n=" + pow2(o.log2n) + " bins=2^12";
  for (const auto &v : segir.argminU32Bins4096) {
    CUDA_CHECK(cudaMemset(best, 0, 4096 * 8));
    Timing t = timeSegIR(o, [&] { v.fn(dwords, n, best); });
    if (download(best, 4096) != expected)
      checkFailed(std::string("SegIR argmin_u32 ") + v.name + " " + shape);
    Result r{"hist", "argmin_u32", "segir", shape, v.name};
    r.modelChoice = v.model;
    r.bytes = 4.0 * n + 8.0 * 4096;
    r.check = "ok";
    record(r, t);
  }
  CUDA_CHECK(cudaFree(best));
  CUDA_CHECK(cudaFree(dbytes));
  CUDA_CHECK(cudaFree(dwords));
  CUDA_CHECK(cudaFree(hist));
}

// The fastest of the variants just recorded (the last `count` results),
// next to the resource model's choice.
void summarizeVariants(size_t count) {
  const Result *fastest = nullptr, *model = nullptr;
  for (size_t i = results.size() - count; i < results.size(); ++i) {
    const Result &r = results[i];
    if (r.missing)
      continue;
    if (!fastest || r.medianMs < fastest->medianMs)
      fastest = &r;
    if (r.modelChoice)
      model = &r;
  }
  if (!fastest)
    return;
  std::printf("  -> fastest: %s (%.3f ms)", fastest->variant.c_str(),
              fastest->medianMs);
  if (model)
    std::printf("; model's choice %s: %.3f ms (%+.1f%%)",
                model->variant.c_str(), model->medianMs,
                100.0 * (model->medianMs / fastest->medianMs - 1));
  std::printf("\n");
}

// Times each schedule variant, whose `call` writes `count` elements to
// `out`, as `result` with the variant's name. `checkFirst` checks the first
// variant's output; the others must agree with it bit for bit.
template <typename T, typename Fn, typename Call, typename Check>
void timeScheduleVariants(const Options &o, const Variants<Fn> &variants,
                          const std::string &what, T *out, int64_t count,
                          const Result &result, const Call &call,
                          const Check &checkFirst) {
  std::vector<T> first;
  for (const auto &v : variants) {
    CUDA_CHECK(cudaMemset(out, 0xff, count * sizeof(T)));
    Timing t = timeSegIR(o, [&] { call(v.fn); });
    std::vector<T> got = download(out, count);
    if (first.empty()) {
      checkFirst(got, v.name);
      first = std::move(got);
    } else if (got != first) {
      checkFailed("SegIR " + what + " " + v.name + " differs from " +
                  variants[0].name);
    }
    Result r = result;
    r.variant = v.name;
    r.check = "ok";
    record(r, t);
  }
  summarizeVariants(variants.size());
}

// Row order against column schedules (seg-column-schedule, [Prasetya 2022]):
// the 9x9 stencil on 2^ceil(k/2) x 2^floor(k/2) i32 and the naive matrix
// product of 2^(k/2 - 2)-square f32 matrices (4096 at k = 28). All variants
// must agree bit for bit (integer data); the first is also checked at sampled
// points against the CPU.
void benchSchedule(const Options &o) {
  const SegIRImplementations &segir = segirImplementations();
  reference::Random random(o.seed + 6);
  {
    int64_t rows = int64_t(1) << ((o.log2n + 1) / 2);
    int64_t cols = int64_t(1) << (o.log2n / 2);
    std::string shape = std::to_string(rows) + "x" + std::to_string(cols);
    std::vector<int32_t> a(rows * cols);
    for (int32_t &v : a)
      v = random.range(-5, 5);
    int32_t *da = upload(a), *db = deviceAlloc<int32_t>(rows * cols);
    Result result{"schedule", "stencil9x9_i32", "segir", shape};
    result.bytes = 8.0 * rows * cols;
    timeScheduleVariants(
        o, segir.stencilSchedules, "stencil", db, rows * cols, result,
        [&](StencilI32Fn fn) { fn(da, rows, cols, db); },
        [&](const std::vector<int32_t> &got, const char *name) {
          reference::Random points(o.seed);
          for (int sample = 0; sample < 4096; ++sample) {
            int64_t i = points.next() % rows, j = points.next() % cols;
            // The first samples lie on the edges, where indices clamp.
            if (sample < 64)
              i = sample % 2 ? rows - 1 : 0;
            else if (sample < 128)
              j = sample % 2 ? cols - 1 : 0;
            if (got[i * cols + j] !=
                reference::stencil9x9(a.data(), rows, cols, i, j))
              checkFailed(std::string("SegIR stencil ") + name + " at (" +
                          std::to_string(i) + ", " + std::to_string(j) + ")");
          }
        });
    CUDA_CHECK(cudaFree(da));
    CUDA_CHECK(cudaFree(db));
  }
  {
    int64_t side = int64_t(1) << std::max(2, o.log2n / 2 - 2);
    std::string shape = std::to_string(side) + "^3";
    std::vector<float> a = reference::smallIntegers(side * side, o.seed + 7);
    std::vector<float> b = reference::smallIntegers(side * side, o.seed + 8);
    float *da = upload(a), *db = upload(b),
          *dc = deviceAlloc<float>(side * side);
    Result result{"schedule", "naive_matmul_f32", "segir", shape};
    result.flops = 2.0 * side * side * side;
    timeScheduleVariants(
        o, segir.naiveMatmulSchedules, "naive matrix product", dc, side * side,
        result, [&](SgemmFn fn) { fn(da, db, dc, side, side, side); },
        [&](const std::vector<float> &got, const char *name) {
          reference::Random points(o.seed);
          for (int sample = 0; sample < 256; ++sample) {
            int64_t i = points.next() % side, j = points.next() % side;
            if (double(got[i * side + j]) !=
                reference::dot(a.data(), b.data(), side, side, i, j))
              checkFailed(std::string("SegIR naive matrix product ") + name +
                          " at (" + std::to_string(i) + ", " +
                          std::to_string(j) + ")");
          }
        });
    for (float *p : {da, db, dc})
      CUDA_CHECK(cudaFree(p));
  }
}

// The non-commutative reductions (2x2 matrix products, MSS, linear
// functions), each timed over the chunk variants `pick` selects from those
// compiled, in `group`; with `summarize`, each one's variants are summarised.
template <typename Pick>
void benchNonCommutativeReductions(const Options &o, const std::string &group,
                                   Pick pick, bool summarize) {
  int64_t n = int64_t(1) << o.log2n;
  std::string shape = "n=" + pow2(o.log2n);
  const SegIRImplementations &segir = segirImplementations();
  int32_t *out = deviceAlloc<int32_t>(4);
  reference::Random random(o.seed + 2);
  auto run = [&](const std::string &name, const auto &compiled, double bytes,
                 const auto &expected, const auto &call) {
    auto variants = pick(compiled);
    if (variants.empty()) {
      missing(group, name, "segir", shape);
      return;
    }
    timeChunkVariants(o, group, name, shape, out, variants, bytes, expected,
                      call);
    if (summarize)
      summarizeVariants(variants.size());
  };
  {
    auto [a, b, c, d] = reference::oddMatrices2x2(random, n);
    int32_t *da = upload(a), *db = upload(b), *dc = upload(c), *dd = upload(d);
    run("matprod2x2_i32", segir.matProd2x2Chunks, 16.0 * n,
        reference::matProd2x2(a.data(), b.data(), c.data(), d.data(), n),
        [&](MatProd2x2Fn fn) { fn(da, db, dc, dd, n, out); });
    for (int32_t *p : {da, db, dc, dd})
      CUDA_CHECK(cudaFree(p));
  }
  {
    std::vector<int32_t> x = reference::mssInput(random, n);
    int32_t *dx = upload(x);
    run("mss_i32", segir.mssChunks, 4.0 * n, reference::mss(x.data(), n),
        [&](MssFn fn) { fn(dx, n, out); });
    CUDA_CHECK(cudaFree(dx));
  }
  {
    auto [a, b] = reference::oddLinearFunctions(random, n);
    int32_t *da = upload(a), *db = upload(b);
    run("linfun_i32", segir.linFunChunks, 8.0 * n,
        reference::linFun(a.data(), b.data(), n),
        [&](LinFunFn fn) { fn(da, db, n, out); });
    CUDA_CHECK(cudaFree(da));
    CUDA_CHECK(cudaFree(db));
  }
  CUDA_CHECK(cudaFree(out));
}

// Non-commutative reductions at the resource model's chunk (what SegIR
// compiles by default with seg-select-chunk; "model_choice": true), with
// chunk 1 as a variant. The model group sweeps every chunk.
void benchNonCommutative(const Options &o) {
  benchNonCommutativeReductions(
      o, "noncommutative",
      [](const auto &compiled) { return modelAndChunk1(compiled); },
      /*summarize=*/false);
}

// The resource model's choices against alternatives: seg-select-chunk's
// chunk for the non-commutative reductions (n = 2^k) and
// seg-tile-block-register's tiles for SGEMM (4096^3, 3001 x 2011 x 1999).
// The variant of the model's choice has "model_choice": true.
void benchModel(const Options &o) {
  benchNonCommutativeReductions(
      o, "model", [](const auto &compiled) { return compiled; },
      /*summarize=*/true);
  const SegIRImplementations &segir = segirImplementations();

  struct Shape {
    int64_t m, n, k;
  };
  for (Shape s : {Shape{4096, 4096, 4096}, Shape{3001, 2011, 1999}}) {
    SgemmProblem p(o, s.m, s.n, s.k);
    for (const auto &v : segir.sgemmTiles) {
      Timing t = p.timeSegIRSgemm(
          o, v.fn, "SegIR SGEMM " + p.shape + " tiles " + v.name);
      Result r{"model", "sgemm_f32", "segir", p.shape,
               std::string("tiles=") + v.name};
      r.modelChoice = v.model;
      r.flops = p.flops();
      r.check = "ok";
      record(r, t);
    }
    summarizeVariants(segir.sgemmTiles.size());
  }
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

std::string jsonEscape(const std::string &s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out;
}

void writeJson(const Options &o, const cudaDeviceProp &prop, int driver,
               int runtime) {
  FILE *f = std::fopen(o.json.c_str(), "w");
  if (!f) {
    std::fprintf(stderr, "segir-bench: error: cannot write %s\n",
                 o.json.c_str());
    std::exit(1);
  }
  std::fprintf(f,
               "{\n  \"device\": \"%s\",\n  \"compute_capability\": "
               "\"%d.%d\",\n  \"driver_version\": %d,\n  "
               "\"runtime_version\": %d,\n  \"cccl_version\": \"%s\",\n  "
               "\"log2n\": %d,\n  \"warmup\": "
               "%d,\n  \"reps\": %d,\n  \"copy_gbps\": %.3f,\n  "
               "\"results\": [\n",
               jsonEscape(prop.name).c_str(), prop.major, prop.minor, driver,
               runtime, cubVersion(), o.log2n, o.warmup, o.reps, copyGbps);
  for (size_t i = 0; i < results.size(); ++i) {
    const Result &r = results[i];
    std::fprintf(f,
                 "    {\"group\": \"%s\", \"name\": \"%s\", \"impl\": \"%s\", "
                 "\"shape\": \"%s\", \"status\": \"%s\"",
                 r.group.c_str(), r.name.c_str(), r.impl.c_str(),
                 r.shape.c_str(), r.missing ? "missing" : r.check.c_str());
    if (!r.variant.empty())
      std::fprintf(f, ", \"variant\": \"%s\", \"model_choice\": %s",
                   jsonEscape(r.variant).c_str(),
                   r.modelChoice ? "true" : "false");
    if (!r.missing) {
      std::fprintf(f, ", \"median_ms\": %.6f, \"min_ms\": %.6f", r.medianMs,
                   r.minMs);
      if (r.flops > 0)
        std::fprintf(f, ", \"gflops\": %.3f", r.gflops);
      else
        std::fprintf(f, ", \"bytes\": %.0f, \"gbps\": %.3f, \"pct_copy\": %.2f",
                     r.bytes, r.gbps, r.pctCopy);
      std::fprintf(f,
                   ", \"timing\": \"%s\", \"host_call_ms\": %.6f, "
                   "\"span_ms\": %.6f",
                   r.timing.c_str(), r.hostCallMs, r.spanMs);
      if (r.launches)
        std::fprintf(f, ", \"kernel_ms\": %.6f, \"launches\": %lld", r.kernelMs,
                     (long long)r.launches);
      if (r.vsVendorHostCall > 0)
        std::fprintf(f,
                     ", \"vs_vendor_host_call\": %.4f, "
                     "\"vs_vendor_span\": %.4f",
                     r.vsVendorHostCall, r.vsVendorSpan);
    }
    std::fprintf(f, "}%s\n", i + 1 < results.size() ? "," : "");
  }
  std::fprintf(f, "  ]\n}\n");
  std::fclose(f);
}

const char *groups[] = {"copy",      "reduce", "noncommutative",
                        "segmented", "scan",   "sgemm",
                        "schedule",  "model",  "hist"};

void usage() {
  std::printf(
      "usage: segir-bench [--log2n K] [--warmup W] [--reps R] [--seed S]\n"
      "                   [--json FILE] [--only GROUP]... [--list]\n"
      "groups: copy reduce noncommutative segmented scan sgemm schedule model\n"
      "        hist\n"
      "(copy always runs first: the other bandwidths are given as a share of\n"
      "it)\n");
}

template <typename Fn> std::string names(const Variants<Fn> &variants) {
  std::string out;
  for (const auto &v : variants)
    out += std::string(out.empty() ? "" : " ") + v.name + (v.model ? "*" : "");
  return out;
}

// What each group measures; "*" marks the resource model's choice.
void list() {
  const SegIRImplementations &s = segirImplementations();
  auto state = [](const void *fn) { return fn ? "available" : "missing"; };
  std::printf("copy           d2d_copy_f32      cuda\n");
  std::printf("reduce         sum_f32           segir %s, cub\n",
              state((const void *)s.sumF32));
  std::printf("noncommutative matprod2x2_i32    segir chunk %s\n",
              names(modelAndChunk1(s.matProd2x2Chunks)).c_str());
  std::printf("noncommutative mss_i32           segir chunk %s\n",
              names(modelAndChunk1(s.mssChunks)).c_str());
  std::printf("noncommutative linfun_i32        segir chunk %s\n",
              names(modelAndChunk1(s.linFunChunks)).c_str());
  std::printf("segmented      segsum_f32        segir %s, cub, cub-hint, "
              "cub-fixed\n",
              state((const void *)s.segSumF32));
  std::printf("scan           inclusive_sum_f32 segir single-pass %s, "
              "segir reduce-then-scan %s, cub, cub-warpspeed\n",
              state((const void *)s.inclusiveSumF32),
              state((const void *)s.inclusiveSumF32ReduceThenScan));
  std::printf("scan           segscan_f32       segir single-pass %s, "
              "segir reduce-then-scan %s, cub, cub-segmented\n",
              state((const void *)s.segScanF32),
              state((const void *)s.segScanF32ReduceThenScan));
  std::printf("sgemm          sgemm_f32         segir %s, cublas\n",
              state((const void *)s.sgemm));
  std::printf("sgemm          sgemm_tf32        segir %s, cublas (TF32 math)\n",
              state((const void *)s.sgemmTF32));
  std::printf("sgemm          gemm_bf16         segir %s, cublas (BF16 inputs, "
              "FP32 compute)\n",
              state((const void *)s.gemmBF16));
  std::printf("sgemm          sgemm_tf32_wgmma  segir %s, cublas (TF32 math)\n",
              state((const void *)s.sgemmTF32Wgmma));
  std::printf("sgemm          gemm_bf16_wgmma   segir %s, cublas (BF16 inputs, "
              "FP32 compute)\n",
              state((const void *)s.gemmBF16Wgmma));
  std::printf("schedule       stencil9x9_i32    segir %s\n",
              names(s.stencilSchedules).c_str());
  std::printf("schedule       naive_matmul_f32  segir %s\n",
              names(s.naiveMatmulSchedules).c_str());
  std::printf("model          matprod2x2_i32    segir chunk %s\n",
              names(s.matProd2x2Chunks).c_str());
  std::printf("model          mss_i32           segir chunk %s\n",
              names(s.mssChunks).c_str());
  std::printf("model          linfun_i32        segir chunk %s\n",
              names(s.linFunChunks).c_str());
  std::printf("model          sgemm_f32         segir tiles %s\n",
              names(s.sgemmTiles).c_str());
  std::printf("hist           hist_u8           bins 2^8: segir %s, cub\n",
              names(s.histU8Bins256).c_str());
  std::printf("hist           hist_u32          bins 2^8, 2^12, 2^20: segir "
              "%s, cub\n",
              names(s.histU32Bins256).c_str());
  std::printf("hist           argmin_u32        bins 2^12: segir %s\n",
              names(s.argminU32Bins4096).c_str());
}

Options parse(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        usage();
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--log2n")
      o.log2n = std::stoi(value());
    else if (arg == "--warmup")
      o.warmup = std::stoi(value());
    else if (arg == "--reps")
      o.reps = std::stoi(value());
    else if (arg == "--seed")
      o.seed = std::stoull(value());
    else if (arg == "--json")
      o.json = value();
    else if (arg == "--only") {
      std::string g = value();
      if (std::find_if(std::begin(groups), std::end(groups),
                       [&](const char *n) { return g == n; }) ==
          std::end(groups)) {
        std::fprintf(stderr, "segir-bench: unknown group '%s'\n", g.c_str());
        std::exit(2);
      }
      o.only.push_back(g);
    } else if (arg == "--list")
      o.list = true;
    else {
      usage();
      std::exit(arg == "--help" || arg == "-h" ? 0 : 2);
    }
  }
  if (o.log2n < 4 || o.log2n > 30 || o.reps < 1 || o.warmup < 0) {
    std::fprintf(stderr, "segir-bench: need 4 <= log2n <= 30, reps >= 1, "
                         "warmup >= 0\n");
    std::exit(2);
  }
  return o;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parse(argc, argv);
  if (o.list) {
    std::printf("CUB of CCCL %s\n", cubVersion());
    list();
    return 0;
  }
  int device = 0, driver = 0, runtime = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  CUDA_CHECK(cudaDriverGetVersion(&driver));
  CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
  std::printf("device %d: %s (sm_%d%d), %d SMs, driver %d, runtime %d, "
              "CUB of CCCL %s, n = 2^%d, %d warm-up runs, median of %d\n",
              device, prop.name, prop.major, prop.minor,
              prop.multiProcessorCount, driver, runtime, cubVersion(), o.log2n,
              o.warmup, o.reps);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  benchCopy(o, stream);
  if (selected(o, "reduce"))
    benchSum(o, stream);
  if (selected(o, "noncommutative"))
    benchNonCommutative(o);
  if (selected(o, "segmented"))
    benchSegmented(o, stream);
  if (selected(o, "scan"))
    benchScan(o, stream);
  if (selected(o, "sgemm"))
    benchSgemm(o, stream);
  if (selected(o, "schedule"))
    benchSchedule(o);
  if (selected(o, "model"))
    benchModel(o);
  if (selected(o, "hist"))
    benchHist(o, stream);
  CUDA_CHECK(cudaStreamDestroy(stream));
  writeJson(o, prop, driver, runtime);
  std::printf("wrote %s\n", o.json.c_str());
  return 0;
}
