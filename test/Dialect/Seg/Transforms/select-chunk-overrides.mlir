// RUN: seg-opt %s --split-input-file --seg-select-chunk="chunk=40" --verify-diagnostics | FileCheck %s

// Overrides are checked against the same bounds as the model's choices.

// Legal and within the register budget: taken as is.
// CHECK-LABEL: func @legal
// CHECK: chunk(40)
func.func @legal(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%i) in (%n) grid(block_size = 128) outs(%out : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}

// -----

// Block 1024 x chunk 40 x 8 bytes = 327680 bytes of shared memory.
func.func @too_much_shared_memory(%in: memref<?xf64>, %out: memref<f64>, %n: index) {
  %zero = arith.constant 0.0 : f64
  // expected-error @+1 {{'seg.red' op chunk 40 from the option 'chunk' (too_much_shared_memory.red0.chunk) is illegal: chunk 40 needs 327680 bytes of shared memory (block size 1024 x chunk 40 x 8 bytes) but target sm_90 allows 232448 per block}}
  seg.red thread (%i) in (%n) grid(block_size = 1024) outs(%out : memref<f64>) {
    %x = memref.load %in[%i] : memref<?xf64>
    seg.yield %x : f64
  } combine (%a: f64, %b: f64) neutral(%zero : f64) {
    %s = arith.addf %a, %b : f64
    seg.yield %s : f64
  }
  return
}

// -----

// Fits in shared memory (1024 x 40 x 4 = 163840 bytes) but needs about
// 40 + 1 + 7 = 48 registers of the 64 that block size 1024 leaves; with
// two f32 operands it is 2 * 40 + 2 + 7 = 89: a warning, and it is used.
// CHECK-LABEL: func @spills
// CHECK: chunk(40)
func.func @spills(%in: memref<?xf32>, %o: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  // expected-warning @+1 {{chunk 40 from the option 'chunk' (spills.red0.chunk): chunk 40 needs about 249 registers per thread but block size 1024 leaves 64 on target sm_90; expect register spilling}}
  seg.red thread (%i) in (%n) grid(block_size = 1024) outs(%o, %o : memref<f32>, memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x, %x : f32, f32
  } combine (%a0: f32, %a1: f32, %b0: f32, %b1: f32) neutral(%zero, %zero : f32, f32) {
    seg.yield %b0, %a1 : f32, f32
  }
  return
}

// -----

// The scan's transposition holds chunk elements per thread:
// 1024 x 40 x 8 = 327680 bytes.
func.func @scan_too_much_shared_memory(%in: memref<?xi64>, %out: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : i64
  // expected-error @+1 {{'seg.scan' op sequentiality degree 40 from the option 'chunk' (scan_too_much_shared_memory.scan0.chunk) is illegal: sequentiality degree 40 needs 327680 bytes of shared memory (block size 1024 x m 40 x 8 bytes) but target sm_90 allows 232448 per block}}
  seg.scan thread (%i) in (%n) grid(block_size = 1024) outs(%out : memref<?xi64>) {
    %x = memref.load %in[%i] : memref<?xi64>
    seg.yield %x : i64
  } combine commutative (%a: i64, %b: i64) neutral(%zero : i64) {
    %s = arith.addi %a, %b : i64
    seg.yield %s : i64
  }
  return
}
