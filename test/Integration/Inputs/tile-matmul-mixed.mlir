// The mixed-type variant of the validation plan of
// [Cholewa-Madsen & Holst 2020, §5.1.2]: A is i16, B is f64 and C[i][j] = AND_k
// (A[i][k] * B[k][j] != 42) is a bool (i1), reduced with logical AND from its
// neutral `true` (so an accumulator initialised with zero would show). @main
// runs the 13 shapes of table 4 and prints, per shape, a weighted count of the
// true elements of C and two corner elements.


func.func @product(%A: memref<?x?xi16>, %B: memref<?x?xf64>,
                   %C: memref<?x?xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xi16>
  %u = memref.dim %A, %c1 : memref<?x?xi16>
  %n = memref.dim %B, %c1 : memref<?x?xf64>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xi1>) {
    %true = arith.constant true
    %all = scf.for %k = %c0 to %u step %c1 iter_args(%s = %true) -> (i1) {
      %a = memref.load %A[%i, %k] : memref<?x?xi16>
      %b = memref.load %B[%k, %j] : memref<?x?xf64>
      %af = arith.sitofp %a : i16 to f64
      %p = arith.mulf %af, %b : f64
      %c42 = arith.constant 42.0 : f64
      %ok = arith.cmpf one, %p, %c42 : f64
      %s1 = arith.andi %s, %ok : i1
      scf.yield %s1 : i1
    }
    seg.results {
      seg.returns %all into %C : memref<?x?xi1>
    }
  }
  return
}

// A[r][c] = ((u r + v c + w) mod q) + 1 and B likewise, in [1, q].
func.func @fill16(%x: memref<?x?xi16>, %u: index, %v: index, %w: index,
                  %q: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xi16>
  %cols = memref.dim %x, %c1 : memref<?x?xi16>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %t0 = arith.muli %r, %u : index
      %t1 = arith.muli %c, %v : index
      %t2 = arith.addi %t0, %t1 : index
      %t3 = arith.addi %t2, %w : index
      %t4 = arith.remui %t3, %q : index
      %t5 = arith.addi %t4, %c1 : index
      %e = arith.index_cast %t5 : index to i16
      memref.store %e, %x[%r, %c] : memref<?x?xi16>
    }
  }
  return
}

func.func @fill64(%x: memref<?x?xf64>, %u: index, %v: index, %w: index,
                  %q: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf64>
  %cols = memref.dim %x, %c1 : memref<?x?xf64>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %t0 = arith.muli %r, %u : index
      %t1 = arith.muli %c, %v : index
      %t2 = arith.addi %t0, %t1 : index
      %t3 = arith.addi %t2, %w : index
      %t4 = arith.remui %t3, %q : index
      %t5 = arith.addi %t4, %c1 : index
      %t6 = arith.index_cast %t5 : index to i64
      %e = arith.sitofp %t6 : i64 to f64
      memref.store %e, %x[%r, %c] : memref<?x?xf64>
    }
  }
  return
}

func.func @run(%m: index, %u: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c17 = arith.constant 17 : index
  %c31 = arith.constant 31 : index
  %c12 = arith.constant 12 : index
  %A = memref.alloc(%m, %u) : memref<?x?xi16>
  %B = memref.alloc(%u, %n) : memref<?x?xf64>
  %C = memref.alloc(%m, %n) : memref<?x?xi1>
  func.call @fill16(%A, %c31, %c17, %c5, %c12)
      : (memref<?x?xi16>, index, index, index, index) -> ()
  func.call @fill64(%B, %c7, %c13, %c3, %c12)
      : (memref<?x?xf64>, index, index, index, index) -> ()
  %junk = arith.constant true
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      memref.store %junk, %C[%i, %j] : memref<?x?xi1>
    }
  }
  func.call @product(%A, %B, %C)
      : (memref<?x?xi16>, memref<?x?xf64>, memref<?x?xi1>) -> ()
  // sum of C[i][j] * ((7 i + 3 j) mod 11 + 1), in i64 (exact).
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %m step %c1 iter_args(%s = %zero) -> (i64) {
    %row = scf.for %j = %c0 to %n step %c1 iter_args(%t = %s) -> (i64) {
      %x = memref.load %C[%i, %j] : memref<?x?xi1>
      %xd = arith.extui %x : i1 to i64
      %w0 = arith.muli %i, %c7 : index
      %w1 = arith.muli %j, %c3 : index
      %w2 = arith.addi %w0, %w1 : index
      %w3 = arith.remui %w2, %c11 : index
      %w4 = arith.addi %w3, %c1 : index
      %w5 = arith.index_cast %w4 : index to i64
      %p = arith.muli %xd, %w5 : i64
      %t1 = arith.addi %t, %p : i64
      scf.yield %t1 : i64
    }
    scf.yield %row : i64
  }
  %mi = arith.subi %m, %c1 : index
  %ni = arith.subi %n, %c1 : index
  %first = memref.load %C[%c0, %c0] : memref<?x?xi1>
  %last = memref.load %C[%mi, %ni] : memref<?x?xi1>
  %m64 = arith.index_cast %m : index to i64
  %u64 = arith.index_cast %u : index to i64
  %n64 = arith.index_cast %n : index to i64
  vector.print str "("
  vector.print %m64 : i64 punctuation <no_punctuation>
  vector.print str ", "
  vector.print %u64 : i64 punctuation <no_punctuation>
  vector.print str ", "
  vector.print %n64 : i64 punctuation <no_punctuation>
  vector.print str "): "
  vector.print %sum : i64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %first : i1 punctuation <no_punctuation>
  vector.print str " "
  vector.print %last : i1
  memref.dealloc %A : memref<?x?xi16>
  memref.dealloc %B : memref<?x?xf64>
  memref.dealloc %C : memref<?x?xi1>
  return
}

// The 13 shapes (M, U, N) of [Cholewa-Madsen & Holst 2020, table 4].
func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c15 = arith.constant 15 : index
  %c27 = arith.constant 27 : index
  %c29 = arith.constant 29 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c103 = arith.constant 103 : index
  %c128 = arith.constant 128 : index
  %c129 = arith.constant 129 : index
  %c512 = arith.constant 512 : index
  %c513 = arith.constant 513 : index
  %c1024 = arith.constant 1024 : index
  %c1025 = arith.constant 1025 : index
  func.call @run(%c2, %c3, %c4) : (index, index, index) -> ()
  func.call @run(%c15, %c29, %c27) : (index, index, index) -> ()
  func.call @run(%c128, %c32, %c64) : (index, index, index) -> ()
  func.call @run(%c128, %c103, %c64) : (index, index, index) -> ()
  func.call @run(%c512, %c32, %c1024) : (index, index, index) -> ()
  func.call @run(%c512, %c128, %c1024) : (index, index, index) -> ()
  func.call @run(%c513, %c128, %c1024) : (index, index, index) -> ()
  func.call @run(%c512, %c129, %c1024) : (index, index, index) -> ()
  func.call @run(%c512, %c128, %c1025) : (index, index, index) -> ()
  func.call @run(%c513, %c129, %c1024) : (index, index, index) -> ()
  func.call @run(%c513, %c128, %c1025) : (index, index, index) -> ()
  func.call @run(%c512, %c129, %c1025) : (index, index, index) -> ()
  func.call @run(%c513, %c129, %c1025) : (index, index, index) -> ()
  return
}
