//===- Passes.td - SegIR conversion passes -----------------*- tablegen -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_CONVERSION_PASSES_TD
#define SEGIR_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertSegToSCF : Pass<"convert-seg-to-scf"> {
  let summary = "Lower seg ops to sequential scf loops (the reference)";
  let description = [{
    Gives every `seg` op its sequential meaning: the space becomes a nest of
    `scf.for` loops in row-major order, whatever the level; `seg.red` and
    `seg.scan` combine the innermost dimension from left to right, starting
    from the neutral values, applying the fused operators in order; kernel
    results become guarded `memref.store`s. A `memref.alloca` directly in a
    body (a block's shared memory, a thread's private array) lives for one
    point: it becomes a `memref.alloc` freed at the end of the point, so
    that the loops do not grow the stack.

    This lowering is the reference every other path is checked against.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // SEGIR_CONVERSION_PASSES_TD
