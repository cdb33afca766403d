// mss.mlir - maximum segment sum.
//
// The largest sum of a contiguous (possibly empty) subarray, as a single
// reduction with a non-commutative operator on 4-tuples. A tuple describes
// a stretch of the array by
//   mss: its maximum segment sum,
//   mis: its maximum initial (prefix) sum,
//   mcs: its maximum concluding (suffix) sum,
//   ts:  its total sum,
// each counting the empty segment, so each is at least 0 (except ts). An
// element x maps to (max(x,0), max(x,0), max(x,0), x), and the stretch x
// followed by the stretch y combines into
//   mss = max(mss_x, mss_y, mcs_x + mis_y)   (best inside x, inside y, or
//                                             across the boundary)
//   mis = max(mis_x, ts_x + mis_y)
//   mcs = max(mcs_y, mcs_x + ts_y)
//   ts  = ts_x + ts_y
// with neutral element (0, 0, 0, 0). The operator is associative but not
// commutative (the stretches are ordered), so `combine` has no
// `commutative` flag. The first operator argument half is the accumulator
// (the stretch on the left), the second half the element (on the right).
//
// @mss reduces a one-dimensional space (one segment, rank-0 outs);
// @mss_rows reduces every row of a matrix: a two-dimensional space whose
// outer dimension is the segments, with outs of shape [rows].
//
// Inputs:
//   s = [-2, 1, -3, 4, -1, 2, 1, -5, 4]       the textbook example: the
//       best segment is [4, -1, 2, 1] (sum 6), the best prefix ends at the
//       second 1 (sum 2), the best suffix is [4, -1, 2, 1, -5, 4] (sum 5),
//       and the total is 1.
//   a[i] = ((i * 17 + 5) mod 23) - 12, n = 300
//   b[i] = -1 - (i mod 3), n = 10            all negative: everything 0
//   m[r][i] = ((r * 7 + i * 17 + 5) mod 23) - 11 - r for 4 rows of 50
//
// CHECK:      mss(s) = 6, mis = 2, mcs = 5, ts = 1
// CHECK-NEXT: mss(a) = 16, mis = 9, mcs = 0, ts = -306
// CHECK-NEXT: mss(b) = 0, mis = 0, mcs = 0, ts = -19
// CHECK-NEXT: mss of the rows of m = ( 24, 16, 12, 10 )

// The MSS tuple of the first %n elements of %x.
func.func @mss(%x: memref<?xi64>, %n: index) -> (i64, i64, i64, i64) {
  %zero = arith.constant 0 : i64
  %o_mss = memref.alloca() : memref<i64>
  %o_mis = memref.alloca() : memref<i64>
  %o_mcs = memref.alloca() : memref<i64>
  %o_ts = memref.alloca() : memref<i64>
  seg.red thread (%i) in (%n)
      outs(%o_mss, %o_mis, %o_mcs, %o_ts
           : memref<i64>, memref<i64>, memref<i64>, memref<i64>) {
    %xi = memref.load %x[%i] : memref<?xi64>
    %p = arith.maxsi %xi, %zero : i64
    seg.yield %p, %p, %p, %xi : i64, i64, i64, i64
  } combine (%mss_x: i64, %mis_x: i64, %mcs_x: i64, %ts_x: i64,
             %mss_y: i64, %mis_y: i64, %mcs_y: i64, %ts_y: i64)
      neutral(%zero, %zero, %zero, %zero : i64, i64, i64, i64) {
    %across = arith.addi %mcs_x, %mis_y : i64
    %m0 = arith.maxsi %mss_x, %mss_y : i64
    %mss = arith.maxsi %m0, %across : i64
    %i0 = arith.addi %ts_x, %mis_y : i64
    %mis = arith.maxsi %mis_x, %i0 : i64
    %c0 = arith.addi %mcs_x, %ts_y : i64
    %mcs = arith.maxsi %mcs_y, %c0 : i64
    %ts = arith.addi %ts_x, %ts_y : i64
    seg.yield %mss, %mis, %mcs, %ts : i64, i64, i64, i64
  }
  %r0 = memref.load %o_mss[] : memref<i64>
  %r1 = memref.load %o_mis[] : memref<i64>
  %r2 = memref.load %o_mcs[] : memref<i64>
  %r3 = memref.load %o_ts[] : memref<i64>
  return %r0, %r1, %r2, %r3 : i64, i64, i64, i64
}

// The maximum segment sum of every row of %m, into %out (one per row).
// Only the first accumulator is wanted, but every accumulator needs an out.
func.func @mss_rows(%m: memref<?x?xi64>, %out: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi64>
  %cols = memref.dim %m, %c1 : memref<?x?xi64>
  %zero = arith.constant 0 : i64
  %o_mis = memref.alloc(%rows) : memref<?xi64>
  %o_mcs = memref.alloc(%rows) : memref<?xi64>
  %o_ts = memref.alloc(%rows) : memref<?xi64>
  seg.red thread (%r, %i) in (%rows, %cols)
      outs(%out, %o_mis, %o_mcs, %o_ts
           : memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>) {
    %xi = memref.load %m[%r, %i] : memref<?x?xi64>
    %p = arith.maxsi %xi, %zero : i64
    seg.yield %p, %p, %p, %xi : i64, i64, i64, i64
  } combine (%mss_x: i64, %mis_x: i64, %mcs_x: i64, %ts_x: i64,
             %mss_y: i64, %mis_y: i64, %mcs_y: i64, %ts_y: i64)
      neutral(%zero, %zero, %zero, %zero : i64, i64, i64, i64) {
    %across = arith.addi %mcs_x, %mis_y : i64
    %m0 = arith.maxsi %mss_x, %mss_y : i64
    %mss = arith.maxsi %m0, %across : i64
    %i0 = arith.addi %ts_x, %mis_y : i64
    %mis = arith.maxsi %mis_x, %i0 : i64
    %c0_ = arith.addi %mcs_x, %ts_y : i64
    %mcs = arith.maxsi %mcs_y, %c0_ : i64
    %ts = arith.addi %ts_x, %ts_y : i64
    seg.yield %mss, %mis, %mcs, %ts : i64, i64, i64, i64
  }
  memref.dealloc %o_mis : memref<?xi64>
  memref.dealloc %o_mcs : memref<?xi64>
  memref.dealloc %o_ts : memref<?xi64>
  return
}

func.func @print_mss(%x: memref<?xi64>, %n: index) {
  %mss, %mis, %mcs, %ts = func.call @mss(%x, %n)
      : (memref<?xi64>, index) -> (i64, i64, i64, i64)
  vector.print %mss : i64 punctuation <no_punctuation>
  vector.print str ", mis = "
  vector.print %mis : i64 punctuation <no_punctuation>
  vector.print str ", mcs = "
  vector.print %mcs : i64 punctuation <no_punctuation>
  vector.print str ", ts = "
  vector.print %ts : i64
  return
}

// Prints ( v0, v1, ... ) and a newline.
func.func @print_row(%v: memref<?xi64>) {
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

memref.global "private" constant @textbook : memref<9xi64> =
    dense<[-2, 1, -3, 4, -1, 2, 1, -5, 4]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c50 = arith.constant 50 : index
  %n = arith.constant 300 : index
  %k1 = arith.constant 1 : i64
  %k5 = arith.constant 5 : i64
  %k7 = arith.constant 7 : i64
  %k11 = arith.constant 11 : i64
  %k12 = arith.constant 12 : i64
  %k17 = arith.constant 17 : i64
  %k23 = arith.constant 23 : i64

  %s0 = memref.get_global @textbook : memref<9xi64>
  %s = memref.cast %s0 : memref<9xi64> to memref<?xi64>
  vector.print str "mss(s) = "
  func.call @print_mss(%s, %c9) : (memref<?xi64>, index) -> ()

  // a[i] = ((i * 17 + 5) mod 23) - 12
  %a = memref.alloc(%n) : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %t0 = arith.muli %ii, %k17 : i64
    %t1 = arith.addi %t0, %k5 : i64
    %t2 = arith.remsi %t1, %k23 : i64
    %t3 = arith.subi %t2, %k12 : i64
    memref.store %t3, %a[%i] : memref<?xi64>
  }
  vector.print str "mss(a) = "
  func.call @print_mss(%a, %n) : (memref<?xi64>, index) -> ()

  // b[i] = -1 - (i mod 3)
  %b = memref.alloc(%c10) : memref<?xi64>
  scf.for %i = %c0 to %c10 step %c1 {
    %r = arith.remui %i, %c3 : index
    %ri = arith.index_cast %r : index to i64
    %t0 = arith.addi %ri, %k1 : i64
    %zero = arith.constant 0 : i64
    %t1 = arith.subi %zero, %t0 : i64
    memref.store %t1, %b[%i] : memref<?xi64>
  }
  vector.print str "mss(b) = "
  func.call @print_mss(%b, %c10) : (memref<?xi64>, index) -> ()

  // m[r][i] = ((r * 7 + i * 17 + 5) mod 23) - 11 - r
  %m = memref.alloc(%c4, %c50) : memref<?x?xi64>
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %i = %c0 to %c50 step %c1 {
      %rr = arith.index_cast %r : index to i64
      %ii = arith.index_cast %i : index to i64
      %t0 = arith.muli %rr, %k7 : i64
      %t1 = arith.muli %ii, %k17 : i64
      %t2 = arith.addi %t0, %t1 : i64
      %t3 = arith.addi %t2, %k5 : i64
      %t4 = arith.remsi %t3, %k23 : i64
      %t5 = arith.subi %t4, %k11 : i64
      %t6 = arith.subi %t5, %rr : i64
      memref.store %t6, %m[%r, %i] : memref<?x?xi64>
    }
  }
  %rows = memref.alloc(%c4) : memref<?xi64>
  func.call @mss_rows(%m, %rows) : (memref<?x?xi64>, memref<?xi64>) -> ()
  vector.print str "mss of the rows of m = "
  func.call @print_row(%rows) : (memref<?xi64>) -> ()

  memref.dealloc %a : memref<?xi64>
  memref.dealloc %b : memref<?xi64>
  memref.dealloc %m : memref<?x?xi64>
  memref.dealloc %rows : memref<?xi64>
  return
}
