// hist.mlir - seg.hist cases, checked against hist.py (the same
// histograms in plain Python) and, on the GPU path, against the sequential
// reference.
//
// data[i] = ((i * 2654435761) mod 2^32) >> 8 for i < n (n is @main's
// constant): 24-bit pseudo-random values. Every case prints its name, a
// weighted checksum sum_b h[b] * (b mod 1009 + 1), the number of non-zero
// bins and the first and last bins.

// Sets data[i] as above.
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

func.func @fill_i32(%h: memref<?xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xi32>
  scf.for %b = %c0 to %n step %c1 {
    memref.store %x, %h[%b] : memref<?xi32>
  }
  return
}

func.func @fill_f32(%h: memref<?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xf32>
  scf.for %b = %c0 to %n step %c1 {
    memref.store %x, %h[%b] : memref<?xf32>
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

func.func @fill_i8(%h: memref<?xi8>, %x: i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xi8>
  scf.for %b = %c0 to %n step %c1 {
    memref.store %x, %h[%b] : memref<?xi8>
  }
  return
}

// Prints "<checksum> <non-zero bins> <h[0]> <h[last]>" of %h (as i64).
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
// bincount into 10 bins
func.func @bincount10(%data: memref<?xi32>, %h: memref<10xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<10xi32>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 10 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %val = arith.constant 1 : i32
    seg.yield %bin, %val : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%neutral : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// bincount into 256 bins
func.func @bincount256(%data: memref<?xi32>, %h: memref<256xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 256 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %val = arith.constant 1 : i32
    seg.yield %bin, %val : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%neutral : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// bincount into 65536 bins
func.func @bincount65536(%data: memref<?xi32>, %h: memref<65536xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<65536xi32>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 65536 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %val = arith.constant 1 : i32
    seg.yield %bin, %val : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%neutral : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// bincount into 1000000 bins
func.func @bincount1000000(%data: memref<?xi32>, %h: memref<1000000xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<1000000xi32>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 1000000 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %val = arith.constant 1 : i32
    seg.yield %bin, %val : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%neutral : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// f32 sums per bin (integer values: exact in any order)
func.func @fsum256(%data: memref<?xi32>, %h: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0.0 : f32
  seg.hist thread (%i) in (%n) outs(%h : memref<256xf32>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 256 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %c100 = arith.constant 100 : i32
    %q = arith.divui %d, %B : i32
    %qm = arith.remui %q, %c100 : i32
    %val = arith.uitofp %qm : i32 to f32
    seg.yield %bin, %val : index, f32
  } combine commutative (%a: f32, %b: f32) neutral(%neutral : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// argmin per bin: (key << 32) | index, keys compared first
func.func @argmin1000(%data: memref<?xi32>, %h: memref<1000xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant -1 : i64
  seg.hist thread (%i) in (%n) outs(%h : memref<1000xi64>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 1000 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %k = arith.divui %d, %B : i32
    %k64 = arith.extui %k : i32 to i64
    %c32 = arith.constant 32 : i64
    %hi = arith.shli %k64, %c32 : i64
    %ii = arith.index_cast %i : index to i64
    %val = arith.ori %hi, %ii : i64
    seg.yield %bin, %val : index, i64
  } combine commutative (%a: i64, %b: i64) neutral(%neutral : i64) {
    %c32 = arith.constant 32 : i64
    %ka = arith.shrui %a, %c32 : i64
    %kb = arith.shrui %b, %c32 : i64
    %lt = arith.cmpi ult, %kb, %ka : i64
    %eq = arith.cmpi eq, %kb, %ka : i64
    %lo = arith.cmpi ult, %b, %a : i64
    %tie = arith.andi %eq, %lo : i1
    %take = arith.ori %lt, %tie : i1
    %r = arith.select %take, %b, %a : i64
    seg.yield %r : i64
  }
  return
}

// f32 maximum per bin: no native atomic, a compare-and-swap loop on the bits
func.func @f32max128(%data: memref<?xi32>, %h: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant -1.0 : f32
  seg.hist thread (%i) in (%n) outs(%h : memref<128xf32>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 128 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %c1000 = arith.constant 1000 : i32
    %qm = arith.remui %q, %c1000 : i32
    %qf = arith.uitofp %qm : i32 to f32
    %eighth = arith.constant 0.125 : f32
    %val = arith.mulf %qf, %eighth : f32
    seg.yield %bin, %val : index, f32
  } combine commutative (%a: f32, %b: f32) neutral(%neutral : f32) {
    %r = arith.maximumf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// u8 maximum per bin
func.func @u8max64(%data: memref<?xi32>, %h: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0 : i8
  seg.hist thread (%i) in (%n) outs(%h : memref<64xi8>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 64 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %val = arith.trunci %q : i32 to i8
    seg.yield %bin, %val : index, i8
  } combine commutative (%a: i8, %b: i8) neutral(%neutral : i8) {
    %r = arith.maxui %a, %b : i8
    seg.yield %r : i8
  }
  return
}

// two segments: segment s counts (data[i] + 7 s) mod 300
func.func @segments2x300(%data: memref<?xi32>, %h: memref<2x300xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0 : i32
  seg.hist thread (%s, %i) in (2, %n) outs(%h : memref<2x300xi32>) {
    %d0 = memref.load %data[%i] : memref<?xi32>
    %si = arith.index_cast %s : index to i32
    %c7 = arith.constant 7 : i32
    %s7 = arith.muli %si, %c7 : i32
    %d = arith.addi %d0, %s7 : i32
    %B = arith.constant 300 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %val = arith.constant 1 : i32
    seg.yield %bin, %val : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%neutral : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// out-of-range bins: (data[i] mod 140) - 20 into 100 bins
func.func @outofrange100(%data: memref<?xi32>, %h: memref<100xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<100xi32>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %M = arith.constant 140 : i32
    %m = arith.remui %d, %M : i32
    %c20 = arith.constant 20 : i32
    %r = arith.subi %m, %c20 : i32
    %bin = arith.index_cast %r : i32 to index
    %val = arith.constant 1 : i32
    seg.yield %bin, %val : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%neutral : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// every point into bin 3 of 256 (maximal contention)
func.func @onebin256(%data: memref<?xi32>, %h: memref<256xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %bin = arith.constant 3 : index
    %d = memref.load %data[%i] : memref<?xi32>
    %c15 = arith.constant 15 : i32
    %val = arith.andi %d, %c15 : i32
    seg.yield %bin, %val : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%neutral : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Every histogram starts at the neutral value and is computed twice into
// the same buffer (seg.hist accumulates).
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i64 = arith.constant 0 : i64
  %n = arith.constant 100000 : index
  %data = memref.alloc(%n) : memref<?xi32>
  call @fill(%data) : (memref<?xi32>) -> ()
  // bincount10
  %h_bincount10 = memref.alloc() : memref<10xi32>
  %f_bincount10 = arith.constant 0 : i32
  %v_bincount10 = memref.cast %h_bincount10 : memref<10xi32> to memref<?xi32>
  call @fill_i32(%v_bincount10, %f_bincount10) : (memref<?xi32>, i32) -> ()
  call @bincount10(%data, %h_bincount10) : (memref<?xi32>, memref<10xi32>) -> ()
  call @bincount10(%data, %h_bincount10) : (memref<?xi32>, memref<10xi32>) -> ()
  vector.print str "bincount10: "
  %t_bincount10 = arith.constant 10 : index
  %w_bincount10 = memref.alloc(%t_bincount10) : memref<?xi64>
  scf.for %b = %c0 to %t_bincount10 step %c1 {
    %x = memref.load %v_bincount10[%b] : memref<?xi32>
    %y = arith.extui %x : i32 to i64
    memref.store %y, %w_bincount10[%b] : memref<?xi64>
  }
  call @summary(%w_bincount10) : (memref<?xi64>) -> ()
  memref.dealloc %w_bincount10 : memref<?xi64>
  memref.dealloc %h_bincount10 : memref<10xi32>
  // bincount256
  %h_bincount256 = memref.alloc() : memref<256xi32>
  %f_bincount256 = arith.constant 0 : i32
  %v_bincount256 = memref.cast %h_bincount256 : memref<256xi32> to memref<?xi32>
  call @fill_i32(%v_bincount256, %f_bincount256) : (memref<?xi32>, i32) -> ()
  call @bincount256(%data, %h_bincount256) : (memref<?xi32>, memref<256xi32>) -> ()
  call @bincount256(%data, %h_bincount256) : (memref<?xi32>, memref<256xi32>) -> ()
  vector.print str "bincount256: "
  %t_bincount256 = arith.constant 256 : index
  %w_bincount256 = memref.alloc(%t_bincount256) : memref<?xi64>
  scf.for %b = %c0 to %t_bincount256 step %c1 {
    %x = memref.load %v_bincount256[%b] : memref<?xi32>
    %y = arith.extui %x : i32 to i64
    memref.store %y, %w_bincount256[%b] : memref<?xi64>
  }
  call @summary(%w_bincount256) : (memref<?xi64>) -> ()
  memref.dealloc %w_bincount256 : memref<?xi64>
  memref.dealloc %h_bincount256 : memref<256xi32>
  // bincount65536
  %h_bincount65536 = memref.alloc() : memref<65536xi32>
  %f_bincount65536 = arith.constant 0 : i32
  %v_bincount65536 = memref.cast %h_bincount65536 : memref<65536xi32> to memref<?xi32>
  call @fill_i32(%v_bincount65536, %f_bincount65536) : (memref<?xi32>, i32) -> ()
  call @bincount65536(%data, %h_bincount65536) : (memref<?xi32>, memref<65536xi32>) -> ()
  call @bincount65536(%data, %h_bincount65536) : (memref<?xi32>, memref<65536xi32>) -> ()
  vector.print str "bincount65536: "
  %t_bincount65536 = arith.constant 65536 : index
  %w_bincount65536 = memref.alloc(%t_bincount65536) : memref<?xi64>
  scf.for %b = %c0 to %t_bincount65536 step %c1 {
    %x = memref.load %v_bincount65536[%b] : memref<?xi32>
    %y = arith.extui %x : i32 to i64
    memref.store %y, %w_bincount65536[%b] : memref<?xi64>
  }
  call @summary(%w_bincount65536) : (memref<?xi64>) -> ()
  memref.dealloc %w_bincount65536 : memref<?xi64>
  memref.dealloc %h_bincount65536 : memref<65536xi32>
  // bincount1000000
  %h_bincount1000000 = memref.alloc() : memref<1000000xi32>
  %f_bincount1000000 = arith.constant 0 : i32
  %v_bincount1000000 = memref.cast %h_bincount1000000 : memref<1000000xi32> to memref<?xi32>
  call @fill_i32(%v_bincount1000000, %f_bincount1000000) : (memref<?xi32>, i32) -> ()
  call @bincount1000000(%data, %h_bincount1000000) : (memref<?xi32>, memref<1000000xi32>) -> ()
  call @bincount1000000(%data, %h_bincount1000000) : (memref<?xi32>, memref<1000000xi32>) -> ()
  vector.print str "bincount1000000: "
  %t_bincount1000000 = arith.constant 1000000 : index
  %w_bincount1000000 = memref.alloc(%t_bincount1000000) : memref<?xi64>
  scf.for %b = %c0 to %t_bincount1000000 step %c1 {
    %x = memref.load %v_bincount1000000[%b] : memref<?xi32>
    %y = arith.extui %x : i32 to i64
    memref.store %y, %w_bincount1000000[%b] : memref<?xi64>
  }
  call @summary(%w_bincount1000000) : (memref<?xi64>) -> ()
  memref.dealloc %w_bincount1000000 : memref<?xi64>
  memref.dealloc %h_bincount1000000 : memref<1000000xi32>
  // fsum256
  %h_fsum256 = memref.alloc() : memref<256xf32>
  %f_fsum256 = arith.constant 0.0 : f32
  %v_fsum256 = memref.cast %h_fsum256 : memref<256xf32> to memref<?xf32>
  call @fill_f32(%v_fsum256, %f_fsum256) : (memref<?xf32>, f32) -> ()
  call @fsum256(%data, %h_fsum256) : (memref<?xi32>, memref<256xf32>) -> ()
  call @fsum256(%data, %h_fsum256) : (memref<?xi32>, memref<256xf32>) -> ()
  vector.print str "fsum256: "
  %t_fsum256 = arith.constant 256 : index
  %w_fsum256 = memref.alloc(%t_fsum256) : memref<?xi64>
  scf.for %b = %c0 to %t_fsum256 step %c1 {
    %x = memref.load %v_fsum256[%b] : memref<?xf32>
    %y = arith.fptosi %x : f32 to i64
    memref.store %y, %w_fsum256[%b] : memref<?xi64>
  }
  call @summary(%w_fsum256) : (memref<?xi64>) -> ()
  memref.dealloc %w_fsum256 : memref<?xi64>
  memref.dealloc %h_fsum256 : memref<256xf32>
  // argmin1000
  %h_argmin1000 = memref.alloc() : memref<1000xi64>
  %f_argmin1000 = arith.constant -1 : i64
  %v_argmin1000 = memref.cast %h_argmin1000 : memref<1000xi64> to memref<?xi64>
  call @fill_i64(%v_argmin1000, %f_argmin1000) : (memref<?xi64>, i64) -> ()
  call @argmin1000(%data, %h_argmin1000) : (memref<?xi32>, memref<1000xi64>) -> ()
  call @argmin1000(%data, %h_argmin1000) : (memref<?xi32>, memref<1000xi64>) -> ()
  vector.print str "argmin1000: "
  %t_argmin1000 = arith.constant 1000 : index
  %w_argmin1000 = memref.alloc(%t_argmin1000) : memref<?xi64>
  scf.for %b = %c0 to %t_argmin1000 step %c1 {
    %x = memref.load %v_argmin1000[%b] : memref<?xi64>
    memref.store %x, %w_argmin1000[%b] : memref<?xi64>
  }
  call @summary(%w_argmin1000) : (memref<?xi64>) -> ()
  memref.dealloc %w_argmin1000 : memref<?xi64>
  memref.dealloc %h_argmin1000 : memref<1000xi64>
  // f32max128
  %h_f32max128 = memref.alloc() : memref<128xf32>
  %f_f32max128 = arith.constant -1.0 : f32
  %v_f32max128 = memref.cast %h_f32max128 : memref<128xf32> to memref<?xf32>
  call @fill_f32(%v_f32max128, %f_f32max128) : (memref<?xf32>, f32) -> ()
  call @f32max128(%data, %h_f32max128) : (memref<?xi32>, memref<128xf32>) -> ()
  call @f32max128(%data, %h_f32max128) : (memref<?xi32>, memref<128xf32>) -> ()
  vector.print str "f32max128: "
  %t_f32max128 = arith.constant 128 : index
  %w_f32max128 = memref.alloc(%t_f32max128) : memref<?xi64>
  scf.for %b = %c0 to %t_f32max128 step %c1 {
    %x = memref.load %v_f32max128[%b] : memref<?xf32>
    %y = arith.fptosi %x : f32 to i64
    memref.store %y, %w_f32max128[%b] : memref<?xi64>
  }
  call @summary(%w_f32max128) : (memref<?xi64>) -> ()
  memref.dealloc %w_f32max128 : memref<?xi64>
  memref.dealloc %h_f32max128 : memref<128xf32>
  // u8max64
  %h_u8max64 = memref.alloc() : memref<64xi8>
  %f_u8max64 = arith.constant 0 : i8
  %v_u8max64 = memref.cast %h_u8max64 : memref<64xi8> to memref<?xi8>
  call @fill_i8(%v_u8max64, %f_u8max64) : (memref<?xi8>, i8) -> ()
  call @u8max64(%data, %h_u8max64) : (memref<?xi32>, memref<64xi8>) -> ()
  call @u8max64(%data, %h_u8max64) : (memref<?xi32>, memref<64xi8>) -> ()
  vector.print str "u8max64: "
  %t_u8max64 = arith.constant 64 : index
  %w_u8max64 = memref.alloc(%t_u8max64) : memref<?xi64>
  scf.for %b = %c0 to %t_u8max64 step %c1 {
    %x = memref.load %v_u8max64[%b] : memref<?xi8>
    %y = arith.extui %x : i8 to i64
    memref.store %y, %w_u8max64[%b] : memref<?xi64>
  }
  call @summary(%w_u8max64) : (memref<?xi64>) -> ()
  memref.dealloc %w_u8max64 : memref<?xi64>
  memref.dealloc %h_u8max64 : memref<64xi8>
  // segments2x300
  %h_segments2x300 = memref.alloc() : memref<2x300xi32>
  %f_segments2x300 = arith.constant 0 : i32
  %v_segments2x300 = memref.collapse_shape %h_segments2x300 [[0, 1]] : memref<2x300xi32> into memref<600xi32>
  %v2_segments2x300 = memref.cast %v_segments2x300 : memref<600xi32> to memref<?xi32>
  call @fill_i32(%v2_segments2x300, %f_segments2x300) : (memref<?xi32>, i32) -> ()
  call @segments2x300(%data, %h_segments2x300) : (memref<?xi32>, memref<2x300xi32>) -> ()
  call @segments2x300(%data, %h_segments2x300) : (memref<?xi32>, memref<2x300xi32>) -> ()
  vector.print str "segments2x300: "
  %t_segments2x300 = arith.constant 600 : index
  %w_segments2x300 = memref.alloc(%t_segments2x300) : memref<?xi64>
  scf.for %b = %c0 to %t_segments2x300 step %c1 {
    %x = memref.load %v2_segments2x300[%b] : memref<?xi32>
    %y = arith.extui %x : i32 to i64
    memref.store %y, %w_segments2x300[%b] : memref<?xi64>
  }
  call @summary(%w_segments2x300) : (memref<?xi64>) -> ()
  memref.dealloc %w_segments2x300 : memref<?xi64>
  memref.dealloc %h_segments2x300 : memref<2x300xi32>
  // outofrange100
  %h_outofrange100 = memref.alloc() : memref<100xi32>
  %f_outofrange100 = arith.constant 0 : i32
  %v_outofrange100 = memref.cast %h_outofrange100 : memref<100xi32> to memref<?xi32>
  call @fill_i32(%v_outofrange100, %f_outofrange100) : (memref<?xi32>, i32) -> ()
  call @outofrange100(%data, %h_outofrange100) : (memref<?xi32>, memref<100xi32>) -> ()
  call @outofrange100(%data, %h_outofrange100) : (memref<?xi32>, memref<100xi32>) -> ()
  vector.print str "outofrange100: "
  %t_outofrange100 = arith.constant 100 : index
  %w_outofrange100 = memref.alloc(%t_outofrange100) : memref<?xi64>
  scf.for %b = %c0 to %t_outofrange100 step %c1 {
    %x = memref.load %v_outofrange100[%b] : memref<?xi32>
    %y = arith.extui %x : i32 to i64
    memref.store %y, %w_outofrange100[%b] : memref<?xi64>
  }
  call @summary(%w_outofrange100) : (memref<?xi64>) -> ()
  memref.dealloc %w_outofrange100 : memref<?xi64>
  memref.dealloc %h_outofrange100 : memref<100xi32>
  // onebin256
  %h_onebin256 = memref.alloc() : memref<256xi32>
  %f_onebin256 = arith.constant 0 : i32
  %v_onebin256 = memref.cast %h_onebin256 : memref<256xi32> to memref<?xi32>
  call @fill_i32(%v_onebin256, %f_onebin256) : (memref<?xi32>, i32) -> ()
  call @onebin256(%data, %h_onebin256) : (memref<?xi32>, memref<256xi32>) -> ()
  call @onebin256(%data, %h_onebin256) : (memref<?xi32>, memref<256xi32>) -> ()
  vector.print str "onebin256: "
  %t_onebin256 = arith.constant 256 : index
  %w_onebin256 = memref.alloc(%t_onebin256) : memref<?xi64>
  scf.for %b = %c0 to %t_onebin256 step %c1 {
    %x = memref.load %v_onebin256[%b] : memref<?xi32>
    %y = arith.extui %x : i32 to i64
    memref.store %y, %w_onebin256[%b] : memref<?xi64>
  }
  call @summary(%w_onebin256) : (memref<?xi64>) -> ()
  memref.dealloc %w_onebin256 : memref<?xi64>
  memref.dealloc %h_onebin256 : memref<256xi32>
  memref.dealloc %data : memref<?xi32>
  return
}
