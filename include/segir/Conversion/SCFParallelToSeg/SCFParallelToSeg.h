//===- SCFParallelToSeg.h - scf.parallel to seg ops -------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_CONVERSION_SCFPARALLELTOSEG_SCFPARALLELTOSEG_H
#define SEGIR_CONVERSION_SCFPARALLELTOSEG_SCFPARALLELTOSEG_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;

namespace seg {

#define GEN_PASS_DECL_CONVERTSCFPARALLELTOSEG
#include "segir/Conversion/Passes.h.inc"

/// Adds the patterns of `convert-scf-parallel-to-seg`: outermost
/// `scf.parallel` loops to `seg.map` (stores become kernel results) or
/// `seg.red` (with `scf.reduce`). With `emitRemarks`, every conversion says
/// what it produced; loops that cannot be converted are left alone.
void populateSCFParallelToSegPatterns(RewritePatternSet &patterns,
                                      bool emitRemarks = false);

} // namespace seg
} // namespace mlir

#endif // SEGIR_CONVERSION_SCFPARALLELTOSEG_SCFPARALLELTOSEG_H
