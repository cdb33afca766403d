//===- SegTransformOps.td - Transform dialect ops for SegIR -*- tablegen -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// transform.seg.*: what SegIR's passes do, one payload op at a time, for
// compilers that drive code generation with transform-dialect scripts.
// Each op gives exactly the IR its pass gives on the same op.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_TRANSFORMOPS_SEGTRANSFORMOPS_TD
#define SEGIR_DIALECT_SEG_TRANSFORMOPS_SEGTRANSFORMOPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

/// An op that rewrites each payload op of its operand into one new op,
/// returned in the result (the operand handle is consumed).
class Seg_RewritingTransformOp<string mnemonic>
    : Op<Transform_Dialect, "seg." # mnemonic,
         [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
          TransformOpInterface, TransformEachOpTrait]> {
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

/// An op that changes each payload op of its operand in place and returns
/// the same ops (the operand handle stays valid).
class Seg_InPlaceTransformOp<string mnemonic>
    : Op<Transform_Dialect, "seg." # mnemonic,
         [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
          TransformOpInterface, TransformEachOpTrait]> {
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def Seg_ConvertLinalgOp : Seg_RewritingTransformOp<"convert_linalg"> {
  let summary = "The linalg front door on one linalg op";
  let description = [{
    Converts each payload op, a linalg op on buffers, as
    `convert-linalg-to-seg` does: into a `seg.map` or a `seg.red` (fusing
    an elementwise producer and absorbing a neutral fill as the pass does).
    Returns the new top-level seg op.

    Fails (silenceably) with the pass's reason when the op is not converted,
    and definitely when a payload op is not a linalg op. `remarks` explains
    the schedule, as the pass's option.

    ```mlir
    %red = transform.seg.convert_linalg %reduce {remarks}
        : (!transform.any_op) -> !transform.any_op
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       UnitAttr:$remarks);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def Seg_ColumnScheduleOp : Seg_InPlaceTransformOp<"column_schedule"> {
  let summary = "Column-based thread schedule of one thread-level seg.map";
  let description = [{
    Remaps the thread index of each payload op, a `thread`-level `seg.map`
    of rank 2 or more, as `seg-column-schedule` does [Prasetya 2022]:
    `width` is the column width (default: the target's warp size),
    `zigzag` reverses every other row inside a column. Returns the same
    maps. Fails silenceably, with the pass's reason, for a map the pass
    leaves alone.

    ```mlir
    %m2 = transform.seg.column_schedule %map {width = 16, zigzag}
        : (!transform.any_op) -> !transform.any_op
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$width,
                       UnitAttr:$zigzag);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def Seg_SelectChunkOp : Seg_InPlaceTransformOp<"select_chunk"> {
  let summary = "The chunk or sequentiality degree of one seg.red or seg.scan";
  let description = [{
    Sets the `chunk` of each payload op, a `thread`-level `seg.red` or
    `seg.scan`, as `seg-select-chunk` does [Pøbl & Holst 2024; Clausen
    2021], with the pass's options as attributes: `block_size` (the block
    size for ops that give none; the model's when absent), `chunk` (given
    instead of the model's; 0 or absent for the model), `avoid_multiples_of_8`,
    `remarks`. Returns the same ops.

    An op at another level is a silenceable failure (only a kernel's own
    threads step through chunks); an illegal chunk is an error at the
    payload op.

    ```mlir
    %red2 = transform.seg.select_chunk %red {block_size = 128, remarks}
        : (!transform.any_op) -> !transform.any_op
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$block_size,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$chunk,
                       UnitAttr:$avoid_multiples_of_8,
                       UnitAttr:$remarks);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def Seg_SetGPULoweringOp : Seg_InPlaceTransformOp<"set_gpu_lowering"> {
  let summary = "convert-seg-to-gpu's options for one op";
  let description = [{
    Attaches to each payload op, a top-level `thread`- or `block`-level
    `seg.map`, `seg.red`, `seg.scan` or `seg.hist`, a `seg.gpu_lowering`
    attribute (`#seg.gpu_lowering`) that `convert-seg-to-gpu` honours over
    its options of the same names, for that op only: `strategy` (a
    seg.red's: auto, sequential, small, large), `scan_strategy` (a
    seg.scan's: auto, single-pass, reduce-then-scan), `hist_strategy` (a
    seg.hist's: auto, global-atomic, shared), `block_size` (for an op whose
    `grid(...)` gives none) and `loads_in_flight` (not for a seg.scan).
    Fields set by an earlier `set_gpu_lowering` on the same op and not
    given here are kept. Returns the same ops.

    A payload op that is not a seg op, a field that does not apply to the
    op's kind, or a block size next to the op's own is an error at the
    payload op; an op without a kernel of its own (at level `seq` or
    `thread_in_block`) is a silenceable failure.

    ```mlir
    %red2 = transform.seg.set_gpu_lowering %red
        {strategy = "large", block_size = 128, loads_in_flight = 4}
        : (!transform.any_op) -> !transform.any_op
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<StrAttr>:$strategy,
                       OptionalAttr<StrAttr>:$scan_strategy,
                       OptionalAttr<StrAttr>:$hist_strategy,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$block_size,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$loads_in_flight);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Seg_TileBlockRegisterOp : Seg_RewritingTransformOp<"tile_block_register"> {
  let summary = "Block and register tiling of one thread-level seg.map";
  let description = [{
    Tiles each payload op, a `thread`-level `seg.map` of a redomap-in-map
    nest, as `seg-tile-block-register` does [Henriksen et al. 2021] with the
    same options as attributes (`ty`, `tx`, `tk`, `ry`, `rx`, `stages`,
    `swizzle`: 0 or absent for the resource model's choice; `mma`: none,
    tf32, bf16 or f16; `mma_instruction`: auto, mma.sync or wgmma;
    `remarks`). Returns the block-level map that replaces it.

    A map the pass leaves alone (no redomap, too small, ...) is a
    silenceable failure with the pass's reason; a choice the pass rejects
    (illegal tile sizes) is an error at the payload op.

    ```mlir
    %tiled = transform.seg.tile_block_register %map {mma = "tf32", remarks}
        : (!transform.any_op) -> !transform.any_op
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$ty,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$tx,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$tk,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$ry,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$rx,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$stages,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$swizzle,
                       OptionalAttr<StrAttr>:$mma,
                       OptionalAttr<StrAttr>:$mma_instruction,
                       UnitAttr:$remarks);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

#endif // SEGIR_DIALECT_SEG_TRANSFORMOPS_SEGTRANSFORMOPS_TD
