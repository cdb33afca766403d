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
// PTX ISA ("Warp-level matrix fragments": sections "Matrix fragments for
// mma.m16n8k8" and "Matrix fragments for mma.m16n8k16 with floating point
// type", and "Warp-level matrix load instruction: ldmatrix"), computes, and
// scatters the results back with the same layouts.
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
//===----------------------------------------------------------------------===//

#include "Emulator.h"

#include <cmath>
#include <cstring>

using namespace segir::emu;

namespace {
/// A row and column of a matrix.
struct Coordinate {
  int row;
  int col;
};

/// The shape and input type of an mma.sync kind.
struct MmaShape {
  int m, n, k;
  /// Input elements per 32-bit register: 1 (TF32) or 2 (F16, BF16).
  int elementsPerRegister;
};
} // namespace

static MmaShape mmaShape(int32_t kind) {
  if (kind == SEG_EMU_MMA_M16N8K8_TF32)
    return {16, 8, 8, 1};
  return {16, 8, 16, 2};
}

// The fragment layouts. groupID = lane / 4 and threadID_in_group = lane % 4
// in the PTX ISA's words; `i` indexes the lane's elements in register order
// (for 16-bit types, the lower half of a register first).

/// Element `i` of A (M x K, row-major) held by `lane`.
static Coordinate aElement(const MmaShape &shape, int lane, int i) {
  int group = lane / 4, inGroup = lane % 4;
  if (shape.elementsPerRegister == 1) // m16n8k8 .tf32: a0..a3
    return {group + 8 * (i % 2), inGroup + 4 * (i / 2)};
  // m16n8k16 .f16/.bf16: a0..a7
  return {group + 8 * ((i / 2) % 2), inGroup * 2 + i % 2 + 8 * (i / 4)};
}

/// Element `i` of B (K x N, column-major) held by `lane`.
static Coordinate bElement(const MmaShape &shape, int lane, int i) {
  int group = lane / 4, inGroup = lane % 4;
  if (shape.elementsPerRegister == 1) // m16n8k8 .tf32: b0, b1
    return {inGroup + 4 * i, group};
  // m16n8k16 .f16/.bf16: b0..b3
  return {inGroup * 2 + i % 2 + 8 * (i / 2), group};
}

/// Element `i` of C and D (M x N) held by `lane`: c0..c3.
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

/// Input element `i` of the fragment `registers` of an mma of `kind`.
static double inputElement(int32_t kind, const uint32_t *registers, int i) {
  if (kind == SEG_EMU_MMA_M16N8K8_TF32)
    return tf32ToDouble(registers[i]);
  uint16_t half = static_cast<uint16_t>(registers[i / 2] >> (16 * (i % 2)));
  return kind == SEG_EMU_MMA_M16N8K16_F16 ? halfToDouble(half)
                                          : bfloatToDouble(half);
}

static void completeMma(Fiber *lanes, const CollectiveRequest &round) {
  int32_t kind = round.mode;
  MmaShape shape = mmaShape(kind);
  double a[16][16], b[16][8], c[16][8];
  int aElements = shape.m * shape.k / SEG_EMU_WARP_SIZE;
  int bElements = shape.k * shape.n / SEG_EMU_WARP_SIZE;
  for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane) {
    const CollectiveRequest &request = lanes[lane].request;
    auto *aRegisters = static_cast<const uint32_t *>(request.operands[0]);
    auto *bRegisters = static_cast<const uint32_t *>(request.operands[1]);
    auto *cRegisters = static_cast<const float *>(request.operands[2]);
    for (int i = 0; i < aElements; ++i) {
      Coordinate at = aElement(shape, lane, i);
      a[at.row][at.col] = inputElement(kind, aRegisters, i);
    }
    for (int i = 0; i < bElements; ++i) {
      Coordinate at = bElement(shape, lane, i);
      b[at.row][at.col] = inputElement(kind, bRegisters, i);
    }
    for (int i = 0; i < 4; ++i) {
      Coordinate at = cElement(lane, i);
      c[at.row][at.col] = cRegisters[i];
    }
  }
  for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane) {
    auto *d = static_cast<float *>(lanes[lane].request.result);
    for (int i = 0; i < 4; ++i) {
      Coordinate at = cElement(lane, i);
      double sum = c[at.row][at.col];
      for (int k = 0; k < shape.k; ++k)
        sum += a[at.row][k] * b[k][at.col];
      d[i] = static_cast<float>(sum);
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

extern "C" {

void segEmuMmaSync(int32_t kind, const uint32_t *a, const uint32_t *b,
                   const float *c, float *d, const char *site) {
  Fiber &fiber = fullWarpLane(site);
  if (kind < SEG_EMU_MMA_M16N8K8_TF32 || kind > SEG_EMU_MMA_M16N8K16_BF16)
    fatal("%s: %s with unknown kind %d", describe(fiber).c_str(), site, kind);
  CollectiveRequest request;
  request.site = site;
  request.required = ~uint32_t(0);
  request.mode = kind;
  request.operands[0] = a;
  request.operands[1] = b;
  request.operands[2] = c;
  request.result = d;
  request.complete = completeMma;
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
