// RUN: seg-opt %s --split-input-file --seg-select-chunk="remarks block-size=256" --verify-diagnostics | FileCheck %s

// Chunks and sequentiality degrees the resource model picks on the default
// target (sm_90: 232448 bytes of shared memory and 65536 registers per
// block, at most 255 registers per thread).

// A commutative sum reads with a stride: no chunk.
// CHECK-LABEL: func @sum
// CHECK: seg.red thread (%{{.*}}) in (%{{.*}}) grid(block_size = 256) chunk(1) outs(
func.func @sum(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{sum.red0.chunk: chunk 1: every operator is commutative, so threads read with a stride and need no chunk on target sm_90}}
  seg.red thread (%i) in (%n) grid(block_size = 256) outs(%out : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}

// -----

// MSS on four f32 at block size 1024: 64 registers per thread leave
// (64 - 4 accumulator - 7 overhead) / (3 x 4) = 4; shared memory, which holds
// the chunk of every operand at once and a total per warp, would allow 14:
// 4 x (1024 x 14 + 32) x 4 bytes = 229888 <= 232448. At block size 256:
// (255 - 4 - 7) / 12 = 20, and shared memory allows 56.
// CHECK-LABEL: func @mss
// CHECK: grid(block_size = 1024) chunk(4) outs(
// CHECK: grid(block_size = 256) chunk(20) outs(
func.func @mss(%in: memref<?xf32>, %o0: memref<f32>, %o1: memref<f32>,
               %o2: memref<f32>, %o3: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{mss.red0.chunk: chunk 4 (decided by registers; block size 1024: shared memory (232448 bytes per block) allows 14, registers (64 per thread) allow 4) on target sm_90}}
  seg.red thread (%i) in (%n) grid(block_size = 1024) outs(%o0, %o1, %o2, %o3 : memref<f32>, memref<f32>, memref<f32>, memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    %p = arith.maximumf %x, %zero : f32
    seg.yield %p, %p, %p, %x : f32, f32, f32, f32
  } combine (%mx: f32, %ix: f32, %cx: f32, %tx: f32, %my: f32, %iy: f32, %cy: f32, %ty: f32)
      neutral(%zero, %zero, %zero, %zero : f32, f32, f32, f32) {
    %across = arith.addf %cx, %iy : f32
    %m0 = arith.maximumf %mx, %my : f32
    %m = arith.maximumf %m0, %across : f32
    %i0 = arith.addf %tx, %iy : f32
    %i = arith.maximumf %ix, %i0 : f32
    %c0 = arith.addf %cx, %ty : f32
    %c = arith.maximumf %cy, %c0 : f32
    %t = arith.addf %tx, %ty : f32
    seg.yield %m, %i, %c, %t : f32, f32, f32, f32
  }
  // expected-remark @+1 {{mss.red1.chunk: chunk 20 (decided by registers; block size 256: shared memory (232448 bytes per block) allows 56, registers (255 per thread) allow 20) on target sm_90}}
  seg.red thread (%i) in (%n) grid(block_size = 256) outs(%o0, %o1, %o2, %o3 : memref<f32>, memref<f32>, memref<f32>, memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x, %x, %x, %x : f32, f32, f32, f32
  } combine (%mx: f32, %ix: f32, %cx: f32, %tx: f32, %my: f32, %iy: f32, %cy: f32, %ty: f32)
      neutral(%zero, %zero, %zero, %zero : f32, f32, f32, f32) {
    seg.yield %mx, %iy, %cx, %ty : f32, f32, f32, f32
  }
  return
}

// -----

// The 6-tuple LSS operator (i32), default block size 256:
// (255 - 6 - 7) / 18 = 13; shared memory allows 37 (6 x (256 x 37 + 8) x 4
// bytes = 227520).
// CHECK-LABEL: func @lss
// CHECK: seg.red thread (%{{.*}}) in (%{{.*}}) chunk(13) outs(
func.func @lss(%in: memref<?xi32>, %o: memref<i32>, %n: index) {
  %z = arith.constant 0 : i32
  // expected-remark @+1 {{lss.red0.chunk: chunk 13 (decided by registers; block size 256: shared memory (232448 bytes per block) allows 37, registers (255 per thread) allow 13) on target sm_90}}
  seg.red thread (%i) in (%n) outs(%o, %o, %o, %o, %o, %o : memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x, %x, %x, %x, %x, %x : i32, i32, i32, i32, i32, i32
  } combine (%a0: i32, %a1: i32, %a2: i32, %a3: i32, %a4: i32, %a5: i32,
             %b0: i32, %b1: i32, %b2: i32, %b3: i32, %b4: i32, %b5: i32)
      neutral(%z, %z, %z, %z, %z, %z : i32, i32, i32, i32, i32, i32) {
    seg.yield %a0, %b1, %a2, %b3, %a4, %b5 : i32, i32, i32, i32, i32, i32
  }
  return
}

// -----

// 25 f32 operands (a 5x5 matrix product): (255 - 25 - 7) / 75 = 2 at block
// size 256 (shared memory allows 9); at 1024, (64 - 25 - 7) / 75 = 0, so the
// minimum 1 (shared memory allows 2).
// CHECK-LABEL: func @matmul5x5
// CHECK: chunk(2)
// CHECK: chunk(1)
func.func @matmul5x5(%in: memref<?xf32>, %o: memref<f32>, %n: index) {
  %z = arith.constant 0.0 : f32
  // expected-remark @+1 {{matmul5x5.red0.chunk: chunk 2 (decided by registers; block size 256: shared memory (232448 bytes per block) allows 9, registers (255 per thread) allow 2) on target sm_90}}
  seg.red thread (%i) in (%n) outs(%o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o : memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
  } combine (%a0: f32, %a1: f32, %a2: f32, %a3: f32, %a4: f32, %a5: f32, %a6: f32, %a7: f32, %a8: f32, %a9: f32, %a10: f32, %a11: f32, %a12: f32, %a13: f32, %a14: f32, %a15: f32, %a16: f32, %a17: f32, %a18: f32, %a19: f32, %a20: f32, %a21: f32, %a22: f32, %a23: f32, %a24: f32,
             %b0: f32, %b1: f32, %b2: f32, %b3: f32, %b4: f32, %b5: f32, %b6: f32, %b7: f32, %b8: f32, %b9: f32, %b10: f32, %b11: f32, %b12: f32, %b13: f32, %b14: f32, %b15: f32, %b16: f32, %b17: f32, %b18: f32, %b19: f32, %b20: f32, %b21: f32, %b22: f32, %b23: f32, %b24: f32)
      neutral(%z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
    seg.yield %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15, %b16, %b17, %b18, %b19, %b20, %b21, %b22, %b23, %b24 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
  }
  // expected-remark @+1 {{matmul5x5.red1.chunk: chunk 1 (decided by the minimum of 1; block size 1024: shared memory (232448 bytes per block) allows 2, registers (64 per thread) allow 0) on target sm_90}}
  seg.red thread (%i) in (%n) grid(block_size = 1024) outs(%o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o : memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
  } combine (%a0: f32, %a1: f32, %a2: f32, %a3: f32, %a4: f32, %a5: f32, %a6: f32, %a7: f32, %a8: f32, %a9: f32, %a10: f32, %a11: f32, %a12: f32, %a13: f32, %a14: f32, %a15: f32, %a16: f32, %a17: f32, %a18: f32, %a19: f32, %a20: f32, %a21: f32, %a22: f32, %a23: f32, %a24: f32,
             %b0: f32, %b1: f32, %b2: f32, %b3: f32, %b4: f32, %b5: f32, %b6: f32, %b7: f32, %b8: f32, %b9: f32, %b10: f32, %b11: f32, %b12: f32, %b13: f32, %b14: f32, %b15: f32, %b16: f32, %b17: f32, %b18: f32, %b19: f32, %b20: f32, %b21: f32, %b22: f32, %b23: f32, %b24: f32)
      neutral(%z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
    seg.yield %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15, %b16, %b17, %b18, %b19, %b20, %b21, %b22, %b23, %b24 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
  }
  return
}

// -----

// Scans: the m convert-seg-to-gpu uses. First [Clausen 2021, eq. 4] with
// k_mem = 232448 / 256 = 908 bytes and k_reg = 255 registers per thread at
// block size 256:
//   f32 sum:          min(908 / 4, (255 - 1 - 1) / 5) = min(227, 50) = 50
//   4 x i64 (radix):  min(908 / 8, (255 - 1 - 8) / 19) = min(113, 12) = 12
//   6 x i32 (LSS):    min(908 / 4, (255 - 1 - 6) / 15) = min(227, 16) = 16
//   25 x f32 (5x5):   min(908 / 4, (255 - 1 - 25) / 53) = min(227, 4) = 4
// then at most max(4, 16 / w) for w words of state (16 words in flight):
// 16, 4, 4 and 4; then lowered while the single-pass kernel's
// m (2 w + 4) + 8 w + 25 registers exceed 255: 25 x f32 needs 279 at m = 1.
// CHECK-LABEL: func @scans
// CHECK: seg.scan thread {{.*}} chunk(16)
// CHECK: seg.scan thread {{.*}} chunk(4)
// CHECK: seg.scan thread {{.*}} chunk(4)
// CHECK: seg.scan thread {{.*}} chunk(1)
func.func @scans(%f: memref<?xf32>, %fo: memref<?xf32>, %l: memref<?xi64>,
                 %lo: memref<?xi64>, %i: memref<?xi32>, %io: memref<?xi32>,
                 %n: index) {
  %fz = arith.constant 0.0 : f32
  %lz = arith.constant 0 : i64
  %iz = arith.constant 0 : i32
  // expected-remark @+1 {{scans.scan0.chunk: sequentiality degree 16 (decided by loads in flight; block size 256: shared memory (232448 bytes per block) allows 227, registers (255 per thread) allow 50, loads in flight gain up to 16) on target sm_90}}
  seg.scan thread (%p) in (%n) outs(%fo : memref<?xf32>) {
    %x = memref.load %f[%p] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%fz : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  // expected-remark @+1 {{scans.scan1.chunk: sequentiality degree 4 (decided by loads in flight; block size 256: shared memory (232448 bytes per block) allows 113, registers (255 per thread) allow 12, loads in flight gain up to 4) on target sm_90}}
  seg.scan thread (%p) in (%n) outs(%lo, %lo, %lo, %lo : memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>) {
    %x = memref.load %l[%p] : memref<?xi64>
    seg.yield %x, %x, %x, %x : i64, i64, i64, i64
  } combine commutative (%a0: i64, %a1: i64, %a2: i64, %a3: i64, %b0: i64, %b1: i64, %b2: i64, %b3: i64)
      neutral(%lz, %lz, %lz, %lz : i64, i64, i64, i64) {
    %r0 = arith.addi %a0, %b0 : i64
    %r1 = arith.addi %a1, %b1 : i64
    %r2 = arith.addi %a2, %b2 : i64
    %r3 = arith.addi %a3, %b3 : i64
    seg.yield %r0, %r1, %r2, %r3 : i64, i64, i64, i64
  }
  // expected-remark @+1 {{scans.scan2.chunk: sequentiality degree 4 (decided by loads in flight; block size 256: shared memory (232448 bytes per block) allows 227, registers (255 per thread) allow 16, loads in flight gain up to 4) on target sm_90}}
  seg.scan thread (%p) in (%n) outs(%io, %io, %io, %io, %io, %io : memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>) {
    %x = memref.load %i[%p] : memref<?xi32>
    seg.yield %x, %x, %x, %x, %x, %x : i32, i32, i32, i32, i32, i32
  } combine (%a0: i32, %a1: i32, %a2: i32, %a3: i32, %a4: i32, %a5: i32,
             %b0: i32, %b1: i32, %b2: i32, %b3: i32, %b4: i32, %b5: i32)
      neutral(%iz, %iz, %iz, %iz, %iz, %iz : i32, i32, i32, i32, i32, i32) {
    seg.yield %a0, %b1, %a2, %b3, %a4, %b5 : i32, i32, i32, i32, i32, i32
  }
  // expected-remark @+1 {{scans.scan3.chunk: sequentiality degree 1 (decided by registers; block size 256: shared memory (232448 bytes per block) allows 227, registers (255 per thread) allow 1, loads in flight gain up to 4) on target sm_90}}
  seg.scan thread (%p) in (%n) outs(%fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo, %fo : memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) {
    %x = memref.load %f[%p] : memref<?xf32>
    seg.yield %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
  } combine (%a0: f32, %a1: f32, %a2: f32, %a3: f32, %a4: f32, %a5: f32, %a6: f32, %a7: f32, %a8: f32, %a9: f32, %a10: f32, %a11: f32, %a12: f32, %a13: f32, %a14: f32, %a15: f32, %a16: f32, %a17: f32, %a18: f32, %a19: f32, %a20: f32, %a21: f32, %a22: f32, %a23: f32, %a24: f32,
             %b0: f32, %b1: f32, %b2: f32, %b3: f32, %b4: f32, %b5: f32, %b6: f32, %b7: f32, %b8: f32, %b9: f32, %b10: f32, %b11: f32, %b12: f32, %b13: f32, %b14: f32, %b15: f32, %b16: f32, %b17: f32, %b18: f32, %b19: f32, %b20: f32, %b21: f32, %b22: f32, %b23: f32, %b24: f32)
      neutral(%fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz, %fz : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
    seg.yield %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15, %b16, %b17, %b18, %b19, %b20, %b21, %b22, %b23, %b24 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
  }
  return
}

// -----

// The target decides: with the 64 KiB of shared memory of [Pøbl & Holst 2024]
// and block size 1024, eq. 7-8 (one operand transposed at a time) allow
// 65536 / (1024 * 4) = 16, all four operands at once and a total per warp
// 3 (4 x (1024 x 3 + 32) x 4 = 49664 bytes), and registers 4; the
// avoid-multiples-of-8 option is off by default. A block size given as a
// value is planned for the largest block.
// CHECK-LABEL: func @small_target
// CHECK: chunk(3)
// CHECK: chunk(3)
module attributes {seg.target = #seg.target<chip = "sm_90", shared_memory_per_block = 65536>} {
  func.func @small_target(%in: memref<?xf32>, %o: memref<f32>, %n: index, %bs: index) {
    %zero = arith.constant 0.0 : f32
    // expected-remark @+1 {{small_target.red0.chunk: chunk 3 (decided by shared memory; block size 1024: shared memory (65536 bytes per block) allows 3, registers (64 per thread) allow 4) on target sm_90}}
    seg.red thread (%i) in (%n) grid(block_size = 1024) outs(%o, %o, %o, %o : memref<f32>, memref<f32>, memref<f32>, memref<f32>) {
      %x = memref.load %in[%i] : memref<?xf32>
      seg.yield %x, %x, %x, %x : f32, f32, f32, f32
    } combine (%a0: f32, %a1: f32, %a2: f32, %a3: f32, %b0: f32, %b1: f32, %b2: f32, %b3: f32)
        neutral(%zero, %zero, %zero, %zero : f32, f32, f32, f32) {
      seg.yield %a0, %b1, %a2, %b3 : f32, f32, f32, f32
    }
    // expected-remark @+1 {{small_target.red1.chunk: chunk 3 (decided by shared memory; block size 1024: shared memory (65536 bytes per block) allows 3, registers (64 per thread) allow 4) on target sm_90; the block size is a value, planned for the largest block the target allows}}
    seg.red thread (%i) in (%n) grid(block_size = %bs) outs(%o, %o, %o, %o : memref<f32>, memref<f32>, memref<f32>, memref<f32>) {
      %x = memref.load %in[%i] : memref<?xf32>
      seg.yield %x, %x, %x, %x : f32, f32, f32, f32
    } combine (%a0: f32, %a1: f32, %a2: f32, %a3: f32, %b0: f32, %b1: f32, %b2: f32, %b3: f32)
        neutral(%zero, %zero, %zero, %zero : f32, f32, f32, f32) {
      seg.yield %a0, %b1, %a2, %b3 : f32, f32, f32, f32
    }
    return
  }
}

// -----

// Only thread-level kernels are annotated.
// CHECK-LABEL: func @nested
// CHECK: seg.red seq
// CHECK-NOT: chunk(
func.func @nested(%in: memref<?x?xf32>, %out: memref<?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.map thread (%i) in (%m) outs(%out : memref<?xf32>) {
    %acc = memref.alloca() : memref<f32>
    seg.red seq (%k) in (%n) outs(%acc : memref<f32>) {
      %x = memref.load %in[%i, %k] : memref<?x?xf32>
      seg.yield %x : f32
    } combine (%a: f32, %b: f32) neutral(%zero : f32) {
      %s = arith.addf %a, %b : f32
      seg.yield %s : f32
    }
    %s = memref.load %acc[] : memref<f32>
    seg.results {
      seg.returns %s into %out : memref<?xf32>
    }
  }
  return
}
