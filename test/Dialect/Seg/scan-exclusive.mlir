// RUN: seg-opt %s | seg-opt | FileCheck %s
// RUN: seg-opt %s --mlir-print-op-generic | seg-opt | FileCheck %s
// RUN: seg-opt %s --verify-roundtrip > /dev/null

// The `exclusive` keyword of seg.scan, kept through printing and the
// generic form.
// CHECK-LABEL: func.func @exclusive
// CHECK: seg.scan exclusive thread (%{{.*}}, %{{.*}}) in (%{{.*}}, 128) chunk(4) outs(%{{.*}}, %{{.*}} : memref<?x128xi32>, memref<?x128xi32>) {
// CHECK: } combine commutative (%{{.*}}: i32, %{{.*}}: i32) neutral(%{{.*}} : i32) {
// CHECK-LABEL: func.func @inclusive
// CHECK: seg.scan thread
// CHECK-NOT: exclusive
func.func @exclusive(%in: memref<?x128xi32>, %out: memref<?x128xi32>, %copy: memref<?x128xi32>, %s: index) {
  %zero = arith.constant 0 : i32
  seg.scan exclusive thread (%seg, %i) in (%s, 128) chunk(4) outs(%out, %copy : memref<?x128xi32>, memref<?x128xi32>) {
    %x = memref.load %in[%seg, %i] : memref<?x128xi32>
    seg.yield %x, %x : i32, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

func.func @inclusive(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}
