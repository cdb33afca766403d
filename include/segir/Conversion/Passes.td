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
