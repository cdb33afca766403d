// transform.seg.select_chunk's verifier and failures, at the payload op.
// RUN: seg-opt %s --transform-interpreter --split-input-file -verify-diagnostics

func.func @not_red(%x: memref<4xf32>) {
  // expected-error @+1 {{transform.seg.select_chunk expects a seg.red or seg.scan, got 'arith.constant'}}
  %c0 = arith.constant 0 : index
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["arith.constant"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.seg.select_chunk %c : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @sequential(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{no chunk at level 'seq': only a kernel's own (thread-level) ops step through chunks}}
  seg.red seq (%i) in (%n) outs(%out : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["seg.red"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.seg.select_chunk %r : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An illegal chunk is the pass's error, at the payload op.
func.func @too_long(%in: memref<?xi32>, %out: memref<i32>, %out2: memref<i32>, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  // expected-error @+1 {{chunk 100000 from the option 'chunk' (too_long.red0.chunk) is illegal}}
  seg.red thread (%i) in (%n) outs(%out, %out2 : memref<i32>, memref<i32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x, %x : i32, i32
  } combine (%a: i32, %b: i32, %c: i32, %d: i32) neutral(%zero, %one : i32, i32) {
    %s = arith.addi %a, %c : i32
    %p = arith.muli %b, %d : i32
    seg.yield %s, %p : i32, i32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["seg.red"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.seg.select_chunk %r {chunk = 100000} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["seg.red"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{attribute 'block_size' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
    %s = transform.seg.select_chunk %r {block_size = 0} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
