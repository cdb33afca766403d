// transform.seg.column_schedule's failures point at the payload op.
// RUN: seg-opt %s --transform-interpreter --split-input-file -verify-diagnostics

func.func @not_a_map(%x: memref<4xf32>) {
  // expected-error @+1 {{transform.seg.column_schedule expects a seg.map, got 'arith.constant'}}
  %c0 = arith.constant 0 : index
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["arith.constant"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.seg.column_schedule %c : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// What the pass leaves alone with a remark is a silenceable failure.
func.func @rank1(%A: memref<?xf32>, %B: memref<?xf32>, %n: index) {
  // expected-error @+1 {{column schedule: left alone: rank 1, a single row has no columns}}
  seg.map thread (%i) in (%n) outs(%B : memref<?xf32>) {
    %x = memref.load %A[%i] : memref<?xf32>
    seg.results {
      seg.returns %x into %B : memref<?xf32>
    }
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.seg.column_schedule %m : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{'transform.seg.column_schedule' op attribute 'width' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
    %s = transform.seg.column_schedule %m {width = 0} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
