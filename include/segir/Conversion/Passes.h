//===- Passes.h - SegIR conversion passes -----------------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_CONVERSION_PASSES_H
#define SEGIR_CONVERSION_PASSES_H

#include "segir/Conversion/SegToGPU/SegToGPU.h"
#include "segir/Conversion/GPUToEmulator/GPUToEmulator.h"
#include "segir/Conversion/LinalgToSeg/LinalgToSeg.h"
#include "segir/Conversion/SCFParallelToSeg/SCFParallelToSeg.h"
#include "segir/Conversion/SegToSCF/SegToSCF.h"

namespace mlir {
namespace seg {

#define GEN_PASS_REGISTRATION
#include "segir/Conversion/Passes.h.inc"

} // namespace seg
} // namespace mlir

#endif // SEGIR_CONVERSION_PASSES_H
