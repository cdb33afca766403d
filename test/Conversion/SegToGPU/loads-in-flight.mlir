// RUN: seg-opt --convert-seg-to-gpu=strategy=large --canonicalize --cse %s | FileCheck %s --check-prefix=LARGE
// RUN: seg-opt --convert-seg-to-gpu="strategy=large loads-in-flight=3" --canonicalize --cse %s | FileCheck %s --check-prefix=THREE
// RUN: seg-opt --convert-seg-to-gpu="strategy=large loads-in-flight=1" --canonicalize --cse %s | FileCheck %s --check-prefix=ONE
// RUN: seg-opt --convert-seg-to-gpu=strategy=sequential --canonicalize --cse %s | FileCheck %s --check-prefix=SEQ
// RUN: seg-opt --convert-seg-to-gpu --canonicalize --cse %s | FileCheck %s --check-prefix=MAP
// RUN: seg-opt --convert-seg-to-gpu=loads-in-flight=2 --canonicalize --cse %s | FileCheck %s --check-prefix=MAP2
// RUN: not seg-opt --convert-seg-to-gpu=loads-in-flight=-1 %s 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// The kernels unroll that many elements or points, each in registers of
// its own: the target's registers per thread bound the option, for dynamic
// spaces too (the axpy map below), and through the pipelines.
// RUN: not seg-opt --convert-seg-to-gpu=loads-in-flight=2147483648 %s 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: not seg-opt --convert-seg-to-gpu=loads-in-flight=256 %s 2>&1 | FileCheck %s --check-prefix=BOUND256
// RUN: not seg-opt --seg-to-nvvm="format=isa loads-in-flight=1024" %s 2>&1 | FileCheck %s --check-prefix=BOUND1024
// RUN: seg-opt --convert-seg-to-gpu=loads-in-flight=255 %s | FileCheck %s --check-prefix=MAX

// A thread's loop over its elements evaluates several of them (their loads
// in flight together) before combining them in order; a second loop takes
// the rest. By default as many as 16 registers hold, at most 8: 8 for one
// f32, 4 for a 2x2 matrix of f32.

// LARGE-LABEL: func.func @sum
//       LARGE:   function(@sum_large_segments)
// Aligned ranges first read whole vectors (red.mlir checks them), two per
// step, then one at a time, after a scalar loop over the elements before
// the first aligned vector; the scalar loops below take the rest.
//       LARGE:   scf.for {{.*}} step %c256 iter_args
//       LARGE:   scf.for {{.*}} step %c2048 iter_args
//       LARGE:   scf.for {{.*}} step %c1024 iter_args
//       LARGE:   %[[ALL:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[END:.*]] step %c2048 iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32)
//       LARGE:     %[[X0:.*]] = memref.load %{{.*}}[%[[I]]]
// LARGE-COUNT-7:   memref.load
//   LARGE-NOT:     memref.load
//       LARGE:     %[[S0:.*]] = arith.addf %[[ACC]], %[[X0]]
// LARGE-COUNT-7:   arith.addf
//       LARGE:     scf.yield
//       LARGE:   scf.for %{{.*}} = %[[END]] to %{{.*}} step %c256 iter_args(%{{.*}} = %[[ALL]]) -> (f32)
//  LARGE-NEXT:     memref.load
//  LARGE-NEXT:     arith.addf
//  LARGE-NEXT:     scf.yield

// THREE-LABEL: func.func @sum
//       THREE:   scf.for %{{.*}} step %c768 iter_args
// THREE-COUNT-3:   memref.load
//   THREE-NOT:     memref.load
// THREE-COUNT-3:   arith.addf
//       THREE:     scf.yield
//       THREE:   scf.for %{{.*}} step %c256 iter_args

// ONE-LABEL: func.func @sum
//       ONE:   function(@sum_large_segments)
//   ONE-NOT:   step %c512
//       ONE:   scf.for %{{.*}} step %c256 iter_args
//  ONE-NEXT:     memref.load
//  ONE-NEXT:     arith.addf
//  ONE-NEXT:     scf.yield

// The sequential kernel stages its tile 4 elements at a time for the 2x2
// product (neutral values where out of bounds), then stores them.
// SEQ-LABEL: func.func @product
//       SEQ:   function(@product_sequential_segments)
//       SEQ:   scf.for %{{.*}} step %c4 {
// SEQ-COUNT-4:   scf.if %{{.*}} -> (f32, f32, f32, f32)
//   SEQ-NOT:     scf.if
// SEQ-COUNT-16:  memref.store
//       SEQ:   }
//       SEQ:   scf.for %{{.*}} step %c1 {

// A thread-level map groups points likewise, by the words its body loads
// before it first writes (2 here: 8 points); the loads of later points, and
// the index arithmetic they need, move above the first write of the first
// point. A load after a write of its own point stays after it.
// MAP-LABEL: func.func @axpy
//       MAP:   scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
//       MAP:     memref.load %[[X:.*]][%[[I]]]
//       MAP:     memref.load %[[Y:.*]][%[[I]]]
// MAP-COUNT-14:  memref.load
//       MAP:     memref.store
//   MAP-NOT:     memref.load
// MAP-COUNT-7:   memref.store
//       MAP:   }
//       MAP:   scf.for

// MAP-LABEL: func.func @reread
//       MAP:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// MAP-COUNT-8:   memref.load %[[IN:[a-z0-9]+]][
//       MAP:     memref.store %{{.*}}, %[[TMP:[a-z0-9]+]][
//  MAP-NEXT:     memref.load %[[TMP]][
//       MAP:     memref.store %{{.*}}, %[[TMP]][
//  MAP-NEXT:     memref.load %[[TMP]][

// Each point of a group would need its own private array: no groups.
// MAP-LABEL: func.func @private
//       MAP:   gpu.launch
//       MAP:     memref.alloca() : memref<2xf32>
//   MAP-NOT:     memref.alloca
//       MAP:     scf.for
//   MAP-NOT:     scf.for
//       MAP:     gpu.terminator

// A body that loads 20 words before writing has enough in flight alone.
// MAP-LABEL: func.func @wide
//       MAP:   gpu.launch
//       MAP:     scf.for
//   MAP-NOT:     scf.for
//       MAP:     gpu.terminator

// thread_in_block maps too, up to the points a thread has (static spaces):
// a 64 x 16 copy by 256 threads gives each 4 points, all in one group; a
// map of 256 points (one per thread) is not grouped.
// MAP-LABEL: func.func @block_copy
//       MAP:   gpu.launch
//       MAP:     scf.for %{{.*}} step %c1024 {
// MAP-COUNT-4:   memref.load %{{.*}} : memref<?x?xf32>
// MAP-COUNT-4:   memref.store %{{.*}} : memref<64x16xf32>
//       MAP:     }
//       MAP:     scf.for %{{.*}} step %c256 {
//       MAP:       memref.load %{{.*}} : memref<?x?xf32>
//  MAP-NEXT:       memref.store %{{.*}} : memref<64x16xf32>
//  MAP-NEXT:     }
//       MAP:     gpu.barrier
//       MAP:     scf.for %{{.*}} step %c256 {
//   MAP-NOT:     scf.for
//       MAP:     gpu.barrier

// MAP2-LABEL: func.func @axpy
//       MAP2:   scf.for %{{.*}} {
// MAP2-COUNT-4:   memref.load
//   MAP2-NOT:     memref.load
// MAP2-COUNT-2:   memref.store
//       MAP2:   }

// NEGATIVE: error: convert-seg-to-gpu: max-blocks, sequential-threshold, small-segment-max and loads-in-flight must not be negative

func.func @sum(%x: memref<?xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %out = memref.alloca() : memref<f32>
  seg.red thread (%i) in (%n) outs(%out : memref<f32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  %r = memref.load %out[] : memref<f32>
  return %r : f32
}

func.func @product(%x: memref<?x?x4xf32>, %m: index, %n: index,
                   %out: memref<?x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %o0 = memref.subview %out[0, 0] [%m, 1] [1, 1]
      : memref<?x4xf32> to memref<?xf32, strided<[4]>>
  %o1 = memref.subview %out[0, 1] [%m, 1] [1, 1]
      : memref<?x4xf32> to memref<?xf32, strided<[4], offset: 1>>
  %o2 = memref.subview %out[0, 2] [%m, 1] [1, 1]
      : memref<?x4xf32> to memref<?xf32, strided<[4], offset: 2>>
  %o3 = memref.subview %out[0, 3] [%m, 1] [1, 1]
      : memref<?x4xf32> to memref<?xf32, strided<[4], offset: 3>>
  seg.red thread (%s, %i) in (%m, %n)
      outs(%o0, %o1, %o2, %o3 : memref<?xf32, strided<[4]>>,
           memref<?xf32, strided<[4], offset: 1>>,
           memref<?xf32, strided<[4], offset: 2>>,
           memref<?xf32, strided<[4], offset: 3>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %a = memref.load %x[%s, %i, %c0] : memref<?x?x4xf32>
    %b = memref.load %x[%s, %i, %c1] : memref<?x?x4xf32>
    %c = memref.load %x[%s, %i, %c2] : memref<?x?x4xf32>
    %d = memref.load %x[%s, %i, %c3] : memref<?x?x4xf32>
    seg.yield %a, %b, %c, %d : f32, f32, f32, f32
  } combine (%a0: f32, %b0: f32, %c0: f32, %d0: f32,
             %a1: f32, %b1: f32, %c1: f32, %d1: f32)
      neutral(%one, %zero, %zero, %one : f32, f32, f32, f32) {
    %p0 = arith.mulf %a0, %a1 : f32
    %p1 = arith.mulf %b0, %c1 : f32
    %a2 = arith.addf %p0, %p1 : f32
    %p2 = arith.mulf %a0, %b1 : f32
    %p3 = arith.mulf %b0, %d1 : f32
    %b2 = arith.addf %p2, %p3 : f32
    %p4 = arith.mulf %c0, %a1 : f32
    %p5 = arith.mulf %d0, %c1 : f32
    %c2 = arith.addf %p4, %p5 : f32
    %p6 = arith.mulf %c0, %b1 : f32
    %p7 = arith.mulf %d0, %d1 : f32
    %d2 = arith.addf %p6, %p7 : f32
    seg.yield %a2, %b2, %c2, %d2 : f32, f32, f32, f32
  }
  return
}

func.func @axpy(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32, %n: index,
                %z: memref<?xf32>) {
  seg.map thread (%i) in (%n) outs(%z : memref<?xf32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    %yi = memref.load %y[%i] : memref<?xf32>
    %p = arith.mulf %a, %xi : f32
    %s = arith.addf %p, %yi : f32
    seg.results {
      seg.returns %s into %z : memref<?xf32>
    }
  }
  return
}

// Each point writes its own element of %tmp, then reads it back.
func.func @reread(%in: memref<?xf32>, %tmp: memref<?xf32>, %n: index,
                  %out: memref<?xf32>) {
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %v = memref.load %in[%i] : memref<?xf32>
    memref.store %v, %tmp[%i] : memref<?xf32>
    %w = memref.load %tmp[%i] : memref<?xf32>
    seg.results {
      seg.returns %w into %out : memref<?xf32>
    }
  }
  return
}

func.func @private(%in: memref<?xf32>, %n: index, %out: memref<?xf32>) {
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %v = memref.load %in[%i] : memref<?xf32>
    %buf = memref.alloca() : memref<2xf32>
    memref.store %v, %buf[%c0] : memref<2xf32>
    %w = memref.load %buf[%c0] : memref<2xf32>
    seg.results {
      seg.returns %w into %out : memref<?xf32>
    }
  }
  return
}

func.func @wide(%in: memref<?x20xf32>, %n: index, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c12 = arith.constant 12 : index
    %c13 = arith.constant 13 : index
    %c14 = arith.constant 14 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    %c17 = arith.constant 17 : index
    %c18 = arith.constant 18 : index
    %c19 = arith.constant 19 : index
    %v0 = memref.load %in[%i, %c0] : memref<?x20xf32>
    %v1 = memref.load %in[%i, %c1] : memref<?x20xf32>
    %v2 = memref.load %in[%i, %c2] : memref<?x20xf32>
    %v3 = memref.load %in[%i, %c3] : memref<?x20xf32>
    %v4 = memref.load %in[%i, %c4] : memref<?x20xf32>
    %v5 = memref.load %in[%i, %c5] : memref<?x20xf32>
    %v6 = memref.load %in[%i, %c6] : memref<?x20xf32>
    %v7 = memref.load %in[%i, %c7] : memref<?x20xf32>
    %v8 = memref.load %in[%i, %c8] : memref<?x20xf32>
    %v9 = memref.load %in[%i, %c9] : memref<?x20xf32>
    %v10 = memref.load %in[%i, %c10] : memref<?x20xf32>
    %v11 = memref.load %in[%i, %c11] : memref<?x20xf32>
    %v12 = memref.load %in[%i, %c12] : memref<?x20xf32>
    %v13 = memref.load %in[%i, %c13] : memref<?x20xf32>
    %v14 = memref.load %in[%i, %c14] : memref<?x20xf32>
    %v15 = memref.load %in[%i, %c15] : memref<?x20xf32>
    %v16 = memref.load %in[%i, %c16] : memref<?x20xf32>
    %v17 = memref.load %in[%i, %c17] : memref<?x20xf32>
    %v18 = memref.load %in[%i, %c18] : memref<?x20xf32>
    %v19 = memref.load %in[%i, %c19] : memref<?x20xf32>
    %s0 = arith.addf %v0, %v1 : f32
    %s1 = arith.addf %s0, %v2 : f32
    %s2 = arith.addf %s1, %v3 : f32
    %s3 = arith.addf %s2, %v4 : f32
    %s4 = arith.addf %s3, %v5 : f32
    %s5 = arith.addf %s4, %v6 : f32
    %s6 = arith.addf %s5, %v7 : f32
    %s7 = arith.addf %s6, %v8 : f32
    %s8 = arith.addf %s7, %v9 : f32
    %s9 = arith.addf %s8, %v10 : f32
    %s10 = arith.addf %s9, %v11 : f32
    %s11 = arith.addf %s10, %v12 : f32
    %s12 = arith.addf %s11, %v13 : f32
    %s13 = arith.addf %s12, %v14 : f32
    %s14 = arith.addf %s13, %v15 : f32
    %s15 = arith.addf %s14, %v16 : f32
    %s16 = arith.addf %s15, %v17 : f32
    %s17 = arith.addf %s16, %v18 : f32
    %s18 = arith.addf %s17, %v19 : f32
    seg.results {
      seg.returns %s18 into %out : memref<?xf32>
    }
  }
  return
}

func.func @block_copy(%a: memref<?x?xf32>, %n: index, %m: index,
                      %out: memref<?xf32>) {
  seg.map block (%b) in (%n) grid(block_size = 256) {
    %sh = memref.alloca() : memref<64x16xf32>
    seg.map thread_in_block (%i, %j) in (64, 16) outs(%sh : memref<64x16xf32>) {
      %r = arith.addi %i, %b : index
      %v = memref.load %a[%r, %j] : memref<?x?xf32>
      seg.results {
        seg.returns %v into %sh : memref<64x16xf32>
      }
    }
    seg.map thread_in_block (%t) in (256) outs(%out : memref<?xf32>) {
      %c16 = arith.constant 16 : index
      %i = arith.divui %t, %c16 : index
      %j = arith.remui %t, %c16 : index
      %v = memref.load %sh[%i, %j] : memref<64x16xf32>
      seg.results {
        seg.tile_returns %v into %out tiles [(%m, 256)] : memref<?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// BOUND: error: convert-seg-to-gpu: loads-in-flight 2147483648 is more than the 255 registers per thread of target sm_90 (each element in flight holds at least one); the bound is 255
// BOUND256: error: convert-seg-to-gpu: loads-in-flight 256 is more than the 255 registers per thread of target sm_90
// BOUND1024: error: convert-seg-to-gpu: loads-in-flight 1024 is more than the 255 registers per thread
// At the bound, a dynamic-size thread map takes 255 points at a time,
// the loads of all of them (two each) before the first store.
// MAX-LABEL: func.func @axpy
// MAX: arith.constant 255 : index
// MAX: scf.for
// MAX-COUNT-510: memref.load
// MAX-NOT: memref.load
// MAX: memref.store
