//===- ConversionPlan.h - The plan of convert-linalg-to-seg -----*- C++ -*-===//
//===----------------------------------------------------------------------===//
//
// Internal to convert-linalg-to-seg. The analysis decides, before anything
// is rewritten, what a linalg op becomes: which loops are segments and which
// are reduced, how every output is combined, and the schedule. It also
// answers which ops another conversion absorbs (fused producers, fills that
// provide a neutral value), so that the pattern leaves those alone.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_LINALGTOSEG_CONVERSIONPLAN_H
#define SEGIR_LIB_CONVERSION_LINALGTOSEG_CONVERSIONPLAN_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>

namespace mlir {
namespace seg {
namespace linalg_to_seg {

/// How an output of a reduction is combined: `op(acc, element)`.
struct Combiner {
  Operation *op;
  Value element;
  /// The initial value of the reduction, when a linalg.fill right before
  /// the op provides one that may serve as the neutral value. Mutable
  /// because an op's accessors are not const, and plans are read as const.
  mutable linalg::FillOp fill;
};

/// What the op becomes.
struct Plan {
  /// Parallel loops in the order the outputs index them: the space of a
  /// map, the segments of a reduction.
  SmallVector<unsigned> segmentDims;
  /// Reduced loops, innermost last (flattened into one space dimension).
  SmallVector<unsigned> reducedDims;
  /// One per output of a reduction.
  SmallVector<Combiner> combiners;
  /// A map of sequential reductions, one thread per segment.
  bool perThread = false;
  /// What decided the schedule, for the remark.
  std::string scheduleReason;
  /// Size of every loop, static where an operand gives it statically.
  SmallVector<int64_t> staticLoopSizes;

  bool isReduction() const { return !reducedDims.empty(); }
};

/// The outcome of analysing an op: its plan, or why it is left alone. The
/// reason is what the pattern's match failure and the pass's remark say.
class PlanOrReason {
public:
  PlanOrReason(Plan plan) : plan(std::move(plan)) {}
  static PlanOrReason reject(const Twine &reason) {
    return PlanOrReason(reason.str());
  }

  bool succeeded() const { return plan.has_value(); }
  bool failed() const { return !succeeded(); }
  explicit operator bool() const { return succeeded(); }

  Plan &operator*() { return *plan; }
  const Plan &operator*() const { return *plan; }
  Plan *operator->() { return &*plan; }
  const Plan *operator->() const { return &*plan; }

  /// Why the op is left alone; empty when it is converted.
  StringRef getReason() const { return reason; }

private:
  explicit PlanOrReason(std::string reason) : reason(std::move(reason)) {}

  std::optional<Plan> plan;
  std::string reason;
};

/// Analyses `op` and plans its conversion.
PlanOrReason analyze(linalg::LinalgOp op);

/// The all-parallel op that writes the buffer `input` of `consumer` reads,
/// when it can be recomputed in the consumer's body instead; null otherwise.
linalg::LinalgOp findFusableProducer(linalg::LinalgOp consumer,
                                     OpOperand &input);

/// Whether `producer` will be fused into the reduction that reads its
/// output (that conversion then erases it).
bool isFusedIntoConsumer(linalg::LinalgOp producer);

/// Whether `op` is a fill that the reduction after it absorbs as its
/// neutral value (that conversion then erases it).
bool isAbsorbedFill(linalg::LinalgOp op);

/// Loop dimensions as the remarks print them: `(d0, d2)`.
std::string describeDims(ArrayRef<unsigned> dims);

} // namespace linalg_to_seg
} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_LINALGTOSEG_CONVERSIONPLAN_H
