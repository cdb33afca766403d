// transform.seg.select_chunk gives exactly what seg-select-chunk gives with
// the same options, on the ops its handle holds, and returns them.
// RUN: seg-opt %s --transform-interpreter -o %t.transform 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: seg-opt %s --seg-select-chunk="block-size=128 avoid-multiples-of-8" -o %t.pass
// RUN: sed -e '/transform.named_sequence/,/^  }$/d' %t.pass > %t.pass.payload
// RUN: sed -e '/transform.named_sequence/,/^  }$/d' %t.transform | diff %t.pass.payload -
// RUN: FileCheck %s < %t.transform

// REMARK: select-chunk.mlir:[[#RED:]]:3: remark: lss.red0.chunk: chunk {{[0-9]+}}
// REMARK: select-chunk.mlir:[[#SCAN:]]:3: remark: prefix.scan0.chunk: sequentiality degree {{[0-9]+}}
// REMARK: select-chunk.mlir:[[#RED]]:3: remark: selected
// REMARK: select-chunk.mlir:[[#SCAN]]:3: remark: selected

// CHECK-LABEL: func.func @lss
// CHECK: seg.red thread {{.*}} chunk(
// CHECK-LABEL: func.func @prefix
// CHECK: seg.scan thread {{.*}} chunk(

// A non-commutative operator (a 2 x 2 integer matrix product): the chunk
// comes from the model.
func.func @lss(%in: memref<?xi32>, %out: memref<i32>, %out2: memref<i32>, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
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

func.func @prefix(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xf32>) {
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
    %ops = transform.structured.match ops{["seg.red", "seg.scan"]} in %root : (!transform.any_op) -> !transform.any_op
    %same = transform.seg.select_chunk %ops {block_size = 128, avoid_multiples_of_8, remarks} : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %same, "selected" : !transform.any_op
    transform.yield
  }
}
