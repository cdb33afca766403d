// transform.seg.tile_block_register's verifier and failures, which point at
// the payload op.
// RUN: seg-opt %s --transform-interpreter --split-input-file -verify-diagnostics

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{mma must be none, tf32, bf16 or f16, got 'fp8'}}
    %t = transform.seg.tile_block_register %m {mma = "fp8"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{attribute 'ty' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
    %t = transform.seg.tile_block_register %m {ty = -1} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @block_map(%B: memref<4xf32>) {
  // expected-error @+1 {{transform.seg.tile_block_register expects a thread-level seg.map, got 'seg.map'}}
  seg.map block (%b) in (4) outs(%B : memref<4xf32>) {
    seg.results {
    }
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    %t = transform.seg.tile_block_register %m : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Left alone by the pass: its remark, and a silenceable failure with the
// same reason.
func.func @copy(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  // expected-remark @+2 {{not tiled: the body holds no reduction (an scf.for with iter_args or a 'seq' seg.red)}}
  // expected-error @+1 {{not tiled: the body holds no reduction (an scf.for with iter_args or a 'seq' seg.red)}}
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
    %m = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    %t = transform.seg.tile_block_register %m : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Rejected by the pass: an error at the payload op.
func.func @too_big(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %m: index, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{illegal tile sizes}}
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

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    %t = transform.seg.tile_block_register %m {ty = 64, tx = 64, ry = 8, rx = 8, tk = 8} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{mma_instruction must be auto, mma.sync or wgmma, got 'hgmma'}}
    %t = transform.seg.tile_block_register %m {mma = "tf32", mma_instruction = "hgmma"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// wgmma on a target without it: an error at the payload op naming the
// target.
func.func @wgmma_on_sm90(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                         %C: memref<?x?xf32>, %m: index, %n: index,
                         %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{mma-instruction=wgmma needs warpgroup MMA, which target sm_90 does not have (sm_90a has it)}}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    %t = transform.seg.tile_block_register %m {mma = "tf32", mma_instruction = "wgmma"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
