// transform.seg.tile_block_register gives exactly what
// seg-tile-block-register gives with the same options, on the maps its
// handle holds: a CUDA-core GEMM at the model's tiles, a tensor-core one
// (mma) with explicit k-tile and block order, and returns the tiled maps.
// RUN: seg-opt %s --transform-interpreter -o %t.transform 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: seg-opt %s --seg-tile-block-register -o %t.model
// RUN: sed -e '/transform.named_sequence/,/^  }$/d' %t.model | sed -n '/func.func @sgemm/,/^  }$/p' > %t.model.sgemm
// RUN: sed -n '/func.func @sgemm/,/^  }$/p' %t.transform | diff %t.model.sgemm -
// RUN: seg-opt %s --seg-tile-block-register="mma=bf16 tk=32 swizzle=3" -o %t.mma
// RUN: sed -n '/func.func @gemm_bf16/,/^  }$/p' %t.mma > %t.mma.bf16
// RUN: sed -n '/func.func @gemm_bf16/,/^  }$/p' %t.transform | diff %t.mma.bf16 -
// RUN: FileCheck %s < %t.transform

// REMARK: tile-block-register.mlir:[[#SGEMM:]]:3: remark: tiled: 128x128 per block of 16x16 threads
// REMARK: tile-block-register.mlir:[[#BF16:]]:3: remark: tiled on tensor cores (bf16, m16n8k16): {{.*}} k-tile 32, {{.*}} blocks in groups of 3 rows (from the options)
// REMARK: tile-block-register.mlir:[[#SGEMM]]:3: remark: tiled
// REMARK: tile-block-register.mlir:[[#BF16]]:3: remark: tiled

// CHECK-LABEL: func.func @sgemm
// CHECK: seg.map block
// CHECK: seg.regtile_returns
// CHECK-LABEL: func.func @gemm_bf16
// CHECK: seg.map block
// CHECK: nvgpu.mma.sync
// CHECK-LABEL: func.func @copy
// CHECK: seg.map thread

func.func @sgemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %k = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %p = %c0 to %k step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %p] : memref<?x?xf32>
      %b = memref.load %B[%p, %j] : memref<?x?xf32>
      %t = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %t : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

func.func @gemm_bf16(%A: memref<513x129xbf16>, %B: memref<129x1025xbf16>, %C: memref<513x1025xf32>) {
  seg.map thread (%i, %j) in (513, 1025) outs(%C : memref<513x1025xf32>) {
    %acc = memref.alloca() : memref<f32>
    %zero = arith.constant 0.0 : f32
    seg.red seq (%k) in (129) outs(%acc : memref<f32>) {
      %a = memref.load %A[%i, %k] : memref<513x129xbf16>
      %b = memref.load %B[%k, %j] : memref<129x1025xbf16>
      %x = arith.extf %a : bf16 to f32
      %y = arith.extf %b : bf16 to f32
      %p = arith.mulf %x, %y : f32
      seg.yield %p : f32
    } combine commutative (%u: f32, %v: f32) neutral(%zero : f32) {
      %s = arith.addf %u, %v : f32
      seg.yield %s : f32
    }
    %dot = memref.load %acc[] : memref<f32>
    seg.results {
      seg.returns %dot into %C : memref<513x1025xf32>
    }
  }
  return
}

// Not a redomap: left alone by the pass, and not in the script's handles.
func.func @copy(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  seg.map thread (%i, %j) in (64, 64) outs(%B : memref<64x64xf32>) {
    %x = memref.load %A[%i, %j] : memref<64x64xf32>
    seg.results {
      seg.returns %x into %B : memref<64x64xf32>
    }
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f32 = transform.structured.match ops{["func.func"]} attributes{sym_name = "sgemm"} in %root : (!transform.any_op) -> !transform.any_op
    %m32 = transform.structured.match ops{["seg.map"]} in %f32 : (!transform.any_op) -> !transform.any_op
    %t32 = transform.seg.tile_block_register %m32 {remarks} : (!transform.any_op) -> !transform.any_op
    %f16 = transform.structured.match ops{["func.func"]} attributes{sym_name = "gemm_bf16"} in %root : (!transform.any_op) -> !transform.any_op
    %m16 = transform.structured.match ops{["seg.map"]} in %f16 : (!transform.any_op) -> !transform.any_op
    %t16 = transform.seg.tile_block_register %m16 {mma = "bf16", tk = 32, swizzle = 3, remarks} : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %t32, "tiled" : !transform.any_op
    transform.debug.emit_remark_at %t16, "tiled" : !transform.any_op
    transform.yield
  }
}
