// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=2 %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=9 SEGIR_EMU_RESIDENT_BLOCKS=1 %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator=check=true | env SEGIR_EMU_SEED=4 %run-emu | FileCheck %s

// A 32 x 16 x 32 GEMM made of nvgpu.ldmatrix and nvgpu.mma.sync, as the
// tensor-core path emits it, for TF32, F16 and BF16 inputs with f32
// accumulators: one block of two warps stages A and B in shared memory;
// warp w computes rows 16 w .. 16 w + 15 as two m16n8 accumulators over
// the k-steps. ldmatrix.x4 loads A (lane t addresses row t mod 16, column
// block t / 16); for F16/BF16, ldmatrix.x2.trans loads B from its k x n
// layout; for TF32 (32-bit elements, no .trans) B is staged transposed and
// loaded with ldmatrix.x2.
//
// Each result is checked against an f32 reference computed on the host
// within the error bound (docs/Emulator.md, "Tensor cores"):
//   |D - ref| <= (2 u + u^2 + 2 g_K) * sum_k |A[m][k] B[k][n]|,
// with u = 2^-10 for TF32 (the tensor cores truncate f32 inputs to 10
// mantissa bits), u = 0 for F16 and BF16 inputs (converted exactly), and
// g_K = K 2^-24 / (1 - K 2^-24) for f32 accumulation (the emulator's and
// the reference's). The test prints the number of elements outside the
// bound and whether TF32 changed anything at all (it must: the inputs are
// not TF32 values).

// CHECK-LABEL: tf32
// CHECK-NEXT: violations 0
// CHECK-NEXT: differs 1
// CHECK-LABEL: f16
// CHECK-NEXT: violations 0
// CHECK-LABEL: bf16
// CHECK-NEXT: violations 0

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

// Checks D against the f32 reference of the inputs as f32; returns the
// number of elements outside the bound and whether any element differs.
func.func @check(%A: memref<32x32xf32>, %B: memref<32x16xf32>, %D: memref<32x16xf32>, %u: f32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  // 2 g_K for K = 32: 2 * 32 2^-24 / (1 - 32 2^-24).
  %gamma = arith.constant 3.8147009e-06 : f32
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:2 = scf.for %m = %c0 to %c32 step %c1 iter_args(%bad = %z, %diff = %z) -> (i32, i32) {
    %rn:2 = scf.for %n = %c0 to %c16 step %c1 iter_args(%bad2 = %bad, %diff2 = %diff) -> (i32, i32) {
      %s:2 = scf.for %k = %c0 to %c32 step %c1 iter_args(%ref = %zero, %abs = %zero) -> (f32, f32) {
        %a = memref.load %A[%m, %k] : memref<32x32xf32>
        %b = memref.load %B[%k, %n] : memref<32x16xf32>
        %p = arith.mulf %a, %b : f32
        %ref2 = arith.addf %ref, %p : f32
        %ap = math.absf %p : f32
        %abs2 = arith.addf %abs, %ap : f32
        scf.yield %ref2, %abs2 : f32, f32
      }
      %d = memref.load %D[%m, %n] : memref<32x16xf32>
      %err0 = arith.subf %d, %s#0 : f32
      %err = math.absf %err0 : f32
      %u2 = arith.mulf %u, %u : f32
      %tu = arith.mulf %two, %u : f32
      %f0 = arith.addf %tu, %u2 : f32
      %f = arith.addf %f0, %gamma : f32
      // The bound itself is computed in f32: allow its own rounding.
      %slack = arith.constant 1.0001 : f32
      %f1 = arith.mulf %f, %slack : f32
      %bound = arith.mulf %f1, %s#1 : f32
      %out = arith.cmpf ugt, %err, %bound : f32
      %outi = arith.extui %out : i1 to i32
      %bad3 = arith.addi %bad2, %outi : i32
      %ne = arith.cmpf une, %d, %s#0 : f32
      %nei = arith.extui %ne : i1 to i32
      %diff3 = arith.ori %diff2, %nei : i32
      scf.yield %bad3, %diff3 : i32, i32
    }
    scf.yield %rn#0, %rn#1 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// Inputs: A[m][k] = ((37 m + 11 k) mod 101) / 37 - 1.3, B[k][n] =
// ((29 k + 53 n) mod 97) / 31 - 1.5, rounded to the input type.
func.func @fill(%A: memref<32x32xf32>, %B: memref<32x16xf32>, %kind: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c11 = arith.constant 11 : index
  %c29 = arith.constant 29 : index
  %c37 = arith.constant 37 : index
  %c53 = arith.constant 53 : index
  %c97 = arith.constant 97 : index
  %c101 = arith.constant 101 : index
  %f31 = arith.constant 31.0 : f32
  %f37 = arith.constant 37.0 : f32
  %o13 = arith.constant 1.3 : f32
  %o15 = arith.constant 1.5 : f32
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c32 step %c1 {
      %x0 = arith.muli %i, %c37 : index
      %x1 = arith.muli %j, %c11 : index
      %x2 = arith.addi %x0, %x1 : index
      %x3 = arith.remui %x2, %c101 : index
      %x4 = arith.index_cast %x3 : index to i32
      %x5 = arith.sitofp %x4 : i32 to f32
      %x6 = arith.divf %x5, %f37 : f32
      %x7 = arith.subf %x6, %o13 : f32
      %x = func.call @round(%x7, %kind) : (f32, i32) -> f32
      memref.store %x, %A[%i, %j] : memref<32x32xf32>
    }
    scf.for %j = %c0 to %c16 step %c1 {
      %y0 = arith.muli %i, %c29 : index
      %y1 = arith.muli %j, %c53 : index
      %y2 = arith.addi %y0, %y1 : index
      %y3 = arith.remui %y2, %c97 : index
      %y4 = arith.index_cast %y3 : index to i32
      %y5 = arith.sitofp %y4 : i32 to f32
      %y6 = arith.divf %y5, %f31 : f32
      %y7 = arith.subf %y6, %o15 : f32
      %y = func.call @round(%y7, %kind) : (f32, i32) -> f32
      memref.store %y, %B[%i, %j] : memref<32x16xf32>
    }
  }
  return
}

// kind 0: f32 (TF32 rounding happens in the mma), 1: f16, 2: bf16.
func.func @round(%x: f32, %kind: i32) -> f32 {
  %one = arith.constant 1 : i32
  %is16 = arith.cmpi eq, %kind, %one : i32
  %two = arith.constant 2 : i32
  %isb = arith.cmpi eq, %kind, %two : i32
  %h = arith.truncf %x : f32 to f16
  %he = arith.extf %h : f16 to f32
  %b = arith.truncf %x : f32 to bf16
  %be = arith.extf %b : bf16 to f32
  %r0 = arith.select %is16, %he, %x : f32
  %r = arith.select %isb, %be, %r0 : f32
  return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %A = memref.alloc() : memref<32x32xf32>
  %B = memref.alloc() : memref<32x16xf32>
  %D = memref.alloc() : memref<32x16xf32>
  %Ah = memref.alloc() : memref<32x32xf16>
  %Bh = memref.alloc() : memref<32x16xf16>
  %Ab = memref.alloc() : memref<32x32xbf16>
  %Bb = memref.alloc() : memref<32x16xbf16>
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k2 = arith.constant 2 : i32
  %utf32 = arith.constant 9.765625e-04 : f32
  %uexact = arith.constant 0.0 : f32

  vector.print str "tf32\n"
  call @fill(%A, %B, %k0) : (memref<32x32xf32>, memref<32x16xf32>, i32) -> ()
  call @gemm_tf32(%A, %B, %D) : (memref<32x32xf32>, memref<32x16xf32>, memref<32x16xf32>) -> ()
  %t:2 = call @check(%A, %B, %D, %utf32) : (memref<32x32xf32>, memref<32x16xf32>, memref<32x16xf32>, f32) -> (i32, i32)
  vector.print str "violations "
  vector.print %t#0 : i32
  vector.print str "differs "
  vector.print %t#1 : i32

  vector.print str "f16\n"
  call @fill(%A, %B, %k1) : (memref<32x32xf32>, memref<32x16xf32>, i32) -> ()
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c32 step %c1 {
      %x = memref.load %A[%i, %j] : memref<32x32xf32>
      %h = arith.truncf %x : f32 to f16
      memref.store %h, %Ah[%i, %j] : memref<32x32xf16>
    }
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %B[%i, %j] : memref<32x16xf32>
      %h = arith.truncf %x : f32 to f16
      memref.store %h, %Bh[%i, %j] : memref<32x16xf16>
    }
  }
  call @gemm_f16(%Ah, %Bh, %D) : (memref<32x32xf16>, memref<32x16xf16>, memref<32x16xf32>) -> ()
  %hr:2 = call @check(%A, %B, %D, %uexact) : (memref<32x32xf32>, memref<32x16xf32>, memref<32x16xf32>, f32) -> (i32, i32)
  vector.print str "violations "
  vector.print %hr#0 : i32

  vector.print str "bf16\n"
  call @fill(%A, %B, %k2) : (memref<32x32xf32>, memref<32x16xf32>, i32) -> ()
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c32 step %c1 {
      %x = memref.load %A[%i, %j] : memref<32x32xf32>
      %h = arith.truncf %x : f32 to bf16
      memref.store %h, %Ab[%i, %j] : memref<32x32xbf16>
    }
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %B[%i, %j] : memref<32x16xf32>
      %h = arith.truncf %x : f32 to bf16
      memref.store %h, %Bb[%i, %j] : memref<32x16xbf16>
    }
  }
  call @gemm_bf16(%Ab, %Bb, %D) : (memref<32x32xbf16>, memref<32x16xbf16>, memref<32x16xf32>) -> ()
  %b:2 = call @check(%A, %B, %D, %uexact) : (memref<32x32xf32>, memref<32x16xf32>, memref<32x16xf32>, f32) -> (i32, i32)
  vector.print str "violations "
  vector.print %b#0 : i32
  return
}
