//===- GPUToEmulator.h - GPU kernels on the CPU emulator --------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_CONVERSION_GPUTOEMULATOR_GPUTOEMULATOR_H
#define SEGIR_CONVERSION_GPUTOEMULATOR_GPUTOEMULATOR_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;
namespace seg {

// convert-gpu-to-seg-emulator: createConvertGPUToSegEmulator() and its
// options (the dialects it creates are loaded by the pass itself).
#define GEN_PASS_DECL_CONVERTGPUTOSEGEMULATOR
#include "segir/Conversion/Passes.h.inc"

} // namespace seg
} // namespace mlir

#endif // SEGIR_CONVERSION_GPUTOEMULATOR_GPUTOEMULATOR_H
