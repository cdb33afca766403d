//===- SegToSCF.h - Sequential reference lowering ---------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_CONVERSION_SEGTOSCF_SEGTOSCF_H
#define SEGIR_CONVERSION_SEGTOSCF_SEGTOSCF_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewriterBase;

namespace seg {
class SegSpaceOpInterface;

#define GEN_PASS_DECL_CONVERTSEGTOSCF
#define GEN_PASS_DECL_SEGREPORTCHECKEDINDICES
#include "segir/Conversion/Passes.h.inc"

/// Lowers `op` (and nothing nested in it that is still a seg op) to
/// sequential scf loops, then erases it. Nested seg ops must have been
/// lowered first; ops nested in a `block`-level map may refer to its
/// induction variables until it is lowered.
LogicalResult lowerToSequentialLoops(RewriterBase &rewriter,
                                     SegSpaceOpInterface op);

} // namespace seg
} // namespace mlir

#endif // SEGIR_CONVERSION_SEGTOSCF_SEGTOSCF_H
