//===- BF16.h - bf16 values on the host -------------------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The host side of MLIR's bf16 (memref<?x?xbf16> in SegIRKernels.h, and
// cuBLAS's CUDA_R_16BF): the upper 16 bits of an IEEE f32, so a bf16 value
// widens to f32 exactly. The harness rounds its f32 inputs to bf16 on the
// host, and its references multiply the rounded values.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_BENCH_BF16_H
#define SEGIR_BENCH_BF16_H

#include <cstdint>
#include <cstring>
#include <vector>

struct BF16 {
  uint16_t bits;
};

// x rounded to the nearest bf16, ties to even; a NaN stays a (quiet) NaN.
inline BF16 toBF16(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return {uint16_t((bits >> 16) | 0x40)};
  bits += 0x7fffu + ((bits >> 16) & 1);
  return {uint16_t(bits >> 16)};
}

inline float toFloat(BF16 x) {
  uint32_t bits = uint32_t(x.bits) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// Rounds every value to bf16: returns the bf16 values and leaves the
// rounded values, as f32, in `values`.
inline std::vector<BF16> roundToBF16(std::vector<float> &values) {
  std::vector<BF16> rounded(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    rounded[i] = toBF16(values[i]);
    values[i] = toFloat(rounded[i]);
  }
  return rounded;
}

// A product's f32 inputs as its kernel reads them (the second argument
// picks the type): f32 as they are; bf16 rounded, `values` then holding the
// rounded values that the references multiply.
inline std::vector<float> asInputs(std::vector<float> &values, float) {
  return values;
}
inline std::vector<BF16> asInputs(std::vector<float> &values, BF16) {
  return roundToBF16(values);
}

#endif // SEGIR_BENCH_BF16_H
