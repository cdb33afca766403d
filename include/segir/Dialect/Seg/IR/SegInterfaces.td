//===- SegInterfaces.td - seg dialect interfaces -----------*- tablegen -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_IR_SEGINTERFACES_TD
#define SEGIR_DIALECT_SEG_IR_SEGINTERFACES_TD

include "mlir/IR/OpBase.td"

def Seg_SpaceOpInterface : OpInterface<"SegSpaceOpInterface"> {
  let cppNamespace = "::mlir::seg";
  let description = [{
    An op over a segmented iteration space at an execution level:
    `seg.map`, `seg.red` and `seg.scan`.
  }];
  let methods = [
    InterfaceMethod<"The execution level.", "::mlir::seg::Level",
      "getLevel", (ins), [{ return $_op.getLevel(); }]>,
    InterfaceMethod<"The space's sizes, static or dynamic.",
      "::llvm::SmallVector<::mlir::OpFoldResult>", "getMixedSizes", (ins),
      [{ return $_op.getMixedSizes(); }]>,
    InterfaceMethod<"The induction variables, one per dimension.",
      "::mlir::Block::BlockArgListType", "getInductionVars", (ins),
      [{ return $_op.getInductionVars(); }]>,
    InterfaceMethod<"The destination memrefs.", "::mlir::OperandRange",
      "getOuts", (ins), [{ return $_op.getOuts(); }]>,
    InterfaceMethod<"The region that computes each point.",
      "::mlir::Region &", "getBody", (ins),
      [{ return $_op.getBody(); }]>,
    InterfaceMethod<"The grid size in blocks, if given.",
      "::std::optional<::mlir::OpFoldResult>", "getMixedNumBlocks", (ins),
      [{ return $_op.getMixedNumBlocks(); }]>,
    InterfaceMethod<"The block size in threads, if given.",
      "::std::optional<::mlir::OpFoldResult>", "getMixedBlockSize", (ins),
      [{ return $_op.getMixedBlockSize(); }]>,
  ];
  let extraSharedClassDeclaration = [{
    /// Number of dimensions of the space.
    unsigned getRank() { return $_op.getInductionVars().size(); }
  }];
}

def Seg_KernelResultOpInterface : OpInterface<"KernelResultOpInterface"> {
  let cppNamespace = "::mlir::seg";
  let description = [{
    A kernel result: an op in the `seg.results` region of a `seg.map` that
    says how the current point writes one `outs` operand.
  }];
  let methods = [
    InterfaceMethod<"The memref this result writes.", "::mlir::Value",
      "getOut", (ins), [{ return $_op.getOut(); }]>,
  ];
}

#endif // SEGIR_DIALECT_SEG_IR_SEGINTERFACES_TD
