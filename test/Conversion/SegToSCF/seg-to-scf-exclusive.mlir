// RUN: seg-opt %s --convert-seg-to-scf --cse | FileCheck %s

// An exclusive scan stores the accumulator before the point is combined:
// the neutral value at the start of every segment. Map-only outputs are
// written at the point as in the inclusive form.
// CHECK-LABEL: func.func @exclusive(
// CHECK-SAME: %[[IN:[^:]+]]: memref<?x?xi64>, %[[OUT:[^:]+]]: memref<?x?xi64>, %[[COPY:[^:]+]]: memref<?x?xi64>
// CHECK: %[[ZERO:.+]] = arith.constant 0 : i64
// CHECK: scf.for %[[S:.+]] = %c0 to %{{.+}} step %c1 {
// CHECK-NEXT: scf.for %[[I:.+]] = %c0 to %{{.+}} step %c1 iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (i64) {
// CHECK-NEXT: %[[X:.+]] = memref.load %[[IN]][%[[S]], %[[I]]]
// CHECK-NEXT: memref.store %[[X]], %[[COPY]][%[[S]], %[[I]]]
// CHECK-NEXT: %[[NEXT:.+]] = arith.addi %[[ACC]], %[[X]]
// CHECK-NEXT: memref.store %[[ACC]], %[[OUT]][%[[S]], %[[I]]]
// CHECK-NEXT: scf.yield %[[NEXT]]
func.func @exclusive(%in: memref<?x?xi64>, %out: memref<?x?xi64>, %copy: memref<?x?xi64>, %s: index, %n: index) {
  %zero = arith.constant 0 : i64
  seg.scan exclusive thread (%seg, %i) in (%s, %n) outs(%out, %copy : memref<?x?xi64>, memref<?x?xi64>) {
    %x = memref.load %in[%seg, %i] : memref<?x?xi64>
    seg.yield %x, %x : i64, i64
  } combine commutative (%a: i64, %b: i64) neutral(%zero : i64) {
    %r = arith.addi %a, %b : i64
    seg.yield %r : i64
  }
  return
}
