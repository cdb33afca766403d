// stencil9x9.mlir - a 9x9 stencil over a 2-D array (thread-level map).
//
// B[i][j] = sum over a, b in 0..8 of w(a, b) * A[r(i + a - 4)][c(j + b - 4)]
// with w(a, b) = ((2 a + 5 b) mod 7) - 3 and indices clamped into the array
// (r, c: Accelerate's `clamp` boundary). A thread-level seg.map over the
// (m, n) output space, each point running the 81-element window with two
// scf.for loops: the stencil benchmark of [Prasetya 2022], whose neighbouring
// points share most of their window, so that `seg-column-schedule` (points
// walked down narrow columns instead of along rows) raises cache reuse.
//
// Inputs (i32): A[r][c] = ((3 r + 7 c + 1) mod 11) - 5 of shapes
//   6 x 11  (every window is clamped) and 1 x 3, printed whole;
//   37 x 70 (with the default column width 32: columns of 32, 32 and 6),
//           printed as the row checksums sum over c of (c + 1) B[r][c].
//
// CHECK:      stencil of 6 x 11:
// CHECK-NEXT:   ( 61, -49, 36, 25, -48, 16, 69, -102, -14, 118, -75 )
// CHECK-NEXT:   ( 115, 60, -86, 35, 72, -62, 46, 62, -103, 51, 67 )
// CHECK-NEXT:   ( -27, 127, 3, -129, 95, 16, -74, 52, 19, -58, 13 )
// CHECK-NEXT:   ( -1, -23, 128, -26, -77, 75, -4, -76, 23, 1, -104 )
// CHECK-NEXT:   ( 95, -26, -40, 92, -3, -60, 81, -35, -112, 53, -74 )
// CHECK-NEXT:   ( -26, 62, -95, -62, 107, -60, -29, 119, -57, -35, 47 )
// CHECK-NEXT: stencil of 1 x 3:
// CHECK-NEXT:   ( 33, 24, 6 )
// CHECK-NEXT: stencil of 37 x 70, row checksums:
// CHECK-NEXT:   246
// CHECK-NEXT:   -6881
// CHECK-NEXT:   -1843
// CHECK-NEXT:   8761
// CHECK-NEXT:   2921
// CHECK-NEXT:   -7789
// CHECK-NEXT:   -6223
// CHECK-NEXT:   16232
// CHECK-NEXT:   -1540
// CHECK-NEXT:   -5705
// CHECK-NEXT:   2824
// CHECK-NEXT:   7965
// CHECK-NEXT:   -10665
// CHECK-NEXT:   -7988
// CHECK-NEXT:   9968
// CHECK-NEXT:   2921
// CHECK-NEXT:   -7789
// CHECK-NEXT:   -6223
// CHECK-NEXT:   16232
// CHECK-NEXT:   -1540
// CHECK-NEXT:   -5705
// CHECK-NEXT:   2824
// CHECK-NEXT:   7965
// CHECK-NEXT:   -10665
// CHECK-NEXT:   -7988
// CHECK-NEXT:   9968
// CHECK-NEXT:   2921
// CHECK-NEXT:   -7789
// CHECK-NEXT:   -6223
// CHECK-NEXT:   16232
// CHECK-NEXT:   -1540
// CHECK-NEXT:   -5705
// CHECK-NEXT:   2824
// CHECK-NEXT:   1617
// CHECK-NEXT:   -11847
// CHECK-NEXT:   -10686
// CHECK-NEXT:   2283

// B = stencil(A); B has the shape of A.
func.func @stencil(%A: memref<?x?xi32>, %B: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %m = memref.dim %A, %c0 : memref<?x?xi32>
  %n = memref.dim %A, %c1 : memref<?x?xi32>
  %lastRow = arith.subi %m, %c1 : index
  %lastCol = arith.subi %n, %c1 : index
  seg.map thread (%i, %j) in (%m, %n) outs(%B : memref<?x?xi32>) {
    %zero = arith.constant 0 : i32
    %sum = scf.for %a = %c0 to %c9 step %c1 iter_args(%acc = %zero) -> (i32) {
      %r0 = arith.addi %i, %a : index
      %r1 = arith.subi %r0, %c4 : index
      %r2 = arith.maxsi %r1, %c0 : index
      %r = arith.minsi %r2, %lastRow : index
      %wa = arith.muli %a, %c2 : index
      %row = scf.for %b = %c0 to %c9 step %c1 iter_args(%acc1 = %acc) -> (i32) {
        %q0 = arith.addi %j, %b : index
        %q1 = arith.subi %q0, %c4 : index
        %q2 = arith.maxsi %q1, %c0 : index
        %q = arith.minsi %q2, %lastCol : index
        %x = memref.load %A[%r, %q] : memref<?x?xi32>
        // w(a, b) = ((2 a + 5 b) mod 7) - 3
        %wb = arith.muli %b, %c5 : index
        %w0 = arith.addi %wa, %wb : index
        %w1 = arith.remui %w0, %c7 : index
        %w2 = arith.subi %w1, %c3 : index
        %w = arith.index_cast %w2 : index to i32
        %p = arith.muli %x, %w : i32
        %acc2 = arith.addi %acc1, %p : i32
        scf.yield %acc2 : i32
      }
      scf.yield %row : i32
    }
    seg.results {
      seg.returns %sum into %B : memref<?x?xi32>
    }
  }
  return
}

// A[r][c] = ((3 r + 7 c + 1) mod 11) - 5
func.func @fill(%A: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %rows = memref.dim %A, %c0 : memref<?x?xi32>
  %cols = memref.dim %A, %c1 : memref<?x?xi32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %t0 = arith.muli %r, %c3 : index
      %t1 = arith.muli %c, %c7 : index
      %t2 = arith.addi %t0, %t1 : index
      %t3 = arith.addi %t2, %c1 : index
      %t4 = arith.remui %t3, %c11 : index
      %t5 = arith.subi %t4, %c5 : index
      %x = arith.index_cast %t5 : index to i32
      memref.store %x, %A[%r, %c] : memref<?x?xi32>
    }
  }
  return
}

// Overwrites every element of %B with -100000, so that a result that was
// not written would show.
func.func @clear(%B: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %B, %c0 : memref<?x?xi32>
  %cols = memref.dim %B, %c1 : memref<?x?xi32>
  %junk = arith.constant -100000 : i32
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      memref.store %junk, %B[%r, %c] : memref<?x?xi32>
    }
  }
  return
}

// Prints the rows of %B, one per line, as ( v0, v1, ... ).
func.func @print_matrix(%B: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %B, %c0 : memref<?x?xi32>
  %cols = memref.dim %B, %c1 : memref<?x?xi32>
  scf.for %i = %c0 to %rows step %c1 {
    vector.print str "  "
    vector.print punctuation <open>
    scf.for %j = %c0 to %cols step %c1 {
      %notfirst = arith.cmpi ne, %j, %c0 : index
      scf.if %notfirst {
        vector.print punctuation <comma>
      }
      %x = memref.load %B[%i, %j] : memref<?x?xi32>
      vector.print %x : i32 punctuation <no_punctuation>
    }
    vector.print punctuation <close>
    vector.print punctuation <newline>
  }
  return
}

// Prints, for every row r of %B, sum over c of (c + 1) * B[r][c].
func.func @print_checksums(%B: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %rows = memref.dim %B, %c0 : memref<?x?xi32>
  %cols = memref.dim %B, %c1 : memref<?x?xi32>
  scf.for %i = %c0 to %rows step %c1 {
    %sum = scf.for %j = %c0 to %cols step %c1 iter_args(%s = %zero) -> (i64) {
      %x = memref.load %B[%i, %j] : memref<?x?xi32>
      %x64 = arith.extsi %x : i32 to i64
      %j1 = arith.addi %j, %c1 : index
      %k = arith.index_cast %j1 : index to i64
      %p = arith.muli %x64, %k : i64
      %s1 = arith.addi %s, %p : i64
      scf.yield %s1 : i64
    }
    vector.print str "  "
    vector.print %sum : i64
  }
  return
}

// Runs the stencil on an m x n input and prints the result whole or as
// row checksums.
func.func @run(%m: index, %n: index, %whole: i1) {
  %A = memref.alloc(%m, %n) : memref<?x?xi32>
  %B = memref.alloc(%m, %n) : memref<?x?xi32>
  func.call @fill(%A) : (memref<?x?xi32>) -> ()
  func.call @clear(%B) : (memref<?x?xi32>) -> ()
  func.call @stencil(%A, %B) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
  scf.if %whole {
    func.call @print_matrix(%B) : (memref<?x?xi32>) -> ()
  } else {
    func.call @print_checksums(%B) : (memref<?x?xi32>) -> ()
  }
  memref.dealloc %A : memref<?x?xi32>
  memref.dealloc %B : memref<?x?xi32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c11 = arith.constant 11 : index
  %c37 = arith.constant 37 : index
  %c70 = arith.constant 70 : index
  %true = arith.constant true
  %false = arith.constant false
  vector.print str "stencil of 6 x 11:\n"
  func.call @run(%c6, %c11, %true) : (index, index, i1) -> ()
  vector.print str "stencil of 1 x 3:\n"
  func.call @run(%c1, %c3, %true) : (index, index, i1) -> ()
  vector.print str "stencil of 37 x 70, row checksums:\n"
  func.call @run(%c37, %c70, %false) : (index, index, i1) -> ()
  return
}
