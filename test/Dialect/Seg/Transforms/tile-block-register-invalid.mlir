// RUN: seg-opt %s --split-input-file --seg-tile-block-register="ty=16 tx=16 tk=32 ry=8 rx=4" --verify-diagnostics

// Tile sizes that break a hard limit of the target are rejected, naming
// the limit and the numbers.

module attributes {seg.target = #seg.target<chip = "sm_90", max_threads_per_block = 128>} {
func.func @threads(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
    %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{illegal tile sizes: Ty x Tx = 16 x 16 = 256 threads exceeds max_threads_per_block 128 of target sm_90}}
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

module attributes {seg.target = #seg.target<chip = "sm_90", shared_memory_per_block = 16384>} {
func.func @shared(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
    %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{illegal tile sizes: tiles need 25600 bytes of shared memory (stages * Tk * (size_A*(Ty*Ry+4) + size_B*(Tx*Rx+4)) = 1 * 32 * (4*(16*8+4) + 4*(16*4+4))) but target sm_90 allows 16384 per block}}
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

// Too few registers only risks spilling: a warning, and the map is tiled.
module attributes {seg.target = #seg.target<chip = "sm_90", registers_per_block = 8192>} {
func.func @registers(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
    %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @+1 {{register tiles 8 x 4 need about 56 registers per thread but 256 threads per block leave 32 on target sm_90; expect register spilling}}
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
