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
#include <cub/device/device_segmented_scan.cuh>
#include <cub/version.cuh>
#include <cuda/execution>
#include <cuda/memory_resource>
#include <cuda/std/execution>
#include <cuda/stream_ref>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <string>
#include <type_traits>

// The build names the CCCL it means to compile against (scripts/setup.sh
// pins one); a toolkit's own CCCL found first would make a different
// yardstick.
#ifdef SEGIR_EXPECTED_CCCL_VERSION
static_assert(CCCL_VERSION == SEGIR_EXPECTED_CCCL_VERSION,
              "bench/src/Cub.cu is not compiled against the pinned CCCL: "
              "its include directory must come before the CUDA toolkit's");
#endif

const char *cubVersion() {
  static const std::string version = std::to_string(CCCL_MAJOR_VERSION) + "." +
                                     std::to_string(CCCL_MINOR_VERSION) + "." +
                                     std::to_string(CCCL_PATCH_VERSION);
  return version.c_str();
}

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

size_t cubSegSumHintF32TempBytes(int64_t segments, int64_t maxSegmentSize) {
  size_t bytes = 0;
  CUDA_CHECK(cub::detail::segmented_reduce::dispatch(
      nullptr, bytes, (const float *)nullptr, (float *)nullptr, segments,
      (const int64_t *)nullptr, (const int64_t *)nullptr, ::cuda::std::plus<>{},
      float{}, size_t(maxSegmentSize), nullptr));
  return bytes;
}

void cubSegSumHintF32(void *temp, size_t tempBytes, const float *x,
                      int64_t segments, const int64_t *offsets,
                      int64_t maxSegmentSize, float *out, cudaStream_t stream) {
  // What DeviceSegmentedReduce::Sum with offsets calls, with the hint that
  // each of its public overloads leaves 0.
  CUDA_CHECK(cub::detail::segmented_reduce::dispatch(
      temp, tempBytes, x, out, segments, offsets, offsets + 1,
      ::cuda::std::plus<>{}, float{}, size_t(maxSegmentSize), stream));
}

size_t cubSegSumFixedF32TempBytes(int64_t segments, int64_t cols) {
  size_t bytes = 0;
  CUDA_CHECK(
      cub::DeviceSegmentedReduce::Sum(nullptr, bytes, (const float *)nullptr,
                                      (float *)nullptr, segments, int(cols)));
  return bytes;
}

void cubSegSumFixedF32(void *temp, size_t tempBytes, const float *x,
                       int64_t segments, int64_t cols, float *out,
                       cudaStream_t stream) {
  CUDA_CHECK(cub::DeviceSegmentedReduce::Sum(temp, tempBytes, x, out, segments,
                                             int(cols), stream));
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

// The temporary storage of CUB's calls through an execution environment,
// which take it from a memory resource rather than from the caller.
struct DeviceBuffer {
  void *storage = nullptr;
  size_t capacity = 0;
};

// A memory resource that hands out one buffer, grown when a call needs more
// and kept: after the warm-up runs the timed calls allocate nothing, as
// with the two-phase calls. The environment holds a copy of the resource,
// which points to the buffer.
struct GrowingBufferResource {
  DeviceBuffer *buffer;

  void *allocate_sync(size_t bytes, size_t) {
    if (bytes > buffer->capacity) {
      if (buffer->storage)
        CUDA_CHECK(cudaFree(buffer->storage));
      CUDA_CHECK(cudaMalloc(&buffer->storage, bytes));
      buffer->capacity = bytes;
    }
    return buffer->storage;
  }
  void *allocate(::cuda::stream_ref, size_t bytes, size_t alignment) {
    return allocate_sync(bytes, alignment);
  }
  void deallocate_sync(void *, size_t, size_t) noexcept {}
  void deallocate(::cuda::stream_ref, void *, size_t, size_t) noexcept {}
  bool operator==(const GrowingBufferResource &other) const {
    return buffer == other.buffer;
  }
  bool operator!=(const GrowingBufferResource &other) const {
    return buffer != other.buffer;
  }
};

} // namespace

void cubInclusiveSumDeterministicF32(const float *x, int64_t n, float *out,
                                     cudaStream_t stream) {
  static DeviceBuffer buffer;
  // run_to_run determinism of a float sum asks for a stable reduction
  // order, which CCCL 3.5 computes with the warp-specialised look-ahead
  // ("warpspeed") scan on sm_90 and newer.
  ::cuda::stream_ref onStream{stream};
  auto deterministic =
      ::cuda::execution::require(::cuda::execution::determinism::run_to_run);
  using Resource =
      ::cuda::std::execution::prop<::cuda::mr::get_memory_resource_t,
                                   GrowingBufferResource>;
  ::cuda::std::execution::env<::cuda::stream_ref, decltype(deterministic),
                              Resource>
      env{onStream, deterministic,
          Resource{::cuda::mr::get_memory_resource,
                   GrowingBufferResource{&buffer}}};
  // CUB falls back to stream 0 and cudaMallocAsync where the environment
  // does not answer these queries.
  static_assert(
      std::is_same_v<decltype(::cuda::get_stream(env)), ::cuda::stream_ref>);
  static_assert(std::is_same_v<
                std::decay_t<decltype(::cuda::mr::get_memory_resource(env))>,
                GrowingBufferResource>);
  CUDA_CHECK(cub::DeviceScan::InclusiveSum(x, out, n, env));
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

struct TimesCols {
  int64_t cols;
  __host__ __device__ int64_t operator()(int64_t s) const { return s * cols; }
};

// The offsets of regular segments of `cols` elements, computed rather than
// read from memory.
auto regularOffsets(int64_t cols) {
  return thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0),
                                         TimesCols{cols});
}

} // namespace

size_t cubSegmentedScanF32TempBytes(int64_t rows, int64_t cols) {
  size_t bytes = 0;
  auto offsets = regularOffsets(cols);
  CUDA_CHECK(cub::DeviceSegmentedScan::InclusiveSegmentedSum(
      nullptr, bytes, (const float *)nullptr, (float *)nullptr, offsets,
      offsets + 1, rows));
  return bytes;
}

void cubSegmentedScanF32(void *temp, size_t tempBytes, const float *x,
                         int64_t rows, int64_t cols, float *out,
                         cudaStream_t stream) {
  auto offsets = regularOffsets(cols);
  CUDA_CHECK(cub::DeviceSegmentedScan::InclusiveSegmentedSum(
      temp, tempBytes, x, out, offsets, offsets + 1, rows, stream));
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
