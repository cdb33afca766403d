// The GEMM kernels of test/Integration/EmulatorRuntime/mma-gemm.mlir
// compile through seg-to-nvvm to mma.sync and ldmatrix (BF16 through
// seg-lower-bf16-mma-sync), and ptxas compiles them for sm_90 and sm_80
// without spilling.
// REQUIRES: ptxas

// RUN: seg-opt %s --seg-to-nvvm=format=isa -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptx-spills %t.ptx | FileCheck %s --check-prefix=SPILLS
// RUN: seg-opt %s --seg-to-nvvm="format=isa chip=sm_80" -o %t80.ptx
// RUN: %ptx-spills %t80.ptx | FileCheck %s --check-prefix=SPILLS

// CHECK: gpu.binary @gemm_tf32_kernel
// CHECK-SAME: .target sm_90
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-SAME: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK: gpu.binary @gemm_f16_kernel
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-SAME: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: gpu.binary @gemm_bf16_kernel
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-SAME: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32

// SPILLS-DAG: gemm_tf32_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads
// SPILLS-DAG: gemm_f16_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads
// SPILLS-DAG: gemm_bf16_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads

func.func @gemm_tf32(%A: memref<32x32xf32>, %B: memref<32x16xf32>, %D: memref<32x16xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%As : memref<32x32xf32, #gpu.address_space<workgroup>>, %Bs : memref<16x32xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c9 = arith.constant 9 : index
    %cstep = arith.constant 8 : index
    %ccol = arith.constant 4 : index
    scf.for %i = %tx to %c32 step %c64 {
      scf.for %j = %c0 to %c32 step %c1 {
        %a = memref.load %A[%i, %j] : memref<32x32xf32>
        memref.store %a, %As[%i, %j] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      scf.for %j = %c0 to %c16 step %c1 {
        %b = memref.load %B[%i, %j] : memref<32x16xf32>
        memref.store %b, %Bs[%j, %i] : memref<16x32xf32, #gpu.address_space<workgroup>>
      }
    }
    gpu.barrier
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %m0 = arith.muli %warp, %c16 : index
    %g = arith.divui %lane, %c4 : index
    %q = arith.remui %lane, %c4 : index
    // ldmatrix addresses: A rows m0 + (lane mod 16), column block lane / 16.
    %l16 = arith.remui %lane, %c16 : index
    %h16 = arith.divui %lane, %c16 : index
    %arow = arith.addi %m0, %l16 : index
    %acol = arith.muli %h16, %ccol : index
    // B (staged as Bt[n][k]): lanes 0..7 rows n0 + lane, k block 0; lanes
    // 8..15 k block 4.
    %l8 = arith.remui %lane, %c8 : index
    %h8 = arith.divui %lane, %c8 : index
    %h8m = arith.remui %h8, %c2 : index
    %bkoff = arith.muli %h8m, %c4 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %acc:2 = scf.for %k0 = %c0 to %c32 step %cstep iter_args(%d0 = %zero, %d1 = %zero) -> (vector<2x2xf32>, vector<2x2xf32>) {
      %ak = arith.addi %k0, %acol : index
      %a = nvgpu.ldmatrix %As[%arow, %ak] {numTiles = 4 : i32, transpose = false} : memref<32x32xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
      %bn0 = arith.addi %l8, %c0 : index
      %bk0 = arith.addi %k0, %bkoff : index
      %b0 = nvgpu.ldmatrix %Bs[%bn0, %bk0] {numTiles = 2 : i32, transpose = false} : memref<16x32xf32, #gpu.address_space<workgroup>> -> vector<2x1xf32>
      %bn1 = arith.addi %l8, %c8 : index
      %bk1 = arith.addi %k0, %bkoff : index
      %b1 = nvgpu.ldmatrix %Bs[%bn1, %bk1] {numTiles = 2 : i32, transpose = false} : memref<16x32xf32, #gpu.address_space<workgroup>> -> vector<2x1xf32>
      %e0 = nvgpu.mma.sync (%a, %b0, %d0) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
      %e1 = nvgpu.mma.sync (%a, %b1, %d1) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
      scf.yield %e0, %e1 : vector<2x2xf32>, vector<2x2xf32>
    }
    // D at the positions of the C fragment: (g + 8 (i / 2), 2 q + i mod 2).
    %q2 = arith.muli %q, %c2 : index
    %r0 = arith.addi %m0, %g : index
    %r1 = arith.addi %r0, %c8 : index
    %x00 = vector.extract %acc#0[0, 0] : f32 from vector<2x2xf32>
    %col00 = arith.addi %q2, %c0 : index
    memref.store %x00, %D[%r0, %col00] : memref<32x16xf32>
    %x01 = vector.extract %acc#0[0, 1] : f32 from vector<2x2xf32>
    %col01 = arith.addi %q2, %c1 : index
    memref.store %x01, %D[%r0, %col01] : memref<32x16xf32>
    %x02 = vector.extract %acc#0[1, 0] : f32 from vector<2x2xf32>
    %col02 = arith.addi %q2, %c0 : index
    memref.store %x02, %D[%r1, %col02] : memref<32x16xf32>
    %x03 = vector.extract %acc#0[1, 1] : f32 from vector<2x2xf32>
    %col03 = arith.addi %q2, %c1 : index
    memref.store %x03, %D[%r1, %col03] : memref<32x16xf32>
    %x10 = vector.extract %acc#1[0, 0] : f32 from vector<2x2xf32>
    %col10 = arith.addi %q2, %c8 : index
    memref.store %x10, %D[%r0, %col10] : memref<32x16xf32>
    %x11 = vector.extract %acc#1[0, 1] : f32 from vector<2x2xf32>
    %col11 = arith.addi %q2, %c9 : index
    memref.store %x11, %D[%r0, %col11] : memref<32x16xf32>
    %x12 = vector.extract %acc#1[1, 0] : f32 from vector<2x2xf32>
    %col12 = arith.addi %q2, %c8 : index
    memref.store %x12, %D[%r1, %col12] : memref<32x16xf32>
    %x13 = vector.extract %acc#1[1, 1] : f32 from vector<2x2xf32>
    %col13 = arith.addi %q2, %c9 : index
    memref.store %x13, %D[%r1, %col13] : memref<32x16xf32>
    gpu.terminator
  }
  return
}

func.func @gemm_f16(%A: memref<32x32xf16>, %B: memref<32x16xf16>, %D: memref<32x16xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%As : memref<32x32xf16, #gpu.address_space<workgroup>>, %Bs : memref<32x16xf16, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c9 = arith.constant 9 : index
    %cstep = arith.constant 16 : index
    %ccol = arith.constant 8 : index
    scf.for %i = %tx to %c32 step %c64 {
      scf.for %j = %c0 to %c32 step %c1 {
        %a = memref.load %A[%i, %j] : memref<32x32xf16>
        memref.store %a, %As[%i, %j] : memref<32x32xf16, #gpu.address_space<workgroup>>
      }
      scf.for %j = %c0 to %c16 step %c1 {
        %b = memref.load %B[%i, %j] : memref<32x16xf16>
        memref.store %b, %Bs[%i, %j] : memref<32x16xf16, #gpu.address_space<workgroup>>
      }
    }
    gpu.barrier
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %m0 = arith.muli %warp, %c16 : index
    %g = arith.divui %lane, %c4 : index
    %q = arith.remui %lane, %c4 : index
    // ldmatrix addresses: A rows m0 + (lane mod 16), column block lane / 16.
    %l16 = arith.remui %lane, %c16 : index
    %h16 = arith.divui %lane, %c16 : index
    %arow = arith.addi %m0, %l16 : index
    %acol = arith.muli %h16, %ccol : index
    // B (k x n): lanes 0..15 address rows k0 + (lane mod 16).
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %acc:2 = scf.for %k0 = %c0 to %c32 step %cstep iter_args(%d0 = %zero, %d1 = %zero) -> (vector<2x2xf32>, vector<2x2xf32>) {
      %ak = arith.addi %k0, %acol : index
      %a = nvgpu.ldmatrix %As[%arow, %ak] {numTiles = 4 : i32, transpose = false} : memref<32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %bk0 = arith.addi %k0, %l16 : index
      %b0 = nvgpu.ldmatrix %Bs[%bk0, %c0] {numTiles = 2 : i32, transpose = true} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
      %bk1 = arith.addi %k0, %l16 : index
      %b1 = nvgpu.ldmatrix %Bs[%bk1, %c8] {numTiles = 2 : i32, transpose = true} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
      %e0 = nvgpu.mma.sync (%a, %b0, %d0) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %e1 = nvgpu.mma.sync (%a, %b1, %d1) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      scf.yield %e0, %e1 : vector<2x2xf32>, vector<2x2xf32>
    }
    // D at the positions of the C fragment: (g + 8 (i / 2), 2 q + i mod 2).
    %q2 = arith.muli %q, %c2 : index
    %r0 = arith.addi %m0, %g : index
    %r1 = arith.addi %r0, %c8 : index
    %x00 = vector.extract %acc#0[0, 0] : f32 from vector<2x2xf32>
    %col00 = arith.addi %q2, %c0 : index
    memref.store %x00, %D[%r0, %col00] : memref<32x16xf32>
    %x01 = vector.extract %acc#0[0, 1] : f32 from vector<2x2xf32>
    %col01 = arith.addi %q2, %c1 : index
    memref.store %x01, %D[%r0, %col01] : memref<32x16xf32>
    %x02 = vector.extract %acc#0[1, 0] : f32 from vector<2x2xf32>
    %col02 = arith.addi %q2, %c0 : index
    memref.store %x02, %D[%r1, %col02] : memref<32x16xf32>
    %x03 = vector.extract %acc#0[1, 1] : f32 from vector<2x2xf32>
    %col03 = arith.addi %q2, %c1 : index
    memref.store %x03, %D[%r1, %col03] : memref<32x16xf32>
    %x10 = vector.extract %acc#1[0, 0] : f32 from vector<2x2xf32>
    %col10 = arith.addi %q2, %c8 : index
    memref.store %x10, %D[%r0, %col10] : memref<32x16xf32>
    %x11 = vector.extract %acc#1[0, 1] : f32 from vector<2x2xf32>
    %col11 = arith.addi %q2, %c9 : index
    memref.store %x11, %D[%r0, %col11] : memref<32x16xf32>
    %x12 = vector.extract %acc#1[1, 0] : f32 from vector<2x2xf32>
    %col12 = arith.addi %q2, %c8 : index
    memref.store %x12, %D[%r1, %col12] : memref<32x16xf32>
    %x13 = vector.extract %acc#1[1, 1] : f32 from vector<2x2xf32>
    %col13 = arith.addi %q2, %c9 : index
    memref.store %x13, %D[%r1, %col13] : memref<32x16xf32>
    gpu.terminator
  }
  return
}

func.func @gemm_bf16(%A: memref<32x32xbf16>, %B: memref<32x16xbf16>, %D: memref<32x16xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%As : memref<32x32xbf16, #gpu.address_space<workgroup>>, %Bs : memref<32x16xbf16, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c9 = arith.constant 9 : index
    %cstep = arith.constant 16 : index
    %ccol = arith.constant 8 : index
    scf.for %i = %tx to %c32 step %c64 {
      scf.for %j = %c0 to %c32 step %c1 {
        %a = memref.load %A[%i, %j] : memref<32x32xbf16>
        memref.store %a, %As[%i, %j] : memref<32x32xbf16, #gpu.address_space<workgroup>>
      }
      scf.for %j = %c0 to %c16 step %c1 {
        %b = memref.load %B[%i, %j] : memref<32x16xbf16>
        memref.store %b, %Bs[%i, %j] : memref<32x16xbf16, #gpu.address_space<workgroup>>
      }
    }
    gpu.barrier
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %m0 = arith.muli %warp, %c16 : index
    %g = arith.divui %lane, %c4 : index
    %q = arith.remui %lane, %c4 : index
    // ldmatrix addresses: A rows m0 + (lane mod 16), column block lane / 16.
    %l16 = arith.remui %lane, %c16 : index
    %h16 = arith.divui %lane, %c16 : index
    %arow = arith.addi %m0, %l16 : index
    %acol = arith.muli %h16, %ccol : index
    // B (k x n): lanes 0..15 address rows k0 + (lane mod 16).
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %acc:2 = scf.for %k0 = %c0 to %c32 step %cstep iter_args(%d0 = %zero, %d1 = %zero) -> (vector<2x2xf32>, vector<2x2xf32>) {
      %ak = arith.addi %k0, %acol : index
      %a = nvgpu.ldmatrix %As[%arow, %ak] {numTiles = 4 : i32, transpose = false} : memref<32x32xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
      %bk0 = arith.addi %k0, %l16 : index
      %b0 = nvgpu.ldmatrix %Bs[%bk0, %c0] {numTiles = 2 : i32, transpose = true} : memref<32x16xbf16, #gpu.address_space<workgroup>> -> vector<2x2xbf16>
      %bk1 = arith.addi %k0, %l16 : index
      %b1 = nvgpu.ldmatrix %Bs[%bk1, %c8] {numTiles = 2 : i32, transpose = true} : memref<32x16xbf16, #gpu.address_space<workgroup>> -> vector<2x2xbf16>
      %e0 = nvgpu.mma.sync (%a, %b0, %d0) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %e1 = nvgpu.mma.sync (%a, %b1, %d1) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
      scf.yield %e0, %e1 : vector<2x2xf32>, vector<2x2xf32>
    }
    // D at the positions of the C fragment: (g + 8 (i / 2), 2 q + i mod 2).
    %q2 = arith.muli %q, %c2 : index
    %r0 = arith.addi %m0, %g : index
    %r1 = arith.addi %r0, %c8 : index
    %x00 = vector.extract %acc#0[0, 0] : f32 from vector<2x2xf32>
    %col00 = arith.addi %q2, %c0 : index
    memref.store %x00, %D[%r0, %col00] : memref<32x16xf32>
    %x01 = vector.extract %acc#0[0, 1] : f32 from vector<2x2xf32>
    %col01 = arith.addi %q2, %c1 : index
    memref.store %x01, %D[%r0, %col01] : memref<32x16xf32>
    %x02 = vector.extract %acc#0[1, 0] : f32 from vector<2x2xf32>
    %col02 = arith.addi %q2, %c0 : index
    memref.store %x02, %D[%r1, %col02] : memref<32x16xf32>
    %x03 = vector.extract %acc#0[1, 1] : f32 from vector<2x2xf32>
    %col03 = arith.addi %q2, %c1 : index
    memref.store %x03, %D[%r1, %col03] : memref<32x16xf32>
    %x10 = vector.extract %acc#1[0, 0] : f32 from vector<2x2xf32>
    %col10 = arith.addi %q2, %c8 : index
    memref.store %x10, %D[%r0, %col10] : memref<32x16xf32>
    %x11 = vector.extract %acc#1[0, 1] : f32 from vector<2x2xf32>
    %col11 = arith.addi %q2, %c9 : index
    memref.store %x11, %D[%r0, %col11] : memref<32x16xf32>
    %x12 = vector.extract %acc#1[1, 0] : f32 from vector<2x2xf32>
    %col12 = arith.addi %q2, %c8 : index
    memref.store %x12, %D[%r1, %col12] : memref<32x16xf32>
    %x13 = vector.extract %acc#1[1, 1] : f32 from vector<2x2xf32>
    %col13 = arith.addi %q2, %c9 : index
    memref.store %x13, %D[%r1, %col13] : memref<32x16xf32>
    gpu.terminator
  }
  return
}
