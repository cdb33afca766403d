// RUN: seg-opt %s --convert-seg-to-scf --cse | FileCheck %s

// A histogram is a loop nest over the whole space; at every point the
// operator combines the value into the bin named by the body, under a check
// that the bin is in range (unsigned, so a negative bin is out of range
// too). Segment dimensions index the histogram before the bin.

// CHECK-LABEL: func @segmented
// CHECK-SAME: (%[[IN:.*]]: memref<2x?xi32>, %[[H:.*]]: memref<2x10xi32>, %[[N:.*]]: index)
// CHECK: scf.for %[[S:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   scf.for %[[I:.*]] = %{{.*}} to %[[N]] step
// CHECK:     %[[V:.*]] = memref.load %[[IN]][%[[S]], %[[I]]]
// CHECK:     %[[BIN:.*]] = arith.index_cast %[[V]] : i32 to index
// CHECK:     %[[BINS:.*]] = arith.constant 10 : index
// CHECK:     %[[OK:.*]] = arith.cmpi ult, %[[BIN]], %[[BINS]] : index
// CHECK:     scf.if %[[OK]] {
// CHECK:       %[[ACC:.*]] = memref.load %[[H]][%[[S]], %[[BIN]]]
// CHECK:       %[[SUM:.*]] = arith.addi %[[ACC]], %{{.*}} : i32
// CHECK:       memref.store %[[SUM]], %[[H]][%[[S]], %[[BIN]]]
func.func @segmented(%in: memref<2x?xi32>, %h: memref<2x10xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.hist thread (%s, %i) in (2, %n) outs(%h : memref<2x10xi32>) {
    %v = memref.load %in[%s, %i] : memref<2x?xi32>
    %bin = arith.index_cast %v : i32 to index
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}
