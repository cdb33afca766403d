// RUN: seg-opt %s --seg-to-emulator | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator='check=true canonicalize=false' | FileCheck %s --check-prefixes=CHECK,CHECKED

// seg-to-emulator outlines the kernel, lowers it for the emulator and leaves
// nothing but the LLVM dialect: the kernel is an llvm.func of the packed
// arguments, and main calls segEmuLaunch with its address.

// CHECK-DAG: llvm.func @segEmuLaunch(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64, !llvm.ptr)
// CHECK-DAG: llvm.func @segEmuBarrier(!llvm.ptr)
// CHECKED-DAG: llvm.func @segEmuCheck(i32, !llvm.ptr)
// CHECK-LABEL: llvm.func @main(
// CHECK: %[[KERNEL:.*]] = llvm.mlir.addressof @main_kernel : !llvm.ptr
// CHECK: llvm.call @segEmuLaunch(%[[KERNEL]],
// CHECK-LABEL: llvm.func @main_kernel(
// CHECK-SAME: %{{.*}}: !llvm.ptr)
// CHECK: llvm.call @segEmuBarrier(
// CHECK-NOT: gpu.
// CHECK-NOT: memref.
// CHECK-NOT: scf.
// CHECK-NOT: arith.
// CHECK-NOT: func.
// CHECK-NOT: builtin.unrealized_conversion_cast

func.func @main(%out: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<64xf32, #gpu.address_space<workgroup>>) {
    %x = arith.index_cast %tx : index to i32
    %f = arith.sitofp %x : i32 to f32
    memref.store %f, %tile[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %c63 = arith.constant 63 : index
    %mirror = arith.subi %c63, %tx : index
    %y = memref.load %tile[%mirror] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %y, %out[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
