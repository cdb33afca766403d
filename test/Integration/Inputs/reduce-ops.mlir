// reduce-ops.mlir - every reduction operator of the validation of
// [Pøbl & Holst 2024], on one non-segmented and two segmented inputs, for
// comparing a parallel lowering with the reference one.
//
// Not a test by itself (lit excludes Inputs/): CPU/reduce-ops.test runs it
// through seg-to-cpu and checks its output, and the GPU sweeps run it
// through both seg-to-cpu and the GPU path, under many block sizes and
// chunks, and diff the outputs. All results are integers, or sums of floats
// that are exact in any order, so the output does not depend on the order
// in which a lowering combines elements (non-commutative operators must
// still see them in order).
//
// Every seg.red is at level `thread` without a grid (the lowering chooses
// block sizes). Each operator has two functions: @<op>_1d reduces a
// one-dimensional space (one segment, rank-0 outs) and prints the result;
// @<op>_2d reduces every row of a rows x cols space (outs of shape [rows])
// and prints a checksum. The operators:
//   mm2x2, mm3x3   products of 2x2 and 3x3 matrices modulo 1000003 (i64),
//                  entry k read from input array k (4 and 9 arrays);
//   mm5x5          products of 5x5 matrices modulo 10007 (i32), 25 arrays;
//   mss            maximum segment sum (4-tuples of i32);
//   lss            longest sorted streak (6-tuples, i64 and i32);
//   linfun         composition of linear functions modulo 1000003 (i64);
//   argmax         value and index of the first maximum (commutative);
//   tuple sum      a commutative sum of 7-tuples (i1, i8, i16, i32, i64, f32,
//                  f64);
//   fused          two operators in one seg.red, a commutative i64 sum and
//                  the non-commutative MSS, plus a map-only output x * x.
// The non-commutative ones are not flagged `commutative`.
//
// Inputs. There are 31 input streams of pseudo-random 32-bit values:
// element g of stream j is u = h(64 g + j) with the integer hash
// h(x) = ((x K1) xor ((x K1) >> 15)) K2 (products mod 2^32,
// K1 = 0x9E3779B1, K2 = 0x85EBCA6B), stored in i64 arrays. The
// one-dimensional input has N = 100000 elements (g = 0 .. N-1); in a
// rows x cols input element (s, i) is element g = s * cols + i of the
// stream. The two-dimensional inputs are 100 x 1000 (the same data as the
// one-dimensional input, cut into rows) and 1000 x 7. Each map computes the
// operator's element from u: entry k of the matrices is stream k mod p
// (streams 0-24), mss reads x = (u >> 24) - 128 from stream 25, lss
// y = u >> 30 from 26, linfun (a, b) = (u mod p) from 27 and 28, argmax
// v = u >> 22 from 29, tuple sum stream 30, fused stream 25 like mss.
//
// Output: one line per operator and input, in the order above, for the
// one-dimensional input, then 100 x 1000, then 1000 x 7:
//   <op> 100000: ( the result tuple )      (tuple sum, fused: named fields)
//   <op> R x C: checksum = K
// where the checksum of the outs o_0, ..., o_(m-1) of an operator is
//   K = sum over s and k of (s mod 1000 + 1) * (k + 1) * o_k[s]
// in i64 (fused and tuple sum print one such checksum per operator or
// component; floats are printed times 4 (f32) and 1024 (f64), exact
// integers). Expected values: CPU/reduce-ops.test; Inputs/reduce-ops.py
// computes them independently in plain Python.

// u(g) of stream j: h(64 g + j) as an i64 in [0, 2^32), where
// h(x) = ((x K1) xor ((x K1) >> 15)) K2 in i32 arithmetic (products mod
// 2^32, unsigned shift), K1 = 0x9E3779B1, K2 = 0x85EBCA6B.
func.func @hash(%g: index, %j: index) -> i64 {
  %c64 = arith.constant 64 : index
  %m1 = arith.constant 0x9E3779B1 : i32
  %m2 = arith.constant 0x85EBCA6B : i32
  %k15 = arith.constant 15 : i32
  %g64 = arith.muli %g, %c64 : index
  %x = arith.addi %g64, %j : index
  %xi = arith.index_cast %x : index to i32
  %h1 = arith.muli %xi, %m1 : i32
  %h1s = arith.shrui %h1, %k15 : i32
  %h2 = arith.xori %h1, %h1s : i32
  %h3 = arith.muli %h2, %m2 : i32
  %u = arith.extui %h3 : i32 to i64
  return %u : i64
}

// Stream j as the one-dimensional input: v[g] = u(g).
func.func @stream_1d(%n: index, %j: index) -> memref<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.alloc(%n) : memref<?xi64>
  scf.for %g = %c0 to %n step %c1 {
    %u = func.call @hash(%g, %j) : (index, index) -> i64
    memref.store %u, %v[%g] : memref<?xi64>
  }
  return %v : memref<?xi64>
}

// Stream j as a rows x cols input: v[s, i] = u(s * cols + i).
func.func @stream_2d(%rows: index, %cols: index, %j: index)
    -> memref<?x?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.alloc(%rows, %cols) : memref<?x?xi64>
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %cols step %c1 {
      %sc = arith.muli %s, %cols : index
      %g = arith.addi %sc, %i : index
      %u = func.call @hash(%g, %j) : (index, index) -> i64
      memref.store %u, %v[%s, %i] : memref<?x?xi64>
    }
  }
  return %v : memref<?x?xi64>
}

// The weight of segment (or element) number s in the checksums:
// s mod 1000 + 1.
func.func @weight(%s: index) -> i64 {
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %m = arith.remui %s, %c1000 : index
  %w = arith.addi %m, %c1 : index
  %wi = arith.index_cast %w : index to i64
  return %wi : i64
}

// The sum over s of weight(s) * o[s] (0 or 1).
func.func @cs_i1(%o: memref<?xi1>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %o, %c0 : memref<?xi1>
  %sum = scf.for %s = %c0 to %n step %c1 iter_args(%acc = %zero)
      -> (i64) {
    %x = memref.load %o[%s] : memref<?xi1>
    %x64 = arith.extui %x : i1 to i64
    %w = func.call @weight(%s) : (index) -> i64
    %t = arith.muli %x64, %w : i64
    %next = arith.addi %acc, %t : i64
    scf.yield %next : i64
  }
  return %sum : i64
}

// The sum over s of weight(s) * o[s].
func.func @cs_i8(%o: memref<?xi8>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %o, %c0 : memref<?xi8>
  %sum = scf.for %s = %c0 to %n step %c1 iter_args(%acc = %zero)
      -> (i64) {
    %x = memref.load %o[%s] : memref<?xi8>
    %x64 = arith.extsi %x : i8 to i64
    %w = func.call @weight(%s) : (index) -> i64
    %t = arith.muli %x64, %w : i64
    %next = arith.addi %acc, %t : i64
    scf.yield %next : i64
  }
  return %sum : i64
}

// The sum over s of weight(s) * o[s].
func.func @cs_i16(%o: memref<?xi16>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %o, %c0 : memref<?xi16>
  %sum = scf.for %s = %c0 to %n step %c1 iter_args(%acc = %zero)
      -> (i64) {
    %x = memref.load %o[%s] : memref<?xi16>
    %x64 = arith.extsi %x : i16 to i64
    %w = func.call @weight(%s) : (index) -> i64
    %t = arith.muli %x64, %w : i64
    %next = arith.addi %acc, %t : i64
    scf.yield %next : i64
  }
  return %sum : i64
}

// The sum over s of weight(s) * o[s].
func.func @cs_i32(%o: memref<?xi32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %o, %c0 : memref<?xi32>
  %sum = scf.for %s = %c0 to %n step %c1 iter_args(%acc = %zero)
      -> (i64) {
    %x = memref.load %o[%s] : memref<?xi32>
    %x64 = arith.extsi %x : i32 to i64
    %w = func.call @weight(%s) : (index) -> i64
    %t = arith.muli %x64, %w : i64
    %next = arith.addi %acc, %t : i64
    scf.yield %next : i64
  }
  return %sum : i64
}

// The sum over s of weight(s) * o[s].
func.func @cs_i64(%o: memref<?xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %o, %c0 : memref<?xi64>
  %sum = scf.for %s = %c0 to %n step %c1 iter_args(%acc = %zero)
      -> (i64) {
    %x = memref.load %o[%s] : memref<?xi64>
    %x64 = arith.addi %x, %zero : i64
    %w = func.call @weight(%s) : (index) -> i64
    %t = arith.muli %x64, %w : i64
    %next = arith.addi %acc, %t : i64
    scf.yield %next : i64
  }
  return %sum : i64
}

// The sum over s of weight(s) * 4 o[s] (exact: the sums are multiples of 1/4).
func.func @cs_f32x4(%o: memref<?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %o, %c0 : memref<?xf32>
  %sum = scf.for %s = %c0 to %n step %c1 iter_args(%acc = %zero)
      -> (i64) {
    %x = memref.load %o[%s] : memref<?xf32>
    %four = arith.constant 4.0 : f32
    %x4 = arith.mulf %x, %four : f32
    %x64 = arith.fptosi %x4 : f32 to i64
    %w = func.call @weight(%s) : (index) -> i64
    %t = arith.muli %x64, %w : i64
    %next = arith.addi %acc, %t : i64
    scf.yield %next : i64
  }
  return %sum : i64
}

// The sum over s of weight(s) * 1024 o[s] (exact: the sums are multiples
// of 1/1024).
func.func @cs_f64x1024(%o: memref<?xf64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %o, %c0 : memref<?xf64>
  %sum = scf.for %s = %c0 to %n step %c1 iter_args(%acc = %zero)
      -> (i64) {
    %x = memref.load %o[%s] : memref<?xf64>
    %k1024 = arith.constant 1024.0 : f64
    %x1024 = arith.mulf %x, %k1024 : f64
    %x64 = arith.fptosi %x1024 : f64 to i64
    %w = func.call @weight(%s) : (index) -> i64
    %t = arith.muli %x64, %w : i64
    %next = arith.addi %acc, %t : i64
    scf.yield %next : i64
  }
  return %sum : i64
}

// Prints "<n>: ".
func.func @label_1d(%n: index) {
  %ni = arith.index_cast %n : index to i64
  vector.print %ni : i64 punctuation <no_punctuation>
  vector.print str ": "
  return
}

// Prints "<rows> x <cols>: ".
func.func @label_2d(%rows: index, %cols: index) {
  %r = arith.index_cast %rows : index to i64
  %c = arith.index_cast %cols : index to i64
  vector.print %r : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %c : i64 punctuation <no_punctuation>
  vector.print str ": "
  return
}

// mm2x2: the product, modulo 1000003, of the 2x2 matrices whose entry k
// (row-major) is stream k mod 1000003, in i64, as in mm-2x2.fut of
// [Pøbl & Holst 2024]; prints its 4 entries.
func.func @mm2x2_1d(%in0: memref<?xi64>, %in1: memref<?xi64>,
                    %in2: memref<?xi64>, %in3: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %o0 = memref.alloca() : memref<i64>
  %o1 = memref.alloca() : memref<i64>
  %o2 = memref.alloca() : memref<i64>
  %o3 = memref.alloca() : memref<i64>
  seg.red thread (%i) in (%n)
      outs(%o0, %o1, %o2, %o3
           : memref<i64>, memref<i64>, memref<i64>, memref<i64>) {
    %u0 = memref.load %in0[%i] : memref<?xi64>
    %u1 = memref.load %in1[%i] : memref<?xi64>
    %u2 = memref.load %in2[%i] : memref<?xi64>
    %u3 = memref.load %in3[%i] : memref<?xi64>
    %p = arith.constant 1000003 : i64
    %e0 = arith.remui %u0, %p : i64
    %e1 = arith.remui %u1, %p : i64
    %e2 = arith.remui %u2, %p : i64
    %e3 = arith.remui %u3, %p : i64
    seg.yield %e0, %e1, %e2, %e3
        : i64, i64, i64, i64
  } combine (%a0: i64, %a1: i64, %a2: i64, %a3: i64, %b0: i64, %b1: i64,
             %b2: i64, %b3: i64)
      neutral(%one, %zero, %zero, %one : i64, i64, i64, i64) {
    %p = arith.constant 1000003 : i64
    // Entry k = 2 r + c of the product is a(r, 0) b(0, c) + ... +
    // a(r, 1) b(1, c) mod p, where a(r, c) is %a<2 r + c>.
    %t0_0 = arith.muli %a0, %b0 : i64
    %t0_1 = arith.muli %a1, %b2 : i64
    %s0_1 = arith.addi %t0_0, %t0_1 : i64
    %r0 = arith.remui %s0_1, %p : i64
    %t1_0 = arith.muli %a0, %b1 : i64
    %t1_1 = arith.muli %a1, %b3 : i64
    %s1_1 = arith.addi %t1_0, %t1_1 : i64
    %r1 = arith.remui %s1_1, %p : i64
    %t2_0 = arith.muli %a2, %b0 : i64
    %t2_1 = arith.muli %a3, %b2 : i64
    %s2_1 = arith.addi %t2_0, %t2_1 : i64
    %r2 = arith.remui %s2_1, %p : i64
    %t3_0 = arith.muli %a2, %b1 : i64
    %t3_1 = arith.muli %a3, %b3 : i64
    %s3_1 = arith.addi %t3_0, %t3_1 : i64
    %r3 = arith.remui %s3_1, %p : i64
    seg.yield %r0, %r1, %r2, %r3
        : i64, i64, i64, i64
  }
  vector.print str "mm2x2 "
  func.call @label_1d(%n) : (index) -> ()
  %r0 = memref.load %o0[] : memref<i64>
  %r1 = memref.load %o1[] : memref<i64>
  %r2 = memref.load %o2[] : memref<i64>
  %r3 = memref.load %o3[] : memref<i64>
  %tuple = vector.from_elements %r0, %r1, %r2, %r3
      : vector<4xi64>
  vector.print %tuple : vector<4xi64>
  return
}

// mm2x2 of every row: prints the checksum of the 4 outs.
func.func @mm2x2_2d(%in0: memref<?x?xi64>, %in1: memref<?x?xi64>,
                    %in2: memref<?x?xi64>, %in3: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in0, %c0 : memref<?x?xi64>
  %cols = memref.dim %in0, %c1 : memref<?x?xi64>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %o0 = memref.alloc(%rows) : memref<?xi64>
  %o1 = memref.alloc(%rows) : memref<?xi64>
  %o2 = memref.alloc(%rows) : memref<?xi64>
  %o3 = memref.alloc(%rows) : memref<?xi64>
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1, %o2, %o3
           : memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>) {
    %u0 = memref.load %in0[%s, %i] : memref<?x?xi64>
    %u1 = memref.load %in1[%s, %i] : memref<?x?xi64>
    %u2 = memref.load %in2[%s, %i] : memref<?x?xi64>
    %u3 = memref.load %in3[%s, %i] : memref<?x?xi64>
    %p = arith.constant 1000003 : i64
    %e0 = arith.remui %u0, %p : i64
    %e1 = arith.remui %u1, %p : i64
    %e2 = arith.remui %u2, %p : i64
    %e3 = arith.remui %u3, %p : i64
    seg.yield %e0, %e1, %e2, %e3
        : i64, i64, i64, i64
  } combine (%a0: i64, %a1: i64, %a2: i64, %a3: i64, %b0: i64, %b1: i64,
             %b2: i64, %b3: i64)
      neutral(%one, %zero, %zero, %one : i64, i64, i64, i64) {
    %p = arith.constant 1000003 : i64
    // Entry k = 2 r + c of the product is a(r, 0) b(0, c) + ... +
    // a(r, 1) b(1, c) mod p, where a(r, c) is %a<2 r + c>.
    %t0_0 = arith.muli %a0, %b0 : i64
    %t0_1 = arith.muli %a1, %b2 : i64
    %s0_1 = arith.addi %t0_0, %t0_1 : i64
    %r0 = arith.remui %s0_1, %p : i64
    %t1_0 = arith.muli %a0, %b1 : i64
    %t1_1 = arith.muli %a1, %b3 : i64
    %s1_1 = arith.addi %t1_0, %t1_1 : i64
    %r1 = arith.remui %s1_1, %p : i64
    %t2_0 = arith.muli %a2, %b0 : i64
    %t2_1 = arith.muli %a3, %b2 : i64
    %s2_1 = arith.addi %t2_0, %t2_1 : i64
    %r2 = arith.remui %s2_1, %p : i64
    %t3_0 = arith.muli %a2, %b1 : i64
    %t3_1 = arith.muli %a3, %b3 : i64
    %s3_1 = arith.addi %t3_0, %t3_1 : i64
    %r3 = arith.remui %s3_1, %p : i64
    seg.yield %r0, %r1, %r2, %r3
        : i64, i64, i64, i64
  }
  vector.print str "mm2x2 "
  func.call @label_2d(%rows, %cols) : (index, index) -> ()
  %cs0 = func.call @cs_i64(%o0) : (memref<?xi64>) -> i64
  %cs1 = func.call @cs_i64(%o1) : (memref<?xi64>) -> i64
  %cs2 = func.call @cs_i64(%o2) : (memref<?xi64>) -> i64
  %cs3 = func.call @cs_i64(%o3) : (memref<?xi64>) -> i64
  %w1 = arith.constant 2 : i64
  %ws1 = arith.muli %cs1, %w1 : i64
  %sum1 = arith.addi %cs0, %ws1 : i64
  %w2 = arith.constant 3 : i64
  %ws2 = arith.muli %cs2, %w2 : i64
  %sum2 = arith.addi %sum1, %ws2 : i64
  %w3 = arith.constant 4 : i64
  %ws3 = arith.muli %cs3, %w3 : i64
  %sum3 = arith.addi %sum2, %ws3 : i64
  vector.print str "checksum = "
  vector.print %sum3 : i64
  memref.dealloc %o0 : memref<?xi64>
  memref.dealloc %o1 : memref<?xi64>
  memref.dealloc %o2 : memref<?xi64>
  memref.dealloc %o3 : memref<?xi64>
  return
}

// mm3x3: the product, modulo 1000003, of the 3x3 matrices whose entry k
// (row-major) is stream k mod 1000003, in i64, as in mm-3x3.fut of
// [Pøbl & Holst 2024]; prints its 9 entries.
func.func @mm3x3_1d(%in0: memref<?xi64>, %in1: memref<?xi64>,
                    %in2: memref<?xi64>, %in3: memref<?xi64>,
                    %in4: memref<?xi64>, %in5: memref<?xi64>,
                    %in6: memref<?xi64>, %in7: memref<?xi64>,
                    %in8: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %o0 = memref.alloca() : memref<i64>
  %o1 = memref.alloca() : memref<i64>
  %o2 = memref.alloca() : memref<i64>
  %o3 = memref.alloca() : memref<i64>
  %o4 = memref.alloca() : memref<i64>
  %o5 = memref.alloca() : memref<i64>
  %o6 = memref.alloca() : memref<i64>
  %o7 = memref.alloca() : memref<i64>
  %o8 = memref.alloca() : memref<i64>
  seg.red thread (%i) in (%n)
      outs(%o0, %o1, %o2, %o3, %o4, %o5, %o6, %o7, %o8
           : memref<i64>, memref<i64>, memref<i64>, memref<i64>, memref<i64>,
             memref<i64>, memref<i64>, memref<i64>, memref<i64>) {
    %u0 = memref.load %in0[%i] : memref<?xi64>
    %u1 = memref.load %in1[%i] : memref<?xi64>
    %u2 = memref.load %in2[%i] : memref<?xi64>
    %u3 = memref.load %in3[%i] : memref<?xi64>
    %u4 = memref.load %in4[%i] : memref<?xi64>
    %u5 = memref.load %in5[%i] : memref<?xi64>
    %u6 = memref.load %in6[%i] : memref<?xi64>
    %u7 = memref.load %in7[%i] : memref<?xi64>
    %u8 = memref.load %in8[%i] : memref<?xi64>
    %p = arith.constant 1000003 : i64
    %e0 = arith.remui %u0, %p : i64
    %e1 = arith.remui %u1, %p : i64
    %e2 = arith.remui %u2, %p : i64
    %e3 = arith.remui %u3, %p : i64
    %e4 = arith.remui %u4, %p : i64
    %e5 = arith.remui %u5, %p : i64
    %e6 = arith.remui %u6, %p : i64
    %e7 = arith.remui %u7, %p : i64
    %e8 = arith.remui %u8, %p : i64
    seg.yield %e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8
        : i64, i64, i64, i64, i64, i64, i64, i64, i64
  } combine (%a0: i64, %a1: i64, %a2: i64, %a3: i64, %a4: i64, %a5: i64,
             %a6: i64, %a7: i64, %a8: i64, %b0: i64, %b1: i64, %b2: i64,
             %b3: i64, %b4: i64, %b5: i64, %b6: i64, %b7: i64, %b8: i64)
      neutral(%one, %zero, %zero, %zero, %one, %zero, %zero, %zero, %one
              : i64, i64, i64, i64, i64, i64, i64, i64, i64) {
    %p = arith.constant 1000003 : i64
    // Entry k = 3 r + c of the product is a(r, 0) b(0, c) + ... +
    // a(r, 2) b(2, c) mod p, where a(r, c) is %a<3 r + c>.
    %t0_0 = arith.muli %a0, %b0 : i64
    %t0_1 = arith.muli %a1, %b3 : i64
    %t0_2 = arith.muli %a2, %b6 : i64
    %s0_1 = arith.addi %t0_0, %t0_1 : i64
    %s0_2 = arith.addi %s0_1, %t0_2 : i64
    %r0 = arith.remui %s0_2, %p : i64
    %t1_0 = arith.muli %a0, %b1 : i64
    %t1_1 = arith.muli %a1, %b4 : i64
    %t1_2 = arith.muli %a2, %b7 : i64
    %s1_1 = arith.addi %t1_0, %t1_1 : i64
    %s1_2 = arith.addi %s1_1, %t1_2 : i64
    %r1 = arith.remui %s1_2, %p : i64
    %t2_0 = arith.muli %a0, %b2 : i64
    %t2_1 = arith.muli %a1, %b5 : i64
    %t2_2 = arith.muli %a2, %b8 : i64
    %s2_1 = arith.addi %t2_0, %t2_1 : i64
    %s2_2 = arith.addi %s2_1, %t2_2 : i64
    %r2 = arith.remui %s2_2, %p : i64
    %t3_0 = arith.muli %a3, %b0 : i64
    %t3_1 = arith.muli %a4, %b3 : i64
    %t3_2 = arith.muli %a5, %b6 : i64
    %s3_1 = arith.addi %t3_0, %t3_1 : i64
    %s3_2 = arith.addi %s3_1, %t3_2 : i64
    %r3 = arith.remui %s3_2, %p : i64
    %t4_0 = arith.muli %a3, %b1 : i64
    %t4_1 = arith.muli %a4, %b4 : i64
    %t4_2 = arith.muli %a5, %b7 : i64
    %s4_1 = arith.addi %t4_0, %t4_1 : i64
    %s4_2 = arith.addi %s4_1, %t4_2 : i64
    %r4 = arith.remui %s4_2, %p : i64
    %t5_0 = arith.muli %a3, %b2 : i64
    %t5_1 = arith.muli %a4, %b5 : i64
    %t5_2 = arith.muli %a5, %b8 : i64
    %s5_1 = arith.addi %t5_0, %t5_1 : i64
    %s5_2 = arith.addi %s5_1, %t5_2 : i64
    %r5 = arith.remui %s5_2, %p : i64
    %t6_0 = arith.muli %a6, %b0 : i64
    %t6_1 = arith.muli %a7, %b3 : i64
    %t6_2 = arith.muli %a8, %b6 : i64
    %s6_1 = arith.addi %t6_0, %t6_1 : i64
    %s6_2 = arith.addi %s6_1, %t6_2 : i64
    %r6 = arith.remui %s6_2, %p : i64
    %t7_0 = arith.muli %a6, %b1 : i64
    %t7_1 = arith.muli %a7, %b4 : i64
    %t7_2 = arith.muli %a8, %b7 : i64
    %s7_1 = arith.addi %t7_0, %t7_1 : i64
    %s7_2 = arith.addi %s7_1, %t7_2 : i64
    %r7 = arith.remui %s7_2, %p : i64
    %t8_0 = arith.muli %a6, %b2 : i64
    %t8_1 = arith.muli %a7, %b5 : i64
    %t8_2 = arith.muli %a8, %b8 : i64
    %s8_1 = arith.addi %t8_0, %t8_1 : i64
    %s8_2 = arith.addi %s8_1, %t8_2 : i64
    %r8 = arith.remui %s8_2, %p : i64
    seg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8
        : i64, i64, i64, i64, i64, i64, i64, i64, i64
  }
  vector.print str "mm3x3 "
  func.call @label_1d(%n) : (index) -> ()
  %r0 = memref.load %o0[] : memref<i64>
  %r1 = memref.load %o1[] : memref<i64>
  %r2 = memref.load %o2[] : memref<i64>
  %r3 = memref.load %o3[] : memref<i64>
  %r4 = memref.load %o4[] : memref<i64>
  %r5 = memref.load %o5[] : memref<i64>
  %r6 = memref.load %o6[] : memref<i64>
  %r7 = memref.load %o7[] : memref<i64>
  %r8 = memref.load %o8[] : memref<i64>
  %tuple = vector.from_elements %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8
      : vector<9xi64>
  vector.print %tuple : vector<9xi64>
  return
}

// mm3x3 of every row: prints the checksum of the 9 outs.
func.func @mm3x3_2d(%in0: memref<?x?xi64>, %in1: memref<?x?xi64>,
                    %in2: memref<?x?xi64>, %in3: memref<?x?xi64>,
                    %in4: memref<?x?xi64>, %in5: memref<?x?xi64>,
                    %in6: memref<?x?xi64>, %in7: memref<?x?xi64>,
                    %in8: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in0, %c0 : memref<?x?xi64>
  %cols = memref.dim %in0, %c1 : memref<?x?xi64>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %o0 = memref.alloc(%rows) : memref<?xi64>
  %o1 = memref.alloc(%rows) : memref<?xi64>
  %o2 = memref.alloc(%rows) : memref<?xi64>
  %o3 = memref.alloc(%rows) : memref<?xi64>
  %o4 = memref.alloc(%rows) : memref<?xi64>
  %o5 = memref.alloc(%rows) : memref<?xi64>
  %o6 = memref.alloc(%rows) : memref<?xi64>
  %o7 = memref.alloc(%rows) : memref<?xi64>
  %o8 = memref.alloc(%rows) : memref<?xi64>
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1, %o2, %o3, %o4, %o5, %o6, %o7, %o8
           : memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
             memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
             memref<?xi64>) {
    %u0 = memref.load %in0[%s, %i] : memref<?x?xi64>
    %u1 = memref.load %in1[%s, %i] : memref<?x?xi64>
    %u2 = memref.load %in2[%s, %i] : memref<?x?xi64>
    %u3 = memref.load %in3[%s, %i] : memref<?x?xi64>
    %u4 = memref.load %in4[%s, %i] : memref<?x?xi64>
    %u5 = memref.load %in5[%s, %i] : memref<?x?xi64>
    %u6 = memref.load %in6[%s, %i] : memref<?x?xi64>
    %u7 = memref.load %in7[%s, %i] : memref<?x?xi64>
    %u8 = memref.load %in8[%s, %i] : memref<?x?xi64>
    %p = arith.constant 1000003 : i64
    %e0 = arith.remui %u0, %p : i64
    %e1 = arith.remui %u1, %p : i64
    %e2 = arith.remui %u2, %p : i64
    %e3 = arith.remui %u3, %p : i64
    %e4 = arith.remui %u4, %p : i64
    %e5 = arith.remui %u5, %p : i64
    %e6 = arith.remui %u6, %p : i64
    %e7 = arith.remui %u7, %p : i64
    %e8 = arith.remui %u8, %p : i64
    seg.yield %e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8
        : i64, i64, i64, i64, i64, i64, i64, i64, i64
  } combine (%a0: i64, %a1: i64, %a2: i64, %a3: i64, %a4: i64, %a5: i64,
             %a6: i64, %a7: i64, %a8: i64, %b0: i64, %b1: i64, %b2: i64,
             %b3: i64, %b4: i64, %b5: i64, %b6: i64, %b7: i64, %b8: i64)
      neutral(%one, %zero, %zero, %zero, %one, %zero, %zero, %zero, %one
              : i64, i64, i64, i64, i64, i64, i64, i64, i64) {
    %p = arith.constant 1000003 : i64
    // Entry k = 3 r + c of the product is a(r, 0) b(0, c) + ... +
    // a(r, 2) b(2, c) mod p, where a(r, c) is %a<3 r + c>.
    %t0_0 = arith.muli %a0, %b0 : i64
    %t0_1 = arith.muli %a1, %b3 : i64
    %t0_2 = arith.muli %a2, %b6 : i64
    %s0_1 = arith.addi %t0_0, %t0_1 : i64
    %s0_2 = arith.addi %s0_1, %t0_2 : i64
    %r0 = arith.remui %s0_2, %p : i64
    %t1_0 = arith.muli %a0, %b1 : i64
    %t1_1 = arith.muli %a1, %b4 : i64
    %t1_2 = arith.muli %a2, %b7 : i64
    %s1_1 = arith.addi %t1_0, %t1_1 : i64
    %s1_2 = arith.addi %s1_1, %t1_2 : i64
    %r1 = arith.remui %s1_2, %p : i64
    %t2_0 = arith.muli %a0, %b2 : i64
    %t2_1 = arith.muli %a1, %b5 : i64
    %t2_2 = arith.muli %a2, %b8 : i64
    %s2_1 = arith.addi %t2_0, %t2_1 : i64
    %s2_2 = arith.addi %s2_1, %t2_2 : i64
    %r2 = arith.remui %s2_2, %p : i64
    %t3_0 = arith.muli %a3, %b0 : i64
    %t3_1 = arith.muli %a4, %b3 : i64
    %t3_2 = arith.muli %a5, %b6 : i64
    %s3_1 = arith.addi %t3_0, %t3_1 : i64
    %s3_2 = arith.addi %s3_1, %t3_2 : i64
    %r3 = arith.remui %s3_2, %p : i64
    %t4_0 = arith.muli %a3, %b1 : i64
    %t4_1 = arith.muli %a4, %b4 : i64
    %t4_2 = arith.muli %a5, %b7 : i64
    %s4_1 = arith.addi %t4_0, %t4_1 : i64
    %s4_2 = arith.addi %s4_1, %t4_2 : i64
    %r4 = arith.remui %s4_2, %p : i64
    %t5_0 = arith.muli %a3, %b2 : i64
    %t5_1 = arith.muli %a4, %b5 : i64
    %t5_2 = arith.muli %a5, %b8 : i64
    %s5_1 = arith.addi %t5_0, %t5_1 : i64
    %s5_2 = arith.addi %s5_1, %t5_2 : i64
    %r5 = arith.remui %s5_2, %p : i64
    %t6_0 = arith.muli %a6, %b0 : i64
    %t6_1 = arith.muli %a7, %b3 : i64
    %t6_2 = arith.muli %a8, %b6 : i64
    %s6_1 = arith.addi %t6_0, %t6_1 : i64
    %s6_2 = arith.addi %s6_1, %t6_2 : i64
    %r6 = arith.remui %s6_2, %p : i64
    %t7_0 = arith.muli %a6, %b1 : i64
    %t7_1 = arith.muli %a7, %b4 : i64
    %t7_2 = arith.muli %a8, %b7 : i64
    %s7_1 = arith.addi %t7_0, %t7_1 : i64
    %s7_2 = arith.addi %s7_1, %t7_2 : i64
    %r7 = arith.remui %s7_2, %p : i64
    %t8_0 = arith.muli %a6, %b2 : i64
    %t8_1 = arith.muli %a7, %b5 : i64
    %t8_2 = arith.muli %a8, %b8 : i64
    %s8_1 = arith.addi %t8_0, %t8_1 : i64
    %s8_2 = arith.addi %s8_1, %t8_2 : i64
    %r8 = arith.remui %s8_2, %p : i64
    seg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8
        : i64, i64, i64, i64, i64, i64, i64, i64, i64
  }
  vector.print str "mm3x3 "
  func.call @label_2d(%rows, %cols) : (index, index) -> ()
  %cs0 = func.call @cs_i64(%o0) : (memref<?xi64>) -> i64
  %cs1 = func.call @cs_i64(%o1) : (memref<?xi64>) -> i64
  %cs2 = func.call @cs_i64(%o2) : (memref<?xi64>) -> i64
  %cs3 = func.call @cs_i64(%o3) : (memref<?xi64>) -> i64
  %cs4 = func.call @cs_i64(%o4) : (memref<?xi64>) -> i64
  %cs5 = func.call @cs_i64(%o5) : (memref<?xi64>) -> i64
  %cs6 = func.call @cs_i64(%o6) : (memref<?xi64>) -> i64
  %cs7 = func.call @cs_i64(%o7) : (memref<?xi64>) -> i64
  %cs8 = func.call @cs_i64(%o8) : (memref<?xi64>) -> i64
  %w1 = arith.constant 2 : i64
  %ws1 = arith.muli %cs1, %w1 : i64
  %sum1 = arith.addi %cs0, %ws1 : i64
  %w2 = arith.constant 3 : i64
  %ws2 = arith.muli %cs2, %w2 : i64
  %sum2 = arith.addi %sum1, %ws2 : i64
  %w3 = arith.constant 4 : i64
  %ws3 = arith.muli %cs3, %w3 : i64
  %sum3 = arith.addi %sum2, %ws3 : i64
  %w4 = arith.constant 5 : i64
  %ws4 = arith.muli %cs4, %w4 : i64
  %sum4 = arith.addi %sum3, %ws4 : i64
  %w5 = arith.constant 6 : i64
  %ws5 = arith.muli %cs5, %w5 : i64
  %sum5 = arith.addi %sum4, %ws5 : i64
  %w6 = arith.constant 7 : i64
  %ws6 = arith.muli %cs6, %w6 : i64
  %sum6 = arith.addi %sum5, %ws6 : i64
  %w7 = arith.constant 8 : i64
  %ws7 = arith.muli %cs7, %w7 : i64
  %sum7 = arith.addi %sum6, %ws7 : i64
  %w8 = arith.constant 9 : i64
  %ws8 = arith.muli %cs8, %w8 : i64
  %sum8 = arith.addi %sum7, %ws8 : i64
  vector.print str "checksum = "
  vector.print %sum8 : i64
  memref.dealloc %o0 : memref<?xi64>
  memref.dealloc %o1 : memref<?xi64>
  memref.dealloc %o2 : memref<?xi64>
  memref.dealloc %o3 : memref<?xi64>
  memref.dealloc %o4 : memref<?xi64>
  memref.dealloc %o5 : memref<?xi64>
  memref.dealloc %o6 : memref<?xi64>
  memref.dealloc %o7 : memref<?xi64>
  memref.dealloc %o8 : memref<?xi64>
  return
}

// mm5x5: the product, modulo 10007, of the 5x5 matrices whose entry k
// (row-major) is stream k mod 10007, in i32, as in mm-5x5.fut of
// [Pøbl & Holst 2024]; prints its 25 entries.
func.func @mm5x5_1d(%in0: memref<?xi64>, %in1: memref<?xi64>,
                    %in2: memref<?xi64>, %in3: memref<?xi64>,
                    %in4: memref<?xi64>, %in5: memref<?xi64>,
                    %in6: memref<?xi64>, %in7: memref<?xi64>,
                    %in8: memref<?xi64>, %in9: memref<?xi64>,
                    %in10: memref<?xi64>, %in11: memref<?xi64>,
                    %in12: memref<?xi64>, %in13: memref<?xi64>,
                    %in14: memref<?xi64>, %in15: memref<?xi64>,
                    %in16: memref<?xi64>, %in17: memref<?xi64>,
                    %in18: memref<?xi64>, %in19: memref<?xi64>,
                    %in20: memref<?xi64>, %in21: memref<?xi64>,
                    %in22: memref<?xi64>, %in23: memref<?xi64>,
                    %in24: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %o0 = memref.alloca() : memref<i32>
  %o1 = memref.alloca() : memref<i32>
  %o2 = memref.alloca() : memref<i32>
  %o3 = memref.alloca() : memref<i32>
  %o4 = memref.alloca() : memref<i32>
  %o5 = memref.alloca() : memref<i32>
  %o6 = memref.alloca() : memref<i32>
  %o7 = memref.alloca() : memref<i32>
  %o8 = memref.alloca() : memref<i32>
  %o9 = memref.alloca() : memref<i32>
  %o10 = memref.alloca() : memref<i32>
  %o11 = memref.alloca() : memref<i32>
  %o12 = memref.alloca() : memref<i32>
  %o13 = memref.alloca() : memref<i32>
  %o14 = memref.alloca() : memref<i32>
  %o15 = memref.alloca() : memref<i32>
  %o16 = memref.alloca() : memref<i32>
  %o17 = memref.alloca() : memref<i32>
  %o18 = memref.alloca() : memref<i32>
  %o19 = memref.alloca() : memref<i32>
  %o20 = memref.alloca() : memref<i32>
  %o21 = memref.alloca() : memref<i32>
  %o22 = memref.alloca() : memref<i32>
  %o23 = memref.alloca() : memref<i32>
  %o24 = memref.alloca() : memref<i32>
  seg.red thread (%i) in (%n)
      outs(%o0, %o1, %o2, %o3, %o4, %o5, %o6, %o7, %o8, %o9, %o10, %o11,
           %o12, %o13, %o14, %o15, %o16, %o17, %o18, %o19, %o20, %o21, %o22,
           %o23, %o24
           : memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>,
             memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>,
             memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>,
             memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>,
             memref<i32>, memref<i32>, memref<i32>, memref<i32>, memref<i32>) {
    %u0 = memref.load %in0[%i] : memref<?xi64>
    %u1 = memref.load %in1[%i] : memref<?xi64>
    %u2 = memref.load %in2[%i] : memref<?xi64>
    %u3 = memref.load %in3[%i] : memref<?xi64>
    %u4 = memref.load %in4[%i] : memref<?xi64>
    %u5 = memref.load %in5[%i] : memref<?xi64>
    %u6 = memref.load %in6[%i] : memref<?xi64>
    %u7 = memref.load %in7[%i] : memref<?xi64>
    %u8 = memref.load %in8[%i] : memref<?xi64>
    %u9 = memref.load %in9[%i] : memref<?xi64>
    %u10 = memref.load %in10[%i] : memref<?xi64>
    %u11 = memref.load %in11[%i] : memref<?xi64>
    %u12 = memref.load %in12[%i] : memref<?xi64>
    %u13 = memref.load %in13[%i] : memref<?xi64>
    %u14 = memref.load %in14[%i] : memref<?xi64>
    %u15 = memref.load %in15[%i] : memref<?xi64>
    %u16 = memref.load %in16[%i] : memref<?xi64>
    %u17 = memref.load %in17[%i] : memref<?xi64>
    %u18 = memref.load %in18[%i] : memref<?xi64>
    %u19 = memref.load %in19[%i] : memref<?xi64>
    %u20 = memref.load %in20[%i] : memref<?xi64>
    %u21 = memref.load %in21[%i] : memref<?xi64>
    %u22 = memref.load %in22[%i] : memref<?xi64>
    %u23 = memref.load %in23[%i] : memref<?xi64>
    %u24 = memref.load %in24[%i] : memref<?xi64>
    %p = arith.constant 10007 : i64
    %m0 = arith.remui %u0, %p : i64
    %e0 = arith.trunci %m0 : i64 to i32
    %m1 = arith.remui %u1, %p : i64
    %e1 = arith.trunci %m1 : i64 to i32
    %m2 = arith.remui %u2, %p : i64
    %e2 = arith.trunci %m2 : i64 to i32
    %m3 = arith.remui %u3, %p : i64
    %e3 = arith.trunci %m3 : i64 to i32
    %m4 = arith.remui %u4, %p : i64
    %e4 = arith.trunci %m4 : i64 to i32
    %m5 = arith.remui %u5, %p : i64
    %e5 = arith.trunci %m5 : i64 to i32
    %m6 = arith.remui %u6, %p : i64
    %e6 = arith.trunci %m6 : i64 to i32
    %m7 = arith.remui %u7, %p : i64
    %e7 = arith.trunci %m7 : i64 to i32
    %m8 = arith.remui %u8, %p : i64
    %e8 = arith.trunci %m8 : i64 to i32
    %m9 = arith.remui %u9, %p : i64
    %e9 = arith.trunci %m9 : i64 to i32
    %m10 = arith.remui %u10, %p : i64
    %e10 = arith.trunci %m10 : i64 to i32
    %m11 = arith.remui %u11, %p : i64
    %e11 = arith.trunci %m11 : i64 to i32
    %m12 = arith.remui %u12, %p : i64
    %e12 = arith.trunci %m12 : i64 to i32
    %m13 = arith.remui %u13, %p : i64
    %e13 = arith.trunci %m13 : i64 to i32
    %m14 = arith.remui %u14, %p : i64
    %e14 = arith.trunci %m14 : i64 to i32
    %m15 = arith.remui %u15, %p : i64
    %e15 = arith.trunci %m15 : i64 to i32
    %m16 = arith.remui %u16, %p : i64
    %e16 = arith.trunci %m16 : i64 to i32
    %m17 = arith.remui %u17, %p : i64
    %e17 = arith.trunci %m17 : i64 to i32
    %m18 = arith.remui %u18, %p : i64
    %e18 = arith.trunci %m18 : i64 to i32
    %m19 = arith.remui %u19, %p : i64
    %e19 = arith.trunci %m19 : i64 to i32
    %m20 = arith.remui %u20, %p : i64
    %e20 = arith.trunci %m20 : i64 to i32
    %m21 = arith.remui %u21, %p : i64
    %e21 = arith.trunci %m21 : i64 to i32
    %m22 = arith.remui %u22, %p : i64
    %e22 = arith.trunci %m22 : i64 to i32
    %m23 = arith.remui %u23, %p : i64
    %e23 = arith.trunci %m23 : i64 to i32
    %m24 = arith.remui %u24, %p : i64
    %e24 = arith.trunci %m24 : i64 to i32
    seg.yield %e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8, %e9, %e10, %e11,
          %e12, %e13, %e14, %e15, %e16, %e17, %e18, %e19, %e20, %e21,
          %e22, %e23, %e24
        : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
      i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  } combine (%a0: i32, %a1: i32, %a2: i32, %a3: i32, %a4: i32, %a5: i32,
             %a6: i32, %a7: i32, %a8: i32, %a9: i32, %a10: i32, %a11: i32,
             %a12: i32, %a13: i32, %a14: i32, %a15: i32, %a16: i32,
             %a17: i32, %a18: i32, %a19: i32, %a20: i32, %a21: i32,
             %a22: i32, %a23: i32, %a24: i32, %b0: i32, %b1: i32, %b2: i32,
             %b3: i32, %b4: i32, %b5: i32, %b6: i32, %b7: i32, %b8: i32,
             %b9: i32, %b10: i32, %b11: i32, %b12: i32, %b13: i32, %b14: i32,
             %b15: i32, %b16: i32, %b17: i32, %b18: i32, %b19: i32,
             %b20: i32, %b21: i32, %b22: i32, %b23: i32, %b24: i32)
      neutral(%one, %zero, %zero, %zero, %zero, %zero, %one, %zero, %zero,
              %zero, %zero, %zero, %one, %zero, %zero, %zero, %zero, %zero,
              %one, %zero, %zero, %zero, %zero, %zero, %one
              : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
                i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
                i32) {
    %p = arith.constant 10007 : i32
    // Entry k = 5 r + c of the product is a(r, 0) b(0, c) + ... +
    // a(r, 4) b(4, c) mod p, where a(r, c) is %a<5 r + c>.
    %t0_0 = arith.muli %a0, %b0 : i32
    %t0_1 = arith.muli %a1, %b5 : i32
    %t0_2 = arith.muli %a2, %b10 : i32
    %t0_3 = arith.muli %a3, %b15 : i32
    %t0_4 = arith.muli %a4, %b20 : i32
    %s0_1 = arith.addi %t0_0, %t0_1 : i32
    %s0_2 = arith.addi %s0_1, %t0_2 : i32
    %s0_3 = arith.addi %s0_2, %t0_3 : i32
    %s0_4 = arith.addi %s0_3, %t0_4 : i32
    %r0 = arith.remui %s0_4, %p : i32
    %t1_0 = arith.muli %a0, %b1 : i32
    %t1_1 = arith.muli %a1, %b6 : i32
    %t1_2 = arith.muli %a2, %b11 : i32
    %t1_3 = arith.muli %a3, %b16 : i32
    %t1_4 = arith.muli %a4, %b21 : i32
    %s1_1 = arith.addi %t1_0, %t1_1 : i32
    %s1_2 = arith.addi %s1_1, %t1_2 : i32
    %s1_3 = arith.addi %s1_2, %t1_3 : i32
    %s1_4 = arith.addi %s1_3, %t1_4 : i32
    %r1 = arith.remui %s1_4, %p : i32
    %t2_0 = arith.muli %a0, %b2 : i32
    %t2_1 = arith.muli %a1, %b7 : i32
    %t2_2 = arith.muli %a2, %b12 : i32
    %t2_3 = arith.muli %a3, %b17 : i32
    %t2_4 = arith.muli %a4, %b22 : i32
    %s2_1 = arith.addi %t2_0, %t2_1 : i32
    %s2_2 = arith.addi %s2_1, %t2_2 : i32
    %s2_3 = arith.addi %s2_2, %t2_3 : i32
    %s2_4 = arith.addi %s2_3, %t2_4 : i32
    %r2 = arith.remui %s2_4, %p : i32
    %t3_0 = arith.muli %a0, %b3 : i32
    %t3_1 = arith.muli %a1, %b8 : i32
    %t3_2 = arith.muli %a2, %b13 : i32
    %t3_3 = arith.muli %a3, %b18 : i32
    %t3_4 = arith.muli %a4, %b23 : i32
    %s3_1 = arith.addi %t3_0, %t3_1 : i32
    %s3_2 = arith.addi %s3_1, %t3_2 : i32
    %s3_3 = arith.addi %s3_2, %t3_3 : i32
    %s3_4 = arith.addi %s3_3, %t3_4 : i32
    %r3 = arith.remui %s3_4, %p : i32
    %t4_0 = arith.muli %a0, %b4 : i32
    %t4_1 = arith.muli %a1, %b9 : i32
    %t4_2 = arith.muli %a2, %b14 : i32
    %t4_3 = arith.muli %a3, %b19 : i32
    %t4_4 = arith.muli %a4, %b24 : i32
    %s4_1 = arith.addi %t4_0, %t4_1 : i32
    %s4_2 = arith.addi %s4_1, %t4_2 : i32
    %s4_3 = arith.addi %s4_2, %t4_3 : i32
    %s4_4 = arith.addi %s4_3, %t4_4 : i32
    %r4 = arith.remui %s4_4, %p : i32
    %t5_0 = arith.muli %a5, %b0 : i32
    %t5_1 = arith.muli %a6, %b5 : i32
    %t5_2 = arith.muli %a7, %b10 : i32
    %t5_3 = arith.muli %a8, %b15 : i32
    %t5_4 = arith.muli %a9, %b20 : i32
    %s5_1 = arith.addi %t5_0, %t5_1 : i32
    %s5_2 = arith.addi %s5_1, %t5_2 : i32
    %s5_3 = arith.addi %s5_2, %t5_3 : i32
    %s5_4 = arith.addi %s5_3, %t5_4 : i32
    %r5 = arith.remui %s5_4, %p : i32
    %t6_0 = arith.muli %a5, %b1 : i32
    %t6_1 = arith.muli %a6, %b6 : i32
    %t6_2 = arith.muli %a7, %b11 : i32
    %t6_3 = arith.muli %a8, %b16 : i32
    %t6_4 = arith.muli %a9, %b21 : i32
    %s6_1 = arith.addi %t6_0, %t6_1 : i32
    %s6_2 = arith.addi %s6_1, %t6_2 : i32
    %s6_3 = arith.addi %s6_2, %t6_3 : i32
    %s6_4 = arith.addi %s6_3, %t6_4 : i32
    %r6 = arith.remui %s6_4, %p : i32
    %t7_0 = arith.muli %a5, %b2 : i32
    %t7_1 = arith.muli %a6, %b7 : i32
    %t7_2 = arith.muli %a7, %b12 : i32
    %t7_3 = arith.muli %a8, %b17 : i32
    %t7_4 = arith.muli %a9, %b22 : i32
    %s7_1 = arith.addi %t7_0, %t7_1 : i32
    %s7_2 = arith.addi %s7_1, %t7_2 : i32
    %s7_3 = arith.addi %s7_2, %t7_3 : i32
    %s7_4 = arith.addi %s7_3, %t7_4 : i32
    %r7 = arith.remui %s7_4, %p : i32
    %t8_0 = arith.muli %a5, %b3 : i32
    %t8_1 = arith.muli %a6, %b8 : i32
    %t8_2 = arith.muli %a7, %b13 : i32
    %t8_3 = arith.muli %a8, %b18 : i32
    %t8_4 = arith.muli %a9, %b23 : i32
    %s8_1 = arith.addi %t8_0, %t8_1 : i32
    %s8_2 = arith.addi %s8_1, %t8_2 : i32
    %s8_3 = arith.addi %s8_2, %t8_3 : i32
    %s8_4 = arith.addi %s8_3, %t8_4 : i32
    %r8 = arith.remui %s8_4, %p : i32
    %t9_0 = arith.muli %a5, %b4 : i32
    %t9_1 = arith.muli %a6, %b9 : i32
    %t9_2 = arith.muli %a7, %b14 : i32
    %t9_3 = arith.muli %a8, %b19 : i32
    %t9_4 = arith.muli %a9, %b24 : i32
    %s9_1 = arith.addi %t9_0, %t9_1 : i32
    %s9_2 = arith.addi %s9_1, %t9_2 : i32
    %s9_3 = arith.addi %s9_2, %t9_3 : i32
    %s9_4 = arith.addi %s9_3, %t9_4 : i32
    %r9 = arith.remui %s9_4, %p : i32
    %t10_0 = arith.muli %a10, %b0 : i32
    %t10_1 = arith.muli %a11, %b5 : i32
    %t10_2 = arith.muli %a12, %b10 : i32
    %t10_3 = arith.muli %a13, %b15 : i32
    %t10_4 = arith.muli %a14, %b20 : i32
    %s10_1 = arith.addi %t10_0, %t10_1 : i32
    %s10_2 = arith.addi %s10_1, %t10_2 : i32
    %s10_3 = arith.addi %s10_2, %t10_3 : i32
    %s10_4 = arith.addi %s10_3, %t10_4 : i32
    %r10 = arith.remui %s10_4, %p : i32
    %t11_0 = arith.muli %a10, %b1 : i32
    %t11_1 = arith.muli %a11, %b6 : i32
    %t11_2 = arith.muli %a12, %b11 : i32
    %t11_3 = arith.muli %a13, %b16 : i32
    %t11_4 = arith.muli %a14, %b21 : i32
    %s11_1 = arith.addi %t11_0, %t11_1 : i32
    %s11_2 = arith.addi %s11_1, %t11_2 : i32
    %s11_3 = arith.addi %s11_2, %t11_3 : i32
    %s11_4 = arith.addi %s11_3, %t11_4 : i32
    %r11 = arith.remui %s11_4, %p : i32
    %t12_0 = arith.muli %a10, %b2 : i32
    %t12_1 = arith.muli %a11, %b7 : i32
    %t12_2 = arith.muli %a12, %b12 : i32
    %t12_3 = arith.muli %a13, %b17 : i32
    %t12_4 = arith.muli %a14, %b22 : i32
    %s12_1 = arith.addi %t12_0, %t12_1 : i32
    %s12_2 = arith.addi %s12_1, %t12_2 : i32
    %s12_3 = arith.addi %s12_2, %t12_3 : i32
    %s12_4 = arith.addi %s12_3, %t12_4 : i32
    %r12 = arith.remui %s12_4, %p : i32
    %t13_0 = arith.muli %a10, %b3 : i32
    %t13_1 = arith.muli %a11, %b8 : i32
    %t13_2 = arith.muli %a12, %b13 : i32
    %t13_3 = arith.muli %a13, %b18 : i32
    %t13_4 = arith.muli %a14, %b23 : i32
    %s13_1 = arith.addi %t13_0, %t13_1 : i32
    %s13_2 = arith.addi %s13_1, %t13_2 : i32
    %s13_3 = arith.addi %s13_2, %t13_3 : i32
    %s13_4 = arith.addi %s13_3, %t13_4 : i32
    %r13 = arith.remui %s13_4, %p : i32
    %t14_0 = arith.muli %a10, %b4 : i32
    %t14_1 = arith.muli %a11, %b9 : i32
    %t14_2 = arith.muli %a12, %b14 : i32
    %t14_3 = arith.muli %a13, %b19 : i32
    %t14_4 = arith.muli %a14, %b24 : i32
    %s14_1 = arith.addi %t14_0, %t14_1 : i32
    %s14_2 = arith.addi %s14_1, %t14_2 : i32
    %s14_3 = arith.addi %s14_2, %t14_3 : i32
    %s14_4 = arith.addi %s14_3, %t14_4 : i32
    %r14 = arith.remui %s14_4, %p : i32
    %t15_0 = arith.muli %a15, %b0 : i32
    %t15_1 = arith.muli %a16, %b5 : i32
    %t15_2 = arith.muli %a17, %b10 : i32
    %t15_3 = arith.muli %a18, %b15 : i32
    %t15_4 = arith.muli %a19, %b20 : i32
    %s15_1 = arith.addi %t15_0, %t15_1 : i32
    %s15_2 = arith.addi %s15_1, %t15_2 : i32
    %s15_3 = arith.addi %s15_2, %t15_3 : i32
    %s15_4 = arith.addi %s15_3, %t15_4 : i32
    %r15 = arith.remui %s15_4, %p : i32
    %t16_0 = arith.muli %a15, %b1 : i32
    %t16_1 = arith.muli %a16, %b6 : i32
    %t16_2 = arith.muli %a17, %b11 : i32
    %t16_3 = arith.muli %a18, %b16 : i32
    %t16_4 = arith.muli %a19, %b21 : i32
    %s16_1 = arith.addi %t16_0, %t16_1 : i32
    %s16_2 = arith.addi %s16_1, %t16_2 : i32
    %s16_3 = arith.addi %s16_2, %t16_3 : i32
    %s16_4 = arith.addi %s16_3, %t16_4 : i32
    %r16 = arith.remui %s16_4, %p : i32
    %t17_0 = arith.muli %a15, %b2 : i32
    %t17_1 = arith.muli %a16, %b7 : i32
    %t17_2 = arith.muli %a17, %b12 : i32
    %t17_3 = arith.muli %a18, %b17 : i32
    %t17_4 = arith.muli %a19, %b22 : i32
    %s17_1 = arith.addi %t17_0, %t17_1 : i32
    %s17_2 = arith.addi %s17_1, %t17_2 : i32
    %s17_3 = arith.addi %s17_2, %t17_3 : i32
    %s17_4 = arith.addi %s17_3, %t17_4 : i32
    %r17 = arith.remui %s17_4, %p : i32
    %t18_0 = arith.muli %a15, %b3 : i32
    %t18_1 = arith.muli %a16, %b8 : i32
    %t18_2 = arith.muli %a17, %b13 : i32
    %t18_3 = arith.muli %a18, %b18 : i32
    %t18_4 = arith.muli %a19, %b23 : i32
    %s18_1 = arith.addi %t18_0, %t18_1 : i32
    %s18_2 = arith.addi %s18_1, %t18_2 : i32
    %s18_3 = arith.addi %s18_2, %t18_3 : i32
    %s18_4 = arith.addi %s18_3, %t18_4 : i32
    %r18 = arith.remui %s18_4, %p : i32
    %t19_0 = arith.muli %a15, %b4 : i32
    %t19_1 = arith.muli %a16, %b9 : i32
    %t19_2 = arith.muli %a17, %b14 : i32
    %t19_3 = arith.muli %a18, %b19 : i32
    %t19_4 = arith.muli %a19, %b24 : i32
    %s19_1 = arith.addi %t19_0, %t19_1 : i32
    %s19_2 = arith.addi %s19_1, %t19_2 : i32
    %s19_3 = arith.addi %s19_2, %t19_3 : i32
    %s19_4 = arith.addi %s19_3, %t19_4 : i32
    %r19 = arith.remui %s19_4, %p : i32
    %t20_0 = arith.muli %a20, %b0 : i32
    %t20_1 = arith.muli %a21, %b5 : i32
    %t20_2 = arith.muli %a22, %b10 : i32
    %t20_3 = arith.muli %a23, %b15 : i32
    %t20_4 = arith.muli %a24, %b20 : i32
    %s20_1 = arith.addi %t20_0, %t20_1 : i32
    %s20_2 = arith.addi %s20_1, %t20_2 : i32
    %s20_3 = arith.addi %s20_2, %t20_3 : i32
    %s20_4 = arith.addi %s20_3, %t20_4 : i32
    %r20 = arith.remui %s20_4, %p : i32
    %t21_0 = arith.muli %a20, %b1 : i32
    %t21_1 = arith.muli %a21, %b6 : i32
    %t21_2 = arith.muli %a22, %b11 : i32
    %t21_3 = arith.muli %a23, %b16 : i32
    %t21_4 = arith.muli %a24, %b21 : i32
    %s21_1 = arith.addi %t21_0, %t21_1 : i32
    %s21_2 = arith.addi %s21_1, %t21_2 : i32
    %s21_3 = arith.addi %s21_2, %t21_3 : i32
    %s21_4 = arith.addi %s21_3, %t21_4 : i32
    %r21 = arith.remui %s21_4, %p : i32
    %t22_0 = arith.muli %a20, %b2 : i32
    %t22_1 = arith.muli %a21, %b7 : i32
    %t22_2 = arith.muli %a22, %b12 : i32
    %t22_3 = arith.muli %a23, %b17 : i32
    %t22_4 = arith.muli %a24, %b22 : i32
    %s22_1 = arith.addi %t22_0, %t22_1 : i32
    %s22_2 = arith.addi %s22_1, %t22_2 : i32
    %s22_3 = arith.addi %s22_2, %t22_3 : i32
    %s22_4 = arith.addi %s22_3, %t22_4 : i32
    %r22 = arith.remui %s22_4, %p : i32
    %t23_0 = arith.muli %a20, %b3 : i32
    %t23_1 = arith.muli %a21, %b8 : i32
    %t23_2 = arith.muli %a22, %b13 : i32
    %t23_3 = arith.muli %a23, %b18 : i32
    %t23_4 = arith.muli %a24, %b23 : i32
    %s23_1 = arith.addi %t23_0, %t23_1 : i32
    %s23_2 = arith.addi %s23_1, %t23_2 : i32
    %s23_3 = arith.addi %s23_2, %t23_3 : i32
    %s23_4 = arith.addi %s23_3, %t23_4 : i32
    %r23 = arith.remui %s23_4, %p : i32
    %t24_0 = arith.muli %a20, %b4 : i32
    %t24_1 = arith.muli %a21, %b9 : i32
    %t24_2 = arith.muli %a22, %b14 : i32
    %t24_3 = arith.muli %a23, %b19 : i32
    %t24_4 = arith.muli %a24, %b24 : i32
    %s24_1 = arith.addi %t24_0, %t24_1 : i32
    %s24_2 = arith.addi %s24_1, %t24_2 : i32
    %s24_3 = arith.addi %s24_2, %t24_3 : i32
    %s24_4 = arith.addi %s24_3, %t24_4 : i32
    %r24 = arith.remui %s24_4, %p : i32
    seg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11,
          %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21,
          %r22, %r23, %r24
        : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
      i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  }
  vector.print str "mm5x5 "
  func.call @label_1d(%n) : (index) -> ()
  %r0 = memref.load %o0[] : memref<i32>
  %r1 = memref.load %o1[] : memref<i32>
  %r2 = memref.load %o2[] : memref<i32>
  %r3 = memref.load %o3[] : memref<i32>
  %r4 = memref.load %o4[] : memref<i32>
  %r5 = memref.load %o5[] : memref<i32>
  %r6 = memref.load %o6[] : memref<i32>
  %r7 = memref.load %o7[] : memref<i32>
  %r8 = memref.load %o8[] : memref<i32>
  %r9 = memref.load %o9[] : memref<i32>
  %r10 = memref.load %o10[] : memref<i32>
  %r11 = memref.load %o11[] : memref<i32>
  %r12 = memref.load %o12[] : memref<i32>
  %r13 = memref.load %o13[] : memref<i32>
  %r14 = memref.load %o14[] : memref<i32>
  %r15 = memref.load %o15[] : memref<i32>
  %r16 = memref.load %o16[] : memref<i32>
  %r17 = memref.load %o17[] : memref<i32>
  %r18 = memref.load %o18[] : memref<i32>
  %r19 = memref.load %o19[] : memref<i32>
  %r20 = memref.load %o20[] : memref<i32>
  %r21 = memref.load %o21[] : memref<i32>
  %r22 = memref.load %o22[] : memref<i32>
  %r23 = memref.load %o23[] : memref<i32>
  %r24 = memref.load %o24[] : memref<i32>
  %tuple = vector.from_elements %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8,
      %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20,
      %r21, %r22, %r23, %r24
      : vector<25xi32>
  vector.print %tuple : vector<25xi32>
  return
}

// mm5x5 of every row: prints the checksum of the 25 outs.
func.func @mm5x5_2d(%in0: memref<?x?xi64>, %in1: memref<?x?xi64>,
                    %in2: memref<?x?xi64>, %in3: memref<?x?xi64>,
                    %in4: memref<?x?xi64>, %in5: memref<?x?xi64>,
                    %in6: memref<?x?xi64>, %in7: memref<?x?xi64>,
                    %in8: memref<?x?xi64>, %in9: memref<?x?xi64>,
                    %in10: memref<?x?xi64>, %in11: memref<?x?xi64>,
                    %in12: memref<?x?xi64>, %in13: memref<?x?xi64>,
                    %in14: memref<?x?xi64>, %in15: memref<?x?xi64>,
                    %in16: memref<?x?xi64>, %in17: memref<?x?xi64>,
                    %in18: memref<?x?xi64>, %in19: memref<?x?xi64>,
                    %in20: memref<?x?xi64>, %in21: memref<?x?xi64>,
                    %in22: memref<?x?xi64>, %in23: memref<?x?xi64>,
                    %in24: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in0, %c0 : memref<?x?xi64>
  %cols = memref.dim %in0, %c1 : memref<?x?xi64>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %o0 = memref.alloc(%rows) : memref<?xi32>
  %o1 = memref.alloc(%rows) : memref<?xi32>
  %o2 = memref.alloc(%rows) : memref<?xi32>
  %o3 = memref.alloc(%rows) : memref<?xi32>
  %o4 = memref.alloc(%rows) : memref<?xi32>
  %o5 = memref.alloc(%rows) : memref<?xi32>
  %o6 = memref.alloc(%rows) : memref<?xi32>
  %o7 = memref.alloc(%rows) : memref<?xi32>
  %o8 = memref.alloc(%rows) : memref<?xi32>
  %o9 = memref.alloc(%rows) : memref<?xi32>
  %o10 = memref.alloc(%rows) : memref<?xi32>
  %o11 = memref.alloc(%rows) : memref<?xi32>
  %o12 = memref.alloc(%rows) : memref<?xi32>
  %o13 = memref.alloc(%rows) : memref<?xi32>
  %o14 = memref.alloc(%rows) : memref<?xi32>
  %o15 = memref.alloc(%rows) : memref<?xi32>
  %o16 = memref.alloc(%rows) : memref<?xi32>
  %o17 = memref.alloc(%rows) : memref<?xi32>
  %o18 = memref.alloc(%rows) : memref<?xi32>
  %o19 = memref.alloc(%rows) : memref<?xi32>
  %o20 = memref.alloc(%rows) : memref<?xi32>
  %o21 = memref.alloc(%rows) : memref<?xi32>
  %o22 = memref.alloc(%rows) : memref<?xi32>
  %o23 = memref.alloc(%rows) : memref<?xi32>
  %o24 = memref.alloc(%rows) : memref<?xi32>
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1, %o2, %o3, %o4, %o5, %o6, %o7, %o8, %o9, %o10, %o11,
           %o12, %o13, %o14, %o15, %o16, %o17, %o18, %o19, %o20, %o21, %o22,
           %o23, %o24
           : memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>) {
    %u0 = memref.load %in0[%s, %i] : memref<?x?xi64>
    %u1 = memref.load %in1[%s, %i] : memref<?x?xi64>
    %u2 = memref.load %in2[%s, %i] : memref<?x?xi64>
    %u3 = memref.load %in3[%s, %i] : memref<?x?xi64>
    %u4 = memref.load %in4[%s, %i] : memref<?x?xi64>
    %u5 = memref.load %in5[%s, %i] : memref<?x?xi64>
    %u6 = memref.load %in6[%s, %i] : memref<?x?xi64>
    %u7 = memref.load %in7[%s, %i] : memref<?x?xi64>
    %u8 = memref.load %in8[%s, %i] : memref<?x?xi64>
    %u9 = memref.load %in9[%s, %i] : memref<?x?xi64>
    %u10 = memref.load %in10[%s, %i] : memref<?x?xi64>
    %u11 = memref.load %in11[%s, %i] : memref<?x?xi64>
    %u12 = memref.load %in12[%s, %i] : memref<?x?xi64>
    %u13 = memref.load %in13[%s, %i] : memref<?x?xi64>
    %u14 = memref.load %in14[%s, %i] : memref<?x?xi64>
    %u15 = memref.load %in15[%s, %i] : memref<?x?xi64>
    %u16 = memref.load %in16[%s, %i] : memref<?x?xi64>
    %u17 = memref.load %in17[%s, %i] : memref<?x?xi64>
    %u18 = memref.load %in18[%s, %i] : memref<?x?xi64>
    %u19 = memref.load %in19[%s, %i] : memref<?x?xi64>
    %u20 = memref.load %in20[%s, %i] : memref<?x?xi64>
    %u21 = memref.load %in21[%s, %i] : memref<?x?xi64>
    %u22 = memref.load %in22[%s, %i] : memref<?x?xi64>
    %u23 = memref.load %in23[%s, %i] : memref<?x?xi64>
    %u24 = memref.load %in24[%s, %i] : memref<?x?xi64>
    %p = arith.constant 10007 : i64
    %m0 = arith.remui %u0, %p : i64
    %e0 = arith.trunci %m0 : i64 to i32
    %m1 = arith.remui %u1, %p : i64
    %e1 = arith.trunci %m1 : i64 to i32
    %m2 = arith.remui %u2, %p : i64
    %e2 = arith.trunci %m2 : i64 to i32
    %m3 = arith.remui %u3, %p : i64
    %e3 = arith.trunci %m3 : i64 to i32
    %m4 = arith.remui %u4, %p : i64
    %e4 = arith.trunci %m4 : i64 to i32
    %m5 = arith.remui %u5, %p : i64
    %e5 = arith.trunci %m5 : i64 to i32
    %m6 = arith.remui %u6, %p : i64
    %e6 = arith.trunci %m6 : i64 to i32
    %m7 = arith.remui %u7, %p : i64
    %e7 = arith.trunci %m7 : i64 to i32
    %m8 = arith.remui %u8, %p : i64
    %e8 = arith.trunci %m8 : i64 to i32
    %m9 = arith.remui %u9, %p : i64
    %e9 = arith.trunci %m9 : i64 to i32
    %m10 = arith.remui %u10, %p : i64
    %e10 = arith.trunci %m10 : i64 to i32
    %m11 = arith.remui %u11, %p : i64
    %e11 = arith.trunci %m11 : i64 to i32
    %m12 = arith.remui %u12, %p : i64
    %e12 = arith.trunci %m12 : i64 to i32
    %m13 = arith.remui %u13, %p : i64
    %e13 = arith.trunci %m13 : i64 to i32
    %m14 = arith.remui %u14, %p : i64
    %e14 = arith.trunci %m14 : i64 to i32
    %m15 = arith.remui %u15, %p : i64
    %e15 = arith.trunci %m15 : i64 to i32
    %m16 = arith.remui %u16, %p : i64
    %e16 = arith.trunci %m16 : i64 to i32
    %m17 = arith.remui %u17, %p : i64
    %e17 = arith.trunci %m17 : i64 to i32
    %m18 = arith.remui %u18, %p : i64
    %e18 = arith.trunci %m18 : i64 to i32
    %m19 = arith.remui %u19, %p : i64
    %e19 = arith.trunci %m19 : i64 to i32
    %m20 = arith.remui %u20, %p : i64
    %e20 = arith.trunci %m20 : i64 to i32
    %m21 = arith.remui %u21, %p : i64
    %e21 = arith.trunci %m21 : i64 to i32
    %m22 = arith.remui %u22, %p : i64
    %e22 = arith.trunci %m22 : i64 to i32
    %m23 = arith.remui %u23, %p : i64
    %e23 = arith.trunci %m23 : i64 to i32
    %m24 = arith.remui %u24, %p : i64
    %e24 = arith.trunci %m24 : i64 to i32
    seg.yield %e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8, %e9, %e10, %e11,
          %e12, %e13, %e14, %e15, %e16, %e17, %e18, %e19, %e20, %e21,
          %e22, %e23, %e24
        : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
      i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  } combine (%a0: i32, %a1: i32, %a2: i32, %a3: i32, %a4: i32, %a5: i32,
             %a6: i32, %a7: i32, %a8: i32, %a9: i32, %a10: i32, %a11: i32,
             %a12: i32, %a13: i32, %a14: i32, %a15: i32, %a16: i32,
             %a17: i32, %a18: i32, %a19: i32, %a20: i32, %a21: i32,
             %a22: i32, %a23: i32, %a24: i32, %b0: i32, %b1: i32, %b2: i32,
             %b3: i32, %b4: i32, %b5: i32, %b6: i32, %b7: i32, %b8: i32,
             %b9: i32, %b10: i32, %b11: i32, %b12: i32, %b13: i32, %b14: i32,
             %b15: i32, %b16: i32, %b17: i32, %b18: i32, %b19: i32,
             %b20: i32, %b21: i32, %b22: i32, %b23: i32, %b24: i32)
      neutral(%one, %zero, %zero, %zero, %zero, %zero, %one, %zero, %zero,
              %zero, %zero, %zero, %one, %zero, %zero, %zero, %zero, %zero,
              %one, %zero, %zero, %zero, %zero, %zero, %one
              : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
                i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
                i32) {
    %p = arith.constant 10007 : i32
    // Entry k = 5 r + c of the product is a(r, 0) b(0, c) + ... +
    // a(r, 4) b(4, c) mod p, where a(r, c) is %a<5 r + c>.
    %t0_0 = arith.muli %a0, %b0 : i32
    %t0_1 = arith.muli %a1, %b5 : i32
    %t0_2 = arith.muli %a2, %b10 : i32
    %t0_3 = arith.muli %a3, %b15 : i32
    %t0_4 = arith.muli %a4, %b20 : i32
    %s0_1 = arith.addi %t0_0, %t0_1 : i32
    %s0_2 = arith.addi %s0_1, %t0_2 : i32
    %s0_3 = arith.addi %s0_2, %t0_3 : i32
    %s0_4 = arith.addi %s0_3, %t0_4 : i32
    %r0 = arith.remui %s0_4, %p : i32
    %t1_0 = arith.muli %a0, %b1 : i32
    %t1_1 = arith.muli %a1, %b6 : i32
    %t1_2 = arith.muli %a2, %b11 : i32
    %t1_3 = arith.muli %a3, %b16 : i32
    %t1_4 = arith.muli %a4, %b21 : i32
    %s1_1 = arith.addi %t1_0, %t1_1 : i32
    %s1_2 = arith.addi %s1_1, %t1_2 : i32
    %s1_3 = arith.addi %s1_2, %t1_3 : i32
    %s1_4 = arith.addi %s1_3, %t1_4 : i32
    %r1 = arith.remui %s1_4, %p : i32
    %t2_0 = arith.muli %a0, %b2 : i32
    %t2_1 = arith.muli %a1, %b7 : i32
    %t2_2 = arith.muli %a2, %b12 : i32
    %t2_3 = arith.muli %a3, %b17 : i32
    %t2_4 = arith.muli %a4, %b22 : i32
    %s2_1 = arith.addi %t2_0, %t2_1 : i32
    %s2_2 = arith.addi %s2_1, %t2_2 : i32
    %s2_3 = arith.addi %s2_2, %t2_3 : i32
    %s2_4 = arith.addi %s2_3, %t2_4 : i32
    %r2 = arith.remui %s2_4, %p : i32
    %t3_0 = arith.muli %a0, %b3 : i32
    %t3_1 = arith.muli %a1, %b8 : i32
    %t3_2 = arith.muli %a2, %b13 : i32
    %t3_3 = arith.muli %a3, %b18 : i32
    %t3_4 = arith.muli %a4, %b23 : i32
    %s3_1 = arith.addi %t3_0, %t3_1 : i32
    %s3_2 = arith.addi %s3_1, %t3_2 : i32
    %s3_3 = arith.addi %s3_2, %t3_3 : i32
    %s3_4 = arith.addi %s3_3, %t3_4 : i32
    %r3 = arith.remui %s3_4, %p : i32
    %t4_0 = arith.muli %a0, %b4 : i32
    %t4_1 = arith.muli %a1, %b9 : i32
    %t4_2 = arith.muli %a2, %b14 : i32
    %t4_3 = arith.muli %a3, %b19 : i32
    %t4_4 = arith.muli %a4, %b24 : i32
    %s4_1 = arith.addi %t4_0, %t4_1 : i32
    %s4_2 = arith.addi %s4_1, %t4_2 : i32
    %s4_3 = arith.addi %s4_2, %t4_3 : i32
    %s4_4 = arith.addi %s4_3, %t4_4 : i32
    %r4 = arith.remui %s4_4, %p : i32
    %t5_0 = arith.muli %a5, %b0 : i32
    %t5_1 = arith.muli %a6, %b5 : i32
    %t5_2 = arith.muli %a7, %b10 : i32
    %t5_3 = arith.muli %a8, %b15 : i32
    %t5_4 = arith.muli %a9, %b20 : i32
    %s5_1 = arith.addi %t5_0, %t5_1 : i32
    %s5_2 = arith.addi %s5_1, %t5_2 : i32
    %s5_3 = arith.addi %s5_2, %t5_3 : i32
    %s5_4 = arith.addi %s5_3, %t5_4 : i32
    %r5 = arith.remui %s5_4, %p : i32
    %t6_0 = arith.muli %a5, %b1 : i32
    %t6_1 = arith.muli %a6, %b6 : i32
    %t6_2 = arith.muli %a7, %b11 : i32
    %t6_3 = arith.muli %a8, %b16 : i32
    %t6_4 = arith.muli %a9, %b21 : i32
    %s6_1 = arith.addi %t6_0, %t6_1 : i32
    %s6_2 = arith.addi %s6_1, %t6_2 : i32
    %s6_3 = arith.addi %s6_2, %t6_3 : i32
    %s6_4 = arith.addi %s6_3, %t6_4 : i32
    %r6 = arith.remui %s6_4, %p : i32
    %t7_0 = arith.muli %a5, %b2 : i32
    %t7_1 = arith.muli %a6, %b7 : i32
    %t7_2 = arith.muli %a7, %b12 : i32
    %t7_3 = arith.muli %a8, %b17 : i32
    %t7_4 = arith.muli %a9, %b22 : i32
    %s7_1 = arith.addi %t7_0, %t7_1 : i32
    %s7_2 = arith.addi %s7_1, %t7_2 : i32
    %s7_3 = arith.addi %s7_2, %t7_3 : i32
    %s7_4 = arith.addi %s7_3, %t7_4 : i32
    %r7 = arith.remui %s7_4, %p : i32
    %t8_0 = arith.muli %a5, %b3 : i32
    %t8_1 = arith.muli %a6, %b8 : i32
    %t8_2 = arith.muli %a7, %b13 : i32
    %t8_3 = arith.muli %a8, %b18 : i32
    %t8_4 = arith.muli %a9, %b23 : i32
    %s8_1 = arith.addi %t8_0, %t8_1 : i32
    %s8_2 = arith.addi %s8_1, %t8_2 : i32
    %s8_3 = arith.addi %s8_2, %t8_3 : i32
    %s8_4 = arith.addi %s8_3, %t8_4 : i32
    %r8 = arith.remui %s8_4, %p : i32
    %t9_0 = arith.muli %a5, %b4 : i32
    %t9_1 = arith.muli %a6, %b9 : i32
    %t9_2 = arith.muli %a7, %b14 : i32
    %t9_3 = arith.muli %a8, %b19 : i32
    %t9_4 = arith.muli %a9, %b24 : i32
    %s9_1 = arith.addi %t9_0, %t9_1 : i32
    %s9_2 = arith.addi %s9_1, %t9_2 : i32
    %s9_3 = arith.addi %s9_2, %t9_3 : i32
    %s9_4 = arith.addi %s9_3, %t9_4 : i32
    %r9 = arith.remui %s9_4, %p : i32
    %t10_0 = arith.muli %a10, %b0 : i32
    %t10_1 = arith.muli %a11, %b5 : i32
    %t10_2 = arith.muli %a12, %b10 : i32
    %t10_3 = arith.muli %a13, %b15 : i32
    %t10_4 = arith.muli %a14, %b20 : i32
    %s10_1 = arith.addi %t10_0, %t10_1 : i32
    %s10_2 = arith.addi %s10_1, %t10_2 : i32
    %s10_3 = arith.addi %s10_2, %t10_3 : i32
    %s10_4 = arith.addi %s10_3, %t10_4 : i32
    %r10 = arith.remui %s10_4, %p : i32
    %t11_0 = arith.muli %a10, %b1 : i32
    %t11_1 = arith.muli %a11, %b6 : i32
    %t11_2 = arith.muli %a12, %b11 : i32
    %t11_3 = arith.muli %a13, %b16 : i32
    %t11_4 = arith.muli %a14, %b21 : i32
    %s11_1 = arith.addi %t11_0, %t11_1 : i32
    %s11_2 = arith.addi %s11_1, %t11_2 : i32
    %s11_3 = arith.addi %s11_2, %t11_3 : i32
    %s11_4 = arith.addi %s11_3, %t11_4 : i32
    %r11 = arith.remui %s11_4, %p : i32
    %t12_0 = arith.muli %a10, %b2 : i32
    %t12_1 = arith.muli %a11, %b7 : i32
    %t12_2 = arith.muli %a12, %b12 : i32
    %t12_3 = arith.muli %a13, %b17 : i32
    %t12_4 = arith.muli %a14, %b22 : i32
    %s12_1 = arith.addi %t12_0, %t12_1 : i32
    %s12_2 = arith.addi %s12_1, %t12_2 : i32
    %s12_3 = arith.addi %s12_2, %t12_3 : i32
    %s12_4 = arith.addi %s12_3, %t12_4 : i32
    %r12 = arith.remui %s12_4, %p : i32
    %t13_0 = arith.muli %a10, %b3 : i32
    %t13_1 = arith.muli %a11, %b8 : i32
    %t13_2 = arith.muli %a12, %b13 : i32
    %t13_3 = arith.muli %a13, %b18 : i32
    %t13_4 = arith.muli %a14, %b23 : i32
    %s13_1 = arith.addi %t13_0, %t13_1 : i32
    %s13_2 = arith.addi %s13_1, %t13_2 : i32
    %s13_3 = arith.addi %s13_2, %t13_3 : i32
    %s13_4 = arith.addi %s13_3, %t13_4 : i32
    %r13 = arith.remui %s13_4, %p : i32
    %t14_0 = arith.muli %a10, %b4 : i32
    %t14_1 = arith.muli %a11, %b9 : i32
    %t14_2 = arith.muli %a12, %b14 : i32
    %t14_3 = arith.muli %a13, %b19 : i32
    %t14_4 = arith.muli %a14, %b24 : i32
    %s14_1 = arith.addi %t14_0, %t14_1 : i32
    %s14_2 = arith.addi %s14_1, %t14_2 : i32
    %s14_3 = arith.addi %s14_2, %t14_3 : i32
    %s14_4 = arith.addi %s14_3, %t14_4 : i32
    %r14 = arith.remui %s14_4, %p : i32
    %t15_0 = arith.muli %a15, %b0 : i32
    %t15_1 = arith.muli %a16, %b5 : i32
    %t15_2 = arith.muli %a17, %b10 : i32
    %t15_3 = arith.muli %a18, %b15 : i32
    %t15_4 = arith.muli %a19, %b20 : i32
    %s15_1 = arith.addi %t15_0, %t15_1 : i32
    %s15_2 = arith.addi %s15_1, %t15_2 : i32
    %s15_3 = arith.addi %s15_2, %t15_3 : i32
    %s15_4 = arith.addi %s15_3, %t15_4 : i32
    %r15 = arith.remui %s15_4, %p : i32
    %t16_0 = arith.muli %a15, %b1 : i32
    %t16_1 = arith.muli %a16, %b6 : i32
    %t16_2 = arith.muli %a17, %b11 : i32
    %t16_3 = arith.muli %a18, %b16 : i32
    %t16_4 = arith.muli %a19, %b21 : i32
    %s16_1 = arith.addi %t16_0, %t16_1 : i32
    %s16_2 = arith.addi %s16_1, %t16_2 : i32
    %s16_3 = arith.addi %s16_2, %t16_3 : i32
    %s16_4 = arith.addi %s16_3, %t16_4 : i32
    %r16 = arith.remui %s16_4, %p : i32
    %t17_0 = arith.muli %a15, %b2 : i32
    %t17_1 = arith.muli %a16, %b7 : i32
    %t17_2 = arith.muli %a17, %b12 : i32
    %t17_3 = arith.muli %a18, %b17 : i32
    %t17_4 = arith.muli %a19, %b22 : i32
    %s17_1 = arith.addi %t17_0, %t17_1 : i32
    %s17_2 = arith.addi %s17_1, %t17_2 : i32
    %s17_3 = arith.addi %s17_2, %t17_3 : i32
    %s17_4 = arith.addi %s17_3, %t17_4 : i32
    %r17 = arith.remui %s17_4, %p : i32
    %t18_0 = arith.muli %a15, %b3 : i32
    %t18_1 = arith.muli %a16, %b8 : i32
    %t18_2 = arith.muli %a17, %b13 : i32
    %t18_3 = arith.muli %a18, %b18 : i32
    %t18_4 = arith.muli %a19, %b23 : i32
    %s18_1 = arith.addi %t18_0, %t18_1 : i32
    %s18_2 = arith.addi %s18_1, %t18_2 : i32
    %s18_3 = arith.addi %s18_2, %t18_3 : i32
    %s18_4 = arith.addi %s18_3, %t18_4 : i32
    %r18 = arith.remui %s18_4, %p : i32
    %t19_0 = arith.muli %a15, %b4 : i32
    %t19_1 = arith.muli %a16, %b9 : i32
    %t19_2 = arith.muli %a17, %b14 : i32
    %t19_3 = arith.muli %a18, %b19 : i32
    %t19_4 = arith.muli %a19, %b24 : i32
    %s19_1 = arith.addi %t19_0, %t19_1 : i32
    %s19_2 = arith.addi %s19_1, %t19_2 : i32
    %s19_3 = arith.addi %s19_2, %t19_3 : i32
    %s19_4 = arith.addi %s19_3, %t19_4 : i32
    %r19 = arith.remui %s19_4, %p : i32
    %t20_0 = arith.muli %a20, %b0 : i32
    %t20_1 = arith.muli %a21, %b5 : i32
    %t20_2 = arith.muli %a22, %b10 : i32
    %t20_3 = arith.muli %a23, %b15 : i32
    %t20_4 = arith.muli %a24, %b20 : i32
    %s20_1 = arith.addi %t20_0, %t20_1 : i32
    %s20_2 = arith.addi %s20_1, %t20_2 : i32
    %s20_3 = arith.addi %s20_2, %t20_3 : i32
    %s20_4 = arith.addi %s20_3, %t20_4 : i32
    %r20 = arith.remui %s20_4, %p : i32
    %t21_0 = arith.muli %a20, %b1 : i32
    %t21_1 = arith.muli %a21, %b6 : i32
    %t21_2 = arith.muli %a22, %b11 : i32
    %t21_3 = arith.muli %a23, %b16 : i32
    %t21_4 = arith.muli %a24, %b21 : i32
    %s21_1 = arith.addi %t21_0, %t21_1 : i32
    %s21_2 = arith.addi %s21_1, %t21_2 : i32
    %s21_3 = arith.addi %s21_2, %t21_3 : i32
    %s21_4 = arith.addi %s21_3, %t21_4 : i32
    %r21 = arith.remui %s21_4, %p : i32
    %t22_0 = arith.muli %a20, %b2 : i32
    %t22_1 = arith.muli %a21, %b7 : i32
    %t22_2 = arith.muli %a22, %b12 : i32
    %t22_3 = arith.muli %a23, %b17 : i32
    %t22_4 = arith.muli %a24, %b22 : i32
    %s22_1 = arith.addi %t22_0, %t22_1 : i32
    %s22_2 = arith.addi %s22_1, %t22_2 : i32
    %s22_3 = arith.addi %s22_2, %t22_3 : i32
    %s22_4 = arith.addi %s22_3, %t22_4 : i32
    %r22 = arith.remui %s22_4, %p : i32
    %t23_0 = arith.muli %a20, %b3 : i32
    %t23_1 = arith.muli %a21, %b8 : i32
    %t23_2 = arith.muli %a22, %b13 : i32
    %t23_3 = arith.muli %a23, %b18 : i32
    %t23_4 = arith.muli %a24, %b23 : i32
    %s23_1 = arith.addi %t23_0, %t23_1 : i32
    %s23_2 = arith.addi %s23_1, %t23_2 : i32
    %s23_3 = arith.addi %s23_2, %t23_3 : i32
    %s23_4 = arith.addi %s23_3, %t23_4 : i32
    %r23 = arith.remui %s23_4, %p : i32
    %t24_0 = arith.muli %a20, %b4 : i32
    %t24_1 = arith.muli %a21, %b9 : i32
    %t24_2 = arith.muli %a22, %b14 : i32
    %t24_3 = arith.muli %a23, %b19 : i32
    %t24_4 = arith.muli %a24, %b24 : i32
    %s24_1 = arith.addi %t24_0, %t24_1 : i32
    %s24_2 = arith.addi %s24_1, %t24_2 : i32
    %s24_3 = arith.addi %s24_2, %t24_3 : i32
    %s24_4 = arith.addi %s24_3, %t24_4 : i32
    %r24 = arith.remui %s24_4, %p : i32
    seg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11,
          %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21,
          %r22, %r23, %r24
        : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
      i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  }
  vector.print str "mm5x5 "
  func.call @label_2d(%rows, %cols) : (index, index) -> ()
  %cs0 = func.call @cs_i32(%o0) : (memref<?xi32>) -> i64
  %cs1 = func.call @cs_i32(%o1) : (memref<?xi32>) -> i64
  %cs2 = func.call @cs_i32(%o2) : (memref<?xi32>) -> i64
  %cs3 = func.call @cs_i32(%o3) : (memref<?xi32>) -> i64
  %cs4 = func.call @cs_i32(%o4) : (memref<?xi32>) -> i64
  %cs5 = func.call @cs_i32(%o5) : (memref<?xi32>) -> i64
  %cs6 = func.call @cs_i32(%o6) : (memref<?xi32>) -> i64
  %cs7 = func.call @cs_i32(%o7) : (memref<?xi32>) -> i64
  %cs8 = func.call @cs_i32(%o8) : (memref<?xi32>) -> i64
  %cs9 = func.call @cs_i32(%o9) : (memref<?xi32>) -> i64
  %cs10 = func.call @cs_i32(%o10) : (memref<?xi32>) -> i64
  %cs11 = func.call @cs_i32(%o11) : (memref<?xi32>) -> i64
  %cs12 = func.call @cs_i32(%o12) : (memref<?xi32>) -> i64
  %cs13 = func.call @cs_i32(%o13) : (memref<?xi32>) -> i64
  %cs14 = func.call @cs_i32(%o14) : (memref<?xi32>) -> i64
  %cs15 = func.call @cs_i32(%o15) : (memref<?xi32>) -> i64
  %cs16 = func.call @cs_i32(%o16) : (memref<?xi32>) -> i64
  %cs17 = func.call @cs_i32(%o17) : (memref<?xi32>) -> i64
  %cs18 = func.call @cs_i32(%o18) : (memref<?xi32>) -> i64
  %cs19 = func.call @cs_i32(%o19) : (memref<?xi32>) -> i64
  %cs20 = func.call @cs_i32(%o20) : (memref<?xi32>) -> i64
  %cs21 = func.call @cs_i32(%o21) : (memref<?xi32>) -> i64
  %cs22 = func.call @cs_i32(%o22) : (memref<?xi32>) -> i64
  %cs23 = func.call @cs_i32(%o23) : (memref<?xi32>) -> i64
  %cs24 = func.call @cs_i32(%o24) : (memref<?xi32>) -> i64
  %w1 = arith.constant 2 : i64
  %ws1 = arith.muli %cs1, %w1 : i64
  %sum1 = arith.addi %cs0, %ws1 : i64
  %w2 = arith.constant 3 : i64
  %ws2 = arith.muli %cs2, %w2 : i64
  %sum2 = arith.addi %sum1, %ws2 : i64
  %w3 = arith.constant 4 : i64
  %ws3 = arith.muli %cs3, %w3 : i64
  %sum3 = arith.addi %sum2, %ws3 : i64
  %w4 = arith.constant 5 : i64
  %ws4 = arith.muli %cs4, %w4 : i64
  %sum4 = arith.addi %sum3, %ws4 : i64
  %w5 = arith.constant 6 : i64
  %ws5 = arith.muli %cs5, %w5 : i64
  %sum5 = arith.addi %sum4, %ws5 : i64
  %w6 = arith.constant 7 : i64
  %ws6 = arith.muli %cs6, %w6 : i64
  %sum6 = arith.addi %sum5, %ws6 : i64
  %w7 = arith.constant 8 : i64
  %ws7 = arith.muli %cs7, %w7 : i64
  %sum7 = arith.addi %sum6, %ws7 : i64
  %w8 = arith.constant 9 : i64
  %ws8 = arith.muli %cs8, %w8 : i64
  %sum8 = arith.addi %sum7, %ws8 : i64
  %w9 = arith.constant 10 : i64
  %ws9 = arith.muli %cs9, %w9 : i64
  %sum9 = arith.addi %sum8, %ws9 : i64
  %w10 = arith.constant 11 : i64
  %ws10 = arith.muli %cs10, %w10 : i64
  %sum10 = arith.addi %sum9, %ws10 : i64
  %w11 = arith.constant 12 : i64
  %ws11 = arith.muli %cs11, %w11 : i64
  %sum11 = arith.addi %sum10, %ws11 : i64
  %w12 = arith.constant 13 : i64
  %ws12 = arith.muli %cs12, %w12 : i64
  %sum12 = arith.addi %sum11, %ws12 : i64
  %w13 = arith.constant 14 : i64
  %ws13 = arith.muli %cs13, %w13 : i64
  %sum13 = arith.addi %sum12, %ws13 : i64
  %w14 = arith.constant 15 : i64
  %ws14 = arith.muli %cs14, %w14 : i64
  %sum14 = arith.addi %sum13, %ws14 : i64
  %w15 = arith.constant 16 : i64
  %ws15 = arith.muli %cs15, %w15 : i64
  %sum15 = arith.addi %sum14, %ws15 : i64
  %w16 = arith.constant 17 : i64
  %ws16 = arith.muli %cs16, %w16 : i64
  %sum16 = arith.addi %sum15, %ws16 : i64
  %w17 = arith.constant 18 : i64
  %ws17 = arith.muli %cs17, %w17 : i64
  %sum17 = arith.addi %sum16, %ws17 : i64
  %w18 = arith.constant 19 : i64
  %ws18 = arith.muli %cs18, %w18 : i64
  %sum18 = arith.addi %sum17, %ws18 : i64
  %w19 = arith.constant 20 : i64
  %ws19 = arith.muli %cs19, %w19 : i64
  %sum19 = arith.addi %sum18, %ws19 : i64
  %w20 = arith.constant 21 : i64
  %ws20 = arith.muli %cs20, %w20 : i64
  %sum20 = arith.addi %sum19, %ws20 : i64
  %w21 = arith.constant 22 : i64
  %ws21 = arith.muli %cs21, %w21 : i64
  %sum21 = arith.addi %sum20, %ws21 : i64
  %w22 = arith.constant 23 : i64
  %ws22 = arith.muli %cs22, %w22 : i64
  %sum22 = arith.addi %sum21, %ws22 : i64
  %w23 = arith.constant 24 : i64
  %ws23 = arith.muli %cs23, %w23 : i64
  %sum23 = arith.addi %sum22, %ws23 : i64
  %w24 = arith.constant 25 : i64
  %ws24 = arith.muli %cs24, %w24 : i64
  %sum24 = arith.addi %sum23, %ws24 : i64
  vector.print str "checksum = "
  vector.print %sum24 : i64
  memref.dealloc %o0 : memref<?xi32>
  memref.dealloc %o1 : memref<?xi32>
  memref.dealloc %o2 : memref<?xi32>
  memref.dealloc %o3 : memref<?xi32>
  memref.dealloc %o4 : memref<?xi32>
  memref.dealloc %o5 : memref<?xi32>
  memref.dealloc %o6 : memref<?xi32>
  memref.dealloc %o7 : memref<?xi32>
  memref.dealloc %o8 : memref<?xi32>
  memref.dealloc %o9 : memref<?xi32>
  memref.dealloc %o10 : memref<?xi32>
  memref.dealloc %o11 : memref<?xi32>
  memref.dealloc %o12 : memref<?xi32>
  memref.dealloc %o13 : memref<?xi32>
  memref.dealloc %o14 : memref<?xi32>
  memref.dealloc %o15 : memref<?xi32>
  memref.dealloc %o16 : memref<?xi32>
  memref.dealloc %o17 : memref<?xi32>
  memref.dealloc %o18 : memref<?xi32>
  memref.dealloc %o19 : memref<?xi32>
  memref.dealloc %o20 : memref<?xi32>
  memref.dealloc %o21 : memref<?xi32>
  memref.dealloc %o22 : memref<?xi32>
  memref.dealloc %o23 : memref<?xi32>
  memref.dealloc %o24 : memref<?xi32>
  return
}

// mss: the maximum segment sum tuple (mss, mis, mcs, ts) of
// x = (u >> 24) - 128 of stream 25, in i32 (mssp.fut of [Pøbl & Holst 2024]).
func.func @mss_1d(%in0: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : i32
  %o0 = memref.alloca() : memref<i32>
  %o1 = memref.alloca() : memref<i32>
  %o2 = memref.alloca() : memref<i32>
  %o3 = memref.alloca() : memref<i32>
  seg.red thread (%i) in (%n)
      outs(%o0, %o1, %o2, %o3
           : memref<i32>, memref<i32>, memref<i32>, memref<i32>) {
    %u0 = memref.load %in0[%i] : memref<?xi64>
    %k24 = arith.constant 24 : i64
    %k128 = arith.constant 128 : i32
    %top = arith.shrui %u0, %k24 : i64
    %top32 = arith.trunci %top : i64 to i32
    %x = arith.subi %top32, %k128 : i32
    %zero_ = arith.constant 0 : i32
    %pos = arith.maxsi %x, %zero_ : i32
    seg.yield %pos, %pos, %pos, %x : i32, i32, i32, i32
  } combine (%a0: i32, %a1: i32, %a2: i32, %a3: i32, %b0: i32, %b1: i32,
             %b2: i32, %b3: i32)
      neutral(%zero, %zero, %zero, %zero : i32, i32, i32, i32) {
    %across = arith.addi %a2, %b1 : i32
    %m0 = arith.maxsi %a0, %b0 : i32
    %mss = arith.maxsi %m0, %across : i32
    %i0 = arith.addi %a3, %b1 : i32
    %mis = arith.maxsi %a1, %i0 : i32
    %c0_ = arith.addi %a2, %b3 : i32
    %mcs = arith.maxsi %b2, %c0_ : i32
    %ts = arith.addi %a3, %b3 : i32
    seg.yield %mss, %mis, %mcs, %ts : i32, i32, i32, i32
  }
  vector.print str "mss "
  func.call @label_1d(%n) : (index) -> ()
  %r0 = memref.load %o0[] : memref<i32>
  %r1 = memref.load %o1[] : memref<i32>
  %r2 = memref.load %o2[] : memref<i32>
  %r3 = memref.load %o3[] : memref<i32>
  %tuple = vector.from_elements %r0, %r1, %r2, %r3
      : vector<4xi32>
  vector.print %tuple : vector<4xi32>
  return
}

// mss of every row: prints the checksum of the 4 outs.
func.func @mss_2d(%in0: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in0, %c0 : memref<?x?xi64>
  %cols = memref.dim %in0, %c1 : memref<?x?xi64>
  %zero = arith.constant 0 : i32
  %o0 = memref.alloc(%rows) : memref<?xi32>
  %o1 = memref.alloc(%rows) : memref<?xi32>
  %o2 = memref.alloc(%rows) : memref<?xi32>
  %o3 = memref.alloc(%rows) : memref<?xi32>
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1, %o2, %o3
           : memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>) {
    %u0 = memref.load %in0[%s, %i] : memref<?x?xi64>
    %k24 = arith.constant 24 : i64
    %k128 = arith.constant 128 : i32
    %top = arith.shrui %u0, %k24 : i64
    %top32 = arith.trunci %top : i64 to i32
    %x = arith.subi %top32, %k128 : i32
    %zero_ = arith.constant 0 : i32
    %pos = arith.maxsi %x, %zero_ : i32
    seg.yield %pos, %pos, %pos, %x : i32, i32, i32, i32
  } combine (%a0: i32, %a1: i32, %a2: i32, %a3: i32, %b0: i32, %b1: i32,
             %b2: i32, %b3: i32)
      neutral(%zero, %zero, %zero, %zero : i32, i32, i32, i32) {
    %across = arith.addi %a2, %b1 : i32
    %m0 = arith.maxsi %a0, %b0 : i32
    %mss = arith.maxsi %m0, %across : i32
    %i0 = arith.addi %a3, %b1 : i32
    %mis = arith.maxsi %a1, %i0 : i32
    %c0_ = arith.addi %a2, %b3 : i32
    %mcs = arith.maxsi %b2, %c0_ : i32
    %ts = arith.addi %a3, %b3 : i32
    seg.yield %mss, %mis, %mcs, %ts : i32, i32, i32, i32
  }
  vector.print str "mss "
  func.call @label_2d(%rows, %cols) : (index, index) -> ()
  %cs0 = func.call @cs_i32(%o0) : (memref<?xi32>) -> i64
  %cs1 = func.call @cs_i32(%o1) : (memref<?xi32>) -> i64
  %cs2 = func.call @cs_i32(%o2) : (memref<?xi32>) -> i64
  %cs3 = func.call @cs_i32(%o3) : (memref<?xi32>) -> i64
  %w1 = arith.constant 2 : i64
  %ws1 = arith.muli %cs1, %w1 : i64
  %sum1 = arith.addi %cs0, %ws1 : i64
  %w2 = arith.constant 3 : i64
  %ws2 = arith.muli %cs2, %w2 : i64
  %sum2 = arith.addi %sum1, %ws2 : i64
  %w3 = arith.constant 4 : i64
  %ws3 = arith.muli %cs3, %w3 : i64
  %sum3 = arith.addi %sum2, %ws3 : i64
  vector.print str "checksum = "
  vector.print %sum3 : i64
  memref.dealloc %o0 : memref<?xi32>
  memref.dealloc %o1 : memref<?xi32>
  memref.dealloc %o2 : memref<?xi32>
  memref.dealloc %o3 : memref<?xi32>
  return
}

// lss: the longest sorted (non-decreasing) streak tuple (lss, lis, lcs,
// len, first, last) of y = u >> 30 of stream 26, in [0, 4) (lssp.fut of
// [Pøbl & Holst 2024] with p1 = true, p2 = <=; the neutral element is the empty
// stretch, all zeros).
func.func @lss_1d(%in0: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : i64
  %zero32 = arith.constant 0 : i32
  %o0 = memref.alloca() : memref<i64>
  %o1 = memref.alloca() : memref<i64>
  %o2 = memref.alloca() : memref<i64>
  %o3 = memref.alloca() : memref<i64>
  %o4 = memref.alloca() : memref<i32>
  %o5 = memref.alloca() : memref<i32>
  seg.red thread (%i) in (%n)
      outs(%o0, %o1, %o2, %o3, %o4, %o5
           : memref<i64>, memref<i64>, memref<i64>, memref<i64>, memref<i32>,
             memref<i32>) {
    %u0 = memref.load %in0[%i] : memref<?xi64>
    %k30 = arith.constant 30 : i64
    %one = arith.constant 1 : i64
    %y64 = arith.shrui %u0, %k30 : i64
    %y = arith.trunci %y64 : i64 to i32
    seg.yield %one, %one, %one, %one, %y, %y
        : i64, i64, i64, i64, i32, i32
  } combine (%a0: i64, %a1: i64, %a2: i64, %a3: i64, %a4: i32, %a5: i32,
             %b0: i64, %b1: i64, %b2: i64, %b3: i64, %b4: i32, %b5: i32)
      neutral(%zero, %zero, %zero, %zero, %zero32, %zero32
              : i64, i64, i64, i64, i32, i32) {
    %zero_ = arith.constant 0 : i64
    // connect = last_a <= first_b or either stretch is empty
    %le = arith.cmpi sle, %a5, %b4 : i32
    %a_empty = arith.cmpi eq, %a3, %zero_ : i64
    %b_empty = arith.cmpi eq, %b3, %zero_ : i64
    %c0_ = arith.ori %le, %a_empty : i1
    %connect = arith.ori %c0_, %b_empty : i1
    %across = arith.addi %a2, %b1 : i64
    %across_ok = arith.select %connect, %across, %zero_ : i64
    %l0 = arith.maxsi %a0, %b0 : i64
    %lss = arith.maxsi %l0, %across_ok : i64
    %a_full = arith.cmpi eq, %a1, %a3 : i64
    %lis_ext = arith.andi %a_full, %connect : i1
    %lis_sum = arith.addi %a1, %b1 : i64
    %lis = arith.select %lis_ext, %lis_sum, %a1 : i64
    %b_full = arith.cmpi eq, %b2, %b3 : i64
    %lcs_ext = arith.andi %b_full, %connect : i1
    %lcs_sum = arith.addi %b2, %a2 : i64
    %lcs = arith.select %lcs_ext, %lcs_sum, %b2 : i64
    %len = arith.addi %a3, %b3 : i64
    %first = arith.select %a_empty, %b4, %a4 : i32
    %last = arith.select %b_empty, %a5, %b5 : i32
    seg.yield %lss, %lis, %lcs, %len, %first, %last
        : i64, i64, i64, i64, i32, i32
  }
  vector.print str "lss "
  func.call @label_1d(%n) : (index) -> ()
  %r0 = memref.load %o0[] : memref<i64>
  %r1 = memref.load %o1[] : memref<i64>
  %r2 = memref.load %o2[] : memref<i64>
  %r3 = memref.load %o3[] : memref<i64>
  %r4 = memref.load %o4[] : memref<i32>
  %r5 = memref.load %o5[] : memref<i32>
  %x4 = arith.extsi %r4 : i32 to i64
  %x5 = arith.extsi %r5 : i32 to i64
  %tuple = vector.from_elements %r0, %r1, %r2, %r3, %x4, %x5
      : vector<6xi64>
  vector.print %tuple : vector<6xi64>
  return
}

// lss of every row: prints the checksum of the 6 outs.
func.func @lss_2d(%in0: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in0, %c0 : memref<?x?xi64>
  %cols = memref.dim %in0, %c1 : memref<?x?xi64>
  %zero = arith.constant 0 : i64
  %zero32 = arith.constant 0 : i32
  %o0 = memref.alloc(%rows) : memref<?xi64>
  %o1 = memref.alloc(%rows) : memref<?xi64>
  %o2 = memref.alloc(%rows) : memref<?xi64>
  %o3 = memref.alloc(%rows) : memref<?xi64>
  %o4 = memref.alloc(%rows) : memref<?xi32>
  %o5 = memref.alloc(%rows) : memref<?xi32>
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1, %o2, %o3, %o4, %o5
           : memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
             memref<?xi32>, memref<?xi32>) {
    %u0 = memref.load %in0[%s, %i] : memref<?x?xi64>
    %k30 = arith.constant 30 : i64
    %one = arith.constant 1 : i64
    %y64 = arith.shrui %u0, %k30 : i64
    %y = arith.trunci %y64 : i64 to i32
    seg.yield %one, %one, %one, %one, %y, %y
        : i64, i64, i64, i64, i32, i32
  } combine (%a0: i64, %a1: i64, %a2: i64, %a3: i64, %a4: i32, %a5: i32,
             %b0: i64, %b1: i64, %b2: i64, %b3: i64, %b4: i32, %b5: i32)
      neutral(%zero, %zero, %zero, %zero, %zero32, %zero32
              : i64, i64, i64, i64, i32, i32) {
    %zero_ = arith.constant 0 : i64
    // connect = last_a <= first_b or either stretch is empty
    %le = arith.cmpi sle, %a5, %b4 : i32
    %a_empty = arith.cmpi eq, %a3, %zero_ : i64
    %b_empty = arith.cmpi eq, %b3, %zero_ : i64
    %c0_ = arith.ori %le, %a_empty : i1
    %connect = arith.ori %c0_, %b_empty : i1
    %across = arith.addi %a2, %b1 : i64
    %across_ok = arith.select %connect, %across, %zero_ : i64
    %l0 = arith.maxsi %a0, %b0 : i64
    %lss = arith.maxsi %l0, %across_ok : i64
    %a_full = arith.cmpi eq, %a1, %a3 : i64
    %lis_ext = arith.andi %a_full, %connect : i1
    %lis_sum = arith.addi %a1, %b1 : i64
    %lis = arith.select %lis_ext, %lis_sum, %a1 : i64
    %b_full = arith.cmpi eq, %b2, %b3 : i64
    %lcs_ext = arith.andi %b_full, %connect : i1
    %lcs_sum = arith.addi %b2, %a2 : i64
    %lcs = arith.select %lcs_ext, %lcs_sum, %b2 : i64
    %len = arith.addi %a3, %b3 : i64
    %first = arith.select %a_empty, %b4, %a4 : i32
    %last = arith.select %b_empty, %a5, %b5 : i32
    seg.yield %lss, %lis, %lcs, %len, %first, %last
        : i64, i64, i64, i64, i32, i32
  }
  vector.print str "lss "
  func.call @label_2d(%rows, %cols) : (index, index) -> ()
  %cs0 = func.call @cs_i64(%o0) : (memref<?xi64>) -> i64
  %cs1 = func.call @cs_i64(%o1) : (memref<?xi64>) -> i64
  %cs2 = func.call @cs_i64(%o2) : (memref<?xi64>) -> i64
  %cs3 = func.call @cs_i64(%o3) : (memref<?xi64>) -> i64
  %cs4 = func.call @cs_i32(%o4) : (memref<?xi32>) -> i64
  %cs5 = func.call @cs_i32(%o5) : (memref<?xi32>) -> i64
  %w1 = arith.constant 2 : i64
  %ws1 = arith.muli %cs1, %w1 : i64
  %sum1 = arith.addi %cs0, %ws1 : i64
  %w2 = arith.constant 3 : i64
  %ws2 = arith.muli %cs2, %w2 : i64
  %sum2 = arith.addi %sum1, %ws2 : i64
  %w3 = arith.constant 4 : i64
  %ws3 = arith.muli %cs3, %w3 : i64
  %sum3 = arith.addi %sum2, %ws3 : i64
  %w4 = arith.constant 5 : i64
  %ws4 = arith.muli %cs4, %w4 : i64
  %sum4 = arith.addi %sum3, %ws4 : i64
  %w5 = arith.constant 6 : i64
  %ws5 = arith.muli %cs5, %w5 : i64
  %sum5 = arith.addi %sum4, %ws5 : i64
  vector.print str "checksum = "
  vector.print %sum5 : i64
  memref.dealloc %o0 : memref<?xi64>
  memref.dealloc %o1 : memref<?xi64>
  memref.dealloc %o2 : memref<?xi64>
  memref.dealloc %o3 : memref<?xi64>
  memref.dealloc %o4 : memref<?xi32>
  memref.dealloc %o5 : memref<?xi32>
  return
}

// linfun: the composition f(n-1) . ... . f0 of the linear functions
// f_i(x) = a_i + b_i x modulo p = 1000003, a_i = stream 27 mod p and
// b_i = stream 28 mod p, as the pair (a, b) (i64; the neutral element
// is the identity (0, 1)).
func.func @linfun_1d(%in0: memref<?xi64>, %in1: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %o0 = memref.alloca() : memref<i64>
  %o1 = memref.alloca() : memref<i64>
  seg.red thread (%i) in (%n)
      outs(%o0, %o1
           : memref<i64>, memref<i64>) {
    %u0 = memref.load %in0[%i] : memref<?xi64>
    %u1 = memref.load %in1[%i] : memref<?xi64>
    %p = arith.constant 1000003 : i64
    %fa = arith.remui %u0, %p : i64
    %fb = arith.remui %u1, %p : i64
    seg.yield %fa, %fb : i64, i64
  } combine (%a0: i64, %a1: i64, %b0: i64, %b1: i64)
      neutral(%zero, %one : i64, i64) {
    // The accumulated function (a0, a1), then the next one (b0, b1):
    // x -> b0 + b1 (a0 + a1 x) = (b0 + b1 a0) + (b1 a1) x.
    %p = arith.constant 1000003 : i64
    %t = arith.muli %b1, %a0 : i64
    %v = arith.addi %b0, %t : i64
    %ra = arith.remui %v, %p : i64
    %w = arith.muli %b1, %a1 : i64
    %rb = arith.remui %w, %p : i64
    seg.yield %ra, %rb : i64, i64
  }
  vector.print str "linfun "
  func.call @label_1d(%n) : (index) -> ()
  %r0 = memref.load %o0[] : memref<i64>
  %r1 = memref.load %o1[] : memref<i64>
  %tuple = vector.from_elements %r0, %r1
      : vector<2xi64>
  vector.print %tuple : vector<2xi64>
  return
}

// linfun of every row: prints the checksum of the 2 outs.
func.func @linfun_2d(%in0: memref<?x?xi64>, %in1: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in0, %c0 : memref<?x?xi64>
  %cols = memref.dim %in0, %c1 : memref<?x?xi64>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %o0 = memref.alloc(%rows) : memref<?xi64>
  %o1 = memref.alloc(%rows) : memref<?xi64>
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1
           : memref<?xi64>, memref<?xi64>) {
    %u0 = memref.load %in0[%s, %i] : memref<?x?xi64>
    %u1 = memref.load %in1[%s, %i] : memref<?x?xi64>
    %p = arith.constant 1000003 : i64
    %fa = arith.remui %u0, %p : i64
    %fb = arith.remui %u1, %p : i64
    seg.yield %fa, %fb : i64, i64
  } combine (%a0: i64, %a1: i64, %b0: i64, %b1: i64)
      neutral(%zero, %one : i64, i64) {
    // The accumulated function (a0, a1), then the next one (b0, b1):
    // x -> b0 + b1 (a0 + a1 x) = (b0 + b1 a0) + (b1 a1) x.
    %p = arith.constant 1000003 : i64
    %t = arith.muli %b1, %a0 : i64
    %v = arith.addi %b0, %t : i64
    %ra = arith.remui %v, %p : i64
    %w = arith.muli %b1, %a1 : i64
    %rb = arith.remui %w, %p : i64
    seg.yield %ra, %rb : i64, i64
  }
  vector.print str "linfun "
  func.call @label_2d(%rows, %cols) : (index, index) -> ()
  %cs0 = func.call @cs_i64(%o0) : (memref<?xi64>) -> i64
  %cs1 = func.call @cs_i64(%o1) : (memref<?xi64>) -> i64
  %w1 = arith.constant 2 : i64
  %ws1 = arith.muli %cs1, %w1 : i64
  %sum1 = arith.addi %cs0, %ws1 : i64
  vector.print str "checksum = "
  vector.print %sum1 : i64
  memref.dealloc %o0 : memref<?xi64>
  memref.dealloc %o1 : memref<?xi64>
  return
}

// argmax: the maximum of v = u >> 22 of stream 29 (in [0, 1024), so it
// occurs about 100 times) and the index of its first occurrence, as
// (value i32, index i64). Ties go to the smaller index, so the operator
// is a maximum in a total order: commutative. Neutral: (-2^31, 2^63 - 1).
func.func @argmax_1d(%in0: memref<?xi64>, %n: index) {
  %vmin = arith.constant -2147483648 : i32
  %imax = arith.constant 9223372036854775807 : i64
  %o0 = memref.alloca() : memref<i32>
  %o1 = memref.alloca() : memref<i64>
  seg.red thread (%i) in (%n)
      outs(%o0, %o1
           : memref<i32>, memref<i64>) {
    %u0 = memref.load %in0[%i] : memref<?xi64>
    %k22 = arith.constant 22 : i64
    %v64 = arith.shrui %u0, %k22 : i64
    %v = arith.trunci %v64 : i64 to i32
    %idx = arith.index_cast %i : index to i64
    seg.yield %v, %idx : i32, i64
  } combine commutative (%a0: i32, %a1: i64, %b0: i32, %b1: i64)
      neutral(%vmin, %imax : i32, i64) {
    // Take b if its value is larger, or equal with a smaller index.
    %gt = arith.cmpi sgt, %b0, %a0 : i32
    %eq = arith.cmpi eq, %b0, %a0 : i32
    %lt = arith.cmpi slt, %b1, %a1 : i64
    %tie = arith.andi %eq, %lt : i1
    %takeb = arith.ori %gt, %tie : i1
    %rv = arith.select %takeb, %b0, %a0 : i32
    %ri = arith.select %takeb, %b1, %a1 : i64
    seg.yield %rv, %ri : i32, i64
  }
  vector.print str "argmax "
  func.call @label_1d(%n) : (index) -> ()
  %r0 = memref.load %o0[] : memref<i32>
  %r1 = memref.load %o1[] : memref<i64>
  %x0 = arith.extsi %r0 : i32 to i64
  %tuple = vector.from_elements %x0, %r1
      : vector<2xi64>
  vector.print %tuple : vector<2xi64>
  return
}

// argmax of every row (indices within the row): prints the checksum of
// the 2 outs.
func.func @argmax_2d(%in0: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in0, %c0 : memref<?x?xi64>
  %cols = memref.dim %in0, %c1 : memref<?x?xi64>
  %vmin = arith.constant -2147483648 : i32
  %imax = arith.constant 9223372036854775807 : i64
  %o0 = memref.alloc(%rows) : memref<?xi32>
  %o1 = memref.alloc(%rows) : memref<?xi64>
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1
           : memref<?xi32>, memref<?xi64>) {
    %u0 = memref.load %in0[%s, %i] : memref<?x?xi64>
    %k22 = arith.constant 22 : i64
    %v64 = arith.shrui %u0, %k22 : i64
    %v = arith.trunci %v64 : i64 to i32
    %idx = arith.index_cast %i : index to i64
    seg.yield %v, %idx : i32, i64
  } combine commutative (%a0: i32, %a1: i64, %b0: i32, %b1: i64)
      neutral(%vmin, %imax : i32, i64) {
    // Take b if its value is larger, or equal with a smaller index.
    %gt = arith.cmpi sgt, %b0, %a0 : i32
    %eq = arith.cmpi eq, %b0, %a0 : i32
    %lt = arith.cmpi slt, %b1, %a1 : i64
    %tie = arith.andi %eq, %lt : i1
    %takeb = arith.ori %gt, %tie : i1
    %rv = arith.select %takeb, %b0, %a0 : i32
    %ri = arith.select %takeb, %b1, %a1 : i64
    seg.yield %rv, %ri : i32, i64
  }
  vector.print str "argmax "
  func.call @label_2d(%rows, %cols) : (index, index) -> ()
  %cs0 = func.call @cs_i32(%o0) : (memref<?xi32>) -> i64
  %cs1 = func.call @cs_i64(%o1) : (memref<?xi64>) -> i64
  %w1 = arith.constant 2 : i64
  %ws1 = arith.muli %cs1, %w1 : i64
  %sum1 = arith.addi %cs0, %ws1 : i64
  vector.print str "checksum = "
  vector.print %sum1 : i64
  memref.dealloc %o0 : memref<?xi32>
  memref.dealloc %o1 : memref<?xi64>
  return
}

// tuple sum: the sum of 7-tuples of mixed types made from u of stream
// 30: (u mod 2 : i1, u >> 1 : i8, u >> 9 : i16, u : i32 (truncated,
// signed), u 2^8 - 2^39 : i64, (((u >> 12) mod 256) - 128) / 4 : f32,
// (((u >> 4) mod 2^20) - 2^19) / 1024 : f64), one commutative operator
// adding each component in its type (i1 addition is xor; i8, i16, i32
// wrap around, which is exact and associative). Every partial sum of the
// f32 (f64) components, in any order, is a multiple of 1/4 (1/1024)
// below 2^22 (2^26) in magnitude, so it needs at most 24 (36) significant
// bits and is exact: the result does not depend on the order of the
// additions. Prints the floats times 4 and 1024.
func.func @tuple_sum_1d(%in0: memref<?xi64>, %n: index) {
  %false = arith.constant false
  %z8 = arith.constant 0 : i8
  %z16 = arith.constant 0 : i16
  %z32 = arith.constant 0 : i32
  %z64 = arith.constant 0 : i64
  %zf32 = arith.constant 0.0 : f32
  %zf64 = arith.constant 0.0 : f64
  %o0 = memref.alloca() : memref<i1>
  %o1 = memref.alloca() : memref<i8>
  %o2 = memref.alloca() : memref<i16>
  %o3 = memref.alloca() : memref<i32>
  %o4 = memref.alloca() : memref<i64>
  %o5 = memref.alloca() : memref<f32>
  %o6 = memref.alloca() : memref<f64>
  seg.red thread (%i) in (%n)
      outs(%o0, %o1, %o2, %o3, %o4, %o5, %o6
           : memref<i1>, memref<i8>, memref<i16>, memref<i32>, memref<i64>,
             memref<f32>, memref<f64>) {
    %u0 = memref.load %in0[%i] : memref<?xi64>
    %k1 = arith.constant 1 : i64
    %k4 = arith.constant 4 : i64
    %k8 = arith.constant 8 : i64
    %k9 = arith.constant 9 : i64
    %k12 = arith.constant 12 : i64
    %k128 = arith.constant 128 : i64
    %k255 = arith.constant 255 : i64
    %k2p19 = arith.constant 524288 : i64
    %k2p20m1 = arith.constant 1048575 : i64
    %k2p39 = arith.constant 549755813888 : i64
    %quarter = arith.constant 0.25 : f32
    %k1_1024 = arith.constant 0.0009765625 : f64
    %x1 = arith.trunci %u0 : i64 to i1
    %u1 = arith.shrui %u0, %k1 : i64
    %x8 = arith.trunci %u1 : i64 to i8
    %u9 = arith.shrui %u0, %k9 : i64
    %x16 = arith.trunci %u9 : i64 to i16
    %x32 = arith.trunci %u0 : i64 to i32
    %u8 = arith.shli %u0, %k8 : i64
    %x64 = arith.subi %u8, %k2p39 : i64
    %u12 = arith.shrui %u0, %k12 : i64
    %b12 = arith.andi %u12, %k255 : i64
    %c12 = arith.subi %b12, %k128 : i64
    %f12 = arith.sitofp %c12 : i64 to f32
    %xf32 = arith.mulf %f12, %quarter : f32
    %u4 = arith.shrui %u0, %k4 : i64
    %b4 = arith.andi %u4, %k2p20m1 : i64
    %c4 = arith.subi %b4, %k2p19 : i64
    %f4 = arith.sitofp %c4 : i64 to f64
    %xf64 = arith.mulf %f4, %k1_1024 : f64
    seg.yield %x1, %x8, %x16, %x32, %x64, %xf32, %xf64
        : i1, i8, i16, i32, i64, f32, f64
  } combine commutative (%a0: i1, %a1: i8, %a2: i16, %a3: i32, %a4: i64,
                         %a5: f32, %a6: f64, %b0: i1, %b1: i8, %b2: i16,
                         %b3: i32, %b4: i64, %b5: f32, %b6: f64)
      neutral(%false, %z8, %z16, %z32, %z64, %zf32, %zf64
              : i1, i8, i16, i32, i64, f32, f64) {
    %r0 = arith.addi %a0, %b0 : i1
    %r1 = arith.addi %a1, %b1 : i8
    %r2 = arith.addi %a2, %b2 : i16
    %r3 = arith.addi %a3, %b3 : i32
    %r4 = arith.addi %a4, %b4 : i64
    %r5 = arith.addf %a5, %b5 : f32
    %r6 = arith.addf %a6, %b6 : f64
    seg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6
        : i1, i8, i16, i32, i64, f32, f64
  }
  vector.print str "tuple sum "
  func.call @label_1d(%n) : (index) -> ()
  %r0 = memref.load %o0[] : memref<i1>
  %r1 = memref.load %o1[] : memref<i8>
  %r2 = memref.load %o2[] : memref<i16>
  %r3 = memref.load %o3[] : memref<i32>
  %r4 = memref.load %o4[] : memref<i64>
  %r5 = memref.load %o5[] : memref<f32>
  %r6 = memref.load %o6[] : memref<f64>
  %four = arith.constant 4.0 : f32
  %r5x4 = arith.mulf %r5, %four : f32
  %r5i = arith.fptosi %r5x4 : f32 to i64
  %k1024 = arith.constant 1024.0 : f64
  %r6x1024 = arith.mulf %r6, %k1024 : f64
  %r6i = arith.fptosi %r6x1024 : f64 to i64
  vector.print str "i1 = "
  vector.print %r0 : i1 punctuation <no_punctuation>
  vector.print str ", i8 = "
  vector.print %r1 : i8 punctuation <no_punctuation>
  vector.print str ", i16 = "
  vector.print %r2 : i16 punctuation <no_punctuation>
  vector.print str ", i32 = "
  vector.print %r3 : i32 punctuation <no_punctuation>
  vector.print str ", i64 = "
  vector.print %r4 : i64 punctuation <no_punctuation>
  vector.print str ", f32 x 4 = "
  vector.print %r5i : i64 punctuation <no_punctuation>
  vector.print str ", f64 x 1024 = "
  vector.print %r6i : i64
  return
}

// tuple sum of every row: prints the checksum of each of the 7 outs.
func.func @tuple_sum_2d(%in0: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in0, %c0 : memref<?x?xi64>
  %cols = memref.dim %in0, %c1 : memref<?x?xi64>
  %false = arith.constant false
  %z8 = arith.constant 0 : i8
  %z16 = arith.constant 0 : i16
  %z32 = arith.constant 0 : i32
  %z64 = arith.constant 0 : i64
  %zf32 = arith.constant 0.0 : f32
  %zf64 = arith.constant 0.0 : f64
  %o0 = memref.alloc(%rows) : memref<?xi1>
  %o1 = memref.alloc(%rows) : memref<?xi8>
  %o2 = memref.alloc(%rows) : memref<?xi16>
  %o3 = memref.alloc(%rows) : memref<?xi32>
  %o4 = memref.alloc(%rows) : memref<?xi64>
  %o5 = memref.alloc(%rows) : memref<?xf32>
  %o6 = memref.alloc(%rows) : memref<?xf64>
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1, %o2, %o3, %o4, %o5, %o6
           : memref<?xi1>, memref<?xi8>, memref<?xi16>, memref<?xi32>,
             memref<?xi64>, memref<?xf32>, memref<?xf64>) {
    %u0 = memref.load %in0[%s, %i] : memref<?x?xi64>
    %k1 = arith.constant 1 : i64
    %k4 = arith.constant 4 : i64
    %k8 = arith.constant 8 : i64
    %k9 = arith.constant 9 : i64
    %k12 = arith.constant 12 : i64
    %k128 = arith.constant 128 : i64
    %k255 = arith.constant 255 : i64
    %k2p19 = arith.constant 524288 : i64
    %k2p20m1 = arith.constant 1048575 : i64
    %k2p39 = arith.constant 549755813888 : i64
    %quarter = arith.constant 0.25 : f32
    %k1_1024 = arith.constant 0.0009765625 : f64
    %x1 = arith.trunci %u0 : i64 to i1
    %u1 = arith.shrui %u0, %k1 : i64
    %x8 = arith.trunci %u1 : i64 to i8
    %u9 = arith.shrui %u0, %k9 : i64
    %x16 = arith.trunci %u9 : i64 to i16
    %x32 = arith.trunci %u0 : i64 to i32
    %u8 = arith.shli %u0, %k8 : i64
    %x64 = arith.subi %u8, %k2p39 : i64
    %u12 = arith.shrui %u0, %k12 : i64
    %b12 = arith.andi %u12, %k255 : i64
    %c12 = arith.subi %b12, %k128 : i64
    %f12 = arith.sitofp %c12 : i64 to f32
    %xf32 = arith.mulf %f12, %quarter : f32
    %u4 = arith.shrui %u0, %k4 : i64
    %b4 = arith.andi %u4, %k2p20m1 : i64
    %c4 = arith.subi %b4, %k2p19 : i64
    %f4 = arith.sitofp %c4 : i64 to f64
    %xf64 = arith.mulf %f4, %k1_1024 : f64
    seg.yield %x1, %x8, %x16, %x32, %x64, %xf32, %xf64
        : i1, i8, i16, i32, i64, f32, f64
  } combine commutative (%a0: i1, %a1: i8, %a2: i16, %a3: i32, %a4: i64,
                         %a5: f32, %a6: f64, %b0: i1, %b1: i8, %b2: i16,
                         %b3: i32, %b4: i64, %b5: f32, %b6: f64)
      neutral(%false, %z8, %z16, %z32, %z64, %zf32, %zf64
              : i1, i8, i16, i32, i64, f32, f64) {
    %r0 = arith.addi %a0, %b0 : i1
    %r1 = arith.addi %a1, %b1 : i8
    %r2 = arith.addi %a2, %b2 : i16
    %r3 = arith.addi %a3, %b3 : i32
    %r4 = arith.addi %a4, %b4 : i64
    %r5 = arith.addf %a5, %b5 : f32
    %r6 = arith.addf %a6, %b6 : f64
    seg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6
        : i1, i8, i16, i32, i64, f32, f64
  }
  vector.print str "tuple sum "
  func.call @label_2d(%rows, %cols) : (index, index) -> ()
  vector.print str "checksums "
  %cs0 = func.call @cs_i1(%o0) : (memref<?xi1>) -> i64
  vector.print str "i1 = "
  vector.print %cs0 : i64 punctuation <no_punctuation>
  %cs1 = func.call @cs_i8(%o1) : (memref<?xi8>) -> i64
  vector.print str ", i8 = "
  vector.print %cs1 : i64 punctuation <no_punctuation>
  %cs2 = func.call @cs_i16(%o2) : (memref<?xi16>) -> i64
  vector.print str ", i16 = "
  vector.print %cs2 : i64 punctuation <no_punctuation>
  %cs3 = func.call @cs_i32(%o3) : (memref<?xi32>) -> i64
  vector.print str ", i32 = "
  vector.print %cs3 : i64 punctuation <no_punctuation>
  %cs4 = func.call @cs_i64(%o4) : (memref<?xi64>) -> i64
  vector.print str ", i64 = "
  vector.print %cs4 : i64 punctuation <no_punctuation>
  %cs5 = func.call @cs_f32x4(%o5) : (memref<?xf32>) -> i64
  vector.print str ", f32 x 4 = "
  vector.print %cs5 : i64 punctuation <no_punctuation>
  %cs6 = func.call @cs_f64x1024(%o6) : (memref<?xf64>) -> i64
  vector.print str ", f64 x 1024 = "
  vector.print %cs6 : i64
  memref.dealloc %o0 : memref<?xi1>
  memref.dealloc %o1 : memref<?xi8>
  memref.dealloc %o2 : memref<?xi16>
  memref.dealloc %o3 : memref<?xi32>
  memref.dealloc %o4 : memref<?xi64>
  memref.dealloc %o5 : memref<?xf32>
  memref.dealloc %o6 : memref<?xf64>
  return
}

// fused: one seg.red with two operators on x of the mss input (stream
// 25), a commutative sum in i64 and the non-commutative MSS operator, and
// the map-only output sq = x * x (i32, of the shape of the space). Prints
// the sum, the MSS tuple (the same as mss's) and the checksum of sq.
func.func @fused_1d(%in0: memref<?xi64>, %n: index) {
  %zero64 = arith.constant 0 : i64
  %zero = arith.constant 0 : i32
  %o0 = memref.alloca() : memref<i64>
  %o1 = memref.alloca() : memref<i32>
  %o2 = memref.alloca() : memref<i32>
  %o3 = memref.alloca() : memref<i32>
  %o4 = memref.alloca() : memref<i32>
  %map0 = memref.alloc(%n) : memref<?xi32>
  seg.red thread (%i) in (%n)
      outs(%o0, %o1, %o2, %o3, %o4, %map0
           : memref<i64>, memref<i32>, memref<i32>, memref<i32>, memref<i32>,
             memref<?xi32>) {
    %u0 = memref.load %in0[%i] : memref<?xi64>
    %k24 = arith.constant 24 : i64
    %k128 = arith.constant 128 : i32
    %top = arith.shrui %u0, %k24 : i64
    %top32 = arith.trunci %top : i64 to i32
    %x = arith.subi %top32, %k128 : i32
    %zero_ = arith.constant 0 : i32
    %pos = arith.maxsi %x, %zero_ : i32
    %x64 = arith.extsi %x : i32 to i64
    %sq = arith.muli %x, %x : i32
    seg.yield %x64, %pos, %pos, %pos, %x, %sq
        : i64, i32, i32, i32, i32, i32
  } combine commutative (%a0: i64, %b0: i64)
      neutral(%zero64 : i64) {
    %r = arith.addi %a0, %b0 : i64
    seg.yield %r : i64
  } combine (%a0: i32, %a1: i32, %a2: i32, %a3: i32, %b0: i32, %b1: i32,
             %b2: i32, %b3: i32)
      neutral(%zero, %zero, %zero, %zero : i32, i32, i32, i32) {
    %across = arith.addi %a2, %b1 : i32
    %m0 = arith.maxsi %a0, %b0 : i32
    %mss = arith.maxsi %m0, %across : i32
    %i0 = arith.addi %a3, %b1 : i32
    %mis = arith.maxsi %a1, %i0 : i32
    %c0_ = arith.addi %a2, %b3 : i32
    %mcs = arith.maxsi %b2, %c0_ : i32
    %ts = arith.addi %a3, %b3 : i32
    seg.yield %mss, %mis, %mcs, %ts : i32, i32, i32, i32
  }
  vector.print str "fused "
  func.call @label_1d(%n) : (index) -> ()
  %r0 = memref.load %o0[] : memref<i64>
  %r1 = memref.load %o1[] : memref<i32>
  %r2 = memref.load %o2[] : memref<i32>
  %r3 = memref.load %o3[] : memref<i32>
  %r4 = memref.load %o4[] : memref<i32>
  vector.print str "sum = "
  vector.print %r0 : i64 punctuation <no_punctuation>
  vector.print str ", mss = "
  %tuple = vector.from_elements %r1, %r2, %r3, %r4 : vector<4xi32>
  vector.print %tuple : vector<4xi32> punctuation <no_punctuation>
  vector.print str ", squares checksum = "
  %sq = func.call @cs_i32(%map0) : (memref<?xi32>) -> i64
  vector.print %sq : i64
  memref.dealloc %map0 : memref<?xi32>
  return
}

// fused on every row: prints the checksum of the sums, of the 4 MSS outs
// together, and of sq (weighted by the position s * cols + i).
func.func @fused_2d(%in0: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in0, %c0 : memref<?x?xi64>
  %cols = memref.dim %in0, %c1 : memref<?x?xi64>
  %zero64 = arith.constant 0 : i64
  %zero = arith.constant 0 : i32
  %o0 = memref.alloc(%rows) : memref<?xi64>
  %o1 = memref.alloc(%rows) : memref<?xi32>
  %o2 = memref.alloc(%rows) : memref<?xi32>
  %o3 = memref.alloc(%rows) : memref<?xi32>
  %o4 = memref.alloc(%rows) : memref<?xi32>
  %map0 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1, %o2, %o3, %o4, %map0
           : memref<?xi64>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
             memref<?xi32>, memref<?x?xi32>) {
    %u0 = memref.load %in0[%s, %i] : memref<?x?xi64>
    %k24 = arith.constant 24 : i64
    %k128 = arith.constant 128 : i32
    %top = arith.shrui %u0, %k24 : i64
    %top32 = arith.trunci %top : i64 to i32
    %x = arith.subi %top32, %k128 : i32
    %zero_ = arith.constant 0 : i32
    %pos = arith.maxsi %x, %zero_ : i32
    %x64 = arith.extsi %x : i32 to i64
    %sq = arith.muli %x, %x : i32
    seg.yield %x64, %pos, %pos, %pos, %x, %sq
        : i64, i32, i32, i32, i32, i32
  } combine commutative (%a0: i64, %b0: i64)
      neutral(%zero64 : i64) {
    %r = arith.addi %a0, %b0 : i64
    seg.yield %r : i64
  } combine (%a0: i32, %a1: i32, %a2: i32, %a3: i32, %b0: i32, %b1: i32,
             %b2: i32, %b3: i32)
      neutral(%zero, %zero, %zero, %zero : i32, i32, i32, i32) {
    %across = arith.addi %a2, %b1 : i32
    %m0 = arith.maxsi %a0, %b0 : i32
    %mss = arith.maxsi %m0, %across : i32
    %i0 = arith.addi %a3, %b1 : i32
    %mis = arith.maxsi %a1, %i0 : i32
    %c0_ = arith.addi %a2, %b3 : i32
    %mcs = arith.maxsi %b2, %c0_ : i32
    %ts = arith.addi %a3, %b3 : i32
    seg.yield %mss, %mis, %mcs, %ts : i32, i32, i32, i32
  }
  vector.print str "fused "
  func.call @label_2d(%rows, %cols) : (index, index) -> ()
  %cs0 = func.call @cs_i64(%o0) : (memref<?xi64>) -> i64
  %cs1 = func.call @cs_i32(%o1) : (memref<?xi32>) -> i64
  %cs2 = func.call @cs_i32(%o2) : (memref<?xi32>) -> i64
  %cs3 = func.call @cs_i32(%o3) : (memref<?xi32>) -> i64
  %cs4 = func.call @cs_i32(%o4) : (memref<?xi32>) -> i64
  %w2 = arith.constant 2 : i64
  %ws2 = arith.muli %cs2, %w2 : i64
  %sum2 = arith.addi %cs1, %ws2 : i64
  %w3 = arith.constant 3 : i64
  %ws3 = arith.muli %cs3, %w3 : i64
  %sum3 = arith.addi %sum2, %ws3 : i64
  %w4 = arith.constant 4 : i64
  %ws4 = arith.muli %cs4, %w4 : i64
  %sum4 = arith.addi %sum3, %ws4 : i64
  // The squares in row-major order, weighted by their position.
  %flat = memref.collapse_shape %map0 [[0, 1]]
      : memref<?x?xi32> into memref<?xi32>
  %sq = func.call @cs_i32(%flat) : (memref<?xi32>) -> i64
  vector.print str "sum checksum = "
  vector.print %cs0 : i64 punctuation <no_punctuation>
  vector.print str ", mss checksum = "
  vector.print %sum4 : i64 punctuation <no_punctuation>
  vector.print str ", squares checksum = "
  vector.print %sq : i64
  memref.dealloc %o0 : memref<?xi64>
  memref.dealloc %o1 : memref<?xi32>
  memref.dealloc %o2 : memref<?xi32>
  memref.dealloc %o3 : memref<?xi32>
  memref.dealloc %o4 : memref<?xi32>
  memref.dealloc %map0 : memref<?x?xi32>
  return
}

// Runs every operator on the one-dimensional input of %n elements.
func.func @run_1d(%n: index) {
  %j0 = arith.constant 0 : index
  %j1 = arith.constant 1 : index
  %j2 = arith.constant 2 : index
  %j3 = arith.constant 3 : index
  %j4 = arith.constant 4 : index
  %j5 = arith.constant 5 : index
  %j6 = arith.constant 6 : index
  %j7 = arith.constant 7 : index
  %j8 = arith.constant 8 : index
  %j9 = arith.constant 9 : index
  %j10 = arith.constant 10 : index
  %j11 = arith.constant 11 : index
  %j12 = arith.constant 12 : index
  %j13 = arith.constant 13 : index
  %j14 = arith.constant 14 : index
  %j15 = arith.constant 15 : index
  %j16 = arith.constant 16 : index
  %j17 = arith.constant 17 : index
  %j18 = arith.constant 18 : index
  %j19 = arith.constant 19 : index
  %j20 = arith.constant 20 : index
  %j21 = arith.constant 21 : index
  %j22 = arith.constant 22 : index
  %j23 = arith.constant 23 : index
  %j24 = arith.constant 24 : index
  %j25 = arith.constant 25 : index
  %j26 = arith.constant 26 : index
  %j27 = arith.constant 27 : index
  %j28 = arith.constant 28 : index
  %j29 = arith.constant 29 : index
  %j30 = arith.constant 30 : index
  %in0 = func.call @stream_1d(%n, %j0) : (index, index) -> memref<?xi64>
  %in1 = func.call @stream_1d(%n, %j1) : (index, index) -> memref<?xi64>
  %in2 = func.call @stream_1d(%n, %j2) : (index, index) -> memref<?xi64>
  %in3 = func.call @stream_1d(%n, %j3) : (index, index) -> memref<?xi64>
  %in4 = func.call @stream_1d(%n, %j4) : (index, index) -> memref<?xi64>
  %in5 = func.call @stream_1d(%n, %j5) : (index, index) -> memref<?xi64>
  %in6 = func.call @stream_1d(%n, %j6) : (index, index) -> memref<?xi64>
  %in7 = func.call @stream_1d(%n, %j7) : (index, index) -> memref<?xi64>
  %in8 = func.call @stream_1d(%n, %j8) : (index, index) -> memref<?xi64>
  %in9 = func.call @stream_1d(%n, %j9) : (index, index) -> memref<?xi64>
  %in10 = func.call @stream_1d(%n, %j10) : (index, index) -> memref<?xi64>
  %in11 = func.call @stream_1d(%n, %j11) : (index, index) -> memref<?xi64>
  %in12 = func.call @stream_1d(%n, %j12) : (index, index) -> memref<?xi64>
  %in13 = func.call @stream_1d(%n, %j13) : (index, index) -> memref<?xi64>
  %in14 = func.call @stream_1d(%n, %j14) : (index, index) -> memref<?xi64>
  %in15 = func.call @stream_1d(%n, %j15) : (index, index) -> memref<?xi64>
  %in16 = func.call @stream_1d(%n, %j16) : (index, index) -> memref<?xi64>
  %in17 = func.call @stream_1d(%n, %j17) : (index, index) -> memref<?xi64>
  %in18 = func.call @stream_1d(%n, %j18) : (index, index) -> memref<?xi64>
  %in19 = func.call @stream_1d(%n, %j19) : (index, index) -> memref<?xi64>
  %in20 = func.call @stream_1d(%n, %j20) : (index, index) -> memref<?xi64>
  %in21 = func.call @stream_1d(%n, %j21) : (index, index) -> memref<?xi64>
  %in22 = func.call @stream_1d(%n, %j22) : (index, index) -> memref<?xi64>
  %in23 = func.call @stream_1d(%n, %j23) : (index, index) -> memref<?xi64>
  %in24 = func.call @stream_1d(%n, %j24) : (index, index) -> memref<?xi64>
  %in25 = func.call @stream_1d(%n, %j25) : (index, index) -> memref<?xi64>
  %in26 = func.call @stream_1d(%n, %j26) : (index, index) -> memref<?xi64>
  %in27 = func.call @stream_1d(%n, %j27) : (index, index) -> memref<?xi64>
  %in28 = func.call @stream_1d(%n, %j28) : (index, index) -> memref<?xi64>
  %in29 = func.call @stream_1d(%n, %j29) : (index, index) -> memref<?xi64>
  %in30 = func.call @stream_1d(%n, %j30) : (index, index) -> memref<?xi64>
  func.call @mm2x2_1d(%in0, %in1, %in2, %in3, %n)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         index) -> ()
  func.call @mm3x3_1d(%in0, %in1, %in2, %in3, %in4, %in5, %in6, %in7, %in8,
      %n)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, index) -> ()
  func.call @mm5x5_1d(%in0, %in1, %in2, %in3, %in4, %in5, %in6, %in7, %in8,
      %in9, %in10, %in11, %in12, %in13, %in14, %in15, %in16, %in17, %in18,
      %in19, %in20, %in21, %in22, %in23, %in24, %n)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>,
         memref<?xi64>, index) -> ()
  func.call @mss_1d(%in25, %n)
      : (memref<?xi64>, index) -> ()
  func.call @lss_1d(%in26, %n)
      : (memref<?xi64>, index) -> ()
  func.call @linfun_1d(%in27, %in28, %n)
      : (memref<?xi64>, memref<?xi64>, index) -> ()
  func.call @argmax_1d(%in29, %n)
      : (memref<?xi64>, index) -> ()
  func.call @tuple_sum_1d(%in30, %n)
      : (memref<?xi64>, index) -> ()
  func.call @fused_1d(%in25, %n)
      : (memref<?xi64>, index) -> ()
  memref.dealloc %in0 : memref<?xi64>
  memref.dealloc %in1 : memref<?xi64>
  memref.dealloc %in2 : memref<?xi64>
  memref.dealloc %in3 : memref<?xi64>
  memref.dealloc %in4 : memref<?xi64>
  memref.dealloc %in5 : memref<?xi64>
  memref.dealloc %in6 : memref<?xi64>
  memref.dealloc %in7 : memref<?xi64>
  memref.dealloc %in8 : memref<?xi64>
  memref.dealloc %in9 : memref<?xi64>
  memref.dealloc %in10 : memref<?xi64>
  memref.dealloc %in11 : memref<?xi64>
  memref.dealloc %in12 : memref<?xi64>
  memref.dealloc %in13 : memref<?xi64>
  memref.dealloc %in14 : memref<?xi64>
  memref.dealloc %in15 : memref<?xi64>
  memref.dealloc %in16 : memref<?xi64>
  memref.dealloc %in17 : memref<?xi64>
  memref.dealloc %in18 : memref<?xi64>
  memref.dealloc %in19 : memref<?xi64>
  memref.dealloc %in20 : memref<?xi64>
  memref.dealloc %in21 : memref<?xi64>
  memref.dealloc %in22 : memref<?xi64>
  memref.dealloc %in23 : memref<?xi64>
  memref.dealloc %in24 : memref<?xi64>
  memref.dealloc %in25 : memref<?xi64>
  memref.dealloc %in26 : memref<?xi64>
  memref.dealloc %in27 : memref<?xi64>
  memref.dealloc %in28 : memref<?xi64>
  memref.dealloc %in29 : memref<?xi64>
  memref.dealloc %in30 : memref<?xi64>
  return
}

// Runs every operator on the rows x cols input.
func.func @run_2d(%rows: index, %cols: index) {
  %j0 = arith.constant 0 : index
  %j1 = arith.constant 1 : index
  %j2 = arith.constant 2 : index
  %j3 = arith.constant 3 : index
  %j4 = arith.constant 4 : index
  %j5 = arith.constant 5 : index
  %j6 = arith.constant 6 : index
  %j7 = arith.constant 7 : index
  %j8 = arith.constant 8 : index
  %j9 = arith.constant 9 : index
  %j10 = arith.constant 10 : index
  %j11 = arith.constant 11 : index
  %j12 = arith.constant 12 : index
  %j13 = arith.constant 13 : index
  %j14 = arith.constant 14 : index
  %j15 = arith.constant 15 : index
  %j16 = arith.constant 16 : index
  %j17 = arith.constant 17 : index
  %j18 = arith.constant 18 : index
  %j19 = arith.constant 19 : index
  %j20 = arith.constant 20 : index
  %j21 = arith.constant 21 : index
  %j22 = arith.constant 22 : index
  %j23 = arith.constant 23 : index
  %j24 = arith.constant 24 : index
  %j25 = arith.constant 25 : index
  %j26 = arith.constant 26 : index
  %j27 = arith.constant 27 : index
  %j28 = arith.constant 28 : index
  %j29 = arith.constant 29 : index
  %j30 = arith.constant 30 : index
  %in0 = func.call @stream_2d(%rows, %cols, %j0)
      : (index, index, index) -> memref<?x?xi64>
  %in1 = func.call @stream_2d(%rows, %cols, %j1)
      : (index, index, index) -> memref<?x?xi64>
  %in2 = func.call @stream_2d(%rows, %cols, %j2)
      : (index, index, index) -> memref<?x?xi64>
  %in3 = func.call @stream_2d(%rows, %cols, %j3)
      : (index, index, index) -> memref<?x?xi64>
  %in4 = func.call @stream_2d(%rows, %cols, %j4)
      : (index, index, index) -> memref<?x?xi64>
  %in5 = func.call @stream_2d(%rows, %cols, %j5)
      : (index, index, index) -> memref<?x?xi64>
  %in6 = func.call @stream_2d(%rows, %cols, %j6)
      : (index, index, index) -> memref<?x?xi64>
  %in7 = func.call @stream_2d(%rows, %cols, %j7)
      : (index, index, index) -> memref<?x?xi64>
  %in8 = func.call @stream_2d(%rows, %cols, %j8)
      : (index, index, index) -> memref<?x?xi64>
  %in9 = func.call @stream_2d(%rows, %cols, %j9)
      : (index, index, index) -> memref<?x?xi64>
  %in10 = func.call @stream_2d(%rows, %cols, %j10)
      : (index, index, index) -> memref<?x?xi64>
  %in11 = func.call @stream_2d(%rows, %cols, %j11)
      : (index, index, index) -> memref<?x?xi64>
  %in12 = func.call @stream_2d(%rows, %cols, %j12)
      : (index, index, index) -> memref<?x?xi64>
  %in13 = func.call @stream_2d(%rows, %cols, %j13)
      : (index, index, index) -> memref<?x?xi64>
  %in14 = func.call @stream_2d(%rows, %cols, %j14)
      : (index, index, index) -> memref<?x?xi64>
  %in15 = func.call @stream_2d(%rows, %cols, %j15)
      : (index, index, index) -> memref<?x?xi64>
  %in16 = func.call @stream_2d(%rows, %cols, %j16)
      : (index, index, index) -> memref<?x?xi64>
  %in17 = func.call @stream_2d(%rows, %cols, %j17)
      : (index, index, index) -> memref<?x?xi64>
  %in18 = func.call @stream_2d(%rows, %cols, %j18)
      : (index, index, index) -> memref<?x?xi64>
  %in19 = func.call @stream_2d(%rows, %cols, %j19)
      : (index, index, index) -> memref<?x?xi64>
  %in20 = func.call @stream_2d(%rows, %cols, %j20)
      : (index, index, index) -> memref<?x?xi64>
  %in21 = func.call @stream_2d(%rows, %cols, %j21)
      : (index, index, index) -> memref<?x?xi64>
  %in22 = func.call @stream_2d(%rows, %cols, %j22)
      : (index, index, index) -> memref<?x?xi64>
  %in23 = func.call @stream_2d(%rows, %cols, %j23)
      : (index, index, index) -> memref<?x?xi64>
  %in24 = func.call @stream_2d(%rows, %cols, %j24)
      : (index, index, index) -> memref<?x?xi64>
  %in25 = func.call @stream_2d(%rows, %cols, %j25)
      : (index, index, index) -> memref<?x?xi64>
  %in26 = func.call @stream_2d(%rows, %cols, %j26)
      : (index, index, index) -> memref<?x?xi64>
  %in27 = func.call @stream_2d(%rows, %cols, %j27)
      : (index, index, index) -> memref<?x?xi64>
  %in28 = func.call @stream_2d(%rows, %cols, %j28)
      : (index, index, index) -> memref<?x?xi64>
  %in29 = func.call @stream_2d(%rows, %cols, %j29)
      : (index, index, index) -> memref<?x?xi64>
  %in30 = func.call @stream_2d(%rows, %cols, %j30)
      : (index, index, index) -> memref<?x?xi64>
  func.call @mm2x2_2d(%in0, %in1, %in2, %in3)
      : (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>) -> ()
  func.call @mm3x3_2d(%in0, %in1, %in2, %in3, %in4, %in5, %in6, %in7, %in8)
      : (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>) -> ()
  func.call @mm5x5_2d(%in0, %in1, %in2, %in3, %in4, %in5, %in6, %in7, %in8,
      %in9, %in10, %in11, %in12, %in13, %in14, %in15, %in16, %in17, %in18,
      %in19, %in20, %in21, %in22, %in23, %in24)
      : (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>) -> ()
  func.call @mss_2d(%in25)
      : (memref<?x?xi64>) -> ()
  func.call @lss_2d(%in26)
      : (memref<?x?xi64>) -> ()
  func.call @linfun_2d(%in27, %in28)
      : (memref<?x?xi64>, memref<?x?xi64>) -> ()
  func.call @argmax_2d(%in29)
      : (memref<?x?xi64>) -> ()
  func.call @tuple_sum_2d(%in30)
      : (memref<?x?xi64>) -> ()
  func.call @fused_2d(%in25)
      : (memref<?x?xi64>) -> ()
  memref.dealloc %in0 : memref<?x?xi64>
  memref.dealloc %in1 : memref<?x?xi64>
  memref.dealloc %in2 : memref<?x?xi64>
  memref.dealloc %in3 : memref<?x?xi64>
  memref.dealloc %in4 : memref<?x?xi64>
  memref.dealloc %in5 : memref<?x?xi64>
  memref.dealloc %in6 : memref<?x?xi64>
  memref.dealloc %in7 : memref<?x?xi64>
  memref.dealloc %in8 : memref<?x?xi64>
  memref.dealloc %in9 : memref<?x?xi64>
  memref.dealloc %in10 : memref<?x?xi64>
  memref.dealloc %in11 : memref<?x?xi64>
  memref.dealloc %in12 : memref<?x?xi64>
  memref.dealloc %in13 : memref<?x?xi64>
  memref.dealloc %in14 : memref<?x?xi64>
  memref.dealloc %in15 : memref<?x?xi64>
  memref.dealloc %in16 : memref<?x?xi64>
  memref.dealloc %in17 : memref<?x?xi64>
  memref.dealloc %in18 : memref<?x?xi64>
  memref.dealloc %in19 : memref<?x?xi64>
  memref.dealloc %in20 : memref<?x?xi64>
  memref.dealloc %in21 : memref<?x?xi64>
  memref.dealloc %in22 : memref<?x?xi64>
  memref.dealloc %in23 : memref<?x?xi64>
  memref.dealloc %in24 : memref<?x?xi64>
  memref.dealloc %in25 : memref<?x?xi64>
  memref.dealloc %in26 : memref<?x?xi64>
  memref.dealloc %in27 : memref<?x?xi64>
  memref.dealloc %in28 : memref<?x?xi64>
  memref.dealloc %in29 : memref<?x?xi64>
  memref.dealloc %in30 : memref<?x?xi64>
  return
}

func.func @main() {
  %c7 = arith.constant 7 : index
  %c100 = arith.constant 100 : index
  %c1000 = arith.constant 1000 : index
  %c100000 = arith.constant 100000 : index
  func.call @run_1d(%c100000) : (index) -> ()
  func.call @run_2d(%c100, %c1000) : (index, index) -> ()
  func.call @run_2d(%c1000, %c7) : (index, index) -> ()
  return
}
