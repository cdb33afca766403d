// RUN: seg-opt --convert-seg-to-gpu --split-input-file --verify-diagnostics %s
// RUN: not seg-opt --convert-seg-to-gpu="hist-strategy=fastest" %s 2>&1 | FileCheck %s --check-prefix=STRATEGY

// The option parser generated from the pass definition rejects the value.
// STRATEGY: for the --hist-strategy option: Cannot find option named 'fastest'!

// Two accumulators cannot be updated by one atomic.
func.func @two_accumulators(%h: memref<8xi32>, %g: memref<8xi32>, %v: i32, %b: index) {
  // expected-error @+1 {{'seg.hist' op operator #0 has 2 accumulators; convert-seg-to-gpu updates a bin with one atomic of at most 64 bits (pack the values into one integer, as an argmin packs key and index)}}
  seg.hist thread (%i) in (16) outs(%h, %g : memref<8xi32>, memref<8xi32>) {
    seg.yield %b, %v, %v : index, i32, i32
  } combine commutative (%x: i32, %y: i32, %z: i32, %w: i32) neutral(%v, %v : i32, i32) {
    %s = arith.addi %x, %z : i32
    %t = arith.maxsi %y, %w : i32
    seg.yield %s, %t : i32, i32
  }
  return
}

// -----

// Histogram values must be scalars the kernels support.
func.func @wide_integer(%h: memref<8xi128>, %v: i128, %b: index) {
  // expected-error @+1 {{'seg.hist' op operator operand type 'i128' has no GPU lowering}}
  seg.hist thread (%i) in (16) outs(%h : memref<8xi128>) {
    seg.yield %b, %v : index, i128
  } combine commutative (%x: i128, %y: i128) neutral(%v : i128) {
    %s = arith.addi %x, %y : i128
    seg.yield %s : i128
  }
  return
}
