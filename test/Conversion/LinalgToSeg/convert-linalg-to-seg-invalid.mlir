// RUN: seg-opt %s --split-input-file --convert-linalg-to-seg --verify-diagnostics | FileCheck %s

// What convert-linalg-to-seg leaves alone, always with a remark saying why
// (never a wrong conversion).

// Tensor semantics: bufferize first.
// CHECK-LABEL: func.func @tensors
// CHECK: linalg.map
func.func @tensors(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  // expected-remark @+1 {{not converted to seg: operates on tensors; bufferize it first (the linalg-to-seg pipeline runs one-shot bufferization)}}
  %r = linalg.map { math.exp } ins(%a : tensor<8xf32>) outs(%b : tensor<8xf32>)
  return %r : tensor<8xf32>
}

// -----

// An indexing map that is not a projected permutation (a convolution).
// CHECK-LABEL: func.func @conv
// CHECK: linalg.generic
func.func @conv(%x: memref<10xf32>, %w: memref<3xf32>, %y: memref<8xf32>) {
  // expected-remark @+1 {{not converted to seg: indexing map #0 ((d0, d1) -> (d0 + d1)) is not a projected permutation}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : memref<10xf32>, memref<3xf32>) outs(%y : memref<8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A payload with side effects.
func.func private @log(f32) -> f32

// CHECK-LABEL: func.func @side_effects
// CHECK: linalg.generic
func.func @side_effects(%a: memref<8xf32>, %b: memref<8xf32>) {
  // expected-remark @+1 {{not converted to seg: payload op 'func.call' has side effects}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<8xf32>) outs(%b : memref<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = func.call @log(%x) : (f32) -> f32
    linalg.yield %y : f32
  }
  return
}

// -----

// A payload that is not associative is never turned into a parallel
// reduction.
// CHECK-LABEL: func.func @not_associative
// CHECK: linalg.reduce
func.func @not_associative(%a: memref<4x8xf32>, %out: memref<4xf32>) {
  // expected-remark @+1 {{not converted to seg: output #0 is not combined by a recognised associative operator (add, mul, and, or, xor, min, max on integers or floats), got 'arith.subf'; not turned into a parallel reduction}}
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%out : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %d = arith.subf %acc, %x : f32
      linalg.yield %d : f32
    }
  return
}

// -----

// An associative operator whose operand depends on the accumulator
// (acc + acc * x) is not a reduction of the inputs.
// CHECK-LABEL: func.func @acc_in_element
// CHECK: linalg.reduce
func.func @acc_in_element(%a: memref<4x8xf32>, %out: memref<4xf32>) {
  // expected-remark @+1 {{not converted to seg: output #0 is not combined with 'arith.addf' from a value independent of the outputs; not turned into a parallel reduction}}
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%out : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %p = arith.mulf %acc, %x : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// Argmax couples its two outputs: not two independent operators.
// CHECK-LABEL: func.func @argmax
// CHECK: linalg.generic
func.func @argmax(%a: memref<8xf32>, %max: memref<f32>, %idx: memref<i32>) {
  // expected-remark @+1 {{not converted to seg: output #0 is not combined with 'arith.maximumf' from a value independent of the outputs; not turned into a parallel reduction}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>],
                  iterator_types = ["reduction"]}
      ins(%a : memref<8xf32>) outs(%max, %idx : memref<f32>, memref<i32>) {
  ^bb0(%x: f32, %m: f32, %i: i32):
    %k = linalg.index 0 : index
    %ki = arith.index_cast %k : index to i32
    %gt = arith.cmpf ogt, %x, %m : f32
    %m1 = arith.maximumf %m, %x : f32
    %i1 = arith.select %gt, %ki, %i : i32
    linalg.yield %m1, %i1 : f32, i32
  }
  return
}

// -----

// Outputs indexed differently.
// CHECK-LABEL: func.func @outputs_differ
// CHECK: linalg.generic
func.func @outputs_differ(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) {
  // expected-remark @+1 {{not converted to seg: outputs are indexed differently}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x4xf32>) outs(%b, %c : memref<4x4xf32>, memref<4x4xf32>) {
  ^bb0(%x: f32, %o: f32, %p: f32):
    linalg.yield %x, %x : f32, f32
  }
  return
}

// -----

// Not a structured op.
// CHECK-LABEL: func.func @softmax_op
// CHECK: linalg.softmax
func.func @softmax_op(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-remark @+1 {{not converted to seg: is not a structured linalg op}}
  %r = linalg.softmax dimension(1) ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
