// scan-wide.mlir - a segmented scan whose operator state is 6 x i64 (the
// LSSP operator of [Clausen 2021] in i64), wide enough that at block size
// 1024 the group kernels' block scans keep each thread's warp-exclusive
// tuple in shared memory while warp 0 scans the warp totals (the plan's
// "parks warp-exclusive values"). Not a test by itself (lit excludes
// Inputs/): Emulator/scan-wide.test runs it through seg-to-cpu and the
// GPU path and diffs the outputs.
//
// The input: in[s, i] = (h(s * cols + i) >> 24) - 128 (as in
// scan-sweep.mlir), so sorted runs are short and often cross groups. For
// every shape one line "R x C: checksum = K", K the sum over every flat
// position g of (g mod 1000 + 1) * (o0 + 3 o1 + 5 o2 + 7 o3 + 11 o4 +
// 13 o5)[g].

func.func @lss_i64(%in: memref<?x?xi64>, %o0: memref<?x?xi64>,
                   %o1: memref<?x?xi64>, %o2: memref<?x?xi64>,
                   %o3: memref<?x?xi64>, %o4: memref<?x?xi64>,
                   %o5: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xi64>
  %cols = memref.dim %in, %c1 : memref<?x?xi64>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  seg.scan thread (%s, %i) in (%rows, %cols)
      outs(%o0, %o1, %o2, %o3, %o4, %o5
           : memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
             memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>) {
    %x = memref.load %in[%s, %i] : memref<?x?xi64>
    seg.yield %one, %one, %one, %one, %x, %x : i64, i64, i64, i64, i64, i64
  } combine (%lssx: i64, %lisx: i64, %lcsx: i64, %tlx: i64, %fx: i64,
             %lx: i64, %lssy: i64, %lisy: i64, %lcsy: i64, %tly: i64,
             %fy: i64, %ly: i64)
      neutral(%zero, %zero, %zero, %zero, %zero, %zero
              : i64, i64, i64, i64, i64, i64) {
    %le = arith.cmpi sle, %lx, %fy : i64
    %ex = arith.cmpi eq, %tlx, %zero : i64
    %ey = arith.cmpi eq, %tly, %zero : i64
    %c01 = arith.ori %le, %ex : i1
    %connect = arith.ori %c01, %ey : i1
    %cross = arith.addi %lcsx, %lisy : i64
    %m1 = arith.maxsi %cross, %lssx : i64
    %m2 = arith.maxsi %m1, %lssy : i64
    %m3 = arith.maxsi %lssx, %lssy : i64
    %newlss = arith.select %connect, %m2, %m3 : i64
    %fullx = arith.cmpi eq, %lisx, %tlx : i64
    %px = arith.andi %fullx, %connect : i1
    %ext = arith.addi %tlx, %lisy : i64
    %newlis = arith.select %px, %ext, %lisx : i64
    %fully = arith.cmpi eq, %lcsy, %tly : i64
    %py = arith.andi %fully, %connect : i1
    %exs = arith.addi %tly, %lcsx : i64
    %newlcs = arith.select %py, %exs, %lcsy : i64
    %newtl = arith.addi %tlx, %tly : i64
    %first = arith.select %ex, %fy, %fx : i64
    %last = arith.select %ey, %lx, %ly : i64
    seg.yield %newlss, %newlis, %newlcs, %newtl, %first, %last
        : i64, i64, i64, i64, i64, i64
  }
  return
}

func.func @run(%rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %m1 = arith.constant 0x9E3779B1 : i32
  %m2 = arith.constant 0x85EBCA6B : i32
  %k15 = arith.constant 15 : i32
  %k24 = arith.constant 24 : i32
  %k128 = arith.constant 128 : i32
  %in = memref.alloc(%rows, %cols) : memref<?x?xi64>
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
      %x64 = arith.extsi %x : i32 to i64
      memref.store %x64, %in[%s, %i] : memref<?x?xi64>
    }
  }
  %o0 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %o1 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %o2 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %o3 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %o4 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %o5 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  func.call @lss_i64(%in, %o0, %o1, %o2, %o3, %o4, %o5)
      : (memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>) -> ()
  %zero = arith.constant 0 : i64
  %w1 = arith.constant 3 : i64
  %w2 = arith.constant 5 : i64
  %w3 = arith.constant 7 : i64
  %w4 = arith.constant 11 : i64
  %w5 = arith.constant 13 : i64
  %sum = scf.for %s = %c0 to %rows step %c1 iter_args(%acc0 = %zero) -> (i64) {
    %row = scf.for %i = %c0 to %cols step %c1 iter_args(%acc = %acc0) -> (i64) {
      %sc = arith.muli %s, %cols : index
      %g = arith.addi %sc, %i : index
      %gm = arith.remui %g, %c1000 : index
      %gw = arith.addi %gm, %c1 : index
      %weight = arith.index_cast %gw : index to i64
      %x0 = memref.load %o0[%s, %i] : memref<?x?xi64>
      %x1 = memref.load %o1[%s, %i] : memref<?x?xi64>
      %x2 = memref.load %o2[%s, %i] : memref<?x?xi64>
      %x3 = memref.load %o3[%s, %i] : memref<?x?xi64>
      %x4 = memref.load %o4[%s, %i] : memref<?x?xi64>
      %x5 = memref.load %o5[%s, %i] : memref<?x?xi64>
      %z1 = arith.muli %x1, %w1 : i64
      %z2 = arith.muli %x2, %w2 : i64
      %z3 = arith.muli %x3, %w3 : i64
      %z4 = arith.muli %x4, %w4 : i64
      %z5 = arith.muli %x5, %w5 : i64
      %t0 = arith.addi %x0, %z1 : i64
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
  %r = arith.index_cast %rows : index to i64
  %c = arith.index_cast %cols : index to i64
  vector.print %r : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %c : i64 punctuation <no_punctuation>
  vector.print str ": checksum = "
  vector.print %sum : i64
  memref.dealloc %in : memref<?x?xi64>
  memref.dealloc %o0 : memref<?x?xi64>
  memref.dealloc %o1 : memref<?x?xi64>
  memref.dealloc %o2 : memref<?x?xi64>
  memref.dealloc %o3 : memref<?x?xi64>
  memref.dealloc %o4 : memref<?x?xi64>
  memref.dealloc %o5 : memref<?x?xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c31 = arith.constant 31 : index
  %c97 = arith.constant 97 : index
  %c5001 = arith.constant 5001 : index
  %c10000 = arith.constant 10000 : index
  func.call @run(%c5, %c10000) : (index, index) -> ()
  func.call @run(%c97, %c31) : (index, index) -> ()
  func.call @run(%c1, %c5001) : (index, index) -> ()
  func.call @run(%c3, %c0) : (index, index) -> ()
  return
}
