// segsum.mlir - regular segmented sums.
//
// A seg.red over a two-dimensional space (%s, %i) in (%rows, %cols)
// reduces the innermost dimension: every row is a segment, and the
// accumulator out has one element per segment, shape [rows]. With a
// three-dimensional space (%p, %q, %i) both outer dimensions are segment
// dimensions and the out has rank 2.
//
// The input of shape (rows, cols) is
//   x[s][i] = ((31 s + 7 i + 3) mod 11) - 5
// as f32 (small integers, so every sum is exact). The shapes are chosen to
// cover the extremes of the segmentation:
//   1 x 1000  a single long segment: any 11 consecutive elements sum to
//             (0 + 1 + ... + 10) - 11 * 5 = 0, so the sum is that of the
//             last 10 = 1000 - 90 * 11 elements, which is 0 - x[0][10] =
//             -(((7 * 10 + 3) mod 11) - 5) = -2,
//   10 x 1    many segments of a single element (the sums are the
//             elements x[s][0] = ((31 s + 3) mod 11) - 5),
//   3 x 5, 8 x 64  in between,
//   2 x 3 x 4 a three-dimensional space: x[p][q][i] =
//             ((31 (3 p + q) + 7 i + 3) mod 11) - 5, sums of shape [2, 3].
//
// CHECK:      1 x 1000: ( -2 )
// CHECK-NEXT: 10 x 1: ( -2, -4, 5, 3, 1, -1, -3, -5, 4, 2 )
// CHECK-NEXT: 3 x 5: ( 5, -5, 7 )
// CHECK-NEXT: 8 x 64: ( 3, -4, 0, 4, -3, 1, -6, -2 )
// CHECK-NEXT: 2 x 3 x 4: ( 1, -7, 7 )
// CHECK-NEXT:            ( -1, 2, -6 )

// out[s] = sum of the row in[s, :].
func.func @segsum(%in: memref<?x?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xf32>
  %cols = memref.dim %in, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  seg.red thread (%s, %i) in (%rows, %cols) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// out[p, q] = sum of in[p, q, :].
func.func @segsum3d(%in: memref<2x3x4xf32>, %out: memref<2x3xf32>) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%p, %q, %i) in (2, 3, 4) outs(%out : memref<2x3xf32>) {
    %x = memref.load %in[%p, %q, %i] : memref<2x3x4xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// ((31 s + 7 i + 3) mod 11) - 5 as f32.
func.func @value(%s: index, %i: index) -> f32 {
  %k3 = arith.constant 3 : i64
  %k5 = arith.constant 5 : i64
  %k7 = arith.constant 7 : i64
  %k11 = arith.constant 11 : i64
  %k31 = arith.constant 31 : i64
  %ss = arith.index_cast %s : index to i64
  %ii = arith.index_cast %i : index to i64
  %t0 = arith.muli %ss, %k31 : i64
  %t1 = arith.muli %ii, %k7 : i64
  %t2 = arith.addi %t0, %t1 : i64
  %t3 = arith.addi %t2, %k3 : i64
  %t4 = arith.remsi %t3, %k11 : i64
  %t5 = arith.subi %t4, %k5 : i64
  %v = arith.sitofp %t5 : i64 to f32
  return %v : f32
}

// Prints ( v0, v1, ... ) and a newline.
func.func @print_row(%v: memref<?xf32>) {
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

// Fills a rows x cols input, runs @segsum on it and prints the sums.
func.func @run(%rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %in = memref.alloc(%rows, %cols) : memref<?x?xf32>
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %cols step %c1 {
      %v = func.call @value(%s, %i) : (index, index) -> f32
      memref.store %v, %in[%s, %i] : memref<?x?xf32>
    }
  }
  %out = memref.alloc(%rows) : memref<?xf32>
  func.call @segsum(%in, %out) : (memref<?x?xf32>, memref<?xf32>) -> ()
  %r = arith.index_cast %rows : index to i64
  %c = arith.index_cast %cols : index to i64
  vector.print %r : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %c : i64 punctuation <no_punctuation>
  vector.print str ": "
  func.call @print_row(%out) : (memref<?xf32>) -> ()
  memref.dealloc %in : memref<?x?xf32>
  memref.dealloc %out : memref<?xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index

  func.call @run(%c1, %c1000) : (index, index) -> ()
  func.call @run(%c10, %c1) : (index, index) -> ()
  func.call @run(%c3, %c5) : (index, index) -> ()
  func.call @run(%c8, %c64) : (index, index) -> ()

  // The three-dimensional space: row (p, q) of the input is row 3 p + q of
  // the two-dimensional formula.
  %in = memref.alloc() : memref<2x3x4xf32>
  scf.for %p = %c0 to %c2 step %c1 {
    scf.for %q = %c0 to %c3 step %c1 {
      scf.for %i = %c0 to %c4 step %c1 {
        %p3 = arith.muli %p, %c3 : index
        %s = arith.addi %p3, %q : index
        %v = func.call @value(%s, %i) : (index, index) -> f32
        memref.store %v, %in[%p, %q, %i] : memref<2x3x4xf32>
      }
    }
  }
  %out = memref.alloc() : memref<2x3xf32>
  func.call @segsum3d(%in, %out) : (memref<2x3x4xf32>, memref<2x3xf32>) -> ()
  vector.print str "2 x 3 x 4: "
  scf.for %p = %c0 to %c2 step %c1 {
    %notfirst = arith.cmpi ne, %p, %c0 : index
    scf.if %notfirst {
      vector.print str "           "
    }
    vector.print punctuation <open>
    scf.for %q = %c0 to %c3 step %c1 {
      %notfirstq = arith.cmpi ne, %q, %c0 : index
      scf.if %notfirstq {
        vector.print punctuation <comma>
      }
      %x = memref.load %out[%p, %q] : memref<2x3xf32>
      vector.print %x : f32 punctuation <no_punctuation>
    }
    vector.print punctuation <close>
    vector.print punctuation <newline>
  }
  memref.dealloc %in : memref<2x3x4xf32>
  memref.dealloc %out : memref<2x3xf32>
  return
}
