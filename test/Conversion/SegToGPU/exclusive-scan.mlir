// RUN: seg-opt --convert-seg-to-gpu %s | FileCheck %s
// RUN: seg-opt --convert-seg-to-gpu="scan-strategy=reduce-then-scan" %s | FileCheck %s

// An exclusive scan runs as the inclusive scan of the body shifted by one
// point: the element loaded at max(i, 1) - 1, the neutral value at segment
// starts; the map-only output still reads the point itself.
// CHECK-LABEL: func.func @exclusive(
// CHECK-SAME: %[[IN:[^:]+]]: memref<?x?xi64>
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0 : i64
// CHECK: gpu.launch
// CHECK: %[[CLAMPED:.+]] = arith.maxui %[[I:.+]], %[[ONE:.+]] : index
// CHECK-NEXT: %[[PREV:.+]] = arith.subi %[[CLAMPED]], %[[ONE]]
// CHECK-NEXT: %[[X:.+]] = memref.load %[[IN]][%[[S:.+]], %[[PREV]]]
// CHECK-NEXT: %{{.+}} = arith.select %{{.+}}, %[[ZERO]], %[[X]] : i64
// CHECK-NEXT: %{{.+}} = memref.load %[[IN]][%[[S]], %[[I]]]
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
