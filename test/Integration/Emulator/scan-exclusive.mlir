// Exclusive scans on the GPU path (convert-seg-to-gpu, every kernel run by
// the emulator) against the reference: segments of 64 in groups of
// 32 x 2 elements (every segment starts at a group boundary), one segment
// of 1000, segments of 100 with fused sum and max operators and a map-only
// output, and a non-commutative operator (composition of linear functions
// modulo a prime); single-pass and reduce-then-scan, blocks of 32 and 64,
// few launched blocks, randomised schedules.
// RUN: seg-opt %s --seg-to-cpu | %run-cpu > %t.cpu
// RUN: FileCheck %s < %t.cpu
// RUN: seg-opt %s --seg-to-emulator="block-size=32" > %t.32.mlir
// RUN: %run-emu %t.32.mlir > %t.32
// RUN: diff %t.cpu %t.32
// RUN: env SEGIR_EMU_SEED=1 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.32.mlir > %t.32s1
// RUN: diff %t.cpu %t.32s1
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.32.mlir > %t.32s2
// RUN: diff %t.cpu %t.32s2
// RUN: seg-opt %s --seg-to-emulator="block-size=32 max-blocks=3" | env SEGIR_EMU_SEED=3 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu > %t.few
// RUN: diff %t.cpu %t.few
// RUN: seg-opt %s --seg-to-emulator="scan-strategy=reduce-then-scan block-size=32" > %t.rts.mlir
// RUN: env SEGIR_EMU_SEED=4 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.rts.mlir > %t.rts1
// RUN: diff %t.cpu %t.rts1
// RUN: env SEGIR_EMU_SEED=5 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.rts.mlir > %t.rts2
// RUN: diff %t.cpu %t.rts2
// RUN: seg-opt %s --seg-to-emulator="scan-strategy=reduce-then-scan block-size=64 max-blocks=2" | env SEGIR_EMU_SEED=6 %run-emu > %t.rts3
// RUN: diff %t.cpu %t.rts3

// x[k] = (7k + 3) mod 13. Segments of 64: element 0 is 0, element 1 is
// x[0] = 3, element 2 is 3 + 10 = 13.
// CHECK: aligned 0 3 13
// CHECK: single 0 3 13

func.func @x(%k: index) -> i64 {
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %c13 = arith.constant 13 : index
  %a = arith.muli %k, %c7 : index
  %b = arith.addi %a, %c3 : index
  %m = arith.remui %b, %c13 : index
  %r = arith.index_cast %m : index to i64
  return %r : i64
}

// sum over k of out[k] * (k mod 97 + 1)
func.func @checksum(%out: memref<?xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c97 = arith.constant 97 : index
  %n = memref.dim %out, %c0 : memref<?xi64>
  %zero = arith.constant 0 : i64
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %v = memref.load %out[%k] : memref<?xi64>
    %w = arith.remui %k, %c97 : index
    %w1 = arith.addi %w, %c1 : index
    %wi = arith.index_cast %w1 : index to i64
    %p = arith.muli %v, %wi : i64
    %a = arith.addi %acc, %p : i64
    scf.yield %a : i64
  }
  return %s : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c7 = arith.constant 7 : index
  %c100 = arith.constant 100 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %ninf = arith.constant -9223372036854775808 : i64
  %prime = arith.constant 1000003 : i64

  // Segments of 64, chunk 2: with blocks of 32, one group per segment.
  %a = memref.alloc() : memref<1024xi64>
  %a2 = memref.expand_shape %a [[0, 1]] output_shape [16, 64] : memref<1024xi64> into memref<16x64xi64>
  seg.scan exclusive thread (%s, %i) in (16, 64) chunk(2) outs(%a2 : memref<16x64xi64>) {
    %k0 = arith.muli %s, %c64 : index
    %k = arith.addi %k0, %i : index
    %x = func.call @x(%k) : (index) -> i64
    seg.yield %x : i64
  } combine commutative (%p: i64, %q: i64) neutral(%zero : i64) {
    %r = arith.addi %p, %q : i64
    seg.yield %r : i64
  }
  %a0 = memref.load %a[%c0] : memref<1024xi64>
  %a1 = memref.load %a[%c1] : memref<1024xi64>
  %a_2 = memref.load %a[%c2] : memref<1024xi64>
  vector.print str "aligned "
  vector.print %a0 : i64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %a1 : i64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %a_2 : i64
  %ad = memref.cast %a : memref<1024xi64> to memref<?xi64>
  %ca = call @checksum(%ad) : (memref<?xi64>) -> i64
  vector.print %ca : i64

  // One segment of 1000.
  %b = memref.alloc() : memref<1000xi64>
  seg.scan exclusive thread (%i) in (1000) outs(%b : memref<1000xi64>) {
    %x = func.call @x(%i) : (index) -> i64
    seg.yield %x : i64
  } combine commutative (%p: i64, %q: i64) neutral(%zero : i64) {
    %r = arith.addi %p, %q : i64
    seg.yield %r : i64
  }
  %b0 = memref.load %b[%c0] : memref<1000xi64>
  %b1 = memref.load %b[%c1] : memref<1000xi64>
  %b_2 = memref.load %b[%c2] : memref<1000xi64>
  vector.print str "single "
  vector.print %b0 : i64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %b1 : i64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %b_2 : i64
  %bd = memref.cast %b : memref<1000xi64> to memref<?xi64>
  %cb = call @checksum(%bd) : (memref<?xi64>) -> i64
  vector.print %cb : i64

  // Segments of 100: fused sum and max, and the element itself (map-only).
  %sum = memref.alloc() : memref<700xi64>
  %max = memref.alloc() : memref<700xi64>
  %copy = memref.alloc() : memref<700xi64>
  %sum2 = memref.expand_shape %sum [[0, 1]] output_shape [7, 100] : memref<700xi64> into memref<7x100xi64>
  %max2 = memref.expand_shape %max [[0, 1]] output_shape [7, 100] : memref<700xi64> into memref<7x100xi64>
  %copy2 = memref.expand_shape %copy [[0, 1]] output_shape [7, 100] : memref<700xi64> into memref<7x100xi64>
  seg.scan exclusive thread (%s, %i) in (7, 100) outs(%sum2, %max2, %copy2 : memref<7x100xi64>, memref<7x100xi64>, memref<7x100xi64>) {
    %k0 = arith.muli %s, %c100 : index
    %k = arith.addi %k0, %i : index
    %x = func.call @x(%k) : (index) -> i64
    seg.yield %x, %x, %x : i64, i64, i64
  } combine commutative (%p: i64, %q: i64) neutral(%zero : i64) {
    %r = arith.addi %p, %q : i64
    seg.yield %r : i64
  } combine commutative (%p: i64, %q: i64) neutral(%ninf : i64) {
    %r = arith.maxsi %p, %q : i64
    seg.yield %r : i64
  }
  %sumd = memref.cast %sum : memref<700xi64> to memref<?xi64>
  %maxd = memref.cast %max : memref<700xi64> to memref<?xi64>
  %copyd = memref.cast %copy : memref<700xi64> to memref<?xi64>
  %cs = call @checksum(%sumd) : (memref<?xi64>) -> i64
  %cm = call @checksum(%maxd) : (memref<?xi64>) -> i64
  %cc = call @checksum(%copyd) : (memref<?xi64>) -> i64
  vector.print %cs : i64
  vector.print %cm : i64
  vector.print %cc : i64

  // Linear functions x -> a x + b modulo a prime, composed left to right
  // (not commutative): element i of a segment of 300 is f_0 ... f_{i-1}.
  %fa = memref.alloc() : memref<900xi64>
  %fb = memref.alloc() : memref<900xi64>
  %fa2 = memref.expand_shape %fa [[0, 1]] output_shape [3, 300] : memref<900xi64> into memref<3x300xi64>
  %fb2 = memref.expand_shape %fb [[0, 1]] output_shape [3, 300] : memref<900xi64> into memref<3x300xi64>
  seg.scan exclusive thread (%s, %i) in (3, 300) outs(%fa2, %fb2 : memref<3x300xi64>, memref<3x300xi64>) {
    %k0 = arith.muli %s, %c100 : index
    %k = arith.addi %k0, %i : index
    %x = func.call @x(%k) : (index) -> i64
    %y = arith.addi %x, %one : i64
    seg.yield %y, %x : i64, i64
  } combine (%p: i64, %q: i64, %u: i64, %v: i64) neutral(%one, %zero : i64, i64) {
    // (p, q) then (u, v): x -> u (p x + q) + v
    %pu = arith.muli %p, %u : i64
    %ra = arith.remui %pu, %prime : i64
    %qu = arith.muli %q, %u : i64
    %quv = arith.addi %qu, %v : i64
    %rb = arith.remui %quv, %prime : i64
    seg.yield %ra, %rb : i64, i64
  }
  %fad = memref.cast %fa : memref<900xi64> to memref<?xi64>
  %fbd = memref.cast %fb : memref<900xi64> to memref<?xi64>
  %cfa = call @checksum(%fad) : (memref<?xi64>) -> i64
  %cfb = call @checksum(%fbd) : (memref<?xi64>) -> i64
  vector.print %cfa : i64
  vector.print %cfb : i64
  return
}
