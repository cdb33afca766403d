//===- Strategy.h - Strategies of convert-seg-to-gpu ------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The values of convert-seg-to-gpu's `strategy`, `scan-strategy` and
// `hist-strategy` options,
// declared before the pass's generated options struct that holds them.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_CONVERSION_SEGTOGPU_STRATEGY_H
#define SEGIR_CONVERSION_SEGTOGPU_STRATEGY_H

namespace mlir {
namespace seg {

/// Segmented reduction strategies [Larsen & Henriksen 2017]: auto picks
/// one at run time from the number and length of the segments.
enum class RedStrategy { Auto, Sequential, Small, Large };

/// Scan strategies: the single-pass kernel with decoupled look-back
/// [Clausen 2021], or reduce-then-scan; auto takes single-pass unless the
/// operator state needs too many registers.
enum class ScanStrategy { Auto, SinglePass, ReduceThenScan };

/// seg.hist strategies [Henriksen et al. 2020]: atomic updates of the
/// histogram in global memory, or sub-histograms in shared memory combined
/// into it at the end of every block; auto picks shared when the histogram
/// fits.
enum class HistStrategy { Auto, GlobalAtomic, Shared };

} // namespace seg
} // namespace mlir

#endif // SEGIR_CONVERSION_SEGTOGPU_STRATEGY_H
