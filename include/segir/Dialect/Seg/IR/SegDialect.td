//===- SegDialect.td - The seg dialect ---------------------*- tablegen -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_IR_SEGDIALECT_TD
#define SEGIR_DIALECT_SEG_IR_SEGDIALECT_TD

include "mlir/IR/OpBase.td"

def Seg_Dialect : Dialect {
  let name = "seg";
  let cppNamespace = "::mlir::seg";
  let summary = "Segmented data-parallel operations for GPUs";
  let description = [{
    The `seg` dialect expresses Futhark-style segmented operations (`seg.map`,
    `seg.red`, `seg.scan`) over a multi-dimensional iteration space bound to
    an execution level, in destination-passing style on memrefs. Kernel
    results (`seg.returns`, `seg.tile_returns`, `seg.regtile_returns`,
    `seg.write_returns`) say exactly how every thread or block writes its part
    of an output.

    Every op has a sequential meaning, given by `convert-seg-to-scf`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Registers the attributes (in SegAttrs.cpp, next to their storage).
    void registerAttributes();
    /// Name of the module attribute that holds the target description.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("seg.target");
    }
    /// Name of the op attribute that holds convert-seg-to-gpu's options for
    /// one op (a #seg.gpu_lowering).
    static constexpr ::llvm::StringLiteral getGPULoweringAttrName() {
      return ::llvm::StringLiteral("seg.gpu_lowering");
    }
  }];
}

class Seg_Op<string mnemonic, list<Trait> traits = []>
    : Op<Seg_Dialect, mnemonic, traits>;

#endif // SEGIR_DIALECT_SEG_IR_SEGDIALECT_TD
