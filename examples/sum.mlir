// sum.mlir - the sum of an f32 array.
//
// The simplest reduction: a one-dimensional `seg.red` at level `thread`
// is a single segment, so its accumulator memref has rank 0. The body is
// the map (here: load the element at %i) and the one operator is f32
// addition, flagged `commutative` so that a parallel lowering may combine
// partial sums in any order. Its neutral element is 0.0.
//
// The input is x[i] = ((i * 7 + 3) mod 11) - 4 for i in [0, n): small
// integers, so every partial sum is exact in f32 and the result does not
// depend on the order of the additions. Any 11 consecutive elements sum
// to (0 + 1 + ... + 10) - 11 * 4 = 11, so 1000 = 90 * 11 + 10 elements sum
// to 990 + (11 - x[10]) = 990 + 8 = 998. @sum is called on:
//   * the first 1000 elements (n = 1000),
//   * the first element only (n = 1: the result is x[0] = -1),
//   * no elements (n = 0: the result is the neutral element 0),
//   * the same 1000 elements with an explicit grid, which a parallel
//     lowering uses to size its kernel and which the sequential reference
//     lowering ignores,
//   * the squares of the 1000 elements, with the squaring in the map.
//
// Run: seg-opt sum.mlir --seg-to-cpu | mlir-runner -e main ...
// Expected output (also produced by reference/sum.py):
//
// CHECK:      sum(x[0:1000]) = 998
// CHECK-NEXT: sum(x[0:1]) = -1
// CHECK-NEXT: sum(x[0:0]) = 0
// CHECK-NEXT: sum with grid = 998
// CHECK-NEXT: sum of squares = 11002

// Sum of the first %n elements of %x.
func.func @sum(%x: memref<?xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %out = memref.alloca() : memref<f32>
  seg.red thread (%i) in (%n) outs(%out : memref<f32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  %r = memref.load %out[] : memref<f32>
  return %r : f32
}

// The same sum with a grid of 4 blocks of 32 threads: every thread sums
// several elements (the space is virtualised over the grid).
func.func @sum_grid(%x: memref<?xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %out = memref.alloca() : memref<f32>
  seg.red thread (%i) in (%n) grid(num_blocks = 4, block_size = 32)
      outs(%out : memref<f32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  %r = memref.load %out[] : memref<f32>
  return %r : f32
}

// Sum of squares: the map computes x[i] * x[i] before the reduction.
func.func @sum_squares(%x: memref<?xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %out = memref.alloca() : memref<f32>
  seg.red thread (%i) in (%n) outs(%out : memref<f32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    %sq = arith.mulf %xi, %xi : f32
    seg.yield %sq : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  %r = memref.load %out[] : memref<f32>
  return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c7 = arith.constant 7 : i64
  %c11 = arith.constant 11 : i64

  // x[i] = ((i * 7 + 3) mod 11) - 4
  %x = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %t0 = arith.muli %ii, %c7 : i64
    %t1 = arith.addi %t0, %c3 : i64
    %t2 = arith.remsi %t1, %c11 : i64
    %t3 = arith.subi %t2, %c4 : i64
    %v = arith.sitofp %t3 : i64 to f32
    memref.store %v, %x[%i] : memref<?xf32>
  }

  %s1000 = func.call @sum(%x, %n) : (memref<?xf32>, index) -> f32
  vector.print str "sum(x[0:1000]) = "
  vector.print %s1000 : f32

  %s1 = func.call @sum(%x, %c1) : (memref<?xf32>, index) -> f32
  vector.print str "sum(x[0:1]) = "
  vector.print %s1 : f32

  %s0 = func.call @sum(%x, %c0) : (memref<?xf32>, index) -> f32
  vector.print str "sum(x[0:0]) = "
  vector.print %s0 : f32

  %sg = func.call @sum_grid(%x, %n) : (memref<?xf32>, index) -> f32
  vector.print str "sum with grid = "
  vector.print %sg : f32

  %sq = func.call @sum_squares(%x, %n) : (memref<?xf32>, index) -> f32
  vector.print str "sum of squares = "
  vector.print %sq : f32

  memref.dealloc %x : memref<?xf32>
  return
}
