// cub_narrow.cu - CUB's DeviceReduce::Sum of narrow element types for the
// kernel report (bench/kernels/report.txt), the yardstick of
// bench/kernels/narrow.mlir: u8 samples summed into a u32 and i16 samples
// into an i32 (the output type is the accumulator's). Compiled by
// utils/kernel-report.py with nvcc against the CCCL of the run; not part of
// the benchmark harness.

#include <cub/device/device_reduce.cuh>

#include <cstdint>

size_t cubSumU8(void *temp, size_t tempBytes, const uint8_t *x, int64_t n,
                uint32_t *out) {
  cub::DeviceReduce::Sum(temp, tempBytes, x, out, n);
  return tempBytes;
}

size_t cubSumI16(void *temp, size_t tempBytes, const int16_t *x, int64_t n,
                 int32_t *out) {
  cub::DeviceReduce::Sum(temp, tempBytes, x, out, n);
  return tempBytes;
}
