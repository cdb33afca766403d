//===- RedStrategies.cpp - The kernels of a seg.red and when they run -----===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The strategy table of seg.red [Larsen & Henriksen 2017]: a kernel per
// segment shape (many small segments: one thread each; segments up to a
// block: several per block; long segments: several blocks each), chosen at
// run time by the automatic strategy and forced by the others.
//
//===----------------------------------------------------------------------===//

#include "RedStrategies.h"

using namespace mlir;
using namespace mlir::seg;

bool SizeTest::isNonEmptyTest() const {
  return size == Size::SegmentLength && predicate == arith::CmpIPredicate::ne &&
         bound == 0;
}

/// The test on a static `value`; nullopt when dynamic.
static std::optional<bool> evaluate(const SizeTest &test,
                                    std::optional<int64_t> length,
                                    std::optional<int64_t> segments) {
  std::optional<int64_t> value =
      test.size == SizeTest::Size::SegmentLength ? length : segments;
  if (!value)
    return std::nullopt;
  return arith::applyCmpPredicate(test.predicate, APInt(64, *value),
                                  APInt(64, test.bound));
}

bool RunCondition::mayHold(std::optional<int64_t> length,
                           std::optional<int64_t> segments) const {
  return llvm::all_of(tests, [&](const SizeTest &test) {
    return evaluate(test, length, segments).value_or(true);
  });
}

bool RunCondition::alwaysHolds(std::optional<int64_t> length,
                               std::optional<int64_t> segments) const {
  return llvm::all_of(tests, [&](const SizeTest &test) {
    return evaluate(test, length, segments).value_or(false);
  });
}

Value RunCondition::emit(OpBuilder &b, Location loc, Value length,
                         Value segments, bool emptyTaken) const {
  auto compare = [&](arith::CmpIPredicate predicate, Value lhs,
                     int64_t rhs) -> Value {
    Value bound = arith::ConstantIndexOp::create(b, loc, rhs);
    return arith::CmpIOp::create(b, loc, predicate, lhs, bound);
  };
  Value all;
  for (const SizeTest &test : tests) {
    if (emptyTaken && test.isNonEmptyTest())
      continue;
    Value size = test.size == SizeTest::Size::SegmentLength ? length : segments;
    Value holds = compare(test.predicate, size, test.bound);
    all = all ? arith::AndIOp::create(b, loc, all, holds) : holds;
  }
  if (!takesEmptySegments)
    return all;
  Value empty = compare(arith::CmpIPredicate::eq, length, 0);
  return all ? arith::OrIOp::create(b, loc, empty, all) : empty;
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

namespace {
using Size = SizeTest::Size;
using Predicate = arith::CmpIPredicate;

/// A row entry: a kernel, what leaves it out beyond its condition (null:
/// nothing) and its condition.
struct RedKernelCandidate {
  KernelRole role;
  bool (*excluded)(std::optional<int64_t> length,
                   std::optional<int64_t> segments);
  RunCondition (*condition)(const RedThresholds &thresholds);
};
} // namespace

/// Many segments: one thread per segment; it also writes empty segments.
static RunCondition manySegments(const RedThresholds &thresholds) {
  return {
      true,
      {{Size::NumSegments, Predicate::ugt, thresholds.sequentialThreshold}}};
}

/// Segments of 1 to `max` elements, several per block.
static RunCondition segmentsUpTo(int64_t max) {
  return {false,
          {{Size::SegmentLength, Predicate::ule, max},
           {Size::SegmentLength, Predicate::ne, 0}}};
}

static RunCondition always(const RedThresholds &) { return {true, {}}; }

/// One segment is the large kernel's, with one block.
static bool isOneSegment(std::optional<int64_t>,
                         std::optional<int64_t> segments) {
  return segments && *segments == 1;
}

static constexpr RedKernelCandidate kAutomatic[] = {
    {KernelRole::SequentialSegments, nullptr, manySegments},
    {KernelRole::SmallSegments, isOneSegment,
     [](const RedThresholds &thresholds) {
       return segmentsUpTo(thresholds.smallSegmentMax);
     }},
    {KernelRole::LargeSegments, nullptr, always},
};
static constexpr RedKernelCandidate kSequential[] = {
    {KernelRole::SequentialSegments, nullptr, always},
};
static constexpr RedKernelCandidate kSmall[] = {
    {KernelRole::SmallSegments, nullptr,
     [](const RedThresholds &thresholds) {
       return segmentsUpTo(thresholds.blockSize);
     }},
    {KernelRole::LargeSegments, nullptr, always},
};
static constexpr RedKernelCandidate kLarge[] = {
    {KernelRole::LargeSegments, nullptr, always},
};

static ArrayRef<RedKernelCandidate> getCandidates(RedStrategy strategy) {
  switch (strategy) {
  case RedStrategy::Auto:
    return kAutomatic;
  case RedStrategy::Sequential:
    return kSequential;
  case RedStrategy::Small:
    return kSmall;
  case RedStrategy::Large:
    return kLarge;
  }
  llvm_unreachable("unknown seg.red strategy");
}

SmallVector<RedKernelChoice>
seg::chooseRedKernels(RedStrategy strategy, const RedThresholds &thresholds,
                      std::optional<int64_t> length,
                      std::optional<int64_t> segments) {
  SmallVector<RedKernelChoice> kernels;
  for (const RedKernelCandidate &candidate : getCandidates(strategy)) {
    if (candidate.excluded && candidate.excluded(length, segments))
      continue;
    RunCondition condition = candidate.condition(thresholds);
    if (!condition.mayHold(length, segments))
      continue;
    bool last = condition.alwaysHolds(length, segments);
    kernels.push_back({candidate.role, std::move(condition)});
    if (last)
      break;
  }
  return kernels;
}
