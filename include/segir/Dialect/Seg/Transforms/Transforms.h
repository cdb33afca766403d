//===- Transforms.h - SegIR's transformations on one op ---------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the seg dialect's passes do to one payload op, for callers that pick
// the ops themselves (the transform.seg.* ops). Each function is the one
// its pass calls, so a transform script and the pass give the same IR.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_TRANSFORMS_TRANSFORMS_H
#define SEGIR_DIALECT_SEG_TRANSFORMS_TRANSFORMS_H

#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"

#include <string>

namespace mlir {
namespace seg {

/// Column-schedules `map` in place as seg-column-schedule does with
/// `options` (its tuning files aside). Returns whether it did; when it left
/// the map alone, `declined` says why. Fails after a diagnostic on `map`.
FailureOr<bool> scheduleColumns(MapOp map,
                                const SegColumnScheduleOptions &options,
                                std::string &declined);

} // namespace seg
} // namespace mlir

#endif // SEGIR_DIALECT_SEG_TRANSFORMS_TRANSFORMS_H
