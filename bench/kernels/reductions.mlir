// reductions.mlir - the SegIR kernels of the benchmark harness (bench/).
//
// Every function takes device memory only (the harness allocates it), so it
// runs without the device reading host memory. `llvm.emit_c_interface`
// gives each a C entry point _mlir_ciface_<name> taking pointers to memref
// descriptors (bench/src/SegIRKernels.h). Integer operators wrap modulo 2^32
// and the inputs keep MSS away from overflow, so every association order
// gives the same exact result and the harness checks results exactly.

// f32 sum (commutative).
func.func @bench_sum_f32(%x: memref<?xf32>, %out: memref<f32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  seg.red thread (%i) in (%n) outs(%out : memref<f32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}

// Segmented f32 sum: one sum per row of a rows x cols matrix.
func.func @bench_segsum_f32(%x: memref<?x?xf32>, %out: memref<?xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  seg.red thread (%s, %i) in (%rows, %cols) outs(%out : memref<?xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// Product of 2x2 i32 matrices [[a b] [c d]] in index order
// (non-commutative); the matrices are given as four arrays.
func.func @bench_matprod2x2_i32(%a: memref<?xi32>, %b: memref<?xi32>,
                                %c: memref<?xi32>, %d: memref<?xi32>,
                                %oa: memref<i32>, %ob: memref<i32>,
                                %oc: memref<i32>, %od: memref<i32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.red thread (%i) in (%n)
      outs(%oa, %ob, %oc, %od
           : memref<i32>, memref<i32>, memref<i32>, memref<i32>) {
    %ai = memref.load %a[%i] : memref<?xi32>
    %bi = memref.load %b[%i] : memref<?xi32>
    %ci = memref.load %c[%i] : memref<?xi32>
    %di = memref.load %d[%i] : memref<?xi32>
    seg.yield %ai, %bi, %ci, %di : i32, i32, i32, i32
  } combine (%xa: i32, %xb: i32, %xc: i32, %xd: i32,
             %ya: i32, %yb: i32, %yc: i32, %yd: i32)
      neutral(%one, %zero, %zero, %one : i32, i32, i32, i32) {
    %aa = arith.muli %xa, %ya : i32
    %bc = arith.muli %xb, %yc : i32
    %ab = arith.muli %xa, %yb : i32
    %bd = arith.muli %xb, %yd : i32
    %ca = arith.muli %xc, %ya : i32
    %dc = arith.muli %xd, %yc : i32
    %cb = arith.muli %xc, %yb : i32
    %dd = arith.muli %xd, %yd : i32
    %ra = arith.addi %aa, %bc : i32
    %rb = arith.addi %ab, %bd : i32
    %rc = arith.addi %ca, %dc : i32
    %rd = arith.addi %cb, %dd : i32
    seg.yield %ra, %rb, %rc, %rd : i32, i32, i32, i32
  }
  return
}

// Maximum segment sum of an i32 array (non-commutative): the tuple
// (best, best prefix, best suffix, total).
func.func @bench_mss_i32(%x: memref<?xi32>, %o_mss: memref<i32>,
                         %o_mis: memref<i32>, %o_mcs: memref<i32>,
                         %o_ts: memref<i32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  seg.red thread (%i) in (%n)
      outs(%o_mss, %o_mis, %o_mcs, %o_ts
           : memref<i32>, memref<i32>, memref<i32>, memref<i32>) {
    %xi = memref.load %x[%i] : memref<?xi32>
    %p = arith.maxsi %xi, %zero : i32
    seg.yield %p, %p, %p, %xi : i32, i32, i32, i32
  } combine (%mss_x: i32, %mis_x: i32, %mcs_x: i32, %ts_x: i32,
             %mss_y: i32, %mis_y: i32, %mcs_y: i32, %ts_y: i32)
      neutral(%zero, %zero, %zero, %zero : i32, i32, i32, i32) {
    %across = arith.addi %mcs_x, %mis_y : i32
    %m0 = arith.maxsi %mss_x, %mss_y : i32
    %mss = arith.maxsi %m0, %across : i32
    %i0 = arith.addi %ts_x, %mis_y : i32
    %mis = arith.maxsi %mis_x, %i0 : i32
    %c0_ = arith.addi %mcs_x, %ts_y : i32
    %mcs = arith.maxsi %mcs_y, %c0_ : i32
    %ts = arith.addi %ts_x, %ts_y : i32
    seg.yield %mss, %mis, %mcs, %ts : i32, i32, i32, i32
  }
  return
}

// Composition of linear functions x -> a[i] * x + b[i], applying index 0
// first (non-commutative): (a1, b1) then (a2, b2) is (a1 a2, b1 a2 + b2).
func.func @bench_linfun_i32(%a: memref<?xi32>, %b: memref<?xi32>,
                            %oa: memref<i32>, %ob: memref<i32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.red thread (%i) in (%n) outs(%oa, %ob : memref<i32>, memref<i32>) {
    %ai = memref.load %a[%i] : memref<?xi32>
    %bi = memref.load %b[%i] : memref<?xi32>
    seg.yield %ai, %bi : i32, i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32)
      neutral(%one, %zero : i32, i32) {
    %ra = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %rb = arith.addi %t, %b2 : i32
    seg.yield %ra, %rb : i32, i32
  }
  return
}
