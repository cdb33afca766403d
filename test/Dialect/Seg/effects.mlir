// RUN: seg-opt %s --canonicalize | FileCheck %s

// seg.red and seg.scan write their outs: a body that only loads does not
// make them dead code.
// CHECK-LABEL: func.func @kept
// CHECK: seg.red thread
// CHECK: seg.scan thread
func.func @kept(%in: memref<?xf32>, %sum: memref<f32>, %scan: memref<?xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%i) in (%n) outs(%sum : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  seg.scan thread (%i) in (%n) outs(%scan : memref<?xf32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}
