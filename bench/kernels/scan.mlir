// scan.mlir - the inclusive scans of the benchmark harness (bench/).
//
// Device memory arguments only, `llvm.emit_c_interface` (see
// reductions.mlir). The inputs are small integers in f32, so every
// association order gives the same exact prefix sums. bench/kernels/
// variants.txt compiles this file once per scan strategy of
// convert-seg-to-gpu (single-pass decoupled look-back, reduce-then-scan),
// renaming the functions of each variant.

// out[i] = x[0] + ... + x[i]
func.func @bench_scan_f32(%x: memref<?xf32>, %out: memref<?xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}

// Segmented: every row of a rows x cols matrix is a segment,
// out[s][i] = x[s][0] + ... + x[s][i].
func.func @bench_segscan_f32(%x: memref<?x?xf32>, %out: memref<?x?xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %cols) outs(%out : memref<?x?xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}
