//===- Wgmma.cpp - Warpgroup matrix multiply-accumulate (wgmma) -----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// wgmma.mma_async as include/segir/Runtime/EmulatorHopper.h describes it.
// Each thread keeps its own queue of wgmma groups: an instruction joins the
// open group, commit closes it, and wait_group N performs the oldest groups
// until at most N are pending. Only then are A and B read from shared memory
// (as the async proxy sees it, Hopper.cpp) and the thread's accumulator
// registers written, so results are visible only after the wait, and shared
// memory overwritten before the wait is read overwritten.
//
// A thread computes the elements of D that its registers hold, in the
// layout of the PTX ISA's "Register fragment: wgmma .m64nNk* D": thread t of
// the warpgroup holds, in register r, row 16 (t / 32) + (t % 32) / 4 +
// 8 ((r / 2) % 2) and column 2 (t % 4) + r % 2 + 8 (r / 4). Products are
// exact in double and summed in double with C, rounded to f32 once, as in
// Mma.cpp; TF32 inputs are truncated to 10 mantissa bits.
//
// Matrix descriptors ("Matrix Descriptor Format"): bits 0-13 the start
// address, 16-29 the leading and 32-45 the stride dimension byte offsets
// (LBO, SBO), all in 16-byte units, bits 62-63 the swizzle mode (0 none,
// 1 128B, 2 64B, 3 32B). Element (mn, k) of an operand, with e-byte
// elements, is at (the canonical layouts of the PTX ISA's "Shared Memory
// Matrix Layout"; S the swizzle span in bytes):
//   K-major, swizzled:  start + (mn / 8) SBO + (mn % 8) S + k e
//   K-major, none:      start + (mn / 8) SBO + (mn % 8) 16 + (k e / 16) LBO
//                       + (k e) % 16
//   MN-major, swizzled: start + (mn e / S) LBO + (mn e) % S + (k % 8) S
//                       + (k / 8) SBO
//   MN-major, none:     start + (mn e / 16) SBO + (mn e) % 16 + (k % 8) 16
//                       + (k / 8) LBO
// and a swizzled address has its bits [4, 4 + log2(S / 16)) XORed with the
// bits above bit 7, as TMA writes them.
//
//===----------------------------------------------------------------------===//

#include "Emulator.h"
#include "Hopper.h"
#include "segir/Runtime/EmulatorHopper.h"
#include "segir/Runtime/TensorMap.h"

#include <cstring>
#include <deque>
#include <unordered_map>
#include <vector>

using namespace segir::emu;
namespace tmap = segir::tensormap;

namespace {

struct WgmmaInstruction {
  int32_t kind = 0;
  int32_t n = 0;
  int32_t k = 0;
  uint64_t descriptorA = 0;
  uint64_t descriptorB = 0;
  bool transposeA = false;
  bool transposeB = false;
  float *accumulator = nullptr;
  const char *site = nullptr;
};

struct ThreadWgmma {
  std::vector<WgmmaInstruction> open;
  std::deque<std::vector<WgmmaInstruction>> committed;
};

thread_local std::unordered_map<const Fiber *, ThreadWgmma> threads;

/// A decoded matrix descriptor.
struct Descriptor {
  uint64_t start, leading, stride;
  /// The swizzle span in bytes, 0 for none.
  uint32_t span;
};

Descriptor decode(uint64_t bits) {
  static const uint32_t spans[4] = {0, 128, 64, 32};
  return {(bits & 0x3fff) << 4, ((bits >> 16) & 0x3fff) << 4,
          ((bits >> 32) & 0x3fff) << 4, spans[bits >> 62]};
}

/// The shared memory offset of element (mn, k) of an operand.
uint64_t elementOffset(const Descriptor &d, bool mnMajor, uint64_t mn,
                       uint64_t k, uint64_t bytes) {
  uint64_t offset;
  if (!mnMajor && d.span)
    offset = d.start + mn / 8 * d.stride + mn % 8 * d.span + k * bytes;
  else if (!mnMajor)
    offset = d.start + mn / 8 * d.stride + mn % 8 * 16 +
             k * bytes / 16 * d.leading + k * bytes % 16;
  else if (d.span)
    offset = d.start + mn * bytes / d.span * d.leading + mn * bytes % d.span +
             k % 8 * d.span + k / 8 * d.stride;
  else
    offset = d.start + mn * bytes / 16 * d.stride + mn * bytes % 16 +
             k % 8 * 16 + k / 8 * d.leading;
  if (!d.span)
    return offset;
  return tmap::swizzleOffset(offset, d.span == 128  ? tmap::Swizzle128B
                                     : d.span == 64 ? tmap::Swizzle64B
                                                    : tmap::Swizzle32B);
}

double inputValue(int32_t kind, const char *address) {
  if (kind == SEG_EMU_WGMMA_TF32) {
    uint32_t bits;
    std::memcpy(&bits, address, 4);
    bits &= ~uint32_t(0x1fff);
    float value;
    std::memcpy(&value, &bits, 4);
    return value;
  }
  uint16_t half;
  std::memcpy(&half, address, 2);
  if (kind == SEG_EMU_WGMMA_BF16) {
    uint32_t bits = uint32_t(half) << 16;
    float value;
    std::memcpy(&value, &bits, 4);
    return value;
  }
  _Float16 value;
  std::memcpy(&value, &half, 2);
  return double(value);
}

void perform(Fiber &fiber, const WgmmaInstruction &op) {
  const char *view = hopperAsyncView(fiber);
  uint64_t sharedBytes = uint64_t(fiber.block->launch->sharedBytes);
  uint64_t bytes = op.kind == SEG_EMU_WGMMA_TF32 ? 4 : 2;
  Descriptor a = decode(op.descriptorA), b = decode(op.descriptorB);
  auto read = [&](const Descriptor &d, bool mnMajor, uint64_t mn, uint64_t k) {
    uint64_t offset = elementOffset(d, mnMajor, mn, k, bytes);
    if (offset + bytes > sharedBytes)
      fatal("%s: %s reads shared memory offset %llu, beyond the block's "
            "%llu bytes",
            describe(fiber).c_str(), op.site,
            static_cast<unsigned long long>(offset),
            static_cast<unsigned long long>(sharedBytes));
    return inputValue(op.kind, view + offset);
  };
  int64_t thread = fiber.linearId % 128;
  int64_t warp = thread / 32, lane = thread % 32;
  for (int32_t r = 0; r < op.n / 2; ++r) {
    uint64_t row = 16 * warp + lane / 4 + 8 * ((r / 2) % 2);
    uint64_t col = 2 * (lane % 4) + r % 2 + 8 * (r / 4);
    double sum = op.accumulator[r];
    for (int32_t k = 0; k < op.k; ++k)
      sum += read(a, op.transposeA, row, k) * read(b, op.transposeB, col, k);
    op.accumulator[r] = float(sum);
  }
}

} // namespace

void segir::emu::wgmmaStartBlock() { threads.clear(); }

extern "C" {

uint64_t segEmuWgmmaDescriptor(const void *shared, int32_t swizzle,
                               int64_t tensorRows, const char *site) {
  Fiber &fiber = self(site);
  int64_t offset = static_cast<const char *>(shared) - fiber.block->shared;
  if (offset < 0 || offset >= fiber.block->launch->sharedBytes)
    fatal("%s: %s: the matrix is not in the block's shared memory",
          describe(fiber).c_str(), site);
  // As upstream's lowering of nvgpu.warpgroup.generate.descriptor: the
  // layout is the swizzle span (1 without swizzle), SBO 8 rows of it, LBO
  // the tensor map's first dimension times it.
  uint64_t layout = swizzle == tmap::Swizzle128B  ? 128
                    : swizzle == tmap::Swizzle64B ? 64
                    : swizzle == tmap::Swizzle32B ? 32
                                                  : 1;
  uint64_t mode = swizzle == tmap::Swizzle128B  ? 1
                  : swizzle == tmap::Swizzle64B ? 2
                  : swizzle == tmap::Swizzle32B ? 3
                                                : 0;
  uint64_t stride = (layout << 3) >> 4;
  uint64_t leading = (uint64_t(tensorRows) * layout) >> 4;
  return (mode << 62) | ((stride & 0x3fff) << 32) | ((leading & 0x3fff) << 16) |
         ((uint64_t(offset) >> 4) & 0x3fff);
}

void segEmuWgmma(int32_t kind, int32_t m, int32_t n, int32_t k,
                 uint64_t descriptorA, uint64_t descriptorB, int32_t transposeA,
                 int32_t transposeB, float *accumulator, const char *site) {
  Fiber &fiber = self(site);
  int32_t expectedK = kind == SEG_EMU_WGMMA_TF32 ? 8 : 16;
  if (kind < SEG_EMU_WGMMA_F16 || kind > SEG_EMU_WGMMA_TF32 || m != 64 ||
      n < 8 || n > 256 || n % 8 || k != expectedK)
    fatal("%s: %s: no wgmma of kind %d with shape m%dn%dk%d",
          describe(fiber).c_str(), site, kind, m, n, k);
  requireWholeWarpgroup(fiber, site);
  hopperMaybeProgress(fiber);
  WgmmaInstruction op;
  op.kind = kind;
  op.n = n;
  op.k = k;
  op.descriptorA = descriptorA;
  op.descriptorB = descriptorB;
  op.transposeA = transposeA != 0;
  op.transposeB = transposeB != 0;
  op.accumulator = accumulator;
  op.site = site;
  threads[&fiber].open.push_back(op);
}

void segEmuWgmmaCommitGroup(const char *site) {
  Fiber &fiber = self(site);
  ThreadWgmma &thread = threads[&fiber];
  thread.committed.push_back(std::move(thread.open));
  thread.open.clear();
}

void segEmuWgmmaWaitGroup(int32_t pending, const char *site) {
  Fiber &fiber = self(site);
  if (pending < 0)
    fatal("%s: %s with %d pending groups", describe(fiber).c_str(), site,
          pending);
  ThreadWgmma &thread = threads[&fiber];
  while (thread.committed.size() > size_t(pending)) {
    for (const WgmmaInstruction &op : thread.committed.front())
      perform(fiber, op);
    thread.committed.pop_front();
  }
}

} // extern "C"
