// The tunables of seg-tile-block-register: the resource model's values
// written to a tuning file, values read back as overrides (tile sizes and
// the stage count), and an illegal stage count rejected.
// RUN: seg-opt %s --seg-tile-block-register="remarks tuning-file-out=%t.out" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out
// RUN: printf 'matmul.map0.stages=1\nmatmul.map0.tk=16\n' > %t.in
// RUN: seg-opt %s --seg-tile-block-register="remarks tuning-file=%t.in stages=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TUNED
// RUN: printf 'matmul.map0.stages=3\n' > %t.bad
// RUN: not seg-opt %s --seg-tile-block-register="tuning-file=%t.bad" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// The same stage count given as the option is rejected as well.
// RUN: not seg-opt %s --seg-tile-block-register="stages=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: printf 'matmul.map0.rx=0\n' > %t.zero
// RUN: not seg-opt %s --seg-tile-block-register="tuning-file=%t.zero" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO

// MODEL: remark: tiled: 128x128 per block of 16x16 threads, 8x8 per thread, k-tile 8, 2 stages, 16-byte loads for 2 of 2 slices (the largest that fits shared memory and registers of sm_90)
// OUT:      matmul.map0.rx=8
// OUT-NEXT: matmul.map0.ry=8
// OUT-NEXT: matmul.map0.stages=2
// OUT-NEXT: matmul.map0.tk=8
// OUT-NEXT: matmul.map0.tx=16
// OUT-NEXT: matmul.map0.ty=16
// The tuning file wins over the option.
// TUNED: remark: tiled: 128x128 per block of 16x16 threads, 8x8 per thread, k-tile 16, 1 stage, 16-byte loads for 2 of 2 slices (from the tuning file)
// BAD: error: 'seg.map' op illegal tile sizes: 3 stages, at most 2 are supported
// ZERO: error: 'seg.map' op tuning file value 0 of matmul.map0.rx must be positive

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
