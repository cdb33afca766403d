// A named contraction op written in generic form with a body of its own
// (max-plus instead of multiply-add) is rejected by upstream's verifier when
// the program is parsed, at the op and with its location; the front door
// never sees it, and seg-opt exits non-zero.
// RUN: not seg-opt %s --linalg-to-seg 2>&1 | FileCheck %s
// RUN: not seg-opt %s --convert-linalg-to-seg 2>&1 | FileCheck %s

// CHECK: named-contraction-body.mlir:[[#@LINE+2]]:3: error: expected add/mul op in the body
func.func @max_plus(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %c: memref<4x4xf32>) {
  "linalg.matmul"(%a, %b, %c) ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %z, %s : f32
    linalg.yield %m : f32
  }) {operandSegmentSizes = array<i32: 2, 1>} : (memref<4x8xf32>, memref<8x4xf32>, memref<4x4xf32>) -> ()
  return
}
