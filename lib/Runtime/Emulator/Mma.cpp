//===- Mma.cpp - Warp-level matrix multiply-accumulate and ldmatrix ------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// segEmuMmaSync and segEmuLdmatrix: the tensor-core instructions of the
// GPU path (nvgpu.mma.sync, nvgpu.ldmatrix) as warp collectives. Every lane
// passes its fragment registers; when the whole warp has arrived, the last
// lane assembles the matrices from the fragments with the layouts of the
// PTX ISA ("Warp-level matrix fragments": the sections "Matrix fragments
// for mma.m16n8k4", "... mma.m16n8k8", "... mma.m16n8k16", "...
// mma.m16n8k32", "... mma.m8n8k16" and "... mma.m8n8k4" for .f64, and
// "Warp-level matrix load instruction: ldmatrix"), computes, and scatters
// the results back with the same layouts.
//
// Arithmetic. Products of two TF32, F16 or BF16 values are exact in double
// (at most 11 + 11 significand bits), so the emulator forms them exactly,
// sums the K products of each output element and C in double, and rounds
// the sum to f32 once (round to nearest even). The tensor cores also form
// exact products but add them with an implementation-defined order and
// rounding; both stay within the error bound that the tests use
// (docs/Emulator.md, "Tensor cores"): per element
// |error| <= ((1 + u)^2 (1 + g_K) - 1) * sum_k |a_k b_k|, with u the unit of
// the input rounding and g_K the bound of K f32 additions.
//
// TF32 inputs. The PTX ISA (section "Alternate floating-point data
// formats") gives .tf32 the range of .f32 with a 10-bit mantissa and leaves
// its register layout implementation-defined: an mma.sync with .tf32 inputs
// reads 32-bit registers, and code is expected to round f32 values to TF32
// first with cvt.rna.tf32.f32 (round to nearest, ties away from zero), which
// clears the low 13 mantissa bits. The tensor cores of sm_80 and sm_90
// ignore those 13 bits when they are not zero, which truncates (rounds
// towards zero); the emulator does the same, so a kernel that feeds raw f32
// bits computes here what it computes on the GPU, and a kernel that rounds
// with cvt.rna first is unaffected (its low bits are zero). F16 and BF16
// values convert to double exactly.
//
// Other accumulators. With f16 accumulators the double sum is rounded once
// to f16. S8 products and their sums are exact; the s32 result saturates
// (.satfinite, which convert-nvgpu-to-nvvm always sets). F64 (m8n8k4) is a
// chain of fused multiply-adds in k order starting from C.
//
//===----------------------------------------------------------------------===//

#include "Emulator.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <optional>
#include <vector>

using namespace segir::emu;

namespace {
/// A row and column of a matrix.
struct Coordinate {
  int row;
  int col;
};

enum class InputType { TF32, F16, BF16, S8, F64 };
enum class AccumulatorType { F32, F16, S32, F64 };

/// The shape, input and accumulator types of an mma.sync kind.
struct MmaShape {
  int m, n, k;
  InputType input;
  AccumulatorType accumulator;
};
} // namespace

static constexpr int kMaxM = 16, kMaxN = 8, kMaxK = 32;

/// The shape of `kind`, or nothing for an unknown kind.
static std::optional<MmaShape> mmaShape(int32_t kind) {
  using I = InputType;
  using A = AccumulatorType;
  switch (kind) {
  case SEG_EMU_MMA_M16N8K8_TF32:
    return MmaShape{16, 8, 8, I::TF32, A::F32};
  case SEG_EMU_MMA_M16N8K16_F16:
    return MmaShape{16, 8, 16, I::F16, A::F32};
  case SEG_EMU_MMA_M16N8K16_BF16:
    return MmaShape{16, 8, 16, I::BF16, A::F32};
  case SEG_EMU_MMA_M16N8K4_TF32:
    return MmaShape{16, 8, 4, I::TF32, A::F32};
  case SEG_EMU_MMA_M16N8K8_F16:
    return MmaShape{16, 8, 8, I::F16, A::F32};
  case SEG_EMU_MMA_M16N8K8_BF16:
    return MmaShape{16, 8, 8, I::BF16, A::F32};
  case SEG_EMU_MMA_M16N8K8_F16_F16ACC:
    return MmaShape{16, 8, 8, I::F16, A::F16};
  case SEG_EMU_MMA_M16N8K16_F16_F16ACC:
    return MmaShape{16, 8, 16, I::F16, A::F16};
  case SEG_EMU_MMA_M8N8K16_S8:
    return MmaShape{8, 8, 16, I::S8, A::S32};
  case SEG_EMU_MMA_M16N8K16_S8:
    return MmaShape{16, 8, 16, I::S8, A::S32};
  case SEG_EMU_MMA_M16N8K32_S8:
    return MmaShape{16, 8, 32, I::S8, A::S32};
  case SEG_EMU_MMA_M8N8K4_F64:
    return MmaShape{8, 8, 4, I::F64, A::F64};
  default:
    return std::nullopt;
  }
}

static int inputBytes(InputType type) {
  switch (type) {
  case InputType::F16:
  case InputType::BF16:
    return 2;
  case InputType::S8:
    return 1;
  case InputType::F64:
    return 8;
  default:
    return 4;
  }
}

// The fragment layouts, one formula for every shape of the PTX ISA's
// "Matrix fragments for mma.m16n8k*" and "mma.m8n8k*" sections.
// groupID = lane / 4 and threadID_in_group = lane % 4 in the ISA's words;
// `i` indexes the lane's elements in register order (the lowest bits of a
// register first). A register holds e = 32 / bits elements (one for F64).
// An A register r holds row groupID + 8 * (r % (m / 8)) and columns from
// (r / (m / 8)) * 4e; a B register r holds rows from r * 4e; within a
// register, the lanes of a group take consecutive runs of e columns (A) or
// rows (B).

/// Input elements per register.
static int elementsPerRegister(const MmaShape &shape) {
  return shape.input == InputType::F64 ? 1 : 4 / inputBytes(shape.input);
}

/// Element `i` of A (M x K, row-major) held by `lane`.
static Coordinate aElement(const MmaShape &shape, int lane, int i) {
  int group = lane / 4, inGroup = lane % 4;
  int e = elementsPerRegister(shape), mTiles = shape.m / 8;
  int r = i / e;
  return {group + 8 * (r % mTiles), inGroup * e + i % e + (r / mTiles) * 4 * e};
}

/// Element `i` of B (K x N, column-major) held by `lane`.
static Coordinate bElement(const MmaShape &shape, int lane, int i) {
  int group = lane / 4, inGroup = lane % 4;
  int e = elementsPerRegister(shape);
  return {inGroup * e + i % e + (i / e) * 4 * e, group};
}

/// Element `i` of C and D (M x N) held by `lane`: c0..c3 (c0, c1 for M = 8).
static Coordinate cElement(int lane, int i) {
  return {lane / 4 + 8 * (i / 2), (lane % 4) * 2 + i % 2};
}

static double halfToDouble(uint16_t h) {
  int exponent = (h >> 10) & 0x1f;
  int mantissa = h & 0x3ff;
  double magnitude;
  if (exponent == 0)
    magnitude = std::ldexp(mantissa, -24);
  else if (exponent == 31)
    magnitude = mantissa ? NAN : INFINITY;
  else
    magnitude = std::ldexp(mantissa | 0x400, exponent - 25);
  return (h >> 15) ? -magnitude : magnitude;
}

/// `value` rounded to the nearest f16 (ties to even), as bits.
static uint16_t doubleToHalf(double value) {
  uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  if (std::isnan(value))
    return sign | 0x7e00;
  double magnitude = std::fabs(value);
  // 65520 is halfway between the largest f16, 65504, and 2^16.
  if (magnitude >= 65520.0)
    return sign | 0x7c00;
  // The spacing of f16 values near `magnitude`: 2^(exponent - 11) for a
  // magnitude in [2^(exponent - 1), 2^exponent), 2^-24 among subnormals.
  int exponent;
  std::frexp(magnitude, &exponent);
  int spacing = std::max(exponent - 11, -24);
  double rounded =
      std::ldexp(std::nearbyint(std::ldexp(magnitude, -spacing)), spacing);
  if (rounded == 0)
    return sign;
  std::frexp(rounded, &exponent);
  if (exponent - 1 < -14)
    return sign | static_cast<uint16_t>(std::ldexp(rounded, 24));
  uint16_t mantissa =
      static_cast<uint16_t>(std::ldexp(rounded, 11 - exponent)) & 0x3ff;
  return sign | static_cast<uint16_t>((exponent - 1 + 15) << 10) | mantissa;
}

static double bfloatToDouble(uint16_t h) {
  uint32_t bits = uint32_t(h) << 16;
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/// An f32 register read as TF32: the low 13 mantissa bits are ignored.
static double tf32ToDouble(uint32_t bits) {
  bits &= ~uint32_t(0x1fff);
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/// Input element `i` of the fragment at `registers` (every input type
/// converts to double exactly).
static double inputElement(InputType type, const void *registers, int i) {
  const char *at = static_cast<const char *>(registers) + i * inputBytes(type);
  uint16_t half;
  switch (type) {
  case InputType::TF32: {
    uint32_t bits;
    memcpy(&bits, at, sizeof bits);
    return tf32ToDouble(bits);
  }
  case InputType::F16:
    memcpy(&half, at, sizeof half);
    return halfToDouble(half);
  case InputType::BF16:
    memcpy(&half, at, sizeof half);
    return bfloatToDouble(half);
  case InputType::S8:
    return static_cast<int8_t>(*at);
  case InputType::F64: {
    double value;
    memcpy(&value, at, sizeof value);
    return value;
  }
  }
  return 0;
}

/// Accumulator element `i` of `registers` (f32, f16, s32 or f64).
static double accumulatorElement(AccumulatorType type, const void *registers,
                                 int i) {
  switch (type) {
  case AccumulatorType::F32:
    return static_cast<const float *>(registers)[i];
  case AccumulatorType::F16: {
    uint16_t half;
    memcpy(&half, static_cast<const char *>(registers) + 2 * i, sizeof half);
    return halfToDouble(half);
  }
  case AccumulatorType::S32:
    return static_cast<const int32_t *>(registers)[i];
  case AccumulatorType::F64:
    return static_cast<const double *>(registers)[i];
  }
  return 0;
}

/// Element (row, col) of D = A B + C. Integer products and sums are exact
/// in double (|sum| < 2^53); the S32 result saturates (.satfinite). Products
/// of TF32, F16 and BF16 inputs are exact, their sum with C is rounded once
/// to the accumulator type; F64 multiply-adds are fused, in k order.
static void storeResult(const MmaShape &shape, const double (&a)[kMaxM][kMaxK],
                        const double (&b)[kMaxK][kMaxN], double c, int row,
                        int col, void *d, int i) {
  double sum = c;
  for (int k = 0; k < shape.k; ++k)
    sum = shape.accumulator == AccumulatorType::F64
              ? std::fma(a[row][k], b[k][col], sum)
              : sum + a[row][k] * b[k][col];
  switch (shape.accumulator) {
  case AccumulatorType::F32:
    static_cast<float *>(d)[i] = static_cast<float>(sum);
    break;
  case AccumulatorType::F16: {
    uint16_t half = doubleToHalf(sum);
    memcpy(static_cast<char *>(d) + 2 * i, &half, sizeof half);
    break;
  }
  case AccumulatorType::S32:
    static_cast<int32_t *>(d)[i] =
        static_cast<int32_t>(std::clamp<double>(sum, INT32_MIN, INT32_MAX));
    break;
  case AccumulatorType::F64:
    static_cast<double *>(d)[i] = sum;
    break;
  }
}

static void completeMma(Fiber *lanes, const CollectiveRequest &round) {
  MmaShape shape = *mmaShape(round.mode);
  double a[kMaxM][kMaxK], b[kMaxK][kMaxN], c[kMaxM][kMaxN];
  int aElements = shape.m * shape.k / SEG_EMU_WARP_SIZE;
  int bElements = shape.k * shape.n / SEG_EMU_WARP_SIZE;
  int cElements = shape.m * shape.n / SEG_EMU_WARP_SIZE;
  for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane) {
    const CollectiveRequest &request = lanes[lane].request;
    for (int i = 0; i < aElements; ++i) {
      Coordinate at = aElement(shape, lane, i);
      a[at.row][at.col] = inputElement(shape.input, request.operands[0], i);
    }
    for (int i = 0; i < bElements; ++i) {
      Coordinate at = bElement(shape, lane, i);
      b[at.row][at.col] = inputElement(shape.input, request.operands[1], i);
    }
    for (int i = 0; i < cElements; ++i) {
      Coordinate at = cElement(lane, i);
      c[at.row][at.col] =
          accumulatorElement(shape.accumulator, request.operands[2], i);
    }
  }
  for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane)
    for (int i = 0; i < cElements; ++i) {
      Coordinate at = cElement(lane, i);
      storeResult(shape, a, b, c[at.row][at.col], at.row, at.col,
                  lanes[lane].request.result, i);
    }
}

/// gpu.subgroup_mma_compute: fragments hold consecutive row-major elements,
/// lane after lane (segEmuWmmaCompute); `round.width`, `bitWidth` and
/// `offset` are M, N and K.
static void completeWmma(Fiber *lanes, const CollectiveRequest &round) {
  int m = round.width, n = round.bitWidth, k = round.offset;
  AccumulatorType accumulator =
      round.mode ? AccumulatorType::F16 : AccumulatorType::F32;
  std::vector<double> a(m * k), b(k * n);
  int aPerLane = m * k / SEG_EMU_WARP_SIZE,
      bPerLane = k * n / SEG_EMU_WARP_SIZE;
  int cPerLane = m * n / SEG_EMU_WARP_SIZE;
  for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane) {
    const CollectiveRequest &request = lanes[lane].request;
    for (int i = 0; i < aPerLane; ++i)
      a[lane * aPerLane + i] =
          inputElement(InputType::F16, request.operands[0], i);
    for (int i = 0; i < bPerLane; ++i)
      b[lane * bPerLane + i] =
          inputElement(InputType::F16, request.operands[1], i);
  }
  for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane) {
    const CollectiveRequest &request = lanes[lane].request;
    for (int i = 0; i < cPerLane; ++i) {
      int element = lane * cPerLane + i, row = element / n, col = element % n;
      double sum = accumulatorElement(accumulator, request.operands[2], i);
      for (int l = 0; l < k; ++l)
        sum += a[row * k + l] * b[l * n + col];
      if (accumulator == AccumulatorType::F32) {
        static_cast<float *>(request.result)[i] = static_cast<float>(sum);
      } else {
        uint16_t half = doubleToHalf(sum);
        memcpy(static_cast<char *>(request.result) + 2 * i, &half, sizeof half);
      }
    }
  }
}

/// Row `row` of matrix `tile` of an ldmatrix: the 16 bytes that lane
/// 8 * tile + row passed.
static const uint32_t *ldmatrixRow(Fiber *lanes, int tile, int row) {
  return static_cast<const uint32_t *>(
      lanes[8 * tile + row].request.operands[0]);
}

static uint16_t halfWord(const uint32_t *row, int index) {
  return static_cast<uint16_t>(row[index / 2] >> (16 * (index % 2)));
}

static void completeLdmatrix(Fiber *lanes, const CollectiveRequest &round) {
  int numTiles = round.width;
  bool transpose = round.offset != 0;
  for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane) {
    auto *fragment = static_cast<uint32_t *>(lanes[lane].request.result);
    int group = lane / 4, inGroup = lane % 4;
    for (int tile = 0; tile < numTiles; ++tile) {
      if (!transpose) {
        // Elements (group, 2 * inGroup) and (group, 2 * inGroup + 1).
        fragment[tile] = ldmatrixRow(lanes, tile, group)[inGroup];
        continue;
      }
      // .trans: elements (2 * inGroup, group) and (2 * inGroup + 1, group).
      uint32_t low = halfWord(ldmatrixRow(lanes, tile, 2 * inGroup), group);
      uint32_t high =
          halfWord(ldmatrixRow(lanes, tile, 2 * inGroup + 1), group);
      fragment[tile] = low | high << 16;
    }
  }
}

/// Checks that the calling lane's warp is complete (the .aligned
/// instructions need all 32 lanes) and returns the calling fiber.
static Fiber &fullWarpLane(const char *site) {
  Fiber &fiber = self(site);
  int64_t warpStart = fiber.linearId - fiber.linearId % SEG_EMU_WARP_SIZE;
  if (fiber.block->numThreads - warpStart < SEG_EMU_WARP_SIZE)
    fatal("%s: %s needs a whole warp of %d threads, but this warp has only "
          "%lld (the block has %lld)",
          describe(fiber).c_str(), site, SEG_EMU_WARP_SIZE,
          static_cast<long long>(fiber.block->numThreads - warpStart),
          static_cast<long long>(fiber.block->numThreads));
  return fiber;
}

/// The request of a lane in a warp-wide D = A B + C.
static CollectiveRequest
matrixProduct(const char *site, const void *a, const void *b, const void *c,
              void *d, void (*complete)(Fiber *, const CollectiveRequest &)) {
  CollectiveRequest request;
  request.site = site;
  request.required = ~uint32_t(0);
  request.operands[0] = a;
  request.operands[1] = b;
  request.operands[2] = c;
  request.result = d;
  request.complete = complete;
  return request;
}

extern "C" {

void segEmuMmaSync(int32_t kind, const void *a, const void *b, const void *c,
                   void *d, const char *site) {
  Fiber &fiber = fullWarpLane(site);
  if (!mmaShape(kind))
    fatal("%s: %s with unknown kind %d", describe(fiber).c_str(), site, kind);
  CollectiveRequest request = matrixProduct(site, a, b, c, d, completeMma);
  request.mode = kind;
  collective(fiber, request);
}

void segEmuWmmaCompute(int32_t m, int32_t n, int32_t k, int32_t accumulatorF16,
                       const void *a, const void *b, const void *c, void *d,
                       const char *site) {
  Fiber &fiber = fullWarpLane(site);
  if (!((m == 16 && n == 16) || (m == 32 && n == 8) || (m == 8 && n == 32)) ||
      k != 16)
    fatal("%s: %s of shape m%dn%dk%d (m16n16k16, m32n8k16 and m8n32k16 "
          "are emulated)",
          describe(fiber).c_str(), site, m, n, k);
  CollectiveRequest request = matrixProduct(site, a, b, c, d, completeWmma);
  request.mode = accumulatorF16 != 0;
  request.width = m;
  request.bitWidth = n;
  request.offset = k;
  collective(fiber, request);
}

void segEmuLdmatrix(const uint32_t *row, int32_t numTiles, int32_t transpose,
                    uint32_t *fragment, const char *site) {
  Fiber &fiber = fullWarpLane(site);
  if (numTiles != 1 && numTiles != 2 && numTiles != 4)
    fatal("%s: %s of %d matrices (1, 2 or 4 can be loaded)",
          describe(fiber).c_str(), site, numTiles);
  CollectiveRequest request;
  request.site = site;
  request.required = ~uint32_t(0);
  // The round checks that every lane has the same width and mode.
  request.width = numTiles;
  request.mode = transpose != 0;
  request.offset = transpose != 0;
  request.operands[0] = row;
  request.result = fragment;
  request.complete = completeLdmatrix;
  collective(fiber, request);
}

} // extern "C"
