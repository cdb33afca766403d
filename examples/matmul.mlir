// matmul.mlir - matrix multiplication as a map with a sequential inner loop.
//
// C = A B with A of shape (m, K) and B of shape (K, n) is a thread-level
// seg.map over the (m, n) space: the point (i, j) computes the dot product
// of row i of A and column j of B and writes it with seg.returns into
// C[i, j]. The dot product is written two ways:
//
//   @matmul_red   a nested `seq`-level seg.red over (%k) in (%K), the
//                 reduction that a thread performs on its own. Its
//                 accumulator out is a rank-0 memref.alloca in the map's
//                 body (thread-private memory);
//   @matmul_loop  a plain scf.for with an iter_args accumulator.
//
// Inputs (f32, small integers, so every result is exact):
//   P = [[1, 2], [3, 4]], Q = [[5, 6], [7, 8]]: P Q = [[19, 22], [43, 50]]
//     and Q P = [[23, 34], [31, 46]];
//   A[i][k] = ((3 i + 5 k + 1) mod 7) - 3 of shape (5, 7) and
//   B[k][j] = ((2 k + 7 j + 4) mod 5) - 2 of shape (7, 3), a non-square
//   product of shape (5, 3).
//
// CHECK:      P Q =
// CHECK-NEXT:   ( 19, 22 )
// CHECK-NEXT:   ( 43, 50 )
// CHECK-NEXT: Q P =
// CHECK-NEXT:   ( 23, 34 )
// CHECK-NEXT:   ( 31, 46 )
// CHECK-NEXT: A B (seq seg.red) =
// CHECK-NEXT:   ( 0, -5, -5 )
// CHECK-NEXT:   ( -11, 9, -1 )
// CHECK-NEXT:   ( -1, 9, -11 )
// CHECK-NEXT:   ( -5, -5, 0 )
// CHECK-NEXT:   ( 12, 2, -3 )
// CHECK-NEXT: A B (scf.for) =
// CHECK-NEXT:   ( 0, -5, -5 )
// CHECK-NEXT:   ( -11, 9, -1 )
// CHECK-NEXT:   ( -1, 9, -11 )
// CHECK-NEXT:   ( -5, -5, 0 )
// CHECK-NEXT:   ( 12, 2, -3 )

// C = A B, the dot products by a nested seq-level seg.red.
func.func @matmul_red(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                      %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = memref.alloca() : memref<f32>
    seg.red seq (%k) in (%K) outs(%acc : memref<f32>) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      seg.yield %p : f32
    } combine commutative (%x: f32, %y: f32) neutral(%zero : f32) {
      %s = arith.addf %x, %y : f32
      seg.yield %s : f32
    }
    %dot = memref.load %acc[] : memref<f32>
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// C = A B, the dot products by an scf.for loop.
func.func @matmul_loop(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
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

// m[r][c] = ((u r + v c + w) mod q) - h
func.func @fill(%m: memref<?x?xf32>, %u: i64, %v: i64, %w: i64, %q: i64,
                %h: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %rr = arith.index_cast %r : index to i64
      %cc = arith.index_cast %c : index to i64
      %t0 = arith.muli %rr, %u : i64
      %t1 = arith.muli %cc, %v : i64
      %t2 = arith.addi %t0, %t1 : i64
      %t3 = arith.addi %t2, %w : i64
      %t4 = arith.remsi %t3, %q : i64
      %t5 = arith.subi %t4, %h : i64
      %x = arith.sitofp %t5 : i64 to f32
      memref.store %x, %m[%r, %c] : memref<?x?xf32>
    }
  }
  return
}

// Overwrites every element of %m with -100, so that a result that was
// not written would show.
func.func @clear(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  %junk = arith.constant -100.0 : f32
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      memref.store %junk, %m[%r, %c] : memref<?x?xf32>
    }
  }
  return
}

memref.global "private" constant @P : memref<2x2xf32> =
    dense<[[1.0, 2.0], [3.0, 4.0]]>
memref.global "private" constant @Q : memref<2x2xf32> =
    dense<[[5.0, 6.0], [7.0, 8.0]]>

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %k1 = arith.constant 1 : i64
  %k2 = arith.constant 2 : i64
  %k3 = arith.constant 3 : i64
  %k4 = arith.constant 4 : i64
  %k5 = arith.constant 5 : i64
  %k7 = arith.constant 7 : i64

  %P0 = memref.get_global @P : memref<2x2xf32>
  %Q0 = memref.get_global @Q : memref<2x2xf32>
  %P = memref.cast %P0 : memref<2x2xf32> to memref<?x?xf32>
  %Q = memref.cast %Q0 : memref<2x2xf32> to memref<?x?xf32>
  %PQ = memref.alloc(%c2, %c2) : memref<?x?xf32>
  func.call @clear(%PQ) : (memref<?x?xf32>) -> ()
  func.call @matmul_red(%P, %Q, %PQ)
      : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  vector.print str "P Q =\n"
  func.call @print_matrix(%PQ) : (memref<?x?xf32>) -> ()
  func.call @clear(%PQ) : (memref<?x?xf32>) -> ()
  func.call @matmul_loop(%Q, %P, %PQ)
      : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  vector.print str "Q P =\n"
  func.call @print_matrix(%PQ) : (memref<?x?xf32>) -> ()

  %A = memref.alloc(%c5, %c7) : memref<?x?xf32>
  %B = memref.alloc(%c7, %c3) : memref<?x?xf32>
  %C = memref.alloc(%c5, %c3) : memref<?x?xf32>
  // A[i][k] = ((3 i + 5 k + 1) mod 7) - 3
  func.call @fill(%A, %k3, %k5, %k1, %k7, %k3)
      : (memref<?x?xf32>, i64, i64, i64, i64, i64) -> ()
  // B[k][j] = ((2 k + 7 j + 4) mod 5) - 2
  func.call @fill(%B, %k2, %k7, %k4, %k5, %k2)
      : (memref<?x?xf32>, i64, i64, i64, i64, i64) -> ()
  func.call @clear(%C) : (memref<?x?xf32>) -> ()
  func.call @matmul_red(%A, %B, %C)
      : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  vector.print str "A B (seq seg.red) =\n"
  func.call @print_matrix(%C) : (memref<?x?xf32>) -> ()
  func.call @clear(%C) : (memref<?x?xf32>) -> ()
  func.call @matmul_loop(%A, %B, %C)
      : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  vector.print str "A B (scf.for) =\n"
  func.call @print_matrix(%C) : (memref<?x?xf32>) -> ()

  memref.dealloc %PQ : memref<?x?xf32>
  memref.dealloc %A : memref<?x?xf32>
  memref.dealloc %B : memref<?x?xf32>
  memref.dealloc %C : memref<?x?xf32>
  return
}
