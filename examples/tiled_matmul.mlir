// tiled_matmul.mlir - block-tiled matrix product with register tiles.
//
// C = A B for A of shape (m, 9) and B of shape (9, n), in the style of a
// GPU kernel: a `block`-level seg.map has one point per 8 x 6 tile of C,
// and each of the block's 4 x 2 threads computes a 2 x 3 register tile.
// In the block's body:
//   * two `memref.alloca`s are shared memory: the 8 rows of A that the
//     tile needs, stored transposed (shAT[k][r] = A[bi * 8 + r][k]), and
//     the 6 columns of B (shB[k][c] = B[k][bj * 6 + c]);
//   * two `thread_in_block` maps (9 x 8 and 9 x 6 threads) fill them with
//     seg.returns, reading 0 outside A and B;
//   * a third (4 x 2 threads) accumulates a vector<2x3xf32> register tile
//     from outer products of a column of shAT (vector<2xf32>) and a row of
//     shB (vector<3xf32>), and writes it with
//       seg.regtile_returns %acc into %C tiles [(%m, 4, 2), (%n, 2, 3)]
//     i.e. C[bi * 8 + ti * 2 + r0, bj * 6 + tj * 3 + r1] = acc[r0, r1],
//     skipping the elements whose row is not below m or whose column is
//     not below n.
// The logical size (m, n) given to regtile_returns may be smaller than C:
// the last case writes a 13 x 11 product into a 16 x 12 buffer and leaves
// its padding (pre-filled with -99) alone.
//
// A[i][k] = ((i^2 + 5 i k + 3 k + 2) mod 17) - 8 and
// B[k][j] = ((j^2 + 2 k j + 7 k + 1) mod 13) - 6
// (f32, small integers: the products are exact). Shapes (m, n):
//   (8, 6)    exactly one tile,
//   (3, 2)    one partial tile; most threads write nothing,
//   (13, 11)  2 x 2 tiles, partial at the bottom and right edges, into a
//             16 x 12 buffer.
//
// CHECK:      C = A B, 8 x 6 in a 8 x 6 buffer:
// CHECK-NEXT:   ( -18, 45, 41, -56, 118, 17 )
// CHECK-NEXT:   ( 94, 23, -20, -48, -9, 6 )
// CHECK-NEXT:   ( -34, -80, -19, 32, 21, 78 )
// CHECK-NEXT:   ( -11, 93, 78, 48, 55, -5 )
// CHECK-NEXT:   ( 27, 83, -69, 0, -9, -5 )
// CHECK-NEXT:   ( -39, 9, -35, 24, -35, 61 )
// CHECK-NEXT:   ( 80, -61, -41, -16, -142, 23 )
// CHECK-NEXT:   ( 10, 43, 32, 16, 112, 34 )
// CHECK-NEXT: C = A B, 3 x 2 in a 3 x 2 buffer:
// CHECK-NEXT:   ( -18, 45 )
// CHECK-NEXT:   ( 94, 23 )
// CHECK-NEXT:   ( -34, -80 )
// CHECK-NEXT: C = A B, 13 x 11 in a 16 x 12 buffer:
// CHECK-NEXT:   ( -18, 45, 41, -56, 118, 17, 18, -74, -64, -108, -37, -99 )
// CHECK-NEXT:   ( 94, 23, -20, -48, -9, 6, -94, 55, 24, 47, -6, -99 )
// CHECK-NEXT:   ( -34, -80, -19, 32, 21, 78, 34, -72, -19, 11, -21, -99 )
// CHECK-NEXT:   ( -11, 93, 78, 48, 55, -5, 11, 38, 11, -148, 3, -99 )
// CHECK-NEXT:   ( 27, 83, -69, 0, -9, -5, -27, -23, 46, 63, 15, -99 )
// CHECK-NEXT:   ( -39, 9, -35, 24, -35, 61, 39, 68, 18, 32, 32, -99 )
// CHECK-NEXT:   ( 80, -61, -41, -16, -142, 23, -80, 56, 80, 252, -65, -99 )
// CHECK-NEXT:   ( 10, 43, 32, 16, 112, 34, -10, -59, -74, -42, -106, -99 )
// CHECK-NEXT:   ( -11, -87, -54, -16, -38, -42, 11, -22, 15, -34, 130, -99 )
// CHECK-NEXT:   ( -51, -77, -78, 24, -31, -35, 51, -20, -27, 4, 99, -99 )
// CHECK-NEXT:   ( 60, -12, -6, 0, -20, 38, -60, -2, 4, 140, -114, -99 )
// CHECK-NEXT:   ( -18, 91, 60, -20, 46, 24, 18, 15, -11, -34, -67, -99 )
// CHECK-NEXT:   ( 4, -91, 69, -36, -3, 25, -4, 14, -38, 9, -66, -99 )
// CHECK-NEXT:   ( -99, -99, -99, -99, -99, -99, -99, -99, -99, -99, -99, -99 )
// CHECK-NEXT:   ( -99, -99, -99, -99, -99, -99, -99, -99, -99, -99, -99, -99 )
// CHECK-NEXT:   ( -99, -99, -99, -99, -99, -99, -99, -99, -99, -99, -99, -99 )

// C[0:m, 0:n] = A[0:m, :] B[:, 0:n]
func.func @matmul_tiled(%A: memref<?x9xf32>, %B: memref<9x?xf32>,
                        %C: memref<?x?xf32>, %m: index, %n: index) {
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %nbi = arith.ceildivui %m, %c8 : index
  %nbj = arith.ceildivui %n, %c6 : index
  seg.map block (%bi, %bj) in (%nbi, %nbj) outs(%C : memref<?x?xf32>) {
    %k6 = arith.constant 6 : index
    %k8 = arith.constant 8 : index
    %row0 = arith.muli %bi, %k8 : index
    %col0 = arith.muli %bj, %k6 : index
    %shAT = memref.alloca() : memref<9x8xf32>
    %shB = memref.alloca() : memref<9x6xf32>

    // shAT[k][r] = A[row0 + r][k], 0 below the last row of A.
    seg.map thread_in_block (%k, %r) in (9, 8)
        outs(%shAT : memref<9x8xf32>) {
      %i = arith.addi %row0, %r : index
      %in = arith.cmpi ult, %i, %m : index
      %v = scf.if %in -> (f32) {
        %a = memref.load %A[%i, %k] : memref<?x9xf32>
        scf.yield %a : f32
      } else {
        %z = arith.constant 0.0 : f32
        scf.yield %z : f32
      }
      seg.results {
        seg.returns %v into %shAT : memref<9x8xf32>
      }
    }

    // shB[k][c] = B[k][col0 + c], 0 right of the last column of B.
    seg.map thread_in_block (%k, %c) in (9, 6)
        outs(%shB : memref<9x6xf32>) {
      %j = arith.addi %col0, %c : index
      %in = arith.cmpi ult, %j, %n : index
      %v = scf.if %in -> (f32) {
        %b = memref.load %B[%k, %j] : memref<9x?xf32>
        scf.yield %b : f32
      } else {
        %z = arith.constant 0.0 : f32
        scf.yield %z : f32
      }
      seg.results {
        seg.returns %v into %shB : memref<9x6xf32>
      }
    }

    // Thread (ti, tj): rows ti*2 .. ti*2+1 and columns tj*3 .. tj*3+2 of
    // the block's tile.
    seg.map thread_in_block (%ti, %tj) in (4, 2) outs(%C : memref<?x?xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c9 = arith.constant 9 : index
      %r = arith.muli %ti, %c2 : index
      %c = arith.muli %tj, %c3 : index
      %zero = arith.constant dense<0.0> : vector<2x3xf32>
      %acc = scf.for %k = %c0 to %c9 step %c1 iter_args(%acc0 = %zero)
          -> (vector<2x3xf32>) {
        %a = vector.load %shAT[%k, %r] : memref<9x8xf32>, vector<2xf32>
        %b = vector.load %shB[%k, %c] : memref<9x6xf32>, vector<3xf32>
        %acc1 = vector.outerproduct %a, %b, %acc0
            : vector<2xf32>, vector<3xf32>
        scf.yield %acc1 : vector<2x3xf32>
      }
      seg.results {
        seg.regtile_returns %acc into %C tiles [(%m, 4, 2), (%n, 2, 3)]
            : vector<2x3xf32>, memref<?x?xf32>
      }
    }
    seg.results {
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

// Multiplies the m x 9 and 9 x n inputs into a rows x cols buffer
// (rows >= m, cols >= n) pre-filled with -99, and prints the buffer.
func.func @run(%m: index, %n: index, %rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %k1 = arith.constant 1 : i64
  %k2 = arith.constant 2 : i64
  %k3 = arith.constant 3 : i64
  %k5 = arith.constant 5 : i64
  %k6 = arith.constant 6 : i64
  %k7 = arith.constant 7 : i64
  %k8 = arith.constant 8 : i64
  %k13 = arith.constant 13 : i64
  %k17 = arith.constant 17 : i64
  %A = memref.alloc(%m) : memref<?x9xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %k = %c0 to %c9 step %c1 {
      // A[i][k] = ((i^2 + 5 i k + 3 k + 2) mod 17) - 8
      %ii = arith.index_cast %i : index to i64
      %kk = arith.index_cast %k : index to i64
      %t0 = arith.muli %ii, %ii : i64
      %t1 = arith.muli %ii, %kk : i64
      %t2 = arith.muli %t1, %k5 : i64
      %t3 = arith.muli %kk, %k3 : i64
      %t4 = arith.addi %t0, %t2 : i64
      %t5 = arith.addi %t4, %t3 : i64
      %t6 = arith.addi %t5, %k2 : i64
      %t7 = arith.remsi %t6, %k17 : i64
      %t8 = arith.subi %t7, %k8 : i64
      %v = arith.sitofp %t8 : i64 to f32
      memref.store %v, %A[%i, %k] : memref<?x9xf32>
    }
  }
  %B = memref.alloc(%n) : memref<9x?xf32>
  scf.for %k = %c0 to %c9 step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      // B[k][j] = ((j^2 + 2 k j + 7 k + 1) mod 13) - 6
      %kk = arith.index_cast %k : index to i64
      %jj = arith.index_cast %j : index to i64
      %t0 = arith.muli %jj, %jj : i64
      %t1 = arith.muli %kk, %jj : i64
      %t2 = arith.muli %t1, %k2 : i64
      %t3 = arith.muli %kk, %k7 : i64
      %t4 = arith.addi %t0, %t2 : i64
      %t5 = arith.addi %t4, %t3 : i64
      %t6 = arith.addi %t5, %k1 : i64
      %t7 = arith.remsi %t6, %k13 : i64
      %t8 = arith.subi %t7, %k6 : i64
      %v = arith.sitofp %t8 : i64 to f32
      memref.store %v, %B[%k, %j] : memref<9x?xf32>
    }
  }
  %C = memref.alloc(%rows, %cols) : memref<?x?xf32>
  %junk = arith.constant -99.0 : f32
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      memref.store %junk, %C[%i, %j] : memref<?x?xf32>
    }
  }
  func.call @matmul_tiled(%A, %B, %C, %m, %n)
      : (memref<?x9xf32>, memref<9x?xf32>, memref<?x?xf32>, index, index)
      -> ()
  %mm = arith.index_cast %m : index to i64
  %nn = arith.index_cast %n : index to i64
  %rr = arith.index_cast %rows : index to i64
  %cc = arith.index_cast %cols : index to i64
  vector.print str "C = A B, "
  vector.print %mm : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %nn : i64 punctuation <no_punctuation>
  vector.print str " in a "
  vector.print %rr : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %cc : i64 punctuation <no_punctuation>
  vector.print str " buffer:\n"
  func.call @print_matrix(%C) : (memref<?x?xf32>) -> ()
  memref.dealloc %A : memref<?x9xf32>
  memref.dealloc %B : memref<9x?xf32>
  memref.dealloc %C : memref<?x?xf32>
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c16 = arith.constant 16 : index
  func.call @run(%c8, %c6, %c8, %c6) : (index, index, index, index) -> ()
  func.call @run(%c3, %c2, %c3, %c2) : (index, index, index, index) -> ()
  func.call @run(%c13, %c11, %c16, %c12) : (index, index, index, index) -> ()
  return
}
