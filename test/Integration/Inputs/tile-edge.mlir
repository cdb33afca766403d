// General redomaps for seg-tile-block-register: an scf.for from a lower
// bound that is not 0, a load that depends on k only (w[k], read from
// global memory per step), two loop-carried values (a weighted sum and a
// running maximum, from -100), code2 with an scf.if that uses both, and
// empty k ranges (5..5 and 40..2) where code2 sees the initial values.
// @main prints one weighted checksum of C per case.
func.func @edge(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %w: memref<?xf32>,
                %C: memref<?x?xf32>, %lb: index, %ub: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant -100.0 : f32
    %r:2 = scf.for %k = %lb to %ub step %c1 iter_args(%s = %zero, %mx = %ninf) -> (f32, f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %wk = memref.load %w[%k] : memref<?xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.mulf %p, %wk : f32
      %s1 = arith.addf %s, %q : f32
      %m1 = arith.maximumf %mx, %p : f32
      scf.yield %s1, %m1 : f32, f32
    }
    %pos = arith.cmpf ogt, %r#0, %zero : f32
    %res = scf.if %pos -> (f32) {
      scf.yield %r#0 : f32
    } else {
      %t = arith.addf %r#0, %r#1 : f32
      scf.yield %t : f32
    }
    seg.results {
      seg.returns %res into %C : memref<?x?xf32>
    }
  }
  return
}

func.func @fill(%x: memref<?x?xf32>, %u: index, %v: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c13 = arith.constant 13 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %t0 = arith.muli %r, %u : index
      %t1 = arith.muli %c, %v : index
      %t2 = arith.addi %t0, %t1 : index
      %t4 = arith.remui %t2, %c13 : index
      %t5 = arith.subi %t4, %c6 : index
      %t6 = arith.index_cast %t5 : index to i64
      %f = arith.sitofp %t6 : i64 to f32
      memref.store %f, %x[%r, %c] : memref<?x?xf32>
    }
  }
  return
}

func.func @run(%m: index, %u: index, %n: index, %lb: index, %ub: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %A = memref.alloc(%m, %u) : memref<?x?xf32>
  %B = memref.alloc(%u, %n) : memref<?x?xf32>
  %W = memref.alloc(%c1, %u) : memref<?x?xf32>
  %C = memref.alloc(%m, %n) : memref<?x?xf32>
  func.call @fill(%A, %c3, %c5) : (memref<?x?xf32>, index, index) -> ()
  func.call @fill(%B, %c5, %c3) : (memref<?x?xf32>, index, index) -> ()
  func.call @fill(%W, %c1, %c1) : (memref<?x?xf32>, index, index) -> ()
  func.call @fill(%C, %c1, %c1) : (memref<?x?xf32>, index, index) -> ()
  %w = memref.collapse_shape %W [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  func.call @edge(%A, %B, %w, %C, %lb, %ub) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, memref<?x?xf32>, index, index) -> ()
  %zero = arith.constant 0.0 : f64
  %sum = scf.for %i = %c0 to %m step %c1 iter_args(%s = %zero) -> (f64) {
    %row = scf.for %j = %c0 to %n step %c1 iter_args(%t = %s) -> (f64) {
      %x = memref.load %C[%i, %j] : memref<?x?xf32>
      %xd = arith.extf %x : f32 to f64
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %k = arith.muli %ii, %jj : i64
      %k7 = arith.constant 7 : i64
      %kk = arith.remsi %k, %k7 : i64
      %wf = arith.sitofp %kk : i64 to f64
      %one = arith.constant 1.0 : f64
      %w1 = arith.addf %wf, %one : f64
      %p = arith.mulf %xd, %w1 : f64
      %t1 = arith.addf %t, %p : f64
      scf.yield %t1 : f64
    }
    scf.yield %row : f64
  }
  %s64 = arith.fptosi %sum : f64 to i64
  vector.print %s64 : i64
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c37 = arith.constant 37 : index
  %c40 = arith.constant 40 : index
  %c41 = arith.constant 41 : index
  %c50 = arith.constant 50 : index
  %c70 = arith.constant 70 : index
  func.call @run(%c41, %c50, %c37, %c2, %c50) : (index, index, index, index, index) -> ()
  func.call @run(%c41, %c50, %c37, %c5, %c5) : (index, index, index, index, index) -> ()
  func.call @run(%c41, %c50, %c37, %c40, %c2) : (index, index, index, index, index) -> ()
  func.call @run(%c70, %c50, %c41, %c0, %c37) : (index, index, index, index, index) -> ()
  return
}
