// transform.seg.set_gpu_lowering's verifier and failures, at the payload op.
// RUN: seg-opt %s --transform-interpreter --split-input-file -verify-diagnostics

func.func @not_seg(%x: memref<4xf32>) {
  // expected-error @+1 {{transform.seg.set_gpu_lowering expects a seg.map, seg.red, seg.scan or seg.hist, got 'arith.constant'}}
  %c0 = arith.constant 0 : index
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["arith.constant"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.seg.set_gpu_lowering %c {block_size = 64} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["seg.red"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{strategy must be one of auto, sequential, small, large, got 'fastest'}}
    %s = transform.seg.set_gpu_lowering %r {strategy = "fastest"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["seg.scan"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{scan_strategy must be one of auto, single-pass, reduce-then-scan, got 'single_pass'}}
    %s = transform.seg.set_gpu_lowering %r {scan_strategy = "single_pass"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{attribute 'block_size' failed to satisfy constraint}}
    %s = transform.seg.set_gpu_lowering %r {block_size = 0} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A strategy of another op kind.
func.func @prefix(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  // expected-error @+1 {{'seg.gpu_lowering': strategy applies to seg.red only, not 'seg.scan'}}
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["seg.scan"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.seg.set_gpu_lowering %r {strategy = "large"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A block size next to the op's own.
func.func @sized(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  // expected-error @+1 {{'seg.gpu_lowering': block_size = 64, but the op's grid(...) gives its own block size}}
  seg.map thread (%i) in (%n) grid(block_size = 128) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.results { seg.returns %x into %out : memref<?xf32> }
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.seg.set_gpu_lowering %r {block_size = 64} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A sequential op has no kernel of its own: a silenceable failure.
func.func @sequential(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{no kernel of its own: a 'seq'-level op}}
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
    %s = transform.seg.set_gpu_lowering %r {strategy = "small"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// ... which a sequence that suppresses failures swallows.
func.func @suppressed(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
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
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%arg: !transform.any_op):
      %r = transform.structured.match ops{["seg.red"]} in %arg : (!transform.any_op) -> !transform.any_op
      %s = transform.seg.set_gpu_lowering %r {strategy = "small"} : (!transform.any_op) -> !transform.any_op
    }
    transform.yield
  }
}
