// RUN: seg-opt %s --split-input-file --seg-tile-block-register --verify-diagnostics

// Maps that do not fit the pattern, or where tiling cannot pay off, are
// left alone with a remark that says why.

func.func @no_reduction(%A: memref<?x?xf32>, %C: memref<?x?xf32>,
                        %m: index, %n: index) {
  // expected-remark @+1 {{not tiled: the body holds no reduction (an scf.for with iter_args or a 'seq' seg.red)}}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %a = memref.load %A[%i, %j] : memref<?x?xf32>
    seg.results {
      seg.returns %a into %C : memref<?x?xf32>
    }
  }
  return
}

// -----

// Both arrays vary with i: nothing is reused across j.
func.func @no_invariant_array(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                              %C: memref<?x?xf32>, %m: index, %n: index,
                              %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{not tiled: no array of the reduction is invariant to i, so tiling j cannot reuse anything}}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%i, %k] : memref<?x?xf32>
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

// -----

func.func @both_dims(%A: memref<?x?x?xf32>, %B: memref<?x?xf32>,
                     %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{not tiled: the reduction body reads an array that varies with both i and j}}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %j, %k] : memref<?x?x?xf32>
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

// -----

// A matrix-vector product: with one column, no row of A is reused.
func.func @one_column(%A: memref<?x?xf32>, %B: memref<?x1xf32>,
                      %C: memref<?x1xf32>, %m: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{not tiled: a static extent of 1 in j leaves nothing to reuse}}
  seg.map thread (%i, %j) in (%m, 1) outs(%C : memref<?x1xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x1xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x1xf32>
    }
  }
  return
}

// -----

func.func @tiny(%A: memref<4x9xf32>, %B: memref<9x4xf32>,
                %C: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  // expected-remark @+1 {{not tiled: 4 x 4 points are fewer than one block of 16 x 16 threads}}
  seg.map thread (%i, %j) in (4, 4) outs(%C : memref<4x4xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %c9 step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<4x9xf32>
      %b = memref.load %B[%k, %j] : memref<9x4xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<4x4xf32>
    }
  }
  return
}

// -----

// code2 that writes memory is not moved into the tiled kernel.
func.func @writes(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                  %C: memref<?x?xf32>, %log: memref<?x?xf32>, %m: index,
                  %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{not tiled: code before or after the reduction writes memory}}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    memref.store %dot, %log[%i, %j] : memref<?x?xf32>
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// -----

// No configuration fits 256 bytes of shared memory.
module attributes {seg.target = #seg.target<chip = "sm_90", shared_memory_per_block = 256>} {
func.func @no_fit(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                  %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{no tile sizes fit target sm_90 for element sizes A 4, B 4, accumulators 4 bytes}}
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
