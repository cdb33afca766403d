// scan-regimes.mlir - segmented scans whose groups of the single-pass
// kernel (B x 4 elements: `chunk(4)`) lie inside one segment (the flat
// path), contain segment starts (the flagged path), or start exactly at a
// segment start, for comparing the GPU path (the emulator) with the
// reference. Not a test by itself: Emulator/scan-regimes.test runs it.
//
// Each scan runs two operators: an i32 sum and the composition of affine
// maps x -> a x + b modulo 2^32 (not commutative), of the element
// (2 v + 1, v), v in [-8, 7]. Segments are the innermost dimension of a 2-D
// (rows x n) or 3-D (2 x rows x n) space; n is dynamic (every length from
// 1 to 8193 listed in @main: 1, 2, a thread's 4 elements - 1, and a group
// - 1, a group and a group + 1 at block sizes 31 to 1024) or static (1, 3,
// 7, 128 and 129 in 2-D; 7, and 3 segments a plane, in 3-D; and the
// lengths of segments in runs of threads below). For every run
// one line "name n: checksum = K", K the sum over flat positions g of
// (g mod 97 + 1) * (sum + 3 a + 5 b).

!view = memref<?x?xi32, strided<[?, 1], offset: ?>>
!view3 = memref<2x?x?xi32, strided<[?, ?, 1], offset: ?>>

func.func @scan2d(%in: memref<?x?xi32>, %sum: memref<?x?xi32>,
                  %fa: memref<?x?xi32>, %fb: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xi32>
  %n = memref.dim %in, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) {
    %v = memref.load %in[%s, %i] : memref<?x?xi32>
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @scan3d(%in: memref<2x?x?xi32>, %sum: memref<2x?x?xi32>,
                  %fa: memref<2x?x?xi32>, %fb: memref<2x?x?xi32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rows = memref.dim %in, %c1 : memref<2x?x?xi32>
  %n = memref.dim %in, %c2 : memref<2x?x?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%p, %s, %i) in (%c2, %rows, %n) chunk(4)
      outs(%sum, %fa, %fb : memref<2x?x?xi32>, memref<2x?x?xi32>, memref<2x?x?xi32>) {
    %v = memref.load %in[%p, %s, %i] : memref<2x?x?xi32>
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @scan_c1(%in: memref<?x1xi32>, %sum: memref<?x1xi32>, %fa: memref<?x1xi32>, %fb: memref<?x1xi32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x1xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : memref<?x1xi32>, memref<?x1xi32>, memref<?x1xi32>) {
    %v = memref.load %in[%s, %i] : memref<?x1xi32>
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @run_c1(%rows: index) {
  %n = arith.constant 1 : index
  %in, %sum, %fa, %fb = func.call @alloc2d(%rows, %n)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  %i = memref.cast %in : memref<?x?xi32> to memref<?x1xi32>
  %s = memref.cast %sum : memref<?x?xi32> to memref<?x1xi32>
  %a = memref.cast %fa : memref<?x?xi32> to memref<?x1xi32>
  %b = memref.cast %fb : memref<?x?xi32> to memref<?x1xi32>
  func.call @scan_c1(%i, %s, %a, %b) : (memref<?x1xi32>, memref<?x1xi32>, memref<?x1xi32>, memref<?x1xi32>) -> ()
  vector.print str "static "
  func.call @report2d(%sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%in, %sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  return
}

func.func @scan_c3(%in: memref<?x3xi32>, %sum: memref<?x3xi32>, %fa: memref<?x3xi32>, %fb: memref<?x3xi32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 3 : index
  %rows = memref.dim %in, %c0 : memref<?x3xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : memref<?x3xi32>, memref<?x3xi32>, memref<?x3xi32>) {
    %v = memref.load %in[%s, %i] : memref<?x3xi32>
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @run_c3(%rows: index) {
  %n = arith.constant 3 : index
  %in, %sum, %fa, %fb = func.call @alloc2d(%rows, %n)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  %i = memref.cast %in : memref<?x?xi32> to memref<?x3xi32>
  %s = memref.cast %sum : memref<?x?xi32> to memref<?x3xi32>
  %a = memref.cast %fa : memref<?x?xi32> to memref<?x3xi32>
  %b = memref.cast %fb : memref<?x?xi32> to memref<?x3xi32>
  func.call @scan_c3(%i, %s, %a, %b) : (memref<?x3xi32>, memref<?x3xi32>, memref<?x3xi32>, memref<?x3xi32>) -> ()
  vector.print str "static "
  func.call @report2d(%sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%in, %sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  return
}

func.func @scan_c7(%in: memref<?x7xi32>, %sum: memref<?x7xi32>, %fa: memref<?x7xi32>, %fb: memref<?x7xi32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 7 : index
  %rows = memref.dim %in, %c0 : memref<?x7xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : memref<?x7xi32>, memref<?x7xi32>, memref<?x7xi32>) {
    %v = memref.load %in[%s, %i] : memref<?x7xi32>
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @run_c7(%rows: index) {
  %n = arith.constant 7 : index
  %in, %sum, %fa, %fb = func.call @alloc2d(%rows, %n)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  %i = memref.cast %in : memref<?x?xi32> to memref<?x7xi32>
  %s = memref.cast %sum : memref<?x?xi32> to memref<?x7xi32>
  %a = memref.cast %fa : memref<?x?xi32> to memref<?x7xi32>
  %b = memref.cast %fb : memref<?x?xi32> to memref<?x7xi32>
  func.call @scan_c7(%i, %s, %a, %b) : (memref<?x7xi32>, memref<?x7xi32>, memref<?x7xi32>, memref<?x7xi32>) -> ()
  vector.print str "static "
  func.call @report2d(%sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%in, %sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  return
}

func.func @scan_c128(%in: memref<?x128xi32>, %sum: memref<?x128xi32>, %fa: memref<?x128xi32>, %fb: memref<?x128xi32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 128 : index
  %rows = memref.dim %in, %c0 : memref<?x128xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : memref<?x128xi32>, memref<?x128xi32>, memref<?x128xi32>) {
    %v = memref.load %in[%s, %i] : memref<?x128xi32>
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @run_c128(%rows: index) {
  %n = arith.constant 128 : index
  %in, %sum, %fa, %fb = func.call @alloc2d(%rows, %n)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  %i = memref.cast %in : memref<?x?xi32> to memref<?x128xi32>
  %s = memref.cast %sum : memref<?x?xi32> to memref<?x128xi32>
  %a = memref.cast %fa : memref<?x?xi32> to memref<?x128xi32>
  %b = memref.cast %fb : memref<?x?xi32> to memref<?x128xi32>
  func.call @scan_c128(%i, %s, %a, %b) : (memref<?x128xi32>, memref<?x128xi32>, memref<?x128xi32>, memref<?x128xi32>) -> ()
  vector.print str "static "
  func.call @report2d(%sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%in, %sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  return
}

func.func @scan_c129(%in: memref<?x129xi32>, %sum: memref<?x129xi32>, %fa: memref<?x129xi32>, %fb: memref<?x129xi32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 129 : index
  %rows = memref.dim %in, %c0 : memref<?x129xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : memref<?x129xi32>, memref<?x129xi32>, memref<?x129xi32>) {
    %v = memref.load %in[%s, %i] : memref<?x129xi32>
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @run_c129(%rows: index) {
  %n = arith.constant 129 : index
  %in, %sum, %fa, %fb = func.call @alloc2d(%rows, %n)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  %i = memref.cast %in : memref<?x?xi32> to memref<?x129xi32>
  %s = memref.cast %sum : memref<?x?xi32> to memref<?x129xi32>
  %a = memref.cast %fa : memref<?x?xi32> to memref<?x129xi32>
  %b = memref.cast %fb : memref<?x?xi32> to memref<?x129xi32>
  func.call @scan_c129(%i, %s, %a, %b) : (memref<?x129xi32>, memref<?x129xi32>, memref<?x129xi32>, memref<?x129xi32>) -> ()
  vector.print str "static "
  func.call @report2d(%sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%in, %sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  return
}

// in[g] = ((g * 2654435761) >> 13) mod 16 - 8, g the flat position.
func.func @value(%g: index) -> i32 {
  %gi = arith.index_cast %g : index to i32
  %m = arith.constant -1640531535 : i32
  %k13 = arith.constant 13 : i32
  %k15 = arith.constant 15 : i32
  %k8 = arith.constant 8 : i32
  %h = arith.muli %gi, %m : i32
  %hs = arith.shrui %h, %k13 : i32
  %d = arith.andi %hs, %k15 : i32
  %v = arith.subi %d, %k8 : i32
  return %v : i32
}

// (g mod 97 + 1) * (sum + 3 a + 5 b) at flat position g, in i64.
func.func @term(%g: index, %s: i32, %a: i32, %b: i32) -> i64 {
  %c97 = arith.constant 97 : index
  %c1 = arith.constant 1 : index
  %w = arith.remui %g, %c97 : index
  %w1 = arith.addi %w, %c1 : index
  %wl = arith.index_cast %w1 : index to i64
  %sl = arith.extsi %s : i32 to i64
  %al = arith.extsi %a : i32 to i64
  %bl = arith.extsi %b : i32 to i64
  %k3 = arith.constant 3 : i64
  %k5 = arith.constant 5 : i64
  %a3 = arith.muli %al, %k3 : i64
  %b5 = arith.muli %bl, %k5 : i64
  %t0 = arith.addi %sl, %a3 : i64
  %t1 = arith.addi %t0, %b5 : i64
  %r = arith.muli %wl, %t1 : i64
  return %r : i64
}

func.func @alloc2d(%rows: index, %n: index)
    -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %in = memref.alloc(%rows, %n) : memref<?x?xi32>
  %sum = memref.alloc(%rows, %n) : memref<?x?xi32>
  %fa = memref.alloc(%rows, %n) : memref<?x?xi32>
  %fb = memref.alloc(%rows, %n) : memref<?x?xi32>
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %n step %c1 {
      %sn = arith.muli %s, %n : index
      %g = arith.addi %sn, %i : index
      %v = func.call @value(%g) : (index) -> i32
      memref.store %v, %in[%s, %i] : memref<?x?xi32>
    }
  }
  return %in, %sum, %fa, %fb
      : memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>
}

func.func @free2d(%in: memref<?x?xi32>, %sum: memref<?x?xi32>,
                  %fa: memref<?x?xi32>, %fb: memref<?x?xi32>) {
  memref.dealloc %in : memref<?x?xi32>
  memref.dealloc %sum : memref<?x?xi32>
  memref.dealloc %fa : memref<?x?xi32>
  memref.dealloc %fb : memref<?x?xi32>
  return
}

// Prints "n: checksum = K".
func.func @print(%n: index, %k: i64) {
  %nl = arith.index_cast %n : index to i64
  vector.print %nl : i64 punctuation <no_punctuation>
  vector.print str ": checksum = "
  vector.print %k : i64
  return
}

func.func @report2d(%sum: memref<?x?xi32>, %fa: memref<?x?xi32>,
                    %fb: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %rows = memref.dim %sum, %c0 : memref<?x?xi32>
  %n = memref.dim %sum, %c1 : memref<?x?xi32>
  %k = scf.for %s = %c0 to %rows step %c1 iter_args(%acc = %z) -> i64 {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> i64 {
      %sn = arith.muli %s, %n : index
      %g = arith.addi %sn, %i : index
      %x = memref.load %sum[%s, %i] : memref<?x?xi32>
      %a = memref.load %fa[%s, %i] : memref<?x?xi32>
      %b = memref.load %fb[%s, %i] : memref<?x?xi32>
      %t = func.call @term(%g, %x, %a, %b) : (index, i32, i32, i32) -> i64
      %next = arith.addi %acc2, %t : i64
      scf.yield %next : i64
    }
    scf.yield %r : i64
  }
  func.call @print(%n, %k) : (index, i64) -> ()
  return
}

func.func @run2d(%rows: index, %n: index) {
  %in, %sum, %fa, %fb = func.call @alloc2d(%rows, %n)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  func.call @scan2d(%in, %sum, %fa, %fb)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  vector.print str "2-D "
  func.call @report2d(%sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%in, %sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  return
}

// The 2 x rows x n space as 2 rows x n arrays side by side: the same
// input and checksum over the flat positions as a (2 rows) x n run.
func.func @run3d(%rows: index, %n: index) {
  %c2 = arith.constant 2 : index
  %rows2 = arith.muli %rows, %c2 : index
  %in, %sum, %fa, %fb = func.call @alloc2d(%rows2, %n)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  %i3 = memref.expand_shape %in [[0, 1], [2]] output_shape [2, %rows, %n]
      : memref<?x?xi32> into memref<2x?x?xi32>
  %s3 = memref.expand_shape %sum [[0, 1], [2]] output_shape [2, %rows, %n]
      : memref<?x?xi32> into memref<2x?x?xi32>
  %a3 = memref.expand_shape %fa [[0, 1], [2]] output_shape [2, %rows, %n]
      : memref<?x?xi32> into memref<2x?x?xi32>
  %b3 = memref.expand_shape %fb [[0, 1], [2]] output_shape [2, %rows, %n]
      : memref<?x?xi32> into memref<2x?x?xi32>
  func.call @scan3d(%i3, %s3, %a3, %b3)
      : (memref<2x?x?xi32>, memref<2x?x?xi32>, memref<2x?x?xi32>, memref<2x?x?xi32>) -> ()
  vector.print str "3-D "
  func.call @report2d(%sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%in, %sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  return
}

func.func @scan3d_c7(%in: memref<2x?x7xi32>, %sum: memref<2x?x7xi32>, %fa: memref<2x?x7xi32>, %fb: memref<2x?x7xi32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 7 : index
  %rows = memref.dim %in, %c1 : memref<2x?x7xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%p, %s, %i) in (%c2, %rows, %n) chunk(4)
      outs(%sum, %fa, %fb : memref<2x?x7xi32>, memref<2x?x7xi32>, memref<2x?x7xi32>) {
    %v = memref.load %in[%p, %s, %i] : memref<2x?x7xi32>
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @run3d_c7(%rows: index) {
  %c2 = arith.constant 2 : index
  %n = arith.constant 7 : index
  %rows2 = arith.muli %rows, %c2 : index
  %in, %sum, %fa, %fb = func.call @alloc2d(%rows2, %n)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  %in7 = memref.cast %in : memref<?x?xi32> to memref<?x7xi32>
  %in3 = memref.expand_shape %in7 [[0, 1], [2]] output_shape [2, %rows, 7]
      : memref<?x7xi32> into memref<2x?x7xi32>
  %sum7 = memref.cast %sum : memref<?x?xi32> to memref<?x7xi32>
  %sum3 = memref.expand_shape %sum7 [[0, 1], [2]] output_shape [2, %rows, 7]
      : memref<?x7xi32> into memref<2x?x7xi32>
  %fa7 = memref.cast %fa : memref<?x?xi32> to memref<?x7xi32>
  %fa3 = memref.expand_shape %fa7 [[0, 1], [2]] output_shape [2, %rows, 7]
      : memref<?x7xi32> into memref<2x?x7xi32>
  %fb7 = memref.cast %fb : memref<?x?xi32> to memref<?x7xi32>
  %fb3 = memref.expand_shape %fb7 [[0, 1], [2]] output_shape [2, %rows, 7]
      : memref<?x7xi32> into memref<2x?x7xi32>
  func.call @scan3d_c7(%in3, %sum3, %fa3, %fb3)
      : (memref<2x?x7xi32>, memref<2x?x7xi32>, memref<2x?x7xi32>, memref<2x?x7xi32>) -> ()
  vector.print str "3-D static "
  func.call @report2d(%sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%in, %sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  return
}

func.func @scan3d_r3(%in: memref<?x3x?xi32>, %sum: memref<?x3x?xi32>, %fa: memref<?x3x?xi32>, %fb: memref<?x3x?xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %planes = memref.dim %in, %c0 : memref<?x3x?xi32>
  %n = memref.dim %in, %c2 : memref<?x3x?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%p, %s, %i) in (%planes, %c3, %n) chunk(4)
      outs(%sum, %fa, %fb : memref<?x3x?xi32>, memref<?x3x?xi32>, memref<?x3x?xi32>) {
    %v = memref.load %in[%p, %s, %i] : memref<?x3x?xi32>
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @run3d_r3(%planes: index, %n: index) {
  %c3 = arith.constant 3 : index
  %rows2 = arith.muli %planes, %c3 : index
  %in, %sum, %fa, %fb = func.call @alloc2d(%rows2, %n)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  %in3 = memref.expand_shape %in [[0, 1], [2]] output_shape [%planes, 3, %n]
      : memref<?x?xi32> into memref<?x3x?xi32>
  %sum3 = memref.expand_shape %sum [[0, 1], [2]] output_shape [%planes, 3, %n]
      : memref<?x?xi32> into memref<?x3x?xi32>
  %fa3 = memref.expand_shape %fa [[0, 1], [2]] output_shape [%planes, 3, %n]
      : memref<?x?xi32> into memref<?x3x?xi32>
  %fb3 = memref.expand_shape %fb [[0, 1], [2]] output_shape [%planes, 3, %n]
      : memref<?x?xi32> into memref<?x3x?xi32>
  func.call @scan3d_r3(%in3, %sum3, %fa3, %fb3)
      : (memref<?x3x?xi32>, memref<?x3x?xi32>, memref<?x3x?xi32>, memref<?x3x?xi32>) -> ()
  vector.print str "3-D static "
  func.call @report2d(%sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%in, %sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  return
}

// Static segment lengths that every group of B x m elements starts and
// that lie inside aligned runs of threads of a warp
// (GroupShape::segmentLanes): lengths dividing a thread's m elements, or m
// times 4, 8 or 16 threads at m = 4; 1 and 2 threads (rows of 32: the
// benchmark's) at m = 16; in 2-D and in 2 x rows x n. On views of rows of
// n inside rows 5 wider (strided) and of contiguous ones. At block sizes
// where B does not divide into runs, or a group is one segment, the
// general paths run the same scans.
func.func @runs_m4_n2(%in: !view, %sum: !view, %fa: !view, %fb: !view) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 2 : index
  %rows = memref.dim %in, %c0 : !view
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : !view, !view, !view) {
    %v = memref.load %in[%s, %i] : !view
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @runs_m4_n16(%in: !view, %sum: !view, %fa: !view, %fb: !view) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 16 : index
  %rows = memref.dim %in, %c0 : !view
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : !view, !view, !view) {
    %v = memref.load %in[%s, %i] : !view
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @runs_m4_n32(%in: !view, %sum: !view, %fa: !view, %fb: !view) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 32 : index
  %rows = memref.dim %in, %c0 : !view
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : !view, !view, !view) {
    %v = memref.load %in[%s, %i] : !view
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @runs_m4_n64(%in: !view, %sum: !view, %fa: !view, %fb: !view) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 64 : index
  %rows = memref.dim %in, %c0 : !view
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : !view, !view, !view) {
    %v = memref.load %in[%s, %i] : !view
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @runs_m16_n8(%in: !view, %sum: !view, %fa: !view, %fb: !view) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 8 : index
  %rows = memref.dim %in, %c0 : !view
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(16)
      outs(%sum, %fa, %fb : !view, !view, !view) {
    %v = memref.load %in[%s, %i] : !view
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @runs_m16_n32(%in: !view, %sum: !view, %fa: !view, %fb: !view) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 32 : index
  %rows = memref.dim %in, %c0 : !view
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(16)
      outs(%sum, %fa, %fb : !view, !view, !view) {
    %v = memref.load %in[%s, %i] : !view
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @runs3d_m4_n32(%in: !view3, %sum: !view3, %fa: !view3, %fb: !view3) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 32 : index
  %rows = memref.dim %in, %c1 : !view3
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%p, %s, %i) in (%c2, %rows, %n) chunk(4)
      outs(%sum, %fa, %fb : !view3, !view3, !view3) {
    %v = memref.load %in[%p, %s, %i] : !view3
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

func.func @runs3d_m16_n32(%in: !view3, %sum: !view3, %fa: !view3, %fb: !view3) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 32 : index
  %rows = memref.dim %in, %c1 : !view3
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%p, %s, %i) in (%c2, %rows, %n) chunk(16)
      outs(%sum, %fa, %fb : !view3, !view3, !view3) {
    %v = memref.load %in[%p, %s, %i] : !view3
    %v2 = arith.muli %v, %two : i32
    %a = arith.addi %v2, %one : i32
    seg.yield %v, %a, %v : i32, i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
    %r = arith.addi %x, %y : i32
    seg.yield %r : i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32) neutral(%one, %zero : i32, i32) {
    %a = arith.muli %a1, %a2 : i32
    %t = arith.muli %b1, %a2 : i32
    %b = arith.addi %t, %b2 : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

// Copies the view `view` into `dense`, of its sizes.
func.func @gather(%view: !view, %dense: memref<?x?xi32>) {
  %cast = memref.cast %dense : memref<?x?xi32> to !view
  memref.copy %view, %cast : !view to !view
  return
}

// Runs case `k` (of the 2-D ones above, or with `planes` 2 of the 3-D
// ones) on (planes rows) x n of an array (planes rows) x (n + pad), and
// reports the view.
func.func @run_runs(%k: index, %planes: index, %rows: index, %n: index,
                    %pad: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %width = arith.addi %n, %pad : index
  %all = arith.muli %rows, %planes : index
  %in, %sum, %fa, %fb = func.call @alloc2d(%all, %width)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  %iv = memref.subview %in[%c0, %c0] [%all, %n] [1, 1] : memref<?x?xi32> to !view
  %sv = memref.subview %sum[%c0, %c0] [%all, %n] [1, 1] : memref<?x?xi32> to !view
  %av = memref.subview %fa[%c0, %c0] [%all, %n] [1, 1] : memref<?x?xi32> to !view
  %bv = memref.subview %fb[%c0, %c0] [%all, %n] [1, 1] : memref<?x?xi32> to !view
  %is3d = arith.cmpi eq, %planes, %c2 : index
  scf.if %is3d {
    %i3 = memref.expand_shape %iv [[0, 1], [2]] output_shape [2, %rows, %n] : !view into !view3
    %s3 = memref.expand_shape %sv [[0, 1], [2]] output_shape [2, %rows, %n] : !view into !view3
    %a3 = memref.expand_shape %av [[0, 1], [2]] output_shape [2, %rows, %n] : !view into !view3
    %b3 = memref.expand_shape %bv [[0, 1], [2]] output_shape [2, %rows, %n] : !view into !view3
    scf.index_switch %k
    case 0 {
      func.call @runs3d_m4_n32(%i3, %s3, %a3, %b3) : (!view3, !view3, !view3, !view3) -> ()
      scf.yield
    }
    case 1 {
      func.call @runs3d_m16_n32(%i3, %s3, %a3, %b3) : (!view3, !view3, !view3, !view3) -> ()
      scf.yield
    }
    default {
    }
    vector.print str "3-D runs "
  } else {
    scf.index_switch %k
    case 0 {
      func.call @runs_m4_n2(%iv, %sv, %av, %bv) : (!view, !view, !view, !view) -> ()
      scf.yield
    }
    case 1 {
      func.call @runs_m4_n16(%iv, %sv, %av, %bv) : (!view, !view, !view, !view) -> ()
      scf.yield
    }
    case 2 {
      func.call @runs_m4_n32(%iv, %sv, %av, %bv) : (!view, !view, !view, !view) -> ()
      scf.yield
    }
    case 3 {
      func.call @runs_m4_n64(%iv, %sv, %av, %bv) : (!view, !view, !view, !view) -> ()
      scf.yield
    }
    case 4 {
      func.call @runs_m16_n8(%iv, %sv, %av, %bv) : (!view, !view, !view, !view) -> ()
      scf.yield
    }
    case 5 {
      func.call @runs_m16_n32(%iv, %sv, %av, %bv) : (!view, !view, !view, !view) -> ()
      scf.yield
    }
    default {
    }
    vector.print str "runs "
  }
  %ds, %da, %db, %dx = func.call @alloc2d(%all, %n)
      : (index, index) -> (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>)
  func.call @gather(%sv, %ds) : (!view, memref<?x?xi32>) -> ()
  func.call @gather(%av, %da) : (!view, memref<?x?xi32>) -> ()
  func.call @gather(%bv, %db) : (!view, memref<?x?xi32>) -> ()
  func.call @report2d(%ds, %da, %db) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%ds, %da, %db, %dx) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  func.call @free2d(%in, %sum, %fa, %fb) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c40 = arith.constant 40 : index
  %c200 = arith.constant 200 : index
  // n and rows: about 4000 elements or 2 rows, whichever is more.
  %lengths = arith.constant dense<[1, 2, 3, 5, 123, 124, 125, 127, 128, 129,
      131, 132, 133, 383, 384, 385, 511, 512, 513, 1023, 1024, 1025, 3999,
      4000, 4001, 4095, 4096, 4097, 8193]> : vector<29xindex>
  %count = arith.constant 29 : index
  %c0 = arith.constant 0 : index
  %c4000 = arith.constant 4000 : index
  scf.for %k = %c0 to %count step %c1 {
    %n = vector.extract %lengths[%k] : index from vector<29xindex>
    %q = arith.divui %c4000, %n : index
    %rows = arith.maxui %q, %c2 : index
    func.call @run2d(%rows, %n) : (index, index) -> ()
  }
  // 3-D: 2 x rows x n.
  %lengths3 = arith.constant dense<[1, 3, 127, 128, 129, 1025]> : vector<6xindex>
  %c6 = arith.constant 6 : index
  scf.for %k = %c0 to %c6 step %c1 {
    %n = vector.extract %lengths3[%k] : index from vector<6xindex>
    %q = arith.divui %c4000, %n : index
    %r = arith.divui %q, %c2 : index
    %rows = arith.maxui %r, %c2 : index
    func.call @run3d(%rows, %n) : (index, index) -> ()
  }
  // 3-D with static sizes: segments of 7 in 2 x rows x 7; 3 segments
  // per plane, of dynamic length, in planes x 3 x n.
  func.call @run3d_c7(%c200) : (index) -> ()
  %c5 = arith.constant 5 : index
  %c130 = arith.constant 130 : index
  func.call @run3d_r3(%c200, %c5) : (index, index) -> ()
  func.call @run3d_r3(%c5, %c130) : (index, index) -> ()
  func.call @run_c1(%c200) : (index) -> ()
  func.call @run_c3(%c200) : (index) -> ()
  func.call @run_c7(%c200) : (index) -> ()
  func.call @run_c128(%c40) : (index) -> ()
  func.call @run_c129(%c40) : (index) -> ()
  // Segments in runs of threads (@run_runs: case, planes, rows, n), each
  // strided and contiguous.
  %runCase = arith.constant dense<[0, 1, 2, 3, 4, 5, 0, 1]> : vector<8xindex>
  %runPlanes = arith.constant dense<[1, 1, 1, 1, 1, 1, 2, 2]> : vector<8xindex>
  %runRows = arith.constant dense<[2000, 250, 125, 63, 1200, 300, 63, 150]> : vector<8xindex>
  %runLengths = arith.constant dense<[2, 16, 32, 64, 8, 32, 32, 32]> : vector<8xindex>
  %runCount = arith.constant 8 : index
  %pads = arith.constant dense<[5, 0]> : vector<2xindex>
  scf.for %p = %c0 to %c2 step %c1 {
    %pad = vector.extract %pads[%p] : index from vector<2xindex>
    scf.for %k = %c0 to %runCount step %c1 {
      %case = vector.extract %runCase[%k] : index from vector<8xindex>
      %planes = vector.extract %runPlanes[%k] : index from vector<8xindex>
      %rows = vector.extract %runRows[%k] : index from vector<8xindex>
      %n = vector.extract %runLengths[%k] : index from vector<8xindex>
      func.call @run_runs(%case, %planes, %rows, %n, %pad)
          : (index, index, index, index, index) -> ()
    }
  }
  return
}
