// Flat inclusive scans of narrow elements (u8 and i16 samples widened to
// i32 sums), over views that start 0 to 17 elements past an aligned
// address and have lengths that are no multiple of a vector or a group.
// Each scan prints a checksum of its output (sum of (i + 1) out[i], mod
// 2^32) and its last element. Used by Emulator/narrow-scans.test.

func.func @scan_u8(%x: memref<?xi8, strided<[1], offset: ?>>,
                   %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi8, strided<[1], offset: ?>>
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%i] : memref<?xi8, strided<[1], offset: ?>>
    %w = arith.extui %xi : i8 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

func.func @scan_i16(%x: memref<?xi16, strided<[1], offset: ?>>,
                    %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi16, strided<[1], offset: ?>>
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%i] : memref<?xi16, strided<[1], offset: ?>>
    %w = arith.extsi %xi : i16 to i32
    seg.yield %w : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

func.func @checksum(%out: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %v = memref.load %out[%i] : memref<?xi32>
    %i1 = arith.addi %i, %c1 : index
    %w = arith.index_cast %i1 : index to i32
    %p = arith.muli %v, %w : i32
    %r = arith.addi %acc, %p : i32
    scf.yield %r : i32
  }
  %empty = arith.cmpi eq, %n, %c0 : index
  %last = scf.if %empty -> i32 {
    scf.yield %zero : i32
  } else {
    %nm1 = arith.subi %n, %c1 : index
    %v = memref.load %out[%nm1] : memref<?xi32>
    scf.yield %v : i32
  }
  vector.print %sum : i32
  vector.print %last : i32
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %total = arith.constant 20048 : index
  %x8 = memref.alloc(%total) : memref<?xi8>
  %x16 = memref.alloc(%total) : memref<?xi16>
  %out = memref.alloc(%total) : memref<?xi32>
  // x[g] = (g * 7919) mod 65521, truncated to 8 and 16 bits.
  scf.for %g = %c0 to %total step %c1 {
    %gi = arith.index_cast %g : index to i32
    %k = arith.constant 7919 : i32
    %p = arith.constant 65521 : i32
    %t = arith.muli %gi, %k : i32
    %r = arith.remui %t, %p : i32
    %r8 = arith.trunci %r : i32 to i8
    %r16 = arith.trunci %r : i32 to i16
    memref.store %r8, %x8[%g] : memref<?xi8>
    memref.store %r16, %x16[%g] : memref<?xi16>
  }
  %lengths = arith.constant dense<[0, 1, 3, 17, 33, 257, 2561, 4099, 20007]> : vector<9xindex>
  %offsets = arith.constant dense<[0, 1, 2, 3, 4, 8, 15, 16, 17]> : vector<9xindex>
  %c9 = arith.constant 9 : index
  scf.for %oi = %c0 to %c9 step %c1 {
    %off = vector.extract %offsets[%oi] : index from vector<9xindex>
    scf.for %li = %c0 to %c9 step %c1 {
      %len = vector.extract %lengths[%li] : index from vector<9xindex>
      %v8 = memref.subview %x8[%off] [%len] [1] : memref<?xi8> to memref<?xi8, strided<[1], offset: ?>>
      %v16 = memref.subview %x16[%off] [%len] [1] : memref<?xi16> to memref<?xi16, strided<[1], offset: ?>>
      %o = memref.subview %out[0] [%len] [1] : memref<?xi32> to memref<?xi32, strided<[1]>>
      %od = memref.cast %o : memref<?xi32, strided<[1]>> to memref<?xi32>
      func.call @scan_u8(%v8, %od) : (memref<?xi8, strided<[1], offset: ?>>, memref<?xi32>) -> ()
      func.call @checksum(%od, %len) : (memref<?xi32>, index) -> ()
      func.call @scan_i16(%v16, %od) : (memref<?xi16, strided<[1], offset: ?>>, memref<?xi32>) -> ()
      func.call @checksum(%od, %len) : (memref<?xi32>, index) -> ()
    }
  }
  return
}
