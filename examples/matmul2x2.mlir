// matmul2x2.mlir - the product of a sequence of 2x2 matrices.
//
// Matrix i is [[a[i], b[i]], [c[i], d[i]]], its four entries read from four
// separate arrays by the map. The operator is the 2x2 matrix product on
// 4-tuples, modulo the prime p = 1000003 so that entries stay small:
//   (a, b, c, d) * (a', b', c', d') =
//       (a a' + b c', a b' + b d', c a' + d c', c b' + d d')   (mod p)
// with the identity (1, 0, 0, 1) as neutral element. Matrix multiplication
// is associative but not commutative, so the operator is not flagged
// `commutative`: the result is M[0] * M[1] * ... * M[n-1], in this order.
//
// Inputs:
//   * 20 matrices alternating U = [[1, 1], [0, 1]] and L = [[1, 0], [1, 1]]
//     (U first). U L = [[2, 1], [1, 1]] and (U L)^10 is
//     [[F21, F20], [F20, F19]] with the Fibonacci numbers F19 = 4181,
//     F20 = 6765, F21 = 10946 (all below p). The reverse order would give
//     (L U)^10 = [[F19, F20], [F20, F21]].
//   * 1000 matrices with a[i] = (3 i + 1) mod 5, b[i] = (7 i + 2) mod 5,
//     c[i] = (11 i + 3) mod 5, d[i] = (13 i + 4) mod 5. (Their product in
//     the reverse order would be ( 0, 0, 596921, 433402 ).)
//   * the first of these (n = 1) and none of them (n = 0: the identity).
//
// CHECK:      UL^10 = ( 10946, 6765, 6765, 4181 )
// CHECK-NEXT: M[0:1000] = ( 896441, 384189, 425024, 896441 )
// CHECK-NEXT: M[0:1] = ( 1, 2, 3, 4 )
// CHECK-NEXT: M[0:0] = ( 1, 0, 0, 1 )

// The product of the first %n matrices, modulo 1000003, as (a, b, c, d).
func.func @matprod(%a: memref<?xi64>, %b: memref<?xi64>, %c: memref<?xi64>,
                   %d: memref<?xi64>, %n: index) -> (i64, i64, i64, i64) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %p = arith.constant 1000003 : i64
  %oa = memref.alloca() : memref<i64>
  %ob = memref.alloca() : memref<i64>
  %oc = memref.alloca() : memref<i64>
  %od = memref.alloca() : memref<i64>
  seg.red thread (%i) in (%n)
      outs(%oa, %ob, %oc, %od
           : memref<i64>, memref<i64>, memref<i64>, memref<i64>) {
    %ai = memref.load %a[%i] : memref<?xi64>
    %bi = memref.load %b[%i] : memref<?xi64>
    %ci = memref.load %c[%i] : memref<?xi64>
    %di = memref.load %d[%i] : memref<?xi64>
    seg.yield %ai, %bi, %ci, %di : i64, i64, i64, i64
  } combine (%xa: i64, %xb: i64, %xc: i64, %xd: i64,
             %ya: i64, %yb: i64, %yc: i64, %yd: i64)
      neutral(%one, %zero, %zero, %one : i64, i64, i64, i64) {
    // Entries are below p < 2^20, so the products and sums fit in i64.
    %aa = arith.muli %xa, %ya : i64
    %bc = arith.muli %xb, %yc : i64
    %ab = arith.muli %xa, %yb : i64
    %bd = arith.muli %xb, %yd : i64
    %ca = arith.muli %xc, %ya : i64
    %dc = arith.muli %xd, %yc : i64
    %cb = arith.muli %xc, %yb : i64
    %dd = arith.muli %xd, %yd : i64
    %ra0 = arith.addi %aa, %bc : i64
    %rb0 = arith.addi %ab, %bd : i64
    %rc0 = arith.addi %ca, %dc : i64
    %rd0 = arith.addi %cb, %dd : i64
    %ra = arith.remui %ra0, %p : i64
    %rb = arith.remui %rb0, %p : i64
    %rc = arith.remui %rc0, %p : i64
    %rd = arith.remui %rd0, %p : i64
    seg.yield %ra, %rb, %rc, %rd : i64, i64, i64, i64
  }
  %ra = memref.load %oa[] : memref<i64>
  %rb = memref.load %ob[] : memref<i64>
  %rc = memref.load %oc[] : memref<i64>
  %rd = memref.load %od[] : memref<i64>
  return %ra, %rb, %rc, %rd : i64, i64, i64, i64
}

// Prints ( a, b, c, d ) of the product of the first %n matrices.
func.func @print_prod(%a: memref<?xi64>, %b: memref<?xi64>,
                      %c: memref<?xi64>, %d: memref<?xi64>, %n: index) {
  %ra, %rb, %rc, %rd = func.call @matprod(%a, %b, %c, %d, %n)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>, index)
      -> (i64, i64, i64, i64)
  vector.print punctuation <open>
  vector.print %ra : i64 punctuation <no_punctuation>
  vector.print punctuation <comma>
  vector.print %rb : i64 punctuation <no_punctuation>
  vector.print punctuation <comma>
  vector.print %rc : i64 punctuation <no_punctuation>
  vector.print punctuation <comma>
  vector.print %rd : i64 punctuation <no_punctuation>
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

// v[i] = (k * i + q) mod 5 for i in [0, n).
func.func @fill(%v: memref<?xi64>, %k: i64, %q: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %five = arith.constant 5 : i64
  %n = memref.dim %v, %c0 : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %t0 = arith.muli %ii, %k : i64
    %t1 = arith.addi %t0, %q : i64
    %t2 = arith.remsi %t1, %five : i64
    memref.store %t2, %v[%i] : memref<?xi64>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c20 = arith.constant 20 : index
  %n = arith.constant 1000 : index
  %k0 = arith.constant 0 : i64
  %k1 = arith.constant 1 : i64
  %k2 = arith.constant 2 : i64
  %k3 = arith.constant 3 : i64
  %k4 = arith.constant 4 : i64
  %k7 = arith.constant 7 : i64
  %k11 = arith.constant 11 : i64
  %k13 = arith.constant 13 : i64

  // U, L, U, L, ...: a = d = 1 always; b = 1 for even i, c = 1 for odd i.
  %ua = memref.alloc(%c20) : memref<?xi64>
  %ub = memref.alloc(%c20) : memref<?xi64>
  %uc = memref.alloc(%c20) : memref<?xi64>
  %ud = memref.alloc(%c20) : memref<?xi64>
  scf.for %i = %c0 to %c20 step %c1 {
    %odd = arith.remui %i, %c2 : index
    %isodd = arith.cmpi eq, %odd, %c1 : index
    %bv = arith.select %isodd, %k0, %k1 : i64
    %cv = arith.select %isodd, %k1, %k0 : i64
    memref.store %k1, %ua[%i] : memref<?xi64>
    memref.store %bv, %ub[%i] : memref<?xi64>
    memref.store %cv, %uc[%i] : memref<?xi64>
    memref.store %k1, %ud[%i] : memref<?xi64>
  }
  vector.print str "UL^10 = "
  func.call @print_prod(%ua, %ub, %uc, %ud, %c20)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>, index)
      -> ()

  %a = memref.alloc(%n) : memref<?xi64>
  %b = memref.alloc(%n) : memref<?xi64>
  %c = memref.alloc(%n) : memref<?xi64>
  %d = memref.alloc(%n) : memref<?xi64>
  func.call @fill(%a, %k3, %k1) : (memref<?xi64>, i64, i64) -> ()
  func.call @fill(%b, %k7, %k2) : (memref<?xi64>, i64, i64) -> ()
  func.call @fill(%c, %k11, %k3) : (memref<?xi64>, i64, i64) -> ()
  func.call @fill(%d, %k13, %k4) : (memref<?xi64>, i64, i64) -> ()
  vector.print str "M[0:1000] = "
  func.call @print_prod(%a, %b, %c, %d, %n)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>, index)
      -> ()
  vector.print str "M[0:1] = "
  func.call @print_prod(%a, %b, %c, %d, %c1)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>, index)
      -> ()
  vector.print str "M[0:0] = "
  func.call @print_prod(%a, %b, %c, %d, %c0)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>, index)
      -> ()

  memref.dealloc %ua : memref<?xi64>
  memref.dealloc %ub : memref<?xi64>
  memref.dealloc %uc : memref<?xi64>
  memref.dealloc %ud : memref<?xi64>
  memref.dealloc %a : memref<?xi64>
  memref.dealloc %b : memref<?xi64>
  memref.dealloc %c : memref<?xi64>
  memref.dealloc %d : memref<?xi64>
  return
}
