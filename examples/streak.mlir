// streak.mlir - longest satisfying streak (Futhark's "lss" benchmark).
//
// The length of the longest contiguous run of elements in which every
// element satisfies a predicate p1 and every two neighbours x, y satisfy a
// predicate p2. Three instances, selected by %kind:
//   kind 0, "sorted": p1 = true,   p2(x, y) = x <= y   (non-decreasing run)
//   kind 1, "zeros":  p1(x) = x == 0, p2 = true        (run of zeros)
//   kind 2, "same":   p1 = true,   p2(x, y) = x == y   (run of equal values)
//
// One non-commutative seg.red on 6-tuples describing a stretch:
//   lss   the longest satisfying run inside it,
//   lis   the longest satisfying run at its start,
//   lcs   the longest satisfying run at its end,
//   len   its length,
//   first its first element, last its last element.
// Element x maps to (m, m, m, 1, x, x) with m = 1 if p1(x) else 0. A
// stretch X followed by a stretch Y combine with
//   connect = p2(last_X, first_Y) or len_X == 0 or len_Y == 0
//   lss   = max(lss_X, lss_Y, connect ? lcs_X + lis_Y : 0)
//   lis   = lis_X == len_X and connect ? lis_X + lis_Y : lis_X
//   lcs   = lcs_Y == len_Y and connect ? lcs_Y + lcs_X : lcs_Y
//   len   = len_X + len_Y
//   first = len_X == 0 ? first_Y : first_X
//   last  = len_Y == 0 ? last_X : last_Y
// and the neutral element (0, 0, 0, 0, 0, 0), the empty stretch. The
// operator regions use %kind, defined outside the seg.red.
//
// Inputs:
//   s = [3, 1, 2, 2, 5, 0, 0, 0, 4, 1]: the longest sorted run is
//       [1, 2, 2, 5], the sorted run at the start is [3] and the one at
//       the end [1]; the longest run of zeros is [0, 0, 0] (none at either
//       end); the longest run of equal values is [0, 0, 0] too.
//   r: 1000 pseudo-random values in [0, 4): with the LCG
//       s(0) = 1, s(i+1) = (1103515245 s(i) + 12345) mod 2^31,
//       r[i] = (s(i+1) >> 16) mod 4.
//   the empty array: everything 0.
//
// CHECK:      sorted(s): lss = 4, lis = 1, lcs = 1, len = 10
// CHECK-NEXT: zeros(s): lss = 3, lis = 0, lcs = 0, len = 10
// CHECK-NEXT: same(s): lss = 3, lis = 1, lcs = 1, len = 10
// CHECK-NEXT: sorted(r): lss = 8
// CHECK-NEXT: zeros(r): lss = 4
// CHECK-NEXT: same(r): lss = 6
// CHECK-NEXT: sorted([]): lss = 0, lis = 0, lcs = 0, len = 0

// The (lss, lis, lcs, len) of the first %n elements of %x for predicate
// pair %kind (0: sorted, 1: zeros, 2: same).
func.func @streak(%x: memref<?xi64>, %n: index, %kind: i64)
    -> (i64, i64, i64, i64) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %o_lss = memref.alloca() : memref<i64>
  %o_lis = memref.alloca() : memref<i64>
  %o_lcs = memref.alloca() : memref<i64>
  %o_len = memref.alloca() : memref<i64>
  %o_first = memref.alloca() : memref<i64>
  %o_last = memref.alloca() : memref<i64>
  seg.red thread (%i) in (%n)
      outs(%o_lss, %o_lis, %o_lcs, %o_len, %o_first, %o_last
           : memref<i64>, memref<i64>, memref<i64>, memref<i64>,
             memref<i64>, memref<i64>) {
    %xi = memref.load %x[%i] : memref<?xi64>
    // p1(x): false only for kind 1 (zeros) and x != 0.
    %is_zeros = arith.cmpi eq, %kind, %one : i64
    %nonzero = arith.cmpi ne, %xi, %zero : i64
    %fails = arith.andi %is_zeros, %nonzero : i1
    %m = arith.select %fails, %zero, %one : i64
    seg.yield %m, %m, %m, %one, %xi, %xi
        : i64, i64, i64, i64, i64, i64
  } combine (%lss_x: i64, %lis_x: i64, %lcs_x: i64, %len_x: i64,
             %first_x: i64, %last_x: i64,
             %lss_y: i64, %lis_y: i64, %lcs_y: i64, %len_y: i64,
             %first_y: i64, %last_y: i64)
      neutral(%zero, %zero, %zero, %zero, %zero, %zero
              : i64, i64, i64, i64, i64, i64) {
    // p2(last_x, first_y)
    %le = arith.cmpi sle, %last_x, %first_y : i64
    %eq = arith.cmpi eq, %last_x, %first_y : i64
    %true = arith.constant true
    %is_sorted = arith.cmpi eq, %kind, %zero : i64
    %is_same = arith.cmpi eq, %kind, %two : i64
    %p2a = arith.select %is_same, %eq, %true : i1
    %p2 = arith.select %is_sorted, %le, %p2a : i1
    // connect = p2 or len_x == 0 or len_y == 0
    %x_empty = arith.cmpi eq, %len_x, %zero : i64
    %y_empty = arith.cmpi eq, %len_y, %zero : i64
    %c0 = arith.ori %p2, %x_empty : i1
    %connect = arith.ori %c0, %y_empty : i1
    // lss
    %across = arith.addi %lcs_x, %lis_y : i64
    %across_ok = arith.select %connect, %across, %zero : i64
    %l0 = arith.maxsi %lss_x, %lss_y : i64
    %lss = arith.maxsi %l0, %across_ok : i64
    // lis
    %x_full = arith.cmpi eq, %lis_x, %len_x : i64
    %lis_ext = arith.andi %x_full, %connect : i1
    %lis_sum = arith.addi %lis_x, %lis_y : i64
    %lis = arith.select %lis_ext, %lis_sum, %lis_x : i64
    // lcs
    %y_full = arith.cmpi eq, %lcs_y, %len_y : i64
    %lcs_ext = arith.andi %y_full, %connect : i1
    %lcs_sum = arith.addi %lcs_y, %lcs_x : i64
    %lcs = arith.select %lcs_ext, %lcs_sum, %lcs_y : i64
    // len, first, last
    %len = arith.addi %len_x, %len_y : i64
    %first = arith.select %x_empty, %first_y, %first_x : i64
    %last = arith.select %y_empty, %last_x, %last_y : i64
    seg.yield %lss, %lis, %lcs, %len, %first, %last
        : i64, i64, i64, i64, i64, i64
  }
  %lss = memref.load %o_lss[] : memref<i64>
  %lis = memref.load %o_lis[] : memref<i64>
  %lcs = memref.load %o_lcs[] : memref<i64>
  %len = memref.load %o_len[] : memref<i64>
  return %lss, %lis, %lcs, %len : i64, i64, i64, i64
}

func.func @print_streak(%x: memref<?xi64>, %n: index, %kind: i64,
                        %all: i1) {
  %lss, %lis, %lcs, %len = func.call @streak(%x, %n, %kind)
      : (memref<?xi64>, index, i64) -> (i64, i64, i64, i64)
  vector.print str "lss = "
  scf.if %all {
    vector.print %lss : i64 punctuation <no_punctuation>
    vector.print str ", lis = "
    vector.print %lis : i64 punctuation <no_punctuation>
    vector.print str ", lcs = "
    vector.print %lcs : i64 punctuation <no_punctuation>
    vector.print str ", len = "
    vector.print %len : i64
  } else {
    vector.print %lss : i64
  }
  return
}

memref.global "private" constant @small : memref<10xi64> =
    dense<[3, 1, 2, 2, 5, 0, 0, 0, 4, 1]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %n = arith.constant 1000 : index
  %sorted = arith.constant 0 : i64
  %zeros = arith.constant 1 : i64
  %same = arith.constant 2 : i64
  %true = arith.constant true
  %false = arith.constant false

  %s0 = memref.get_global @small : memref<10xi64>
  %s = memref.cast %s0 : memref<10xi64> to memref<?xi64>
  vector.print str "sorted(s): "
  func.call @print_streak(%s, %c10, %sorted, %true)
      : (memref<?xi64>, index, i64, i1) -> ()
  vector.print str "zeros(s): "
  func.call @print_streak(%s, %c10, %zeros, %true)
      : (memref<?xi64>, index, i64, i1) -> ()
  vector.print str "same(s): "
  func.call @print_streak(%s, %c10, %same, %true)
      : (memref<?xi64>, index, i64, i1) -> ()

  // r[i] = (s(i+1) >> 16) mod 4 with s(i+1) = (1103515245 s(i) + 12345)
  // mod 2^31, s(0) = 1.
  %r = memref.alloc(%n) : memref<?xi64>
  %seed = arith.constant 1 : i64
  %mul = arith.constant 1103515245 : i64
  %inc = arith.constant 12345 : i64
  %mask31 = arith.constant 2147483647 : i64
  %k16 = arith.constant 16 : i64
  %k3 = arith.constant 3 : i64
  %final_state = scf.for %i = %c0 to %n step %c1 iter_args(%st = %seed)
      -> (i64) {
    %t0 = arith.muli %st, %mul : i64
    %t1 = arith.addi %t0, %inc : i64
    %next = arith.andi %t1, %mask31 : i64
    %t2 = arith.shrui %next, %k16 : i64
    %v = arith.andi %t2, %k3 : i64
    memref.store %v, %r[%i] : memref<?xi64>
    scf.yield %next : i64
  }
  vector.print str "sorted(r): "
  func.call @print_streak(%r, %n, %sorted, %false)
      : (memref<?xi64>, index, i64, i1) -> ()
  vector.print str "zeros(r): "
  func.call @print_streak(%r, %n, %zeros, %false)
      : (memref<?xi64>, index, i64, i1) -> ()
  vector.print str "same(r): "
  func.call @print_streak(%r, %n, %same, %false)
      : (memref<?xi64>, index, i64, i1) -> ()

  vector.print str "sorted([]): "
  func.call @print_streak(%r, %c0, %sorted, %true)
      : (memref<?xi64>, index, i64, i1) -> ()

  memref.dealloc %r : memref<?xi64>
  return
}
