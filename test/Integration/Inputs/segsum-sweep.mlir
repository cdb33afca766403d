// segsum-sweep.mlir - segmented reductions over many segmentations of about
// 2^20 elements, for comparing a parallel lowering with the reference one.
//
// Not a test by itself (lit excludes Inputs/): CPU/segsum-sweep.test runs
// it through seg-to-cpu and checks its output, and the GPU sweeps run it
// through both seg-to-cpu and the GPU path, under many block sizes and
// chunks, and diff the outputs. All arithmetic is on integers, so the
// output is the same whatever order a lowering combines elements in (the
// non-commutative operator must still see them in order).
//
// Two seg.red over a rows x cols space (every row a segment), both at level
// `thread` without a grid, so the lowering chooses block sizes:
//   @segsum  out[s] = in[s, 0] + ... + in[s, cols-1]   (i32, commutative)
//   @segmat  the 2x2 matrix product, modulo p = 10007, of the matrices
//            M(x) = [[x + 128, 1], [1, 0]] of the elements x of the row, in
//            order (not commutative: M(x) M(y) != M(y) M(x) for x != y).
//            (a, b, c, d) are the entries in row-major order; they stay below
//            p, so a sum of two products is below 2 p^2 < 2^31 in i32.
//            M(x) is symmetric, so the product in reverse order is the
//            transpose: an order bug swaps b and c.
//
// The input of shape rows x cols is
//   in[s, i] = (h(s * cols + i) >> 24) - 128, in [-128, 127], where
//   h(g) = ((g * 0x9E3779B1) xor ((g * 0x9E3779B1) >> 15)) * 0x85EBCA6B
// with every product taken mod 2^32 (a cheap integer hash, i32 arithmetic,
// unsigned shifts). Sums stay below 2^20 * 128 = 2^27 in magnitude.
//
// Shapes (rows x cols): 1 x 2^20, 2^4 x 2^16, 2^10 x 2^10, 2^16 x 2^4,
// 2^20 x 1, 3 x 100003, 1000 x 999, 77777 x 13, 1 x 1 and 5 x 0 (empty
// segments: sums 0, products the identity (1, 0, 0, 1)).
//
// For every shape two lines:
//   segsum R x C: checksum = K, first = out[0], last = out[R-1]
//   segmat R x C: checksum = K, first = ( a, b, c, d ), last = ( ... )
// with the checksums (i64)
//   segsum: sum over s of (s mod 1000 + 1) * out[s]
//   segmat: sum over s of (s mod 1000 + 1) * (a + 3 b + 5 c + 7 d)[s]
// which depend on every output and on its position.
// Expected values: CPU/segsum-sweep.test; Inputs/segsum-sweep.py computes
// them independently in plain Python.

// out[s] = sum of the row in[s, :].
func.func @segsum(%in: memref<?x?xi32>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xi32>
  %cols = memref.dim %in, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%rows, %cols) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// (oa, ob, oc, od)[s] = M(in[s, 0]) * ... * M(in[s, cols-1]) mod 10007.
func.func @segmat(%in: memref<?x?xi32>, %oa: memref<?xi32>,
                  %ob: memref<?xi32>, %oc: memref<?xi32>,
                  %od: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xi32>
  %cols = memref.dim %in, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.red thread (%s, %i) in (%rows, %cols)
      outs(%oa, %ob, %oc, %od
           : memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>) {
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

// The weight of segment s in the checksums: s mod 1000 + 1.
func.func @weight(%s: index) -> i64 {
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %m = arith.remui %s, %c1000 : index
  %w = arith.addi %m, %c1 : index
  %wi = arith.index_cast %w : index to i64
  return %wi : i64
}

// a + 3 b + 5 c + 7 d of matrix s, in i64.
func.func @mix(%oa: memref<?xi32>, %ob: memref<?xi32>, %oc: memref<?xi32>,
               %od: memref<?xi32>, %s: index) -> i64 {
  %k3 = arith.constant 3 : i64
  %k5 = arith.constant 5 : i64
  %k7 = arith.constant 7 : i64
  %a = memref.load %oa[%s] : memref<?xi32>
  %b = memref.load %ob[%s] : memref<?xi32>
  %c = memref.load %oc[%s] : memref<?xi32>
  %d = memref.load %od[%s] : memref<?xi32>
  %a64 = arith.extsi %a : i32 to i64
  %b64 = arith.extsi %b : i32 to i64
  %c64 = arith.extsi %c : i32 to i64
  %d64 = arith.extsi %d : i32 to i64
  %b3 = arith.muli %b64, %k3 : i64
  %c5 = arith.muli %c64, %k5 : i64
  %d7 = arith.muli %d64, %k7 : i64
  %t0 = arith.addi %a64, %b3 : i64
  %t1 = arith.addi %t0, %c5 : i64
  %t2 = arith.addi %t1, %d7 : i64
  return %t2 : i64
}

// Prints "R x C: ".
func.func @print_shape(%rows: index, %cols: index) {
  %r = arith.index_cast %rows : index to i64
  %c = arith.index_cast %cols : index to i64
  vector.print %r : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %c : i64 punctuation <no_punctuation>
  vector.print str ": "
  return
}

// Prints "( a, b, c, d )" of matrix s.
func.func @print_mat(%oa: memref<?xi32>, %ob: memref<?xi32>,
                     %oc: memref<?xi32>, %od: memref<?xi32>, %s: index) {
  %a = memref.load %oa[%s] : memref<?xi32>
  %b = memref.load %ob[%s] : memref<?xi32>
  %c = memref.load %oc[%s] : memref<?xi32>
  %d = memref.load %od[%s] : memref<?xi32>
  %v = vector.from_elements %a, %b, %c, %d : vector<4xi32>
  vector.print %v : vector<4xi32> punctuation <no_punctuation>
  return
}

// Fills a rows x cols input, runs @segsum and @segmat on it and prints
// their summaries.
func.func @run(%rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %last = arith.subi %rows, %c1 : index
  %in = memref.alloc(%rows, %cols) : memref<?x?xi32>
  func.call @fill(%in) : (memref<?x?xi32>) -> ()

  %out = memref.alloc(%rows) : memref<?xi32>
  func.call @segsum(%in, %out) : (memref<?x?xi32>, memref<?xi32>) -> ()
  %sum = scf.for %s = %c0 to %rows step %c1 iter_args(%acc = %zero) -> (i64) {
    %x = memref.load %out[%s] : memref<?xi32>
    %x64 = arith.extsi %x : i32 to i64
    %w = func.call @weight(%s) : (index) -> i64
    %t = arith.muli %x64, %w : i64
    %next = arith.addi %acc, %t : i64
    scf.yield %next : i64
  }
  %first = memref.load %out[%c0] : memref<?xi32>
  %lastv = memref.load %out[%last] : memref<?xi32>
  vector.print str "segsum "
  func.call @print_shape(%rows, %cols) : (index, index) -> ()
  vector.print str "checksum = "
  vector.print %sum : i64 punctuation <no_punctuation>
  vector.print str ", first = "
  vector.print %first : i32 punctuation <no_punctuation>
  vector.print str ", last = "
  vector.print %lastv : i32

  %oa = memref.alloc(%rows) : memref<?xi32>
  %ob = memref.alloc(%rows) : memref<?xi32>
  %oc = memref.alloc(%rows) : memref<?xi32>
  %od = memref.alloc(%rows) : memref<?xi32>
  func.call @segmat(%in, %oa, %ob, %oc, %od)
      : (memref<?x?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>,
         memref<?xi32>) -> ()
  %msum = scf.for %s = %c0 to %rows step %c1 iter_args(%acc = %zero)
      -> (i64) {
    %x = func.call @mix(%oa, %ob, %oc, %od, %s)
        : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, index)
        -> i64
    %w = func.call @weight(%s) : (index) -> i64
    %t = arith.muli %x, %w : i64
    %next = arith.addi %acc, %t : i64
    scf.yield %next : i64
  }
  vector.print str "segmat "
  func.call @print_shape(%rows, %cols) : (index, index) -> ()
  vector.print str "checksum = "
  vector.print %msum : i64 punctuation <no_punctuation>
  vector.print str ", first = "
  func.call @print_mat(%oa, %ob, %oc, %od, %c0)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, index)
      -> ()
  vector.print str ", last = "
  func.call @print_mat(%oa, %ob, %oc, %od, %last)
      : (memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<?xi32>, index)
      -> ()
  vector.print punctuation <newline>

  memref.dealloc %in : memref<?x?xi32>
  memref.dealloc %out : memref<?xi32>
  memref.dealloc %oa : memref<?xi32>
  memref.dealloc %ob : memref<?xi32>
  memref.dealloc %oc : memref<?xi32>
  memref.dealloc %od : memref<?xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c13 = arith.constant 13 : index
  %c16 = arith.constant 16 : index
  %c999 = arith.constant 999 : index
  %c1000 = arith.constant 1000 : index
  %c1024 = arith.constant 1024 : index
  %c65536 = arith.constant 65536 : index
  %c77777 = arith.constant 77777 : index
  %c100003 = arith.constant 100003 : index
  %c1048576 = arith.constant 1048576 : index

  func.call @run(%c1, %c1048576) : (index, index) -> ()
  func.call @run(%c16, %c65536) : (index, index) -> ()
  func.call @run(%c1024, %c1024) : (index, index) -> ()
  func.call @run(%c65536, %c16) : (index, index) -> ()
  func.call @run(%c1048576, %c1) : (index, index) -> ()
  func.call @run(%c3, %c100003) : (index, index) -> ()
  func.call @run(%c1000, %c999) : (index, index) -> ()
  func.call @run(%c77777, %c13) : (index, index) -> ()
  func.call @run(%c1, %c1) : (index, index) -> ()
  func.call @run(%c5, %c0) : (index, index) -> ()
  return
}
