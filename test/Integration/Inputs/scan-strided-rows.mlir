// scan-strided-rows.mlir - segmented scans of dynamic segment length whose
// input or output rows are dense (the row stride is the segment length: the
// flagged groups address elements as the flat scan does) or not (views of
// wider rows: the flagged groups step through strided rows), for comparing
// the GPU path (the emulator) with the reference. Not a test by itself:
// Emulator/scan-strided-rows.test runs it.
//
// The scan sums v and composes the affine maps x -> (2 v + 1) x + v modulo
// 2^32 (not commutative) along the innermost dimension of a 2-D (rows x n)
// or 3-D (2 x rows x n) space; groups hold B x 4 elements (`chunk(4)`).
// Views of wider rows have 3 more columns. For every run one line
// "name n: checksum = K", K the sum over flat positions g of
// (g mod 97 + 1) * (sum + 3 a + 5 b).

!row2 = memref<?x?xi32, strided<[?, 1], offset: ?>>
!row3 = memref<2x?x?xi32, strided<[?, ?, 1], offset: ?>>

func.func @scan2d(%in: !row2, %sum: !row2, %fa: !row2, %fb: !row2) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : !row2
  %n = memref.dim %in, %c1 : !row2
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%s, %i) in (%rows, %n) chunk(4)
      outs(%sum, %fa, %fb : !row2, !row2, !row2) {
    %v = memref.load %in[%s, %i] : !row2
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

func.func @scan3d(%in: !row3, %sum: !row3, %fa: !row3, %fb: !row3) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rows = memref.dim %in, %c1 : !row3
  %n = memref.dim %in, %c2 : !row3
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  seg.scan thread (%p, %s, %i) in (%c2, %rows, %n) chunk(4)
      outs(%sum, %fa, %fb : !row3, !row3, !row3) {
    %v = memref.load %in[%p, %s, %i] : !row3
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

// A rows x n view: of a dense buffer (`pad` 0) or of one whose rows have
// `pad` more columns; the buffer to free.
func.func @view(%rows: index, %n: index, %pad: index) -> (!row2, memref<?x?xi32>) {
  %wide = arith.addi %n, %pad : index
  %buffer = memref.alloc(%rows, %wide) : memref<?x?xi32>
  %sub = memref.subview %buffer[0, 0] [%rows, %n] [1, 1]
      : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1]>>
  %view = memref.cast %sub : memref<?x?xi32, strided<[?, 1]>> to !row2
  return %view, %buffer : !row2, memref<?x?xi32>
}

// One scan of rows x n (2-D) or 2 x rows/2 x n (3-D) elements, the input
// and the outputs views with `inPad` and `outPad` more columns.
func.func @run(%threeD: i1, %rows: index, %n: index, %inPad: index,
               %outPad: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c97 = arith.constant 97 : index
  %in, %inBuffer = func.call @view(%rows, %n, %inPad)
      : (index, index, index) -> (!row2, memref<?x?xi32>)
  %sum, %sumBuffer = func.call @view(%rows, %n, %outPad)
      : (index, index, index) -> (!row2, memref<?x?xi32>)
  %fa, %faBuffer = func.call @view(%rows, %n, %outPad)
      : (index, index, index) -> (!row2, memref<?x?xi32>)
  %fb, %fbBuffer = func.call @view(%rows, %n, %outPad)
      : (index, index, index) -> (!row2, memref<?x?xi32>)
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %n step %c1 {
      %sn = arith.muli %s, %n : index
      %g = arith.addi %sn, %i : index
      %v = func.call @value(%g) : (index) -> i32
      memref.store %v, %in[%s, %i] : !row2
    }
  }
  scf.if %threeD {
    %half = arith.divui %rows, %c2 : index
    %i3 = memref.expand_shape %in [[0, 1], [2]] output_shape [2, %half, %n]
        : !row2 into !row3
    %s3 = memref.expand_shape %sum [[0, 1], [2]] output_shape [2, %half, %n]
        : !row2 into !row3
    %a3 = memref.expand_shape %fa [[0, 1], [2]] output_shape [2, %half, %n]
        : !row2 into !row3
    %b3 = memref.expand_shape %fb [[0, 1], [2]] output_shape [2, %half, %n]
        : !row2 into !row3
    func.call @scan3d(%i3, %s3, %a3, %b3) : (!row3, !row3, !row3, !row3) -> ()
  } else {
    func.call @scan2d(%in, %sum, %fa, %fb) : (!row2, !row2, !row2, !row2) -> ()
  }
  %z = arith.constant 0 : i64
  %k3 = arith.constant 3 : i64
  %k5 = arith.constant 5 : i64
  %k = scf.for %s = %c0 to %rows step %c1 iter_args(%acc = %z) -> i64 {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> i64 {
      %sn = arith.muli %s, %n : index
      %g = arith.addi %sn, %i : index
      %w = arith.remui %g, %c97 : index
      %w1 = arith.addi %w, %c1 : index
      %wl = arith.index_cast %w1 : index to i64
      %x = memref.load %sum[%s, %i] : !row2
      %a = memref.load %fa[%s, %i] : !row2
      %b = memref.load %fb[%s, %i] : !row2
      %xl = arith.extsi %x : i32 to i64
      %al = arith.extsi %a : i32 to i64
      %bl = arith.extsi %b : i32 to i64
      %a3 = arith.muli %al, %k3 : i64
      %b5 = arith.muli %bl, %k5 : i64
      %t0 = arith.addi %xl, %a3 : i64
      %t1 = arith.addi %t0, %b5 : i64
      %t = arith.muli %wl, %t1 : i64
      %next = arith.addi %acc2, %t : i64
      scf.yield %next : i64
    }
    scf.yield %r : i64
  }
  %nl = arith.index_cast %n : index to i64
  vector.print %nl : i64 punctuation <no_punctuation>
  vector.print str ": checksum = "
  vector.print %k : i64
  memref.dealloc %inBuffer : memref<?x?xi32>
  memref.dealloc %sumBuffer : memref<?x?xi32>
  memref.dealloc %faBuffer : memref<?x?xi32>
  memref.dealloc %fbBuffer : memref<?x?xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c2000 = arith.constant 2000 : index
  %false = arith.constant false
  %true = arith.constant true
  // n: 1, 2, a thread's 4 elements +- 1, and a group - 1, a group and a
  // group + 1 at block sizes 32 and 128; rows: about 2000 elements, at
  // least 2 (3-D: an even number).
  %lengths = arith.constant dense<[1, 2, 5, 127, 128, 129, 511, 512, 513,
      1025]> : vector<10xindex>
  %count = arith.constant 10 : index
  scf.for %k = %c0 to %count step %c1 {
    %n = vector.extract %lengths[%k] : index from vector<10xindex>
    %q = arith.divui %c2000, %n : index
    %rows = arith.maxui %q, %c2 : index
    %half = arith.divui %rows, %c2 : index
    %even = arith.muli %half, %c2 : index
    vector.print str "2-D dense "
    func.call @run(%false, %rows, %n, %c0, %c0) : (i1, index, index, index, index) -> ()
    vector.print str "2-D strided input "
    func.call @run(%false, %rows, %n, %c3, %c0) : (i1, index, index, index, index) -> ()
    vector.print str "2-D strided outputs "
    func.call @run(%false, %rows, %n, %c0, %c7) : (i1, index, index, index, index) -> ()
    vector.print str "3-D dense "
    func.call @run(%true, %even, %n, %c0, %c0) : (i1, index, index, index, index) -> ()
    vector.print str "3-D strided input "
    func.call @run(%true, %even, %n, %c3, %c0) : (i1, index, index, index, index) -> ()
  }
  return
}
