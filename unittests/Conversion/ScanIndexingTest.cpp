//===- ScanIndexingTest.cpp - The scan's 32-bit index arithmetic ----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ScanIndexing [Clausen 2021, §6] on plain integers against the 64-bit
// definitions: element j of the group at blockOffset starts a segment iff
// (blockOffset + j) mod n == 0, and lies at index (blockOffset + j) mod n
// of segment (blockOffset + j) / n. Covers segments shorter and longer than
// a group, and offsets and segment sizes beyond 2^32.
//
//===----------------------------------------------------------------------===//

#include "ScanIndexing.h"

#include "gtest/gtest.h"
#include <cstdint>
#include <random>

using namespace mlir::seg;

namespace {
/// The policy on unsigned integers with the widths the kernel uses, so
/// that a 32-bit overflow shows up here as it would on the GPU.
struct ScalarArith {
  using V64 = uint64_t;
  using V32 = uint32_t;
  using Bool = bool;
  V64 c64(int64_t v) { return static_cast<V64>(v); }
  V32 c32(int64_t v) { return static_cast<V32>(v); }
  V64 add64(V64 x, V64 y) { return x + y; }
  V64 sub64(V64 x, V64 y) { return x - y; }
  V64 rem64(V64 x, V64 y) { return x % y; }
  V64 min64(V64 x, V64 y) { return x < y ? x : y; }
  V32 add32(V32 x, V32 y) { return x + y; }
  V32 sub32(V32 x, V32 y) { return x - y; }
  V32 rem32(V32 x, V32 y) { return x % y; }
  V32 div32(V32 x, V32 y) { return x / y; }
  V32 trunc(V64 x) { return static_cast<V32>(x); }
  V64 ext(V32 x) { return x; }
  Bool eq64(V64 x, V64 y) { return x == y; }
  Bool eq32(V32 x, V32 y) { return x == y; }
  Bool ne32(V32 x, V32 y) { return x != y; }
  Bool uge32(V32 x, V32 y) { return x >= y; }
  Bool and_(Bool x, Bool y) { return x && y; }
  Bool or_(Bool x, Bool y) { return x || y; }
  V64 select64(Bool c, V64 x, V64 y) { return c ? x : y; }
  V32 select32(Bool c, V32 x, V32 y) { return c ? x : y; }
};

/// Checks every element of the group (or a sample of a large one), reached
/// as the kernels reach them: a cursor placed at a thread's first element
/// and advanced by a fixed step.
void checkGroup(uint64_t blockOffset, uint64_t n, uint64_t groupSize) {
  using Indexing = ScanIndexing<ScalarArith>;
  ScalarArith a;
  auto ix = Indexing::compute(a, blockOffset, n, groupSize);
  uint32_t sizeC = Indexing::getSegmentStride(a, n, groupSize);
  ASSERT_EQ(sizeC, ix.sizeC);
  uint64_t firstSegment = blockOffset / n;
  auto check = [&](uint64_t j, Indexing::Cursor c) {
    uint64_t global = blockOffset + j;
    ASSERT_EQ(ix.isStart(a, c), global % n == 0)
        << "offset " << blockOffset << " n " << n << " G " << groupSize << " j "
        << j;
    auto [segment, index] = ix.coords(a, c);
    ASSERT_EQ(firstSegment + segment, global / n)
        << "offset " << blockOffset << " n " << n << " j " << j;
    ASSERT_EQ(index, global % n)
        << "offset " << blockOffset << " n " << n << " j " << j;
  };
  // Steps of 1 (a thread's consecutive elements), of a block size and of
  // a large stride (a sample of a large group), from a few first elements.
  uint64_t large = groupSize > 4096 ? groupSize / 1021 : 1;
  for (uint64_t step : {uint64_t(1), uint64_t(7), large})
    for (uint64_t first : {uint64_t(0), uint64_t(1), groupSize / 2}) {
      if (first >= groupSize || (step == 1 && groupSize > 4096 && first > 0))
        continue;
      Indexing::Split stepSplit =
          Indexing::split(a, static_cast<uint32_t>(step), sizeC);
      Indexing::Cursor c =
          ix.at(a, Indexing::split(a, static_cast<uint32_t>(first), sizeC));
      uint64_t last = step == 1 && groupSize > 4096 ? 4096 : groupSize;
      for (uint64_t j = first; j < last; j += step) {
        check(j, c);
        c = ix.advance(a, c, stepSplit);
      }
    }
  check(groupSize - 1,
        ix.at(a,
              Indexing::split(a, static_cast<uint32_t>(groupSize - 1), sizeC)));
}

/// The one-segment case: sgmIdx is the block offset, no modulo.
TEST(ScanIndexing, SingleSegment) {
  using Indexing = ScanIndexing<ScalarArith>;
  ScalarArith a;
  for (uint64_t groupSize : {1u, 7u, 96u})
    for (uint64_t n : {groupSize * 5 + 3, groupSize * 4})
      for (uint64_t offset = 0; offset < n; offset += groupSize) {
        auto general = Indexing::compute(a, offset, n, groupSize);
        auto single = Indexing::compute(a, offset, n, groupSize, true);
        ASSERT_EQ(general.sgmIdx, single.sgmIdx);
        ASSERT_EQ(general.boundary, single.boundary);
        ASSERT_EQ(general.firstBase, single.firstBase);
        ASSERT_EQ(general.newSegment, single.newSegment);
      }
}

TEST(ScanIndexing, SmallExhaustive) {
  for (uint64_t groupSize : {1u, 7u, 32u, 96u})
    for (uint64_t n = 1; n <= 3 * groupSize + 2; ++n)
      for (uint64_t group = 0; group < 2 * n / groupSize + 3; ++group)
        checkGroup(group * groupSize, n, groupSize);
}

TEST(ScanIndexing, BeyondTwoToThe32) {
  const uint64_t groupSize = 1024 * 41;
  const uint64_t two32 = uint64_t(1) << 32;
  // Segments longer than 2^32: one boundary per group at most.
  for (uint64_t n : {two32 + 3, 3 * two32 - 1, two32 * 1000 + 12345}) {
    uint64_t lastGroup = (n - 1) / groupSize;
    for (uint64_t group : {uint64_t(0), uint64_t(1), lastGroup - 1, lastGroup,
                           lastGroup + 1, 2 * lastGroup + 1})
      checkGroup(group * groupSize, n, groupSize);
  }
  // Short segments far into an array of more than 2^32 elements.
  for (uint64_t n : {uint64_t(1), uint64_t(3), uint64_t(1000), groupSize - 1,
                     groupSize, groupSize + 1})
    for (uint64_t group : {two32 / groupSize + 1, 5 * two32 / groupSize + 7})
      checkGroup(group * groupSize, n, groupSize);
}

TEST(ScanIndexing, Random) {
  std::mt19937_64 random(20261121);
  for (int trial = 0; trial < 2000; ++trial) {
    uint64_t groupSize = (random() % 1024 + 1) * (random() % 48 + 1);
    uint64_t n = trial % 2 ? random() % (4 * groupSize) + 1
                           : random() % (uint64_t(1) << 40) + 1;
    uint64_t group = random() % ((uint64_t(1) << 44) / groupSize);
    checkGroup(group * groupSize, n, groupSize);
  }
}
} // namespace
