// naive_matmul.mlir - naive matrix multiplication, one thread per element.
//
// C = A B with A of shape (m, K) and B of shape (K, n): a thread-level
// seg.map over the (m, n) space whose point (i, j) runs the dot product of
// row i of A and column j of B in a sequential scf.for loop and writes it
// with seg.returns [Prasetya 2022, listing 4]. In row order the points in
// flight span whole rows of C and so need all of B; `seg-column-schedule`
// confines them to narrow columns of C, whose part of B stays in cache
// [Prasetya 2022, §4.4].
//
// Inputs (f32, small integers, so every result is exact):
//   A[i][k] = ((3 i + 5 k + 1) mod 7) - 3,
//   B[k][j] = ((2 k + 7 j + 4) mod 5) - 2;
//   3 x 4 x 5 and 1 x 1 x 2 printed whole; 45 x 19 x 70 (with the default
//   column width 32: columns of 32, 32 and 6) printed as the row checksums
//   sum over j of (j + 1) C[i][j].
//
// CHECK:      A B of 3 x 4 x 5:
// CHECK-NEXT:   ( -4, 3, -10, 7, 4 )
// CHECK-NEXT:   ( -4, 4, 7, -10, 3 )
// CHECK-NEXT:   ( -4, 5, -11, 8, 2 )
// CHECK-NEXT: A B of 1 x 1 x 2:
// CHECK-NEXT:   ( -4, 2 )
// CHECK-NEXT: A B of 45 x 19 x 70, row checksums:
// CHECK-NEXT:   140
// CHECK-NEXT:   350
// CHECK-NEXT:   560
// CHECK-NEXT:   280
// CHECK-NEXT:   -490
// CHECK-NEXT:   -280
// CHECK-NEXT:   -560
// CHECK-NEXT:   140
// CHECK-NEXT:   350
// CHECK-NEXT:   560
// CHECK-NEXT:   280
// CHECK-NEXT:   -490
// CHECK-NEXT:   -280
// CHECK-NEXT:   -560
// CHECK-NEXT:   140
// CHECK-NEXT:   350
// CHECK-NEXT:   560
// CHECK-NEXT:   280
// CHECK-NEXT:   -490
// CHECK-NEXT:   -280
// CHECK-NEXT:   -560
// CHECK-NEXT:   140
// CHECK-NEXT:   350
// CHECK-NEXT:   560
// CHECK-NEXT:   280
// CHECK-NEXT:   -490
// CHECK-NEXT:   -280
// CHECK-NEXT:   -560
// CHECK-NEXT:   140
// CHECK-NEXT:   350
// CHECK-NEXT:   560
// CHECK-NEXT:   280
// CHECK-NEXT:   -490
// CHECK-NEXT:   -280
// CHECK-NEXT:   -560
// CHECK-NEXT:   140
// CHECK-NEXT:   350
// CHECK-NEXT:   560
// CHECK-NEXT:   280
// CHECK-NEXT:   -490
// CHECK-NEXT:   -280
// CHECK-NEXT:   -560
// CHECK-NEXT:   140
// CHECK-NEXT:   350
// CHECK-NEXT:   560

// C = A B: one thread-level point per element of C, the dot product in a
// sequential scf.for loop [Prasetya 2022, listing 4].
func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                  %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %K step %c1 iter_args(%s = %zero) -> (f32) {
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

// m[r][c] = ((u r + v c + w) mod q) - h
func.func @fill(%m: memref<?x?xf32>, %u: index, %v: index, %w: index,
                %q: index, %h: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %t0 = arith.muli %r, %u : index
      %t1 = arith.muli %c, %v : index
      %t2 = arith.addi %t0, %t1 : index
      %t3 = arith.addi %t2, %w : index
      %t4 = arith.remui %t3, %q : index
      %t5 = arith.subi %t4, %h : index
      %t6 = arith.index_cast %t5 : index to i64
      %x = arith.sitofp %t6 : i64 to f32
      memref.store %x, %m[%r, %c] : memref<?x?xf32>
    }
  }
  return
}

// Overwrites every element of %m with -100000, so that a result that was
// not written would show.
func.func @clear(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  %junk = arith.constant -100000.0 : f32
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      memref.store %junk, %m[%r, %c] : memref<?x?xf32>
    }
  }
  return
}

// Prints the rows of %m, one per line, as ( v0, v1, ... ).
func.func @print_matrix(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    vector.print str "  "
    vector.print punctuation <open>
    scf.for %j = %c0 to %cols step %c1 {
      %notfirst = arith.cmpi ne, %j, %c0 : index
      scf.if %notfirst {
        vector.print punctuation <comma>
      }
      %x = memref.load %m[%i, %j] : memref<?x?xf32>
      vector.print %x : f32 punctuation <no_punctuation>
    }
    vector.print punctuation <close>
    vector.print punctuation <newline>
  }
  return
}

// Prints, for every row r of %m (integral values), sum over c of
// (c + 1) * m[r][c], exactly in i64.
func.func @print_checksums(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    %sum = scf.for %j = %c0 to %cols step %c1 iter_args(%s = %zero) -> (i64) {
      %x = memref.load %m[%i, %j] : memref<?x?xf32>
      %x64 = arith.fptosi %x : f32 to i64
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

// Multiplies A (m x K) by B (K x n) and prints the product whole or as row
// checksums.
func.func @run(%m: index, %K: index, %n: index, %whole: i1) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc(%m, %K) : memref<?x?xf32>
  %B = memref.alloc(%K, %n) : memref<?x?xf32>
  %C = memref.alloc(%m, %n) : memref<?x?xf32>
  // A[i][k] = ((3 i + 5 k + 1) mod 7) - 3
  func.call @fill(%A, %c3, %c5, %c1, %c7, %c3)
      : (memref<?x?xf32>, index, index, index, index, index) -> ()
  // B[k][j] = ((2 k + 7 j + 4) mod 5) - 2
  func.call @fill(%B, %c2, %c7, %c4, %c5, %c2)
      : (memref<?x?xf32>, index, index, index, index, index) -> ()
  func.call @clear(%C) : (memref<?x?xf32>) -> ()
  func.call @matmul(%A, %B, %C)
      : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  scf.if %whole {
    func.call @print_matrix(%C) : (memref<?x?xf32>) -> ()
  } else {
    func.call @print_checksums(%C) : (memref<?x?xf32>) -> ()
  }
  memref.dealloc %A : memref<?x?xf32>
  memref.dealloc %B : memref<?x?xf32>
  memref.dealloc %C : memref<?x?xf32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c19 = arith.constant 19 : index
  %c45 = arith.constant 45 : index
  %c70 = arith.constant 70 : index
  %true = arith.constant true
  %false = arith.constant false
  vector.print str "A B of 3 x 4 x 5:\n"
  func.call @run(%c3, %c4, %c5, %true) : (index, index, index, i1) -> ()
  vector.print str "A B of 1 x 1 x 2:\n"
  func.call @run(%c1, %c1, %c2, %true) : (index, index, index, i1) -> ()
  vector.print str "A B of 45 x 19 x 70, row checksums:\n"
  func.call @run(%c45, %c19, %c70, %false) : (index, index, index, i1) -> ()
  return
}
