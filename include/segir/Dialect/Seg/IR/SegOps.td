//===- SegOps.td - seg dialect operations ------------------*- tablegen -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_IR_SEGOPS_TD
#define SEGIR_DIALECT_SEG_IR_SEGOPS_TD

include "segir/Dialect/Seg/IR/SegDialect.td"
include "segir/Dialect/Seg/IR/SegAttrs.td"
include "segir/Dialect/Seg/IR/SegInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

//===----------------------------------------------------------------------===//
// Space ops: seg.map, seg.red, seg.scan
//===----------------------------------------------------------------------===//

class Seg_SpaceOp<string mnemonic, list<Trait> traits = []>
    : Seg_Op<mnemonic, traits # [AttrSizedOperandSegments,
        RecursiveMemoryEffects,
        DeclareOpInterfaceMethods<Seg_SpaceOpInterface>]> {
  dag commonArgs = (ins
    Seg_LevelAttr:$level,
    Variadic<Index>:$dynamic_sizes,
    DenseI64ArrayAttr:$static_sizes,
    Optional<Index>:$num_blocks,
    OptionalAttr<I64Attr>:$static_num_blocks,
    Optional<Index>:$block_size,
    OptionalAttr<I64Attr>:$static_block_size,
    OptionalAttr<Seg_VirtualizationAttr>:$virtualization,
    Variadic<AnyMemRef>:$outs);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  code commonClassDeclaration = [{
    /// The space's sizes, static ones as attributes.
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedSizes();
    /// The induction variables: the body's arguments.
    ::mlir::Block::BlockArgListType getInductionVars() {
      return getBody().front().getArguments();
    }
    ::std::optional<::mlir::OpFoldResult> getMixedNumBlocks();
    ::std::optional<::mlir::OpFoldResult> getMixedBlockSize();
    unsigned getRank() { return getStaticSizes().size(); }
  }];
  // Defined once for every space op, in SegOps.cpp (which includes the
  // generated definitions after its helpers).
  code commonClassDefinition = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> $cppClass::getMixedSizes() {
      return ::mlir::getMixedValues(getStaticSizes(), getDynamicSizes(),
                                    getContext());
    }
    ::std::optional<::mlir::OpFoldResult> $cppClass::getMixedNumBlocks() {
      return mixedScalar(getNumBlocks(), getStaticNumBlocksAttr());
    }
    ::std::optional<::mlir::OpFoldResult> $cppClass::getMixedBlockSize() {
      return mixedScalar(getBlockSize(), getStaticBlockSizeAttr());
    }
  }];
  let extraClassDefinition = commonClassDefinition;
}

// seg.red and seg.scan: a space op whose body yields the operands of fused
// operators (`combine` regions with neutral values), then map-only values.
// They write their outs themselves (no kernel results in the body report it),
// so they declare the writes next to the body's effects: otherwise a
// reduction whose body only loads would be dead code.
class Seg_CombiningOp<string mnemonic, dag extraArgs = (ins)>
    : Seg_SpaceOp<mnemonic, [
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let arguments = !con(commonArgs, (ins Variadic<AnyType>:$neutrals,
                                        DenseBoolArrayAttr:$commutative,
                                        OptionalAttr<I64Attr>:$chunk),
                       extraArgs);
  let regions = (region SizedRegion<1>:$body,
                        VariadicRegion<SizedRegion<1>>:$operators);
  let extraClassDeclaration = commonClassDeclaration # [{
    /// The neutral values of operator `index`.
    ::mlir::OperandRange getOperatorNeutrals(unsigned index);
    /// Total number of accumulators over all operators.
    unsigned getNumAccumulators() { return getNeutrals().size(); }
    /// The outs holding operator results / map-only outputs.
    ::mlir::OperandRange getCombinedOuts() {
      return getOuts().take_front(getNumAccumulators());
    }
    ::mlir::OperandRange getMapOuts() {
      return getOuts().drop_front(getNumAccumulators());
    }
  }];
  let extraClassDefinition = commonClassDefinition # [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return parseCombiningOp<$cppClass>(parser, result);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) {
      printCombiningOp(p, *this);
    }
    ::mlir::OperandRange $cppClass::getOperatorNeutrals(unsigned index) {
      return operatorNeutrals(*this, index);
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return verifyCombiningOpAttrs(*this);
    }
    ::llvm::LogicalResult $cppClass::verifyRegions() {
      return verifyCombiningOp(*this);
    }
    void $cppClass::getEffects(
        ::llvm::SmallVectorImpl<::mlir::SideEffects::EffectInstance<
            ::mlir::MemoryEffects::Effect>> &effects) {
      addOutsWriteEffects(*this, effects);
    }
  }];
}

def Seg_MapOp : Seg_SpaceOp<"map"> {
  let summary = "Map over a segmented iteration space";
  let description = [{
    Computes its body once per point of the space. The body ends in a
    `seg.results` op whose kernel results write the `outs` memrefs.

    ```mlir
    seg.map thread (%i, %j) in (%m, 64) outs(%c : memref<?x64xf32>) {
      %a = memref.load %x[%i, %j] : memref<?x64xf32>
      %b = arith.mulf %a, %a : f32
      seg.results {
        seg.returns %b into %c : memref<?x64xf32>
      }
    }
    ```

    Optionally a grid: `grid(num_blocks = 120, block_size = %bs,
    virt = virtualized)`; each entry is an integer or an `index` value.

    At level `block` the body runs once per block: `memref.alloca` there is
    the block's shared memory, and nested `thread_in_block` ops run the
    block's threads, each followed by a barrier.

    Optionally, at level `block` with rank >= 2, `swizzle(G)` after the
    grid (G >= 1) sets the order in which the GPU's blocks visit the two
    innermost dimensions M x N: in groups of G rows, each walked column by
    column (rows gG .. gG+G-1 of column 0, then of column 1, ...; the last
    group may have fewer rows), with the outer dimensions outermost. This
    is the column schedule of `seg-column-schedule` applied to blocks, with
    columns of G rows: blocks that run at the same time then share rows of
    M and columns of N, and so the data they read through the cache (the
    grouped order of Triton, the swizzle of CUTLASS). `swizzle(1)` is the
    default row-major order. Only the order changes; the points, and so the
    results, are those of the map.

    ```mlir
    seg.map block (%bi, %bj) in (%mb, %nb) grid(block_size = 256) swizzle(8)
        outs(%c : memref<?x?xf32>) { ... }
    ```
  }];
  let arguments = !con(commonArgs, (ins OptionalAttr<I64Attr>:$swizzle));
  let regions = (region SizedRegion<1>:$body);
  let extraClassDeclaration = commonClassDeclaration # [{
    /// The `seg.results` terminator of the body.
    ResultsOp getResultsOp();
  }];
}

def Seg_RedOp : Seg_CombiningOp<"red"> {
  let summary = "Regular segmented reduction (redomap)";
  let description = [{
    Reduces the innermost dimension of the space; the outer dimensions are
    segments (a one-dimensional space is a single segment). The body is the
    map: it yields, for the current point, the operands of every operator
    followed by the values of map-only outputs. Each operator is a region
    `(acc..., x...) -> acc...` with neutral values and an optional
    `commutative` flag; all operators are fused.

    `outs` holds, in order, one memref per accumulator of every operator
    (shape: the segment dimensions), then one memref per map-only output
    (shape: the whole space).

    ```mlir
    seg.red thread (%i) in (%n) outs(%sum : memref<f32>) {
      %x = memref.load %in[%i] : memref<?xf32>
      seg.yield %x : f32
    } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
      %s = arith.addf %a, %b : f32
      seg.yield %s : f32
    }
    ```

    Operators combine left to right; a non-commutative operator must be
    associative, a commutative one may be applied in any order.

    An optional `chunk(N)` after the grid is the number of consecutive
    elements each thread reduces sequentially per step (the CHUNK of
    [Pøbl & Holst 2024]); `seg-select-chunk` sets it from the resource
    model.
  }];
}

def Seg_ScanOp : Seg_CombiningOp<"scan", (ins UnitAttr:$exclusive)> {
  let summary = "Regular segmented scan, inclusive or exclusive (scanomap)";
  let description = [{
    Scan along the innermost dimension of the space, restarting at every
    segment. Same operator model as `seg.red`; every scanned output has the
    shape of the whole space, as do map-only outputs. The optional
    `chunk(N)` is the sequentiality degree m: the consecutive elements each
    thread scans on its own [Clausen 2021].

    Inclusive by default: element i of a segment combines the body's
    operands at 0..i. With the `exclusive` keyword (`seg.scan exclusive
    thread (...)`), element i combines those at 0..i-1, so the first
    element of every segment is the neutral value; map-only outputs are
    still written at every point from the body at that point.

    ```mlir
    seg.scan thread (%s, %i) in (%ns, %n) outs(%out : memref<?x?xi32>) {
      %x = memref.load %in[%s, %i] : memref<?x?xi32>
      seg.yield %x : i32
    } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
      %r = arith.addi %a, %b : i32
      seg.yield %r : i32
    }
    ```
  }];
}


def Seg_HistOp : Seg_SpaceOp<"hist", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Generalised (segmented) histogram (Futhark's SegHist)";
  let description = [{
    Futhark's `reduce_by_index` over a space [Henriksen et al. 2020]. The
    body yields, for the current point and for every operator in order, a
    bin index (`index`) followed by the operator's element values. Each
    operator is a `combine commutative` region `(acc..., x...) -> acc...`
    with neutral values, and owns one destination histogram per
    accumulator in `outs` (in operator order). The histograms are
    initialised by the caller: the op combines every point's values into
    the bin it names, so repeated calls accumulate.

    A histogram has rank `k + 1`: its leading `k` dimensions are the
    leading `k` dimensions of the space (segments: one histogram per
    segment point) and its last dimension holds the bins. Every histogram
    of the op has the same `k`, below the rank of the space. A bin index
    outside `[0, bins)` is ignored.

    The operators must be associative and commutative (the `commutative`
    keyword is required): points are combined into a bin in no particular
    order.

    ```mlir
    seg.hist thread (%i) in (%n) outs(%counts : memref<256xi32>) {
      %v = memref.load %in[%i] : memref<?xi32>
      %bin = arith.index_cast %v : i32 to index
      seg.yield %bin, %one : index, i32
    } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
      %s = arith.addi %a, %b : i32
      seg.yield %s : i32
    }
    ```

    Levels `thread` (`convert-seg-to-gpu` picks a strategy, see there) and
    `seq`.
  }];
  let arguments = !con(commonArgs, (ins Variadic<AnyType>:$neutrals,
                                        DenseBoolArrayAttr:$commutative));
  let regions = (region SizedRegion<1>:$body,
                        VariadicRegion<SizedRegion<1>>:$operators);
  let extraClassDeclaration = commonClassDeclaration # [{
    /// The neutral values of operator `index`.
    ::mlir::OperandRange getOperatorNeutrals(unsigned index);
    /// The histograms of operator `index` (one per accumulator).
    ::mlir::OperandRange getOperatorOuts(unsigned index);
    /// Number of leading space dimensions that are segments.
    unsigned getNumSegmentDims() {
      return ::llvm::cast<::mlir::MemRefType>(getOuts().front().getType())
                 .getRank() - 1;
    }
  }];
}

//===----------------------------------------------------------------------===//
// Terminators
//===----------------------------------------------------------------------===//

def Seg_YieldOp : Seg_Op<"yield", [Pure, Terminator, ReturnLike,
    HasParent<"RedOp, ScanOp, HistOp">]> {
  let summary = "Yields values from a seg.red/seg.scan/seg.hist body or "
                "operator";
  let description = [{
    In the body of `seg.red` / `seg.scan`: the operands of every operator,
    then the values of map-only outputs; in the body of `seg.hist`: a bin
    index and the operands of every operator. In an operator region: the new
    accumulator.
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

def Seg_ResultsOp : Seg_Op<"results", [Terminator, HasParent<"MapOp">,
    NoTerminator, SingleBlock, RecursiveMemoryEffects]> {
  let summary = "Kernel results of a seg.map";
  let description = [{
    Terminates the body of a `seg.map`. Its region holds only kernel-result
    ops, at most one per `outs` operand, which run in order.
  }];
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = "$region attr-dict";
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins)>];
}

//===----------------------------------------------------------------------===//
// Kernel results
//===----------------------------------------------------------------------===//

class Seg_KernelResultOp<string mnemonic, list<Trait> traits = []>
    : Seg_Op<mnemonic, traits # [HasParent<"ResultsOp">,
        DeclareOpInterfaceMethods<Seg_KernelResultOpInterface>,
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let hasVerifier = 1;
}

def Seg_ReturnsOp : Seg_KernelResultOp<"returns", [
    TypesMatchWith<"value type matches the element type of out", "out",
        "value", "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "Write one element at the current point";
  let description = [{
    Writes `value` to `out` at the current point of the enclosing `seg.map`:
    `out[%ivs...] = value`. `out` has the shape of the space.
  }];
  let arguments = (ins AnyType:$value, AnyMemRef:$out);
  let assemblyFormat = "$value `into` $out attr-dict `:` type($out)";
}

def Seg_TileReturnsOp : Seg_KernelResultOp<"tile_returns", [
    TypesMatchWith<"value type matches the element type of out", "out",
        "value", "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "Each thread of a block writes one element of the block tile";
  let description = [{
    In a `thread_in_block` map directly inside a `block` map: given one
    `(dim, tile)` pair for each of the k trailing dimensions of `out`, the
    thread at `t` of the block at `b` writes `value` to
    `out[b_0, ..., b_{n-k-1}, b_{n-k} * tile_0 + t_0, ...]` when every index
    is below its `dim`. Leading dimensions of `out` are indexed by the
    leading block indices. `dim` is the logical extent: at most the extent
    of `out`, so a padded buffer can be written without its padding.

    ```mlir
    seg.tile_returns %v into %c tiles [(%m, 16), (%n, 16)] : memref<?x?xf32>
    ```
  }];
  let arguments = (ins AnyType:$value, AnyMemRef:$out,
                       Variadic<Index>:$dynamic_dims,
                       DenseI64ArrayAttr:$static_dims,
                       DenseI64ArrayAttr:$block_tiles);
  let assemblyFormat = [{
    $value `into` $out `tiles` custom<TileSpec>($dynamic_dims, $static_dims,
        $block_tiles) attr-dict `:` type($out)
  }];
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedDims();
  }];
}

def Seg_RegTileReturnsOp : Seg_KernelResultOp<"regtile_returns"> {
  let summary = "Each thread writes its register tile into the block tile";
  let description = [{
    Futhark's `RegTileReturns`. In a `thread_in_block` map directly inside
    a `block` map: given one `(dim, block tile T, register tile R)` triple
    for each of the k trailing dimensions of `out`, the thread at `t` of the
    block at `b` writes its register tile `value` (a vector of shape
    `R_0 x ... x R_{k-1}`) to the block's `(T_0*R_0) x ...` tile:

      `out[..., b_d * T_d * R_d + t_d * R_d + r_d, ...] = value[r_0, ...]`

    for every `r`, skipping elements whose index is not below `dim`. The
    thread space is `T_0 x ... x T_{k-1}`. Leading dimensions of `out` are
    indexed by the leading block indices.

    ```mlir
    seg.regtile_returns %acc into %c tiles [(%m, 16, 4), (%n, 16, 4)]
        : vector<4x4xf32>, memref<?x?xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$value, AnyMemRef:$out,
                       Variadic<Index>:$dynamic_dims,
                       DenseI64ArrayAttr:$static_dims,
                       DenseI64ArrayAttr:$block_tiles,
                       DenseI64ArrayAttr:$reg_tiles);
  let assemblyFormat = [{
    $value `into` $out `tiles` custom<RegTileSpec>($dynamic_dims,
        $static_dims, $block_tiles, $reg_tiles) attr-dict `:` type($value)
        `,` type($out)
  }];
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedDims();
  }];
}

def Seg_WriteReturnsOp : Seg_KernelResultOp<"write_returns", [
    AttrSizedOperandSegments]> {
  let summary = "Scatter: write values at computed indices";
  let description = [{
    Futhark's `WriteReturns`. Writes each `value` at its index tuple in
    `out`; a tuple with an index outside `out` (negative or too large) is
    skipped. When several points write the same element, one of the writes
    wins, unspecified which.

    ```mlir
    seg.write_returns into %out [%i] = %v, [%j] = %w : memref<?xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$out, Variadic<Index>:$indices,
                       Variadic<AnyType>:$values);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Indices of the `pos`-th write.
    ::mlir::OperandRange getIndicesOf(unsigned pos);
  }];
}

#endif // SEGIR_DIALECT_SEG_IR_SEGOPS_TD
