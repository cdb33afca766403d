// Products for the wgmma tiling of seg-tile-block-register:
//   @product_nt  operands that TMA reads as wgmma needs them (row-major,
//                k innermost, rows of 64 f32 = 256 bytes): C = A Bt^T at
//                100 x 40 x 64, A[i][k] and Bt[j][k]; N = 40 gives
//                64-column block tiles;
//   @batched     3 products of At[b][k][i] and Bt[b][j][k] at
//                b x M x N x K = 3 x 129 x 65 x 257 (packed operands).
//   @product_strided  C = A Bt^T on strided views (k innermost, dynamic
//                row strides and offsets) at 70 x 50 x 41, k up to 41 in
//                views 45 wide: TMA reads a view itself where the host test
//                finds its start and row stride multiples of 16 bytes
//                (views at offset 0 of buffers with rows of 64 f32), else
//                a packed copy (a view 1 f32 into its buffer, rows of 1025
//                f32).
//   @product_from  C = A Bt^T with k from `lo` to 200 at 130 x 70: both
//                operands packed (k does not start at 0) by the copy with
//                16-byte loads (lo = 8: interior and edge tiles) or
//                without (lo = 3: the k range is not 16-byte aligned).
// @main prints weighted checksums of the results (i64, exact: the elements
// are small integers).

func.func @product_nt(%A: memref<100x64xf32>, %Bt: memref<40x64xf32>,
                      %C: memref<100x40xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  seg.map thread (%i, %j) in (100, 40) outs(%C : memref<100x40xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %c64 step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<100x64xf32>
      %b = memref.load %Bt[%j, %k] : memref<40x64xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<100x40xf32>
    }
  }
  return
}

func.func @batched(%At: memref<3x?x?xf32>, %Bt: memref<3x?x?xf32>,
                   %C: memref<3x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %u = memref.dim %At, %c1 : memref<3x?x?xf32>
  %m = memref.dim %At, %c2 : memref<3x?x?xf32>
  %n = memref.dim %Bt, %c1 : memref<3x?x?xf32>
  seg.map thread (%b, %i, %j) in (3, %m, %n) outs(%C : memref<3x?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %At[%b, %k, %i] : memref<3x?x?xf32>
      %v = memref.load %Bt[%b, %j, %k] : memref<3x?x?xf32>
      %p = arith.mulf %a, %v : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<3x?x?xf32>
    }
  }
  return
}

// x[r][c] = ((u r + v c + w) mod 13) - 6
func.func @fill(%x: memref<?x?xf32>, %u: index, %v: index, %w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c13 = arith.constant 13 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %t0 = arith.muli %r, %u : index
      %t1 = arith.muli %c, %v : index
      %t2 = arith.addi %t0, %t1 : index
      %t3 = arith.addi %t2, %w : index
      %t4 = arith.remui %t3, %c13 : index
      %t5 = arith.subi %t4, %c6 : index
      %t6 = arith.index_cast %t5 : index to i64
      %f = arith.sitofp %t6 : i64 to f32
      memref.store %f, %x[%r, %c] : memref<?x?xf32>
    }
  }
  return
}

// sum_{r,c} x[r][c] * ((7 r + 3 c) mod 11 + 1), in i64 (exact).
func.func @checksum(%x: memref<?x?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  %zero = arith.constant 0 : i64
  %sum = scf.for %r = %c0 to %rows step %c1 iter_args(%a = %zero) -> (i64) {
    %row = scf.for %c = %c0 to %cols step %c1 iter_args(%t = %a) -> (i64) {
      %v = memref.load %x[%r, %c] : memref<?x?xf32>
      %vd = arith.fptosi %v : f32 to i64
      %w0 = arith.muli %r, %c7 : index
      %w1 = arith.muli %c, %c3 : index
      %w2 = arith.addi %w0, %w1 : index
      %w4 = arith.remui %w2, %c11 : index
      %w5 = arith.addi %w4, %c1 : index
      %w = arith.index_cast %w5 : index to i64
      %p = arith.muli %vd, %w : i64
      %t1 = arith.addi %t, %p : i64
      scf.yield %t1 : i64
    }
    scf.yield %row : i64
  }
  return %sum : i64
}

func.func @product_strided(%A: memref<?x?xf32, strided<[?, 1], offset: ?>>,
                           %Bt: memref<?x?xf32, strided<[?, 1], offset: ?>>,
                           %C: memref<?x?xf32>, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32, strided<[?, 1], offset: ?>>
      %b = memref.load %Bt[%j, %k] : memref<?x?xf32, strided<[?, 1], offset: ?>>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

func.func @product_from(%A: memref<?x?xf32>, %Bt: memref<?x?xf32>,
                        %C: memref<?x?xf32>, %lo: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  %u = memref.dim %A, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %lo to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %Bt[%j, %k] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// @product_from at 130 x 70 x 200 from k = `lo`; prints the checksum of C.
func.func @run_from(%lo: index) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %m = arith.constant 130 : index
  %n = arith.constant 70 : index
  %u = arith.constant 200 : index
  %A = memref.alloc(%m, %u) {alignment = 64 : i64} : memref<?x?xf32>
  %Bt = memref.alloc(%n, %u) {alignment = 64 : i64} : memref<?x?xf32>
  %C = memref.alloc(%m, %n) : memref<?x?xf32>
  func.call @fill(%A, %c3, %c5, %c1) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%Bt, %c7, %c3, %c5) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%C, %c1, %c1, %c1) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @product_from(%A, %Bt, %C, %lo)
      : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
  %sum = func.call @checksum(%C) : (memref<?x?xf32>) -> i64
  vector.print str "product_from: "
  vector.print %sum : i64
  memref.dealloc %A : memref<?x?xf32>
  memref.dealloc %Bt : memref<?x?xf32>
  memref.dealloc %C : memref<?x?xf32>
  return
}

// @product_strided on views of `pitch`-wide buffers, `offset` elements into
// each row; prints the checksum of C.
func.func @run_strided(%pitch: index, %offsetA: index, %offsetB: index) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %m = arith.constant 70 : index
  %n = arith.constant 50 : index
  %w = arith.constant 45 : index
  %u = arith.constant 41 : index
  %bufA = memref.alloc(%m, %pitch) {alignment = 64 : i64} : memref<?x?xf32>
  %bufB = memref.alloc(%n, %pitch) {alignment = 64 : i64} : memref<?x?xf32>
  %C = memref.alloc(%m, %n) : memref<?x?xf32>
  func.call @fill(%bufA, %c3, %c5, %c1) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%bufB, %c7, %c3, %c5) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%C, %c1, %c1, %c1) : (memref<?x?xf32>, index, index, index) -> ()
  %a = memref.subview %bufA[0, %offsetA] [%m, %w] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %b = memref.subview %bufB[0, %offsetB] [%n, %w] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  func.call @product_strided(%a, %b, %C, %u)
      : (memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32>, index) -> ()
  %sum = func.call @checksum(%C) : (memref<?x?xf32>) -> i64
  vector.print str "product_strided: "
  vector.print %sum : i64
  memref.dealloc %bufA : memref<?x?xf32>
  memref.dealloc %bufB : memref<?x?xf32>
  memref.dealloc %C : memref<?x?xf32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc() {alignment = 64 : i64} : memref<100x64xf32>
  %Bt = memref.alloc() {alignment = 64 : i64} : memref<40x64xf32>
  %C = memref.alloc() : memref<100x40xf32>
  %a = memref.cast %A : memref<100x64xf32> to memref<?x?xf32>
  %b = memref.cast %Bt : memref<40x64xf32> to memref<?x?xf32>
  %c = memref.cast %C : memref<100x40xf32> to memref<?x?xf32>
  func.call @fill(%a, %c3, %c5, %c1) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%b, %c7, %c3, %c5) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%c, %c1, %c1, %c1) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @product_nt(%A, %Bt, %C)
      : (memref<100x64xf32>, memref<40x64xf32>, memref<100x40xf32>) -> ()
  %sum = func.call @checksum(%c) : (memref<?x?xf32>) -> i64
  vector.print str "product_nt: "
  vector.print %sum : i64
  memref.dealloc %A : memref<100x64xf32>
  memref.dealloc %Bt : memref<40x64xf32>
  memref.dealloc %C : memref<100x40xf32>

  // Batched: each batch's At (K x M), Bt (N x K) and C (M x N) filled and
  // summed as 2-D subviews.
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %m = arith.constant 129 : index
  %n = arith.constant 65 : index
  %u = arith.constant 257 : index
  %At3 = memref.alloc(%u, %m) {alignment = 64 : i64} : memref<3x?x?xf32>
  %Bt3 = memref.alloc(%n, %u) {alignment = 64 : i64} : memref<3x?x?xf32>
  %C3 = memref.alloc(%m, %n) {alignment = 64 : i64} : memref<3x?x?xf32>
  %c3b = arith.constant 3 : index
  scf.for %q = %c0 to %c3b step %c1 {
    %w = arith.addi %q, %c1 : index
    %at = memref.subview %At3[%q, 0, 0] [1, %u, %m] [1, 1, 1] : memref<3x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %bt = memref.subview %Bt3[%q, 0, 0] [1, %n, %u] [1, 1, 1] : memref<3x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %ct = memref.subview %C3[%q, 0, 0] [1, %m, %n] [1, 1, 1] : memref<3x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    func.call @fill_view(%at, %c3, %c5, %w) : (memref<?x?xf32, strided<[?, 1], offset: ?>>, index, index, index) -> ()
    func.call @fill_view(%bt, %c7, %c3, %w) : (memref<?x?xf32, strided<[?, 1], offset: ?>>, index, index, index) -> ()
    func.call @fill_view(%ct, %c1, %c1, %w) : (memref<?x?xf32, strided<[?, 1], offset: ?>>, index, index, index) -> ()
  }
  func.call @batched(%At3, %Bt3, %C3)
      : (memref<3x?x?xf32>, memref<3x?x?xf32>, memref<3x?x?xf32>) -> ()
  scf.for %q = %c0 to %c3b step %c1 {
    %ct = memref.subview %C3[%q, 0, 0] [1, %m, %n] [1, 1, 1] : memref<3x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %copy = memref.alloc(%m, %n) : memref<?x?xf32>
    memref.copy %ct, %copy : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32>
    %bsum = func.call @checksum(%copy) : (memref<?x?xf32>) -> i64
    vector.print str "batched: "
    vector.print %bsum : i64
    memref.dealloc %copy : memref<?x?xf32>
  }
  memref.dealloc %At3 : memref<3x?x?xf32>
  memref.dealloc %Bt3 : memref<3x?x?xf32>
  memref.dealloc %C3 : memref<3x?x?xf32>

  // Both views aligned (TMA reads them, k past 41 zero-filled); A 4 bytes
  // past an aligned start (A packed, B from the view); rows of 1025 f32
  // (both packed).
  %c64 = arith.constant 64 : index
  %c1025 = arith.constant 1025 : index
  func.call @run_strided(%c64, %c0, %c0) : (index, index, index) -> ()
  func.call @run_strided(%c64, %c1, %c0) : (index, index, index) -> ()
  func.call @run_strided(%c1025, %c0, %c0) : (index, index, index) -> ()
  %c8 = arith.constant 8 : index
  func.call @run_from(%c8) : (index) -> ()
  func.call @run_from(%c3) : (index) -> ()
  return
}

// @fill on a strided view.
func.func @fill_view(%x: memref<?x?xf32, strided<[?, 1], offset: ?>>,
                     %u: index, %v: index, %w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32, strided<[?, 1], offset: ?>>
  %cols = memref.dim %x, %c1 : memref<?x?xf32, strided<[?, 1], offset: ?>>
  %t = memref.alloc(%rows, %cols) : memref<?x?xf32>
  func.call @fill(%t, %u, %v, %w) : (memref<?x?xf32>, index, index, index) -> ()
  memref.copy %t, %x : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  memref.dealloc %t : memref<?x?xf32>
  return
}
