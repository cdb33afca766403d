// RUN: seg-opt %s --seg-align-dynamic-shared-memory | FileCheck %s

// A module whose kernel copies with TMA: its dynamic shared memory (the
// zero-length shared array) becomes 1024-byte aligned; a static shared
// variable and a module without TMA or wgmma keep their alignment.

module {
  // CHECK-LABEL: gpu.module @tma
  gpu.module @tma {
    // CHECK: llvm.mlir.global external @dynamic() {addr_space = 3 : i32, alignment = 1024 : i64}
    llvm.mlir.global external @dynamic() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
    // CHECK: llvm.mlir.global internal @barriers() {addr_space = 3 : i32, alignment = 8 : i64}
    llvm.mlir.global internal @barriers() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<4 x i64>
    llvm.func @k(%map: !llvm.ptr, %dst: !llvm.ptr<7>, %bar: !llvm.ptr<3>, %x: i32) {
      nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %map, %bar, box[%x, %x] : !llvm.ptr<7>, !llvm.ptr
      llvm.return
    }
  }
  // The same for wgmma as the inline PTX of convert-nvvm-to-llvm.
  // CHECK-LABEL: gpu.module @wgmma_asm
  gpu.module @wgmma_asm {
    // CHECK: llvm.mlir.global external @dynamic() {addr_space = 3 : i32, alignment = 1024 : i64}
    llvm.mlir.global external @dynamic() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
    llvm.func @k() {
      llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {}, 0, 0, 1, 1, 1;", "" : () -> ()
      llvm.return
    }
  }
  // CHECK-LABEL: gpu.module @plain
  gpu.module @plain {
    // CHECK: llvm.mlir.global external @dynamic() {addr_space = 3 : i32, alignment = 16 : i64}
    llvm.mlir.global external @dynamic() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
    llvm.func @k() {
      llvm.return
    }
  }
}
