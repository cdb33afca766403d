// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: not %run-emu %t.mlir 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not %run-emu %t.mlir -e too_many_source_elements 2>&1 | FileCheck %s --check-prefix=SOURCE
// RUN: not %run-emu %t.mlir -e not_shared 2>&1 | FileCheck %s --check-prefix=SHARED

!shared = memref<64xf32, #gpu.address_space<workgroup>>

// A 16-byte copy from an element that is not 16-byte aligned.
// ALIGN: segir emulator: kernel {{.*}}, block (0,0,0), thread (0,0,0): nvgpu.device_async_copy at {{.*}}async-copy-errors.mlir:[[# @LINE + 9]]:10: a 16-byte copy from 0x{{[0-9a-f]+}} to shared offset 0 is not aligned to its size
func.func @main() {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             workgroup(%s : !shared) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %t = nvgpu.device_async_copy %a[%k1], %s[%k0], 4 : memref<64xf32> to !shared
    gpu.terminator
  }
  return
}

// More source elements than the copy writes.
// SOURCE: segir emulator: kernel {{.*}}: nvgpu.device_async_copy at {{.*}}async-copy-errors.mlir:[[# @LINE + 9]]:10: 32 source bytes for a 16-byte copy
func.func @too_many_source_elements() {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             workgroup(%s : !shared) {
    %k0 = arith.constant 0 : index
    %k8 = arith.constant 8 : index
    %t = nvgpu.device_async_copy %a[%k0], %s[%k0], 4, %k8 : memref<64xf32> to !shared
    gpu.terminator
  }
  return
}

// A destination outside the block's shared memory (the NVVM form takes any
// pointer).
// SHARED: segir emulator: kernel {{.*}}: nvvm.cp.async.shared.global at {{.*}}async-copy-errors.mlir:[[# @LINE + 10]]:5: the 4 bytes at 0x{{[0-9a-f]+}} are not in the block's shared memory
func.func @not_shared() {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %base = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
    %b64 = arith.index_cast %base : index to i64
    %src = llvm.inttoptr %b64 : i64 to !llvm.ptr<1>
    %dst = llvm.inttoptr %b64 : i64 to !llvm.ptr<3>
    nvvm.cp.async.shared.global %dst, %src, 4, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
    gpu.terminator
  }
  return
}
