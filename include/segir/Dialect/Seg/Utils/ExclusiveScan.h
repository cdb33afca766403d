//===- ExclusiveScan.h - Exclusive scans as inclusive ones ------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_UTILS_EXCLUSIVESCAN_H
#define SEGIR_DIALECT_SEG_UTILS_EXCLUSIVESCAN_H

namespace mlir {
class RewriterBase;
namespace seg {
class ScanOp;

/// Turns the exclusive `scan` into an inclusive scan with the same results:
/// at point (s, i) the new body yields the operator operands of the old body
/// at (s, i - 1), or the neutral values where i = 0, and the map-only values
/// of the old body at (s, i). The body at i - 1 is evaluated at
/// max(i, 1) - 1 and selected away at segment starts, so that it never reads
/// before a segment. Does nothing to an inclusive scan.
void rewriteExclusiveScanAsInclusive(RewriterBase &rewriter, ScanOp scan);

} // namespace seg
} // namespace mlir

#endif // SEGIR_DIALECT_SEG_UTILS_EXCLUSIVESCAN_H
