// RUN: seg-opt %s --convert-seg-to-gpu="remarks strategy=large loads-in-flight=4" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s

// An op's #seg.gpu_lowering replaces the pass's options for that op only:
// the first reduction takes the small strategy in blocks of 64 threads, the
// second the pass's options (a small-strategy reduction keeps a large-segment
// kernel for segments longer than the block).

// CHECK: gpu-lowering-attr.mlir:[[#]]:3: remark: plan: reduction: block size 64, {{.*}}, strategy small, {{.*}}, loads in flight 2,
// CHECK: gpu-lowering-attr.mlir:[[#]]:3: remark: plan: reduction: block size 256, {{.*}}, strategy large, {{.*}}, loads in flight 4,
// CHECK: gpu-lowering-attr.mlir:[[#]]:3: remark: plan: scan: block size 256, {{.*}}, reduce-then-scan,
// CHECK-LABEL: func.func @rows(
// CHECK: threads({{.*}} = %c64{{.*}} function(@rows_small_segments)
// CHECK-LABEL: func.func @rows_default(
// CHECK-NOT: small_segments
// CHECK: threads({{.*}} = %c256{{.*}} function(@rows_default_large_segments)
// CHECK-LABEL: func.func @prefix(
// CHECK: function(@prefix_group_aggregates)

func.func @rows(%in: memref<?x?xf32>, %out: memref<?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%s, %i) in (%m, %n) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  } attributes {seg.gpu_lowering = #seg.gpu_lowering<strategy = small, block_size = 64, loads_in_flight = 2>}
  return
}

func.func @rows_default(%in: memref<?x?xf32>, %out: memref<?xf32>, %m: index, %n: index) {
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
  } attributes {seg.gpu_lowering = #seg.gpu_lowering<scan_strategy = "reduce-then-scan">}
  return
}
