// hist-float.mlir - floating-point maximum and minimum histograms, which
// update their bins with a compare-and-swap loop on the bits: negative and
// mixed-sign values, signed zeros and NaN (arith.maximumf and
// arith.minimumf propagate NaN and order -0.0 below +0.0; arith.maxnumf
// ignores NaN), on f32, f64, f16 and bf16. Checked against
// hist-float.py (the same histograms in plain Python) and, on the GPU
// path, against the sequential reference.
//
// data[i] = ((i * 2654435761) mod 2^32) >> 8 as in hist.mlir; a point
// with data d goes to bin d mod bins with a value made of q = d / bins.
// Every case prints its name, then a summary of its bins' bit patterns
// (NaN of any payload as 1): a weighted checksum sum_b key[b] *
// (b mod 1009 + 1) (wrapping in 64 bits), the number of non-zero keys and
// the keys of the first and last bins.


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

// Prints "<checksum> <non-zero keys> <key[0]> <key[last]>".
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


// Fills %h with %x.
func.func @fill_f32(%h: memref<?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xf32>
  scf.for %b = %c0 to %n step %c1 {
    memref.store %x, %h[%b] : memref<?xf32>
  }
  return
}

// Prints the summary of %h's keys: bit patterns, 1 for NaN.
func.func @report_f32(%h: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %n = memref.dim %h, %c0 : memref<?xf32>
  %keys = memref.alloc(%n) : memref<?xi64>
  scf.for %b = %c0 to %n step %c1 {
    %x = memref.load %h[%b] : memref<?xf32>
    %y = arith.bitcast %x : f32 to i32
    %k = arith.extui %y : i32 to i64
    %nan = arith.cmpf uno, %x, %x : f32
    %key = arith.select %nan, %one, %k : i64
    memref.store %key, %keys[%b] : memref<?xi64>
  }
  call @summary(%keys) : (memref<?xi64>) -> ()
  memref.dealloc %keys : memref<?xi64>
  return
}


// Fills %h with %x.
func.func @fill_f64(%h: memref<?xf64>, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xf64>
  scf.for %b = %c0 to %n step %c1 {
    memref.store %x, %h[%b] : memref<?xf64>
  }
  return
}

// Prints the summary of %h's keys: bit patterns, 1 for NaN.
func.func @report_f64(%h: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %n = memref.dim %h, %c0 : memref<?xf64>
  %keys = memref.alloc(%n) : memref<?xi64>
  scf.for %b = %c0 to %n step %c1 {
    %x = memref.load %h[%b] : memref<?xf64>
    %y = arith.bitcast %x : f64 to i64
    %nan = arith.cmpf uno, %x, %x : f64
    %key = arith.select %nan, %one, %y : i64
    memref.store %key, %keys[%b] : memref<?xi64>
  }
  call @summary(%keys) : (memref<?xi64>) -> ()
  memref.dealloc %keys : memref<?xi64>
  return
}


// Fills %h with %x.
func.func @fill_f16(%h: memref<?xf16>, %x: f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xf16>
  scf.for %b = %c0 to %n step %c1 {
    memref.store %x, %h[%b] : memref<?xf16>
  }
  return
}

// Prints the summary of %h's keys: bit patterns, 1 for NaN.
func.func @report_f16(%h: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %n = memref.dim %h, %c0 : memref<?xf16>
  %keys = memref.alloc(%n) : memref<?xi64>
  scf.for %b = %c0 to %n step %c1 {
    %x = memref.load %h[%b] : memref<?xf16>
    %y = arith.bitcast %x : f16 to i16
    %k = arith.extui %y : i16 to i64
    %nan = arith.cmpf uno, %x, %x : f16
    %key = arith.select %nan, %one, %k : i64
    memref.store %key, %keys[%b] : memref<?xi64>
  }
  call @summary(%keys) : (memref<?xi64>) -> ()
  memref.dealloc %keys : memref<?xi64>
  return
}


// Fills %h with %x.
func.func @fill_bf16(%h: memref<?xbf16>, %x: bf16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xbf16>
  scf.for %b = %c0 to %n step %c1 {
    memref.store %x, %h[%b] : memref<?xbf16>
  }
  return
}

// Prints the summary of %h's keys: bit patterns, 1 for NaN.
func.func @report_bf16(%h: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %n = memref.dim %h, %c0 : memref<?xbf16>
  %keys = memref.alloc(%n) : memref<?xi64>
  scf.for %b = %c0 to %n step %c1 {
    %x = memref.load %h[%b] : memref<?xbf16>
    %y = arith.bitcast %x : bf16 to i16
    %k = arith.extui %y : i16 to i64
    %nan = arith.cmpf uno, %x, %x : bf16
    %key = arith.select %nan, %one, %k : i64
    memref.store %key, %keys[%b] : memref<?xi64>
  }
  call @summary(%keys) : (memref<?xi64>) -> ()
  memref.dealloc %keys : memref<?xi64>
  return
}


// f32maxneg64: arith.maximumf, -(q mod 100000) / 8 - 0.5: negative values only, neutral -inf.
func.func @f32maxneg64(%data: memref<?xi32>, %h: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0xFF800000 : f32
  seg.hist thread (%i) in (%n) outs(%h : memref<64xf32>) {
    %c0_i32 = arith.constant 0 : i32
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 64 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %m = arith.constant 100000 : i32
    %k = arith.remui %q, %m : i32
    %kf = arith.uitofp %k : i32 to f32
    %s = arith.constant -0.125 : f32
    %ks = arith.mulf %kf, %s : f32
    %half = arith.constant 0.5 : f32
    %val = arith.subf %ks, %half : f32
    seg.yield %bin, %val : index, f32
  } combine commutative (%a: f32, %b: f32) neutral(%neutral : f32) {
    %r = arith.maximumf %a, %b : f32
    seg.yield %r : f32
  }
  return
}


// f32minmixed100: arith.minimumf, ((q mod 20001) - 10000) / 8: both signs, neutral +inf.
func.func @f32minmixed100(%data: memref<?xi32>, %h: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0x7F800000 : f32
  seg.hist thread (%i) in (%n) outs(%h : memref<100xf32>) {
    %c0_i32 = arith.constant 0 : i32
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 100 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %m = arith.constant 20001 : i32
    %c = arith.constant 10000 : i32
    %rq = arith.remui %q, %m : i32
    %k = arith.subi %rq, %c : i32
    %kf = arith.sitofp %k : i32 to f32
    %s = arith.constant 0.125 : f32
    %val = arith.mulf %kf, %s : f32
    seg.yield %bin, %val : index, f32
  } combine commutative (%a: f32, %b: f32) neutral(%neutral : f32) {
    %r = arith.minimumf %a, %b : f32
    seg.yield %r : f32
  }
  return
}


// f64maxneg50: arith.maximumf, -(q mod 1501) * 0.001 - 0.5 in [-2, -0.5], neutral (and initial value) -1.
func.func @f64maxneg50(%data: memref<?xi32>, %h: memref<50xf64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant -1.0 : f64
  seg.hist thread (%i) in (%n) outs(%h : memref<50xf64>) {
    %c0_i32 = arith.constant 0 : i32
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 50 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %m = arith.constant 1501 : i32
    %k = arith.remui %q, %m : i32
    %kf = arith.uitofp %k : i32 to f64
    %s = arith.constant -0.001 : f64
    %ks = arith.mulf %kf, %s : f64
    %half = arith.constant 0.5 : f64
    %val = arith.subf %ks, %half : f64
    seg.yield %bin, %val : index, f64
  } combine commutative (%a: f64, %b: f64) neutral(%neutral : f64) {
    %r = arith.maximumf %a, %b : f64
    seg.yield %r : f64
  }
  return
}


// f16maxmixed32: arith.maximumf, ((q mod 2001) - 1000) / 8: both signs, neutral -inf.
func.func @f16maxmixed32(%data: memref<?xi32>, %h: memref<32xf16>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0xFC00 : f16
  seg.hist thread (%i) in (%n) outs(%h : memref<32xf16>) {
    %c0_i32 = arith.constant 0 : i32
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 32 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %m = arith.constant 2001 : i32
    %c = arith.constant 1000 : i32
    %rq = arith.remui %q, %m : i32
    %k = arith.subi %rq, %c : i32
    %kf = arith.sitofp %k : i32 to f16
    %s = arith.constant 0.125 : f16
    %val = arith.mulf %kf, %s : f16
    seg.yield %bin, %val : index, f16
  } combine commutative (%a: f16, %b: f16) neutral(%neutral : f16) {
    %r = arith.maximumf %a, %b : f16
    seg.yield %r : f16
  }
  return
}


// bf16minmixed32: arith.minimumf, (q mod 201) - 100: both signs, neutral +inf.
func.func @bf16minmixed32(%data: memref<?xi32>, %h: memref<32xbf16>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0x7F80 : bf16
  seg.hist thread (%i) in (%n) outs(%h : memref<32xbf16>) {
    %c0_i32 = arith.constant 0 : i32
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 32 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %m = arith.constant 201 : i32
    %c = arith.constant 100 : i32
    %rq = arith.remui %q, %m : i32
    %k = arith.subi %rq, %c : i32
    %val = arith.sitofp %k : i32 to bf16
    seg.yield %bin, %val : index, bf16
  } combine commutative (%a: bf16, %b: bf16) neutral(%neutral : bf16) {
    %r = arith.minimumf %a, %b : bf16
    seg.yield %r : bf16
  }
  return
}


// f32maxzeros16: arith.maximumf, -0.0, and +0.0 for even q in odd bins: maximum(-0, +0) = +0.
func.func @f32maxzeros16(%data: memref<?xi32>, %h: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0xFF800000 : f32
  seg.hist thread (%i) in (%n) outs(%h : memref<16xf32>) {
    %c0_i32 = arith.constant 0 : i32
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 16 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %two = arith.constant 2 : i32
    %one = arith.constant 1 : i32
    %qe = arith.remui %q, %two : i32
    %be = arith.remui %r, %two : i32
    %qeven = arith.cmpi eq, %qe, %c0_i32 : i32
    %bodd = arith.cmpi eq, %be, %one : i32
    %pick = arith.andi %qeven, %bodd : i1
    %a = arith.constant 0.0 : f32
    %b = arith.constant -0.0 : f32
    %val = arith.select %pick, %a, %b : f32
    seg.yield %bin, %val : index, f32
  } combine commutative (%a: f32, %b: f32) neutral(%neutral : f32) {
    %r = arith.maximumf %a, %b : f32
    seg.yield %r : f32
  }
  return
}


// f32minzeros16: arith.minimumf, +0.0, and -0.0 for even q in odd bins: minimum(-0, +0) = -0.
func.func @f32minzeros16(%data: memref<?xi32>, %h: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0x7F800000 : f32
  seg.hist thread (%i) in (%n) outs(%h : memref<16xf32>) {
    %c0_i32 = arith.constant 0 : i32
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 16 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %two = arith.constant 2 : i32
    %one = arith.constant 1 : i32
    %qe = arith.remui %q, %two : i32
    %be = arith.remui %r, %two : i32
    %qeven = arith.cmpi eq, %qe, %c0_i32 : i32
    %bodd = arith.cmpi eq, %be, %one : i32
    %pick = arith.andi %qeven, %bodd : i1
    %a = arith.constant -0.0 : f32
    %b = arith.constant 0.0 : f32
    %val = arith.select %pick, %a, %b : f32
    seg.yield %bin, %val : index, f32
  } combine commutative (%a: f32, %b: f32) neutral(%neutral : f32) {
    %r = arith.minimumf %a, %b : f32
    seg.yield %r : f32
  }
  return
}


// f32maxnan64: arith.maximumf, NaN where d mod 1009 = 0, else ((q mod 20001) - 10000) / 8.
func.func @f32maxnan64(%data: memref<?xi32>, %h: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0xFF800000 : f32
  seg.hist thread (%i) in (%n) outs(%h : memref<64xf32>) {
    %c0_i32 = arith.constant 0 : i32
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 64 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %m = arith.constant 20001 : i32
    %c = arith.constant 10000 : i32
    %rq = arith.remui %q, %m : i32
    %k = arith.subi %rq, %c : i32
    %kf = arith.sitofp %k : i32 to f32
    %s = arith.constant 0.125 : f32
    %x = arith.mulf %kf, %s : f32
    %p = arith.constant 1009 : i32
    %dp = arith.remui %d, %p : i32
    %isnan = arith.cmpi eq, %dp, %c0_i32 : i32
    %nan = arith.constant 0x7FC00000 : f32
    %val = arith.select %isnan, %nan, %x : f32
    seg.yield %bin, %val : index, f32
  } combine commutative (%a: f32, %b: f32) neutral(%neutral : f32) {
    %r = arith.maximumf %a, %b : f32
    seg.yield %r : f32
  }
  return
}


// f64minnan64: arith.minimumf, NaN where d mod 1013 = 0, else ((q mod 20001) - 10000) / 4.
func.func @f64minnan64(%data: memref<?xi32>, %h: memref<64xf64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0x7FF0000000000000 : f64
  seg.hist thread (%i) in (%n) outs(%h : memref<64xf64>) {
    %c0_i32 = arith.constant 0 : i32
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 64 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %m = arith.constant 20001 : i32
    %c = arith.constant 10000 : i32
    %rq = arith.remui %q, %m : i32
    %k = arith.subi %rq, %c : i32
    %kf = arith.sitofp %k : i32 to f64
    %s = arith.constant 0.25 : f64
    %x = arith.mulf %kf, %s : f64
    %p = arith.constant 1013 : i32
    %dp = arith.remui %d, %p : i32
    %isnan = arith.cmpi eq, %dp, %c0_i32 : i32
    %nan = arith.constant 0x7FF8000000000000 : f64
    %val = arith.select %isnan, %nan, %x : f64
    seg.yield %bin, %val : index, f64
  } combine commutative (%a: f64, %b: f64) neutral(%neutral : f64) {
    %r = arith.minimumf %a, %b : f64
    seg.yield %r : f64
  }
  return
}


// f32maxnumnan64: arith.maxnumf, NaN where d mod 1009 = 0, else ((q mod 20001) - 10000) / 8.
func.func @f32maxnumnan64(%data: memref<?xi32>, %h: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %neutral = arith.constant 0xFF800000 : f32
  seg.hist thread (%i) in (%n) outs(%h : memref<64xf32>) {
    %c0_i32 = arith.constant 0 : i32
    %d = memref.load %data[%i] : memref<?xi32>
    %B = arith.constant 64 : i32
    %r = arith.remui %d, %B : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %B : i32
    %m = arith.constant 20001 : i32
    %c = arith.constant 10000 : i32
    %rq = arith.remui %q, %m : i32
    %k = arith.subi %rq, %c : i32
    %kf = arith.sitofp %k : i32 to f32
    %s = arith.constant 0.125 : f32
    %x = arith.mulf %kf, %s : f32
    %p = arith.constant 1009 : i32
    %dp = arith.remui %d, %p : i32
    %isnan = arith.cmpi eq, %dp, %c0_i32 : i32
    %nan = arith.constant 0x7FC00000 : f32
    %val = arith.select %isnan, %nan, %x : f32
    seg.yield %bin, %val : index, f32
  } combine commutative (%a: f32, %b: f32) neutral(%neutral : f32) {
    %r = arith.maxnumf %a, %b : f32
    seg.yield %r : f32
  }
  return
}


// Every case twice into the same histogram (which starts at the neutral
// value), then its summary.
func.func @main() {
  %n = arith.constant 100000 : index
  %data = memref.alloc(%n) : memref<?xi32>
  call @fill(%data) : (memref<?xi32>) -> ()
  // f32maxneg64
  %h_f32maxneg64 = memref.alloc() : memref<64xf32>
  %f_f32maxneg64 = arith.constant 0xFF800000 : f32
  %v_f32maxneg64 = memref.cast %h_f32maxneg64 : memref<64xf32> to memref<?xf32>
  call @fill_f32(%v_f32maxneg64, %f_f32maxneg64) : (memref<?xf32>, f32) -> ()
  call @f32maxneg64(%data, %h_f32maxneg64) : (memref<?xi32>, memref<64xf32>) -> ()
  call @f32maxneg64(%data, %h_f32maxneg64) : (memref<?xi32>, memref<64xf32>) -> ()
  vector.print str "f32maxneg64: "
  call @report_f32(%v_f32maxneg64) : (memref<?xf32>) -> ()
  memref.dealloc %h_f32maxneg64 : memref<64xf32>
  // f32minmixed100
  %h_f32minmixed100 = memref.alloc() : memref<100xf32>
  %f_f32minmixed100 = arith.constant 0x7F800000 : f32
  %v_f32minmixed100 = memref.cast %h_f32minmixed100 : memref<100xf32> to memref<?xf32>
  call @fill_f32(%v_f32minmixed100, %f_f32minmixed100) : (memref<?xf32>, f32) -> ()
  call @f32minmixed100(%data, %h_f32minmixed100) : (memref<?xi32>, memref<100xf32>) -> ()
  call @f32minmixed100(%data, %h_f32minmixed100) : (memref<?xi32>, memref<100xf32>) -> ()
  vector.print str "f32minmixed100: "
  call @report_f32(%v_f32minmixed100) : (memref<?xf32>) -> ()
  memref.dealloc %h_f32minmixed100 : memref<100xf32>
  // f64maxneg50
  %h_f64maxneg50 = memref.alloc() : memref<50xf64>
  %f_f64maxneg50 = arith.constant -1.0 : f64
  %v_f64maxneg50 = memref.cast %h_f64maxneg50 : memref<50xf64> to memref<?xf64>
  call @fill_f64(%v_f64maxneg50, %f_f64maxneg50) : (memref<?xf64>, f64) -> ()
  call @f64maxneg50(%data, %h_f64maxneg50) : (memref<?xi32>, memref<50xf64>) -> ()
  call @f64maxneg50(%data, %h_f64maxneg50) : (memref<?xi32>, memref<50xf64>) -> ()
  vector.print str "f64maxneg50: "
  call @report_f64(%v_f64maxneg50) : (memref<?xf64>) -> ()
  memref.dealloc %h_f64maxneg50 : memref<50xf64>
  // f16maxmixed32
  %h_f16maxmixed32 = memref.alloc() : memref<32xf16>
  %f_f16maxmixed32 = arith.constant 0xFC00 : f16
  %v_f16maxmixed32 = memref.cast %h_f16maxmixed32 : memref<32xf16> to memref<?xf16>
  call @fill_f16(%v_f16maxmixed32, %f_f16maxmixed32) : (memref<?xf16>, f16) -> ()
  call @f16maxmixed32(%data, %h_f16maxmixed32) : (memref<?xi32>, memref<32xf16>) -> ()
  call @f16maxmixed32(%data, %h_f16maxmixed32) : (memref<?xi32>, memref<32xf16>) -> ()
  vector.print str "f16maxmixed32: "
  call @report_f16(%v_f16maxmixed32) : (memref<?xf16>) -> ()
  memref.dealloc %h_f16maxmixed32 : memref<32xf16>
  // bf16minmixed32
  %h_bf16minmixed32 = memref.alloc() : memref<32xbf16>
  %f_bf16minmixed32 = arith.constant 0x7F80 : bf16
  %v_bf16minmixed32 = memref.cast %h_bf16minmixed32 : memref<32xbf16> to memref<?xbf16>
  call @fill_bf16(%v_bf16minmixed32, %f_bf16minmixed32) : (memref<?xbf16>, bf16) -> ()
  call @bf16minmixed32(%data, %h_bf16minmixed32) : (memref<?xi32>, memref<32xbf16>) -> ()
  call @bf16minmixed32(%data, %h_bf16minmixed32) : (memref<?xi32>, memref<32xbf16>) -> ()
  vector.print str "bf16minmixed32: "
  call @report_bf16(%v_bf16minmixed32) : (memref<?xbf16>) -> ()
  memref.dealloc %h_bf16minmixed32 : memref<32xbf16>
  // f32maxzeros16
  %h_f32maxzeros16 = memref.alloc() : memref<16xf32>
  %f_f32maxzeros16 = arith.constant 0xFF800000 : f32
  %v_f32maxzeros16 = memref.cast %h_f32maxzeros16 : memref<16xf32> to memref<?xf32>
  call @fill_f32(%v_f32maxzeros16, %f_f32maxzeros16) : (memref<?xf32>, f32) -> ()
  call @f32maxzeros16(%data, %h_f32maxzeros16) : (memref<?xi32>, memref<16xf32>) -> ()
  call @f32maxzeros16(%data, %h_f32maxzeros16) : (memref<?xi32>, memref<16xf32>) -> ()
  vector.print str "f32maxzeros16: "
  call @report_f32(%v_f32maxzeros16) : (memref<?xf32>) -> ()
  memref.dealloc %h_f32maxzeros16 : memref<16xf32>
  // f32minzeros16
  %h_f32minzeros16 = memref.alloc() : memref<16xf32>
  %f_f32minzeros16 = arith.constant 0x7F800000 : f32
  %v_f32minzeros16 = memref.cast %h_f32minzeros16 : memref<16xf32> to memref<?xf32>
  call @fill_f32(%v_f32minzeros16, %f_f32minzeros16) : (memref<?xf32>, f32) -> ()
  call @f32minzeros16(%data, %h_f32minzeros16) : (memref<?xi32>, memref<16xf32>) -> ()
  call @f32minzeros16(%data, %h_f32minzeros16) : (memref<?xi32>, memref<16xf32>) -> ()
  vector.print str "f32minzeros16: "
  call @report_f32(%v_f32minzeros16) : (memref<?xf32>) -> ()
  memref.dealloc %h_f32minzeros16 : memref<16xf32>
  // f32maxnan64
  %h_f32maxnan64 = memref.alloc() : memref<64xf32>
  %f_f32maxnan64 = arith.constant 0xFF800000 : f32
  %v_f32maxnan64 = memref.cast %h_f32maxnan64 : memref<64xf32> to memref<?xf32>
  call @fill_f32(%v_f32maxnan64, %f_f32maxnan64) : (memref<?xf32>, f32) -> ()
  call @f32maxnan64(%data, %h_f32maxnan64) : (memref<?xi32>, memref<64xf32>) -> ()
  call @f32maxnan64(%data, %h_f32maxnan64) : (memref<?xi32>, memref<64xf32>) -> ()
  vector.print str "f32maxnan64: "
  call @report_f32(%v_f32maxnan64) : (memref<?xf32>) -> ()
  memref.dealloc %h_f32maxnan64 : memref<64xf32>
  // f64minnan64
  %h_f64minnan64 = memref.alloc() : memref<64xf64>
  %f_f64minnan64 = arith.constant 0x7FF0000000000000 : f64
  %v_f64minnan64 = memref.cast %h_f64minnan64 : memref<64xf64> to memref<?xf64>
  call @fill_f64(%v_f64minnan64, %f_f64minnan64) : (memref<?xf64>, f64) -> ()
  call @f64minnan64(%data, %h_f64minnan64) : (memref<?xi32>, memref<64xf64>) -> ()
  call @f64minnan64(%data, %h_f64minnan64) : (memref<?xi32>, memref<64xf64>) -> ()
  vector.print str "f64minnan64: "
  call @report_f64(%v_f64minnan64) : (memref<?xf64>) -> ()
  memref.dealloc %h_f64minnan64 : memref<64xf64>
  // f32maxnumnan64
  %h_f32maxnumnan64 = memref.alloc() : memref<64xf32>
  %f_f32maxnumnan64 = arith.constant 0xFF800000 : f32
  %v_f32maxnumnan64 = memref.cast %h_f32maxnumnan64 : memref<64xf32> to memref<?xf32>
  call @fill_f32(%v_f32maxnumnan64, %f_f32maxnumnan64) : (memref<?xf32>, f32) -> ()
  call @f32maxnumnan64(%data, %h_f32maxnumnan64) : (memref<?xi32>, memref<64xf32>) -> ()
  call @f32maxnumnan64(%data, %h_f32maxnumnan64) : (memref<?xi32>, memref<64xf32>) -> ()
  vector.print str "f32maxnumnan64: "
  call @report_f32(%v_f32maxnumnan64) : (memref<?xf32>) -> ()
  memref.dealloc %h_f32maxnumnan64 : memref<64xf32>
  memref.dealloc %data : memref<?xi32>
  return
}
