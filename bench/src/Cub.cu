//===- Cub.cu - CUB baselines of the harness ------------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Vendor.h"

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>

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
