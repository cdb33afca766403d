// matmul5x5.mlir - the product of a sequence of 5x5 matrices.
//
// As in mm-5x5.fut of [Pøbl & Holst 2024] (the benchmark whose operator reads
// the most arrays, 25), matrix i has its 25 entries in 25 separate input arrays
// m00[i], m01[i], ..., m44[i] (entry (r, c) in m<r><c>). The operator is the
// 5x5 matrix product on 25-tuples (row-major) of i32, modulo the prime p =
// 10007: entries stay below p, and a sum of five products below 5 p^2 < 2^31,
// so every value is exact in i32:
//   (X Y)(r, c) = X(r, 0) Y(0, c) + ... + X(r, 4) Y(4, c) mod p
// with the identity as neutral element. The operator is associative but
// not commutative, so it is not flagged `commutative`: the result is
// M[0] * M[1] * ... * M[n-1], in this order.
//
// @matprod      one segment: a one-dimensional space, 25 rank-0 outs;
// @matprod_rows segmented: a rows x cols space of matrices, the product of
//               every row into 25 outs of shape [rows].
//
// Inputs (e(r, c) is the matrix with a single 1 at (r, c); E_r = I +
// e(r, r + 1) for r = 0..3; N = e(0, 1) + e(1, 2) + e(2, 3) + e(3, 4) with
// N^5 = 0):
//   * 40 matrices E_0, E_1, E_2, E_3, E_0, E_1, ...: E_0 E_1 E_2 E_3 =
//     I + N + N^2 + N^3 + N^4 = (I - N)^-1 (every path along the
//     superdiagonal), so the product (I - N)^-10 has C(9 + d, d) on the
//     d-th superdiagonal: 1, 10, 55, 220, 715. (The reverse order would
//     give (E_3 E_2 E_1 E_0)^10 = (I + N)^10, with C(10, d): 1, 10, 45,
//     120, 210.)
//   * 1000 pseudo-random matrices: entry k = 5 r + c of matrix g is the top
//     10 bits of Knuth's multiplicative hash of 25 g + k,
//     ((25 g + k) * 2654435761 mod 2^32) >> 22 (below p). Their product,
//     the first one alone (n = 1) and none of them (n = 0: the identity).
//   * 4 rows of 8 matrices: row 0 is (E_0 E_1 E_2 E_3)^2 = (I - N)^-2,
//     with d + 1 on the d-th superdiagonal; row 1 is (E_3 E_2 E_1 E_0)^2 =
//     (I + N)^2 = I + 2 N + N^2; row 2 is E_0^8 = I + 8 e(0, 1); row 3 is
//     E_3^8 = I + 8 e(3, 4).
//   * the 1000 pseudo-random matrices as 8 rows of 125 (matrix (s, i) is
//     matrix 125 s + i): the 8 row products, and the product of these 8
//     (a second reduction, whose inputs are the outs of the first), which
//     is again the product of all 1000.
//   * 3 rows of no matrix: three identities.
//
// CHECK:      (E0 E1 E2 E3)^10 = ( ( 1, 10, 55, 220, 715 ), ( 0, 1, 10, 55, 220 ), ( 0, 0, 1, 10, 55 ), ( 0, 0, 0, 1, 10 ), ( 0, 0, 0, 0, 1 ) )
// CHECK-NEXT: M[0:1000] = ( ( 1292, 4040, 5300, 3356, 1 ), ( 5627, 834, 9539, 6273, 1555 ), ( 6317, 6047, 2925, 6420, 7761 ), ( 4023, 6731, 985, 6153, 2540 ), ( 8358, 3525, 5224, 9070, 4094 ) )
// CHECK-NEXT: M[0:1] = ( ( 0, 632, 241, 874, 483 ), ( 92, 725, 334, 966, 575 ), ( 184, 817, 426, 35, 668 ), ( 277, 909, 518, 127, 760 ), ( 369, 1002, 611, 219, 852 ) )
// CHECK-NEXT: M[0:0] = ( ( 1, 0, 0, 0, 0 ), ( 0, 1, 0, 0, 0 ), ( 0, 0, 1, 0, 0 ), ( 0, 0, 0, 1, 0 ), ( 0, 0, 0, 0, 1 ) )
// CHECK-NEXT: 4 rows of 8:
// CHECK-NEXT:   ( ( 1, 2, 3, 4, 5 ), ( 0, 1, 2, 3, 4 ), ( 0, 0, 1, 2, 3 ), ( 0, 0, 0, 1, 2 ), ( 0, 0, 0, 0, 1 ) )
// CHECK-NEXT:   ( ( 1, 2, 1, 0, 0 ), ( 0, 1, 2, 1, 0 ), ( 0, 0, 1, 2, 1 ), ( 0, 0, 0, 1, 2 ), ( 0, 0, 0, 0, 1 ) )
// CHECK-NEXT:   ( ( 1, 8, 0, 0, 0 ), ( 0, 1, 0, 0, 0 ), ( 0, 0, 1, 0, 0 ), ( 0, 0, 0, 1, 0 ), ( 0, 0, 0, 0, 1 ) )
// CHECK-NEXT:   ( ( 1, 0, 0, 0, 0 ), ( 0, 1, 0, 0, 0 ), ( 0, 0, 1, 0, 0 ), ( 0, 0, 0, 1, 8 ), ( 0, 0, 0, 0, 1 ) )
// CHECK-NEXT: M[0:1000] as 8 rows of 125:
// CHECK-NEXT:   ( ( 6253, 2569, 2085, 7214, 4727 ), ( 786, 8941, 6985, 6978, 7608 ), ( 9533, 8195, 9601, 6003, 7565 ), ( 9033, 7421, 9130, 9721, 4983 ), ( 3566, 3786, 4023, 9485, 7864 ) )
// CHECK-NEXT:   ( ( 1547, 3033, 8264, 5137, 5970 ), ( 7900, 7889, 4857, 3237, 8829 ), ( 5937, 9595, 6612, 6649, 1340 ), ( 4469, 3355, 7836, 7382, 4183 ), ( 9017, 291, 3835, 6327, 10003 ) )
// CHECK-NEXT:   ( ( 4228, 8494, 6390, 5750, 9 ), ( 2804, 7600, 9254, 7709, 2498 ), ( 3791, 8616, 1039, 8255, 3073 ), ( 5379, 1159, 4232, 6903, 2683 ), ( 2891, 8031, 4484, 4196, 9336 ) )
// CHECK-NEXT:   ( ( 3009, 6272, 7588, 9839, 2086 ), ( 4005, 8544, 5779, 4378, 4852 ), ( 7024, 2202, 3510, 1881, 496 ), ( 3614, 4267, 8308, 234, 6924 ), ( 5671, 782, 2117, 228, 5451 ) )
// CHECK-NEXT:   ( ( 6630, 9791, 1024, 6020, 7225 ), ( 715, 7240, 1272, 6160, 9408 ), ( 9973, 2948, 701, 1679, 510 ), ( 6126, 9249, 8385, 3758, 4764 ), ( 2532, 5793, 1688, 9085, 5436 ) )
// CHECK-NEXT:   ( ( 8790, 1353, 58, 7542, 6646 ), ( 5665, 6821, 3058, 1947, 7760 ), ( 7541, 3791, 2038, 3768, 7017 ), ( 7926, 8502, 6776, 4179, 705 ), ( 4801, 3963, 9776, 8591, 1819 ) )
// CHECK-NEXT:   ( ( 6322, 7093, 5857, 6721, 9271 ), ( 8679, 5696, 7029, 7097, 5037 ), ( 5400, 8933, 5997, 2143, 9519 ), ( 7288, 8405, 8980, 5098, 2352 ), ( 6678, 9187, 8182, 6429, 1210 ) )
// CHECK-NEXT:   ( ( 8084, 6359, 2525, 782, 5594 ), ( 8167, 3325, 2354, 6890, 313 ), ( 6689, 5248, 1798, 2404, 6810 ), ( 3404, 8490, 3955, 5758, 3020 ), ( 3196, 3386, 8490, 6738, 8775 ) )
// CHECK-NEXT: product of the 8 row products = ( ( 1292, 4040, 5300, 3356, 1 ), ( 5627, 834, 9539, 6273, 1555 ), ( 6317, 6047, 2925, 6420, 7761 ), ( 4023, 6731, 985, 6153, 2540 ), ( 8358, 3525, 5224, 9070, 4094 ) )
// CHECK-NEXT: 3 rows of 0:
// CHECK-NEXT:   ( ( 1, 0, 0, 0, 0 ), ( 0, 1, 0, 0, 0 ), ( 0, 0, 1, 0, 0 ), ( 0, 0, 0, 1, 0 ), ( 0, 0, 0, 0, 1 ) )
// CHECK-NEXT:   ( ( 1, 0, 0, 0, 0 ), ( 0, 1, 0, 0, 0 ), ( 0, 0, 1, 0, 0 ), ( 0, 0, 0, 1, 0 ), ( 0, 0, 0, 0, 1 ) )
// CHECK-NEXT:   ( ( 1, 0, 0, 0, 0 ), ( 0, 1, 0, 0, 0 ), ( 0, 0, 1, 0, 0 ), ( 0, 0, 0, 1, 0 ), ( 0, 0, 0, 0, 1 ) )

// The product M[0] * M[1] * ... * M[n-1] of the first %n matrices, modulo
// p = 10007, as a vector of its 25 entries in row-major order; entry (r, c)
// of M[i] is m<r><c>[i].
func.func @matprod(%m00: memref<?xi32>, %m01: memref<?xi32>,
                   %m02: memref<?xi32>, %m03: memref<?xi32>,
                   %m04: memref<?xi32>, %m10: memref<?xi32>,
                   %m11: memref<?xi32>, %m12: memref<?xi32>,
                   %m13: memref<?xi32>, %m14: memref<?xi32>,
                   %m20: memref<?xi32>, %m21: memref<?xi32>,
                   %m22: memref<?xi32>, %m23: memref<?xi32>,
                   %m24: memref<?xi32>, %m30: memref<?xi32>,
                   %m31: memref<?xi32>, %m32: memref<?xi32>,
                   %m33: memref<?xi32>, %m34: memref<?xi32>,
                   %m40: memref<?xi32>, %m41: memref<?xi32>,
                   %m42: memref<?xi32>, %m43: memref<?xi32>,
                   %m44: memref<?xi32>, %n: index)
    -> vector<25xi32> {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %o00 = memref.alloca() : memref<i32>
  %o01 = memref.alloca() : memref<i32>
  %o02 = memref.alloca() : memref<i32>
  %o03 = memref.alloca() : memref<i32>
  %o04 = memref.alloca() : memref<i32>
  %o10 = memref.alloca() : memref<i32>
  %o11 = memref.alloca() : memref<i32>
  %o12 = memref.alloca() : memref<i32>
  %o13 = memref.alloca() : memref<i32>
  %o14 = memref.alloca() : memref<i32>
  %o20 = memref.alloca() : memref<i32>
  %o21 = memref.alloca() : memref<i32>
  %o22 = memref.alloca() : memref<i32>
  %o23 = memref.alloca() : memref<i32>
  %o24 = memref.alloca() : memref<i32>
  %o30 = memref.alloca() : memref<i32>
  %o31 = memref.alloca() : memref<i32>
  %o32 = memref.alloca() : memref<i32>
  %o33 = memref.alloca() : memref<i32>
  %o34 = memref.alloca() : memref<i32>
  %o40 = memref.alloca() : memref<i32>
  %o41 = memref.alloca() : memref<i32>
  %o42 = memref.alloca() : memref<i32>
  %o43 = memref.alloca() : memref<i32>
  %o44 = memref.alloca() : memref<i32>
  seg.red thread (%i) in (%n)
      outs(%o00, %o01, %o02, %o03, %o04, %o10, %o11, %o12, %o13, %o14, %o20,
           %o21, %o22, %o23, %o24, %o30, %o31, %o32, %o33, %o34, %o40, %o41,
           %o42, %o43, %o44
           : memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>,
             memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>,
             memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>,
             memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>,
             memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>) {
    %e00 = memref.load %m00[%i] : memref<?xi32>
    %e01 = memref.load %m01[%i] : memref<?xi32>
    %e02 = memref.load %m02[%i] : memref<?xi32>
    %e03 = memref.load %m03[%i] : memref<?xi32>
    %e04 = memref.load %m04[%i] : memref<?xi32>
    %e10 = memref.load %m10[%i] : memref<?xi32>
    %e11 = memref.load %m11[%i] : memref<?xi32>
    %e12 = memref.load %m12[%i] : memref<?xi32>
    %e13 = memref.load %m13[%i] : memref<?xi32>
    %e14 = memref.load %m14[%i] : memref<?xi32>
    %e20 = memref.load %m20[%i] : memref<?xi32>
    %e21 = memref.load %m21[%i] : memref<?xi32>
    %e22 = memref.load %m22[%i] : memref<?xi32>
    %e23 = memref.load %m23[%i] : memref<?xi32>
    %e24 = memref.load %m24[%i] : memref<?xi32>
    %e30 = memref.load %m30[%i] : memref<?xi32>
    %e31 = memref.load %m31[%i] : memref<?xi32>
    %e32 = memref.load %m32[%i] : memref<?xi32>
    %e33 = memref.load %m33[%i] : memref<?xi32>
    %e34 = memref.load %m34[%i] : memref<?xi32>
    %e40 = memref.load %m40[%i] : memref<?xi32>
    %e41 = memref.load %m41[%i] : memref<?xi32>
    %e42 = memref.load %m42[%i] : memref<?xi32>
    %e43 = memref.load %m43[%i] : memref<?xi32>
    %e44 = memref.load %m44[%i] : memref<?xi32>
    seg.yield %e00, %e01, %e02, %e03, %e04, %e10, %e11, %e12, %e13, %e14,
              %e20, %e21, %e22, %e23, %e24, %e30, %e31, %e32, %e33, %e34,
              %e40, %e41, %e42, %e43, %e44
        : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
          i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  } combine (%x00: i32, %x01: i32, %x02: i32, %x03: i32, %x04: i32,
             %x10: i32, %x11: i32, %x12: i32, %x13: i32, %x14: i32,
             %x20: i32, %x21: i32, %x22: i32, %x23: i32, %x24: i32,
             %x30: i32, %x31: i32, %x32: i32, %x33: i32, %x34: i32,
             %x40: i32, %x41: i32, %x42: i32, %x43: i32, %x44: i32,
             %y00: i32, %y01: i32, %y02: i32, %y03: i32, %y04: i32,
             %y10: i32, %y11: i32, %y12: i32, %y13: i32, %y14: i32,
             %y20: i32, %y21: i32, %y22: i32, %y23: i32, %y24: i32,
             %y30: i32, %y31: i32, %y32: i32, %y33: i32, %y34: i32,
             %y40: i32, %y41: i32, %y42: i32, %y43: i32, %y44: i32)
      neutral(%one, %zero, %zero, %zero, %zero, %zero, %one, %zero, %zero,
              %zero, %zero, %zero, %one, %zero, %zero, %zero, %zero, %zero,
              %one, %zero, %zero, %zero, %zero, %zero, %one
              : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
                i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
                i32) {
    %p = arith.constant 10007 : i32
    // Entry (r, c) of the product is x(r, 0) y(0, c) + ... + x(r, 4) y(4, c).
    %t00_0 = arith.muli %x00, %y00 : i32
    %t00_1 = arith.muli %x01, %y10 : i32
    %t00_2 = arith.muli %x02, %y20 : i32
    %t00_3 = arith.muli %x03, %y30 : i32
    %t00_4 = arith.muli %x04, %y40 : i32
    %u00_1 = arith.addi %t00_0, %t00_1 : i32
    %u00_2 = arith.addi %u00_1, %t00_2 : i32
    %u00_3 = arith.addi %u00_2, %t00_3 : i32
    %u00_4 = arith.addi %u00_3, %t00_4 : i32
    %r00 = arith.remui %u00_4, %p : i32
    %t01_0 = arith.muli %x00, %y01 : i32
    %t01_1 = arith.muli %x01, %y11 : i32
    %t01_2 = arith.muli %x02, %y21 : i32
    %t01_3 = arith.muli %x03, %y31 : i32
    %t01_4 = arith.muli %x04, %y41 : i32
    %u01_1 = arith.addi %t01_0, %t01_1 : i32
    %u01_2 = arith.addi %u01_1, %t01_2 : i32
    %u01_3 = arith.addi %u01_2, %t01_3 : i32
    %u01_4 = arith.addi %u01_3, %t01_4 : i32
    %r01 = arith.remui %u01_4, %p : i32
    %t02_0 = arith.muli %x00, %y02 : i32
    %t02_1 = arith.muli %x01, %y12 : i32
    %t02_2 = arith.muli %x02, %y22 : i32
    %t02_3 = arith.muli %x03, %y32 : i32
    %t02_4 = arith.muli %x04, %y42 : i32
    %u02_1 = arith.addi %t02_0, %t02_1 : i32
    %u02_2 = arith.addi %u02_1, %t02_2 : i32
    %u02_3 = arith.addi %u02_2, %t02_3 : i32
    %u02_4 = arith.addi %u02_3, %t02_4 : i32
    %r02 = arith.remui %u02_4, %p : i32
    %t03_0 = arith.muli %x00, %y03 : i32
    %t03_1 = arith.muli %x01, %y13 : i32
    %t03_2 = arith.muli %x02, %y23 : i32
    %t03_3 = arith.muli %x03, %y33 : i32
    %t03_4 = arith.muli %x04, %y43 : i32
    %u03_1 = arith.addi %t03_0, %t03_1 : i32
    %u03_2 = arith.addi %u03_1, %t03_2 : i32
    %u03_3 = arith.addi %u03_2, %t03_3 : i32
    %u03_4 = arith.addi %u03_3, %t03_4 : i32
    %r03 = arith.remui %u03_4, %p : i32
    %t04_0 = arith.muli %x00, %y04 : i32
    %t04_1 = arith.muli %x01, %y14 : i32
    %t04_2 = arith.muli %x02, %y24 : i32
    %t04_3 = arith.muli %x03, %y34 : i32
    %t04_4 = arith.muli %x04, %y44 : i32
    %u04_1 = arith.addi %t04_0, %t04_1 : i32
    %u04_2 = arith.addi %u04_1, %t04_2 : i32
    %u04_3 = arith.addi %u04_2, %t04_3 : i32
    %u04_4 = arith.addi %u04_3, %t04_4 : i32
    %r04 = arith.remui %u04_4, %p : i32
    %t10_0 = arith.muli %x10, %y00 : i32
    %t10_1 = arith.muli %x11, %y10 : i32
    %t10_2 = arith.muli %x12, %y20 : i32
    %t10_3 = arith.muli %x13, %y30 : i32
    %t10_4 = arith.muli %x14, %y40 : i32
    %u10_1 = arith.addi %t10_0, %t10_1 : i32
    %u10_2 = arith.addi %u10_1, %t10_2 : i32
    %u10_3 = arith.addi %u10_2, %t10_3 : i32
    %u10_4 = arith.addi %u10_3, %t10_4 : i32
    %r10 = arith.remui %u10_4, %p : i32
    %t11_0 = arith.muli %x10, %y01 : i32
    %t11_1 = arith.muli %x11, %y11 : i32
    %t11_2 = arith.muli %x12, %y21 : i32
    %t11_3 = arith.muli %x13, %y31 : i32
    %t11_4 = arith.muli %x14, %y41 : i32
    %u11_1 = arith.addi %t11_0, %t11_1 : i32
    %u11_2 = arith.addi %u11_1, %t11_2 : i32
    %u11_3 = arith.addi %u11_2, %t11_3 : i32
    %u11_4 = arith.addi %u11_3, %t11_4 : i32
    %r11 = arith.remui %u11_4, %p : i32
    %t12_0 = arith.muli %x10, %y02 : i32
    %t12_1 = arith.muli %x11, %y12 : i32
    %t12_2 = arith.muli %x12, %y22 : i32
    %t12_3 = arith.muli %x13, %y32 : i32
    %t12_4 = arith.muli %x14, %y42 : i32
    %u12_1 = arith.addi %t12_0, %t12_1 : i32
    %u12_2 = arith.addi %u12_1, %t12_2 : i32
    %u12_3 = arith.addi %u12_2, %t12_3 : i32
    %u12_4 = arith.addi %u12_3, %t12_4 : i32
    %r12 = arith.remui %u12_4, %p : i32
    %t13_0 = arith.muli %x10, %y03 : i32
    %t13_1 = arith.muli %x11, %y13 : i32
    %t13_2 = arith.muli %x12, %y23 : i32
    %t13_3 = arith.muli %x13, %y33 : i32
    %t13_4 = arith.muli %x14, %y43 : i32
    %u13_1 = arith.addi %t13_0, %t13_1 : i32
    %u13_2 = arith.addi %u13_1, %t13_2 : i32
    %u13_3 = arith.addi %u13_2, %t13_3 : i32
    %u13_4 = arith.addi %u13_3, %t13_4 : i32
    %r13 = arith.remui %u13_4, %p : i32
    %t14_0 = arith.muli %x10, %y04 : i32
    %t14_1 = arith.muli %x11, %y14 : i32
    %t14_2 = arith.muli %x12, %y24 : i32
    %t14_3 = arith.muli %x13, %y34 : i32
    %t14_4 = arith.muli %x14, %y44 : i32
    %u14_1 = arith.addi %t14_0, %t14_1 : i32
    %u14_2 = arith.addi %u14_1, %t14_2 : i32
    %u14_3 = arith.addi %u14_2, %t14_3 : i32
    %u14_4 = arith.addi %u14_3, %t14_4 : i32
    %r14 = arith.remui %u14_4, %p : i32
    %t20_0 = arith.muli %x20, %y00 : i32
    %t20_1 = arith.muli %x21, %y10 : i32
    %t20_2 = arith.muli %x22, %y20 : i32
    %t20_3 = arith.muli %x23, %y30 : i32
    %t20_4 = arith.muli %x24, %y40 : i32
    %u20_1 = arith.addi %t20_0, %t20_1 : i32
    %u20_2 = arith.addi %u20_1, %t20_2 : i32
    %u20_3 = arith.addi %u20_2, %t20_3 : i32
    %u20_4 = arith.addi %u20_3, %t20_4 : i32
    %r20 = arith.remui %u20_4, %p : i32
    %t21_0 = arith.muli %x20, %y01 : i32
    %t21_1 = arith.muli %x21, %y11 : i32
    %t21_2 = arith.muli %x22, %y21 : i32
    %t21_3 = arith.muli %x23, %y31 : i32
    %t21_4 = arith.muli %x24, %y41 : i32
    %u21_1 = arith.addi %t21_0, %t21_1 : i32
    %u21_2 = arith.addi %u21_1, %t21_2 : i32
    %u21_3 = arith.addi %u21_2, %t21_3 : i32
    %u21_4 = arith.addi %u21_3, %t21_4 : i32
    %r21 = arith.remui %u21_4, %p : i32
    %t22_0 = arith.muli %x20, %y02 : i32
    %t22_1 = arith.muli %x21, %y12 : i32
    %t22_2 = arith.muli %x22, %y22 : i32
    %t22_3 = arith.muli %x23, %y32 : i32
    %t22_4 = arith.muli %x24, %y42 : i32
    %u22_1 = arith.addi %t22_0, %t22_1 : i32
    %u22_2 = arith.addi %u22_1, %t22_2 : i32
    %u22_3 = arith.addi %u22_2, %t22_3 : i32
    %u22_4 = arith.addi %u22_3, %t22_4 : i32
    %r22 = arith.remui %u22_4, %p : i32
    %t23_0 = arith.muli %x20, %y03 : i32
    %t23_1 = arith.muli %x21, %y13 : i32
    %t23_2 = arith.muli %x22, %y23 : i32
    %t23_3 = arith.muli %x23, %y33 : i32
    %t23_4 = arith.muli %x24, %y43 : i32
    %u23_1 = arith.addi %t23_0, %t23_1 : i32
    %u23_2 = arith.addi %u23_1, %t23_2 : i32
    %u23_3 = arith.addi %u23_2, %t23_3 : i32
    %u23_4 = arith.addi %u23_3, %t23_4 : i32
    %r23 = arith.remui %u23_4, %p : i32
    %t24_0 = arith.muli %x20, %y04 : i32
    %t24_1 = arith.muli %x21, %y14 : i32
    %t24_2 = arith.muli %x22, %y24 : i32
    %t24_3 = arith.muli %x23, %y34 : i32
    %t24_4 = arith.muli %x24, %y44 : i32
    %u24_1 = arith.addi %t24_0, %t24_1 : i32
    %u24_2 = arith.addi %u24_1, %t24_2 : i32
    %u24_3 = arith.addi %u24_2, %t24_3 : i32
    %u24_4 = arith.addi %u24_3, %t24_4 : i32
    %r24 = arith.remui %u24_4, %p : i32
    %t30_0 = arith.muli %x30, %y00 : i32
    %t30_1 = arith.muli %x31, %y10 : i32
    %t30_2 = arith.muli %x32, %y20 : i32
    %t30_3 = arith.muli %x33, %y30 : i32
    %t30_4 = arith.muli %x34, %y40 : i32
    %u30_1 = arith.addi %t30_0, %t30_1 : i32
    %u30_2 = arith.addi %u30_1, %t30_2 : i32
    %u30_3 = arith.addi %u30_2, %t30_3 : i32
    %u30_4 = arith.addi %u30_3, %t30_4 : i32
    %r30 = arith.remui %u30_4, %p : i32
    %t31_0 = arith.muli %x30, %y01 : i32
    %t31_1 = arith.muli %x31, %y11 : i32
    %t31_2 = arith.muli %x32, %y21 : i32
    %t31_3 = arith.muli %x33, %y31 : i32
    %t31_4 = arith.muli %x34, %y41 : i32
    %u31_1 = arith.addi %t31_0, %t31_1 : i32
    %u31_2 = arith.addi %u31_1, %t31_2 : i32
    %u31_3 = arith.addi %u31_2, %t31_3 : i32
    %u31_4 = arith.addi %u31_3, %t31_4 : i32
    %r31 = arith.remui %u31_4, %p : i32
    %t32_0 = arith.muli %x30, %y02 : i32
    %t32_1 = arith.muli %x31, %y12 : i32
    %t32_2 = arith.muli %x32, %y22 : i32
    %t32_3 = arith.muli %x33, %y32 : i32
    %t32_4 = arith.muli %x34, %y42 : i32
    %u32_1 = arith.addi %t32_0, %t32_1 : i32
    %u32_2 = arith.addi %u32_1, %t32_2 : i32
    %u32_3 = arith.addi %u32_2, %t32_3 : i32
    %u32_4 = arith.addi %u32_3, %t32_4 : i32
    %r32 = arith.remui %u32_4, %p : i32
    %t33_0 = arith.muli %x30, %y03 : i32
    %t33_1 = arith.muli %x31, %y13 : i32
    %t33_2 = arith.muli %x32, %y23 : i32
    %t33_3 = arith.muli %x33, %y33 : i32
    %t33_4 = arith.muli %x34, %y43 : i32
    %u33_1 = arith.addi %t33_0, %t33_1 : i32
    %u33_2 = arith.addi %u33_1, %t33_2 : i32
    %u33_3 = arith.addi %u33_2, %t33_3 : i32
    %u33_4 = arith.addi %u33_3, %t33_4 : i32
    %r33 = arith.remui %u33_4, %p : i32
    %t34_0 = arith.muli %x30, %y04 : i32
    %t34_1 = arith.muli %x31, %y14 : i32
    %t34_2 = arith.muli %x32, %y24 : i32
    %t34_3 = arith.muli %x33, %y34 : i32
    %t34_4 = arith.muli %x34, %y44 : i32
    %u34_1 = arith.addi %t34_0, %t34_1 : i32
    %u34_2 = arith.addi %u34_1, %t34_2 : i32
    %u34_3 = arith.addi %u34_2, %t34_3 : i32
    %u34_4 = arith.addi %u34_3, %t34_4 : i32
    %r34 = arith.remui %u34_4, %p : i32
    %t40_0 = arith.muli %x40, %y00 : i32
    %t40_1 = arith.muli %x41, %y10 : i32
    %t40_2 = arith.muli %x42, %y20 : i32
    %t40_3 = arith.muli %x43, %y30 : i32
    %t40_4 = arith.muli %x44, %y40 : i32
    %u40_1 = arith.addi %t40_0, %t40_1 : i32
    %u40_2 = arith.addi %u40_1, %t40_2 : i32
    %u40_3 = arith.addi %u40_2, %t40_3 : i32
    %u40_4 = arith.addi %u40_3, %t40_4 : i32
    %r40 = arith.remui %u40_4, %p : i32
    %t41_0 = arith.muli %x40, %y01 : i32
    %t41_1 = arith.muli %x41, %y11 : i32
    %t41_2 = arith.muli %x42, %y21 : i32
    %t41_3 = arith.muli %x43, %y31 : i32
    %t41_4 = arith.muli %x44, %y41 : i32
    %u41_1 = arith.addi %t41_0, %t41_1 : i32
    %u41_2 = arith.addi %u41_1, %t41_2 : i32
    %u41_3 = arith.addi %u41_2, %t41_3 : i32
    %u41_4 = arith.addi %u41_3, %t41_4 : i32
    %r41 = arith.remui %u41_4, %p : i32
    %t42_0 = arith.muli %x40, %y02 : i32
    %t42_1 = arith.muli %x41, %y12 : i32
    %t42_2 = arith.muli %x42, %y22 : i32
    %t42_3 = arith.muli %x43, %y32 : i32
    %t42_4 = arith.muli %x44, %y42 : i32
    %u42_1 = arith.addi %t42_0, %t42_1 : i32
    %u42_2 = arith.addi %u42_1, %t42_2 : i32
    %u42_3 = arith.addi %u42_2, %t42_3 : i32
    %u42_4 = arith.addi %u42_3, %t42_4 : i32
    %r42 = arith.remui %u42_4, %p : i32
    %t43_0 = arith.muli %x40, %y03 : i32
    %t43_1 = arith.muli %x41, %y13 : i32
    %t43_2 = arith.muli %x42, %y23 : i32
    %t43_3 = arith.muli %x43, %y33 : i32
    %t43_4 = arith.muli %x44, %y43 : i32
    %u43_1 = arith.addi %t43_0, %t43_1 : i32
    %u43_2 = arith.addi %u43_1, %t43_2 : i32
    %u43_3 = arith.addi %u43_2, %t43_3 : i32
    %u43_4 = arith.addi %u43_3, %t43_4 : i32
    %r43 = arith.remui %u43_4, %p : i32
    %t44_0 = arith.muli %x40, %y04 : i32
    %t44_1 = arith.muli %x41, %y14 : i32
    %t44_2 = arith.muli %x42, %y24 : i32
    %t44_3 = arith.muli %x43, %y34 : i32
    %t44_4 = arith.muli %x44, %y44 : i32
    %u44_1 = arith.addi %t44_0, %t44_1 : i32
    %u44_2 = arith.addi %u44_1, %t44_2 : i32
    %u44_3 = arith.addi %u44_2, %t44_3 : i32
    %u44_4 = arith.addi %u44_3, %t44_4 : i32
    %r44 = arith.remui %u44_4, %p : i32
    seg.yield %r00, %r01, %r02, %r03, %r04, %r10, %r11, %r12, %r13, %r14,
              %r20, %r21, %r22, %r23, %r24, %r30, %r31, %r32, %r33, %r34,
              %r40, %r41, %r42, %r43, %r44
        : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
          i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  }
  %v00 = memref.load %o00[] : memref<i32>
  %v01 = memref.load %o01[] : memref<i32>
  %v02 = memref.load %o02[] : memref<i32>
  %v03 = memref.load %o03[] : memref<i32>
  %v04 = memref.load %o04[] : memref<i32>
  %v10 = memref.load %o10[] : memref<i32>
  %v11 = memref.load %o11[] : memref<i32>
  %v12 = memref.load %o12[] : memref<i32>
  %v13 = memref.load %o13[] : memref<i32>
  %v14 = memref.load %o14[] : memref<i32>
  %v20 = memref.load %o20[] : memref<i32>
  %v21 = memref.load %o21[] : memref<i32>
  %v22 = memref.load %o22[] : memref<i32>
  %v23 = memref.load %o23[] : memref<i32>
  %v24 = memref.load %o24[] : memref<i32>
  %v30 = memref.load %o30[] : memref<i32>
  %v31 = memref.load %o31[] : memref<i32>
  %v32 = memref.load %o32[] : memref<i32>
  %v33 = memref.load %o33[] : memref<i32>
  %v34 = memref.load %o34[] : memref<i32>
  %v40 = memref.load %o40[] : memref<i32>
  %v41 = memref.load %o41[] : memref<i32>
  %v42 = memref.load %o42[] : memref<i32>
  %v43 = memref.load %o43[] : memref<i32>
  %v44 = memref.load %o44[] : memref<i32>
  %v = vector.from_elements %v00, %v01, %v02, %v03, %v04, %v10, %v11, %v12,
      %v13, %v14, %v20, %v21, %v22, %v23, %v24, %v30, %v31, %v32, %v33, %v34,
      %v40, %v41, %v42, %v43, %v44
      : vector<25xi32>
  return %v : vector<25xi32>
}

// The product of every row of a rows x cols array of matrices, modulo p:
// o<r><c>[s] is entry (r, c) of M[s, 0] * M[s, 1] * ... * M[s, cols-1],
// where entry (r, c) of M[s, i] is m<r><c>[s, i].
func.func @matprod_rows(%m00: memref<?x?xi32>, %m01: memref<?x?xi32>,
                        %m02: memref<?x?xi32>, %m03: memref<?x?xi32>,
                        %m04: memref<?x?xi32>, %m10: memref<?x?xi32>,
                        %m11: memref<?x?xi32>, %m12: memref<?x?xi32>,
                        %m13: memref<?x?xi32>, %m14: memref<?x?xi32>,
                        %m20: memref<?x?xi32>, %m21: memref<?x?xi32>,
                        %m22: memref<?x?xi32>, %m23: memref<?x?xi32>,
                        %m24: memref<?x?xi32>, %m30: memref<?x?xi32>,
                        %m31: memref<?x?xi32>, %m32: memref<?x?xi32>,
                        %m33: memref<?x?xi32>, %m34: memref<?x?xi32>,
                        %m40: memref<?x?xi32>, %m41: memref<?x?xi32>,
                        %m42: memref<?x?xi32>, %m43: memref<?x?xi32>,
                        %m44: memref<?x?xi32>, %o00: memref<?xi32>,
                        %o01: memref<?xi32>, %o02: memref<?xi32>,
                        %o03: memref<?xi32>, %o04: memref<?xi32>,
                        %o10: memref<?xi32>, %o11: memref<?xi32>,
                        %o12: memref<?xi32>, %o13: memref<?xi32>,
                        %o14: memref<?xi32>, %o20: memref<?xi32>,
                        %o21: memref<?xi32>, %o22: memref<?xi32>,
                        %o23: memref<?xi32>, %o24: memref<?xi32>,
                        %o30: memref<?xi32>, %o31: memref<?xi32>,
                        %o32: memref<?xi32>, %o33: memref<?xi32>,
                        %o34: memref<?xi32>, %o40: memref<?xi32>,
                        %o41: memref<?xi32>, %o42: memref<?xi32>,
                        %o43: memref<?xi32>, %o44: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m00, %c0 : memref<?x?xi32>
  %cols = memref.dim %m00, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o00, %o01, %o02, %o03, %o04, %o10, %o11, %o12, %o13, %o14, %o20,
           %o21, %o22, %o23, %o24, %o30, %o31, %o32, %o33, %o34, %o40, %o41,
           %o42, %o43, %o44
           : memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>) {
    %e00 = memref.load %m00[%s, %i] : memref<?x?xi32>
    %e01 = memref.load %m01[%s, %i] : memref<?x?xi32>
    %e02 = memref.load %m02[%s, %i] : memref<?x?xi32>
    %e03 = memref.load %m03[%s, %i] : memref<?x?xi32>
    %e04 = memref.load %m04[%s, %i] : memref<?x?xi32>
    %e10 = memref.load %m10[%s, %i] : memref<?x?xi32>
    %e11 = memref.load %m11[%s, %i] : memref<?x?xi32>
    %e12 = memref.load %m12[%s, %i] : memref<?x?xi32>
    %e13 = memref.load %m13[%s, %i] : memref<?x?xi32>
    %e14 = memref.load %m14[%s, %i] : memref<?x?xi32>
    %e20 = memref.load %m20[%s, %i] : memref<?x?xi32>
    %e21 = memref.load %m21[%s, %i] : memref<?x?xi32>
    %e22 = memref.load %m22[%s, %i] : memref<?x?xi32>
    %e23 = memref.load %m23[%s, %i] : memref<?x?xi32>
    %e24 = memref.load %m24[%s, %i] : memref<?x?xi32>
    %e30 = memref.load %m30[%s, %i] : memref<?x?xi32>
    %e31 = memref.load %m31[%s, %i] : memref<?x?xi32>
    %e32 = memref.load %m32[%s, %i] : memref<?x?xi32>
    %e33 = memref.load %m33[%s, %i] : memref<?x?xi32>
    %e34 = memref.load %m34[%s, %i] : memref<?x?xi32>
    %e40 = memref.load %m40[%s, %i] : memref<?x?xi32>
    %e41 = memref.load %m41[%s, %i] : memref<?x?xi32>
    %e42 = memref.load %m42[%s, %i] : memref<?x?xi32>
    %e43 = memref.load %m43[%s, %i] : memref<?x?xi32>
    %e44 = memref.load %m44[%s, %i] : memref<?x?xi32>
    seg.yield %e00, %e01, %e02, %e03, %e04, %e10, %e11, %e12, %e13, %e14,
              %e20, %e21, %e22, %e23, %e24, %e30, %e31, %e32, %e33, %e34,
              %e40, %e41, %e42, %e43, %e44
        : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
          i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  } combine (%x00: i32, %x01: i32, %x02: i32, %x03: i32, %x04: i32,
             %x10: i32, %x11: i32, %x12: i32, %x13: i32, %x14: i32,
             %x20: i32, %x21: i32, %x22: i32, %x23: i32, %x24: i32,
             %x30: i32, %x31: i32, %x32: i32, %x33: i32, %x34: i32,
             %x40: i32, %x41: i32, %x42: i32, %x43: i32, %x44: i32,
             %y00: i32, %y01: i32, %y02: i32, %y03: i32, %y04: i32,
             %y10: i32, %y11: i32, %y12: i32, %y13: i32, %y14: i32,
             %y20: i32, %y21: i32, %y22: i32, %y23: i32, %y24: i32,
             %y30: i32, %y31: i32, %y32: i32, %y33: i32, %y34: i32,
             %y40: i32, %y41: i32, %y42: i32, %y43: i32, %y44: i32)
      neutral(%one, %zero, %zero, %zero, %zero, %zero, %one, %zero, %zero,
              %zero, %zero, %zero, %one, %zero, %zero, %zero, %zero, %zero,
              %one, %zero, %zero, %zero, %zero, %zero, %one
              : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
                i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
                i32) {
    %p = arith.constant 10007 : i32
    // Entry (r, c) of the product is x(r, 0) y(0, c) + ... + x(r, 4) y(4, c).
    %t00_0 = arith.muli %x00, %y00 : i32
    %t00_1 = arith.muli %x01, %y10 : i32
    %t00_2 = arith.muli %x02, %y20 : i32
    %t00_3 = arith.muli %x03, %y30 : i32
    %t00_4 = arith.muli %x04, %y40 : i32
    %u00_1 = arith.addi %t00_0, %t00_1 : i32
    %u00_2 = arith.addi %u00_1, %t00_2 : i32
    %u00_3 = arith.addi %u00_2, %t00_3 : i32
    %u00_4 = arith.addi %u00_3, %t00_4 : i32
    %r00 = arith.remui %u00_4, %p : i32
    %t01_0 = arith.muli %x00, %y01 : i32
    %t01_1 = arith.muli %x01, %y11 : i32
    %t01_2 = arith.muli %x02, %y21 : i32
    %t01_3 = arith.muli %x03, %y31 : i32
    %t01_4 = arith.muli %x04, %y41 : i32
    %u01_1 = arith.addi %t01_0, %t01_1 : i32
    %u01_2 = arith.addi %u01_1, %t01_2 : i32
    %u01_3 = arith.addi %u01_2, %t01_3 : i32
    %u01_4 = arith.addi %u01_3, %t01_4 : i32
    %r01 = arith.remui %u01_4, %p : i32
    %t02_0 = arith.muli %x00, %y02 : i32
    %t02_1 = arith.muli %x01, %y12 : i32
    %t02_2 = arith.muli %x02, %y22 : i32
    %t02_3 = arith.muli %x03, %y32 : i32
    %t02_4 = arith.muli %x04, %y42 : i32
    %u02_1 = arith.addi %t02_0, %t02_1 : i32
    %u02_2 = arith.addi %u02_1, %t02_2 : i32
    %u02_3 = arith.addi %u02_2, %t02_3 : i32
    %u02_4 = arith.addi %u02_3, %t02_4 : i32
    %r02 = arith.remui %u02_4, %p : i32
    %t03_0 = arith.muli %x00, %y03 : i32
    %t03_1 = arith.muli %x01, %y13 : i32
    %t03_2 = arith.muli %x02, %y23 : i32
    %t03_3 = arith.muli %x03, %y33 : i32
    %t03_4 = arith.muli %x04, %y43 : i32
    %u03_1 = arith.addi %t03_0, %t03_1 : i32
    %u03_2 = arith.addi %u03_1, %t03_2 : i32
    %u03_3 = arith.addi %u03_2, %t03_3 : i32
    %u03_4 = arith.addi %u03_3, %t03_4 : i32
    %r03 = arith.remui %u03_4, %p : i32
    %t04_0 = arith.muli %x00, %y04 : i32
    %t04_1 = arith.muli %x01, %y14 : i32
    %t04_2 = arith.muli %x02, %y24 : i32
    %t04_3 = arith.muli %x03, %y34 : i32
    %t04_4 = arith.muli %x04, %y44 : i32
    %u04_1 = arith.addi %t04_0, %t04_1 : i32
    %u04_2 = arith.addi %u04_1, %t04_2 : i32
    %u04_3 = arith.addi %u04_2, %t04_3 : i32
    %u04_4 = arith.addi %u04_3, %t04_4 : i32
    %r04 = arith.remui %u04_4, %p : i32
    %t10_0 = arith.muli %x10, %y00 : i32
    %t10_1 = arith.muli %x11, %y10 : i32
    %t10_2 = arith.muli %x12, %y20 : i32
    %t10_3 = arith.muli %x13, %y30 : i32
    %t10_4 = arith.muli %x14, %y40 : i32
    %u10_1 = arith.addi %t10_0, %t10_1 : i32
    %u10_2 = arith.addi %u10_1, %t10_2 : i32
    %u10_3 = arith.addi %u10_2, %t10_3 : i32
    %u10_4 = arith.addi %u10_3, %t10_4 : i32
    %r10 = arith.remui %u10_4, %p : i32
    %t11_0 = arith.muli %x10, %y01 : i32
    %t11_1 = arith.muli %x11, %y11 : i32
    %t11_2 = arith.muli %x12, %y21 : i32
    %t11_3 = arith.muli %x13, %y31 : i32
    %t11_4 = arith.muli %x14, %y41 : i32
    %u11_1 = arith.addi %t11_0, %t11_1 : i32
    %u11_2 = arith.addi %u11_1, %t11_2 : i32
    %u11_3 = arith.addi %u11_2, %t11_3 : i32
    %u11_4 = arith.addi %u11_3, %t11_4 : i32
    %r11 = arith.remui %u11_4, %p : i32
    %t12_0 = arith.muli %x10, %y02 : i32
    %t12_1 = arith.muli %x11, %y12 : i32
    %t12_2 = arith.muli %x12, %y22 : i32
    %t12_3 = arith.muli %x13, %y32 : i32
    %t12_4 = arith.muli %x14, %y42 : i32
    %u12_1 = arith.addi %t12_0, %t12_1 : i32
    %u12_2 = arith.addi %u12_1, %t12_2 : i32
    %u12_3 = arith.addi %u12_2, %t12_3 : i32
    %u12_4 = arith.addi %u12_3, %t12_4 : i32
    %r12 = arith.remui %u12_4, %p : i32
    %t13_0 = arith.muli %x10, %y03 : i32
    %t13_1 = arith.muli %x11, %y13 : i32
    %t13_2 = arith.muli %x12, %y23 : i32
    %t13_3 = arith.muli %x13, %y33 : i32
    %t13_4 = arith.muli %x14, %y43 : i32
    %u13_1 = arith.addi %t13_0, %t13_1 : i32
    %u13_2 = arith.addi %u13_1, %t13_2 : i32
    %u13_3 = arith.addi %u13_2, %t13_3 : i32
    %u13_4 = arith.addi %u13_3, %t13_4 : i32
    %r13 = arith.remui %u13_4, %p : i32
    %t14_0 = arith.muli %x10, %y04 : i32
    %t14_1 = arith.muli %x11, %y14 : i32
    %t14_2 = arith.muli %x12, %y24 : i32
    %t14_3 = arith.muli %x13, %y34 : i32
    %t14_4 = arith.muli %x14, %y44 : i32
    %u14_1 = arith.addi %t14_0, %t14_1 : i32
    %u14_2 = arith.addi %u14_1, %t14_2 : i32
    %u14_3 = arith.addi %u14_2, %t14_3 : i32
    %u14_4 = arith.addi %u14_3, %t14_4 : i32
    %r14 = arith.remui %u14_4, %p : i32
    %t20_0 = arith.muli %x20, %y00 : i32
    %t20_1 = arith.muli %x21, %y10 : i32
    %t20_2 = arith.muli %x22, %y20 : i32
    %t20_3 = arith.muli %x23, %y30 : i32
    %t20_4 = arith.muli %x24, %y40 : i32
    %u20_1 = arith.addi %t20_0, %t20_1 : i32
    %u20_2 = arith.addi %u20_1, %t20_2 : i32
    %u20_3 = arith.addi %u20_2, %t20_3 : i32
    %u20_4 = arith.addi %u20_3, %t20_4 : i32
    %r20 = arith.remui %u20_4, %p : i32
    %t21_0 = arith.muli %x20, %y01 : i32
    %t21_1 = arith.muli %x21, %y11 : i32
    %t21_2 = arith.muli %x22, %y21 : i32
    %t21_3 = arith.muli %x23, %y31 : i32
    %t21_4 = arith.muli %x24, %y41 : i32
    %u21_1 = arith.addi %t21_0, %t21_1 : i32
    %u21_2 = arith.addi %u21_1, %t21_2 : i32
    %u21_3 = arith.addi %u21_2, %t21_3 : i32
    %u21_4 = arith.addi %u21_3, %t21_4 : i32
    %r21 = arith.remui %u21_4, %p : i32
    %t22_0 = arith.muli %x20, %y02 : i32
    %t22_1 = arith.muli %x21, %y12 : i32
    %t22_2 = arith.muli %x22, %y22 : i32
    %t22_3 = arith.muli %x23, %y32 : i32
    %t22_4 = arith.muli %x24, %y42 : i32
    %u22_1 = arith.addi %t22_0, %t22_1 : i32
    %u22_2 = arith.addi %u22_1, %t22_2 : i32
    %u22_3 = arith.addi %u22_2, %t22_3 : i32
    %u22_4 = arith.addi %u22_3, %t22_4 : i32
    %r22 = arith.remui %u22_4, %p : i32
    %t23_0 = arith.muli %x20, %y03 : i32
    %t23_1 = arith.muli %x21, %y13 : i32
    %t23_2 = arith.muli %x22, %y23 : i32
    %t23_3 = arith.muli %x23, %y33 : i32
    %t23_4 = arith.muli %x24, %y43 : i32
    %u23_1 = arith.addi %t23_0, %t23_1 : i32
    %u23_2 = arith.addi %u23_1, %t23_2 : i32
    %u23_3 = arith.addi %u23_2, %t23_3 : i32
    %u23_4 = arith.addi %u23_3, %t23_4 : i32
    %r23 = arith.remui %u23_4, %p : i32
    %t24_0 = arith.muli %x20, %y04 : i32
    %t24_1 = arith.muli %x21, %y14 : i32
    %t24_2 = arith.muli %x22, %y24 : i32
    %t24_3 = arith.muli %x23, %y34 : i32
    %t24_4 = arith.muli %x24, %y44 : i32
    %u24_1 = arith.addi %t24_0, %t24_1 : i32
    %u24_2 = arith.addi %u24_1, %t24_2 : i32
    %u24_3 = arith.addi %u24_2, %t24_3 : i32
    %u24_4 = arith.addi %u24_3, %t24_4 : i32
    %r24 = arith.remui %u24_4, %p : i32
    %t30_0 = arith.muli %x30, %y00 : i32
    %t30_1 = arith.muli %x31, %y10 : i32
    %t30_2 = arith.muli %x32, %y20 : i32
    %t30_3 = arith.muli %x33, %y30 : i32
    %t30_4 = arith.muli %x34, %y40 : i32
    %u30_1 = arith.addi %t30_0, %t30_1 : i32
    %u30_2 = arith.addi %u30_1, %t30_2 : i32
    %u30_3 = arith.addi %u30_2, %t30_3 : i32
    %u30_4 = arith.addi %u30_3, %t30_4 : i32
    %r30 = arith.remui %u30_4, %p : i32
    %t31_0 = arith.muli %x30, %y01 : i32
    %t31_1 = arith.muli %x31, %y11 : i32
    %t31_2 = arith.muli %x32, %y21 : i32
    %t31_3 = arith.muli %x33, %y31 : i32
    %t31_4 = arith.muli %x34, %y41 : i32
    %u31_1 = arith.addi %t31_0, %t31_1 : i32
    %u31_2 = arith.addi %u31_1, %t31_2 : i32
    %u31_3 = arith.addi %u31_2, %t31_3 : i32
    %u31_4 = arith.addi %u31_3, %t31_4 : i32
    %r31 = arith.remui %u31_4, %p : i32
    %t32_0 = arith.muli %x30, %y02 : i32
    %t32_1 = arith.muli %x31, %y12 : i32
    %t32_2 = arith.muli %x32, %y22 : i32
    %t32_3 = arith.muli %x33, %y32 : i32
    %t32_4 = arith.muli %x34, %y42 : i32
    %u32_1 = arith.addi %t32_0, %t32_1 : i32
    %u32_2 = arith.addi %u32_1, %t32_2 : i32
    %u32_3 = arith.addi %u32_2, %t32_3 : i32
    %u32_4 = arith.addi %u32_3, %t32_4 : i32
    %r32 = arith.remui %u32_4, %p : i32
    %t33_0 = arith.muli %x30, %y03 : i32
    %t33_1 = arith.muli %x31, %y13 : i32
    %t33_2 = arith.muli %x32, %y23 : i32
    %t33_3 = arith.muli %x33, %y33 : i32
    %t33_4 = arith.muli %x34, %y43 : i32
    %u33_1 = arith.addi %t33_0, %t33_1 : i32
    %u33_2 = arith.addi %u33_1, %t33_2 : i32
    %u33_3 = arith.addi %u33_2, %t33_3 : i32
    %u33_4 = arith.addi %u33_3, %t33_4 : i32
    %r33 = arith.remui %u33_4, %p : i32
    %t34_0 = arith.muli %x30, %y04 : i32
    %t34_1 = arith.muli %x31, %y14 : i32
    %t34_2 = arith.muli %x32, %y24 : i32
    %t34_3 = arith.muli %x33, %y34 : i32
    %t34_4 = arith.muli %x34, %y44 : i32
    %u34_1 = arith.addi %t34_0, %t34_1 : i32
    %u34_2 = arith.addi %u34_1, %t34_2 : i32
    %u34_3 = arith.addi %u34_2, %t34_3 : i32
    %u34_4 = arith.addi %u34_3, %t34_4 : i32
    %r34 = arith.remui %u34_4, %p : i32
    %t40_0 = arith.muli %x40, %y00 : i32
    %t40_1 = arith.muli %x41, %y10 : i32
    %t40_2 = arith.muli %x42, %y20 : i32
    %t40_3 = arith.muli %x43, %y30 : i32
    %t40_4 = arith.muli %x44, %y40 : i32
    %u40_1 = arith.addi %t40_0, %t40_1 : i32
    %u40_2 = arith.addi %u40_1, %t40_2 : i32
    %u40_3 = arith.addi %u40_2, %t40_3 : i32
    %u40_4 = arith.addi %u40_3, %t40_4 : i32
    %r40 = arith.remui %u40_4, %p : i32
    %t41_0 = arith.muli %x40, %y01 : i32
    %t41_1 = arith.muli %x41, %y11 : i32
    %t41_2 = arith.muli %x42, %y21 : i32
    %t41_3 = arith.muli %x43, %y31 : i32
    %t41_4 = arith.muli %x44, %y41 : i32
    %u41_1 = arith.addi %t41_0, %t41_1 : i32
    %u41_2 = arith.addi %u41_1, %t41_2 : i32
    %u41_3 = arith.addi %u41_2, %t41_3 : i32
    %u41_4 = arith.addi %u41_3, %t41_4 : i32
    %r41 = arith.remui %u41_4, %p : i32
    %t42_0 = arith.muli %x40, %y02 : i32
    %t42_1 = arith.muli %x41, %y12 : i32
    %t42_2 = arith.muli %x42, %y22 : i32
    %t42_3 = arith.muli %x43, %y32 : i32
    %t42_4 = arith.muli %x44, %y42 : i32
    %u42_1 = arith.addi %t42_0, %t42_1 : i32
    %u42_2 = arith.addi %u42_1, %t42_2 : i32
    %u42_3 = arith.addi %u42_2, %t42_3 : i32
    %u42_4 = arith.addi %u42_3, %t42_4 : i32
    %r42 = arith.remui %u42_4, %p : i32
    %t43_0 = arith.muli %x40, %y03 : i32
    %t43_1 = arith.muli %x41, %y13 : i32
    %t43_2 = arith.muli %x42, %y23 : i32
    %t43_3 = arith.muli %x43, %y33 : i32
    %t43_4 = arith.muli %x44, %y43 : i32
    %u43_1 = arith.addi %t43_0, %t43_1 : i32
    %u43_2 = arith.addi %u43_1, %t43_2 : i32
    %u43_3 = arith.addi %u43_2, %t43_3 : i32
    %u43_4 = arith.addi %u43_3, %t43_4 : i32
    %r43 = arith.remui %u43_4, %p : i32
    %t44_0 = arith.muli %x40, %y04 : i32
    %t44_1 = arith.muli %x41, %y14 : i32
    %t44_2 = arith.muli %x42, %y24 : i32
    %t44_3 = arith.muli %x43, %y34 : i32
    %t44_4 = arith.muli %x44, %y44 : i32
    %u44_1 = arith.addi %t44_0, %t44_1 : i32
    %u44_2 = arith.addi %u44_1, %t44_2 : i32
    %u44_3 = arith.addi %u44_2, %t44_3 : i32
    %u44_4 = arith.addi %u44_3, %t44_4 : i32
    %r44 = arith.remui %u44_4, %p : i32
    seg.yield %r00, %r01, %r02, %r03, %r04, %r10, %r11, %r12, %r13, %r14,
              %r20, %r21, %r22, %r23, %r24, %r30, %r31, %r32, %r33, %r34,
              %r40, %r41, %r42, %r43, %r44
        : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
          i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  }
  return
}

// Entry k = 5 r + c (row r, column c) of matrix number g of input %kind;
// (s, i) is the position of the matrix in a two-dimensional input (s = 0,
// i = g in a one-dimensional one):
//   0 (chain):   E_(g mod 4);
//   1 (pseudo-random): the top 10 bits of Knuth's multiplicative hash of
//                25 g + k: ((25 g + k) * 2654435761 mod 2^32) >> 22;
//   2 (rows):    row 0: E_(i mod 4), row 1: E_(3 - i mod 4), row 2: E_0,
//                row 3: E_3.
func.func @entry(%kind: i64, %g: index, %s: index, %i: index, %k: index)
    -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c25 = arith.constant 25 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %is_pseudo = arith.cmpi eq, %kind, %one : i64
  %x = scf.if %is_pseudo -> (i32) {
    %knuth = arith.constant 2654435761 : i64
    %mask = arith.constant 4294967295 : i64
    %k22 = arith.constant 22 : i64
    %g25 = arith.muli %g, %c25 : index
    %a = arith.addi %g25, %k : index
    %ai = arith.index_cast %a : index to i64
    %h = arith.muli %ai, %knuth : i64
    %h32 = arith.andi %h, %mask : i64
    %top = arith.shrui %h32, %k22 : i64
    %t = arith.trunci %top : i64 to i32
    scf.yield %t : i32
  } else {
    // Which E_r.
    %is_rows = arith.cmpi eq, %kind, %two : i64
    %gm = arith.remui %g, %c4 : index
    %im = arith.remui %i, %c4 : index
    %rev = arith.subi %c3, %im : index
    %s0 = arith.cmpi eq, %s, %c0 : index
    %s1 = arith.cmpi eq, %s, %c1 : index
    %s2 = arith.cmpi eq, %s, %c2 : index
    %row23 = arith.select %s2, %c0, %c3 : index
    %row123 = arith.select %s1, %rev, %row23 : index
    %row = arith.select %s0, %im, %row123 : index
    %r = arith.select %is_rows, %row, %gm : index
    // I + e(r, r + 1): k on the diagonal (k mod 6 = 0) or k = 6 r + 1.
    %kd = arith.remui %k, %c6 : index
    %diag = arith.cmpi eq, %kd, %c0 : index
    %r6 = arith.muli %r, %c6 : index
    %sup = arith.addi %r6, %c1 : index
    %is_sup = arith.cmpi eq, %k, %sup : index
    %on = arith.ori %diag, %is_sup : i1
    %v = arith.extui %on : i1 to i32
    scf.yield %v : i32
  }
  return %x : i32
}

// v[i] = entry k of matrix i of input %kind.
func.func @fill_1d(%v: memref<?xi32>, %kind: i64, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = func.call @entry(%kind, %i, %c0, %i, %k)
        : (i64, index, index, index, index) -> i32
    memref.store %x, %v[%i] : memref<?xi32>
  }
  return
}

// v[s, i] = entry k of matrix (s, i) of input %kind, the matrix number
// g = s * cols + i in row-major order.
func.func @fill_2d(%v: memref<?x?xi32>, %kind: i64, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %v, %c0 : memref<?x?xi32>
  %cols = memref.dim %v, %c1 : memref<?x?xi32>
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %cols step %c1 {
      %sc = arith.muli %s, %cols : index
      %g = arith.addi %sc, %i : index
      %x = func.call @entry(%kind, %g, %s, %i, %k)
          : (i64, index, index, index, index) -> i32
      memref.store %x, %v[%s, %i] : memref<?x?xi32>
    }
  }
  return
}

// The 25 entry arrays of %n matrices of input %kind.
func.func @make_1d(%n: index, %kind: i64)
    -> (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>) {
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : index
  %k2 = arith.constant 2 : index
  %k3 = arith.constant 3 : index
  %k4 = arith.constant 4 : index
  %k5 = arith.constant 5 : index
  %k6 = arith.constant 6 : index
  %k7 = arith.constant 7 : index
  %k8 = arith.constant 8 : index
  %k9 = arith.constant 9 : index
  %k10 = arith.constant 10 : index
  %k11 = arith.constant 11 : index
  %k12 = arith.constant 12 : index
  %k13 = arith.constant 13 : index
  %k14 = arith.constant 14 : index
  %k15 = arith.constant 15 : index
  %k16 = arith.constant 16 : index
  %k17 = arith.constant 17 : index
  %k18 = arith.constant 18 : index
  %k19 = arith.constant 19 : index
  %k20 = arith.constant 20 : index
  %k21 = arith.constant 21 : index
  %k22 = arith.constant 22 : index
  %k23 = arith.constant 23 : index
  %k24 = arith.constant 24 : index
  %m00 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m00, %kind, %k0) : (memref<?xi32>, i64, index) -> ()
  %m01 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m01, %kind, %k1) : (memref<?xi32>, i64, index) -> ()
  %m02 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m02, %kind, %k2) : (memref<?xi32>, i64, index) -> ()
  %m03 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m03, %kind, %k3) : (memref<?xi32>, i64, index) -> ()
  %m04 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m04, %kind, %k4) : (memref<?xi32>, i64, index) -> ()
  %m10 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m10, %kind, %k5) : (memref<?xi32>, i64, index) -> ()
  %m11 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m11, %kind, %k6) : (memref<?xi32>, i64, index) -> ()
  %m12 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m12, %kind, %k7) : (memref<?xi32>, i64, index) -> ()
  %m13 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m13, %kind, %k8) : (memref<?xi32>, i64, index) -> ()
  %m14 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m14, %kind, %k9) : (memref<?xi32>, i64, index) -> ()
  %m20 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m20, %kind, %k10) : (memref<?xi32>, i64, index) -> ()
  %m21 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m21, %kind, %k11) : (memref<?xi32>, i64, index) -> ()
  %m22 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m22, %kind, %k12) : (memref<?xi32>, i64, index) -> ()
  %m23 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m23, %kind, %k13) : (memref<?xi32>, i64, index) -> ()
  %m24 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m24, %kind, %k14) : (memref<?xi32>, i64, index) -> ()
  %m30 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m30, %kind, %k15) : (memref<?xi32>, i64, index) -> ()
  %m31 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m31, %kind, %k16) : (memref<?xi32>, i64, index) -> ()
  %m32 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m32, %kind, %k17) : (memref<?xi32>, i64, index) -> ()
  %m33 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m33, %kind, %k18) : (memref<?xi32>, i64, index) -> ()
  %m34 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m34, %kind, %k19) : (memref<?xi32>, i64, index) -> ()
  %m40 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m40, %kind, %k20) : (memref<?xi32>, i64, index) -> ()
  %m41 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m41, %kind, %k21) : (memref<?xi32>, i64, index) -> ()
  %m42 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m42, %kind, %k22) : (memref<?xi32>, i64, index) -> ()
  %m43 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m43, %kind, %k23) : (memref<?xi32>, i64, index) -> ()
  %m44 = memref.alloc(%n) : memref<?xi32>
  func.call @fill_1d(%m44, %kind, %k24) : (memref<?xi32>, i64, index) -> ()
  return %m00, %m01, %m02, %m03, %m04, %m10, %m11, %m12, %m13, %m14, %m20,
         %m21, %m22, %m23, %m24, %m30, %m31, %m32, %m33, %m34, %m40, %m41,
         %m42, %m43, %m44
      : memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>
}

// The 25 entry arrays of a rows x cols array of matrices of input %kind.
func.func @make_2d(%rows: index, %cols: index, %kind: i64)
    -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>) {
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : index
  %k2 = arith.constant 2 : index
  %k3 = arith.constant 3 : index
  %k4 = arith.constant 4 : index
  %k5 = arith.constant 5 : index
  %k6 = arith.constant 6 : index
  %k7 = arith.constant 7 : index
  %k8 = arith.constant 8 : index
  %k9 = arith.constant 9 : index
  %k10 = arith.constant 10 : index
  %k11 = arith.constant 11 : index
  %k12 = arith.constant 12 : index
  %k13 = arith.constant 13 : index
  %k14 = arith.constant 14 : index
  %k15 = arith.constant 15 : index
  %k16 = arith.constant 16 : index
  %k17 = arith.constant 17 : index
  %k18 = arith.constant 18 : index
  %k19 = arith.constant 19 : index
  %k20 = arith.constant 20 : index
  %k21 = arith.constant 21 : index
  %k22 = arith.constant 22 : index
  %k23 = arith.constant 23 : index
  %k24 = arith.constant 24 : index
  %m00 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m00, %kind, %k0) : (memref<?x?xi32>, i64, index) -> ()
  %m01 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m01, %kind, %k1) : (memref<?x?xi32>, i64, index) -> ()
  %m02 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m02, %kind, %k2) : (memref<?x?xi32>, i64, index) -> ()
  %m03 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m03, %kind, %k3) : (memref<?x?xi32>, i64, index) -> ()
  %m04 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m04, %kind, %k4) : (memref<?x?xi32>, i64, index) -> ()
  %m10 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m10, %kind, %k5) : (memref<?x?xi32>, i64, index) -> ()
  %m11 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m11, %kind, %k6) : (memref<?x?xi32>, i64, index) -> ()
  %m12 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m12, %kind, %k7) : (memref<?x?xi32>, i64, index) -> ()
  %m13 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m13, %kind, %k8) : (memref<?x?xi32>, i64, index) -> ()
  %m14 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m14, %kind, %k9) : (memref<?x?xi32>, i64, index) -> ()
  %m20 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m20, %kind, %k10) : (memref<?x?xi32>, i64, index) -> ()
  %m21 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m21, %kind, %k11) : (memref<?x?xi32>, i64, index) -> ()
  %m22 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m22, %kind, %k12) : (memref<?x?xi32>, i64, index) -> ()
  %m23 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m23, %kind, %k13) : (memref<?x?xi32>, i64, index) -> ()
  %m24 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m24, %kind, %k14) : (memref<?x?xi32>, i64, index) -> ()
  %m30 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m30, %kind, %k15) : (memref<?x?xi32>, i64, index) -> ()
  %m31 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m31, %kind, %k16) : (memref<?x?xi32>, i64, index) -> ()
  %m32 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m32, %kind, %k17) : (memref<?x?xi32>, i64, index) -> ()
  %m33 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m33, %kind, %k18) : (memref<?x?xi32>, i64, index) -> ()
  %m34 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m34, %kind, %k19) : (memref<?x?xi32>, i64, index) -> ()
  %m40 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m40, %kind, %k20) : (memref<?x?xi32>, i64, index) -> ()
  %m41 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m41, %kind, %k21) : (memref<?x?xi32>, i64, index) -> ()
  %m42 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m42, %kind, %k22) : (memref<?x?xi32>, i64, index) -> ()
  %m43 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m43, %kind, %k23) : (memref<?x?xi32>, i64, index) -> ()
  %m44 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill_2d(%m44, %kind, %k24) : (memref<?x?xi32>, i64, index) -> ()
  return %m00, %m01, %m02, %m03, %m04, %m10, %m11, %m12, %m13, %m14, %m20,
         %m21, %m22, %m23, %m24, %m30, %m31, %m32, %m33, %m34, %m40, %m41,
         %m42, %m43, %m44
      : memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
        memref<?x?xi32>
}

// 25 arrays of %n elements for the row products.
func.func @alloc_1d(%n: index)
    -> (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>) {
  %m00 = memref.alloc(%n) : memref<?xi32>
  %m01 = memref.alloc(%n) : memref<?xi32>
  %m02 = memref.alloc(%n) : memref<?xi32>
  %m03 = memref.alloc(%n) : memref<?xi32>
  %m04 = memref.alloc(%n) : memref<?xi32>
  %m10 = memref.alloc(%n) : memref<?xi32>
  %m11 = memref.alloc(%n) : memref<?xi32>
  %m12 = memref.alloc(%n) : memref<?xi32>
  %m13 = memref.alloc(%n) : memref<?xi32>
  %m14 = memref.alloc(%n) : memref<?xi32>
  %m20 = memref.alloc(%n) : memref<?xi32>
  %m21 = memref.alloc(%n) : memref<?xi32>
  %m22 = memref.alloc(%n) : memref<?xi32>
  %m23 = memref.alloc(%n) : memref<?xi32>
  %m24 = memref.alloc(%n) : memref<?xi32>
  %m30 = memref.alloc(%n) : memref<?xi32>
  %m31 = memref.alloc(%n) : memref<?xi32>
  %m32 = memref.alloc(%n) : memref<?xi32>
  %m33 = memref.alloc(%n) : memref<?xi32>
  %m34 = memref.alloc(%n) : memref<?xi32>
  %m40 = memref.alloc(%n) : memref<?xi32>
  %m41 = memref.alloc(%n) : memref<?xi32>
  %m42 = memref.alloc(%n) : memref<?xi32>
  %m43 = memref.alloc(%n) : memref<?xi32>
  %m44 = memref.alloc(%n) : memref<?xi32>
  return %m00, %m01, %m02, %m03, %m04, %m10, %m11, %m12, %m13, %m14, %m20,
         %m21, %m22, %m23, %m24, %m30, %m31, %m32, %m33, %m34, %m40, %m41,
         %m42, %m43, %m44
      : memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
        memref<?xi32>
}

func.func @free_1d(%m00: memref<?xi32>, %m01: memref<?xi32>,
                   %m02: memref<?xi32>, %m03: memref<?xi32>,
                   %m04: memref<?xi32>, %m10: memref<?xi32>,
                   %m11: memref<?xi32>, %m12: memref<?xi32>,
                   %m13: memref<?xi32>, %m14: memref<?xi32>,
                   %m20: memref<?xi32>, %m21: memref<?xi32>,
                   %m22: memref<?xi32>, %m23: memref<?xi32>,
                   %m24: memref<?xi32>, %m30: memref<?xi32>,
                   %m31: memref<?xi32>, %m32: memref<?xi32>,
                   %m33: memref<?xi32>, %m34: memref<?xi32>,
                   %m40: memref<?xi32>, %m41: memref<?xi32>,
                   %m42: memref<?xi32>, %m43: memref<?xi32>,
                   %m44: memref<?xi32>) {
  memref.dealloc %m00 : memref<?xi32>
  memref.dealloc %m01 : memref<?xi32>
  memref.dealloc %m02 : memref<?xi32>
  memref.dealloc %m03 : memref<?xi32>
  memref.dealloc %m04 : memref<?xi32>
  memref.dealloc %m10 : memref<?xi32>
  memref.dealloc %m11 : memref<?xi32>
  memref.dealloc %m12 : memref<?xi32>
  memref.dealloc %m13 : memref<?xi32>
  memref.dealloc %m14 : memref<?xi32>
  memref.dealloc %m20 : memref<?xi32>
  memref.dealloc %m21 : memref<?xi32>
  memref.dealloc %m22 : memref<?xi32>
  memref.dealloc %m23 : memref<?xi32>
  memref.dealloc %m24 : memref<?xi32>
  memref.dealloc %m30 : memref<?xi32>
  memref.dealloc %m31 : memref<?xi32>
  memref.dealloc %m32 : memref<?xi32>
  memref.dealloc %m33 : memref<?xi32>
  memref.dealloc %m34 : memref<?xi32>
  memref.dealloc %m40 : memref<?xi32>
  memref.dealloc %m41 : memref<?xi32>
  memref.dealloc %m42 : memref<?xi32>
  memref.dealloc %m43 : memref<?xi32>
  memref.dealloc %m44 : memref<?xi32>
  return
}

func.func @free_2d(%m00: memref<?x?xi32>, %m01: memref<?x?xi32>,
                   %m02: memref<?x?xi32>, %m03: memref<?x?xi32>,
                   %m04: memref<?x?xi32>, %m10: memref<?x?xi32>,
                   %m11: memref<?x?xi32>, %m12: memref<?x?xi32>,
                   %m13: memref<?x?xi32>, %m14: memref<?x?xi32>,
                   %m20: memref<?x?xi32>, %m21: memref<?x?xi32>,
                   %m22: memref<?x?xi32>, %m23: memref<?x?xi32>,
                   %m24: memref<?x?xi32>, %m30: memref<?x?xi32>,
                   %m31: memref<?x?xi32>, %m32: memref<?x?xi32>,
                   %m33: memref<?x?xi32>, %m34: memref<?x?xi32>,
                   %m40: memref<?x?xi32>, %m41: memref<?x?xi32>,
                   %m42: memref<?x?xi32>, %m43: memref<?x?xi32>,
                   %m44: memref<?x?xi32>) {
  memref.dealloc %m00 : memref<?x?xi32>
  memref.dealloc %m01 : memref<?x?xi32>
  memref.dealloc %m02 : memref<?x?xi32>
  memref.dealloc %m03 : memref<?x?xi32>
  memref.dealloc %m04 : memref<?x?xi32>
  memref.dealloc %m10 : memref<?x?xi32>
  memref.dealloc %m11 : memref<?x?xi32>
  memref.dealloc %m12 : memref<?x?xi32>
  memref.dealloc %m13 : memref<?x?xi32>
  memref.dealloc %m14 : memref<?x?xi32>
  memref.dealloc %m20 : memref<?x?xi32>
  memref.dealloc %m21 : memref<?x?xi32>
  memref.dealloc %m22 : memref<?x?xi32>
  memref.dealloc %m23 : memref<?x?xi32>
  memref.dealloc %m24 : memref<?x?xi32>
  memref.dealloc %m30 : memref<?x?xi32>
  memref.dealloc %m31 : memref<?x?xi32>
  memref.dealloc %m32 : memref<?x?xi32>
  memref.dealloc %m33 : memref<?x?xi32>
  memref.dealloc %m34 : memref<?x?xi32>
  memref.dealloc %m40 : memref<?x?xi32>
  memref.dealloc %m41 : memref<?x?xi32>
  memref.dealloc %m42 : memref<?x?xi32>
  memref.dealloc %m43 : memref<?x?xi32>
  memref.dealloc %m44 : memref<?x?xi32>
  return
}

// Prints the 5x5 matrix whose entries are %v in row-major order as
// ( ( row 0 ), ( row 1 ), ... ) and a newline.
func.func @print_matrix(%v: vector<25xi32>) {
  vector.print punctuation <open>
  %row0 = vector.extract_strided_slice %v
      {offsets = [0], sizes = [5], strides = [1]}
      : vector<25xi32> to vector<5xi32>
  vector.print %row0 : vector<5xi32> punctuation <no_punctuation>
  vector.print punctuation <comma>
  %row1 = vector.extract_strided_slice %v
      {offsets = [5], sizes = [5], strides = [1]}
      : vector<25xi32> to vector<5xi32>
  vector.print %row1 : vector<5xi32> punctuation <no_punctuation>
  vector.print punctuation <comma>
  %row2 = vector.extract_strided_slice %v
      {offsets = [10], sizes = [5], strides = [1]}
      : vector<25xi32> to vector<5xi32>
  vector.print %row2 : vector<5xi32> punctuation <no_punctuation>
  vector.print punctuation <comma>
  %row3 = vector.extract_strided_slice %v
      {offsets = [15], sizes = [5], strides = [1]}
      : vector<25xi32> to vector<5xi32>
  vector.print %row3 : vector<5xi32> punctuation <no_punctuation>
  vector.print punctuation <comma>
  %row4 = vector.extract_strided_slice %v
      {offsets = [20], sizes = [5], strides = [1]}
      : vector<25xi32> to vector<5xi32>
  vector.print %row4 : vector<5xi32> punctuation <no_punctuation>
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

// Prints the product of the first %n matrices.
func.func @print_prod(%m00: memref<?xi32>, %m01: memref<?xi32>,
                      %m02: memref<?xi32>, %m03: memref<?xi32>,
                      %m04: memref<?xi32>, %m10: memref<?xi32>,
                      %m11: memref<?xi32>, %m12: memref<?xi32>,
                      %m13: memref<?xi32>, %m14: memref<?xi32>,
                      %m20: memref<?xi32>, %m21: memref<?xi32>,
                      %m22: memref<?xi32>, %m23: memref<?xi32>,
                      %m24: memref<?xi32>, %m30: memref<?xi32>,
                      %m31: memref<?xi32>, %m32: memref<?xi32>,
                      %m33: memref<?xi32>, %m34: memref<?xi32>,
                      %m40: memref<?xi32>, %m41: memref<?xi32>,
                      %m42: memref<?xi32>, %m43: memref<?xi32>,
                      %m44: memref<?xi32>, %n: index) {
  %v = func.call @matprod(%m00, %m01, %m02, %m03, %m04, %m10, %m11, %m12,
        %m13, %m14, %m20, %m21, %m22, %m23, %m24, %m30, %m31, %m32, %m33,
        %m34, %m40, %m41, %m42, %m43, %m44, %n)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, index)
      -> vector<25xi32>
  func.call @print_matrix(%v) : (vector<25xi32>) -> ()
  return
}

// Prints the row products o<r><c>[s], one row per line.
func.func @print_rows(%o00: memref<?xi32>, %o01: memref<?xi32>,
                      %o02: memref<?xi32>, %o03: memref<?xi32>,
                      %o04: memref<?xi32>, %o10: memref<?xi32>,
                      %o11: memref<?xi32>, %o12: memref<?xi32>,
                      %o13: memref<?xi32>, %o14: memref<?xi32>,
                      %o20: memref<?xi32>, %o21: memref<?xi32>,
                      %o22: memref<?xi32>, %o23: memref<?xi32>,
                      %o24: memref<?xi32>, %o30: memref<?xi32>,
                      %o31: memref<?xi32>, %o32: memref<?xi32>,
                      %o33: memref<?xi32>, %o34: memref<?xi32>,
                      %o40: memref<?xi32>, %o41: memref<?xi32>,
                      %o42: memref<?xi32>, %o43: memref<?xi32>,
                      %o44: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %o00, %c0 : memref<?xi32>
  scf.for %s = %c0 to %rows step %c1 {
    %v00 = memref.load %o00[%s] : memref<?xi32>
    %v01 = memref.load %o01[%s] : memref<?xi32>
    %v02 = memref.load %o02[%s] : memref<?xi32>
    %v03 = memref.load %o03[%s] : memref<?xi32>
    %v04 = memref.load %o04[%s] : memref<?xi32>
    %v10 = memref.load %o10[%s] : memref<?xi32>
    %v11 = memref.load %o11[%s] : memref<?xi32>
    %v12 = memref.load %o12[%s] : memref<?xi32>
    %v13 = memref.load %o13[%s] : memref<?xi32>
    %v14 = memref.load %o14[%s] : memref<?xi32>
    %v20 = memref.load %o20[%s] : memref<?xi32>
    %v21 = memref.load %o21[%s] : memref<?xi32>
    %v22 = memref.load %o22[%s] : memref<?xi32>
    %v23 = memref.load %o23[%s] : memref<?xi32>
    %v24 = memref.load %o24[%s] : memref<?xi32>
    %v30 = memref.load %o30[%s] : memref<?xi32>
    %v31 = memref.load %o31[%s] : memref<?xi32>
    %v32 = memref.load %o32[%s] : memref<?xi32>
    %v33 = memref.load %o33[%s] : memref<?xi32>
    %v34 = memref.load %o34[%s] : memref<?xi32>
    %v40 = memref.load %o40[%s] : memref<?xi32>
    %v41 = memref.load %o41[%s] : memref<?xi32>
    %v42 = memref.load %o42[%s] : memref<?xi32>
    %v43 = memref.load %o43[%s] : memref<?xi32>
    %v44 = memref.load %o44[%s] : memref<?xi32>
    %v = vector.from_elements %v00, %v01, %v02, %v03, %v04, %v10, %v11, %v12,
          %v13, %v14, %v20, %v21, %v22, %v23, %v24, %v30, %v31, %v32, %v33,
          %v34, %v40, %v41, %v42, %v43, %v44
        : vector<25xi32>
    vector.print str "  "
    func.call @print_matrix(%v) : (vector<25xi32>) -> ()
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c125 = arith.constant 125 : index
  %c1000 = arith.constant 1000 : index
  %chain = arith.constant 0 : i64
  %pseudo = arith.constant 1 : i64
  %rows = arith.constant 2 : i64

  // E_0, E_1, E_2, E_3, E_0, ...
  %ab:25 = func.call @make_1d(%c40, %chain) : (index, i64)
      -> (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>)
  vector.print str "(E0 E1 E2 E3)^10 = "
  func.call @print_prod(%ab#0, %ab#1, %ab#2, %ab#3, %ab#4, %ab#5, %ab#6,
      %ab#7, %ab#8, %ab#9, %ab#10, %ab#11, %ab#12, %ab#13, %ab#14, %ab#15,
      %ab#16, %ab#17, %ab#18, %ab#19, %ab#20, %ab#21, %ab#22, %ab#23, %ab#24,
      %c40)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, index) -> ()

  // The pseudo-random matrices.
  %m:25 = func.call @make_1d(%c1000, %pseudo) : (index, i64)
      -> (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>)
  vector.print str "M[0:1000] = "
  func.call @print_prod(%m#0, %m#1, %m#2, %m#3, %m#4, %m#5, %m#6, %m#7, %m#8,
      %m#9, %m#10, %m#11, %m#12, %m#13, %m#14, %m#15, %m#16, %m#17, %m#18,
      %m#19, %m#20, %m#21, %m#22, %m#23, %m#24, %c1000)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, index) -> ()
  vector.print str "M[0:1] = "
  func.call @print_prod(%m#0, %m#1, %m#2, %m#3, %m#4, %m#5, %m#6, %m#7, %m#8,
      %m#9, %m#10, %m#11, %m#12, %m#13, %m#14, %m#15, %m#16, %m#17, %m#18,
      %m#19, %m#20, %m#21, %m#22, %m#23, %m#24, %c1)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, index) -> ()
  vector.print str "M[0:0] = "
  func.call @print_prod(%m#0, %m#1, %m#2, %m#3, %m#4, %m#5, %m#6, %m#7, %m#8,
      %m#9, %m#10, %m#11, %m#12, %m#13, %m#14, %m#15, %m#16, %m#17, %m#18,
      %m#19, %m#20, %m#21, %m#22, %m#23, %m#24, %c0)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, index) -> ()

  // (E_0 E_1 E_2 E_3)^2, (E_3 E_2 E_1 E_0)^2, E_0^8, E_3^8.
  %h:25 = func.call @make_2d(%c4, %c8, %rows) : (index, index, i64)
      -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>)
  %ho:25 = func.call @alloc_1d(%c4) : (index)
      -> (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>)
  vector.print str "4 rows of 8:\n"
  func.call @matprod_rows(%h#0, %h#1, %h#2, %h#3, %h#4, %h#5, %h#6, %h#7,
      %h#8, %h#9, %h#10, %h#11, %h#12, %h#13, %h#14, %h#15, %h#16, %h#17,
      %h#18, %h#19, %h#20, %h#21, %h#22, %h#23, %h#24, %ho#0, %ho#1, %ho#2,
      %ho#3, %ho#4, %ho#5, %ho#6, %ho#7, %ho#8, %ho#9, %ho#10, %ho#11,
      %ho#12, %ho#13, %ho#14, %ho#15, %ho#16, %ho#17, %ho#18, %ho#19, %ho#20,
      %ho#21, %ho#22, %ho#23, %ho#24)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>) -> ()
  func.call @print_rows(%ho#0, %ho#1, %ho#2, %ho#3, %ho#4, %ho#5, %ho#6,
      %ho#7, %ho#8, %ho#9, %ho#10, %ho#11, %ho#12, %ho#13, %ho#14, %ho#15,
      %ho#16, %ho#17, %ho#18, %ho#19, %ho#20, %ho#21, %ho#22, %ho#23, %ho#24)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>) -> ()

  // The pseudo-random matrices again, as 8 rows of 125; the product of
  // the row products (a reduction over the 8 results) is M[0:1000].
  %r:25 = func.call @make_2d(%c8, %c125, %pseudo) : (index, index, i64)
      -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>)
  %ro:25 = func.call @alloc_1d(%c8) : (index)
      -> (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>)
  vector.print str "M[0:1000] as 8 rows of 125:\n"
  func.call @matprod_rows(%r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7,
      %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17,
      %r#18, %r#19, %r#20, %r#21, %r#22, %r#23, %r#24, %ro#0, %ro#1, %ro#2,
      %ro#3, %ro#4, %ro#5, %ro#6, %ro#7, %ro#8, %ro#9, %ro#10, %ro#11,
      %ro#12, %ro#13, %ro#14, %ro#15, %ro#16, %ro#17, %ro#18, %ro#19, %ro#20,
      %ro#21, %ro#22, %ro#23, %ro#24)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>) -> ()
  func.call @print_rows(%ro#0, %ro#1, %ro#2, %ro#3, %ro#4, %ro#5, %ro#6,
      %ro#7, %ro#8, %ro#9, %ro#10, %ro#11, %ro#12, %ro#13, %ro#14, %ro#15,
      %ro#16, %ro#17, %ro#18, %ro#19, %ro#20, %ro#21, %ro#22, %ro#23, %ro#24)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>) -> ()
  vector.print str "product of the 8 row products = "
  func.call @print_prod(%ro#0, %ro#1, %ro#2, %ro#3, %ro#4, %ro#5, %ro#6,
      %ro#7, %ro#8, %ro#9, %ro#10, %ro#11, %ro#12, %ro#13, %ro#14, %ro#15,
      %ro#16, %ro#17, %ro#18, %ro#19, %ro#20, %ro#21, %ro#22, %ro#23, %ro#24,
      %c8)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, index) -> ()

  // Three empty rows.
  %z:25 = func.call @make_2d(%c3, %c0, %pseudo) : (index, index, i64)
      -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
          memref<?x?xi32>)
  %zo:25 = func.call @alloc_1d(%c3) : (index)
      -> (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
          memref<?xi32>)
  vector.print str "3 rows of 0:\n"
  func.call @matprod_rows(%z#0, %z#1, %z#2, %z#3, %z#4, %z#5, %z#6, %z#7,
      %z#8, %z#9, %z#10, %z#11, %z#12, %z#13, %z#14, %z#15, %z#16, %z#17,
      %z#18, %z#19, %z#20, %z#21, %z#22, %z#23, %z#24, %zo#0, %zo#1, %zo#2,
      %zo#3, %zo#4, %zo#5, %zo#6, %zo#7, %zo#8, %zo#9, %zo#10, %zo#11,
      %zo#12, %zo#13, %zo#14, %zo#15, %zo#16, %zo#17, %zo#18, %zo#19, %zo#20,
      %zo#21, %zo#22, %zo#23, %zo#24)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>) -> ()
  func.call @print_rows(%zo#0, %zo#1, %zo#2, %zo#3, %zo#4, %zo#5, %zo#6,
      %zo#7, %zo#8, %zo#9, %zo#10, %zo#11, %zo#12, %zo#13, %zo#14, %zo#15,
      %zo#16, %zo#17, %zo#18, %zo#19, %zo#20, %zo#21, %zo#22, %zo#23, %zo#24)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>) -> ()

  func.call @free_1d(%ab#0, %ab#1, %ab#2, %ab#3, %ab#4, %ab#5, %ab#6, %ab#7,
      %ab#8, %ab#9, %ab#10, %ab#11, %ab#12, %ab#13, %ab#14, %ab#15, %ab#16,
      %ab#17, %ab#18, %ab#19, %ab#20, %ab#21, %ab#22, %ab#23, %ab#24)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>) -> ()
  func.call @free_1d(%m#0, %m#1, %m#2, %m#3, %m#4, %m#5, %m#6, %m#7, %m#8,
      %m#9, %m#10, %m#11, %m#12, %m#13, %m#14, %m#15, %m#16, %m#17, %m#18,
      %m#19, %m#20, %m#21, %m#22, %m#23, %m#24)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>) -> ()
  func.call @free_2d(%h#0, %h#1, %h#2, %h#3, %h#4, %h#5, %h#6, %h#7, %h#8,
      %h#9, %h#10, %h#11, %h#12, %h#13, %h#14, %h#15, %h#16, %h#17, %h#18,
      %h#19, %h#20, %h#21, %h#22, %h#23, %h#24)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>) -> ()
  func.call @free_1d(%ho#0, %ho#1, %ho#2, %ho#3, %ho#4, %ho#5, %ho#6, %ho#7,
      %ho#8, %ho#9, %ho#10, %ho#11, %ho#12, %ho#13, %ho#14, %ho#15, %ho#16,
      %ho#17, %ho#18, %ho#19, %ho#20, %ho#21, %ho#22, %ho#23, %ho#24)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>) -> ()
  func.call @free_2d(%r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8,
      %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18,
      %r#19, %r#20, %r#21, %r#22, %r#23, %r#24)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>) -> ()
  func.call @free_1d(%ro#0, %ro#1, %ro#2, %ro#3, %ro#4, %ro#5, %ro#6, %ro#7,
      %ro#8, %ro#9, %ro#10, %ro#11, %ro#12, %ro#13, %ro#14, %ro#15, %ro#16,
      %ro#17, %ro#18, %ro#19, %ro#20, %ro#21, %ro#22, %ro#23, %ro#24)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>) -> ()
  func.call @free_2d(%z#0, %z#1, %z#2, %z#3, %z#4, %z#5, %z#6, %z#7, %z#8,
      %z#9, %z#10, %z#11, %z#12, %z#13, %z#14, %z#15, %z#16, %z#17, %z#18,
      %z#19, %z#20, %z#21, %z#22, %z#23, %z#24)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>) -> ()
  func.call @free_1d(%zo#0, %zo#1, %zo#2, %zo#3, %zo#4, %zo#5, %zo#6, %zo#7,
      %zo#8, %zo#9, %zo#10, %zo#11, %zo#12, %zo#13, %zo#14, %zo#15, %zo#16,
      %zo#17, %zo#18, %zo#19, %zo#20, %zo#21, %zo#22, %zo#23, %zo#24)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>) -> ()
  return
}
