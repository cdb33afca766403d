// narrow-segments.mlir - segmented reductions of u8 and i16 elements whose
// sequential kernel reads the rows of a tile in vectors: 16 u8 or 8 i16
// elements where every row is 16-byte aligned, one 32-bit word of them where
// rows are only word-aligned, one element at a time otherwise. The shapes
// (row stride, view offset, row length) hit each case: row strides of 16
// to 1000 elements, views from 0, 1, 2 or 4 elements past an aligned
// address, row lengths below a vector (1 to 8 columns), equal to it and
// with a partial last tile (33, 48, 1000). The small kernel's lanes read
// rows of 66 to 528 elements in vectors or words too: within warps where a
// row's lanes fit one (100 u8 as 25 words), else in the block (132 u8 as 33
// words, 66 to 528 i16). Not a test by itself (lit
// excludes Inputs/): Emulator/narrow-segments.test runs it through
// seg-to-cpu and the GPU path and diffs the outputs. Integer arithmetic
// only, so every order of combination prints the same.
//
// Output: per shape, the u8 row sums, the i16 row sums (widened to i32) and
// the i16 row maxima; then the sums of a 3-D space's innermost rows.

!v8 = memref<?x?xi8, strided<[?, 1], offset: ?>>
!v16 = memref<?x?xi16, strided<[?, 1], offset: ?>>

// Row sums of u8 rows, widened to i32.
func.func @rowsums_u8(%x: !v8, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : !v8
  %n = memref.dim %x, %c1 : !v8
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%m, %n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%s, %i] : !v8
    %w = arith.extui %xi : i8 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Row sums of i16 rows, widened to i32, plus the column index: the lanes
// of a vector must keep their elements' indices.
func.func @rowsums_i16(%x: !v16, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : !v16
  %n = memref.dim %x, %c1 : !v16
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%m, %n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%s, %i] : !v16
    %w = arith.extsi %xi : i16 to i32
    %ii = arith.index_cast %i : index to i32
    %v = arith.addi %w, %ii : i32
    seg.yield %v : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Row maxima of i16 rows (a narrow accumulator, no widening).
func.func @rowmax_i16(%x: !v16, %out: memref<?xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : !v16
  %n = memref.dim %x, %c1 : !v16
  %lowest = arith.constant -32768 : i16
  seg.red thread (%s, %i) in (%m, %n) outs(%out : memref<?xi16>) {
    %xi = memref.load %x[%s, %i] : !v16
    seg.yield %xi : i16
  } combine commutative (%a: i16, %b: i16) neutral(%lowest : i16) {
    %r = arith.maxsi %a, %b : i16
    seg.yield %r : i16
  }
  return
}

// Sums of the innermost rows of a 3-D space of u8 elements: every row is
// aligned only if both outer strides keep it so.
func.func @rowsums3d_u8(%x: memref<?x?x?xi8, strided<[?, ?, 1], offset: ?>>,
                        %out: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p = memref.dim %x, %c0 : memref<?x?x?xi8, strided<[?, ?, 1], offset: ?>>
  %q = memref.dim %x, %c1 : memref<?x?x?xi8, strided<[?, ?, 1], offset: ?>>
  %n = memref.dim %x, %c2 : memref<?x?x?xi8, strided<[?, ?, 1], offset: ?>>
  %zero = arith.constant 0 : i32
  seg.red thread (%a, %b, %i) in (%p, %q, %n) outs(%out : memref<?x?xi32>) {
    %xi = memref.load %x[%a, %b, %i] : memref<?x?x?xi8, strided<[?, ?, 1], offset: ?>>
    %w = arith.extui %xi : i8 to i32
    seg.yield %w : i32
  } combine commutative (%l: i32, %r: i32) neutral(%zero : i32) {
    %s = arith.addi %l, %r : i32
    seg.yield %s : i32
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c0_i16 = arith.constant 0 : i16
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
  %sums = memref.alloc(%rows) : memref<?xi32>
  %maxima = memref.alloc(%rows) : memref<?xi16>
  // (row stride, offset, columns) per shape.
  %strides = arith.constant dense<[64, 64, 64, 64, 64, 64, 64, 64, 64, 36, 36, 37, 64, 64, 1000, 1000, 16, 68, 104, 144, 133, 528]> : vector<22xindex>
  %offsets = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 1, 0, 2, 0, 2, 0, 0, 0, 0]> : vector<22xindex>
  %columns = arith.constant dense<[0, 1, 2, 3, 4, 8, 16, 32, 48, 36, 32, 33, 32, 20, 1000, 998, 16, 66, 100, 132, 132, 528]> : vector<22xindex>
  %c22 = arith.constant 22 : index
  scf.for %k = %c0 to %c22 step %c1 {
    %stride = vector.extract %strides[%k] : index from vector<22xindex>
    %off = vector.extract %offsets[%k] : index from vector<22xindex>
    %n = vector.extract %columns[%k] : index from vector<22xindex>
    %v8 = memref.reinterpret_cast %x8 to offset: [%off], sizes: [%rows, %n], strides: [%stride, 1] : memref<?xi8> to !v8
    %v16 = memref.reinterpret_cast %x16 to offset: [%off], sizes: [%rows, %n], strides: [%stride, 1] : memref<?xi16> to !v16
    func.call @rowsums_u8(%v8, %sums) : (!v8, memref<?xi32>) -> ()
    %s8 = vector.transfer_read %sums[%c0], %c0_i32 {in_bounds = [true]} : memref<?xi32>, vector<70xi32>
    vector.print %s8 : vector<70xi32>
    func.call @rowsums_i16(%v16, %sums) : (!v16, memref<?xi32>) -> ()
    %s16 = vector.transfer_read %sums[%c0], %c0_i32 {in_bounds = [true]} : memref<?xi32>, vector<70xi32>
    vector.print %s16 : vector<70xi32>
    func.call @rowmax_i16(%v16, %maxima) : (!v16, memref<?xi16>) -> ()
    %m16 = vector.transfer_read %maxima[%c0], %c0_i16 {in_bounds = [true]} : memref<?xi16>, vector<70xi16>
    vector.print %m16 : vector<70xi16>
  }
  // 9 x 8 segments of 32 columns: the second dimension's stride keeps rows
  // aligned (64 bytes) or only word-aligned (36 bytes), the first's too
  // (576 or 292 bytes).
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c32 = arith.constant 32 : index
  %table = memref.alloc(%c9, %c8) : memref<?x?xi32>
  %outer = arith.constant dense<[576, 292, 576]> : vector<3xindex>
  %inner = arith.constant dense<[64, 36, 36]> : vector<3xindex>
  %c3 = arith.constant 3 : index
  scf.for %k = %c0 to %c3 step %c1 {
    %so = vector.extract %outer[%k] : index from vector<3xindex>
    %si = vector.extract %inner[%k] : index from vector<3xindex>
    %v = memref.reinterpret_cast %x8 to offset: [0], sizes: [%c9, %c8, %c32], strides: [%so, %si, 1] : memref<?xi8> to memref<?x?x?xi8, strided<[?, ?, 1], offset: ?>>
    func.call @rowsums3d_u8(%v, %table) : (memref<?x?x?xi8, strided<[?, ?, 1], offset: ?>>, memref<?x?xi32>) -> ()
    %flat = memref.reinterpret_cast %table to offset: [0], sizes: [72], strides: [1] : memref<?x?xi32> to memref<72xi32>
    %t = vector.transfer_read %flat[%c0], %c0_i32 {in_bounds = [true]} : memref<72xi32>, vector<72xi32>
    vector.print %t : vector<72xi32>
  }
  return
}
