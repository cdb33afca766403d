//===- Strategy.h - Strategies of convert-seg-to-gpu ------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The values of convert-seg-to-gpu's `strategy`, `scan-strategy` and
// `hist-strategy` options, declared before the pass's generated options
// struct that holds them. They are the seg dialect's enums, which
// #seg.gpu_lowering also holds:
// - RedStrategy: segmented reduction strategies [Larsen & Henriksen 2017];
//   auto picks one at run time from the number and length of the segments.
// - ScanStrategy: the single-pass kernel with decoupled look-back
//   [Clausen 2021], or reduce-then-scan; auto takes single-pass unless the
//   operator state needs too many registers.
// - HistStrategy: atomic updates of the histogram in global memory, or
//   sub-histograms in shared memory [Henriksen et al. 2020]; auto picks
//   shared when the histogram fits.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_CONVERSION_SEGTOGPU_STRATEGY_H
#define SEGIR_CONVERSION_SEGTOGPU_STRATEGY_H

#include "segir/Dialect/Seg/IR/SegAttrs.h"

#endif // SEGIR_CONVERSION_SEGTOGPU_STRATEGY_H
