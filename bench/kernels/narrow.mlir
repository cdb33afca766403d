// narrow.mlir - reductions and scans of narrow element types for the
// kernel report (bench/kernels/report.txt), next to CUB's DeviceReduce::Sum
// of the same types (bench/kernels/cub_narrow.cu): a sum of u8 samples and
// one of i16 samples, each widened to 32 bits, flat and one per row, their
// inclusive scans, row sums of fixed lengths, and histograms of i16 samples
// and of 2-D spaces. The reductions and the histograms read 16 u8 or 8 i16
// samples per 128-bit vector load (the row kernels a 32-bit word of rows
// aligned only to words or whose length only a word divides), the scans a
// 32-bit word of 4 or 2 per load.

// sum of u8 samples into a u32 (commutative).
func.func @bench_sum_u8(%x: memref<?xi8>, %out: memref<i32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi8>
  %zero = arith.constant 0 : i32
  seg.red thread (%i) in (%n) outs(%out : memref<i32>) {
    %xi = memref.load %x[%i] : memref<?xi8>
    %w = arith.extui %xi : i8 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// sum of i16 samples into an i32.
func.func @bench_sum_i16(%x: memref<?xi16>, %out: memref<i32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi16>
  %zero = arith.constant 0 : i32
  seg.red thread (%i) in (%n) outs(%out : memref<i32>) {
    %xi = memref.load %x[%i] : memref<?xi16>
    %w = arith.extsi %xi : i16 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// One sum of u8 samples per row of a rows x cols matrix.
func.func @bench_segsum_u8(%x: memref<?x?xi8>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xi8>
  %cols = memref.dim %x, %c1 : memref<?x?xi8>
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%rows, %cols) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%s, %i] : memref<?x?xi8>
    %w = arith.extui %xi : i8 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// One sum of i16 samples per row of a rows x cols matrix.
func.func @bench_segsum_i16(%x: memref<?x?xi16>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xi16>
  %cols = memref.dim %x, %c1 : memref<?x?xi16>
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%rows, %cols) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%s, %i] : memref<?x?xi16>
    %w = arith.extsi %xi : i16 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// One sum of i16 samples per row of 100: the small kernel (rows of up to
// B / 2) reads a row in 50 words, more lanes than a warp, so the block
// reduces its rows.
func.func @bench_segsum_i16_r100(%x: memref<?x100xi16>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %rows = memref.dim %x, %c0 : memref<?x100xi16>
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%rows, 100) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%s, %i] : memref<?x100xi16>
    %w = arith.extsi %xi : i16 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// One sum of u8 samples per row of 132 (33 words: the small kernel's block
// path, where the small strategy takes them).
func.func @bench_segsum_u8_r132(%x: memref<?x132xi8>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %rows = memref.dim %x, %c0 : memref<?x132xi8>
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%rows, 132) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%s, %i] : memref<?x132xi8>
    %w = arith.extui %xi : i8 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Counts of the u8 samples of a rows x cols image into 256 bins.
func.func @bench_hist2d_u8_256(%x: memref<?x?xi8>, %h: memref<256xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xi8>
  %cols = memref.dim %x, %c1 : memref<?x?xi8>
  %zero = arith.constant 0 : i32
  seg.hist thread (%r, %c) in (%rows, %cols) outs(%h : memref<256xi32>) {
    %xi = memref.load %x[%r, %c] : memref<?x?xi8>
    %bin = arith.index_castui %xi : i8 to index
    %one = arith.constant 1 : i32
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// Per row of i16 samples, counts into 64 bins by the high six bits (as
// unsigned): one histogram per row (segment).
func.func @bench_rowhist_i16_64(%x: memref<?x?xi16>, %h: memref<?x64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xi16>
  %cols = memref.dim %x, %c1 : memref<?x?xi16>
  %zero = arith.constant 0 : i32
  seg.hist thread (%r, %c) in (%rows, %cols) outs(%h : memref<?x64xi32>) {
    %xi = memref.load %x[%r, %c] : memref<?x?xi16>
    %c10 = arith.constant 10 : i16
    %high = arith.shrui %xi, %c10 : i16
    %bin = arith.index_castui %high : i16 to index
    %one = arith.constant 1 : i32
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// Counts of i16 samples into 256 bins by their high byte (as unsigned).
func.func @bench_hist_i16_256(%x: memref<?xi16>, %h: memref<256xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi16>
  %zero = arith.constant 0 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %xi = memref.load %x[%i] : memref<?xi16>
    %c8 = arith.constant 8 : i16
    %high = arith.shrui %xi, %c8 : i16
    %bin = arith.index_castui %high : i16 to index
    %one = arith.constant 1 : i32
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// Inclusive scan of u8 samples into u32 sums.
func.func @bench_scan_u8(%x: memref<?xi8>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi8>
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%i] : memref<?xi8>
    %w = arith.extui %xi : i8 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// Inclusive scan of i16 samples into i32 sums.
func.func @bench_scan_i16(%x: memref<?xi16>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi16>
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%i] : memref<?xi16>
    %w = arith.extsi %xi : i16 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}
