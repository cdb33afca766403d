// RUN: seg-opt %s --split-input-file --seg-tile-block-register=mma=tf32 --verify-diagnostics

// The tensor-core mode on targets that cannot run it is an error, naming
// the reason (a multiply-add that does not fit the mode stays on CUDA
// cores instead: tile-block-register-mma.mlir).

module attributes {seg.target = #seg.target<chip = "sm_75", warp_size = 32, max_threads_per_block = 1024, max_threads_per_sm = 1024, num_sms = 40, shared_memory_per_block = 65536, shared_memory_per_sm = 65536, registers_per_block = 65536, registers_per_sm = 65536, registers_per_thread = 255>} {
func.func @turing(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
    %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{mma=tf32 needs mma.sync of sm_80 or later but the target is sm_75}}
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
}

// -----

// Not even one warp of one fragment fits: its C tile and slices need more
// shared memory than the target has.
module attributes {seg.target = #seg.target<chip = "sm_90", shared_memory_per_block = 1024>} {
func.func @no_shared(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
    %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{no tensor-core tiles fit target sm_90 for inputs of 4 bytes}}
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
}

// -----

// Warps of 64 lanes have no mma.sync fragment layout.
module attributes {seg.target = #seg.target<chip = "sm_90", warp_size = 64>} {
func.func @wide_warps(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
    %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{mma=tf32 needs warps of 32 lanes (the fragment layouts) but target sm_90 has 64}}
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
}
