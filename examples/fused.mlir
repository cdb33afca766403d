// fused.mlir - several operators and map-only outputs in one seg.red/scan.
//
// A seg.red or seg.scan may carry several operators (one `combine` clause
// each), which a parallel lowering fuses into a single pass over the
// input, and map-only outputs: values that the map computes at every point
// and that are stored at that point without being combined. The body
// yields the operands of every operator in order, then the map-only
// values; `outs` lists the accumulators of every operator in order, then
// the map-only outputs (of the shape of the whole space).
//
// @stats    (one segment, 30 elements) three operators and two map-only
//           outputs:
//             sum        commutative, i64 addition;
//             min, max   commutative, a pair (min, max);
//             first neg. non-commutative, the pair (found, value) of the
//                        first negative element: (f, v) then (f', v') is
//                        (f, v) if f = 1 else (f', v'), neutral (0, 0).
//                        The map yields (1, x) for a negative x and
//                        (0, 0) otherwise;
//             sq[i] = x[i]^2 (i64) and half[i] = x[i] / 2 (f32).
// @row_stats  the same sum and first negative element for every row of a
//           3 x 8 array (outs of shape [3]) and the map-only output
//           abs[s][i] = |x[s][i]| of shape [3, 8].
// @running  a seg.scan with a running sum, a running maximum and the
//           map-only output twice[i] = 2 x[i], on the first 12 elements.
//
// x[i] = ((11 i + 7) mod 19) - 6 starts 1, 12, 4, -4, ... so the first
// negative element is -4. The 3 x 8 array is
// x[s][i] = ((5 s + 11 i + 7) mod 19) - 6 + 3 s; its last row has no
// negative element (the result is the neutral (0, 0)).
//
// CHECK:      sum = 84, min = -6, max = 12, first negative = ( 1, -4 )
// CHECK-NEXT: sq = ( 1, 144, 16, 16, 49, 1, 100, 4, 36, 25, 9, 64, 0, 121, 9, 25, 36, 4, 81, 1, 144, 16, 16, 49, 1, 100, 4, 36, 25, 9 )
// CHECK-NEXT: half = ( 0.5, 6, 2, -2, 3.5, -0.5, 5, 1, -3, 2.5, -1.5, 4, 0, 5.5, 1.5, -2.5, 3, -1, 4.5, 0.5, 6, 2, -2, 3.5, -0.5, 5, 1, -3, 2.5, -1.5 )
// CHECK-NEXT: row sums = ( 31, 57, 83 )
// CHECK-NEXT: row first negative found = ( 1, 1, 0 )
// CHECK-NEXT: row first negative value = ( -4, -1, 0 )
// CHECK-NEXT: abs =
// CHECK-NEXT:   ( 1, 12, 4, 4, 7, 1, 10, 2 )
// CHECK-NEXT:   ( 9, 1, 12, 4, 15, 7, 1, 10 )
// CHECK-NEXT:   ( 17, 9, 1, 12, 4, 15, 7, 18 )
// CHECK-NEXT: running sum = ( 1, 13, 17, 13, 20, 19, 29, 31, 25, 30, 27, 35 )
// CHECK-NEXT: running max = ( 1, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12 )
// CHECK-NEXT: twice = ( 2, 24, 8, -8, 14, -2, 20, 4, -12, 10, -6, 16 )

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

func.func @print_vec_f32(%v: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xf32>
  vector.print punctuation <open>
  scf.for %i = %c0 to %n step %c1 {
    %notfirst = arith.cmpi ne, %i, %c0 : index
    scf.if %notfirst {
      vector.print punctuation <comma>
    }
    %x = memref.load %v[%i] : memref<?xf32>
    vector.print %x : f32 punctuation <no_punctuation>
  }
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

func.func @stats(%x: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi64>
  %zero = arith.constant 0 : i64
  %imax = arith.constant 9223372036854775807 : i64
  %imin = arith.constant -9223372036854775808 : i64
  %sum = memref.alloca() : memref<i64>
  %min = memref.alloca() : memref<i64>
  %max = memref.alloca() : memref<i64>
  %found = memref.alloca() : memref<i64>
  %first = memref.alloca() : memref<i64>
  %sq = memref.alloc(%n) : memref<?xi64>
  %half = memref.alloc(%n) : memref<?xf32>
  seg.red thread (%i) in (%n)
      outs(%sum, %min, %max, %found, %first, %sq, %half
           : memref<i64>, memref<i64>, memref<i64>, memref<i64>,
             memref<i64>, memref<?xi64>, memref<?xf32>) {
    %xi = memref.load %x[%i] : memref<?xi64>
    %neg = arith.cmpi slt, %xi, %zero : i64
    %isneg = arith.extui %neg : i1 to i64
    %negval = arith.select %neg, %xi, %zero : i64
    %s = arith.muli %xi, %xi : i64
    %xf = arith.sitofp %xi : i64 to f32
    %twof = arith.constant 2.0 : f32
    %h = arith.divf %xf, %twof : f32
    //        sum  min  max  found   first    sq  half
    seg.yield %xi, %xi, %xi, %isneg, %negval, %s, %h
        : i64, i64, i64, i64, i64, i64, f32
  } combine commutative (%a: i64, %b: i64) neutral(%zero : i64) {
    %r = arith.addi %a, %b : i64
    seg.yield %r : i64
  } combine commutative (%amin: i64, %amax: i64, %bmin: i64, %bmax: i64)
      neutral(%imax, %imin : i64, i64) {
    %rmin = arith.minsi %amin, %bmin : i64
    %rmax = arith.maxsi %amax, %bmax : i64
    seg.yield %rmin, %rmax : i64, i64
  } combine (%af: i64, %av: i64, %bf: i64, %bv: i64)
      neutral(%zero, %zero : i64, i64) {
    %one = arith.constant 1 : i64
    %keep = arith.cmpi eq, %af, %one : i64
    %rf = arith.select %keep, %af, %bf : i64
    %rv = arith.select %keep, %av, %bv : i64
    seg.yield %rf, %rv : i64, i64
  }
  %rsum = memref.load %sum[] : memref<i64>
  %rmin = memref.load %min[] : memref<i64>
  %rmax = memref.load %max[] : memref<i64>
  %rfound = memref.load %found[] : memref<i64>
  %rfirst = memref.load %first[] : memref<i64>
  vector.print str "sum = "
  vector.print %rsum : i64 punctuation <no_punctuation>
  vector.print str ", min = "
  vector.print %rmin : i64 punctuation <no_punctuation>
  vector.print str ", max = "
  vector.print %rmax : i64 punctuation <no_punctuation>
  vector.print str ", first negative = ( "
  vector.print %rfound : i64 punctuation <no_punctuation>
  vector.print str ", "
  vector.print %rfirst : i64 punctuation <no_punctuation>
  vector.print str " )\n"
  vector.print str "sq = "
  func.call @print_vec(%sq) : (memref<?xi64>) -> ()
  vector.print str "half = "
  func.call @print_vec_f32(%half) : (memref<?xf32>) -> ()
  memref.dealloc %sq : memref<?xi64>
  memref.dealloc %half : memref<?xf32>
  return
}

func.func @row_stats(%x: memref<3x8xi64>) {
  %zero = arith.constant 0 : i64
  %sum = memref.alloc() : memref<3xi64>
  %found = memref.alloc() : memref<3xi64>
  %first = memref.alloc() : memref<3xi64>
  %abs = memref.alloc() : memref<3x8xi64>
  seg.red thread (%s, %i) in (3, 8)
      outs(%sum, %found, %first, %abs
           : memref<3xi64>, memref<3xi64>, memref<3xi64>, memref<3x8xi64>) {
    %xi = memref.load %x[%s, %i] : memref<3x8xi64>
    %neg = arith.cmpi slt, %xi, %zero : i64
    %isneg = arith.extui %neg : i1 to i64
    %minus = arith.subi %zero, %xi : i64
    %a = arith.select %neg, %minus, %xi : i64
    %negval = arith.select %neg, %xi, %zero : i64
    seg.yield %xi, %isneg, %negval, %a : i64, i64, i64, i64
  } combine commutative (%a: i64, %b: i64) neutral(%zero : i64) {
    %r = arith.addi %a, %b : i64
    seg.yield %r : i64
  } combine (%af: i64, %av: i64, %bf: i64, %bv: i64)
      neutral(%zero, %zero : i64, i64) {
    %one = arith.constant 1 : i64
    %keep = arith.cmpi eq, %af, %one : i64
    %rf = arith.select %keep, %af, %bf : i64
    %rv = arith.select %keep, %av, %bv : i64
    seg.yield %rf, %rv : i64, i64
  }
  %sumd = memref.cast %sum : memref<3xi64> to memref<?xi64>
  %foundd = memref.cast %found : memref<3xi64> to memref<?xi64>
  %firstd = memref.cast %first : memref<3xi64> to memref<?xi64>
  vector.print str "row sums = "
  func.call @print_vec(%sumd) : (memref<?xi64>) -> ()
  vector.print str "row first negative found = "
  func.call @print_vec(%foundd) : (memref<?xi64>) -> ()
  vector.print str "row first negative value = "
  func.call @print_vec(%firstd) : (memref<?xi64>) -> ()
  vector.print str "abs =\n"
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  scf.for %s = %c0 to %c3 step %c1 {
    vector.print str "  "
    vector.print punctuation <open>
    scf.for %i = %c0 to %c8 step %c1 {
      %notfirst = arith.cmpi ne, %i, %c0 : index
      scf.if %notfirst {
        vector.print punctuation <comma>
      }
      %v = memref.load %abs[%s, %i] : memref<3x8xi64>
      vector.print %v : i64 punctuation <no_punctuation>
    }
    vector.print punctuation <close>
    vector.print punctuation <newline>
  }
  memref.dealloc %sum : memref<3xi64>
  memref.dealloc %found : memref<3xi64>
  memref.dealloc %first : memref<3xi64>
  memref.dealloc %abs : memref<3x8xi64>
  return
}

func.func @running(%x: memref<?xi64>) {
  %c12 = arith.constant 12 : index
  %zero = arith.constant 0 : i64
  %imin = arith.constant -9223372036854775808 : i64
  %psum = memref.alloc(%c12) : memref<?xi64>
  %pmax = memref.alloc(%c12) : memref<?xi64>
  %twice = memref.alloc(%c12) : memref<?xi64>
  seg.scan thread (%i) in (%c12)
      outs(%psum, %pmax, %twice : memref<?xi64>, memref<?xi64>, memref<?xi64>) {
    %xi = memref.load %x[%i] : memref<?xi64>
    %t = arith.addi %xi, %xi : i64
    seg.yield %xi, %xi, %t : i64, i64, i64
  } combine commutative (%a: i64, %b: i64) neutral(%zero : i64) {
    %r = arith.addi %a, %b : i64
    seg.yield %r : i64
  } combine commutative (%a: i64, %b: i64) neutral(%imin : i64) {
    %r = arith.maxsi %a, %b : i64
    seg.yield %r : i64
  }
  vector.print str "running sum = "
  func.call @print_vec(%psum) : (memref<?xi64>) -> ()
  vector.print str "running max = "
  func.call @print_vec(%pmax) : (memref<?xi64>) -> ()
  vector.print str "twice = "
  func.call @print_vec(%twice) : (memref<?xi64>) -> ()
  memref.dealloc %psum : memref<?xi64>
  memref.dealloc %pmax : memref<?xi64>
  memref.dealloc %twice : memref<?xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %n = arith.constant 30 : index
  %k3 = arith.constant 3 : i64
  %k5 = arith.constant 5 : i64
  %k6 = arith.constant 6 : i64
  %k7 = arith.constant 7 : i64
  %k11 = arith.constant 11 : i64
  %k19 = arith.constant 19 : i64

  // x[i] = ((11 i + 7) mod 19) - 6
  %x = memref.alloc(%n) : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %t0 = arith.muli %ii, %k11 : i64
    %t1 = arith.addi %t0, %k7 : i64
    %t2 = arith.remsi %t1, %k19 : i64
    %t3 = arith.subi %t2, %k6 : i64
    memref.store %t3, %x[%i] : memref<?xi64>
  }
  func.call @stats(%x) : (memref<?xi64>) -> ()

  // x[s][i] = ((5 s + 11 i + 7) mod 19) - 6 + 3 s
  %y = memref.alloc() : memref<3x8xi64>
  scf.for %s = %c0 to %c3 step %c1 {
    scf.for %i = %c0 to %c8 step %c1 {
      %ss = arith.index_cast %s : index to i64
      %ii = arith.index_cast %i : index to i64
      %t0 = arith.muli %ss, %k5 : i64
      %t1 = arith.muli %ii, %k11 : i64
      %t2 = arith.addi %t0, %t1 : i64
      %t3 = arith.addi %t2, %k7 : i64
      %t4 = arith.remsi %t3, %k19 : i64
      %t5 = arith.subi %t4, %k6 : i64
      %t6 = arith.muli %ss, %k3 : i64
      %t7 = arith.addi %t5, %t6 : i64
      memref.store %t7, %y[%s, %i] : memref<3x8xi64>
    }
  }
  func.call @row_stats(%y) : (memref<3x8xi64>) -> ()

  func.call @running(%x) : (memref<?xi64>) -> ()

  memref.dealloc %x : memref<?xi64>
  memref.dealloc %y : memref<3x8xi64>
  return
}
