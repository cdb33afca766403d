// transform.seg.set_gpu_lowering attaches convert-seg-to-gpu's options to
// the ops its handle holds: lowering the result gives exactly what the pass
// gives with the same values as options. A second set_gpu_lowering on the
// same op keeps the fields it does not give.
// RUN: seg-opt %s --transform-interpreter -o %t.transform
// RUN: FileCheck %s < %t.transform
// RUN: seg-opt %t.transform --convert-seg-to-gpu -o %t.lowered
// RUN: sed -e '/transform.named_sequence/,/^  }$/d' %t.lowered > %t.lowered.payload
// RUN: seg-opt %s --convert-seg-to-gpu="strategy=large scan-strategy=reduce-then-scan hist-strategy=global-atomic block-size=128 loads-in-flight=2" -o %t.pass
// RUN: sed -e '/transform.named_sequence/,/^  }$/d' %t.pass | diff %t.lowered.payload -

// CHECK-LABEL: func.func @rows
// CHECK: seg.red thread
// CHECK: } attributes {seg.gpu_lowering = #seg.gpu_lowering<strategy = large, block_size = 128, loads_in_flight = 2>}
// CHECK-LABEL: func.func @prefix
// CHECK: } attributes {seg.gpu_lowering = #seg.gpu_lowering<scan_strategy = "reduce-then-scan", block_size = 128>}
// CHECK-LABEL: func.func @bincount
// CHECK: } attributes {seg.gpu_lowering = #seg.gpu_lowering<hist_strategy = "global-atomic", block_size = 128, loads_in_flight = 2>}
// CHECK-LABEL: func.func @copy
// CHECK: } attributes {seg.gpu_lowering = #seg.gpu_lowering<block_size = 128, loads_in_flight = 2>}

func.func @rows(%in: memref<?x?xf32>, %out: memref<?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%s, %i) in (%m, %n) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @prefix(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

func.func @bincount(%in: memref<?xi32>, %h: memref<256xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %v = memref.load %in[%i] : memref<?xi32>
    %bin = arith.index_cast %v : i32 to index
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

func.func @copy(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.results { seg.returns %x into %out : memref<?xf32> }
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %red = transform.structured.match ops{["seg.red"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %red2 = transform.seg.set_gpu_lowering %red {strategy = "large"}
        : (!transform.any_op) -> !transform.any_op
    %scan = transform.structured.match ops{["seg.scan"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %scan2 = transform.seg.set_gpu_lowering %scan {scan_strategy = "reduce-then-scan"}
        : (!transform.any_op) -> !transform.any_op
    %hist = transform.structured.match ops{["seg.hist"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %hist2 = transform.seg.set_gpu_lowering %hist {hist_strategy = "global-atomic", loads_in_flight = 2}
        : (!transform.any_op) -> !transform.any_op
    %map = transform.structured.match ops{["seg.map"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %map2 = transform.seg.set_gpu_lowering %map {loads_in_flight = 2}
        : (!transform.any_op) -> !transform.any_op
    // The same handles again: fields given earlier are kept.
    %all = transform.merge_handles %red2, %scan2, %hist2, %map2
        : !transform.any_op
    %all2 = transform.seg.set_gpu_lowering %all {block_size = 128}
        : (!transform.any_op) -> !transform.any_op
    %red3 = transform.seg.set_gpu_lowering %red2 {loads_in_flight = 2}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
