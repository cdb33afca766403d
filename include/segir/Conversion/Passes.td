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

def SegReportCheckedIndices : Pass<"seg-report-checked-indices"> {
  let summary = "Print the indices of an access whose runtime bounds check "
                "fails";
  let description = [{
    Upstream's `generate-runtime-verification` puts a `cf.assert` before
    every `memref.load` and `memref.store`, whose message names the access
    and its location but not the indices. Before every such check this pass
    prints, when the check fails, "out-of-bounds index [i, j] of sizes
    [m, n]" with `vector.print`, so that the report of a failed access says
    which element it was. `seg-to-cpu{check=true}` runs it.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ConvertSegToGPU : Pass<"convert-seg-to-gpu", "ModuleOp"> {
  let summary = "Lower seg.map, seg.red, seg.scan and seg.hist to gpu.launch "
                "kernels and host code";
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
    * `seg.hist thread` [Henriksen et al. 2020]: every point combines its
      values into the bins its body names; a thread evaluates
      `loads-in-flight` points (by default about 16 words of bins and
      values) before it updates their bins. Operators that are one
      `arith.addi`/`addf`/`maxsi`/`minsi`/`maxui`/`minui`/`andi`/`ori` on
      32- or 64-bit integers (add also on f32 and f64) update a bin with
      the native atomic; any other operator on a scalar of up to 64 bits
      with a compare-and-swap loop (on the bits of floats and index
      values); an operator with several accumulators (one histogram each)
      under a per-bin i32 lock, taken with an acquire compare-and-swap and
      a growing sleep between attempts, released with a release store (one
      lock per bin in global memory, zeroed by the host; with shared
      sub-histograms also one per slot of every copy in shared memory).
      Two strategies (`hist-strategy`):
      - global-atomic: a grid-stride loop whose points update the
        histograms in global memory;
      - shared: each block keeps M sub-histograms in shared memory (M, the
        multiplicity, as many as fit in 48 KiB, at most a warp's worth:
        thread t updates copy t mod M, which dilutes conflicts when many
        points fall into few bins), initialised to the neutral values and,
        after the block's points, combined into the global histograms with
        one atomic update per bin. A block takes at least as many points as
        its sub-histograms have bins. Histograms larger than the shared
        memory of a block are processed in passes over ranges of bins (the
        body is evaluated once per pass).
      `auto` takes shared when the histograms fit in the shared memory of
      a block with static sizes, else global-atomic; `remarks` says which
      and why. The tuning file's `<function>.hist<index>.shared` and
      `.multiplicity` override the option and the model for one op.

    Every op is planned before anything is rewritten (block size, grid,
    strategy, chunk or sequentiality degree, loads in flight, the shared
    memory layout of every kernel); the kernels allocate shared memory only
    from the plan, and `remarks` reports each plan in one line.

    Tunables: the op's `grid(...)` (block size, number of blocks) and
    `chunk(...)`, else the op's `seg.gpu_lowering` attribute (a
    `#seg.gpu_lowering`, as `transform.seg.set_gpu_lowering` sets it), whose
    `strategy`, `scan_strategy`, `hist_strategy`, `block_size` and
    `loads_in_flight` replace the options of the same names for that op
    only, else the options below. A kernel whose shared memory
    exceeds the target's `shared_memory_per_block`, or a block larger than
    `max_threads_per_block`, is rejected with a diagnostic.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"0",
           "Threads per block for ops that give none (0: the resource "
           "model's: threads x elements per thread per element type for "
           "scans, 8 warps otherwise)">,
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
    Option<"histStrategy", "hist-strategy", "::mlir::seg::HistStrategy",
           /*default=*/"::mlir::seg::HistStrategy::Auto",
           "seg.hist strategy",
           [{::llvm::cl::values(
             clEnumValN(::mlir::seg::HistStrategy::Auto, "auto",
                        "shared when the histograms fit in the shared "
                        "memory of a block, else global-atomic"),
             clEnumValN(::mlir::seg::HistStrategy::GlobalAtomic,
                        "global-atomic",
                        "every point updates the histogram in global "
                        "memory atomically"),
             clEnumValN(::mlir::seg::HistStrategy::Shared, "shared",
                        "sub-histograms in shared memory, in passes over "
                        "ranges of bins when they do not fit"))}]>,
    Option<"tuningFile", "tuning-file", "std::string", /*default=*/"",
           "Tuning file (`name=value` lines) whose entries override the "
           "plan of seg.hist ops: `<function>.hist<index>.shared` (1: "
           "shared sub-histograms, 0: global atomics) and "
           "`<function>.hist<index>.multiplicity` (sub-histograms per "
           "block)">,
    Option<"sequentialThreshold", "sequential-threshold", "int64_t",
           /*default=*/"65536",
           "auto: more segments than this use the sequential strategy">,
    Option<"smallSegmentMax", "small-segment-max", "int64_t",
           /*default=*/"0",
           "auto: segments at most this long use the small strategy "
           "(0: half the block size)">,
    Option<"loadsInFlight", "loads-in-flight", "int64_t", /*default=*/"0",
           "Elements a thread of a reduction evaluates before combining "
           "them, points of a thread-level map a thread evaluates "
           "together, and points of a seg.hist a thread evaluates before "
           "updating their bins, so that their loads are in flight at once "
           "(0: about 16 words' worth, at most 8; 1: one at a time)">,
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
    "::mlir::NVVM::NVVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
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
    * the tensor-core ops `nvgpu.ldmatrix` (x1, x2, x4, `.trans`) and
      `nvgpu.mma.sync` (every shape and type PTX gives sm_80/sm_90 that
      nvgpu expresses: TF32 m16n8k4/k8, F16 and BF16 m16n8k8/k16, S8
      m8n8k16, m16n8k16/k32, F64 m8n8k4; docs/Emulator.md) become warp collectives of the runtime
      (`segEmuLdmatrix`, `segEmuMmaSync`) with the PTX ISA's fragment
      layouts; each lane that addresses an ldmatrix row reads it with a
      plain `vector.load`, and TF32 inputs are truncated to 10 mantissa
      bits as the tensor cores do (docs/Emulator.md, "Tensor cores");
      WMMA (`gpu.subgroup_mma_*` with f16 inputs, f16 or f32
      accumulators) runs on per-lane vectors, its compute a warp collective
      (`segEmuWmmaCompute`); `gpu.all_reduce` is first expanded by upstream's rewrite into shuffles
      and shared memory; `gpu.printf` calls the C library's `printf`;
    * workgroup attributions and `gpu.dynamic_shared_memory` become
      `memref.view`s of the block's shared buffer (static attributions
      first, 16-byte aligned, then the dynamic part); private attributions
      become `memref.alloca`s; every `#gpu.address_space` is stripped from
      types, so `memref.memory_space_cast`s between them fold away;
    * `memref.generic_atomic_rmw`, and the `memref.atomic_rmw` kinds without
      an LLVM atomic (`mulf`, `muli`), become compare-and-swap loops;
      with `check`, every memref access (atomics included) is bounds-checked
      first;
    * memory accesses go through the runtime's memory model (the
      weak-memory mode): plain `memref.load`/`memref.store`,
      `vector.load`/`vector.store` and `llvm.load`/`llvm.store` of memory
      that may be global call `segEmuLoad`/`segEmuStore` (or their `Bytes`
      forms for vectors); every atomic (`memref.atomic_rmw`, LLVM atomics
      and volatile accesses) is bracketed by `segEmuAtomicBegin`/`End` and
      every `llvm.fence` calls `segEmuFence`, with the ordering and scope
      that the GPU path's PTX has for it (LLVM's NVPTX backend emits every
      `atomicrmw` relaxed); other ops that touch global memrefs call
      `segEmuSettle` first; shared memory and allocas are accessed
      directly. Sync scopes the emulator does not know are errors, and so
      are atomics on other than integers of 8 to 64 bits, f16, bf16, f32,
      f64, index and pointers;
    * a call to `segEmuPoll` goes at the start of every `scf.while`
      iteration and on every back edge of a CFG loop (atomics and fences
      poll in their own calls), so that threads that spin on memory let the
      other threads of their block run, and loads in spin loops are not
      hoisted;
    * `cf.assert` in kernels reports the kernel, block and thread;
    * on the host, `gpu.launch_func` becomes a call to `segEmuLaunch`, and
      `gpu.alloc`, `gpu.dealloc`, `gpu.memset`, `gpu.memcpy` (device memory
      is host memory) become `memref.alloc`, `memref.dealloc`, store loops
      and `memref.copy`; `gpu.wait`, `gpu.host_register` and async tokens
      disappear. A `gpu.launch_func async` calls `segEmuLaunchAsync`, which
      runs it concurrently with other launches; the host then waits for
      launches (`segEmuWaitLaunch`, `segEmuSynchronize`) where async
      dependencies, `gpu.wait`, synchronous gpu ops and function returns
      need them (docs/Emulator.md, "Streams"); an `async.execute` body is
      a host task of its own (`segEmuBeginScope`) that waits only for its
      own launches, and the async dialect is left to upstream's lowering.

    Anything else from the gpu dialect (not outlined `gpu.launch`, clusters,
    sparse ops, WMMA other than f16 inputs with f16/f32 accumulators, async
    tokens passed to other ops), from nvgpu, NVVM
    ops in device code other than `nvvm.nanosleep`, and async ops in device
    code are rejected with a diagnostic at the op.
  }];
  let options = [
    Option<"check", "check", "bool", /*default=*/"false",
           "Check every memref access in kernels at run time (upstream "
           "runtime op verification) and report an out-of-bounds access "
           "with the kernel, block and thread">,
    Option<"testDropFences", "test-drop-fences", "bool", /*default=*/"false",
           "Testing only: erase every llvm.fence in device code first, so "
           "that tests can check that the weak-memory mode catches the "
           "missing fence">,
    Option<"testRelaxAtomics", "test-relax-atomics", "bool",
           /*default=*/"false",
           "Testing only: treat every atomic in device code as relaxed "
           "(no acquire or release)">,
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

def ConvertLinalgToSeg : Pass<"convert-linalg-to-seg"> {
  let summary = "Convert linalg ops on memrefs to seg.map and seg.red";
  let description = [{
    The front door from linalg (buffer semantics; `linalg-to-seg` bufferizes
    tensor programs first). Every structured op whose indexing maps are
    projected permutations and whose payload has no side effects becomes:

    * all loops parallel (`linalg.generic`, `linalg.map`, `linalg.fill`,
      `linalg.transpose`, ...): a `thread`-level `seg.map` whose space is
      ordered as the output is indexed (so `seg.returns` writes it in
      order);
    * reduction loops: a segmented reduction. The segments are the parallel
      loops in the output's order; the reduced loops come innermost (several
      are flattened into one dimension, ordered so that the innermost is the
      one the inputs store innermost). The payload must combine each output
      with one recognised associative and commutative operator (`addf`,
      `mulf`, `addi`, `muli`, `andi`, `ori`, `xori`, integer and float min
      and max), applied to the output and a value that does not depend on
      any output; multi-output payloads become fused operators. Which
      schedule, by the access pattern of the inputs read along the
      reduction (operands broadcast along it, such as a row's mean in a
      variance, and scalars do not count):
      - contractions with rows and columns (`linalg.matmul` of any layout,
        `linalg.batch_matmul`, contraction generics, mixed input and output
        types): a `seg.map` over the segments whose body reduces with a
        `seq` `seg.red`, the form `seg-tile-block-register` tiles on CUDA
        or tensor cores;
      - when an input is read along the innermost parallel loop of the
        output (a column reduction): the same form, so neighbouring threads
        read neighbouring elements, unless the segments are statically
        fewer than the target's SMs times its warp size and at least 1024
        elements long: then a segmented `seg.red`, which spreads each
        segment over many threads;
      - otherwise (row reductions, `linalg.matvec`, total reductions): a
        `thread`-level `seg.red` over segments x reduced dimension, lowered
        by the segmented-reduction kernels.
      The remark (`remarks`) says which and what decided.
      The neutral value is the operator's, or the value a `linalg.fill`
      right before the op wrote to the output, when that value is the
      operator's neutral element or the operator is idempotent (min, max,
      and, or); such a fill is absorbed. Otherwise the reduction goes to a
      temporary and is combined with the output's initial values.
    * elementwise producers (all-parallel, one output into a buffer that
      only the reduction reads) are fused into the reduction body (redomap)
      and their buffer removed.

    What is not converted is left alone with a remark saying why: tensor
    semantics, indexing maps that are not projected permutations, payloads
    with side effects, payloads that are not a recognised associative
    operator (never turned into a parallel reduction), outputs indexed
    differently, operands that disagree on a static loop size, linalg ops
    that are not structured. With `remarks`, every conversion also says
    which schedule it chose and why.
  }];
  let options = [
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Explain the schedule chosen for every converted op">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::seg::SegDialect",
  ];
}

def ConvertSCFParallelToSeg : Pass<"convert-scf-parallel-to-seg"> {
  let summary = "Convert scf.parallel (with scf.reduce) to seg.map and "
                "seg.red";
  let description = [{
    Every outermost `scf.parallel` (not nested in another one or in a seg
    op) becomes a `thread`-level op over its normalised space
    (`ceildiv(ub - lb, step)` points per dimension; the body sees
    `lb + i * step`):

    * without results: a `seg.map`. The body's `memref.store`s, which must
      sit directly in the body and store to memrefs the body does not
      otherwise use, become kernel results: `seg.returns` when the indices
      are the induction variables of a zero-based, unit-step space in order
      (and the memref has its rank), else `seg.write_returns` (a scatter,
      all stores to one memref in one op);
    * with `scf.reduce`: a `seg.red` over the space flattened into one
      dimension (every dimension is reduced), one fused operator per
      result. Each reduction region must be one recognised associative and
      commutative `arith` operator on its two arguments (add, mul, and, or,
      xor, min, max); the operator's neutral element starts the reduction,
      which is then combined with the loop's initial value. The body may not
      store.

    Anything else (stores in nested regions, a stored memref also read or
    passed on, other ops with side effects, 0-d stores, unrecognised
    reduction regions) is left alone with a remark. With `remarks`, every
    conversion says what it produced.
  }];
  let options = [
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Say what every converted loop became">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::seg::SegDialect",
  ];
}

#endif // SEGIR_CONVERSION_PASSES_TD
