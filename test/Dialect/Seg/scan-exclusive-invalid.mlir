// RUN: seg-opt %s --split-input-file --verify-diagnostics

// `exclusive` belongs to seg.scan only.
func.func @red(%in: memref<?xi32>, %out: memref<i32>, %n: index) {
  %zero = arith.constant 0 : i32
  // expected-error @+1 {{'exclusive' only applies to seg.scan}}
  seg.red exclusive thread (%i) in (%n) outs(%out : memref<i32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// -----

func.func @map(%out: memref<?xi32>, %n: index) {
  // expected-error @+1 {{expected level 'thread', 'block', 'thread_in_block' or 'seq', got 'exclusive'}}
  seg.map exclusive thread (%i) in (%n) outs(%out : memref<?xi32>) {
    seg.results {
    }
  }
  return
}

// -----

// The exclusive form has the inclusive form's rules: one result per
// accumulator with the shape of the space.
func.func @shape(%in: memref<?x16xi32>, %out: memref<16xi32>, %s: index) {
  %zero = arith.constant 0 : i32
  // expected-error @+1 {{'seg.scan' op outs #0 (scan result) must have rank 2, got 'memref<16xi32>'}}
  seg.scan exclusive thread (%seg, %i) in (%s, 16) outs(%out : memref<16xi32>) {
    %x = memref.load %in[%seg, %i] : memref<?x16xi32>
    seg.yield %x : i32
  } combine (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}
