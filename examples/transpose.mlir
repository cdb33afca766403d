// transpose.mlir - tiled transpose through shared memory (block level).
//
// B = transpose(A) for A of shape (m, n), computed tile by tile: a
// `block`-level seg.map has one point per tile of B, of 8 x 4 elements.
// Inside it
//   * `memref.alloca` is the block's shared memory, here a 4 x 8 tile;
//   * the nested `thread_in_block` seg.maps are the block's threads, run
//     one after the other with a barrier in between. The first (4 x 8
//     threads) copies a tile of A into shared memory with seg.returns, the
//     second (8 x 4 threads) reads it transposed and writes B with
//     seg.tile_returns.
// For block (bi, bj) and thread (ti, tj) of the second map,
//   seg.tile_returns %v into %B tiles [(%n, 8), (%m, 4)]
// writes B[bi * 8 + ti, bj * 4 + tj] when bi * 8 + ti < n and
// bj * 4 + tj < m: the tiles at the right and bottom edges are partial
// when n is not a multiple of 8 or m not a multiple of 4, and their
// threads outside B write nothing. The first map reads 0 for positions
// outside A instead.
//
// A[r][c] = 100 r + c (i64), so B[r][c] = 100 c + r. Shapes (m, n):
//   (7, 11)   partial tiles in both dimensions (B is 11 x 7: 2 x 2 tiles),
//   (4, 8)    exactly one tile,
//   (1, 1)    one element in a tile of 32 threads,
//   (37, 19)  3 x 10 tiles; printed as the checksum
//             sum over (r, c) of B[r][c] * (r + 1) * (c + 2) mod 1000003.
//
// CHECK:      transpose of 7 x 11:
// CHECK-NEXT:   ( 0, 100, 200, 300, 400, 500, 600 )
// CHECK-NEXT:   ( 1, 101, 201, 301, 401, 501, 601 )
// CHECK-NEXT:   ( 2, 102, 202, 302, 402, 502, 602 )
// CHECK-NEXT:   ( 3, 103, 203, 303, 403, 503, 603 )
// CHECK-NEXT:   ( 4, 104, 204, 304, 404, 504, 604 )
// CHECK-NEXT:   ( 5, 105, 205, 305, 405, 505, 605 )
// CHECK-NEXT:   ( 6, 106, 206, 306, 406, 506, 606 )
// CHECK-NEXT:   ( 7, 107, 207, 307, 407, 507, 607 )
// CHECK-NEXT:   ( 8, 108, 208, 308, 408, 508, 608 )
// CHECK-NEXT:   ( 9, 109, 209, 309, 409, 509, 609 )
// CHECK-NEXT:   ( 10, 110, 210, 310, 410, 510, 610 )
// CHECK-NEXT: transpose of 4 x 8:
// CHECK-NEXT:   ( 0, 100, 200, 300 )
// CHECK-NEXT:   ( 1, 101, 201, 301 )
// CHECK-NEXT:   ( 2, 102, 202, 302 )
// CHECK-NEXT:   ( 3, 103, 203, 303 )
// CHECK-NEXT:   ( 4, 104, 204, 304 )
// CHECK-NEXT:   ( 5, 105, 205, 305 )
// CHECK-NEXT:   ( 6, 106, 206, 306 )
// CHECK-NEXT:   ( 7, 107, 207, 307 )
// CHECK-NEXT: transpose of 1 x 1:
// CHECK-NEXT:   ( 0 )
// CHECK-NEXT: transpose of 37 x 19: checksum 908198

// B = transpose(A); B must have the shape (n, m).
func.func @transpose(%A: memref<?x?xi64>, %B: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %m = memref.dim %A, %c0 : memref<?x?xi64>
  %n = memref.dim %A, %c1 : memref<?x?xi64>
  // Tiles of B: ceil(n / 8) x ceil(m / 4).
  %nb0 = arith.ceildivui %n, %c8 : index
  %nb1 = arith.ceildivui %m, %c4 : index
  seg.map block (%bi, %bj) in (%nb0, %nb1) outs(%B : memref<?x?xi64>) {
    // Shared memory: the 4 x 8 tile of A that lands in this tile of B,
    // sh[a][b] = A[bj * 4 + a, bi * 8 + b].
    %sh = memref.alloca() : memref<4x8xi64>
    seg.map thread_in_block (%ta, %tb) in (4, 8)
        outs(%sh : memref<4x8xi64>) {
      %k4 = arith.constant 4 : index
      %k8 = arith.constant 8 : index
      %r0 = arith.muli %bj, %k4 : index
      %r = arith.addi %r0, %ta : index
      %c0_ = arith.muli %bi, %k8 : index
      %c = arith.addi %c0_, %tb : index
      %rin = arith.cmpi ult, %r, %m : index
      %cin = arith.cmpi ult, %c, %n : index
      %in = arith.andi %rin, %cin : i1
      %v = scf.if %in -> (i64) {
        %a = memref.load %A[%r, %c] : memref<?x?xi64>
        scf.yield %a : i64
      } else {
        %z = arith.constant 0 : i64
        scf.yield %z : i64
      }
      seg.results {
        seg.returns %v into %sh : memref<4x8xi64>
      }
    }
    // B[bi * 8 + ti, bj * 4 + tj] = sh[tj][ti]
    seg.map thread_in_block (%ti, %tj) in (8, 4)
        outs(%B : memref<?x?xi64>) {
      %v = memref.load %sh[%tj, %ti] : memref<4x8xi64>
      seg.results {
        seg.tile_returns %v into %B tiles [(%n, 8), (%m, 4)]
            : memref<?x?xi64>
      }
    }
    seg.results {
    }
  }
  return
}

// Prints the rows of %m, one per line, as ( v0, v1, ... ).
func.func @print_matrix(%m: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi64>
  %cols = memref.dim %m, %c1 : memref<?x?xi64>
  scf.for %i = %c0 to %rows step %c1 {
    vector.print str "  "
    vector.print punctuation <open>
    scf.for %j = %c0 to %cols step %c1 {
      %notfirst = arith.cmpi ne, %j, %c0 : index
      scf.if %notfirst {
        vector.print punctuation <comma>
      }
      %x = memref.load %m[%i, %j] : memref<?x?xi64>
      vector.print %x : i64 punctuation <no_punctuation>
    }
    vector.print punctuation <close>
    vector.print punctuation <newline>
  }
  return
}

// Transposes the m x n matrix A[r][c] = 100 r + c; prints B or its
// checksum. B starts out as all -1, so that missing writes would show.
func.func @run(%m: index, %n: index, %full: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k100 = arith.constant 100 : i64
  %A = memref.alloc(%m, %n) : memref<?x?xi64>
  scf.for %r = %c0 to %m step %c1 {
    scf.for %c = %c0 to %n step %c1 {
      %rr = arith.index_cast %r : index to i64
      %cc = arith.index_cast %c : index to i64
      %t = arith.muli %rr, %k100 : i64
      %v = arith.addi %t, %cc : i64
      memref.store %v, %A[%r, %c] : memref<?x?xi64>
    }
  }
  %B = memref.alloc(%n, %m) : memref<?x?xi64>
  %minus1 = arith.constant -1 : i64
  scf.for %r = %c0 to %n step %c1 {
    scf.for %c = %c0 to %m step %c1 {
      memref.store %minus1, %B[%r, %c] : memref<?x?xi64>
    }
  }
  func.call @transpose(%A, %B) : (memref<?x?xi64>, memref<?x?xi64>) -> ()

  %mm = arith.index_cast %m : index to i64
  %nn = arith.index_cast %n : index to i64
  vector.print str "transpose of "
  vector.print %mm : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %nn : i64 punctuation <no_punctuation>
  scf.if %full {
    vector.print str ":\n"
    func.call @print_matrix(%B) : (memref<?x?xi64>) -> ()
  } else {
    %p = arith.constant 1000003 : i64
    %k1 = arith.constant 1 : i64
    %k2 = arith.constant 2 : i64
    %zero = arith.constant 0 : i64
    %sum = scf.for %r = %c0 to %n step %c1 iter_args(%s0 = %zero) -> (i64) {
      %s2 = scf.for %c = %c0 to %m step %c1 iter_args(%s1 = %s0) -> (i64) {
        %b = memref.load %B[%r, %c] : memref<?x?xi64>
        %rr = arith.index_cast %r : index to i64
        %cc = arith.index_cast %c : index to i64
        %w0 = arith.addi %rr, %k1 : i64
        %w1 = arith.addi %cc, %k2 : i64
        %w = arith.muli %w0, %w1 : i64
        %t = arith.muli %b, %w : i64
        %u = arith.addi %s1, %t : i64
        %s = arith.remsi %u, %p : i64
        scf.yield %s : i64
      }
      scf.yield %s2 : i64
    }
    vector.print str ": checksum "
    vector.print %sum : i64
  }
  memref.dealloc %A : memref<?x?xi64>
  memref.dealloc %B : memref<?x?xi64>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %c19 = arith.constant 19 : index
  %c37 = arith.constant 37 : index
  %true = arith.constant true
  %false = arith.constant false
  func.call @run(%c7, %c11, %true) : (index, index, i1) -> ()
  func.call @run(%c4, %c8, %true) : (index, index, i1) -> ()
  func.call @run(%c1, %c1, %true) : (index, index, i1) -> ()
  func.call @run(%c37, %c19, %false) : (index, index, i1) -> ()
  return
}
