// An LLVM fatal error is an error with exit status 1, never an abort: the
// NVPTX backend cannot select a warp shuffle for a chip it does not know
// and reports it with report_fatal_error asking for a crash report, which
// used to abort seg-opt (SIGABRT and a stack dump).

// RUN: not seg-opt %s --gpu-module-to-binary=format=isa -o /dev/null 2>&1 | FileCheck %s
// CHECK: LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.shfl.sync.down
// CHECK-NOT: Stack dump

// In Debian's mlir-opt with SegIR's plugin the same holds, and under
// MLIR's crash reproducer the error fails the pipeline instead.
// RUN: not mlir-opt --load-pass-plugin=%segir_plugin %s --gpu-module-to-binary=format=isa -o /dev/null 2>&1 | FileCheck %s
// RUN: not mlir-opt --load-pass-plugin=%segir_plugin %s --gpu-module-to-binary=format=isa --mlir-pass-pipeline-crash-reproducer=%t.reproducer.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=RECOVERED
// RECOVERED: error: Failures have been detected while processing an MLIR pass pipeline
// RECOVERED: note: Pipeline failed while executing [`GpuModuleToBinaryPass`

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_999">] {
    llvm.func @shuffle(%v: f32, %out: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %all = llvm.mlir.constant(-1 : i32) : i32
      %one = llvm.mlir.constant(1 : i32) : i32
      %clamp = llvm.mlir.constant(31 : i32) : i32
      %r = nvvm.shfl.sync down %all, %v, %one, %clamp : f32 -> f32
      llvm.store %r, %out : f32, !llvm.ptr
      llvm.return
    }
  }
}
