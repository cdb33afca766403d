// scan-sweep.mlir - segmented inclusive scans over many segmentations, for
// comparing a parallel lowering of seg.scan with the reference one.
//
// Not a test by itself (lit excludes Inputs/): CPU/scan-sweep.test runs it
// through seg-to-cpu against Inputs/scan-sweep.py, and Emulator/scan-sweep.test
// runs it through both seg-to-cpu and the GPU path (the emulator) under
// several block sizes, numbers of blocks, schedules and both scan
// strategies, and diffs the outputs. All arithmetic is exact (integers,
// and f32 sums of small integers), so the output does not depend on the
// order in which a lowering combines elements (the non-commutative
// operators must still see them in order).
//
// Five seg.scan over a rows x cols space (every row a segment), at level
// `thread` without a grid:
//   @sum_i32  inclusive sums (i32);
//   @sum_f32  inclusive sums of the same values as f32 (below 2^24: exact);
//   @radix    the pairwise sum of 4-tuples of i64 of radix sort: element
//             x counts as the one-hot tuple of its digit (x >> 2) & 3;
//   @lss      the LSSP operator of [Clausen 2021], a 6-tuple of i32
//             (longest sorted segment, longest sorted prefix and suffix,
//             length, first, last), with pred1 = true and pred2 = (<=);
//   @mat      the 2x2 matrix product modulo 10007 of M(x) =
//             [[x + 128, 1], [1, 0]] in i32 (not commutative).
//
// The input: in[s, i] = (h(s * cols + i) >> 24) - 128 with
//   h(g) = ((g * 0x9E3779B1) xor ((g * 0x9E3779B1) >> 15)) * 0x85EBCA6B
// (i32 arithmetic, unsigned shifts), in [-128, 127].
//
// Shapes (rows x cols): segments of 1, 2, 31, 1000, 256 (a block at the
// default block size), 10^4 elements, one segment of 60001, and 3 x 0.
// For every shape and scan one line "name R x C: checksum = K" with K the
// sum over every flat position g of (g mod 1000 + 1) * v[g], where v is the
// scanned value (for tuples a fixed mix of the components, in i64).
// Expected values: CPU/scan-sweep.test; Inputs/scan-sweep.py computes them
// independently in plain Python.

func.func @sum_i32(%in: memref<?x?xi32>, %out: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xi32>
  %cols = memref.dim %in, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i32
  seg.scan thread (%s, %i) in (%rows, %cols) outs(%out : memref<?x?xi32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

func.func @sum_f32(%in: memref<?x?xi32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xi32>
  %cols = memref.dim %in, %c1 : memref<?x?xi32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %cols) outs(%out : memref<?x?xf32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xi32>
    %f = arith.sitofp %x : i32 to f32
    seg.yield %f : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @radix(%in: memref<?x?xi32>, %c0o: memref<?x?xi64>,
                 %c1o: memref<?x?xi64>, %c2o: memref<?x?xi64>,
                 %c3o: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xi32>
  %cols = memref.dim %in, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i64
  seg.scan thread (%s, %i) in (%rows, %cols)
      outs(%c0o, %c1o, %c2o, %c3o : memref<?x?xi64>, memref<?x?xi64>,
                                    memref<?x?xi64>, memref<?x?xi64>) {
    %x = memref.load %in[%s, %i] : memref<?x?xi32>
    %k2 = arith.constant 2 : i32
    %k3 = arith.constant 3 : i32
    %sh = arith.shrui %x, %k2 : i32
    %d = arith.andi %sh, %k3 : i32
    %v0 = arith.constant 0 : i32
    %v1 = arith.constant 1 : i32
    %is0 = arith.cmpi eq, %d, %v0 : i32
    %is1 = arith.cmpi eq, %d, %v1 : i32
    %is2 = arith.cmpi eq, %d, %k2 : i32
    %is3 = arith.cmpi eq, %d, %k3 : i32
    %h0 = arith.extui %is0 : i1 to i64
    %h1 = arith.extui %is1 : i1 to i64
    %h2 = arith.extui %is2 : i1 to i64
    %h3 = arith.extui %is3 : i1 to i64
    seg.yield %h0, %h1, %h2, %h3 : i64, i64, i64, i64
  } combine commutative (%a0: i64, %a1: i64, %a2: i64, %a3: i64,
                         %b0: i64, %b1: i64, %b2: i64, %b3: i64)
      neutral(%zero, %zero, %zero, %zero : i64, i64, i64, i64) {
    %r0 = arith.addi %a0, %b0 : i64
    %r1 = arith.addi %a1, %b1 : i64
    %r2 = arith.addi %a2, %b2 : i64
    %r3 = arith.addi %a3, %b3 : i64
    seg.yield %r0, %r1, %r2, %r3 : i64, i64, i64, i64
  }
  return
}

// Outputs: lss, lis, lcs, tl, first, last.
func.func @lss(%in: memref<?x?xi32>, %o0: memref<?x?xi32>,
               %o1: memref<?x?xi32>, %o2: memref<?x?xi32>,
               %o3: memref<?x?xi32>, %o4: memref<?x?xi32>,
               %o5: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xi32>
  %cols = memref.dim %in, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.scan thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1, %o2, %o3, %o4, %o5
           : memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
             memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xi32>
    seg.yield %one, %one, %one, %one, %x, %x : i32, i32, i32, i32, i32, i32
  } combine (%lssx: i32, %lisx: i32, %lcsx: i32, %tlx: i32, %fx: i32,
             %lx: i32, %lssy: i32, %lisy: i32, %lcsy: i32, %tly: i32,
             %fy: i32, %ly: i32)
      neutral(%zero, %zero, %zero, %zero, %zero, %zero
              : i32, i32, i32, i32, i32, i32) {
    %le = arith.cmpi sle, %lx, %fy : i32
    %ex = arith.cmpi eq, %tlx, %zero : i32
    %ey = arith.cmpi eq, %tly, %zero : i32
    %c01 = arith.ori %le, %ex : i1
    %connect = arith.ori %c01, %ey : i1
    %cross = arith.addi %lcsx, %lisy : i32
    %m1 = arith.maxsi %cross, %lssx : i32
    %m2 = arith.maxsi %m1, %lssy : i32
    %m3 = arith.maxsi %lssx, %lssy : i32
    %newlss = arith.select %connect, %m2, %m3 : i32
    %fullx = arith.cmpi eq, %lisx, %tlx : i32
    %px = arith.andi %fullx, %connect : i1
    %ext = arith.addi %tlx, %lisy : i32
    %newlis = arith.select %px, %ext, %lisx : i32
    %fully = arith.cmpi eq, %lcsy, %tly : i32
    %py = arith.andi %fully, %connect : i1
    %exs = arith.addi %tly, %lcsx : i32
    %newlcs = arith.select %py, %exs, %lcsy : i32
    %newtl = arith.addi %tlx, %tly : i32
    %first = arith.select %ex, %fy, %fx : i32
    %last = arith.select %ey, %lx, %ly : i32
    seg.yield %newlss, %newlis, %newlcs, %newtl, %first, %last
        : i32, i32, i32, i32, i32, i32
  }
  return
}

func.func @mat(%in: memref<?x?xi32>, %oa: memref<?x?xi32>,
               %ob: memref<?x?xi32>, %oc: memref<?x?xi32>,
               %od: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xi32>
  %cols = memref.dim %in, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.scan thread (%s, %i) in (%rows, %cols)
      outs(%oa, %ob, %oc, %od : memref<?x?xi32>, memref<?x?xi32>,
                                memref<?x?xi32>, memref<?x?xi32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xi32>
    %k128 = arith.constant 128 : i32
    %a = arith.addi %x, %k128 : i32
    seg.yield %a, %one, %one, %zero : i32, i32, i32, i32
  } combine (%xa: i32, %xb: i32, %xc: i32, %xd: i32,
             %ya: i32, %yb: i32, %yc: i32, %yd: i32)
      neutral(%one, %zero, %zero, %one : i32, i32, i32, i32) {
    %p = arith.constant 10007 : i32
    %aa = arith.muli %xa, %ya : i32
    %bc = arith.muli %xb, %yc : i32
    %ab = arith.muli %xa, %yb : i32
    %bd = arith.muli %xb, %yd : i32
    %ca = arith.muli %xc, %ya : i32
    %dc = arith.muli %xd, %yc : i32
    %cb = arith.muli %xc, %yb : i32
    %dd = arith.muli %xd, %yd : i32
    %ra0 = arith.addi %aa, %bc : i32
    %rb0 = arith.addi %ab, %bd : i32
    %rc0 = arith.addi %ca, %dc : i32
    %rd0 = arith.addi %cb, %dd : i32
    %ra = arith.remui %ra0, %p : i32
    %rb = arith.remui %rb0, %p : i32
    %rc = arith.remui %rc0, %p : i32
    %rd = arith.remui %rd0, %p : i32
    seg.yield %ra, %rb, %rc, %rd : i32, i32, i32, i32
  }
  return
}

// in[s, i] = (h(s * cols + i) >> 24) - 128.
func.func @fill(%in: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xi32>
  %cols = memref.dim %in, %c1 : memref<?x?xi32>
  %m1 = arith.constant 0x9E3779B1 : i32
  %m2 = arith.constant 0x85EBCA6B : i32
  %k15 = arith.constant 15 : i32
  %k24 = arith.constant 24 : i32
  %k128 = arith.constant 128 : i32
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %cols step %c1 {
      %sc = arith.muli %s, %cols : index
      %g = arith.addi %sc, %i : index
      %gi = arith.index_cast %g : index to i32
      %h1 = arith.muli %gi, %m1 : i32
      %h1s = arith.shrui %h1, %k15 : i32
      %h2 = arith.xori %h1, %h1s : i32
      %h3 = arith.muli %h2, %m2 : i32
      %top = arith.shrui %h3, %k24 : i32
      %x = arith.subi %top, %k128 : i32
      memref.store %x, %in[%s, %i] : memref<?x?xi32>
    }
  }
  return
}

// Sum over (s, i) of (g mod 1000 + 1) * (w0 o0 + w1 o1 + ...)[s, i] with
// g = s * cols + i, for up to six i32 outputs (unused weights are 0).
func.func @check_i32(%o0: memref<?x?xi32>, %o1: memref<?x?xi32>,
                     %o2: memref<?x?xi32>, %o3: memref<?x?xi32>,
                     %o4: memref<?x?xi32>, %o5: memref<?x?xi32>,
                     %w: vector<6xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %rows = memref.dim %o0, %c0 : memref<?x?xi32>
  %cols = memref.dim %o0, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i64
  %w0 = vector.extract %w[0] : i64 from vector<6xi64>
  %w1 = vector.extract %w[1] : i64 from vector<6xi64>
  %w2 = vector.extract %w[2] : i64 from vector<6xi64>
  %w3 = vector.extract %w[3] : i64 from vector<6xi64>
  %w4 = vector.extract %w[4] : i64 from vector<6xi64>
  %w5 = vector.extract %w[5] : i64 from vector<6xi64>
  %sum = scf.for %s = %c0 to %rows step %c1 iter_args(%acc0 = %zero) -> (i64) {
    %row = scf.for %i = %c0 to %cols step %c1 iter_args(%acc = %acc0) -> (i64) {
      %sc = arith.muli %s, %cols : index
      %g = arith.addi %sc, %i : index
      %gm = arith.remui %g, %c1000 : index
      %gw = arith.addi %gm, %c1 : index
      %weight = arith.index_cast %gw : index to i64
      %x0 = memref.load %o0[%s, %i] : memref<?x?xi32>
      %x1 = memref.load %o1[%s, %i] : memref<?x?xi32>
      %x2 = memref.load %o2[%s, %i] : memref<?x?xi32>
      %x3 = memref.load %o3[%s, %i] : memref<?x?xi32>
      %x4 = memref.load %o4[%s, %i] : memref<?x?xi32>
      %x5 = memref.load %o5[%s, %i] : memref<?x?xi32>
      %y0 = arith.extsi %x0 : i32 to i64
      %y1 = arith.extsi %x1 : i32 to i64
      %y2 = arith.extsi %x2 : i32 to i64
      %y3 = arith.extsi %x3 : i32 to i64
      %y4 = arith.extsi %x4 : i32 to i64
      %y5 = arith.extsi %x5 : i32 to i64
      %z0 = arith.muli %y0, %w0 : i64
      %z1 = arith.muli %y1, %w1 : i64
      %z2 = arith.muli %y2, %w2 : i64
      %z3 = arith.muli %y3, %w3 : i64
      %z4 = arith.muli %y4, %w4 : i64
      %z5 = arith.muli %y5, %w5 : i64
      %t0 = arith.addi %z0, %z1 : i64
      %t1 = arith.addi %t0, %z2 : i64
      %t2 = arith.addi %t1, %z3 : i64
      %t3 = arith.addi %t2, %z4 : i64
      %mix = arith.addi %t3, %z5 : i64
      %term = arith.muli %mix, %weight : i64
      %next = arith.addi %acc, %term : i64
      scf.yield %next : i64
    }
    scf.yield %row : i64
  }
  return %sum : i64
}

// Prints "name R x C: checksum = K".
func.func @report(%rows: index, %cols: index, %sum: i64) {
  %r = arith.index_cast %rows : index to i64
  %c = arith.index_cast %cols : index to i64
  vector.print %r : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %c : i64 punctuation <no_punctuation>
  vector.print str ": checksum = "
  vector.print %sum : i64
  return
}

func.func @run(%rows: index, %cols: index) {
  %in = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill(%in) : (memref<?x?xi32>) -> ()
  %o0 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  %o1 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  %o2 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  %o3 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  %o4 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  %o5 = memref.alloc(%rows, %cols) : memref<?x?xi32>
  %l0 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %l1 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %l2 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %l3 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %f = memref.alloc(%rows, %cols) : memref<?x?xf32>
  %w1 = arith.constant dense<[1, 0, 0, 0, 0, 0]> : vector<6xi64>
  %w4 = arith.constant dense<[1, 3, 5, 7, 0, 0]> : vector<6xi64>
  %w6 = arith.constant dense<[1, 3, 5, 7, 11, 13]> : vector<6xi64>

  func.call @sum_i32(%in, %o0) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
  %k0 = func.call @check_i32(%o0, %o0, %o0, %o0, %o0, %o0, %w1)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, vector<6xi64>) -> i64
  vector.print str "sum_i32 "
  func.call @report(%rows, %cols, %k0) : (index, index, i64) -> ()

  // The f32 sums are exact integers: compare them through i32.
  func.call @sum_f32(%in, %f) : (memref<?x?xi32>, memref<?x?xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %cols step %c1 {
      %x = memref.load %f[%s, %i] : memref<?x?xf32>
      %xi = arith.fptosi %x : f32 to i32
      memref.store %xi, %o1[%s, %i] : memref<?x?xi32>
    }
  }
  %k1 = func.call @check_i32(%o1, %o1, %o1, %o1, %o1, %o1, %w1)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, vector<6xi64>) -> i64
  vector.print str "sum_f32 "
  func.call @report(%rows, %cols, %k1) : (index, index, i64) -> ()

  // The radix counts fit in i32.
  func.call @radix(%in, %l0, %l1, %l2, %l3)
      : (memref<?x?xi32>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>) -> ()
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %cols step %c1 {
      %x0 = memref.load %l0[%s, %i] : memref<?x?xi64>
      %x1 = memref.load %l1[%s, %i] : memref<?x?xi64>
      %x2 = memref.load %l2[%s, %i] : memref<?x?xi64>
      %x3 = memref.load %l3[%s, %i] : memref<?x?xi64>
      %y0 = arith.trunci %x0 : i64 to i32
      %y1 = arith.trunci %x1 : i64 to i32
      %y2 = arith.trunci %x2 : i64 to i32
      %y3 = arith.trunci %x3 : i64 to i32
      memref.store %y0, %o0[%s, %i] : memref<?x?xi32>
      memref.store %y1, %o1[%s, %i] : memref<?x?xi32>
      memref.store %y2, %o2[%s, %i] : memref<?x?xi32>
      memref.store %y3, %o3[%s, %i] : memref<?x?xi32>
    }
  }
  %k2 = func.call @check_i32(%o0, %o1, %o2, %o3, %o3, %o3, %w4)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, vector<6xi64>) -> i64
  vector.print str "radix "
  func.call @report(%rows, %cols, %k2) : (index, index, i64) -> ()

  func.call @lss(%in, %o0, %o1, %o2, %o3, %o4, %o5)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  %k3 = func.call @check_i32(%o0, %o1, %o2, %o3, %o4, %o5, %w6)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, vector<6xi64>) -> i64
  vector.print str "lss "
  func.call @report(%rows, %cols, %k3) : (index, index, i64) -> ()

  func.call @mat(%in, %o0, %o1, %o2, %o3)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>) -> ()
  %k4 = func.call @check_i32(%o0, %o1, %o2, %o3, %o3, %o3, %w4)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>,
         memref<?x?xi32>, memref<?x?xi32>, vector<6xi64>) -> i64
  vector.print str "mat "
  func.call @report(%rows, %cols, %k4) : (index, index, i64) -> ()

  memref.dealloc %in : memref<?x?xi32>
  memref.dealloc %o0 : memref<?x?xi32>
  memref.dealloc %o1 : memref<?x?xi32>
  memref.dealloc %o2 : memref<?x?xi32>
  memref.dealloc %o3 : memref<?x?xi32>
  memref.dealloc %o4 : memref<?x?xi32>
  memref.dealloc %o5 : memref<?x?xi32>
  memref.dealloc %l0 : memref<?x?xi64>
  memref.dealloc %l1 : memref<?x?xi64>
  memref.dealloc %l2 : memref<?x?xi64>
  memref.dealloc %l3 : memref<?x?xi64>
  memref.dealloc %f : memref<?x?xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c12 = arith.constant 12 : index
  %c20 = arith.constant 20 : index
  %c31 = arith.constant 31 : index
  %c97 = arith.constant 97 : index
  %c256 = arith.constant 256 : index
  %c1000 = arith.constant 1000 : index
  %c1500 = arith.constant 1500 : index
  %c3001 = arith.constant 3001 : index
  %c10000 = arith.constant 10000 : index
  %c60001 = arith.constant 60001 : index
  func.call @run(%c3001, %c1) : (index, index) -> ()
  func.call @run(%c1500, %c2) : (index, index) -> ()
  func.call @run(%c97, %c31) : (index, index) -> ()
  func.call @run(%c20, %c1000) : (index, index) -> ()
  func.call @run(%c12, %c256) : (index, index) -> ()
  func.call @run(%c5, %c10000) : (index, index) -> ()
  func.call @run(%c1, %c60001) : (index, index) -> ()
  func.call @run(%c3, %c0) : (index, index) -> ()
  return
}
