// blockscan.mlir - a three-phase prefix sum built from block-level pieces.
//
// The classic GPU scan of n elements with blocks of 64 threads, written
// with the seg ops themselves:
//   1. a `block`-level seg.map, one block per chunk of 64 elements: the
//      block copies its chunk into shared memory (a thread_in_block
//      seg.map), scans it there with a `thread_in_block` seg.scan, writes
//      the scanned chunk to %local with seg.tile_returns (the last chunk
//      is partial: its threads past n write nothing), and writes the
//      chunk's total to %partial[b] with the block map's own seg.returns;
//   2. a thread-level seg.scan of the chunk totals: %offset[b] = total of
//      chunks 0..b;
//   3. a thread-level seg.map: out[i] = local[i] + offset[i / 64 - 1]
//      (nothing to add in chunk 0).
// It also shows a `thread_in_block` seg.red: the largest prefix sum inside
// every chunk (the maximum of the scanned chunk), into a rank-0
// memref.alloca (shared memory), read back by the block body and written
// to %chunkmax[b].
//
// x[i] = ((7 i + 3) mod 11) - 5 (i64) for n = 1000 (15 full chunks and one
// of 40) and n = 64 (one full chunk). Printed: the chunk totals and their
// largest prefix sums, a few elements of the result, and the checksum
// sum over i of out[i] * (i + 1) mod 1000003.
//
// CHECK:      n = 1000
// CHECK-NEXT:   chunk totals = ( 3, -2, 4, -1, -6, 0, 6, 1, -4, 2, -3, 3, -2, 4, -1, -6 )
// CHECK-NEXT:   chunk max prefix = ( 5, 2, 4, 0, 1, 7, 7, 1, 0, 4, 2, 5, 2, 4, 0, 1 )
// CHECK-NEXT:   out[0] = -2
// CHECK-NEXT:   out[63] = 3
// CHECK-NEXT:   out[999] = -2
// CHECK-NEXT:   checksum = 1998
// CHECK-NEXT: n = 64
// CHECK-NEXT:   chunk totals = ( 3 )
// CHECK-NEXT:   chunk max prefix = ( 5 )
// CHECK-NEXT:   out[0] = -2
// CHECK-NEXT:   out[63] = 3
// CHECK-NEXT:   out[63] = 3
// CHECK-NEXT:   checksum = 4486

// out = inclusive prefix sums of x.
func.func @blockscan(%x: memref<?xi64>, %out: memref<?xi64>,
                     %partial: memref<?xi64>, %chunkmax: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %x, %c0 : memref<?xi64>
  %nb = arith.ceildivui %n, %c64 : index
  %zero = arith.constant 0 : i64
  %imin = arith.constant -9223372036854775808 : i64
  %local = memref.alloc(%n) : memref<?xi64>
  %offset = memref.alloc(%nb) : memref<?xi64>

  // Phase 1: scan every chunk on its own.
  seg.map block (%b) in (%nb)
      outs(%partial, %chunkmax : memref<?xi64>, memref<?xi64>) {
    %sh = memref.alloca() : memref<64xi64>
    %scanned = memref.alloca() : memref<64xi64>
    %max = memref.alloca() : memref<i64>
    // sh[t] = x[b * 64 + t], or 0 past the end.
    seg.map thread_in_block (%t) in (64) outs(%sh : memref<64xi64>) {
      %k64 = arith.constant 64 : index
      %base = arith.muli %b, %k64 : index
      %i = arith.addi %base, %t : index
      %in = arith.cmpi ult, %i, %n : index
      %v = scf.if %in -> (i64) {
        %xi = memref.load %x[%i] : memref<?xi64>
        scf.yield %xi : i64
      } else {
        scf.yield %zero : i64
      }
      seg.results {
        seg.returns %v into %sh : memref<64xi64>
      }
    }
    // scanned[t] = sh[0] + ... + sh[t]
    seg.scan thread_in_block (%t) in (64) outs(%scanned : memref<64xi64>) {
      %v = memref.load %sh[%t] : memref<64xi64>
      seg.yield %v : i64
    } combine commutative (%p: i64, %q: i64) neutral(%zero : i64) {
      %r = arith.addi %p, %q : i64
      seg.yield %r : i64
    }
    // The largest prefix sum of the chunk (past n, the padding 0s repeat
    // the chunk's total, which does not change the maximum).
    seg.red thread_in_block (%t) in (64) outs(%max : memref<i64>) {
      %v = memref.load %scanned[%t] : memref<64xi64>
      seg.yield %v : i64
    } combine commutative (%p: i64, %q: i64) neutral(%imin : i64) {
      %r = arith.maxsi %p, %q : i64
      seg.yield %r : i64
    }
    // local[b * 64 + t] = scanned[t] where b * 64 + t < n.
    seg.map thread_in_block (%t) in (64) outs(%local : memref<?xi64>) {
      %v = memref.load %scanned[%t] : memref<64xi64>
      seg.results {
        seg.tile_returns %v into %local tiles [(%n, 64)] : memref<?xi64>
      }
    }
    %c63 = arith.constant 63 : index
    %total = memref.load %scanned[%c63] : memref<64xi64>
    %m = memref.load %max[] : memref<i64>
    seg.results {
      seg.returns %total into %partial : memref<?xi64>
      seg.returns %m into %chunkmax : memref<?xi64>
    }
  }

  // Phase 2: offset[b] = partial[0] + ... + partial[b]
  seg.scan thread (%b) in (%nb) outs(%offset : memref<?xi64>) {
    %v = memref.load %partial[%b] : memref<?xi64>
    seg.yield %v : i64
  } combine commutative (%p: i64, %q: i64) neutral(%zero : i64) {
    %r = arith.addi %p, %q : i64
    seg.yield %r : i64
  }

  // Phase 3: out[i] = local[i] + offset[i / 64 - 1]
  seg.map thread (%i) in (%n) outs(%out : memref<?xi64>) {
    %k1 = arith.constant 1 : index
    %k64 = arith.constant 64 : index
    %b = arith.divui %i, %k64 : index
    %l = memref.load %local[%i] : memref<?xi64>
    %first = arith.cmpi eq, %b, %c0 : index
    %add = scf.if %first -> (i64) {
      scf.yield %zero : i64
    } else {
      %prev = arith.subi %b, %k1 : index
      %o = memref.load %offset[%prev] : memref<?xi64>
      scf.yield %o : i64
    }
    %v = arith.addi %l, %add : i64
    seg.results {
      seg.returns %v into %out : memref<?xi64>
    }
  }
  memref.dealloc %local : memref<?xi64>
  memref.dealloc %offset : memref<?xi64>
  return
}

// Prints %v as ( v0, v1, ... ) and a newline.
func.func @print_vec(%v: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xi64>
  vector.print punctuation <open>
  scf.for %i = %c0 to %n step %c1 {
    %notfirst = arith.cmpi ne, %i, %c0 : index
    scf.if %notfirst {
      vector.print punctuation <comma>
    }
    %x = memref.load %v[%i] : memref<?xi64>
    vector.print %x : i64 punctuation <no_punctuation>
  }
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

func.func @print_at(%v: memref<?xi64>, %i: index) {
  %ii = arith.index_cast %i : index to i64
  %x = memref.load %v[%i] : memref<?xi64>
  vector.print str "  out["
  vector.print %ii : i64 punctuation <no_punctuation>
  vector.print str "] = "
  vector.print %x : i64
  return
}

func.func @run(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %k3 = arith.constant 3 : i64
  %k5 = arith.constant 5 : i64
  %k7 = arith.constant 7 : i64
  %k11 = arith.constant 11 : i64
  %x = memref.alloc(%n) : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %t0 = arith.muli %ii, %k7 : i64
    %t1 = arith.addi %t0, %k3 : i64
    %t2 = arith.remsi %t1, %k11 : i64
    %t3 = arith.subi %t2, %k5 : i64
    memref.store %t3, %x[%i] : memref<?xi64>
  }
  %nb = arith.ceildivui %n, %c64 : index
  %out = memref.alloc(%n) : memref<?xi64>
  %partial = memref.alloc(%nb) : memref<?xi64>
  %chunkmax = memref.alloc(%nb) : memref<?xi64>
  func.call @blockscan(%x, %out, %partial, %chunkmax)
      : (memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>) -> ()

  %nn = arith.index_cast %n : index to i64
  vector.print str "n = "
  vector.print %nn : i64
  vector.print str "  chunk totals = "
  func.call @print_vec(%partial) : (memref<?xi64>) -> ()
  vector.print str "  chunk max prefix = "
  func.call @print_vec(%chunkmax) : (memref<?xi64>) -> ()
  %last = arith.subi %n, %c1 : index
  func.call @print_at(%out, %c0) : (memref<?xi64>, index) -> ()
  func.call @print_at(%out, %c63) : (memref<?xi64>, index) -> ()
  func.call @print_at(%out, %last) : (memref<?xi64>, index) -> ()
  %p = arith.constant 1000003 : i64
  %k1 = arith.constant 1 : i64
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s0 = %zero) -> (i64) {
    %o = memref.load %out[%i] : memref<?xi64>
    %ii = arith.index_cast %i : index to i64
    %w = arith.addi %ii, %k1 : i64
    %t = arith.muli %o, %w : i64
    %u = arith.addi %s0, %t : i64
    // remsi keeps the sign; add p and reduce again for a value in [0, p).
    %r0 = arith.remsi %u, %p : i64
    %r1 = arith.addi %r0, %p : i64
    %r = arith.remsi %r1, %p : i64
    scf.yield %r : i64
  }
  vector.print str "  checksum = "
  vector.print %sum : i64
  memref.dealloc %x : memref<?xi64>
  memref.dealloc %out : memref<?xi64>
  memref.dealloc %partial : memref<?xi64>
  memref.dealloc %chunkmax : memref<?xi64>
  return
}

func.func @main() {
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  func.call @run(%c1000) : (index) -> ()
  func.call @run(%c64) : (index) -> ()
  return
}
