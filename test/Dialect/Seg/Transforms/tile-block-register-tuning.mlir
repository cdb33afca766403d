// The tunables of seg-tile-block-register: the resource model's values
// written to a tuning file, values read back as overrides (tile sizes, the
// stage count and the block order), and illegal values rejected.
// RUN: seg-opt %s --seg-tile-block-register="remarks tuning-file-out=%t.out" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out
// RUN: printf 'matmul.map0.stages=1\nmatmul.map0.tk=16\n' > %t.in
// RUN: seg-opt %s --seg-tile-block-register="remarks tuning-file=%t.in stages=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TUNED
// RUN: printf 'matmul.map0.stages=40\n' > %t.bad
// RUN: not seg-opt %s --seg-tile-block-register="tuning-file=%t.bad" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// The same stage count given as the option is rejected as well.
// RUN: not seg-opt %s --seg-tile-block-register="stages=40" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: printf 'matmul.map0.rx=0\n' > %t.zero
// RUN: not seg-opt %s --seg-tile-block-register="tuning-file=%t.zero" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO

// The block order of the model: a wave of 132 blocks (one per SM of sm_90)
// reads the fewest slices in groups of 11 block rows (11 + 12 slices of
// 128 rows or columns).
// The stages: asynchronous copies, as many as fit without fewer resident
// blocks (registers allow one block of 256 threads per SM).
// MODEL: remark: tiled: 128x128 per block of 16x16 threads, 8x8 per thread, k-tile 8, 4 stages of asynchronous copies, 16-byte loads for 2 of 2 slices, blocks in groups of 11 rows (the largest that fits shared memory and registers of sm_90)
// A static grid of fewer blocks than a wave keeps the row-major order; one
// of fewer block rows than the model's group has a single group.
// MODEL: remark: tiled: {{.*}}, row-major block order (
// MODEL: remark: tiled: {{.*}}, blocks in groups of 3 rows (
// OUT:      matmul.map0.rx=8
// OUT-NEXT: matmul.map0.ry=8
// OUT-NEXT: matmul.map0.stages=4
// OUT-NEXT: matmul.map0.swizzle=11
// OUT-NEXT: matmul.map0.tk=8
// OUT-NEXT: matmul.map0.tx=16
// OUT-NEXT: matmul.map0.ty=16
// The tuning file wins over the option.
// TUNED: remark: tiled: 128x128 per block of 16x16 threads, 8x8 per thread, k-tile 16, 1 stage, 16-byte loads for 2 of 2 slices, blocks in groups of 11 rows (from the tuning file)
// BAD: error: 'seg.map' op illegal tile sizes: tiles need 337920 bytes of shared memory (stages * Tk * (size_A*(Ty*Ry+4) + size_B*(Tx*Rx+4)) = 40 * 8 * (4*(16*8+4) + 4*(16*8+4))) but target sm_90 allows 232448 per block
// ZERO: error: 'seg.map' op tuning file value 0 of matmul.map0.rx must be positive
// The block order from the tuning file, which wins over the option, and
// from the option; 1 is the row-major order, which needs no swizzle.
// RUN: printf 'matmul.map0.swizzle=4\n' > %t.swizzle
// RUN: seg-opt %s --seg-tile-block-register="remarks tuning-file=%t.swizzle swizzle=2" 2>&1 | FileCheck %s --check-prefix=SWIZZLE
// SWIZZLE: remark: tiled: {{.*}} slices, blocks in groups of 4 rows (the largest
// SWIZZLE: remark: tiled: {{.*}} slices, blocks in groups of 2 rows (the largest
// SWIZZLE: seg.map block {{.*}} grid(block_size = 256) swizzle(4) outs
// SWIZZLE: seg.map block {{.*}} grid(block_size = 256) swizzle(2) outs
// RUN: seg-opt %s --seg-tile-block-register="swizzle=1" | FileCheck %s --check-prefix=ROWMAJOR
// ROWMAJOR-NOT: swizzle(
// RUN: printf 'matmul.map0.swizzle=0\n' > %t.zeroswizzle
// RUN: not seg-opt %s --seg-tile-block-register="tuning-file=%t.zeroswizzle" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZEROSWIZZLE
// ZEROSWIZZLE: error: 'seg.map' op tuning file value 0 of matmul.map0.swizzle must be positive
// RUN: not seg-opt %s --seg-tile-block-register="swizzle=-1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEGSWIZZLE
// NEGSWIZZLE: error: seg-tile-block-register: option 'swizzle' must be at least 1 (or 0 for the resource model), got -1

func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                  %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// 4 x 8 blocks of 128 x 128: one wave.
func.func @small_grid(%A: memref<512x?xf32>, %B: memref<?x1024xf32>,
                      %C: memref<512x1024xf32>, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map thread (%i, %j) in (512, 1024) outs(%C : memref<512x1024xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<512x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x1024xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<512x1024xf32>
    }
  }
  return
}

// 3 block rows of 128, any number of columns: groups of all 3 rows.
func.func @few_rows(%A: memref<300x?xf32>, %B: memref<?x?xf32>,
                    %C: memref<300x?xf32>, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map thread (%i, %j) in (300, %n) outs(%C : memref<300x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<300x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<300x?xf32>
    }
  }
  return
}
