// RUN: seg-opt --convert-seg-to-gpu=strategy=large --canonicalize --cse %s | FileCheck %s --check-prefix=LARGE
// RUN: seg-opt --convert-seg-to-gpu="strategy=large loads-in-flight=3" --canonicalize --cse %s | FileCheck %s --check-prefix=THREE
// RUN: seg-opt --convert-seg-to-gpu="strategy=large loads-in-flight=1" --canonicalize --cse %s | FileCheck %s --check-prefix=ONE
// RUN: seg-opt --convert-seg-to-gpu=strategy=sequential --canonicalize --cse %s | FileCheck %s --check-prefix=SEQ
// RUN: not seg-opt --convert-seg-to-gpu=loads-in-flight=-1 %s 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// A thread's loop over its elements evaluates several of them (their loads
// in flight together) before combining them in order; a second loop takes
// the rest. By default as many as 16 registers hold, at most 8: 8 for one
// f32, 4 for a 2x2 matrix of f32.

// LARGE-LABEL: func.func @sum
//       LARGE:   function(@sum_large_segments)
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
