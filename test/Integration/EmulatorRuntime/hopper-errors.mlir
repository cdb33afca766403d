// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: not %run-emu %t.mlir 2>&1 | FileCheck %s --check-prefix=MAP
// RUN: not %run-emu %t.mlir -e uninitialised 2>&1 | FileCheck %s --check-prefix=INIT

// A tensor map that cuTensorMapEncodeTiled would reject (a view that starts
// 4 bytes into its allocation) is reported where it is made.
// MAP: segir emulator: nvgpu.tma.create.descriptor at {{.*}}hopper-errors.mlir:[[# @LINE + 9]]:8: cuTensorMapEncodeTiled would fail: the global address must be 16-byte aligned (32 with 32-byte interleave)

!map = !nvgpu.tensormap.descriptor<tensor = memref<16x4xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @main() {
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<400x8xf32>
  %v = memref.subview %a[0, 1] [16, 4] [1, 1] : memref<400x8xf32> to memref<16x4xf32, strided<[8, 1], offset: 1>>
  %u = memref.cast %v : memref<16x4xf32, strided<[8, 1], offset: 1>> to memref<*xf32>
  %d = nvgpu.tma.create.descriptor %u box[%c16, %c4] : memref<*xf32> -> !map
  return
}

// An arrival on an mbarrier nobody initialised.
// INIT: segir emulator: kernel uninitialised_kernel, block (0,0,0), thread (0,0,0): nvgpu.mbarrier.arrive at {{.*}}hopper-errors.mlir:[[# @LINE + 7]]:10 on an mbarrier that was not initialised
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @uninitialised() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %bar = nvgpu.mbarrier.create -> !barriers
    %t = nvgpu.mbarrier.arrive %bar[%tx] : !barriers -> !nvgpu.mbarrier.token
    gpu.terminator
  }
  return
}
