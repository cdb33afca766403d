// transform.seg.convert_linalg gives exactly what convert-linalg-to-seg
// gives on the same ops (a reduction absorbing its fill, a contraction),
// and returns the new seg ops.
// RUN: seg-opt %s --transform-interpreter -o %t.transform 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: seg-opt %s --convert-linalg-to-seg -o %t.pass
// RUN: sed -e '/transform.named_sequence/,/^  }$/d' %t.pass > %t.pass.payload
// RUN: sed -e '/transform.named_sequence/,/^  }$/d' %t.transform | diff %t.pass.payload -
// RUN: FileCheck %s < %t.transform

// The pass's remark, then the transform's on the op the handle returns.
// REMARK: convert-linalg.mlir:[[#ROW:]]:3: remark: seg.red thread over (d0, d1), segments (d0): input #0 is read along d1; output #0 starts from its fill
// REMARK: convert-linalg.mlir:[[#MM:]]:3: remark: seg.map thread over (d0, d1) with a seq seg.red over (d2) per thread: a contraction, the form seg-tile-block-register tiles
// REMARK: convert-linalg.mlir:[[#ROW]]:3: remark: converted
// REMARK: convert-linalg.mlir:[[#MM]]:3: remark: converted

// CHECK-LABEL: func.func @row_sums
// CHECK-NOT: linalg.fill
// CHECK: seg.red thread
// CHECK-LABEL: func.func @matmul
// CHECK: seg.map thread
// CHECK: seg.red seq
func.func @row_sums(%x: memref<37x45xf32>, %out: memref<37xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<37xf32>)
  linalg.reduce { arith.addf } ins(%x : memref<37x45xf32>) outs(%out : memref<37xf32>) dimensions = [1]
  return
}

func.func @matmul(%a: memref<67x45xbf16>, %b: memref<45x93xbf16>, %c: memref<67x93xf32>) {
  linalg.matmul ins(%a, %b : memref<67x45xbf16>, memref<45x93xbf16>) outs(%c : memref<67x93xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.reduce", "linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %seg = transform.seg.convert_linalg %ops {remarks} : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %seg, "converted" : !transform.any_op
    transform.yield
  }
}
