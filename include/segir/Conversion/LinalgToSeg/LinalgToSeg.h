//===- LinalgToSeg.h - linalg on memrefs to seg ops -------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_CONVERSION_LINALGTOSEG_LINALGTOSEG_H
#define SEGIR_CONVERSION_LINALGTOSEG_LINALGTOSEG_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;

namespace seg {

#define GEN_PASS_DECL_CONVERTLINALGTOSEG
#include "segir/Conversion/Passes.h.inc"

/// Adds the patterns of `convert-linalg-to-seg`: structured linalg ops on
/// memrefs to `seg.map` / `seg.red` (elementwise producers fused into
/// reductions, fills absorbed as neutral values). With `emitRemarks`, every
/// conversion explains its schedule with a remark. Ops that cannot be
/// converted are left alone (the pattern fails with the reason).
void populateLinalgToSegPatterns(RewritePatternSet &patterns,
                                 bool emitRemarks = false);

/// Why `op` (a linalg op) is not converted by these patterns, or an empty
/// string when it is.
std::string getLinalgToSegFailureReason(Operation *op);

} // namespace seg
} // namespace mlir

#endif // SEGIR_CONVERSION_LINALGTOSEG_LINALGTOSEG_H
