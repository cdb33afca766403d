// segscan-sizes.mlir - the segmented f32 sum of every row of a matrix at
// static row lengths from 1 to 2^24: one segment per element, lengths that
// divide neither the warp nor the group (a segment start at a different
// place in every group), lengths just under, at and over the group of
// 256 x 16 elements, and rows much longer than a group. Read by
// test/Pipelines/seg-to-nvvm-segscan-sizes.test.


func.func @rows_of_1(%x: memref<?x1xf32>, %out: memref<?x1xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x1xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x1xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x1xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_2(%x: memref<?x2xf32>, %out: memref<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 2 : index
  %rows = memref.dim %x, %c0 : memref<?x2xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x2xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x2xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_3(%x: memref<?x3xf32>, %out: memref<?x3xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 3 : index
  %rows = memref.dim %x, %c0 : memref<?x3xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x3xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x3xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_7(%x: memref<?x7xf32>, %out: memref<?x7xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 7 : index
  %rows = memref.dim %x, %c0 : memref<?x7xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x7xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x7xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_31(%x: memref<?x31xf32>, %out: memref<?x31xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 31 : index
  %rows = memref.dim %x, %c0 : memref<?x31xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x31xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x31xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_33(%x: memref<?x33xf32>, %out: memref<?x33xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 33 : index
  %rows = memref.dim %x, %c0 : memref<?x33xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x33xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x33xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_100(%x: memref<?x100xf32>, %out: memref<?x100xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 100 : index
  %rows = memref.dim %x, %c0 : memref<?x100xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x100xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x100xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_4095(%x: memref<?x4095xf32>, %out: memref<?x4095xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 4095 : index
  %rows = memref.dim %x, %c0 : memref<?x4095xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x4095xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x4095xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_4096(%x: memref<?x4096xf32>, %out: memref<?x4096xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 4096 : index
  %rows = memref.dim %x, %c0 : memref<?x4096xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x4096xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x4096xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_4097(%x: memref<?x4097xf32>, %out: memref<?x4097xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 4097 : index
  %rows = memref.dim %x, %c0 : memref<?x4097xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x4097xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x4097xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_65536(%x: memref<?x65536xf32>, %out: memref<?x65536xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 65536 : index
  %rows = memref.dim %x, %c0 : memref<?x65536xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x65536xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x65536xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @rows_of_16777216(%x: memref<?x16777216xf32>, %out: memref<?x16777216xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 16777216 : index
  %rows = memref.dim %x, %c0 : memref<?x16777216xf32>
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%rows, %n) outs(%out : memref<?x16777216xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x16777216xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}
