// segscan.mlir - the segmented scan of scan.mlir (every row of a matrix a
// segment) at four static row lengths, one per regime of the single-pass
// kernel's groups of B x m elements (4096 at B = 256 for f32): segments in
// aligned runs of threads (32 columns: every group starts a segment, and
// the threads scan their runs with warp shuffles), a segment boundary at a
// different place in every group (31 columns: every group takes the flagged
// path), in some groups (10000 columns: a uniform branch per group between
// the flagged and the flat path), in none (2^20 columns, a multiple of the
// group: every group takes the flat path). Read by utils/kernel-report.py
// (bench/kernels/report.txt); the harness runs scan.mlir's dynamic one.
// The 3-D ones segment 2 x rows x cols by rows: their elements' outer
// coordinates come from the segment index.

// out[s][i] = x[s][0] + ... + x[s][i], rows of 32.
func.func @bench_segscan_f32_c32(%x: memref<?x32xf32>, %out: memref<?x32xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %rows = memref.dim %x, %c0 : memref<?x32xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %c32) outs(%out : memref<?x32xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x32xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// Rows of 10000.
func.func @bench_segscan_f32_c10000(%x: memref<?x10000xf32>,
                                    %out: memref<?x10000xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %cols = arith.constant 10000 : index
  %rows = memref.dim %x, %c0 : memref<?x10000xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %cols)
      outs(%out : memref<?x10000xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x10000xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// Rows of 2^20.
func.func @bench_segscan_f32_c1m(%x: memref<?x1048576xf32>,
                                 %out: memref<?x1048576xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %cols = arith.constant 1048576 : index
  %rows = memref.dim %x, %c0 : memref<?x1048576xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %cols)
      outs(%out : memref<?x1048576xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x1048576xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// 3-D: out[p][s][i] = x[p][s][0] + ... + x[p][s][i], rows of 32.
func.func @bench_segscan3d_f32_c32(%x: memref<2x?x32xf32>,
                                   %out: memref<2x?x32xf32>)
    attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %rows = memref.dim %x, %c1 : memref<2x?x32xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%p, %s, %i) in (%c2, %rows, %c32)
      outs(%out : memref<2x?x32xf32>) {
    %xi = memref.load %x[%p, %s, %i] : memref<2x?x32xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// 3-D, rows of any length.
func.func @bench_segscan3d_f32(%x: memref<2x?x?xf32>, %out: memref<2x?x?xf32>)
    attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rows = memref.dim %x, %c1 : memref<2x?x?xf32>
  %cols = memref.dim %x, %c2 : memref<2x?x?xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%p, %s, %i) in (%c2, %rows, %cols)
      outs(%out : memref<2x?x?xf32>) {
    %xi = memref.load %x[%p, %s, %i] : memref<2x?x?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// Rows of 31: neither the warp nor the group is a multiple of the row, so
// a segment start falls at a different place in every group and every
// group takes the flagged path with the look-back.
func.func @bench_segscan_f32_c31(%x: memref<?x31xf32>, %out: memref<?x31xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c31 = arith.constant 31 : index
  %rows = memref.dim %x, %c0 : memref<?x31xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %c31) outs(%out : memref<?x31xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x31xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}
