// hist.mlir - the histogram kernels of the benchmark harness (bench/),
// next to CUB's DeviceHistogram::HistogramEven: counts (i32) of u8 samples
// into 256 bins, and of u32 samples in [0, 2^24) into 256, 4096 and 2^20
// even bins (bin = sample >> (24 - log2 bins), what HistogramEven computes
// for levels 0, 2^24 / bins, ..., 2^24); and an argmin per bin, a
// generalised operator CUB has no histogram for. Each function first sets
// its histogram to the neutral value (seg.hist accumulates; HistogramEven
// overwrites), so that a call computes the whole result as CUB's does.
// Device memory only; `llvm.emit_c_interface` gives each a C entry point
// (bench/src/SegIRKernels.h).

// u8 samples, 256 bins: bin = sample.
func.func @bench_hist_u8_256(%x: memref<?xi8>, %h: memref<256xi32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi8>
  %zero = arith.constant 0 : i32
  seg.map thread (%b) in (256) outs(%h : memref<256xi32>) {
    %z = arith.constant 0 : i32
    seg.results {
      seg.returns %z into %h : memref<256xi32>
    }
  }
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %x_i = memref.load %x[%i] : memref<?xi8>
    %bin = arith.index_castui %x_i : i8 to index
    %one = arith.constant 1 : i32
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// u32 samples in [0, 2^24), 256 bins.
func.func @bench_hist_u32_256(%x: memref<?xi32>, %h: memref<256xi32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  seg.map thread (%b) in (256) outs(%h : memref<256xi32>) {
    %z = arith.constant 0 : i32
    seg.results {
      seg.returns %z into %h : memref<256xi32>
    }
  }
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %x_i = memref.load %x[%i] : memref<?xi32>
    %shift = arith.constant 16 : i32
    %v = arith.shrui %x_i, %shift : i32
    %bin = arith.index_castui %v : i32 to index
    %one = arith.constant 1 : i32
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// u32 samples in [0, 2^24), 4096 bins.
func.func @bench_hist_u32_4096(%x: memref<?xi32>, %h: memref<4096xi32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  seg.map thread (%b) in (4096) outs(%h : memref<4096xi32>) {
    %z = arith.constant 0 : i32
    seg.results {
      seg.returns %z into %h : memref<4096xi32>
    }
  }
  seg.hist thread (%i) in (%n) outs(%h : memref<4096xi32>) {
    %x_i = memref.load %x[%i] : memref<?xi32>
    %shift = arith.constant 12 : i32
    %v = arith.shrui %x_i, %shift : i32
    %bin = arith.index_castui %v : i32 to index
    %one = arith.constant 1 : i32
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// u32 samples in [0, 2^24), 2^20 bins.
func.func @bench_hist_u32_1m(%x: memref<?xi32>, %h: memref<1048576xi32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  seg.map thread (%b) in (1048576) outs(%h : memref<1048576xi32>) {
    %z = arith.constant 0 : i32
    seg.results {
      seg.returns %z into %h : memref<1048576xi32>
    }
  }
  seg.hist thread (%i) in (%n) outs(%h : memref<1048576xi32>) {
    %x_i = memref.load %x[%i] : memref<?xi32>
    %shift = arith.constant 4 : i32
    %v = arith.shrui %x_i, %shift : i32
    %bin = arith.index_castui %v : i32 to index
    %one = arith.constant 1 : i32
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// Argmin per bin of u32 samples in [0, 2^24): bin = sample mod 4096, key =
// sample / 4096; per bin the (key << 32) | index of the smallest key, the
// smallest index among equal keys (a 64-bit operator through
// compare-and-swap); 2^64 - 1 for an empty bin. Indices below 2^32.
func.func @bench_argmin_u32_4096(%x: memref<?xi32>, %h: memref<4096xi64>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  %none = arith.constant -1 : i64
  seg.map thread (%b) in (4096) outs(%h : memref<4096xi64>) {
    %e = arith.constant -1 : i64
    seg.results {
      seg.returns %e into %h : memref<4096xi64>
    }
  }
  seg.hist thread (%i) in (%n) outs(%h : memref<4096xi64>) {
    %x_i = memref.load %x[%i] : memref<?xi32>
    %mask = arith.constant 4095 : i32
    %low = arith.andi %x_i, %mask : i32
    %bin = arith.index_castui %low : i32 to index
    %c12 = arith.constant 12 : i32
    %key = arith.shrui %x_i, %c12 : i32
    %key64 = arith.extui %key : i32 to i64
    %c32 = arith.constant 32 : i64
    %high = arith.shli %key64, %c32 : i64
    %index = arith.index_castui %i : index to i64
    %packed = arith.ori %high, %index : i64
    seg.yield %bin, %packed : index, i64
  } combine commutative (%a: i64, %b: i64) neutral(%none : i64) {
    %take = arith.cmpi ult, %b, %a : i64
    %m = arith.select %take, %b, %a : i64
    seg.yield %m : i64
  }
  return
}
