// scatter.mlir - scatter with seg.write_returns.
//
// A seg.map whose result is `seg.write_returns into %dest [idx] = v`: every
// point writes its value(s) at index tuples it computes, instead of at its
// own position. A write whose index is outside %dest in any dimension
// (negative, or not below the extent) is skipped; the other elements of
// %dest keep their previous contents. (No two points below write the same
// element: with duplicates, which write wins is unspecified.)
//
//   1. idx = [3, -1, 0, 10, 7, -5, 9, 100, 2, 5, 11, 8], v[i] = 100 + i,
//      into a dest of 10 elements all -1: the writes at -1, 10, -5, 100
//      and 11 are skipped, so dest = [102, -1, 108, 100, -1, 109, -1, 104,
//      111, 106].
//   2. Two writes per point: point i in [0, 5) writes 10 i at 2 i and
//      -10 i at 2 i + 1 into 9 elements; the last write (index 9) is
//      skipped: dest = [0, 0, 10, -10, 20, -20, 30, -30, 40].
//   3. A 3 x 4 dest (all 0) and the points (0, 0), (2, 3), (3, 0), (1, -1),
//      (-1, 2), (1, 2), (0, 4) with values 1, 2, ..., 7: only (0, 0) = 1,
//      (2, 3) = 2 and (1, 2) = 6 land. (1, -1) and (0, 4) are out of
//      bounds in one dimension although their row-major offsets, 3 and 4,
//      are inside the array.
//   4. A computed permutation: point i in [0, 23) writes i at
//      ((7 i + 3) mod 23) - 1 into 20 elements, all -1; the three indices
//      -1, 20 and 21 are skipped.
//
// CHECK:      scatter 1: ( 102, -1, 108, 100, -1, 109, -1, 104, 111, 106 )
// CHECK-NEXT: scatter 2: ( 0, 0, 10, -10, 20, -20, 30, -30, 40 )
// CHECK-NEXT: scatter 3:
// CHECK-NEXT:   ( 1, 0, 0, 0 )
// CHECK-NEXT:   ( 0, 0, 6, 0 )
// CHECK-NEXT:   ( 0, 0, 0, 2 )
// CHECK-NEXT: scatter 4: ( 3, 13, 0, 10, 20, 7, 17, 4, 14, 1, 11, 21, 8, 18, 5, 15, 2, 12, 22, 9 )

memref.global "private" constant @idx1 : memref<12xi64> =
    dense<[3, -1, 0, 10, 7, -5, 9, 100, 2, 5, 11, 8]>
memref.global "private" constant @rows3 : memref<7xi64> =
    dense<[0, 2, 3, 1, -1, 1, 0]>
memref.global "private" constant @cols3 : memref<7xi64> =
    dense<[0, 3, 0, -1, 2, 2, 4]>

// Sets every element of %v to %x.
func.func @fill(%v: memref<?xi64>, %x: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %x, %v[%i] : memref<?xi64>
  }
  return
}

// Prints %v as ( v0, v1, ... ) and a newline.
func.func @print_vec(%v: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xi64>
  vector.print punctuation <open>
  scf.for %i = %c0 to %n step %c1 {
    %notfirst = arith.cmpi ne, %i, %c0 : index
    scf.if %notfirst {
      vector.print punctuation <comma>
    }
    %x = memref.load %v[%i] : memref<?xi64>
    vector.print %x : i64 punctuation <no_punctuation>
  }
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

// 1. dest[idx[i]] = 100 + i
func.func @scatter1(%idx: memref<?xi64>, %dest: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %m = memref.dim %idx, %c0 : memref<?xi64>
  seg.map thread (%i) in (%m) outs(%dest : memref<?xi64>) {
    %k100 = arith.constant 100 : i64
    %ii = arith.index_cast %i : index to i64
    %v = arith.addi %ii, %k100 : i64
    %j64 = memref.load %idx[%i] : memref<?xi64>
    %j = arith.index_cast %j64 : i64 to index
    seg.results {
      seg.write_returns into %dest [%j] = %v : memref<?xi64>
    }
  }
  return
}

// 2. dest[2 i] = 10 i, dest[2 i + 1] = -10 i
func.func @scatter2(%dest: memref<?xi64>) {
  seg.map thread (%i) in (5) outs(%dest : memref<?xi64>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %k10 = arith.constant 10 : i64
    %k0 = arith.constant 0 : i64
    %ii = arith.index_cast %i : index to i64
    %v = arith.muli %ii, %k10 : i64
    %w = arith.subi %k0, %v : i64
    %e = arith.muli %i, %c2 : index
    %o = arith.addi %e, %c1 : index
    seg.results {
      seg.write_returns into %dest [%e] = %v, [%o] = %w : memref<?xi64>
    }
  }
  return
}

// 3. dest[rows[i], cols[i]] = i + 1
func.func @scatter3(%rows: memref<?xi64>, %cols: memref<?xi64>,
                    %dest: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %m = memref.dim %rows, %c0 : memref<?xi64>
  seg.map thread (%i) in (%m) outs(%dest : memref<?x?xi64>) {
    %k1 = arith.constant 1 : i64
    %ii = arith.index_cast %i : index to i64
    %v = arith.addi %ii, %k1 : i64
    %r64 = memref.load %rows[%i] : memref<?xi64>
    %c64 = memref.load %cols[%i] : memref<?xi64>
    %r = arith.index_cast %r64 : i64 to index
    %c = arith.index_cast %c64 : i64 to index
    seg.results {
      seg.write_returns into %dest [%r, %c] = %v : memref<?x?xi64>
    }
  }
  return
}

// 4. dest[((7 i + 3) mod 23) - 1] = i for i in [0, 23)
func.func @scatter4(%dest: memref<?xi64>) {
  seg.map thread (%i) in (23) outs(%dest : memref<?xi64>) {
    %k1 = arith.constant 1 : i64
    %k3 = arith.constant 3 : i64
    %k7 = arith.constant 7 : i64
    %k23 = arith.constant 23 : i64
    %ii = arith.index_cast %i : index to i64
    %t0 = arith.muli %ii, %k7 : i64
    %t1 = arith.addi %t0, %k3 : i64
    %t2 = arith.remsi %t1, %k23 : i64
    %t3 = arith.subi %t2, %k1 : i64
    %j = arith.index_cast %t3 : i64 to index
    seg.results {
      seg.write_returns into %dest [%j] = %ii : memref<?xi64>
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %minus1 = arith.constant -1 : i64
  %zero = arith.constant 0 : i64

  // 1.
  %idx0 = memref.get_global @idx1 : memref<12xi64>
  %idx = memref.cast %idx0 : memref<12xi64> to memref<?xi64>
  %d1 = memref.alloc(%c10) : memref<?xi64>
  func.call @fill(%d1, %minus1) : (memref<?xi64>, i64) -> ()
  func.call @scatter1(%idx, %d1) : (memref<?xi64>, memref<?xi64>) -> ()
  vector.print str "scatter 1: "
  func.call @print_vec(%d1) : (memref<?xi64>) -> ()

  // 2.
  %d2 = memref.alloc(%c9) : memref<?xi64>
  func.call @fill(%d2, %minus1) : (memref<?xi64>, i64) -> ()
  func.call @scatter2(%d2) : (memref<?xi64>) -> ()
  vector.print str "scatter 2: "
  func.call @print_vec(%d2) : (memref<?xi64>) -> ()

  // 3.
  %rows0 = memref.get_global @rows3 : memref<7xi64>
  %cols0 = memref.get_global @cols3 : memref<7xi64>
  %rows = memref.cast %rows0 : memref<7xi64> to memref<?xi64>
  %cols = memref.cast %cols0 : memref<7xi64> to memref<?xi64>
  %d3 = memref.alloc(%c3, %c4) : memref<?x?xi64>
  scf.for %r = %c0 to %c3 step %c1 {
    scf.for %c = %c0 to %c4 step %c1 {
      memref.store %zero, %d3[%r, %c] : memref<?x?xi64>
    }
  }
  func.call @scatter3(%rows, %cols, %d3)
      : (memref<?xi64>, memref<?xi64>, memref<?x?xi64>) -> ()
  vector.print str "scatter 3:\n"
  scf.for %r = %c0 to %c3 step %c1 {
    vector.print str "  "
    vector.print punctuation <open>
    scf.for %c = %c0 to %c4 step %c1 {
      %notfirst = arith.cmpi ne, %c, %c0 : index
      scf.if %notfirst {
        vector.print punctuation <comma>
      }
      %x = memref.load %d3[%r, %c] : memref<?x?xi64>
      vector.print %x : i64 punctuation <no_punctuation>
    }
    vector.print punctuation <close>
    vector.print punctuation <newline>
  }

  // 4.
  %d4 = memref.alloc(%c20) : memref<?xi64>
  func.call @fill(%d4, %minus1) : (memref<?xi64>, i64) -> ()
  func.call @scatter4(%d4) : (memref<?xi64>) -> ()
  vector.print str "scatter 4: "
  func.call @print_vec(%d4) : (memref<?xi64>) -> ()

  memref.dealloc %d1 : memref<?xi64>
  memref.dealloc %d2 : memref<?xi64>
  memref.dealloc %d3 : memref<?x?xi64>
  memref.dealloc %d4 : memref<?xi64>
  return
}
