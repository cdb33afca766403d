// RUN: seg-opt --convert-seg-to-gpu --split-input-file --verify-diagnostics %s
// RUN: not seg-opt --convert-seg-to-gpu="hist-strategy=fastest" %s 2>&1 | FileCheck %s --check-prefix=STRATEGY

// The option parser generated from the pass definition rejects the value.
// STRATEGY: for the --hist-strategy option: Cannot find option named 'fastest'!

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

// -----

// Operators of several accumulators are updated under a lock, but each
// accumulator must still be a scalar the kernels support.
func.func @locked_wide_integer(%h: memref<8xi64>, %g: memref<8xi128>, %v: i64, %w: i128, %b: index) {
  // expected-error @+1 {{'seg.hist' op operator operand type 'i128' has no GPU lowering}}
  seg.hist thread (%i) in (16) outs(%h, %g : memref<8xi64>, memref<8xi128>) {
    seg.yield %b, %v, %w : index, i64, i128
  } combine commutative (%x: i64, %y: i128, %z: i64, %u: i128) neutral(%v, %w : i64, i128) {
    %s = arith.addi %x, %z : i64
    %t = arith.addi %y, %u : i128
    seg.yield %s, %t : i64, i128
  }
  return
}
