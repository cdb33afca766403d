// matmul3x3.mlir - the product of a sequence of 3x3 matrices.
//
// As in mm-3x3.fut of [Pøbl & Holst 2024], matrix i has its nine entries in
// nine separate input arrays, m00[i], m01[i], ..., m22[i] (entry (r, c) in
// m<r><c>), so the map of the reduction reads 9 arrays. The operator is the 3x3
// matrix product on 9-tuples (row-major), modulo the prime p = 1000003 so that
// entries stay below 2^20 and every sum of three products fits in i64:
//   (X Y)(r, c) = X(r, 0) Y(0, c) + X(r, 1) Y(1, c) + X(r, 2) Y(2, c) mod p
// with the identity as neutral element. Matrix multiplication is
// associative but not commutative, so the operator is not flagged
// `commutative`: the result is M[0] * M[1] * ... * M[n-1], in this order.
//
// @matprod      one segment: a one-dimensional space, nine rank-0 outs;
// @matprod_rows segmented: a rows x cols space of matrices, the product of
//               every row into nine outs of shape [rows].
//
// Inputs (e(r, c) is the matrix with a single 1 at (r, c)):
//   * 20 matrices alternating A = I + e(0, 1) and B = I + e(1, 2) (A
//     first). A B = I + N + N^2 with N = e(0, 1) + e(1, 2) (N^3 = 0), so
//     A B = (I - N)^-1 and (A B)^10 = (I - N)^-10 has C(9 + d, d) on the
//     d-th superdiagonal: 1, 10, 55. (The reverse order would give
//     (B A)^10 = (I + N)^10, with C(10, d): 1, 10, 45.)
//   * 1000 pseudo-random matrices: entry k = 3 r + c of matrix g is the top
//     10 bits of Knuth's multiplicative hash of 9 g + k,
//     ((9 g + k) * 2654435761 mod 2^32) >> 22; the first is
//     ((0, 632, 241), (874, 483, 92), (725, 334, 966)). Their product, the
//     first one alone (n = 1) and none of them (n = 0: the identity).
//   * 4 rows of 6 matrices, row s = A^s B^(6-s): A^s = I + s e(0, 1) and
//     B^t = I + t e(1, 2), so A^s B^t = I + s e(0, 1) + t e(1, 2) +
//     s t e(0, 2), with s t = 0, 5, 8, 9 in the corner.
//   * the 1000 pseudo-random matrices as 8 rows of 125 (matrix (s, i) is
//     matrix 125 s + i): the 8 row products, and the product of these 8
//     (a second reduction, whose inputs are the outs of the first), which
//     is again the product of all 1000.
//   * 3 rows of no matrix: three identities.
//
// CHECK:      (AB)^10 = ( ( 1, 10, 55 ), ( 0, 1, 10 ), ( 0, 0, 1 ) )
// CHECK-NEXT: M[0:1000] = ( ( 586701, 641855, 34854 ), ( 726180, 14891, 921446 ), ( 129655, 419653, 460697 ) )
// CHECK-NEXT: M[0:1] = ( ( 0, 632, 241 ), ( 874, 483, 92 ), ( 725, 334, 966 ) )
// CHECK-NEXT: M[0:0] = ( ( 1, 0, 0 ), ( 0, 1, 0 ), ( 0, 0, 1 ) )
// CHECK-NEXT: A^s B^(6-s), 4 rows of 6:
// CHECK-NEXT:   ( ( 1, 0, 0 ), ( 0, 1, 6 ), ( 0, 0, 1 ) )
// CHECK-NEXT:   ( ( 1, 1, 5 ), ( 0, 1, 5 ), ( 0, 0, 1 ) )
// CHECK-NEXT:   ( ( 1, 2, 8 ), ( 0, 1, 4 ), ( 0, 0, 1 ) )
// CHECK-NEXT:   ( ( 1, 3, 9 ), ( 0, 1, 3 ), ( 0, 0, 1 ) )
// CHECK-NEXT: M[0:1000] as 8 rows of 125:
// CHECK-NEXT:   ( ( 166180, 320151, 101574 ), ( 643004, 484758, 544015 ), ( 269662, 972049, 369465 ) )
// CHECK-NEXT:   ( ( 116610, 254345, 629302 ), ( 174445, 467141, 104274 ), ( 447971, 343312, 382364 ) )
// CHECK-NEXT:   ( ( 159833, 890962, 194160 ), ( 298404, 552654, 764002 ), ( 303286, 329286, 628184 ) )
// CHECK-NEXT:   ( ( 854076, 85702, 987715 ), ( 448112, 299821, 599744 ), ( 88420, 864563, 176123 ) )
// CHECK-NEXT:   ( ( 259342, 808733, 60886 ), ( 334955, 679502, 629297 ), ( 749023, 151560, 100313 ) )
// CHECK-NEXT:   ( ( 478752, 665085, 882152 ), ( 82529, 153364, 638833 ), ( 449624, 653619, 103735 ) )
// CHECK-NEXT:   ( ( 576127, 293984, 606322 ), ( 223229, 230860, 855627 ), ( 704884, 322081, 102654 ) )
// CHECK-NEXT:   ( ( 126417, 323539, 560560 ), ( 112961, 672715, 77945 ), ( 996814, 24863, 114777 ) )
// CHECK-NEXT: product of the 8 row products = ( ( 586701, 641855, 34854 ), ( 726180, 14891, 921446 ), ( 129655, 419653, 460697 ) )
// CHECK-NEXT: 3 rows of 0:
// CHECK-NEXT:   ( ( 1, 0, 0 ), ( 0, 1, 0 ), ( 0, 0, 1 ) )
// CHECK-NEXT:   ( ( 1, 0, 0 ), ( 0, 1, 0 ), ( 0, 0, 1 ) )
// CHECK-NEXT:   ( ( 1, 0, 0 ), ( 0, 1, 0 ), ( 0, 0, 1 ) )

// The product M[0] * M[1] * ... * M[n-1] of the first %n matrices, modulo
// p = 1000003, as a vector of its 9 entries in row-major order; entry (r, c)
// of M[i] is m<r><c>[i].
func.func @matprod(%m00: memref<?xi64>, %m01: memref<?xi64>,
                   %m02: memref<?xi64>, %m10: memref<?xi64>,
                   %m11: memref<?xi64>, %m12: memref<?xi64>,
                   %m20: memref<?xi64>, %m21: memref<?xi64>,
                   %m22: memref<?xi64>, %n: index)
    -> vector<9xi64> {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %o00 = memref.alloca() : memref<i64>
  %o01 = memref.alloca() : memref<i64>
  %o02 = memref.alloca() : memref<i64>
  %o10 = memref.alloca() : memref<i64>
  %o11 = memref.alloca() : memref<i64>
  %o12 = memref.alloca() : memref<i64>
  %o20 = memref.alloca() : memref<i64>
  %o21 = memref.alloca() : memref<i64>
  %o22 = memref.alloca() : memref<i64>
  seg.red thread (%i) in (%n)
      outs(%o00, %o01, %o02, %o10, %o11, %o12, %o20, %o21, %o22
           : memref<i64>, memref<i64>, memref<i64>, memref<i64>, memref<i64>,
             memref<i64>, memref<i64>, memref<i64>, memref<i64>) {
    %e00 = memref.load %m00[%i] : memref<?xi64>
    %e01 = memref.load %m01[%i] : memref<?xi64>
    %e02 = memref.load %m02[%i] : memref<?xi64>
    %e10 = memref.load %m10[%i] : memref<?xi64>
    %e11 = memref.load %m11[%i] : memref<?xi64>
    %e12 = memref.load %m12[%i] : memref<?xi64>
    %e20 = memref.load %m20[%i] : memref<?xi64>
    %e21 = memref.load %m21[%i] : memref<?xi64>
    %e22 = memref.load %m22[%i] : memref<?xi64>
    seg.yield %e00, %e01, %e02, %e10, %e11, %e12, %e20, %e21, %e22
        : i64, i64, i64, i64, i64, i64, i64, i64, i64
  } combine (%x00: i64, %x01: i64, %x02: i64, %x10: i64, %x11: i64,
             %x12: i64, %x20: i64, %x21: i64, %x22: i64, %y00: i64,
             %y01: i64, %y02: i64, %y10: i64, %y11: i64, %y12: i64,
             %y20: i64, %y21: i64, %y22: i64)
      neutral(%one, %zero, %zero, %zero, %one, %zero, %zero, %zero, %one
              : i64, i64, i64, i64, i64, i64, i64, i64, i64) {
    %p = arith.constant 1000003 : i64
    // Entry (r, c) of the product is x(r, 0) y(0, c) + ... + x(r, 2) y(2, c).
    %t00_0 = arith.muli %x00, %y00 : i64
    %t00_1 = arith.muli %x01, %y10 : i64
    %t00_2 = arith.muli %x02, %y20 : i64
    %u00_1 = arith.addi %t00_0, %t00_1 : i64
    %u00_2 = arith.addi %u00_1, %t00_2 : i64
    %r00 = arith.remui %u00_2, %p : i64
    %t01_0 = arith.muli %x00, %y01 : i64
    %t01_1 = arith.muli %x01, %y11 : i64
    %t01_2 = arith.muli %x02, %y21 : i64
    %u01_1 = arith.addi %t01_0, %t01_1 : i64
    %u01_2 = arith.addi %u01_1, %t01_2 : i64
    %r01 = arith.remui %u01_2, %p : i64
    %t02_0 = arith.muli %x00, %y02 : i64
    %t02_1 = arith.muli %x01, %y12 : i64
    %t02_2 = arith.muli %x02, %y22 : i64
    %u02_1 = arith.addi %t02_0, %t02_1 : i64
    %u02_2 = arith.addi %u02_1, %t02_2 : i64
    %r02 = arith.remui %u02_2, %p : i64
    %t10_0 = arith.muli %x10, %y00 : i64
    %t10_1 = arith.muli %x11, %y10 : i64
    %t10_2 = arith.muli %x12, %y20 : i64
    %u10_1 = arith.addi %t10_0, %t10_1 : i64
    %u10_2 = arith.addi %u10_1, %t10_2 : i64
    %r10 = arith.remui %u10_2, %p : i64
    %t11_0 = arith.muli %x10, %y01 : i64
    %t11_1 = arith.muli %x11, %y11 : i64
    %t11_2 = arith.muli %x12, %y21 : i64
    %u11_1 = arith.addi %t11_0, %t11_1 : i64
    %u11_2 = arith.addi %u11_1, %t11_2 : i64
    %r11 = arith.remui %u11_2, %p : i64
    %t12_0 = arith.muli %x10, %y02 : i64
    %t12_1 = arith.muli %x11, %y12 : i64
    %t12_2 = arith.muli %x12, %y22 : i64
    %u12_1 = arith.addi %t12_0, %t12_1 : i64
    %u12_2 = arith.addi %u12_1, %t12_2 : i64
    %r12 = arith.remui %u12_2, %p : i64
    %t20_0 = arith.muli %x20, %y00 : i64
    %t20_1 = arith.muli %x21, %y10 : i64
    %t20_2 = arith.muli %x22, %y20 : i64
    %u20_1 = arith.addi %t20_0, %t20_1 : i64
    %u20_2 = arith.addi %u20_1, %t20_2 : i64
    %r20 = arith.remui %u20_2, %p : i64
    %t21_0 = arith.muli %x20, %y01 : i64
    %t21_1 = arith.muli %x21, %y11 : i64
    %t21_2 = arith.muli %x22, %y21 : i64
    %u21_1 = arith.addi %t21_0, %t21_1 : i64
    %u21_2 = arith.addi %u21_1, %t21_2 : i64
    %r21 = arith.remui %u21_2, %p : i64
    %t22_0 = arith.muli %x20, %y02 : i64
    %t22_1 = arith.muli %x21, %y12 : i64
    %t22_2 = arith.muli %x22, %y22 : i64
    %u22_1 = arith.addi %t22_0, %t22_1 : i64
    %u22_2 = arith.addi %u22_1, %t22_2 : i64
    %r22 = arith.remui %u22_2, %p : i64
    seg.yield %r00, %r01, %r02, %r10, %r11, %r12, %r20, %r21, %r22
        : i64, i64, i64, i64, i64, i64, i64, i64, i64
  }
  %v00 = memref.load %o00[] : memref<i64>
  %v01 = memref.load %o01[] : memref<i64>
  %v02 = memref.load %o02[] : memref<i64>
  %v10 = memref.load %o10[] : memref<i64>
  %v11 = memref.load %o11[] : memref<i64>
  %v12 = memref.load %o12[] : memref<i64>
  %v20 = memref.load %o20[] : memref<i64>
  %v21 = memref.load %o21[] : memref<i64>
  %v22 = memref.load %o22[] : memref<i64>
  %v = vector.from_elements %v00, %v01, %v02, %v10, %v11, %v12, %v20, %v21,
      %v22
      : vector<9xi64>
  return %v : vector<9xi64>
}

// The product of every row of a rows x cols array of matrices, modulo p:
// o<r><c>[s] is entry (r, c) of M[s, 0] * M[s, 1] * ... * M[s, cols-1],
// where entry (r, c) of M[s, i] is m<r><c>[s, i].
func.func @matprod_rows(%m00: memref<?x?xi64>, %m01: memref<?x?xi64>,
                        %m02: memref<?x?xi64>, %m10: memref<?x?xi64>,
                        %m11: memref<?x?xi64>, %m12: memref<?x?xi64>,
                        %m20: memref<?x?xi64>, %m21: memref<?x?xi64>,
                        %m22: memref<?x?xi64>, %o00: memref<?xi64>,
                        %o01: memref<?xi64>, %o02: memref<?xi64>,
                        %o10: memref<?xi64>, %o11: memref<?xi64>,
                        %o12: memref<?xi64>, %o20: memref<?xi64>,
                        %o21: memref<?xi64>, %o22: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m00, %c0 : memref<?x?xi64>
  %cols = memref.dim %m00, %c1 : memref<?x?xi64>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o00, %o01, %o02, %o10, %o11, %o12, %o20, %o21, %o22
           : memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
             memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
             memref<?xi64>) {
    %e00 = memref.load %m00[%s, %i] : memref<?x?xi64>
    %e01 = memref.load %m01[%s, %i] : memref<?x?xi64>
    %e02 = memref.load %m02[%s, %i] : memref<?x?xi64>
    %e10 = memref.load %m10[%s, %i] : memref<?x?xi64>
    %e11 = memref.load %m11[%s, %i] : memref<?x?xi64>
    %e12 = memref.load %m12[%s, %i] : memref<?x?xi64>
    %e20 = memref.load %m20[%s, %i] : memref<?x?xi64>
    %e21 = memref.load %m21[%s, %i] : memref<?x?xi64>
    %e22 = memref.load %m22[%s, %i] : memref<?x?xi64>
    seg.yield %e00, %e01, %e02, %e10, %e11, %e12, %e20, %e21, %e22
        : i64, i64, i64, i64, i64, i64, i64, i64, i64
  } combine (%x00: i64, %x01: i64, %x02: i64, %x10: i64, %x11: i64,
             %x12: i64, %x20: i64, %x21: i64, %x22: i64, %y00: i64,
             %y01: i64, %y02: i64, %y10: i64, %y11: i64, %y12: i64,
             %y20: i64, %y21: i64, %y22: i64)
      neutral(%one, %zero, %zero, %zero, %one, %zero, %zero, %zero, %one
              : i64, i64, i64, i64, i64, i64, i64, i64, i64) {
    %p = arith.constant 1000003 : i64
    // Entry (r, c) of the product is x(r, 0) y(0, c) + ... + x(r, 2) y(2, c).
    %t00_0 = arith.muli %x00, %y00 : i64
    %t00_1 = arith.muli %x01, %y10 : i64
    %t00_2 = arith.muli %x02, %y20 : i64
    %u00_1 = arith.addi %t00_0, %t00_1 : i64
    %u00_2 = arith.addi %u00_1, %t00_2 : i64
    %r00 = arith.remui %u00_2, %p : i64
    %t01_0 = arith.muli %x00, %y01 : i64
    %t01_1 = arith.muli %x01, %y11 : i64
    %t01_2 = arith.muli %x02, %y21 : i64
    %u01_1 = arith.addi %t01_0, %t01_1 : i64
    %u01_2 = arith.addi %u01_1, %t01_2 : i64
    %r01 = arith.remui %u01_2, %p : i64
    %t02_0 = arith.muli %x00, %y02 : i64
    %t02_1 = arith.muli %x01, %y12 : i64
    %t02_2 = arith.muli %x02, %y22 : i64
    %u02_1 = arith.addi %t02_0, %t02_1 : i64
    %u02_2 = arith.addi %u02_1, %t02_2 : i64
    %r02 = arith.remui %u02_2, %p : i64
    %t10_0 = arith.muli %x10, %y00 : i64
    %t10_1 = arith.muli %x11, %y10 : i64
    %t10_2 = arith.muli %x12, %y20 : i64
    %u10_1 = arith.addi %t10_0, %t10_1 : i64
    %u10_2 = arith.addi %u10_1, %t10_2 : i64
    %r10 = arith.remui %u10_2, %p : i64
    %t11_0 = arith.muli %x10, %y01 : i64
    %t11_1 = arith.muli %x11, %y11 : i64
    %t11_2 = arith.muli %x12, %y21 : i64
    %u11_1 = arith.addi %t11_0, %t11_1 : i64
    %u11_2 = arith.addi %u11_1, %t11_2 : i64
    %r11 = arith.remui %u11_2, %p : i64
    %t12_0 = arith.muli %x10, %y02 : i64
    %t12_1 = arith.muli %x11, %y12 : i64
    %t12_2 = arith.muli %x12, %y22 : i64
    %u12_1 = arith.addi %t12_0, %t12_1 : i64
    %u12_2 = arith.addi %u12_1, %t12_2 : i64
    %r12 = arith.remui %u12_2, %p : i64
    %t20_0 = arith.muli %x20, %y00 : i64
    %t20_1 = arith.muli %x21, %y10 : i64
    %t20_2 = arith.muli %x22, %y20 : i64
    %u20_1 = arith.addi %t20_0, %t20_1 : i64
    %u20_2 = arith.addi %u20_1, %t20_2 : i64
    %r20 = arith.remui %u20_2, %p : i64
    %t21_0 = arith.muli %x20, %y01 : i64
    %t21_1 = arith.muli %x21, %y11 : i64
    %t21_2 = arith.muli %x22, %y21 : i64
    %u21_1 = arith.addi %t21_0, %t21_1 : i64
    %u21_2 = arith.addi %u21_1, %t21_2 : i64
    %r21 = arith.remui %u21_2, %p : i64
    %t22_0 = arith.muli %x20, %y02 : i64
    %t22_1 = arith.muli %x21, %y12 : i64
    %t22_2 = arith.muli %x22, %y22 : i64
    %u22_1 = arith.addi %t22_0, %t22_1 : i64
    %u22_2 = arith.addi %u22_1, %t22_2 : i64
    %r22 = arith.remui %u22_2, %p : i64
    seg.yield %r00, %r01, %r02, %r10, %r11, %r12, %r20, %r21, %r22
        : i64, i64, i64, i64, i64, i64, i64, i64, i64
  }
  return
}

// Entry k = 3 r + c (row r, column c) of matrix number g of input %kind;
// (s, i) is the position of the matrix in a two-dimensional input (s = 0,
// i = g in a one-dimensional one):
//   0 (chain):   A = I + e(0, 1) for even g, B = I + e(1, 2) for odd g;
//   1 (pseudo-random): the top 10 bits of Knuth's multiplicative hash of
//                9 g + k: ((9 g + k) * 2654435761 mod 2^32) >> 22;
//   2 (rows):    A if i < s, else B.
func.func @entry(%kind: i64, %g: index, %s: index, %i: index, %k: index)
    -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %is_pseudo = arith.cmpi eq, %kind, %one : i64
  %x = scf.if %is_pseudo -> (i64) {
    %knuth = arith.constant 2654435761 : i64
    %mask = arith.constant 4294967295 : i64
    %k22 = arith.constant 22 : i64
    %g9 = arith.muli %g, %c9 : index
    %a = arith.addi %g9, %k : index
    %ai = arith.index_cast %a : index to i64
    %h = arith.muli %ai, %knuth : i64
    %h32 = arith.andi %h, %mask : i64
    %top = arith.shrui %h32, %k22 : i64
    scf.yield %top : i64
  } else {
    // I + e(r, r + 1): k on the diagonal (k mod 4 = 0) or k = 4 r + 1.
    %is_rows = arith.cmpi eq, %kind, %two : i64
    %alt = arith.remui %g, %c2 : index
    %before = arith.cmpi ult, %i, %s : index
    %split = arith.select %before, %c0, %c1 : index
    %r = arith.select %is_rows, %split, %alt : index
    %kd = arith.remui %k, %c4 : index
    %diag = arith.cmpi eq, %kd, %c0 : index
    %r4 = arith.muli %r, %c4 : index
    %sup = arith.addi %r4, %c1 : index
    %is_sup = arith.cmpi eq, %k, %sup : index
    %on = arith.ori %diag, %is_sup : i1
    %v = arith.extui %on : i1 to i64
    scf.yield %v : i64
  }
  return %x : i64
}

// v[i] = entry k of matrix i of input %kind.
func.func @fill_1d(%v: memref<?xi64>, %kind: i64, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %x = func.call @entry(%kind, %i, %c0, %i, %k)
        : (i64, index, index, index, index) -> i64
    memref.store %x, %v[%i] : memref<?xi64>
  }
  return
}

// v[s, i] = entry k of matrix (s, i) of input %kind, the matrix number
// g = s * cols + i in row-major order.
func.func @fill_2d(%v: memref<?x?xi64>, %kind: i64, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %v, %c0 : memref<?x?xi64>
  %cols = memref.dim %v, %c1 : memref<?x?xi64>
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %cols step %c1 {
      %sc = arith.muli %s, %cols : index
      %g = arith.addi %sc, %i : index
      %x = func.call @entry(%kind, %g, %s, %i, %k)
          : (i64, index, index, index, index) -> i64
      memref.store %x, %v[%s, %i] : memref<?x?xi64>
    }
  }
  return
}

// The 9 entry arrays of %n matrices of input %kind.
func.func @make_1d(%n: index, %kind: i64)
    -> (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
        memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
        memref<?xi64>) {
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : index
  %k2 = arith.constant 2 : index
  %k3 = arith.constant 3 : index
  %k4 = arith.constant 4 : index
  %k5 = arith.constant 5 : index
  %k6 = arith.constant 6 : index
  %k7 = arith.constant 7 : index
  %k8 = arith.constant 8 : index
  %m00 = memref.alloc(%n) : memref<?xi64>
  func.call @fill_1d(%m00, %kind, %k0) : (memref<?xi64>, i64, index) -> ()
  %m01 = memref.alloc(%n) : memref<?xi64>
  func.call @fill_1d(%m01, %kind, %k1) : (memref<?xi64>, i64, index) -> ()
  %m02 = memref.alloc(%n) : memref<?xi64>
  func.call @fill_1d(%m02, %kind, %k2) : (memref<?xi64>, i64, index) -> ()
  %m10 = memref.alloc(%n) : memref<?xi64>
  func.call @fill_1d(%m10, %kind, %k3) : (memref<?xi64>, i64, index) -> ()
  %m11 = memref.alloc(%n) : memref<?xi64>
  func.call @fill_1d(%m11, %kind, %k4) : (memref<?xi64>, i64, index) -> ()
  %m12 = memref.alloc(%n) : memref<?xi64>
  func.call @fill_1d(%m12, %kind, %k5) : (memref<?xi64>, i64, index) -> ()
  %m20 = memref.alloc(%n) : memref<?xi64>
  func.call @fill_1d(%m20, %kind, %k6) : (memref<?xi64>, i64, index) -> ()
  %m21 = memref.alloc(%n) : memref<?xi64>
  func.call @fill_1d(%m21, %kind, %k7) : (memref<?xi64>, i64, index) -> ()
  %m22 = memref.alloc(%n) : memref<?xi64>
  func.call @fill_1d(%m22, %kind, %k8) : (memref<?xi64>, i64, index) -> ()
  return %m00, %m01, %m02, %m10, %m11, %m12, %m20, %m21, %m22
      : memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
        memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
        memref<?xi64>
}

// The 9 entry arrays of a rows x cols array of matrices of input %kind.
func.func @make_2d(%rows: index, %cols: index, %kind: i64)
    -> (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
        memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
        memref<?x?xi64>) {
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : index
  %k2 = arith.constant 2 : index
  %k3 = arith.constant 3 : index
  %k4 = arith.constant 4 : index
  %k5 = arith.constant 5 : index
  %k6 = arith.constant 6 : index
  %k7 = arith.constant 7 : index
  %k8 = arith.constant 8 : index
  %m00 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  func.call @fill_2d(%m00, %kind, %k0) : (memref<?x?xi64>, i64, index) -> ()
  %m01 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  func.call @fill_2d(%m01, %kind, %k1) : (memref<?x?xi64>, i64, index) -> ()
  %m02 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  func.call @fill_2d(%m02, %kind, %k2) : (memref<?x?xi64>, i64, index) -> ()
  %m10 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  func.call @fill_2d(%m10, %kind, %k3) : (memref<?x?xi64>, i64, index) -> ()
  %m11 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  func.call @fill_2d(%m11, %kind, %k4) : (memref<?x?xi64>, i64, index) -> ()
  %m12 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  func.call @fill_2d(%m12, %kind, %k5) : (memref<?x?xi64>, i64, index) -> ()
  %m20 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  func.call @fill_2d(%m20, %kind, %k6) : (memref<?x?xi64>, i64, index) -> ()
  %m21 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  func.call @fill_2d(%m21, %kind, %k7) : (memref<?x?xi64>, i64, index) -> ()
  %m22 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  func.call @fill_2d(%m22, %kind, %k8) : (memref<?x?xi64>, i64, index) -> ()
  return %m00, %m01, %m02, %m10, %m11, %m12, %m20, %m21, %m22
      : memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
        memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
        memref<?x?xi64>
}

// 9 arrays of %n elements for the row products.
func.func @alloc_1d(%n: index)
    -> (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
        memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
        memref<?xi64>) {
  %m00 = memref.alloc(%n) : memref<?xi64>
  %m01 = memref.alloc(%n) : memref<?xi64>
  %m02 = memref.alloc(%n) : memref<?xi64>
  %m10 = memref.alloc(%n) : memref<?xi64>
  %m11 = memref.alloc(%n) : memref<?xi64>
  %m12 = memref.alloc(%n) : memref<?xi64>
  %m20 = memref.alloc(%n) : memref<?xi64>
  %m21 = memref.alloc(%n) : memref<?xi64>
  %m22 = memref.alloc(%n) : memref<?xi64>
  return %m00, %m01, %m02, %m10, %m11, %m12, %m20, %m21, %m22
      : memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
        memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
        memref<?xi64>
}

func.func @free_1d(%m00: memref<?xi64>, %m01: memref<?xi64>,
                   %m02: memref<?xi64>, %m10: memref<?xi64>,
                   %m11: memref<?xi64>, %m12: memref<?xi64>,
                   %m20: memref<?xi64>, %m21: memref<?xi64>,
                   %m22: memref<?xi64>) {
  memref.dealloc %m00 : memref<?xi64>
  memref.dealloc %m01 : memref<?xi64>
  memref.dealloc %m02 : memref<?xi64>
  memref.dealloc %m10 : memref<?xi64>
  memref.dealloc %m11 : memref<?xi64>
  memref.dealloc %m12 : memref<?xi64>
  memref.dealloc %m20 : memref<?xi64>
  memref.dealloc %m21 : memref<?xi64>
  memref.dealloc %m22 : memref<?xi64>
  return
}

func.func @free_2d(%m00: memref<?x?xi64>, %m01: memref<?x?xi64>,
                   %m02: memref<?x?xi64>, %m10: memref<?x?xi64>,
                   %m11: memref<?x?xi64>, %m12: memref<?x?xi64>,
                   %m20: memref<?x?xi64>, %m21: memref<?x?xi64>,
                   %m22: memref<?x?xi64>) {
  memref.dealloc %m00 : memref<?x?xi64>
  memref.dealloc %m01 : memref<?x?xi64>
  memref.dealloc %m02 : memref<?x?xi64>
  memref.dealloc %m10 : memref<?x?xi64>
  memref.dealloc %m11 : memref<?x?xi64>
  memref.dealloc %m12 : memref<?x?xi64>
  memref.dealloc %m20 : memref<?x?xi64>
  memref.dealloc %m21 : memref<?x?xi64>
  memref.dealloc %m22 : memref<?x?xi64>
  return
}

// Prints the 3x3 matrix whose entries are %v in row-major order as
// ( ( row 0 ), ( row 1 ), ... ) and a newline.
func.func @print_matrix(%v: vector<9xi64>) {
  vector.print punctuation <open>
  %row0 = vector.extract_strided_slice %v
      {offsets = [0], sizes = [3], strides = [1]}
      : vector<9xi64> to vector<3xi64>
  vector.print %row0 : vector<3xi64> punctuation <no_punctuation>
  vector.print punctuation <comma>
  %row1 = vector.extract_strided_slice %v
      {offsets = [3], sizes = [3], strides = [1]}
      : vector<9xi64> to vector<3xi64>
  vector.print %row1 : vector<3xi64> punctuation <no_punctuation>
  vector.print punctuation <comma>
  %row2 = vector.extract_strided_slice %v
      {offsets = [6], sizes = [3], strides = [1]}
      : vector<9xi64> to vector<3xi64>
  vector.print %row2 : vector<3xi64> punctuation <no_punctuation>
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

// Prints the product of the first %n matrices.
func.func @print_prod(%m00: memref<?xi64>, %m01: memref<?xi64>,
                      %m02: memref<?xi64>, %m10: memref<?xi64>,
                      %m11: memref<?xi64>, %m12: memref<?xi64>,
                      %m20: memref<?xi64>, %m21: memref<?xi64>,
                      %m22: memref<?xi64>, %n: index) {
  %v = func.call @matprod(%m00, %m01, %m02, %m10, %m11, %m12, %m20, %m21,
        %m22, %n)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, index)
      -> vector<9xi64>
  func.call @print_matrix(%v) : (vector<9xi64>) -> ()
  return
}

// Prints the row products o<r><c>[s], one row per line.
func.func @print_rows(%o00: memref<?xi64>, %o01: memref<?xi64>,
                      %o02: memref<?xi64>, %o10: memref<?xi64>,
                      %o11: memref<?xi64>, %o12: memref<?xi64>,
                      %o20: memref<?xi64>, %o21: memref<?xi64>,
                      %o22: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %o00, %c0 : memref<?xi64>
  scf.for %s = %c0 to %rows step %c1 {
    %v00 = memref.load %o00[%s] : memref<?xi64>
    %v01 = memref.load %o01[%s] : memref<?xi64>
    %v02 = memref.load %o02[%s] : memref<?xi64>
    %v10 = memref.load %o10[%s] : memref<?xi64>
    %v11 = memref.load %o11[%s] : memref<?xi64>
    %v12 = memref.load %o12[%s] : memref<?xi64>
    %v20 = memref.load %o20[%s] : memref<?xi64>
    %v21 = memref.load %o21[%s] : memref<?xi64>
    %v22 = memref.load %o22[%s] : memref<?xi64>
    %v = vector.from_elements %v00, %v01, %v02, %v10, %v11, %v12, %v20, %v21,
          %v22
        : vector<9xi64>
    vector.print str "  "
    func.call @print_matrix(%v) : (vector<9xi64>) -> ()
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c125 = arith.constant 125 : index
  %c1000 = arith.constant 1000 : index
  %chain = arith.constant 0 : i64
  %pseudo = arith.constant 1 : i64
  %rows = arith.constant 2 : i64

  // A, B, A, B, ...
  %ab:9 = func.call @make_1d(%c20, %chain) : (index, i64)
      -> (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
          memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
          memref<?xi64>)
  vector.print str "(AB)^10 = "
  func.call @print_prod(%ab#0, %ab#1, %ab#2, %ab#3, %ab#4, %ab#5, %ab#6,
      %ab#7, %ab#8, %c20)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, index) -> ()

  // The pseudo-random matrices.
  %m:9 = func.call @make_1d(%c1000, %pseudo) : (index, i64)
      -> (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
          memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
          memref<?xi64>)
  vector.print str "M[0:1000] = "
  func.call @print_prod(%m#0, %m#1, %m#2, %m#3, %m#4, %m#5, %m#6, %m#7, %m#8,
      %c1000)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, index) -> ()
  vector.print str "M[0:1] = "
  func.call @print_prod(%m#0, %m#1, %m#2, %m#3, %m#4, %m#5, %m#6, %m#7, %m#8,
      %c1)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, index) -> ()
  vector.print str "M[0:0] = "
  func.call @print_prod(%m#0, %m#1, %m#2, %m#3, %m#4, %m#5, %m#6, %m#7, %m#8,
      %c0)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, index) -> ()

  // Row s is A^s B^(6-s).
  %h:9 = func.call @make_2d(%c4, %c6, %rows) : (index, index, i64)
      -> (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
          memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
          memref<?x?xi64>)
  %ho:9 = func.call @alloc_1d(%c4) : (index)
      -> (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
          memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
          memref<?xi64>)
  vector.print str "A^s B^(6-s), 4 rows of 6:\n"
  func.call @matprod_rows(%h#0, %h#1, %h#2, %h#3, %h#4, %h#5, %h#6, %h#7,
      %h#8, %ho#0, %ho#1, %ho#2, %ho#3, %ho#4, %ho#5, %ho#6, %ho#7, %ho#8)
      : (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>) -> ()
  func.call @print_rows(%ho#0, %ho#1, %ho#2, %ho#3, %ho#4, %ho#5, %ho#6,
      %ho#7, %ho#8)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>) -> ()

  // The pseudo-random matrices again, as 8 rows of 125; the product of
  // the row products (a reduction over the 8 results) is M[0:1000].
  %r:9 = func.call @make_2d(%c8, %c125, %pseudo) : (index, index, i64)
      -> (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
          memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
          memref<?x?xi64>)
  %ro:9 = func.call @alloc_1d(%c8) : (index)
      -> (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
          memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
          memref<?xi64>)
  vector.print str "M[0:1000] as 8 rows of 125:\n"
  func.call @matprod_rows(%r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7,
      %r#8, %ro#0, %ro#1, %ro#2, %ro#3, %ro#4, %ro#5, %ro#6, %ro#7, %ro#8)
      : (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>) -> ()
  func.call @print_rows(%ro#0, %ro#1, %ro#2, %ro#3, %ro#4, %ro#5, %ro#6,
      %ro#7, %ro#8)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>) -> ()
  vector.print str "product of the 8 row products = "
  func.call @print_prod(%ro#0, %ro#1, %ro#2, %ro#3, %ro#4, %ro#5, %ro#6,
      %ro#7, %ro#8, %c8)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, index) -> ()

  // Three empty rows.
  %z:9 = func.call @make_2d(%c3, %c0, %pseudo) : (index, index, i64)
      -> (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
          memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
          memref<?x?xi64>)
  %zo:9 = func.call @alloc_1d(%c3) : (index)
      -> (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
          memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
          memref<?xi64>)
  vector.print str "3 rows of 0:\n"
  func.call @matprod_rows(%z#0, %z#1, %z#2, %z#3, %z#4, %z#5, %z#6, %z#7,
      %z#8, %zo#0, %zo#1, %zo#2, %zo#3, %zo#4, %zo#5, %zo#6, %zo#7, %zo#8)
      : (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>) -> ()
  func.call @print_rows(%zo#0, %zo#1, %zo#2, %zo#3, %zo#4, %zo#5, %zo#6,
      %zo#7, %zo#8)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>) -> ()

  func.call @free_1d(%ab#0, %ab#1, %ab#2, %ab#3, %ab#4, %ab#5, %ab#6, %ab#7,
      %ab#8)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>) -> ()
  func.call @free_1d(%m#0, %m#1, %m#2, %m#3, %m#4, %m#5, %m#6, %m#7, %m#8)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>) -> ()
  func.call @free_2d(%h#0, %h#1, %h#2, %h#3, %h#4, %h#5, %h#6, %h#7, %h#8)
      : (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>) -> ()
  func.call @free_1d(%ho#0, %ho#1, %ho#2, %ho#3, %ho#4, %ho#5, %ho#6, %ho#7,
      %ho#8)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>) -> ()
  func.call @free_2d(%r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8)
      : (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>) -> ()
  func.call @free_1d(%ro#0, %ro#1, %ro#2, %ro#3, %ro#4, %ro#5, %ro#6, %ro#7,
      %ro#8)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>) -> ()
  func.call @free_2d(%z#0, %z#1, %z#2, %z#3, %z#4, %z#5, %z#6, %z#7, %z#8)
      : (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>) -> ()
  func.call @free_1d(%zo#0, %zo#1, %zo#2, %zo#3, %zo#4, %zo#5, %zo#6, %zo#7,
      %zo#8)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>) -> ()
  return
}
