// red-vector-loads.mlir - commutative reductions whose bodies read their
// inputs along the reduced dimension, over views that start 0 to 3 elements
// past an aligned address and have odd lengths, so that the vector loads of
// the large-segments kernel meet aligned and misaligned ranges and every
// remainder length. Not a test by itself (lit excludes Inputs/):
// Emulator/red-vector-loads.test runs it through seg-to-cpu and the GPU
// path and diffs the outputs. Integer arithmetic only, so every order of
// combination prints the same.
//
// Output: one line per reduction and view, `vector.print`ed sums.

// sum(x[i]) over a 1-D view.
func.func @sum(%x: memref<?xi32, strided<[1], offset: ?>>) -> i32 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32, strided<[1], offset: ?>>
  %out = memref.alloc() : memref<i32>
  %zero = arith.constant 0 : i32
  seg.red thread (%i) in (%n) outs(%out : memref<i32>) {
    %xi = memref.load %x[%i] : memref<?xi32, strided<[1], offset: ?>>
    seg.yield %xi : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  %r = memref.load %out[] : memref<i32>
  memref.dealloc %out : memref<i32>
  return %r : i32
}

// sum(x[i] * y[i] + i) with x i32 and y i64: two contiguous loads of
// different widths (vectors of 2) and a use of the index.
func.func @dot(%x: memref<?xi32, strided<[1], offset: ?>>,
               %y: memref<?xi64, strided<[1], offset: ?>>) -> i64 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32, strided<[1], offset: ?>>
  %out = memref.alloc() : memref<i64>
  %zero = arith.constant 0 : i64
  seg.red thread (%i) in (%n) outs(%out : memref<i64>) {
    %xi = memref.load %x[%i] : memref<?xi32, strided<[1], offset: ?>>
    %yi = memref.load %y[%i] : memref<?xi64, strided<[1], offset: ?>>
    %xw = arith.extsi %xi : i32 to i64
    %p = arith.muli %xw, %yi : i64
    %ii = arith.index_cast %i : index to i64
    %v = arith.addi %p, %ii : i64
    seg.yield %v : i64
  } combine commutative (%a: i64, %b: i64) neutral(%zero : i64) {
    %s = arith.addi %a, %b : i64
    seg.yield %s : i64
  }
  %r = memref.load %out[] : memref<i64>
  memref.dealloc %out : memref<i64>
  return %r : i64
}

// Row sums of a 2-D view: rows of an odd length start at every alignment.
func.func @rowsums(%x: memref<?x?xi32, strided<[?, 1], offset: ?>>,
                   %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xi32, strided<[?, 1], offset: ?>>
  %n = memref.dim %x, %c1 : memref<?x?xi32, strided<[?, 1], offset: ?>>
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%m, %n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%s, %i] : memref<?x?xi32, strided<[?, 1], offset: ?>>
    seg.yield %xi : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %total = arith.constant 20011 : index
  %x = memref.alloc(%total) : memref<?xi32>
  %y = memref.alloc(%total) : memref<?xi64>
  // x[g] = (g * 7919) mod 1013 - 506, y[g] = g mod 17 - 8.
  scf.for %g = %c0 to %total step %c1 {
    %gi = arith.index_cast %g : index to i32
    %k = arith.constant 7919 : i32
    %p = arith.constant 1013 : i32
    %h = arith.constant 506 : i32
    %t = arith.muli %gi, %k : i32
    %r = arith.remui %t, %p : i32
    %v = arith.subi %r, %h : i32
    memref.store %v, %x[%g] : memref<?xi32>
    %g64 = arith.index_cast %g : index to i64
    %q = arith.constant 17 : i64
    %e = arith.constant 8 : i64
    %w = arith.remui %g64, %q : i64
    %u = arith.subi %w, %e : i64
    memref.store %u, %y[%g] : memref<?xi64>
  }
  %lengths = memref.alloc() : memref<6xindex>
  %l0 = arith.constant 20007 : index
  %l1 = arith.constant 4096 : index
  %l2 = arith.constant 257 : index
  %l3 = arith.constant 3 : index
  %l4 = arith.constant 1 : index
  %l5 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  memref.store %l0, %lengths[%c0] : memref<6xindex>
  memref.store %l1, %lengths[%c1] : memref<6xindex>
  memref.store %l2, %lengths[%c2] : memref<6xindex>
  memref.store %l3, %lengths[%c3] : memref<6xindex>
  memref.store %l4, %lengths[%c4] : memref<6xindex>
  memref.store %l5, %lengths[%c5] : memref<6xindex>
  scf.for %off = %c0 to %c4 step %c1 {
    scf.for %li = %c0 to %c6 step %c1 {
      %len = memref.load %lengths[%li] : memref<6xindex>
      %xv = memref.subview %x[%off] [%len] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
      %yv = memref.subview %y[%off] [%len] [1] : memref<?xi64> to memref<?xi64, strided<[1], offset: ?>>
      %s = func.call @sum(%xv) : (memref<?xi32, strided<[1], offset: ?>>) -> i32
      %d = func.call @dot(%xv, %yv) : (memref<?xi32, strided<[1], offset: ?>>, memref<?xi64, strided<[1], offset: ?>>) -> i64
      vector.print %s : i32
      vector.print %d : i64
    }
  }
  // 37 rows of 531 elements (a row stride of 531 elements) viewed from
  // column 0 to 3 with 531 - off and 2 columns.
  %c37 = arith.constant 37 : index
  %c531 = arith.constant 531 : index
  %rows = memref.alloc() : memref<37xi32>
  %flat = memref.reinterpret_cast %x to offset: [0], sizes: [37, 531], strides: [531, 1] : memref<?xi32> to memref<37x531xi32, strided<[531, 1]>>
  scf.for %off = %c0 to %c4 step %c1 {
    %cols = arith.subi %c531, %off : index
    %v = memref.subview %flat[0, %off] [37, %cols] [1, 1] : memref<37x531xi32, strided<[531, 1]>> to memref<37x?xi32, strided<[531, 1], offset: ?>>
    %vs = memref.cast %v : memref<37x?xi32, strided<[531, 1], offset: ?>> to memref<?x?xi32, strided<[?, 1], offset: ?>>
    %rv = memref.cast %rows : memref<37xi32> to memref<?xi32>
    func.call @rowsums(%vs, %rv) : (memref<?x?xi32, strided<[?, 1], offset: ?>>, memref<?xi32>) -> ()
    %pad = arith.constant 0 : i32
    %rvec = vector.transfer_read %rows[%c0], %pad {in_bounds = [true]} : memref<37xi32>, vector<37xi32>
    vector.print %rvec : vector<37xi32>
  }
  return
}
