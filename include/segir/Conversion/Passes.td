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

def ConvertSegToGPU : Pass<"convert-seg-to-gpu", "ModuleOp"> {
  let summary = "Lower seg.map, seg.red and seg.scan to gpu.launch kernels "
                "and host code";
  let description = [{
    Turns every top-level `thread`- or `block`-level `seg.map` and every
    `thread`-level `seg.red` into `gpu.launch` kernels plus the host code
    around them (sizes, grid, temporaries, the run-time choice of a
    reduction strategy). `seq`-level ops are lowered to loops first.

    * `seg.map thread`: one thread per point, grid-stride loops when the
      space needs more threads than are launched. A thread takes
      `loads-in-flight` points at a time (by default enough for about 16
      words loaded before the body first writes; one when the body has
      private arrays) and moves the later points' leading loads above the
      first point's writes: points are independent, so only a point's own
      writes order its loads.
    * `seg.map block`: one block per point (virtual block loop when fewer
      blocks are launched); `memref.alloca`s directly in the body become
      shared memory; nested `thread_in_block` maps loop over the block's
      threads (in groups of points, as thread-level maps) and end with a
      barrier; block-level code runs in every thread
      of the block and a block-level `seg.returns` is written by thread 0.
    * `seg.red thread` [Larsen & Henriksen 2017]: three kernels, chosen at
      run time by the number of segments `m` and the segment length `n`:
      - sequential segments (`m > sequential-threshold`): one thread per
        segment; a block stages a tile of its segments through shared
        memory so that the reads of the map body are coalesced;
      - small segments (`n <= small-segment-max`, default half the block):
        several whole segments per block, reduced by a segmented scan in
        shared memory;
      - large segments (otherwise): one or more blocks per segment, each
        over a contiguous range; commutative operators keep a private
        accumulator per thread, non-commutative ones reduce one block-wide
        step at a time, staging `chunk` elements per thread through shared
        memory when every operand is primitive [Pøbl & Holst 2024]; when a
        segment has several blocks, the last to finish (an atomic counter
        per segment) reduces their partial results.
      Block reductions use warp shuffles, then shared memory across warps.
      A thread's loop over elements (commutative large segments, the
      staging of sequential segments) evaluates `loads-in-flight` elements
      before it combines them in order, so that a memory-bound reduction
      has several loads in flight per thread; results are the same as one
      at a time.
    * `seg.scan thread` [Clausen 2021]: one single-pass kernel with decoupled
      look-back over groups of `block size x m` elements (m: the op's
      `chunk`, else the resource model's sequentiality degree, lowered until
      the staging buffers fit in shared memory). Blocks take group ids from
      a global counter and loop when fewer blocks are launched than there
      are groups; groups that start or contain a segment start publish
      their prefix at once, and the look-back (a warp, a warp's worth of
      groups per step) stops at the start of the segment. Index arithmetic inside a group is
      32-bit [Clausen 2021, §6]. Operators whose state leaves the
      single-pass kernel too few registers use reduce-then-scan instead
      (group aggregates, a one-block scan of them, a rescan), with a remark;
      `scan-strategy` forces either.
    * `seg.scan thread_in_block` (in a block map): the block scans each
      segment a block-wide step at a time.

    Every op is planned before anything is rewritten (block size, grid,
    strategy, chunk or sequentiality degree, loads in flight, the shared
    memory layout of every kernel); the kernels allocate shared memory only
    from the plan, and `remarks` reports each plan in one line.

    Tunables: the op's `grid(...)` (block size, number of blocks) and
    `chunk(...)`, else the options below. A kernel whose shared memory
    exceeds the target's `shared_memory_per_block`, or a block larger than
    `max_threads_per_block`, is rejected with a diagnostic.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block for ops that give none">,
    Option<"maxBlocks", "max-blocks", "int64_t", /*default=*/"0",
           "Most blocks launched for an op that gives no num_blocks "
           "(0: enough to fill the target, num_sms * max_threads_per_sm / "
           "block size)">,
    Option<"strategy", "strategy", "::mlir::seg::RedStrategy",
           /*default=*/"::mlir::seg::RedStrategy::Auto",
           "Segmented reduction strategy",
           [{::llvm::cl::values(
             clEnumValN(::mlir::seg::RedStrategy::Auto, "auto",
                        "chosen at run time from the number and length of "
                        "the segments [Larsen & Henriksen 2017]"),
             clEnumValN(::mlir::seg::RedStrategy::Sequential, "sequential",
                        "one thread per segment"),
             clEnumValN(::mlir::seg::RedStrategy::Small, "small",
                        "several whole segments per block (a segment "
                        "longer than the block falls back to large)"),
             clEnumValN(::mlir::seg::RedStrategy::Large, "large",
                        "one or more blocks per segment"))}]>,
    Option<"scanStrategy", "scan-strategy", "::mlir::seg::ScanStrategy",
           /*default=*/"::mlir::seg::ScanStrategy::Auto",
           "Scan strategy",
           [{::llvm::cl::values(
             clEnumValN(::mlir::seg::ScanStrategy::Auto, "auto",
                        "single-pass unless the operator state needs too "
                        "many registers"),
             clEnumValN(::mlir::seg::ScanStrategy::SinglePass, "single-pass",
                        "one kernel with decoupled look-back "
                        "[Clausen 2021]"),
             clEnumValN(::mlir::seg::ScanStrategy::ReduceThenScan,
                        "reduce-then-scan",
                        "group aggregates, a one-block scan of them, a "
                        "rescan"))}]>,
    Option<"sequentialThreshold", "sequential-threshold", "int64_t",
           /*default=*/"65536",
           "auto: more segments than this use the sequential strategy">,
    Option<"smallSegmentMax", "small-segment-max", "int64_t",
           /*default=*/"0",
           "auto: segments at most this long use the small strategy "
           "(0: half the block size)">,
    Option<"loadsInFlight", "loads-in-flight", "int64_t", /*default=*/"0",
           "Elements a thread of a reduction evaluates before combining "
           "them, and points of a thread-level map a thread evaluates "
           "together, so that their loads are in flight at once (0: about "
           "16 words' worth, at most 8; 1: one at a time)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Report each op's lowering plan in one remark: block size, "
           "grid, strategy, chunk or sequentiality degree, loads in flight "
           "and the shared memory of every kernel">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::seg::SegDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def SegSetKernelOccupancy
    : Pass<"seg-set-kernel-occupancy", "ModuleOp"> {
  let summary = "Tell ptxas how many blocks of each kernel must fit on an SM";
  let description = [{
    Sets `nvvm.minctasm` (PTX `.minnctapersm`) on every outlined
    `gpu.func` kernel that has none. Given only the block size (`.maxntid`),
    ptxas budgets registers for full occupancy and spills kernels whose
    operators keep large state (a 3x3 matrix product of i64 gets 64
    registers and spills); with a minimum of one block per SM it may use as
    many registers as a thread of that block can have, which the resource
    model's register bounds already assume.

    Run it after `gpu-kernel-outlining` (launches carry no attributes to
    their kernels).
  }];
  let options = [
    Option<"minBlocksPerSM", "min-blocks-per-sm", "int64_t",
           /*default=*/"1",
           "Blocks of each kernel that must be resident on one SM at once">,
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

def SegAllowFPContraction
    : Pass<"seg-allow-fp-contraction", "ModuleOp"> {
  let summary = "Let the GPU backend fuse floating-point multiplies and adds "
                "in kernels";
  let description = [{
    Adds the `contract` fast-math flag to every floating-point `arith`
    operation in device code (the bodies of `gpu.module`s and `gpu.launch`
    regions), keeping the flags an operation already has. LLVM's NVPTX
    backend then turns a multiply feeding an add or subtract into one
    `fma.rn`; without the flag it emits `mul.rn` and `add.rn`, whose explicit
    rounding also keeps ptxas from fusing them, so a multiply-accumulate
    loop issues twice the instructions (half the FP32 rate in a tiled
    matrix product). This is what nvcc does by default (`--fmad=true`).

    A fused result is rounded once instead of twice, so it may differ from
    the sequential reference (`seg-to-cpu`) in the last bits; host code is
    left alone. No other fast-math freedom is given (no reassociation, no
    approximate division, NaN and infinity semantics kept).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def SegStageHostMemory : Pass<"seg-stage-host-memory", "ModuleOp"> {
  let summary = "Give every gpu.launch device copies of the memrefs it "
                "captures";
  let description = [{
    A kernel reads and writes the memrefs its `gpu.launch` captures
    directly, so these must be device-accessible: device allocations, or
    host memory on systems where the GPU can address pageable host memory
    (HMM, ATS). This pass makes host-memory programs (like the examples,
    which allocate with `memref.alloc`) run everywhere: before each launch,
    every captured memref that is not a `gpu.alloc` (or a view of one) is
    copied into a fresh device buffer (`gpu.alloc` + `gpu.memcpy`); the
    kernel uses the copies; afterwards the copies of memrefs the kernel may
    write are copied back and all are freed. Read-only memrefs are not
    copied back, so an input aliasing an output does not overwrite the
    result.

    Captured memrefs must have the identity layout (contiguous); others are
    reported at the launch.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def ConvertGPUToSegEmulator
    : Pass<"convert-gpu-to-seg-emulator", "::mlir::ModuleOp"> {
  let summary = "Lower GPU kernels and their launches to CPU code that runs "
                "on the SegIR kernel emulator";
  let description = [{
    Takes a module after `gpu-kernel-outlining` (`gpu.module`s of
    `gpu.func`s, host code with `gpu.launch_func`) and turns it into plain
    func/arith/memref/scf/cf/llvm code for the host CPU that calls the
    emulator runtime (`libsegir_emulator_runtime.so`,
    `include/segir/Runtime/EmulatorRuntime.h`):

    * every kernel becomes `func.func private @kernel(%args: !llvm.ptr)`,
      which loads its arguments from a packed `void **` array (a memref as
      its LLVM descriptor); other `gpu.func`s become `func.func`s with their
      own signature;
    * thread, block, grid, lane and subgroup ids, `gpu.barrier`,
      `gpu.shuffle` (all modes, any integer or float up to 64 bits, 1-D
      vectors element by element), `gpu.rotate` and `gpu.subgroup_reduce`
      (scalars and 1-D vectors of integers, f32 and f64; clusters) become
      runtime calls; `gpu.global_id` is block id * block size + thread id;
      `gpu.all_reduce` is first expanded by upstream's rewrite into shuffles
      and shared memory; `gpu.printf` calls the C library's `printf`;
    * workgroup attributions and `gpu.dynamic_shared_memory` become
      `memref.view`s of the block's shared buffer (static attributions
      first, 16-byte aligned, then the dynamic part); private attributions
      become `memref.alloca`s; every `#gpu.address_space` is stripped from
      types, so `memref.memory_space_cast`s between them fold away;
    * `memref.generic_atomic_rmw`, and the `memref.atomic_rmw` kinds without
      an LLVM atomic (`mulf`, `muli`), become compare-and-swap loops; sync
      scopes of LLVM atomics and fences are widened to the whole system;
      with `check`, every memref access (atomics included) is bounds-checked
      first; a call to `segEmuPoll` goes
      before every atomic and fence, at the start of every `scf.while`
      iteration and on every back edge of a CFG loop, so that threads that
      spin on memory let the other threads of their block run, and loads in
      spin loops are not hoisted;
    * `cf.assert` in kernels reports the kernel, block and thread;
    * on the host, `gpu.launch_func` becomes a call to `segEmuLaunch`, and
      `gpu.alloc`, `gpu.dealloc`, `gpu.memset`, `gpu.memcpy` (device memory
      is host memory) become `memref.alloc`, `memref.dealloc`, store loops
      and `memref.copy`; `gpu.wait`, `gpu.host_register` and async tokens
      disappear (launches are synchronous).

    Anything else from the gpu dialect (not outlined `gpu.launch`, clusters,
    sparse and MMA ops, async tokens passed to other ops) is rejected with a
    diagnostic.
  }];
  let options = [
    Option<"check", "check", "bool", /*default=*/"false",
           "Check every memref access in kernels at run time (upstream "
           "runtime op verification) and report an out-of-bounds access "
           "with the kernel, block and thread">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // SEGIR_CONVERSION_PASSES_TD
