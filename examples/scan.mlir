// scan.mlir - inclusive scans (prefix sums), flat and segmented.
//
// seg.scan has the syntax of seg.red, but its outs have the shape of the
// whole space: out[..., i] is the combination of the elements 0..i of the
// innermost dimension (an inclusive scan), restarting at every segment.
//
//   @scan     one-dimensional space: out[i] = x[0] + ... + x[i]; called
//             on 1000 elements and on a subview of the first 20
//   @segscan  two-dimensional space (%s, %i): every row is a segment,
//             out[s][i] = x[s][0] + ... + x[s][i]
//
// The elements are x[s][i] = ((13 s + 5 i + 2) mod 9) - 4 (i32); the flat
// scans use row 0, x[i] = ((5 i + 2) mod 9) - 4, which starts
//   -2, 3, -1, 4, 0, -4, 1, -3, 2, -2, ...
// so the prefix sums start -2, 1, 0, 4, 4, 0, 1, -2, 0, -2, ... (each
// period of 9 sums to 0). Segmented shapes: 1 x 12 (one segment),
// 6 x 1 (single-element segments: the scan is the identity), 3 x 5 and
// 4 x 16.
//
// CHECK:      scan of 20: ( -2, 1, 0, 4, 4, 0, 1, -2, 0, -2, 1, 0, 4, 4, 0, 1, -2, 0, -2, 1 )
// CHECK-NEXT: scan of 1000: out[499] = 4, out[999] = -2
// CHECK-NEXT: segmented scan of 1 x 12:
// CHECK-NEXT:   ( -2, 1, 0, 4, 4, 0, 1, -2, 0, -2, 1, 0 )
// CHECK-NEXT: segmented scan of 6 x 1:
// CHECK-NEXT:   ( -2 )
// CHECK-NEXT:   ( 2 )
// CHECK-NEXT:   ( -3 )
// CHECK-NEXT:   ( 1 )
// CHECK-NEXT:   ( -4 )
// CHECK-NEXT:   ( 0 )
// CHECK-NEXT: segmented scan of 3 x 5:
// CHECK-NEXT:   ( -2, 1, 0, 4, 4 )
// CHECK-NEXT:   ( 2, 0, 3, 2, 6 )
// CHECK-NEXT:   ( -3, -1, -3, 0, -1 )
// CHECK-NEXT: segmented scan of 4 x 16:
// CHECK-NEXT:   ( -2, 1, 0, 4, 4, 0, 1, -2, 0, -2, 1, 0, 4, 4, 0, 1 )
// CHECK-NEXT:   ( 2, 0, 3, 2, 6, 6, 2, 3, 0, 2, 0, 3, 2, 6, 6, 2 )
// CHECK-NEXT:   ( -3, -1, -3, 0, -1, 3, 3, -1, 0, -3, -1, -3, 0, -1, 3, 3 )
// CHECK-NEXT:   ( 1, -2, 0, -2, 1, 0, 4, 4, 0, 1, -2, 0, -2, 1, 0, 4 )

// out[i] = x[0] + ... + x[i]
func.func @scan(%x: memref<?xi32>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%i] : memref<?xi32>
    seg.yield %xi : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// out[s][i] = x[s][0] + ... + x[s][i]
func.func @segscan(%x: memref<?x?xi32>, %out: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xi32>
  %cols = memref.dim %x, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i32
  seg.scan thread (%s, %i) in (%rows, %cols) outs(%out : memref<?x?xi32>) {
    %xi = memref.load %x[%s, %i] : memref<?x?xi32>
    seg.yield %xi : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// ((13 s + 5 i + 2) mod 9) - 4
func.func @value(%s: index, %i: index) -> i32 {
  %k2 = arith.constant 2 : i32
  %k4 = arith.constant 4 : i32
  %k5 = arith.constant 5 : i32
  %k9 = arith.constant 9 : i32
  %k13 = arith.constant 13 : i32
  %ss = arith.index_cast %s : index to i32
  %ii = arith.index_cast %i : index to i32
  %t0 = arith.muli %ss, %k13 : i32
  %t1 = arith.muli %ii, %k5 : i32
  %t2 = arith.addi %t0, %t1 : i32
  %t3 = arith.addi %t2, %k2 : i32
  %t4 = arith.remsi %t3, %k9 : i32
  %t5 = arith.subi %t4, %k4 : i32
  return %t5 : i32
}

// Prints row %s of %m as ( v0, v1, ... ) and a newline.
func.func @print_row(%m: memref<?x?xi32>, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c1 : memref<?x?xi32>
  vector.print punctuation <open>
  scf.for %i = %c0 to %n step %c1 {
    %notfirst = arith.cmpi ne, %i, %c0 : index
    scf.if %notfirst {
      vector.print punctuation <comma>
    }
    %x = memref.load %m[%s, %i] : memref<?x?xi32>
    vector.print %x : i32 punctuation <no_punctuation>
  }
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

// Prints %v as ( v0, v1, ... ) and a newline.
func.func @print_vec(%v: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xi32>
  vector.print punctuation <open>
  scf.for %i = %c0 to %n step %c1 {
    %notfirst = arith.cmpi ne, %i, %c0 : index
    scf.if %notfirst {
      vector.print punctuation <comma>
    }
    %x = memref.load %v[%i] : memref<?xi32>
    vector.print %x : i32 punctuation <no_punctuation>
  }
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

// Fills a rows x cols input, scans its rows and prints the result.
func.func @run(%rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.alloc(%rows, %cols) : memref<?x?xi32>
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %cols step %c1 {
      %v = func.call @value(%s, %i) : (index, index) -> i32
      memref.store %v, %x[%s, %i] : memref<?x?xi32>
    }
  }
  %out = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @segscan(%x, %out) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
  %r = arith.index_cast %rows : index to i64
  %c = arith.index_cast %cols : index to i64
  vector.print str "segmented scan of "
  vector.print %r : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %c : i64 punctuation <no_punctuation>
  vector.print str ":\n"
  scf.for %s = %c0 to %rows step %c1 {
    vector.print str "  "
    func.call @print_row(%out, %s) : (memref<?x?xi32>, index) -> ()
  }
  memref.dealloc %x : memref<?x?xi32>
  memref.dealloc %out : memref<?x?xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  %c499 = arith.constant 499 : index
  %c999 = arith.constant 999 : index
  %n = arith.constant 1000 : index

  // The flat scans.
  %x = memref.alloc(%n) : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %v = func.call @value(%c0, %i) : (index, index) -> i32
    memref.store %v, %x[%i] : memref<?xi32>
  }
  %x20 = memref.subview %x[0] [20] [1] : memref<?xi32> to memref<20xi32>
  %x20d = memref.cast %x20 : memref<20xi32> to memref<?xi32>
  %out20 = memref.alloc(%c20) : memref<?xi32>
  func.call @scan(%x20d, %out20) : (memref<?xi32>, memref<?xi32>) -> ()
  vector.print str "scan of 20: "
  func.call @print_vec(%out20) : (memref<?xi32>) -> ()

  %out = memref.alloc(%n) : memref<?xi32>
  func.call @scan(%x, %out) : (memref<?xi32>, memref<?xi32>) -> ()
  %o499 = memref.load %out[%c499] : memref<?xi32>
  %o999 = memref.load %out[%c999] : memref<?xi32>
  vector.print str "scan of 1000: out[499] = "
  vector.print %o499 : i32 punctuation <no_punctuation>
  vector.print str ", out[999] = "
  vector.print %o999 : i32

  // The segmented scans.
  func.call @run(%c1, %c12) : (index, index) -> ()
  func.call @run(%c6, %c1) : (index, index) -> ()
  func.call @run(%c3, %c5) : (index, index) -> ()
  func.call @run(%c4, %c16) : (index, index) -> ()

  memref.dealloc %x : memref<?xi32>
  memref.dealloc %out20 : memref<?xi32>
  memref.dealloc %out : memref<?xi32>
  return
}
