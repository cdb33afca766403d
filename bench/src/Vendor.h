//===- Vendor.h - CUB and cuBLAS baselines of the harness -------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Two-phase like CUB itself: *TempBytes gives the temporary storage the
// call needs, which the harness allocates outside the timed region. Calls
// are asynchronous on `stream`.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_BENCH_VENDOR_H
#define SEGIR_BENCH_VENDOR_H

#include <cstddef>
#include <cstdint>
#include <cuda_runtime_api.h>

// The version of the CCCL (CUB) these calls were compiled with: "3.5.0".
const char *cubVersion();

size_t cubSumF32TempBytes(int64_t n);
void cubSumF32(void *temp, size_t tempBytes, const float *x, int64_t n,
               float *out, cudaStream_t stream);

// Segment s is [offsets[s], offsets[s + 1]).
size_t cubSegSumF32TempBytes(int64_t segments);
void cubSegSumF32(void *temp, size_t tempBytes, const float *x,
                  int64_t segments, const int64_t *offsets, float *out,
                  cudaStream_t stream);
// The same with the hint that no segment is longer than `maxSegmentSize`:
// CUB then gives small segments a warp or a thread rather than a block.
// CCCL 3.5's public overloads leave the hint 0; this calls the dispatch
// they call.
size_t cubSegSumHintF32TempBytes(int64_t segments, int64_t maxSegmentSize);
void cubSegSumHintF32(void *temp, size_t tempBytes, const float *x,
                      int64_t segments, const int64_t *offsets,
                      int64_t maxSegmentSize, float *out, cudaStream_t stream);
// Segments of `cols` elements each (cols < 2^31): the fixed-size overload
// of DeviceSegmentedReduce::Sum (CCCL 3.4 and newer), which splits
// segments longer than a tile over several blocks and reduces their
// partial sums in a second kernel.
size_t cubSegSumFixedF32TempBytes(int64_t segments, int64_t cols);
void cubSegSumFixedF32(void *temp, size_t tempBytes, const float *x,
                       int64_t segments, int64_t cols, float *out,
                       cudaStream_t stream);

size_t cubInclusiveSumF32TempBytes(int64_t n);
void cubInclusiveSumF32(void *temp, size_t tempBytes, const float *x, int64_t n,
                        float *out, cudaStream_t stream);
// The same with run-to-run determinism required (through an execution
// environment): a float sum in a stable order, which CCCL 3.5 computes with
// its warp-specialised look-ahead ("warpspeed") scan on sm_90. The call
// takes its temporary storage from a buffer of its own, grown by the first
// (warm-up) calls.
void cubInclusiveSumDeterministicF32(const float *x, int64_t n, float *out,
                                     cudaStream_t stream);

// Inclusive sums of every row of a row-major rows x cols matrix
// (rows * cols < 2^32): DeviceScan::InclusiveSumByKey with the row index
// as key.
size_t cubSegScanF32TempBytes(int64_t rows, int64_t cols);
void cubSegScanF32(void *temp, size_t tempBytes, const float *x, int64_t rows,
                   int64_t cols, float *out, cudaStream_t stream);
// The same by DeviceSegmentedScan::InclusiveSegmentedSum (CCCL 3.3 and
// newer), one block per segment, with the offsets r * cols computed by an
// iterator.
size_t cubSegmentedScanF32TempBytes(int64_t rows, int64_t cols);
void cubSegmentedScanF32(void *temp, size_t tempBytes, const float *x,
                         int64_t rows, int64_t cols, float *out,
                         cudaStream_t stream);

// DeviceHistogram::HistogramEven into `bins` i32 counters: u8 samples with
// levels 0, 1, ..., 256 (bins = 256), u32 samples with levels evenly
// spaced over [0, 2^24).
size_t cubHistogramEvenU8TempBytes(int64_t n, int bins);
void cubHistogramEvenU8(void *temp, size_t tempBytes, const uint8_t *x,
                        int64_t n, int bins, int32_t *hist,
                        cudaStream_t stream);
size_t cubHistogramEvenU32TempBytes(int64_t n, int bins);
void cubHistogramEvenU32(void *temp, size_t tempBytes, const uint32_t *x,
                         int64_t n, int bins, int32_t *hist,
                         cudaStream_t stream);

// Checks a CUDA runtime call; prints the call and exits on failure.
void checkCuda(cudaError_t error, const char *call, const char *file, int line);
#define CUDA_CHECK(expr) checkCuda((expr), #expr, __FILE__, __LINE__)

#endif // SEGIR_BENCH_VENDOR_H
