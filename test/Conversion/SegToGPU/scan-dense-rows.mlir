// RUN: seg-opt --convert-seg-to-gpu %s | FileCheck %s

// A segmented sum of a dynamic segment length n: the flagged groups test,
// once per group, whether the input rows the body loads by (segment, index)
// and the output rows have stride n. Where they do, the rows are restated
// with the segment length as their stride and each element's index is its
// global index minus segment * n, so that the products cancel in the
// addresses; the whole group's four loads are unrolled. Where they do not,
// one element at a time.
func.func @segscan_rows(%in: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xf32>
  %n = memref.dim %in, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) grid(block_size = 64) chunk(4)
      outs(%out : memref<?x?xf32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// CHECK-LABEL: func.func @segscan_rows
// CHECK:         %[[N:.*]] = memref.dim %arg0, %c1
// CHECK:         gpu.launch
// The test once per kernel, before the loop over the groups.
// CHECK:           %{{.*}}, %{{.*}}, %{{.*}}:2, %[[IN_STRIDES:.*]]:2 = memref.extract_strided_metadata %arg0
// CHECK:           %[[IN_DENSE:.*]] = arith.cmpi eq, %[[IN_STRIDES]]#0, %[[N]] : index
// CHECK:           %{{.*}}, %{{.*}}, %{{.*}}:2, %[[OUT_STRIDES:.*]]:2 = memref.extract_strided_metadata %arg1
// CHECK:           %[[OUT_DENSE:.*]] = arith.cmpi eq, %[[OUT_STRIDES]]#0, %[[N]] : index
// CHECK:           %[[DENSE:.*]] = arith.andi %{{.*}}, %[[OUT_DENSE]] : i1
// CHECK:           scf.while
// CHECK:         } else {
// CHECK:           scf.if %[[DENSE]] {
// CHECK:             %[[IN_ROWS:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%{{.*}}, %{{.*}}], strides: [%[[N]], 1]
// CHECK:             %[[OUT_ROWS:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [%{{.*}}, %{{.*}}], strides: [%[[N]], 1]
// CHECK:             arith.muli %{{.*}}, %[[N]] : index
// CHECK:             %[[PRODUCT:.*]] = arith.muli %[[SEGMENT:[^,]*]], %[[N]] : index
// CHECK-NEXT:        %[[GLOBAL:.*]] = arith.addi
// CHECK-NEXT:        %[[INDEX:.*]] = arith.subi %[[GLOBAL]], %[[PRODUCT]] : index
// CHECK:             memref.load %[[IN_ROWS]][%[[SEGMENT]], %[[INDEX]]]
// CHECK-COUNT-3:     memref.load %[[IN_ROWS]]
// CHECK:             memref.store %{{.*}}, %[[OUT_ROWS]]
// CHECK:           } else {
// CHECK:             scf.for
// CHECK:               memref.load %arg0
// CHECK:             memref.store %{{.*}}, %arg1
// CHECK:           gpu.terminator
