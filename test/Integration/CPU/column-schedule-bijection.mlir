// seg-column-schedule visits every point of the space exactly once, for
// every width (1, 2, a warp's 32 and its neighbours 31 and 33, 64, widths
// beyond the space, widths that do not divide it), with and without zigzag,
// in 2-D and 3-D spaces of dynamic and static sizes, including empty ones.
// The sequential reference runs the scheduled map in its flat order, so
// @order records which flat index visited each point: the layouts of 3 x 5
// and 2 x 2 x 3 under width 2 are [Prasetya 2022, eqs. 4.1-4.7] worked by hand.
//
// RUN: seg-opt %s --seg-to-cpu | %run-cpu | FileCheck %s --check-prefixes=ALL,ROWS
// RUN: seg-opt %s --seg-column-schedule=width=2 --seg-to-cpu | %run-cpu | FileCheck %s --check-prefixes=ALL,W2
// RUN: seg-opt %s --seg-column-schedule="width=2 zigzag=true" --seg-to-cpu | %run-cpu | FileCheck %s --check-prefixes=ALL,W2Z
// RUN: seg-opt %s --seg-column-schedule --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL
// RUN: seg-opt %s --seg-column-schedule=width=1 --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL
// RUN: seg-opt %s --seg-column-schedule=width=31 --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL
// RUN: seg-opt %s --seg-column-schedule=width=33 --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL
// RUN: seg-opt %s --seg-column-schedule=width=64 --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL
// RUN: seg-opt %s --seg-column-schedule=width=200 --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL
// RUN: seg-opt %s --seg-column-schedule="width=1 zigzag=true" --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL
// RUN: seg-opt %s --seg-column-schedule="width=31 zigzag=true" --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL
// RUN: seg-opt %s --seg-column-schedule="zigzag=true" --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL
// RUN: seg-opt %s --seg-column-schedule="width=33 zigzag=true" --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL
// RUN: seg-opt %s --seg-column-schedule="width=200 zigzag=true" --seg-to-cpu | %run-cpu | FileCheck %s --check-prefix=ALL

// ALL-NOT: FAIL
// ALL: 2-D shapes: 28 visited once
// ALL-NOT: FAIL
// ALL: 3-D shapes: 6 visited once
// ALL-NOT: FAIL
// ALL: static 7 x 45: visited once
// ALL-NEXT: static 3 x 4 x 37: visited once

// The flat index that visited each point of 3 x 5: row order without the
// schedule; columns of widths 2, 2 and 1 with it; with zigzag the rows with
// even y of each column run right to left.
// ALL:       order of 3 x 5:
// ROWS-NEXT: ( 0, 1, 2, 3, 4 )
// ROWS-NEXT: ( 5, 6, 7, 8, 9 )
// ROWS-NEXT: ( 10, 11, 12, 13, 14 )
// W2-NEXT:   ( 0, 1, 6, 7, 12 )
// W2-NEXT:   ( 2, 3, 8, 9, 13 )
// W2-NEXT:   ( 4, 5, 10, 11, 14 )
// W2Z-NEXT:  ( 1, 0, 7, 6, 12 )
// W2Z-NEXT:  ( 2, 3, 8, 9, 13 )
// W2Z-NEXT:  ( 5, 4, 11, 10, 14 )
// 2 x 2 x 3 is 4 x 3 with the outer dimensions folded into the vertical.
// ALL:       order of 2 x 2 x 3:
// ROWS-NEXT: ( 0, 1, 2 )
// ROWS-NEXT: ( 3, 4, 5 )
// ROWS-NEXT: ( 6, 7, 8 )
// ROWS-NEXT: ( 9, 10, 11 )
// W2-NEXT:   ( 0, 1, 8 )
// W2-NEXT:   ( 2, 3, 9 )
// W2-NEXT:   ( 4, 5, 10 )
// W2-NEXT:   ( 6, 7, 11 )
// W2Z-NEXT:  ( 1, 0, 8 )
// W2Z-NEXT:  ( 2, 3, 9 )
// W2Z-NEXT:  ( 5, 4, 10 )
// W2Z-NEXT:  ( 6, 7, 11 )

// Every point adds one to its element of %count.
func.func @visit2(%count: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %count, %c0 : memref<?x?xi32>
  %n = memref.dim %count, %c1 : memref<?x?xi32>
  seg.map thread (%i, %j) in (%m, %n) outs(%count : memref<?x?xi32>) {
    %one = arith.constant 1 : i32
    %v = memref.load %count[%i, %j] : memref<?x?xi32>
    %w = arith.addi %v, %one : i32
    seg.results {
      seg.returns %w into %count : memref<?x?xi32>
    }
  }
  return
}

func.func @visit3(%count: memref<?x?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.dim %count, %c0 : memref<?x?x?xi32>
  %b = memref.dim %count, %c1 : memref<?x?x?xi32>
  %c = memref.dim %count, %c2 : memref<?x?x?xi32>
  seg.map thread (%i, %j, %k) in (%a, %b, %c)
      outs(%count : memref<?x?x?xi32>) {
    %one = arith.constant 1 : i32
    %v = memref.load %count[%i, %j, %k] : memref<?x?x?xi32>
    %w = arith.addi %v, %one : i32
    seg.results {
      seg.returns %w into %count : memref<?x?x?xi32>
    }
  }
  return
}

func.func @visit_static2(%count: memref<7x45xi32>) {
  seg.map thread (%i, %j) in (7, 45) outs(%count : memref<7x45xi32>) {
    %one = arith.constant 1 : i32
    %v = memref.load %count[%i, %j] : memref<7x45xi32>
    %w = arith.addi %v, %one : i32
    seg.results {
      seg.returns %w into %count : memref<7x45xi32>
    }
  }
  return
}

func.func @visit_static3(%count: memref<3x4x37xi32>) {
  seg.map thread (%i, %j, %k) in (3, 4, 37)
      outs(%count : memref<3x4x37xi32>) {
    %one = arith.constant 1 : i32
    %v = memref.load %count[%i, %j, %k] : memref<3x4x37xi32>
    %w = arith.addi %v, %one : i32
    seg.results {
      seg.returns %w into %count : memref<3x4x37xi32>
    }
  }
  return
}

// Every point writes the number of points visited before it (the flat
// index: the sequential reference runs the points in order).
func.func @order2(%order: memref<?x?xi32>, %counter: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %order, %c0 : memref<?x?xi32>
  %n = memref.dim %order, %c1 : memref<?x?xi32>
  seg.map thread (%i, %j) in (%m, %n) outs(%order : memref<?x?xi32>) {
    %one = arith.constant 1 : i32
    %v = memref.load %counter[] : memref<i32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %counter[] : memref<i32>
    seg.results {
      seg.returns %v into %order : memref<?x?xi32>
    }
  }
  return
}

func.func @order3(%order: memref<?x?x?xi32>, %counter: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.dim %order, %c0 : memref<?x?x?xi32>
  %b = memref.dim %order, %c1 : memref<?x?x?xi32>
  %c = memref.dim %order, %c2 : memref<?x?x?xi32>
  seg.map thread (%i, %j, %k) in (%a, %b, %c)
      outs(%order : memref<?x?x?xi32>) {
    %one = arith.constant 1 : i32
    %v = memref.load %counter[] : memref<i32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %counter[] : memref<i32>
    seg.results {
      seg.returns %v into %order : memref<?x?x?xi32>
    }
  }
  return
}

// The number of elements of %count that are not 1.
func.func @wrong(%count: memref<?xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %size = memref.dim %count, %c0 : memref<?xi32>
  %bad = scf.for %p = %c0 to %size step %c1 iter_args(%b = %c0) -> (index) {
    %v = memref.load %count[%p] : memref<?xi32>
    %ne = arith.cmpi ne, %v, %one : i32
    %b1 = arith.addi %b, %c1 : index
    %b2 = arith.select %ne, %b1, %b : index
    scf.yield %b2 : index
  }
  return %bad : index
}

// Zeroes %buf.
func.func @zero(%buf: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %size = memref.dim %buf, %c0 : memref<?xi32>
  scf.for %p = %c0 to %size step %c1 {
    memref.store %zero, %buf[%p] : memref<?xi32>
  }
  return
}

// Prints "FAIL <m>, <n>, <k>, <bad>" (the shape, 0 for a missing third
// dimension, and how many points were not visited once) when %bad is not
// 0; returns 1 when it is.
func.func @report(%bad: index, %m: index, %n: index, %k: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %failed = arith.cmpi ne, %bad, %c0 : index
  %ok = scf.if %failed -> (index) {
    vector.print str "FAIL "
    vector.print %m : index punctuation <comma>
    vector.print %n : index punctuation <comma>
    vector.print %k : index punctuation <comma>
    vector.print %bad : index
    scf.yield %c0 : index
  } else {
    scf.yield %c1 : index
  }
  return %ok : index
}

// Counts visits in a 2-D space of m x n; returns 1 when every point was
// visited once.
func.func @check2(%m: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %count = memref.alloc(%m, %n) : memref<?x?xi32>
  %buf = memref.collapse_shape %count [[0, 1]]
      : memref<?x?xi32> into memref<?xi32>
  func.call @zero(%buf) : (memref<?xi32>) -> ()
  func.call @visit2(%count) : (memref<?x?xi32>) -> ()
  %bad = func.call @wrong(%buf) : (memref<?xi32>) -> index
  %ok = func.call @report(%bad, %m, %n, %c0)
      : (index, index, index, index) -> index
  memref.dealloc %count : memref<?x?xi32>
  return %ok : index
}

func.func @check3(%a: index, %b: index, %c: index) -> index {
  %count = memref.alloc(%a, %b, %c) : memref<?x?x?xi32>
  %buf = memref.collapse_shape %count [[0, 1, 2]]
      : memref<?x?x?xi32> into memref<?xi32>
  func.call @zero(%buf) : (memref<?xi32>) -> ()
  func.call @visit3(%count) : (memref<?x?x?xi32>) -> ()
  %bad = func.call @wrong(%buf) : (memref<?xi32>) -> index
  %ok = func.call @report(%bad, %a, %b, %c)
      : (index, index, index, index) -> index
  memref.dealloc %count : memref<?x?x?xi32>
  return %ok : index
}

// Shapes (m, n): thin, square, widths around 32 and 64, widths that no
// tested column width divides, and empty spaces.
memref.global "private" constant @shapes2 : memref<28x2xindex> = dense<[
    [1, 1], [1, 2], [2, 1], [1, 31], [1, 33], [5, 1], [3, 5], [5, 7],
    [7, 31], [4, 32], [3, 33], [2, 63], [9, 64], [2, 65], [13, 100],
    [6, 130], [1, 199], [2, 200], [3, 201], [17, 3], [31, 31], [33, 33],
    [40, 97], [8, 250], [4, 401], [0, 5], [4, 0], [0, 0]]>
// Shapes (a, b, c).
memref.global "private" constant @shapes3 : memref<6x3xindex> = dense<[
    [1, 1, 1], [2, 3, 5], [3, 4, 37], [2, 5, 64], [4, 2, 201], [3, 0, 7]]>

func.func @print_rows(%order: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %order, %c0 : memref<?x?xi32>
  %cols = memref.dim %order, %c1 : memref<?x?xi32>
  scf.for %i = %c0 to %rows step %c1 {
    vector.print punctuation <open>
    scf.for %j = %c0 to %cols step %c1 {
      %notfirst = arith.cmpi ne, %j, %c0 : index
      scf.if %notfirst {
        vector.print punctuation <comma>
      }
      %x = memref.load %order[%i, %j] : memref<?x?xi32>
      vector.print %x : i32 punctuation <no_punctuation>
    }
    vector.print punctuation <close>
    vector.print punctuation <newline>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c12 = arith.constant 12 : index
  %c28 = arith.constant 28 : index
  %zero = arith.constant 0 : i32

  %shapes2 = memref.get_global @shapes2 : memref<28x2xindex>
  %ok2 = scf.for %s = %c0 to %c28 step %c1 iter_args(%n_ok = %c0) -> (index) {
    %m = memref.load %shapes2[%s, %c0] : memref<28x2xindex>
    %n = memref.load %shapes2[%s, %c1] : memref<28x2xindex>
    %ok = func.call @check2(%m, %n) : (index, index) -> index
    %n_ok1 = arith.addi %n_ok, %ok : index
    scf.yield %n_ok1 : index
  }
  vector.print str "2-D shapes: "
  vector.print %ok2 : index punctuation <no_punctuation>
  vector.print str " visited once\n"

  %shapes3 = memref.get_global @shapes3 : memref<6x3xindex>
  %ok3 = scf.for %s = %c0 to %c6 step %c1 iter_args(%n_ok = %c0) -> (index) {
    %a = memref.load %shapes3[%s, %c0] : memref<6x3xindex>
    %b = memref.load %shapes3[%s, %c1] : memref<6x3xindex>
    %c = memref.load %shapes3[%s, %c2] : memref<6x3xindex>
    %ok = func.call @check3(%a, %b, %c) : (index, index, index) -> index
    %n_ok1 = arith.addi %n_ok, %ok : index
    scf.yield %n_ok1 : index
  }
  vector.print str "3-D shapes: "
  vector.print %ok3 : index punctuation <no_punctuation>
  vector.print str " visited once\n"

  // Static spaces.
  %s2 = memref.alloc() : memref<7x45xi32>
  %s2flat = memref.collapse_shape %s2 [[0, 1]]
      : memref<7x45xi32> into memref<315xi32>
  %s2dyn = memref.cast %s2flat : memref<315xi32> to memref<?xi32>
  func.call @zero(%s2dyn) : (memref<?xi32>) -> ()
  func.call @visit_static2(%s2) : (memref<7x45xi32>) -> ()
  %bad2 = func.call @wrong(%s2dyn) : (memref<?xi32>) -> index
  %is2 = arith.cmpi eq, %bad2, %c0 : index
  scf.if %is2 {
    vector.print str "static 7 x 45: visited once\n"
  } else {
    vector.print str "FAIL static 7 x 45\n"
  }
  %s3 = memref.alloc() : memref<3x4x37xi32>
  %s3flat = memref.collapse_shape %s3 [[0, 1, 2]]
      : memref<3x4x37xi32> into memref<444xi32>
  %s3dyn = memref.cast %s3flat : memref<444xi32> to memref<?xi32>
  func.call @zero(%s3dyn) : (memref<?xi32>) -> ()
  func.call @visit_static3(%s3) : (memref<3x4x37xi32>) -> ()
  %bad3 = func.call @wrong(%s3dyn) : (memref<?xi32>) -> index
  %is3 = arith.cmpi eq, %bad3, %c0 : index
  scf.if %is3 {
    vector.print str "static 3 x 4 x 37: visited once\n"
  } else {
    vector.print str "FAIL static 3 x 4 x 37\n"
  }

  // Visit orders.
  %counter = memref.alloc() : memref<i32>
  memref.store %zero, %counter[] : memref<i32>
  %o2 = memref.alloc(%c3, %c5) : memref<?x?xi32>
  func.call @order2(%o2, %counter) : (memref<?x?xi32>, memref<i32>) -> ()
  vector.print str "order of 3 x 5:\n"
  func.call @print_rows(%o2) : (memref<?x?xi32>) -> ()
  memref.store %zero, %counter[] : memref<i32>
  %o3 = memref.alloc(%c2, %c2, %c3) : memref<?x?x?xi32>
  func.call @order3(%o3, %counter) : (memref<?x?x?xi32>, memref<i32>) -> ()
  %o3dyn = memref.collapse_shape %o3 [[0, 1], [2]]
      : memref<?x?x?xi32> into memref<?x?xi32>
  vector.print str "order of 2 x 2 x 3:\n"
  func.call @print_rows(%o3dyn) : (memref<?x?xi32>) -> ()

  memref.dealloc %s2 : memref<7x45xi32>
  memref.dealloc %s3 : memref<3x4x37xi32>
  memref.dealloc %counter : memref<i32>
  memref.dealloc %o2 : memref<?x?xi32>
  memref.dealloc %o3 : memref<?x?x?xi32>
  return
}
