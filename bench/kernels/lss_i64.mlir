// lss_i64.mlir - a non-commutative scan of 6-tuples of i64, for the kernel
// report (bench/kernels/report.txt, bench/KERNELS.md); not a benchmark of
// the harness (variants.txt does not list it).
//
// The longest sorted segment operator, as in
// test/Integration/Inputs/scan-sweep.mlir but in i64: the tuple (longest
// sorted segment, longest sorted prefix, longest sorted suffix, length,
// first, last) of every prefix of every row.
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
