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
namespace arith {
class ArithDialect;
} // namespace arith
namespace cf {
class ControlFlowDialect;
} // namespace cf
namespace func {
class FuncDialect;
} // namespace func
namespace LLVM {
class LLVMDialect;
} // namespace LLVM
namespace memref {
class MemRefDialect;
} // namespace memref
namespace scf {
class SCFDialect;
} // namespace scf
namespace vector {
class VectorDialect;
} // namespace vector

namespace seg {

#define GEN_PASS_DECL_CONVERTGPUTOSEGEMULATOR
#include "segir/Conversion/Passes.h.inc"

} // namespace seg
} // namespace mlir

#endif // SEGIR_CONVERSION_GPUTOEMULATOR_GPUTOEMULATOR_H
