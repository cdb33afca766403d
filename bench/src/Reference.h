//===- Reference.h - Inputs and CPU references of the harness ---*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Inputs are chosen so that every association order gives the same exact
// result, so the harness compares GPU results with these references for
// equality (SGEMM, in floating point with a tolerance, is the exception):
//  * f32 data are small integers in [-8, 8]: partial sums of random signs
//    stay far below 2^24, where f32 stops representing integers exactly;
//  * i32 operators wrap modulo 2^32; 2x2 matrices have an odd determinant
//    and linear functions an odd slope, so that products stay invertible
//    modulo 2^32 instead of collapsing to zero (where a wrong order would
//    go unnoticed);
//  * MSS inputs lie in [-7, 7], so no sum of 2^28 of them overflows;
//  * the column schedule's matrix product multiplies small integers, so
//    its sums are exact too, and the stencil is i32 arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_BENCH_REFERENCE_H
#define SEGIR_BENCH_REFERENCE_H

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace reference {

// splitmix64: fast, seedable, and the same everywhere.
struct Random {
  uint64_t state;
  explicit Random(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [lo, hi].
  int32_t range(int32_t lo, int32_t hi) {
    return lo +
           static_cast<int32_t>(next() % static_cast<uint64_t>(hi - lo + 1));
  }
};

/// Inputs of the non-commutative benchmarks, chosen so that every
/// association order gives the same result modulo 2^32: 2x2 matrices with
/// odd determinants (a, d odd; b, c even), linear functions x -> a x + b
/// with odd a, and small integers for MSS.
struct Matrices2x2 {
  std::vector<int32_t> a, b, c, d;
};
inline Matrices2x2 oddMatrices2x2(Random &random, int64_t n) {
  Matrices2x2 m{std::vector<int32_t>(n), std::vector<int32_t>(n),
                std::vector<int32_t>(n), std::vector<int32_t>(n)};
  for (int64_t i = 0; i < n; ++i) {
    m.a[i] = int32_t(random.next() | 1);
    m.b[i] = int32_t(random.next() & ~uint64_t(1));
    m.c[i] = int32_t(random.next() & ~uint64_t(1));
    m.d[i] = int32_t(random.next() | 1);
  }
  return m;
}
struct LinearFunctions {
  std::vector<int32_t> a, b;
};
inline LinearFunctions oddLinearFunctions(Random &random, int64_t n) {
  LinearFunctions f{std::vector<int32_t>(n), std::vector<int32_t>(n)};
  for (int64_t i = 0; i < n; ++i) {
    f.a[i] = int32_t(random.next() | 1);
    f.b[i] = int32_t(random.next());
  }
  return f;
}
inline std::vector<int32_t> mssInput(Random &random, int64_t n) {
  std::vector<int32_t> x(n);
  for (int32_t &v : x)
    v = random.range(-7, 7);
  return x;
}

inline std::vector<float> smallIntegers(int64_t n, uint64_t seed) {
  Random random(seed);
  std::vector<float> x(n);
  for (float &v : x)
    v = static_cast<float>(random.range(-8, 8));
  return x;
}

inline double sum(const float *x, int64_t n) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i)
    s += x[i];
  return s;
}

inline uint32_t wrap(uint64_t v) { return static_cast<uint32_t>(v); }

// Row-major 2x2 product modulo 2^32.
inline std::array<uint32_t, 4> matProd(const std::array<uint32_t, 4> &x,
                                       const std::array<uint32_t, 4> &y) {
  return {wrap(uint64_t(x[0]) * y[0] + uint64_t(x[1]) * y[2]),
          wrap(uint64_t(x[0]) * y[1] + uint64_t(x[1]) * y[3]),
          wrap(uint64_t(x[2]) * y[0] + uint64_t(x[3]) * y[2]),
          wrap(uint64_t(x[2]) * y[1] + uint64_t(x[3]) * y[3])};
}

inline std::array<int32_t, 4> matProd2x2(const int32_t *a, const int32_t *b,
                                         const int32_t *c, const int32_t *d,
                                         int64_t n) {
  std::array<uint32_t, 4> acc = {1, 0, 0, 1};
  for (int64_t i = 0; i < n; ++i)
    acc = matProd(
        acc, {uint32_t(a[i]), uint32_t(b[i]), uint32_t(c[i]), uint32_t(d[i])});
  return {int32_t(acc[0]), int32_t(acc[1]), int32_t(acc[2]), int32_t(acc[3])};
}

// (best segment sum, best prefix, best suffix, total); empty segments
// count, so every component is at least 0 except the total.
inline std::array<int32_t, 4> mss(const int32_t *x, int64_t n) {
  int64_t best = 0, prefix = 0, suffix = 0, total = 0;
  for (int64_t i = 0; i < n; ++i) {
    total += x[i];
    prefix = std::max(prefix, total);
    suffix = std::max<int64_t>(suffix + x[i], 0);
    best = std::max(best, suffix);
  }
  return {int32_t(best), int32_t(prefix), int32_t(suffix), int32_t(total)};
}

// Composition of x -> a[i] x + b[i], index 0 applied first.
inline std::array<int32_t, 2> linFun(const int32_t *a, const int32_t *b,
                                     int64_t n) {
  uint32_t ra = 1, rb = 0;
  for (int64_t i = 0; i < n; ++i) {
    ra = wrap(uint64_t(ra) * uint32_t(a[i]));
    rb = wrap(uint64_t(rb) * uint32_t(a[i]) + uint32_t(b[i]));
  }
  return {int32_t(ra), int32_t(rb)};
}

// Inclusive prefix sums of x[0, n) into out (exact for smallIntegers).
inline void inclusiveSum(const float *x, int64_t n, float *out) {
  double running = 0;
  for (int64_t i = 0; i < n; ++i)
    out[i] = static_cast<float>(running += x[i]);
}

// Point (i, j) of the 9x9 stencil of bench/kernels/schedule.mlir on a
// row-major rows x cols matrix: weights ((2 a + 5 b) mod 7) - 3, indices
// clamped into the matrix, i32 arithmetic modulo 2^32.
inline int32_t stencil9x9(const int32_t *a, int64_t rows, int64_t cols,
                          int64_t i, int64_t j) {
  uint32_t sum = 0;
  for (int64_t da = 0; da < 9; ++da) {
    int64_t r = std::min(std::max<int64_t>(i + da - 4, 0), rows - 1);
    for (int64_t db = 0; db < 9; ++db) {
      int64_t c = std::min(std::max<int64_t>(j + db - 4, 0), cols - 1);
      int32_t w = static_cast<int32_t>((2 * da + 5 * db) % 7) - 3;
      sum += static_cast<uint32_t>(a[r * cols + c]) * static_cast<uint32_t>(w);
    }
  }
  return static_cast<int32_t>(sum);
}

// Entry (i, j) of the row-major product of a (m x k) and b (k x n), in
// double precision.
inline double dot(const float *a, const float *b, int64_t n, int64_t k,
                  int64_t i, int64_t j) {
  double sum = 0;
  for (int64_t p = 0; p < k; ++p)
    sum += double(a[i * k + p]) * b[p * n + j];
  return sum;
}

// Histogram samples: uniform bytes, and u32 uniform in [0, 2^24) (the
// range that bench/kernels/hist.mlir divides into even bins).
inline std::vector<uint8_t> byteSamples(int64_t n, uint64_t seed) {
  Random random(seed);
  std::vector<uint8_t> x(n);
  for (uint8_t &v : x)
    v = static_cast<uint8_t>(random.next());
  return x;
}
inline std::vector<uint32_t> samples24(int64_t n, uint64_t seed) {
  Random random(seed);
  std::vector<uint32_t> x(n);
  for (uint32_t &v : x)
    v = static_cast<uint32_t>(random.next() & 0xffffff);
  return x;
}

// Counts of `x[i] >> shift` into `bins` bins (every sample falls into one).
template <typename T>
std::vector<int32_t> histogram(const T *x, int64_t n, int shift, int64_t bins) {
  std::vector<int32_t> counts(bins);
  for (int64_t i = 0; i < n; ++i)
    ++counts[static_cast<uint32_t>(x[i]) >> shift];
  return counts;
}

// bench_argmin_u32_4096 of bench/kernels/hist.mlir: per bin x mod 4096, the
// (key << 32) | index of the smallest key x / 4096, then index.
inline std::vector<uint64_t> argminPerBin4096(const uint32_t *x, int64_t n) {
  std::vector<uint64_t> best(4096, ~uint64_t(0));
  for (int64_t i = 0; i < n; ++i) {
    uint64_t packed = (uint64_t(x[i] >> 12) << 32) | uint64_t(i);
    uint64_t &bin = best[x[i] & 4095];
    bin = std::min(bin, packed);
  }
  return best;
}

} // namespace reference

#endif // SEGIR_BENCH_REFERENCE_H
