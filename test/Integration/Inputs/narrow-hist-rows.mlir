// narrow-hist-rows.mlir - histograms over spaces of more than one dimension
// of u8 and i16 elements, whose kernels read whole rows in vectors of 16 u8
// or 8 i16 elements where every row is 16-byte aligned and the width divides
// the rows, in 32-bit words of 4 or 2 where rows are only word-aligned or
// only a word divides them, one element at a time otherwise. The shapes (row
// stride, view offset, row length) hit each case: rows of 0 to 1000
// elements, views from 0 to 4 elements past an aligned address, strides of
// 36, 37, 64 and 1000 elements. Not a test by itself (lit excludes
// Inputs/): Emulator/narrow-hist-rows.test runs it through seg-to-cpu and
// the GPU path and diffs the outputs. Integer arithmetic only, so every
// order of combination prints the same.
//
// Output: per shape, the u8 histogram of the whole 2-D space (256 bins),
// then per row the i16 counts and sums (64 bins each); then per shape of a
// 3-D space, the u8 histogram (16 bins) of every one of its 9 x 8 rows.

!v8 = memref<?x?xi8, strided<[?, 1], offset: ?>>
!v16 = memref<?x?xi16, strided<[?, 1], offset: ?>>
!v3 = memref<?x?x?xi8, strided<[?, ?, 1], offset: ?>>

// Counts of the u8 samples of a 2-D space into one histogram of 256 bins.
func.func @hist2d_u8(%x: !v8, %h: memref<256xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : !v8
  %n = memref.dim %x, %c1 : !v8
  %zero = arith.constant 0 : i32
  seg.hist thread (%s, %i) in (%m, %n) outs(%h : memref<256xi32>) {
    %xi = memref.load %x[%s, %i] : !v8
    %bin = arith.index_castui %xi : i8 to index
    %one = arith.constant 1 : i32
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Per row, counts and sums of i16 samples in 64 bins (the low six bits),
// plus their column index: the lanes of a vector keep their points'
// indices, and every point updates its own row's histograms.
func.func @rowhist_i16(%x: !v16, %counts: memref<70x64xi32>,
                       %sums: memref<70x64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : !v16
  %n = memref.dim %x, %c1 : !v16
  %zero = arith.constant 0 : i32
  seg.hist thread (%s, %i) in (%m, %n)
      outs(%counts, %sums : memref<70x64xi32>, memref<70x64xi32>) {
    %xi = memref.load %x[%s, %i] : !v16
    %mask = arith.constant 63 : i16
    %low = arith.andi %xi, %mask : i16
    %bin = arith.index_castui %low : i16 to index
    %one = arith.constant 1 : i32
    %w = arith.extsi %xi : i16 to i32
    %ii = arith.index_cast %i : index to i32
    %v = arith.addi %w, %ii : i32
    seg.yield %bin, %one, %bin, %v : index, i32, index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Per innermost row of a 3-D space (two segment dimensions), counts of u8
// samples in 16 bins (the low four bits).
func.func @rowhist3d_u8(%x: !v3, %h: memref<9x8x16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p = memref.dim %x, %c0 : !v3
  %q = memref.dim %x, %c1 : !v3
  %n = memref.dim %x, %c2 : !v3
  %zero = arith.constant 0 : i32
  seg.hist thread (%a, %b, %i) in (%p, %q, %n) outs(%h : memref<9x8x16xi32>) {
    %xi = memref.load %x[%a, %b, %i] : !v3
    %mask = arith.constant 15 : i8
    %low = arith.andi %xi, %mask : i8
    %bin = arith.index_castui %low : i8 to index
    %one = arith.constant 1 : i32
    seg.yield %bin, %one : index, i32
  } combine commutative (%l: i32, %r: i32) neutral(%zero : i32) {
    %s = arith.addi %l, %r : i32
    seg.yield %s : i32
  }
  return
}

// Zeroes every element of `h`.
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

// Prints the 70 rows of `h`.
func.func @print_rows(%h: memref<70x64xi32>) {
  %c0 = arith.constant 0 : index
  %rows = arith.constant 70 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0 : i32
  scf.for %r = %c0 to %rows step %c1 {
    %v = vector.transfer_read %h[%r, %c0], %pad {in_bounds = [true]} : memref<70x64xi32>, vector<64xi32>
    vector.print %v : vector<64xi32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0 : i32
  %total = arith.constant 72000 : index
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
  %rows = arith.constant 70 : index
  %h8 = memref.alloc() : memref<256xi32>
  %h8d = memref.cast %h8 : memref<256xi32> to memref<?xi32>
  %counts = memref.alloc() : memref<70x64xi32>
  %sums = memref.alloc() : memref<70x64xi32>
  %c4480 = arith.constant 4480 : index
  %countsd = memref.reinterpret_cast %counts to offset: [0], sizes: [%c4480], strides: [1] : memref<70x64xi32> to memref<?xi32>
  %sumsd = memref.reinterpret_cast %sums to offset: [0], sizes: [%c4480], strides: [1] : memref<70x64xi32> to memref<?xi32>
  // (row stride, offset, columns) per shape.
  %strides = arith.constant dense<[64, 64, 64, 64, 36, 36, 37, 64, 1000, 1000]> : vector<10xindex>
  %offsets = arith.constant dense<[0, 0, 0, 0, 0, 4, 0, 1, 0, 2]> : vector<10xindex>
  %columns = arith.constant dense<[0, 3, 16, 32, 36, 32, 32, 20, 1000, 996]> : vector<10xindex>
  %c10 = arith.constant 10 : index
  scf.for %k = %c0 to %c10 step %c1 {
    %stride = vector.extract %strides[%k] : index from vector<10xindex>
    %off = vector.extract %offsets[%k] : index from vector<10xindex>
    %n = vector.extract %columns[%k] : index from vector<10xindex>
    %v8 = memref.reinterpret_cast %x8 to offset: [%off], sizes: [%rows, %n], strides: [%stride, 1] : memref<?xi8> to !v8
    %v16 = memref.reinterpret_cast %x16 to offset: [%off], sizes: [%rows, %n], strides: [%stride, 1] : memref<?xi16> to !v16
    func.call @zero(%h8d) : (memref<?xi32>) -> ()
    func.call @hist2d_u8(%v8, %h8) : (!v8, memref<256xi32>) -> ()
    %hv = vector.transfer_read %h8[%c0], %pad {in_bounds = [true]} : memref<256xi32>, vector<256xi32>
    vector.print %hv : vector<256xi32>
    func.call @zero(%countsd) : (memref<?xi32>) -> ()
    func.call @zero(%sumsd) : (memref<?xi32>) -> ()
    func.call @rowhist_i16(%v16, %counts, %sums) : (!v16, memref<70x64xi32>, memref<70x64xi32>) -> ()
    func.call @print_rows(%counts) : (memref<70x64xi32>) -> ()
    func.call @print_rows(%sums) : (memref<70x64xi32>) -> ()
  }
  // 9 x 8 rows of 32 columns: the second dimension's stride keeps rows
  // aligned (64 bytes) or only word-aligned (36 bytes), the first's too
  // (576 or 292 bytes).
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c32 = arith.constant 32 : index
  %c72 = arith.constant 72 : index
  %c1152 = arith.constant 1152 : index
  %h3 = memref.alloc() : memref<9x8x16xi32>
  %h3d = memref.reinterpret_cast %h3 to offset: [0], sizes: [%c1152], strides: [1] : memref<9x8x16xi32> to memref<?xi32>
  %h3rows = memref.reinterpret_cast %h3 to offset: [0], sizes: [72, 16], strides: [16, 1] : memref<9x8x16xi32> to memref<72x16xi32>
  %outer = arith.constant dense<[576, 292, 576]> : vector<3xindex>
  %inner = arith.constant dense<[64, 36, 36]> : vector<3xindex>
  %c3 = arith.constant 3 : index
  scf.for %k = %c0 to %c3 step %c1 {
    %so = vector.extract %outer[%k] : index from vector<3xindex>
    %si = vector.extract %inner[%k] : index from vector<3xindex>
    %v = memref.reinterpret_cast %x8 to offset: [0], sizes: [%c9, %c8, %c32], strides: [%so, %si, 1] : memref<?xi8> to !v3
    func.call @zero(%h3d) : (memref<?xi32>) -> ()
    func.call @rowhist3d_u8(%v, %h3) : (!v3, memref<9x8x16xi32>) -> ()
    scf.for %r = %c0 to %c72 step %c1 {
      %t = vector.transfer_read %h3rows[%r, %c0], %pad {in_bounds = [true]} : memref<72x16xi32>, vector<16xi32>
      vector.print %t : vector<16xi32>
    }
  }
  return
}
