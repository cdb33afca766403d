// linfun.mlir - composition of linear functions.
//
// The pair (a, b) stands for the function x -> a + b x (all arithmetic
// modulo the prime p = 1000003). Reducing a sequence f0, f1, ..., f(n-1)
// composes them so that f0 is applied first:
//   F = f(n-1) . ... . f1 . f0,    F(x) = f(n-1)( ... f1(f0(x)) ... )
// The operator takes the accumulated function (a1, b1) (applied first) and
// the next one (a2, b2) and returns their composition
//   x -> a2 + b2 (a1 + b1 x) = (a2 + b2 a1) + (b2 b1) x
// with the identity (0, 1) as neutral element. Composition is associative
// but not commutative, so the operator is not flagged `commutative`.
//
// The same operator is used by
//   @compose       seg.red over a one-dimensional space (rank-0 outs),
//   @compose_rows  seg.red over a static 4 x 250 space: one composition per
//                  row (outs of shape [4]); the rows are a view of the
//                  1000-element arrays made by memref.expand_shape,
//   @prefixes      seg.scan: the compositions of every prefix.
//
// Inputs:
//   * f0 = 1 + 2x, f1 = 5 + 3x, f2 = 10x: f1 . f0 = 5 + 3 (1 + 2x) =
//     8 + 6x and f2 . f1 . f0 = 80 + 60x. (Composing in the opposite order
//     would give f0 . f1 . f2 = 11 + 60x.)
//   * 1000 functions a[i] = (7 i + 3) mod 11, b[i] = (i mod 7) + 1.
//
// CHECK:      f2 . f1 . f0 = ( 80, 60 )
// CHECK-NEXT: prefixes a = ( 1, 8, 80 )
// CHECK-NEXT: prefixes b = ( 2, 6, 60 )
// CHECK-NEXT: F = ( 173138, 758252 ), F(10) = 755637
// CHECK-NEXT: rows a = ( 627310, 56829, 655408, 454436 )
// CHECK-NEXT: rows b = ( 797041, 973784, 579272, 782234 )
// CHECK-NEXT: first 8 prefixes a = ( 3, 16, 54, 218, 1099, 6599, 46194, 46202 )
// CHECK-NEXT: first 8 prefixes b = ( 1, 2, 6, 24, 120, 720, 5040, 5040 )

// The composition of the first %n functions (a[i], b[i]), f0 first.
func.func @compose(%a: memref<?xi64>, %b: memref<?xi64>, %n: index)
    -> (i64, i64) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %oa = memref.alloca() : memref<i64>
  %ob = memref.alloca() : memref<i64>
  seg.red thread (%i) in (%n) outs(%oa, %ob : memref<i64>, memref<i64>) {
    %ai = memref.load %a[%i] : memref<?xi64>
    %bi = memref.load %b[%i] : memref<?xi64>
    seg.yield %ai, %bi : i64, i64
  } combine (%a1: i64, %b1: i64, %a2: i64, %b2: i64)
      neutral(%zero, %one : i64, i64) {
    %p = arith.constant 1000003 : i64
    %t = arith.muli %b2, %a1 : i64
    %u = arith.addi %a2, %t : i64
    %ra = arith.remui %u, %p : i64
    %v = arith.muli %b2, %b1 : i64
    %rb = arith.remui %v, %p : i64
    seg.yield %ra, %rb : i64, i64
  }
  %ra = memref.load %oa[] : memref<i64>
  %rb = memref.load %ob[] : memref<i64>
  return %ra, %rb : i64, i64
}

// The composition of every row of a 4 x 250 matrix of functions.
func.func @compose_rows(%a: memref<4x250xi64>, %b: memref<4x250xi64>,
                        %oa: memref<4xi64>, %ob: memref<4xi64>) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  seg.red thread (%r, %i) in (4, 250)
      outs(%oa, %ob : memref<4xi64>, memref<4xi64>) {
    %ai = memref.load %a[%r, %i] : memref<4x250xi64>
    %bi = memref.load %b[%r, %i] : memref<4x250xi64>
    seg.yield %ai, %bi : i64, i64
  } combine (%a1: i64, %b1: i64, %a2: i64, %b2: i64)
      neutral(%zero, %one : i64, i64) {
    %p = arith.constant 1000003 : i64
    %t = arith.muli %b2, %a1 : i64
    %u = arith.addi %a2, %t : i64
    %ra = arith.remui %u, %p : i64
    %v = arith.muli %b2, %b1 : i64
    %rb = arith.remui %v, %p : i64
    seg.yield %ra, %rb : i64, i64
  }
  return
}

// (pa[k], pb[k]) = f(k) . ... . f0 for every k in [0, n).
func.func @prefixes(%a: memref<?xi64>, %b: memref<?xi64>,
                    %pa: memref<?xi64>, %pb: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %pa, %c0 : memref<?xi64>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  seg.scan thread (%i) in (%n) outs(%pa, %pb : memref<?xi64>, memref<?xi64>) {
    %ai = memref.load %a[%i] : memref<?xi64>
    %bi = memref.load %b[%i] : memref<?xi64>
    seg.yield %ai, %bi : i64, i64
  } combine (%a1: i64, %b1: i64, %a2: i64, %b2: i64)
      neutral(%zero, %one : i64, i64) {
    %p = arith.constant 1000003 : i64
    %t = arith.muli %b2, %a1 : i64
    %u = arith.addi %a2, %t : i64
    %ra = arith.remui %u, %p : i64
    %v = arith.muli %b2, %b1 : i64
    %rb = arith.remui %v, %p : i64
    seg.yield %ra, %rb : i64, i64
  }
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

memref.global "private" constant @small_a : memref<3xi64> = dense<[1, 5, 0]>
memref.global "private" constant @small_b : memref<3xi64> = dense<[2, 3, 10]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %n = arith.constant 1000 : index
  %k1 = arith.constant 1 : i64
  %k3 = arith.constant 3 : i64
  %k7 = arith.constant 7 : i64
  %k10 = arith.constant 10 : i64
  %k11 = arith.constant 11 : i64
  %p = arith.constant 1000003 : i64

  // The three small functions.
  %sa0 = memref.get_global @small_a : memref<3xi64>
  %sb0 = memref.get_global @small_b : memref<3xi64>
  %sa = memref.cast %sa0 : memref<3xi64> to memref<?xi64>
  %sb = memref.cast %sb0 : memref<3xi64> to memref<?xi64>
  %fa, %fb = func.call @compose(%sa, %sb, %c3)
      : (memref<?xi64>, memref<?xi64>, index) -> (i64, i64)
  vector.print str "f2 . f1 . f0 = ( "
  vector.print %fa : i64 punctuation <no_punctuation>
  vector.print str ", "
  vector.print %fb : i64 punctuation <no_punctuation>
  vector.print str " )\n"
  %spa = memref.alloc(%c3) : memref<?xi64>
  %spb = memref.alloc(%c3) : memref<?xi64>
  func.call @prefixes(%sa, %sb, %spa, %spb)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>) -> ()
  vector.print str "prefixes a = "
  func.call @print_row(%spa) : (memref<?xi64>) -> ()
  vector.print str "prefixes b = "
  func.call @print_row(%spb) : (memref<?xi64>) -> ()

  // a[i] = (7 i + 3) mod 11, b[i] = (i mod 7) + 1
  %a = memref.alloc() : memref<1000xi64>
  %b = memref.alloc() : memref<1000xi64>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %t0 = arith.muli %ii, %k7 : i64
    %t1 = arith.addi %t0, %k3 : i64
    %t2 = arith.remsi %t1, %k11 : i64
    memref.store %t2, %a[%i] : memref<1000xi64>
    %r = arith.remui %i, %c7 : index
    %ri = arith.index_cast %r : index to i64
    %t3 = arith.addi %ri, %k1 : i64
    memref.store %t3, %b[%i] : memref<1000xi64>
  }
  %ad = memref.cast %a : memref<1000xi64> to memref<?xi64>
  %bd = memref.cast %b : memref<1000xi64> to memref<?xi64>

  %Fa, %Fb = func.call @compose(%ad, %bd, %n)
      : (memref<?xi64>, memref<?xi64>, index) -> (i64, i64)
  // F(10) = Fa + Fb * 10 mod p
  %t = arith.muli %Fb, %k10 : i64
  %u = arith.addi %Fa, %t : i64
  %F10 = arith.remui %u, %p : i64
  vector.print str "F = ( "
  vector.print %Fa : i64 punctuation <no_punctuation>
  vector.print str ", "
  vector.print %Fb : i64 punctuation <no_punctuation>
  vector.print str " ), F(10) = "
  vector.print %F10 : i64

  // The same 1000 functions as 4 rows of 250.
  %a2 = memref.expand_shape %a [[0, 1]] output_shape [4, 250]
      : memref<1000xi64> into memref<4x250xi64>
  %b2 = memref.expand_shape %b [[0, 1]] output_shape [4, 250]
      : memref<1000xi64> into memref<4x250xi64>
  %ra = memref.alloc() : memref<4xi64>
  %rb = memref.alloc() : memref<4xi64>
  func.call @compose_rows(%a2, %b2, %ra, %rb)
      : (memref<4x250xi64>, memref<4x250xi64>, memref<4xi64>, memref<4xi64>)
      -> ()
  %rad = memref.cast %ra : memref<4xi64> to memref<?xi64>
  %rbd = memref.cast %rb : memref<4xi64> to memref<?xi64>
  vector.print str "rows a = "
  func.call @print_row(%rad) : (memref<?xi64>) -> ()
  vector.print str "rows b = "
  func.call @print_row(%rbd) : (memref<?xi64>) -> ()

  // The prefixes of the first 8 functions.
  %pa = memref.alloc(%c8) : memref<?xi64>
  %pb = memref.alloc(%c8) : memref<?xi64>
  func.call @prefixes(%ad, %bd, %pa, %pb)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>) -> ()
  vector.print str "first 8 prefixes a = "
  func.call @print_row(%pa) : (memref<?xi64>) -> ()
  vector.print str "first 8 prefixes b = "
  func.call @print_row(%pb) : (memref<?xi64>) -> ()

  memref.dealloc %spa : memref<?xi64>
  memref.dealloc %spb : memref<?xi64>
  memref.dealloc %a : memref<1000xi64>
  memref.dealloc %b : memref<1000xi64>
  memref.dealloc %ra : memref<4xi64>
  memref.dealloc %rb : memref<4xi64>
  memref.dealloc %pa : memref<?xi64>
  memref.dealloc %pb : memref<?xi64>
  return
}
