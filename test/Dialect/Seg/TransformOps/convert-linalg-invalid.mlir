// transform.seg.convert_linalg's failures point at the payload op: a
// payload that is not a linalg op is an error; an op the front door leaves
// alone is a silenceable failure with the pass's reason.
// RUN: seg-opt %s --transform-interpreter --split-input-file -verify-diagnostics

func.func @not_linalg(%x: memref<4xf32>) {
  // expected-error @+1 {{transform.seg.convert_linalg expects a linalg op, got 'arith.constant'}}
  %c0 = arith.constant 0 : index
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["arith.constant"]} in %root : (!transform.any_op) -> !transform.any_op
    %seg = transform.seg.convert_linalg %c : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_associative(%x: memref<37x45xf32>, %out: memref<37xf32>) {
  // expected-error @+1 {{not converted to seg: output #0 is not combined by a recognised associative operator}}
  linalg.reduce { arith.subf } ins(%x : memref<37x45xf32>) outs(%out : memref<37xf32>) dimensions = [1]
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
    %seg = transform.seg.convert_linalg %r : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The failure is silenceable: a sequence that suppresses it goes on.
func.func @suppressed(%x: memref<37x45xf32>, %out: memref<37xf32>) {
  // expected-remark @+1 {{left as it was}}
  linalg.reduce { arith.subf } ins(%x : memref<37x45xf32>) outs(%out : memref<37xf32>) dimensions = [1]
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%arg: !transform.any_op):
      %seg = transform.seg.convert_linalg %r : (!transform.any_op) -> !transform.any_op
    }
    %again = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %again, "left as it was" : !transform.any_op
    transform.yield
  }
}
