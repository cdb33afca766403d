// RUN: seg-opt %s | seg-opt | FileCheck %s
// RUN: seg-opt %s --mlir-print-op-generic | seg-opt | FileCheck %s
// RUN: seg-opt %s --verify-roundtrip > /dev/null

// seg.hist in custom and generic form.

// CHECK-LABEL: func @bincount
// CHECK: seg.hist thread (%[[I:.*]]) in (%{{.*}}) outs(%{{.*}} : memref<256xi32>) {
// CHECK:   seg.yield %{{.*}}, %{{.*}} : index, i32
// CHECK: } combine commutative (%[[A:.*]]: i32, %[[B:.*]]: i32) neutral(%{{.*}} : i32) {
// CHECK:   arith.addi %[[A]], %[[B]] : i32
func.func @bincount(%in: memref<?xi32>, %counts: memref<256xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.hist thread (%i) in (%n) outs(%counts : memref<256xi32>) {
    %v = memref.load %in[%i] : memref<?xi32>
    %bin = arith.index_cast %v : i32 to index
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// Two segments, two operators (one with two accumulators), a grid.
// CHECK-LABEL: func @segmented_two_operators
// CHECK: seg.hist thread (%{{.*}}, %{{.*}}) in (2, %{{.*}}) grid(num_blocks = 8, block_size = 128) outs(%{{.*}}, %{{.*}}, %{{.*}} : memref<2x10xf32>, memref<2x?xi32>, memref<2x?xi32>) {
// CHECK:   seg.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : index, f32, index, i32, i32
// CHECK: } combine commutative (%{{.*}}: f32, %{{.*}}: f32) neutral(%{{.*}} : f32) {
// CHECK: } combine commutative (%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) neutral(%{{.*}}, %{{.*}} : i32, i32) {
// CHECK: } attributes {tag = "kept"}
func.func @segmented_two_operators(%in: memref<2x?xf32>, %sums: memref<2x10xf32>,
                                   %mins: memref<2x?xi32>, %idx: memref<2x?xi32>,
                                   %n: index) {
  %zero = arith.constant 0.0 : f32
  %max = arith.constant 2147483647 : i32
  seg.hist thread (%s, %i) in (2, %n) grid(num_blocks = 8, block_size = 128) outs(%sums, %mins, %idx : memref<2x10xf32>, memref<2x?xi32>, memref<2x?xi32>) {
    %v = memref.load %in[%s, %i] : memref<2x?xf32>
    %b = arith.fptosi %v : f32 to i32
    %bin = arith.index_cast %b : i32 to index
    %i32 = arith.index_cast %i : index to i32
    seg.yield %bin, %v, %bin, %b, %i32 : index, f32, index, i32, i32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  } combine commutative (%av: i32, %ai: i32, %bv: i32, %bi: i32) neutral(%max, %max : i32, i32) {
    %lt = arith.cmpi slt, %bv, %av : i32
    %v = arith.select %lt, %bv, %av : i32
    %j = arith.select %lt, %bi, %ai : i32
    seg.yield %v, %j : i32, i32
  } attributes {tag = "kept"}
  return
}

// CHECK-LABEL: func @sequential
// CHECK: seg.hist seq (%{{.*}}) in (16) outs(%{{.*}} : memref<4xi8>) {
func.func @sequential(%in: memref<16xi8>, %h: memref<4xi8>) {
  %zero = arith.constant 0 : i8
  seg.hist seq (%i) in (16) outs(%h : memref<4xi8>) {
    %v = memref.load %in[%i] : memref<16xi8>
    %c3 = arith.constant 3 : index
    %bin = arith.andi %i, %c3 : index
    seg.yield %bin, %v : index, i8
  } combine commutative (%a: i8, %b: i8) neutral(%zero : i8) {
    %r = arith.maxui %a, %b : i8
    seg.yield %r : i8
  }
  return
}
