//===- Passes.td - seg dialect transformations -------------*- tablegen -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_TRANSFORMS_PASSES_TD
#define SEGIR_DIALECT_SEG_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SegSelectChunk : Pass<"seg-select-chunk"> {
  let summary = "Choose the chunk of seg.red and the sequentiality degree "
                "of seg.scan from the resource model";
  let description = [{
    Annotates every `thread`-level `seg.red` and `seg.scan` with `chunk(N)`:

    * `seg.red` whose operators are all commutative reads coalesced with a
      stride and needs no chunk (1); otherwise, with primitive element
      types, the CHUNK of [Pøbl & Holst 2024]: the largest value that the
      shared memory of the collective copy (eq. 6) and the registers of the
      per-thread chunk arrays, the accumulator and index overhead allow;
      with other element types 1.
    * `seg.scan`: the elements per thread m that convert-seg-to-gpu would
      choose (ResourceModel::selectScanElementsPerThread): the
      sequentiality degree of [Clausen 2021, eq. 4], with k_mem and k_reg
      from the target and the op's block size, at most what keeps about 16
      words in flight (at least 4 elements), lowered until the kernel the
      automatic scan strategy picks fits its registers and shared memory.

    Limits come from the module's `#seg.target` (sm_90 by default). The block
    size is the op's static `block_size`, else `block-size`; an op whose block
    size is a value is planned for the largest block the target allows. With
    neither (`block-size` 0, the default), a `seg.scan` gets the threads and
    elements per thread of ResourceModel::selectScanGeometry, as
    convert-seg-to-gpu does, and a `seg.red` the model's default block.

    Overrides, in order: the tuning file (`tuning-file`, a `name=value` line
    for the tunable `<function>.<red|scan><index>.chunk`), then `chunk`. An
    override that breaks a hard bound (shared memory, threads per block, or
    values alone beyond the target's registers per thread) is an error naming
    the bound and the numbers; one that only risks register spilling is a
    warning. `tuning-file-out` writes the chosen values in the
    same format, so they can be edited and read back.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"0",
           "Block size for ops that give none (0: the resource model's, "
           "as convert-seg-to-gpu chooses it)">,
    Option<"chunk", "chunk", "int64_t", /*default=*/"0",
           "Use this chunk for every op instead of the model's (0: model)">,
    Option<"avoidMultiplesOf8", "avoid-multiples-of-8", "bool",
           /*default=*/"false",
           "Step a reduction chunk that is a multiple of 8 down by one "
           "([Pøbl & Holst 2024, §5.5] measured dips there on A100)">,
    Option<"tuningFile", "tuning-file", "std::string", /*default=*/"",
           "Read overrides from this tuning file">,
    Option<"tuningFileOut", "tuning-file-out", "std::string",
           /*default=*/"", "Write the chosen values to this tuning file">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Explain every choice in a remark">,
  ];
}

def SegColumnSchedule : Pass<"seg-column-schedule"> {
  let summary = "Column-based thread schedule of 2-D thread-level seg.map";
  let description = [{
    Remaps the flat thread index of every `thread`-level `seg.map` of rank
    >= 2 so that consecutive threads walk down narrow columns of the space
    instead of along its rows [Prasetya 2022, §4.1]. Stencils and naive
    matrix products then reuse what neighbouring threads loaded into L1.

    The space (I_0, ..., I_{n-1}) is seen as I_h x I_w with I_w = I_{n-1}
    and I_h = I_0 * ... * I_{n-2} (the outer dimensions fold into the
    vertical one, section 4.1.2). With column width w, the flat index i
    visits the point (y, x) given by eqs. 4.1-4.6:

      col = i / (I_h * w),   o = col * w,
      w'  = I_w - o if col is the last column, else w,
      i'  = i mod (I_h * w),  x = i' mod w',  y = i' / w',
      point = (y delinearized over I_0 .. I_{n-2}, o + x)

    so the last column is narrower when w does not divide I_w. With
    `zigzag`, rows with even y run right to left inside their column
    (eq. 4.7, as w' - 1 - x: the paper's w' - x would leave the column).

    The op becomes a one-dimensional `thread`-level `seg.map` over
    I_h * I_w with the same grid and outs; its body computes the point from
    the flat index and then runs the original body, and every `seg.returns`
    becomes a `seg.write_returns` at the computed point (always in bounds).
    The per-launch parts (column size, last column and its width) are
    computed once before the op, not per point [Prasetya 2022, listing 8].

    The width of a map is, in order: the tuning file's value for the
    tunable `<function>.map<index>.width` (`tuning-file`), `width`, the warp
    size of the module's `#seg.target`; it must be positive.
    `tuning-file-out` writes the widths used. Maps of rank 1, maps at
    another level and static spaces no wider than one column (without
    `zigzag`, where the column order is the row order) are left alone,
    with a remark under `remarks`.
  }];
  let options = [
    Option<"width", "width", "int64_t", /*default=*/"0",
           "Column width (default: the target's warp size); positive">,
    Option<"zigzag", "zigzag", "bool", /*default=*/"false",
           "Reverse every other row inside a column [Prasetya 2022, eq. 4.7]">,
    Option<"tuningFile", "tuning-file", "std::string", /*default=*/"",
           "Read per-map widths from this tuning file">,
    Option<"tuningFileOut", "tuning-file-out", "std::string",
           /*default=*/"", "Write the widths used to this tuning file">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Explain every schedule and every map left alone in a remark">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def SegTileBlockRegister : Pass<"seg-tile-block-register"> {
  let summary = "Block and register tiling of redomap-in-map nests "
                "[Cholewa-Madsen & Holst 2020]";
  let description = [{
    Rewrites a `thread`-level `seg.map` whose two innermost dimensions
    (i, j) surround `code1; redomap over k; code2` into a `block`-level
    `seg.map` over ceil(M/(Ty*Ry)) x ceil(N/(Tx*Rx)) blocks (outer
    dimensions, e.g. a batch, stay outer) of Ty x Tx threads. The redomap
    is an `scf.for` with `iter_args` (step 1, bounds invariant to the map)
    or a nested `seq` `seg.red`; among its loads, every array read with
    indices invariant to j is staged in shared memory by Ty*Ry x Tk slices,
    every array invariant to i by Tk x Tx*Rx slices, with collective,
    coalesced copies. Each thread keeps Ry x Rx accumulators (thread-private
    arrays, one per accumulator), initialised with the neutral values and
    updated once per k by the redomap's own operators, then evaluates
    `code2` per element and writes its register tile with
    `seg.regtile_returns`.

    Residual tiles: full k-tiles run without bounds checks and the last,
    partial one in an epilogue with checks [Cholewa-Madsen & Holst 2020,
    §4.2.2]; blocks whose tile lies inside M x N run without M/N checks, the
    others a checked copy of the k loop (§7.3.3). Padding in shared memory is
    never given to the operators: every update of an element outside the
    arrays is skipped.

    Software pipelining (`stages` = 2): k-tile 0 is copied into one stage
    of the slices; then, per k-tile, one `thread_in_block` map loads the
    next k-tile into registers, runs the k-steps on the current stage
    (unrolled for full k-tiles) and stores the registers into the other
    stage, so one barrier per k-tile suffices. Arrays whose innermost
    dimension is k (or i, j) itself, in row-major memrefs, are copied with
    16-byte loads when the row length is a multiple of the vector and the
    array is aligned (checked at run time; scalar loads otherwise). A
    thread reads its register values as aligned vectors of up to 16 bytes;
    with several per k, chunk c of every thread lies in the c-th part of
    the slice row, so that a quarter warp reads consecutive words.

    Asynchronous copies (`stages` >= 3): the k-tiles go from global to
    shared memory with `nvgpu.device_async_copy` (cp.async), `stages` - 1
    k-tiles ahead of the compute and never through registers: per k-tile
    one `thread_in_block` map copies the k-tile `stages` - 1 ahead into the
    stage computed before, closes a group, computes its k-tile and waits
    for all but `stages` - 2 groups, so one barrier per k-tile suffices.
    Copies are 16 bytes where the 16-byte global loads apply and the
    elements stay consecutive in the slice, else one per element (4 or 8
    bytes); elements outside M x N are zero-filled by the copy. This needs
    sm_80 and elements of 4 or 8 bytes; elsewhere the model keeps register
    prefetch and the remark says why.

    Tile sizes and the stage count come, in order, from the tuning file
    (`tuning-file`; tunables `<function>.map<index>.{ty,tx,tk,ry,rx,stages}`),
    the options, and the resource model for the module's `#seg.target`
    (8 x 8 register tiles and two stages where they fit, then, where
    asynchronous copies apply, the most of 3 or 4 stages that fit shared
    memory without fewer resident blocks per SM than 3); given tile sizes
    get two stages where those fit without spilling, then the same.
    `tuning-file-out` writes the values used. Illegal values (threads per
    block, shared memory at the stage count, 3 or more stages where
    asynchronous copies do not apply) are errors naming the limit. `remarks` reports each tiled map in one line. Maps that do not
    fit the pattern or where tiling cannot pay off are left alone with a
    remark saying why.

    Block order: the block map gets `swizzle(G)` (see `seg.map`), so that
    the blocks running at the same time share rows of A and columns of B in
    L2. G comes from the tuning file (`<function>.map<index>.swizzle`), the
    `swizzle` option, or the model: for a wave of SMs x resident blocks
    per SM (threads, registers and shared memory of the tiles), the G that
    reads the fewest bytes of A and B slices per k, at most the static
    block rows; row-major (no `swizzle`) when a static grid is one wave.

    Tensor cores (`mma` = `tf32`, `bf16` or `f16`; default `none`, since
    the inputs are rounded: TF32 keeps 10 of f32's 23 mantissa bits): a
    redomap that is `acc + a * b` over a single f32 accumulator, with `a`
    and `b` the two tiled values, f32 for `tf32`, or bf16 / f16 extended to
    f32 for the others, becomes `nvgpu.mma.sync` (m16n8k8 with TF32 inputs,
    m16n8k16 for BF16 and F16, f32 accumulation). The block's warps form a
    grid; each warp keeps the accumulator fragments of its warp tile in
    registers and reads its fragments from the shared slices (copied as
    above, padded with zeros, in the workgroup memory space) with
    `nvgpu.ldmatrix`: transposed from slices of k rows for BF16 and F16,
    plain from k-major slices (a row of k values per position) for TF32,
    whose 32-bit elements ldmatrix cannot transpose; after the k loop the
    fragments go through a C tile in shared memory to `code2` and
    `seg.regtile_returns`, bounds-guarded. Warps, fragments per warp, Tk
    and stages come from the tuning file (tunables
    `<function>.map<index>.{warps_m,warps_n,frags_m,frags_n,tk,stages}`),
    the `tk` and `stages` options, and the model (threads, shared memory
    with the C tile, registers of the fragments for the target). Other
    nests stay on CUDA cores with a remark; targets before sm_80 or without
    32-lane warps are errors.

    The tensor-core instruction (`mma-instruction`): `mma.sync` as above;
    `wgmma` (warpgroup MMA) needs a `#seg.target` with the `wgmma` feature
    (sm_90a) and is an error naming the target elsewhere, or saying why
    the nest cannot use it; `auto` (the default) takes wgmma where the
    target has it and its warpgroup tiles fit the target, else mma.sync. The remark ends with the instruction and why.
    On wgmma, two consumer warpgroups compute a 128 x N block tile, 64 rows
    each (one, 64 x N, where a static M is at most 64 or two do not fit
    shared memory; tunable `warpgroups`), N = 64 when a static N is at most
    64, else 128, from k-tiles of 128 bytes that a producer warpgroup
    loads with TMA into a ring of 3 or 4 stages (the most that fit shared
    memory) of 128-byte swizzled shared memory,
    guarded by a full and an empty mbarrier per stage (warp
    specialisation, `setmaxnreg`): the producer's first thread loads each
    k-tile once its stage is empty, every consumer thread waits on the
    stage's full phase, runs one `nvgpu.warpgroup.mma` per k-step of 8
    (TF32) or 16 (BF16, F16) and releases the stage; the k loops have no
    block barrier. An operand that TMA cannot give as wgmma reads it (k
    innermost in a row-major 2-D memref read at its own (i, k) or (j, k),
    k from 0, rows a static multiple of 16 bytes) is first packed by a
    `thread` map into k-major rows padded to 16 bytes with zeros (batched
    operands always, every batch's rows one after the other under one
    tensor map); the remark says which. TMA fills zeros outside the arrays, so the k loop
    has no bounds checks; the accumulators go through a C tile to the
    epilogue of the mma.sync path. `tk` must be the 128 bytes of k;
    `stages` may be given (3 or more).
  }];
  let options = [
    Option<"ty", "ty", "int64_t", /*default=*/"0",
           "Threads of a block along i (0: resource model)">,
    Option<"tx", "tx", "int64_t", /*default=*/"0",
           "Threads of a block along j (0: resource model)">,
    Option<"tk", "tk", "int64_t", /*default=*/"0",
           "k-tile staged in shared memory per step (0: resource model)">,
    Option<"ry", "ry", "int64_t", /*default=*/"0",
           "Register tile along i (0: resource model)">,
    Option<"rx", "rx", "int64_t", /*default=*/"0",
           "Register tile along j (0: resource model)">,
    Option<"stages", "stages", "int64_t", /*default=*/"0",
           "Shared slices per array: 1, 2 for register prefetch, 3 or more "
           "for asynchronous copies (0: resource model)">,
    Option<"swizzle", "swizzle", "int64_t", /*default=*/"0",
           "Block rows per group of the L2-aware block order (1: row-major; "
           "0: resource model)">,
    Option<"tuningFile", "tuning-file", "std::string", /*default=*/"",
           "Read per-map tile sizes and stages from this "
           "tuning file">,
    Option<"tuningFileOut", "tuning-file-out", "std::string",
           /*default=*/"", "Write the values used to this tuning file">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Also report how every tiled map is tiled, in one line">,
    Option<"mma", "mma", "::mlir::seg::TileMma",
           /*default=*/"::mlir::seg::TileMma::None",
           "Tensor-core mode: the inputs' rounding the user accepts",
           [{::llvm::cl::values(
             clEnumValN(::mlir::seg::TileMma::None, "none",
                        "CUDA cores only (exact f32 products)"),
             clEnumValN(::mlir::seg::TileMma::TF32, "tf32",
                        "f32 inputs truncated to TF32, m16n8k8"),
             clEnumValN(::mlir::seg::TileMma::BF16, "bf16",
                        "bf16 inputs, m16n8k16"),
             clEnumValN(::mlir::seg::TileMma::F16, "f16",
                        "f16 inputs, m16n8k16"))}]>,
    Option<"mmaInstruction", "mma-instruction", "::mlir::seg::MmaInstruction",
           /*default=*/"::mlir::seg::MmaInstruction::Auto",
           "Tensor-core instruction of the tiled product (with mma=tf32, "
           "bf16 or f16)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::seg::MmaInstruction::Auto, "auto",
                        "the best the target and the nest allow"),
             clEnumValN(::mlir::seg::MmaInstruction::MmaSync, "mma.sync",
                        "warp-level mma.sync (sm_80 and later)"),
             clEnumValN(::mlir::seg::MmaInstruction::Wgmma, "wgmma",
                        "warpgroup MMA (targets with wgmma: sm_90a)"))}]>,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def SegCheckMemorySpaces : Pass<"seg-check-memory-spaces", "ModuleOp"> {
  let summary = "Reject host memrefs in #gpu.address_space memory spaces";
  let description = [{
    Host code has one memory space. A memref in a `#gpu.address_space`
    (global, workgroup or private) outside every seg op and kernel, such as
    a function argument in `#gpu.address_space<global>`, has no host
    lowering: upstream's conversions would fail later with "conversion of
    memref memory space ... failed" and no location. This pass says so at
    the value, with the seg op that uses it, before anything is lowered.
    A top-level seg op's memrefs from the host are already in global memory
    in its kernel, so the default memory space is the one to use.

    `seg-to-nvvm` and `seg-to-emulator` run it first. `seg-to-cpu` runs it
    first and again after `convert-seg-to-scf`, when seg bodies have become
    host loops: workgroup memory in a block's body is then reported at its
    allocation (a block's shared memory is a `memref.alloca` without a
    memory space).
  }];
  let options = [
    Option<"pipeline", "pipeline", "std::string", /*default=*/"\"\"",
           "The pipeline that runs the check, named in its diagnostics">,
  ];
}

def SegSetTarget : Pass<"seg-set-target", "ModuleOp"> {
  let summary = "Settle the module's #seg.target from the chip and features "
                "options, and check that the NVPTX backend builds for it";
  let description = [{
    The first pass of `seg-to-nvvm`, so that kernels are planned for the
    chip they are built for. A module without `seg.target` gets the preset
    of the `chip` option (when given), with the PTX version of the
    `features` option (when given); a module with one keeps it, and a
    `chip` or `features` option that differs from it is an error naming
    both. Then the target's chip and PTX version are checked against what
    SegIR (sm_80 and newer) and this LLVM's NVPTX backend support, so that
    an unsupported choice is a diagnostic listing the supported ones, not
    an LLVM fatal error in code generation. A module with neither a target
    nor options stays as it is (the `sm_90` default applies).
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Chip to build for (default: the module's #seg.target)">,
    Option<"features", "features", "std::string", /*default=*/"\"\"",
           "PTX version as +ptxNN (default: the #seg.target's)">,
  ];
  let dependentDialects = ["::mlir::seg::SegDialect"];
}

def SegDropTarget : Pass<"seg-drop-target", "ModuleOp"> {
  let summary = "Remove the #seg.target attributes once the module is "
                "lowered";
  let description = [{
    The last pass of `seg-to-cpu`, `seg-to-emulator` and `seg-to-nvvm`:
    their output is LLVM dialect for `mlir-runner` or `mlir-translate`,
    which know no SegIR attribute, so a `seg.target` left on the module (or
    any op in it) would make the output unreadable there. The target has
    been used by then: kernels were planned for it and the `#nvvm.target`
    of each kernel module (`seg-attach-nvvm-target`) carries its chip.
  }];
}

def SegAttachNVVMTarget : Pass<"seg-attach-nvvm-target", "ModuleOp"> {
  let summary = "Attach an #nvvm.target for the module's #seg.target to "
                "every gpu.module";
  let description = [{
    Upstream's `nvvm-attach-target` with its chip and features taken from
    the `#seg.target` that applies to each `gpu.module` (the `sm_90`
    default without one): its chip, and `+ptxNN` for its `ptx_version`.
    `seg-to-nvvm` runs it where upstream's GPU-to-NVVM pipeline attaches its
    target.
  }];
  let options = [
    Option<"optLevel", "O", "unsigned", /*default=*/"2",
           "LLVM optimisation level of the kernels">,
    Option<"triple", "triple", "std::string",
           /*default=*/"\"nvptx64-nvidia-cuda\"", "Target triple">,
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::seg::SegDialect"];
}

#endif // SEGIR_DIALECT_SEG_TRANSFORMS_PASSES_TD
