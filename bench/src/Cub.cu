//===- Cub.cu - CUB baselines of the harness ------------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Vendor.h"

#include <cub/device/device_histogram.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

size_t cubSumF32TempBytes(int64_t n) {
  size_t bytes = 0;
  CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, bytes, (const float *)nullptr,
                                    (float *)nullptr, n));
  return bytes;
}

void cubSumF32(void *temp, size_t tempBytes, const float *x, int64_t n,
               float *out, cudaStream_t stream) {
  CUDA_CHECK(cub::DeviceReduce::Sum(temp, tempBytes, x, out, n, stream));
}

size_t cubSegSumF32TempBytes(int64_t segments) {
  size_t bytes = 0;
  CUDA_CHECK(cub::DeviceSegmentedReduce::Sum(
      nullptr, bytes, (const float *)nullptr, (float *)nullptr, segments,
      (const int64_t *)nullptr, (const int64_t *)nullptr));
  return bytes;
}

void cubSegSumF32(void *temp, size_t tempBytes, const float *x,
                  int64_t segments, const int64_t *offsets, float *out,
                  cudaStream_t stream) {
  CUDA_CHECK(cub::DeviceSegmentedReduce::Sum(temp, tempBytes, x, out, segments,
                                             offsets, offsets + 1, stream));
}

namespace {

struct TimesCols {
  int64_t cols;
  __host__ __device__ int64_t operator()(int64_t s) const { return s * cols; }
};

auto fixedOffsets(int64_t cols) {
  return thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0),
                                         TimesCols{cols});
}

} // namespace

size_t cubSegSumFixedF32TempBytes(int64_t segments, int64_t cols) {
  size_t bytes = 0;
  auto offsets = fixedOffsets(cols);
  CUDA_CHECK(cub::DeviceSegmentedReduce::Sum(
      nullptr, bytes, (const float *)nullptr, (float *)nullptr, segments,
      offsets, offsets + 1));
  return bytes;
}

void cubSegSumFixedF32(void *temp, size_t tempBytes, const float *x,
                       int64_t segments, int64_t cols, float *out,
                       cudaStream_t stream) {
  auto offsets = fixedOffsets(cols);
  CUDA_CHECK(cub::DeviceSegmentedReduce::Sum(temp, tempBytes, x, out, segments,
                                             offsets, offsets + 1, stream));
}

size_t cubInclusiveSumF32TempBytes(int64_t n) {
  size_t bytes = 0;
  CUDA_CHECK(cub::DeviceScan::InclusiveSum(
      nullptr, bytes, (const float *)nullptr, (float *)nullptr, n));
  return bytes;
}

void cubInclusiveSumF32(void *temp, size_t tempBytes, const float *x, int64_t n,
                        float *out, cudaStream_t stream) {
  CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp, tempBytes, x, out, n, stream));
}

namespace {

// The segment (row) of element i of a rows x cols matrix: CUB's keys,
// computed on the fly so that the keys cost no memory traffic.
struct RowOf {
  uint32_t cols;
  __host__ __device__ uint32_t operator()(uint32_t i) const { return i / cols; }
};

auto rowKeys(int64_t cols) {
  return thrust::make_transform_iterator(thrust::counting_iterator<uint32_t>(0),
                                         RowOf{uint32_t(cols)});
}

} // namespace

size_t cubSegScanF32TempBytes(int64_t rows, int64_t cols) {
  size_t bytes = 0;
  CUDA_CHECK(cub::DeviceScan::InclusiveSumByKey(nullptr, bytes, rowKeys(cols),
                                                (const float *)nullptr,
                                                (float *)nullptr, rows * cols));
  return bytes;
}

void cubSegScanF32(void *temp, size_t tempBytes, const float *x, int64_t rows,
                   int64_t cols, float *out, cudaStream_t stream) {
  CUDA_CHECK(cub::DeviceScan::InclusiveSumByKey(
      temp, tempBytes, rowKeys(cols), x, out, rows * cols,
      ::cuda::std::equal_to<>(), stream));
}

namespace {

// HistogramEven over [0, upper) in `bins` bins; a null `temp` asks for the
// temporary storage.
template <typename Sample>
void histogramEven(void *temp, size_t &tempBytes, const Sample *x, int64_t n,
                   int bins, int upper, int32_t *hist, cudaStream_t stream) {
  CUDA_CHECK(cub::DeviceHistogram::HistogramEven(
      temp, tempBytes, x, hist, bins + 1, 0, upper, n, stream));
}

} // namespace

size_t cubHistogramEvenU8TempBytes(int64_t n, int bins) {
  size_t bytes = 0;
  histogramEven<uint8_t>(nullptr, bytes, nullptr, n, bins, 256, nullptr, 0);
  return bytes;
}

void cubHistogramEvenU8(void *temp, size_t tempBytes, const uint8_t *x,
                        int64_t n, int bins, int32_t *hist,
                        cudaStream_t stream) {
  histogramEven(temp, tempBytes, x, n, bins, 256, hist, stream);
}

size_t cubHistogramEvenU32TempBytes(int64_t n, int bins) {
  size_t bytes = 0;
  histogramEven<uint32_t>(nullptr, bytes, nullptr, n, bins, 1 << 24, nullptr,
                          0);
  return bytes;
}

void cubHistogramEvenU32(void *temp, size_t tempBytes, const uint32_t *x,
                         int64_t n, int bins, int32_t *hist,
                         cudaStream_t stream) {
  histogramEven(temp, tempBytes, x, n, bins, 1 << 24, hist, stream);
}
