// narrow-loads.mlir - histograms and reductions of u8 and i16 elements,
// whose kernels read 16 (u8) or 8 (i16) consecutive elements with one
// 128-bit vector load, over views that start 0 to 17 elements past an
// aligned address and have lengths that are no multiple of a vector, and
// over rows of odd lengths and strides, so that the peeled head, the
// vectors and the tail meet every alignment and remainder. Not a test by
// itself (lit excludes Inputs/): Emulator/narrow-loads.test runs it through
// seg-to-cpu and the GPU path and diffs the outputs. Integer arithmetic
// only, so every order of combination prints the same.
//
// Output: per view, the u8 histogram (256 bins), the i16 histogram (64
// bins of counts and 64 of sums), the u8 and i16 sums; then the row sums.

// Counts of u8 samples into 256 bins.
func.func @hist_u8(%x: memref<?xi8, strided<[1], offset: ?>>,
                   %h: memref<256xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi8, strided<[1], offset: ?>>
  %zero = arith.constant 0 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %xi = memref.load %x[%i] : memref<?xi8, strided<[1], offset: ?>>
    %bin = arith.index_castui %xi : i8 to index
    %one = arith.constant 1 : i32
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// Counts and sums of i16 samples in 64 bins (the low six bits), plus
// their index: the lanes of a vector must keep their points' indices.
func.func @hist_i16(%x: memref<?xi16, strided<[1], offset: ?>>,
                    %counts: memref<64xi32>, %sums: memref<64xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi16, strided<[1], offset: ?>>
  %zero = arith.constant 0 : i32
  seg.hist thread (%i) in (%n) outs(%counts, %sums : memref<64xi32>, memref<64xi32>) {
    %xi = memref.load %x[%i] : memref<?xi16, strided<[1], offset: ?>>
    %m = arith.constant 63 : i16
    %low = arith.andi %xi, %m : i16
    %bin = arith.index_castui %low : i16 to index
    %one = arith.constant 1 : i32
    %w = arith.extsi %xi : i16 to i32
    %ii = arith.index_cast %i : index to i32
    %v = arith.addi %w, %ii : i32
    seg.yield %bin, %one, %bin, %v : index, i32, index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// sum(x[i]) of u8 samples, widened to i32.
func.func @sum_u8(%x: memref<?xi8, strided<[1], offset: ?>>) -> i32 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi8, strided<[1], offset: ?>>
  %out = memref.alloc() : memref<i32>
  %zero = arith.constant 0 : i32
  seg.red thread (%i) in (%n) outs(%out : memref<i32>) {
    %xi = memref.load %x[%i] : memref<?xi8, strided<[1], offset: ?>>
    %w = arith.extui %xi : i8 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  %r = memref.load %out[] : memref<i32>
  memref.dealloc %out : memref<i32>
  return %r : i32
}

// The largest i16 sample (max of a narrow type, no widening).
func.func @max_i16(%x: memref<?xi16, strided<[1], offset: ?>>) -> i16 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi16, strided<[1], offset: ?>>
  %out = memref.alloc() : memref<i16>
  %lowest = arith.constant -32768 : i16
  seg.red thread (%i) in (%n) outs(%out : memref<i16>) {
    %xi = memref.load %x[%i] : memref<?xi16, strided<[1], offset: ?>>
    seg.yield %xi : i16
  } combine commutative (%a: i16, %b: i16) neutral(%lowest : i16) {
    %s = arith.maxsi %a, %b : i16
    seg.yield %s : i16
  }
  %r = memref.load %out[] : memref<i16>
  memref.dealloc %out : memref<i16>
  return %r : i16
}

// Row sums of u8 rows.
func.func @rowsums_u8(%x: memref<?x?xi8, strided<[?, 1], offset: ?>>,
                      %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xi8, strided<[?, 1], offset: ?>>
  %n = memref.dim %x, %c1 : memref<?x?xi8, strided<[?, 1], offset: ?>>
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%m, %n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%s, %i] : memref<?x?xi8, strided<[?, 1], offset: ?>>
    %w = arith.extui %xi : i8 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Row sums of i16 rows, widened to i32.
func.func @rowsums_i16(%x: memref<?x?xi16, strided<[?, 1], offset: ?>>,
                       %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xi16, strided<[?, 1], offset: ?>>
  %n = memref.dim %x, %c1 : memref<?x?xi16, strided<[?, 1], offset: ?>>
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%m, %n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%s, %i] : memref<?x?xi16, strided<[?, 1], offset: ?>>
    %w = arith.extsi %xi : i16 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

func.func @zero(%h: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xi32>
  %z = arith.constant 0 : i32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %h[%i] : memref<?xi32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %total = arith.constant 20048 : index
  %x8 = memref.alloc(%total) : memref<?xi8>
  %x16 = memref.alloc(%total) : memref<?xi16>
  // x[g] = (g * 7919) mod 65521, truncated to 8 and 16 bits.
  scf.for %g = %c0 to %total step %c1 {
    %gi = arith.index_cast %g : index to i32
    %k = arith.constant 7919 : i32
    %p = arith.constant 65521 : i32
    %t = arith.muli %gi, %k : i32
    %r = arith.remui %t, %p : i32
    %r8 = arith.trunci %r : i32 to i8
    %r16 = arith.trunci %r : i32 to i16
    memref.store %r8, %x8[%g] : memref<?xi8>
    memref.store %r16, %x16[%g] : memref<?xi16>
  }
  %h8 = memref.alloc() : memref<256xi32>
  %counts = memref.alloc() : memref<64xi32>
  %sums = memref.alloc() : memref<64xi32>
  %h8d = memref.cast %h8 : memref<256xi32> to memref<?xi32>
  %countsd = memref.cast %counts : memref<64xi32> to memref<?xi32>
  %sumsd = memref.cast %sums : memref<64xi32> to memref<?xi32>
  %lengths = arith.constant dense<[0, 1, 3, 15, 17, 33, 257, 4099, 20007]> : vector<9xindex>
  %offsets = arith.constant dense<[0, 1, 2, 3, 5, 7, 8, 12, 15, 17]> : vector<10xindex>
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %pad = arith.constant 0 : i32
  scf.for %oi = %c0 to %c10 step %c1 {
    %off = vector.extract %offsets[%oi] : index from vector<10xindex>
    scf.for %li = %c0 to %c9 step %c1 {
      %len = vector.extract %lengths[%li] : index from vector<9xindex>
      %v8 = memref.subview %x8[%off] [%len] [1] : memref<?xi8> to memref<?xi8, strided<[1], offset: ?>>
      %v16 = memref.subview %x16[%off] [%len] [1] : memref<?xi16> to memref<?xi16, strided<[1], offset: ?>>
      func.call @zero(%h8d) : (memref<?xi32>) -> ()
      func.call @zero(%countsd) : (memref<?xi32>) -> ()
      func.call @zero(%sumsd) : (memref<?xi32>) -> ()
      func.call @hist_u8(%v8, %h8) : (memref<?xi8, strided<[1], offset: ?>>, memref<256xi32>) -> ()
      func.call @hist_i16(%v16, %counts, %sums) : (memref<?xi16, strided<[1], offset: ?>>, memref<64xi32>, memref<64xi32>) -> ()
      %s8 = func.call @sum_u8(%v8) : (memref<?xi8, strided<[1], offset: ?>>) -> i32
      %m16 = func.call @max_i16(%v16) : (memref<?xi16, strided<[1], offset: ?>>) -> i16
      %hv = vector.transfer_read %h8[%c0], %pad {in_bounds = [true]} : memref<256xi32>, vector<256xi32>
      %cv = vector.transfer_read %counts[%c0], %pad {in_bounds = [true]} : memref<64xi32>, vector<64xi32>
      %sv = vector.transfer_read %sums[%c0], %pad {in_bounds = [true]} : memref<64xi32>, vector<64xi32>
      vector.print %hv : vector<256xi32>
      vector.print %cv : vector<64xi32>
      vector.print %sv : vector<64xi32>
      vector.print %s8 : i32
      vector.print %m16 : i16
    }
  }
  // 37 rows of 531 elements (a row stride of 531 elements) viewed from
  // column 0 to 4 with 531 - off and 2 columns: every row starts at
  // another alignment.
  %c5 = arith.constant 5 : index
  %c531 = arith.constant 531 : index
  %rows = memref.alloc() : memref<37xi32>
  %rv = memref.cast %rows : memref<37xi32> to memref<?xi32>
  %flat8 = memref.reinterpret_cast %x8 to offset: [0], sizes: [37, 531], strides: [531, 1] : memref<?xi8> to memref<37x531xi8, strided<[531, 1]>>
  %flat16 = memref.reinterpret_cast %x16 to offset: [0], sizes: [37, 531], strides: [531, 1] : memref<?xi16> to memref<37x531xi16, strided<[531, 1]>>
  scf.for %off = %c0 to %c5 step %c1 {
    %cols = arith.subi %c531, %off : index
    %v8 = memref.subview %flat8[0, %off] [37, %cols] [1, 1] : memref<37x531xi8, strided<[531, 1]>> to memref<37x?xi8, strided<[531, 1], offset: ?>>
    %vs8 = memref.cast %v8 : memref<37x?xi8, strided<[531, 1], offset: ?>> to memref<?x?xi8, strided<[?, 1], offset: ?>>
    func.call @rowsums_u8(%vs8, %rv) : (memref<?x?xi8, strided<[?, 1], offset: ?>>, memref<?xi32>) -> ()
    %r8 = vector.transfer_read %rows[%c0], %pad {in_bounds = [true]} : memref<37xi32>, vector<37xi32>
    vector.print %r8 : vector<37xi32>
    %v16 = memref.subview %flat16[0, %off] [37, %cols] [1, 1] : memref<37x531xi16, strided<[531, 1]>> to memref<37x?xi16, strided<[531, 1], offset: ?>>
    %vs16 = memref.cast %v16 : memref<37x?xi16, strided<[531, 1], offset: ?>> to memref<?x?xi16, strided<[?, 1], offset: ?>>
    func.call @rowsums_i16(%vs16, %rv) : (memref<?x?xi16, strided<[?, 1], offset: ?>>, memref<?xi32>) -> ()
    %r16 = vector.transfer_read %rows[%c0], %pad {in_bounds = [true]} : memref<37xi32>, vector<37xi32>
    vector.print %r16 : vector<37xi32>
  }
  return
}
