// hist-lock.mlir - seg.hist operators of several accumulators, which
// convert-seg-to-gpu updates under a per-bin lock: a two-value argmin
// (key, index: 2 x i64) spread over 1000 bins and all into one bin, and a
// three-value operator (sum i64, count i32, maximum i64) over 2 segments of
// 50 bins.
//
// data[i] = ((i * 2654435761) mod 2^32) >> 8 for i < n (n is @main's
// constant). Every case prints, per accumulator, a weighted checksum
// sum_b h[b] * (b mod 1009 + 1), the number of non-zero bins and the first
// and last bins.

func.func @fill(%data: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %mul = arith.constant 2654435761 : i64
  %mask = arith.constant 4294967295 : i64
  %c8 = arith.constant 8 : i64
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %p = arith.muli %ii, %mul : i64
    %m = arith.andi %p, %mask : i64
    %s = arith.shrui %m, %c8 : i64
    %v = arith.trunci %s : i64 to i32
    memref.store %v, %data[%i] : memref<?xi32>
  }
  return
}

func.func @fill_i64(%h: memref<?xi64>, %x: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xi64>
  scf.for %b = %c0 to %n step %c1 {
    memref.store %x, %h[%b] : memref<?xi64>
  }
  return
}

// Prints "<checksum> <non-zero bins> <h[0]> <h[last]>" of %h.
func.func @summary(%h: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1009 = arith.constant 1009 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %n = memref.dim %h, %c0 : memref<?xi64>
  %sum, %nz = scf.for %b = %c0 to %n step %c1 iter_args(%s = %z, %k = %z) -> (i64, i64) {
    %x = memref.load %h[%b] : memref<?xi64>
    %r = arith.remui %b, %c1009 : index
    %r1 = arith.addi %r, %c1 : index
    %w = arith.index_cast %r1 : index to i64
    %xw = arith.muli %x, %w : i64
    %s2 = arith.addi %s, %xw : i64
    %isz = arith.cmpi ne, %x, %z : i64
    %inc = arith.select %isz, %one, %z : i64
    %k2 = arith.addi %k, %inc : i64
    scf.yield %s2, %k2 : i64, i64
  }
  %last = arith.subi %n, %c1 : index
  %h0 = memref.load %h[%c0] : memref<?xi64>
  %hl = memref.load %h[%last] : memref<?xi64>
  vector.print %sum : i64 punctuation <no_punctuation>
  vector.print punctuation <comma>
  vector.print %nz : i64 punctuation <no_punctuation>
  vector.print punctuation <comma>
  vector.print %h0 : i64 punctuation <no_punctuation>
  vector.print punctuation <comma>
  vector.print %hl : i64
  return
}

// argmin per bin of (key, index) = ((data[i] / B) xor 703710, i), bin
// data[i] mod B, B = 1000.
func.func @argmin_spread(%data: memref<?xi32>, %keys: memref<1000xi64>, %ids: memref<1000xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %none = arith.constant -1 : i64
  seg.hist thread (%i) in (%n) outs(%keys, %ids : memref<1000xi64>, memref<1000xi64>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %Bi = arith.constant 1000 : i32
    %r = arith.remui %d, %Bi : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %Bi : i32
    %mix = arith.constant 703710 : i32
    %qx = arith.xori %q, %mix : i32
    %key = arith.extui %qx : i32 to i64
    %id = arith.index_cast %i : index to i64
    seg.yield %bin, %key, %id : index, i64, i64
  } combine commutative (%ka: i64, %ia: i64, %kb: i64, %ib: i64) neutral(%none, %none : i64, i64) {
    %lt = arith.cmpi ult, %kb, %ka : i64
    %eq = arith.cmpi eq, %kb, %ka : i64
    %lo = arith.cmpi ult, %ib, %ia : i64
    %tie = arith.andi %eq, %lo : i1
    %take = arith.ori %lt, %tie : i1
    %k = arith.select %take, %kb, %ka : i64
    %j = arith.select %take, %ib, %ia : i64
    seg.yield %k, %j : i64, i64
  }
  return
}

// The same operator with every point into bin 7 of 16 (maximal
// contention).
func.func @argmin_onebin(%data: memref<?xi32>, %keys: memref<16xi64>, %ids: memref<16xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %none = arith.constant -1 : i64
  seg.hist thread (%i) in (%n) outs(%keys, %ids : memref<16xi64>, memref<16xi64>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %Bi = arith.constant 16 : i32
    %bin = arith.constant 7 : index
    %q = arith.divui %d, %Bi : i32
    %mix = arith.constant 703710 : i32
    %qx = arith.xori %q, %mix : i32
    %key = arith.extui %qx : i32 to i64
    %id = arith.index_cast %i : index to i64
    seg.yield %bin, %key, %id : index, i64, i64
  } combine commutative (%ka: i64, %ia: i64, %kb: i64, %ib: i64) neutral(%none, %none : i64, i64) {
    %lt = arith.cmpi ult, %kb, %ka : i64
    %eq = arith.cmpi eq, %kb, %ka : i64
    %lo = arith.cmpi ult, %ib, %ia : i64
    %tie = arith.andi %eq, %lo : i1
    %take = arith.ori %lt, %tie : i1
    %k = arith.select %take, %kb, %ka : i64
    %j = arith.select %take, %ib, %ia : i64
    seg.yield %k, %j : i64, i64
  }
  return
}

// Per segment s and bin (data[i] + 3 s) mod 50: the sum of data[i] mod 1000,
// the count and the largest i.
func.func @sumcountmax(%data: memref<?xi32>, %sums: memref<2x50xi64>, %counts: memref<2x50xi32>, %maxs: memref<2x50xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %z64 = arith.constant 0 : i64
  %z32 = arith.constant 0 : i32
  seg.hist thread (%s, %i) in (2, %n) outs(%sums, %counts, %maxs : memref<2x50xi64>, memref<2x50xi32>, memref<2x50xi64>) {
    %d0 = memref.load %data[%i] : memref<?xi32>
    %si = arith.index_cast %s : index to i32
    %c3 = arith.constant 3 : i32
    %s3 = arith.muli %si, %c3 : i32
    %d = arith.addi %d0, %s3 : i32
    %B = arith.constant 50 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %c1000 = arith.constant 1000 : i32
    %v = arith.remui %d0, %c1000 : i32
    %v64 = arith.extui %v : i32 to i64
    %one = arith.constant 1 : i32
    %id = arith.index_cast %i : index to i64
    seg.yield %bin, %v64, %one, %id : index, i64, i32, i64
  } combine commutative (%sa: i64, %ca: i32, %ma: i64, %sb: i64, %cb: i32, %mb: i64) neutral(%z64, %z32, %z64 : i64, i32, i64) {
    %s = arith.addi %sa, %sb : i64
    %c = arith.addi %ca, %cb : i32
    %m = arith.maxui %ma, %mb : i64
    seg.yield %s, %c, %m : i64, i32, i64
  }
  return
}

// Each case starts from the neutral values and runs twice into the same
// histograms (seg.hist accumulates).
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 20000 : index
  %data = memref.alloc(%n) : memref<?xi32>
  call @fill(%data) : (memref<?xi32>) -> ()
  %none = arith.constant -1 : i64
  %z64 = arith.constant 0 : i64

  %keysS = memref.alloc() : memref<1000xi64>
  %idsS = memref.alloc() : memref<1000xi64>
  %keys = memref.cast %keysS : memref<1000xi64> to memref<?xi64>
  %ids = memref.cast %idsS : memref<1000xi64> to memref<?xi64>
  call @fill_i64(%keys, %none) : (memref<?xi64>, i64) -> ()
  call @fill_i64(%ids, %none) : (memref<?xi64>, i64) -> ()
  call @argmin_spread(%data, %keysS, %idsS) : (memref<?xi32>, memref<1000xi64>, memref<1000xi64>) -> ()
  call @argmin_spread(%data, %keysS, %idsS) : (memref<?xi32>, memref<1000xi64>, memref<1000xi64>) -> ()
  vector.print str "argmin spread keys: "
  call @summary(%keys) : (memref<?xi64>) -> ()
  vector.print str "argmin spread ids: "
  call @summary(%ids) : (memref<?xi64>) -> ()
  memref.dealloc %keysS : memref<1000xi64>
  memref.dealloc %idsS : memref<1000xi64>

  %keysO = memref.alloc() : memref<16xi64>
  %idsO = memref.alloc() : memref<16xi64>
  %keys1 = memref.cast %keysO : memref<16xi64> to memref<?xi64>
  %ids1 = memref.cast %idsO : memref<16xi64> to memref<?xi64>
  call @fill_i64(%keys1, %none) : (memref<?xi64>, i64) -> ()
  call @fill_i64(%ids1, %none) : (memref<?xi64>, i64) -> ()
  call @argmin_onebin(%data, %keysO, %idsO) : (memref<?xi32>, memref<16xi64>, memref<16xi64>) -> ()
  call @argmin_onebin(%data, %keysO, %idsO) : (memref<?xi32>, memref<16xi64>, memref<16xi64>) -> ()
  vector.print str "argmin one bin keys: "
  call @summary(%keys1) : (memref<?xi64>) -> ()
  vector.print str "argmin one bin ids: "
  call @summary(%ids1) : (memref<?xi64>) -> ()
  memref.dealloc %keysO : memref<16xi64>
  memref.dealloc %idsO : memref<16xi64>

  %sums = memref.alloc() : memref<2x50xi64>
  %counts = memref.alloc() : memref<2x50xi32>
  %maxs = memref.alloc() : memref<2x50xi64>
  %c2 = arith.constant 2 : index
  %c50 = arith.constant 50 : index
  %z32 = arith.constant 0 : i32
  scf.for %s = %c0 to %c2 step %c1 {
    scf.for %b = %c0 to %c50 step %c1 {
      memref.store %z64, %sums[%s, %b] : memref<2x50xi64>
      memref.store %z32, %counts[%s, %b] : memref<2x50xi32>
      memref.store %z64, %maxs[%s, %b] : memref<2x50xi64>
    }
  }
  call @sumcountmax(%data, %sums, %counts, %maxs) : (memref<?xi32>, memref<2x50xi64>, memref<2x50xi32>, memref<2x50xi64>) -> ()
  call @sumcountmax(%data, %sums, %counts, %maxs) : (memref<?xi32>, memref<2x50xi64>, memref<2x50xi32>, memref<2x50xi64>) -> ()
  %c100 = arith.constant 100 : index
  %wide = memref.alloc(%c100) : memref<?xi64>
  %flatSums = memref.collapse_shape %sums [[0, 1]] : memref<2x50xi64> into memref<100xi64>
  %flatCounts = memref.collapse_shape %counts [[0, 1]] : memref<2x50xi32> into memref<100xi32>
  %flatMaxs = memref.collapse_shape %maxs [[0, 1]] : memref<2x50xi64> into memref<100xi64>
  vector.print str "sumcountmax sums: "
  %vs = memref.cast %flatSums : memref<100xi64> to memref<?xi64>
  call @summary(%vs) : (memref<?xi64>) -> ()
  scf.for %b = %c0 to %c100 step %c1 {
    %x = memref.load %flatCounts[%b] : memref<100xi32>
    %y = arith.extui %x : i32 to i64
    memref.store %y, %wide[%b] : memref<?xi64>
  }
  vector.print str "sumcountmax counts: "
  call @summary(%wide) : (memref<?xi64>) -> ()
  vector.print str "sumcountmax maxs: "
  %vm = memref.cast %flatMaxs : memref<100xi64> to memref<?xi64>
  call @summary(%vm) : (memref<?xi64>) -> ()
  memref.dealloc %wide : memref<?xi64>
  memref.dealloc %sums : memref<2x50xi64>
  memref.dealloc %counts : memref<2x50xi32>
  memref.dealloc %maxs : memref<2x50xi64>
  memref.dealloc %data : memref<?xi32>
  return
}
