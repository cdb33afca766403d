// RUN: seg-opt %s --split-input-file --linalg-to-seg=remarks --verify-diagnostics | FileCheck %s

// A tensor program: bufferized across function boundaries (plain memrefs
// in the signature), the fill absorbed, the row sums a seg.red.
// CHECK-LABEL: func.func @rowsum(
// CHECK-SAME: %[[A:.+]]: memref<4x8xf32>) -> memref<4xf32>
// CHECK-NOT: linalg.
// CHECK: %[[OUT:.+]] = memref.alloc() {{.*}}: memref<4xf32>
// CHECK: seg.red thread (%{{.+}}, %{{.+}}) in (4, 8) outs(%[[OUT]] : memref<4xf32>)
// CHECK: return %[[OUT]]
func.func @rowsum(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // expected-remark @+1 {{seg.red thread over (d0, d1), segments (d0): input #0 is read along d1; output #0 starts from its fill}}
  %r = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
  return %r : tensor<4xf32>
}

// -----

// A program bufferization rejects ends in bufferization's diagnostic.
func.func @loop(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %m = linalg.map { math.exp } ins(%t : tensor<8xf32>) outs(%e : tensor<8xf32>)
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %m : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// What is left after bufferization is explained.
// CHECK-LABEL: func.func @subtract
// CHECK: linalg.reduce
func.func @subtract(%a: tensor<4x8xi32>, %init: tensor<4xi32>) -> tensor<4xi32> {
  // expected-remark @+1 {{not converted to seg: output #0 is not combined by a recognised associative operator}}
  %r = linalg.reduce ins(%a : tensor<4x8xi32>) outs(%init : tensor<4xi32>) dimensions = [1]
    (%x: i32, %acc: i32) {
      %d = arith.subi %acc, %x : i32
      linalg.yield %d : i32
    }
  return %r : tensor<4xi32>
}
