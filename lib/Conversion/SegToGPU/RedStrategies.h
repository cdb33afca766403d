//===- RedStrategies.h - seg.red kernels and when they run -----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-seg-to-gpu: the strategies of a seg.red as one table
// (RedStrategies.cpp). Each strategy lists the kernels the host code may
// launch, in order, each with its run-time condition on the segment length
// n and the number of segments m. A condition is described once, as data:
// the planner evaluates it on the op's static sizes to leave out kernels
// that can never run, and the emitter turns the same description into the
// host code's IR.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_REDSTRATEGIES_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_REDSTRATEGIES_H

#include "KernelRoles.h"

#include "segir/Conversion/SegToGPU/Strategy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir {
namespace seg {

/// An unsigned comparison of n or m with a constant.
struct SizeTest {
  enum class Size { SegmentLength, NumSegments };
  Size size;
  arith::CmpIPredicate predicate;
  int64_t bound;

  /// Whether the test keeps out only empty segments (n != 0).
  bool isNonEmptyTest() const;
};

/// When the host code launches a kernel: every test holds, or (with
/// `takesEmptySegments`) the segments are empty.
struct RunCondition {
  /// Empty segments need only their neutral values: the first kernel of an
  /// op that takes them writes them.
  bool takesEmptySegments = false;
  /// In the order the IR computes them.
  SmallVector<SizeTest> tests;

  /// Whether the tests may hold (resp. always hold) for the static sizes
  /// (nullopt: dynamic). The planner's static check: empty segments do not
  /// make a kernel necessary, they go to whichever kernel takes them.
  bool mayHold(std::optional<int64_t> length,
               std::optional<int64_t> segments) const;
  bool alwaysHolds(std::optional<int64_t> length,
                   std::optional<int64_t> segments) const;

  /// The condition as an i1 on the host, for n = `length` and m =
  /// `segments`. With `emptyTaken` (an earlier kernel took the empty
  /// segments, so this one runs only for n != 0) the test n != 0 is left
  /// out.
  Value emit(OpBuilder &b, Location loc, Value length, Value segments,
             bool emptyTaken) const;
};

/// What the conditions of a seg.red's kernels compare with.
struct RedThresholds {
  /// Segments above which the sequential kernel runs (m > threshold).
  int64_t sequentialThreshold = 0;
  /// Largest segment of the small kernel with the automatic strategy.
  int64_t smallSegmentMax = 0;
  int64_t blockSize = 0;
};

/// A kernel the host code launches, under its condition (none for the
/// last one, which runs otherwise).
struct RedKernelChoice {
  KernelRole role;
  RunCondition condition;
};

/// The kernels of `strategy`'s row that can run for the op's static sizes
/// (`length`: n, `segments`: m, nullopt when dynamic), in the order the
/// host code tries them: each kernel whose condition may hold and no
/// earlier kernel's condition always holds.
SmallVector<RedKernelChoice> chooseRedKernels(RedStrategy strategy,
                                              const RedThresholds &thresholds,
                                              std::optional<int64_t> length,
                                              std::optional<int64_t> segments);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_REDSTRATEGIES_H
