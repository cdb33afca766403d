// One-segment (flat) scans on the GPU path, run by the emulator with
// randomised schedules and weak memory, against seg-to-cpu: an i32 sum and
// the composition of affine maps x -> a x + b modulo 10007 (not
// commutative), over 1 to 60001 elements (partial last groups, groups that
// end where a block's tile does), at block sizes 31, 33, 97 (a last warp
// of one lane), 256, 1000 and 1024 and the model's (128 x 20 for the sum),
// single-pass and reduce-then-scan.
// RUN: seg-opt %s --seg-to-cpu | %run-cpu > %t.cpu
// RUN: FileCheck %s < %t.cpu
// RUN: seg-opt %s --seg-to-emulator="block-size=31" | env SEGIR_EMU_SEED=31 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu > %t.31
// RUN: diff %t.cpu %t.31
// RUN: seg-opt %s --seg-to-emulator="block-size=97 max-blocks=5" | env SEGIR_EMU_SEED=32 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu > %t.97
// RUN: diff %t.cpu %t.97
// RUN: seg-opt %s --seg-to-emulator="block-size=256" | env SEGIR_EMU_SEED=33 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu > %t.256
// RUN: diff %t.cpu %t.256
// RUN: seg-opt %s --seg-to-emulator="block-size=1024" | env SEGIR_EMU_SEED=34 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu > %t.1024
// RUN: diff %t.cpu %t.1024
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=36 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu > %t.model
// RUN: diff %t.cpu %t.model
// RUN: seg-opt %s --seg-to-emulator="max-blocks=7" | env SEGIR_EMU_SEED=37 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu > %t.model7
// RUN: diff %t.cpu %t.model7
// RUN: seg-opt %s --seg-to-emulator="block-size=33" | env SEGIR_EMU_SEED=38 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu > %t.33
// RUN: diff %t.cpu %t.33
// RUN: seg-opt %s --seg-to-emulator="block-size=1000" | env SEGIR_EMU_SEED=39 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu > %t.1000
// RUN: diff %t.cpu %t.1000
// RUN: seg-opt %s --seg-to-emulator="block-size=64 scan-strategy=reduce-then-scan max-blocks=3" | env SEGIR_EMU_SEED=35 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu > %t.rts
// RUN: diff %t.cpu %t.rts

func.func @sum(%in: memref<?xi32>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %in, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// (a1, b1) then (a2, b2): x -> a2 (a1 x + b1) + b2.
func.func @affine(%in: memref<?xi32>, %oa: memref<?xi32>, %ob: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %in, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.scan thread (%i) in (%n) outs(%oa, %ob : memref<?xi32>, memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    %k = arith.constant 130 : i32
    %a = arith.addi %x, %k : i32
    // Nonnegative operands keep every remainder the canonical one.
    %k2 = arith.constant 127 : i32
    %b = arith.addi %x, %k2 : i32
    seg.yield %a, %b : i32, i32
  } combine (%a1: i32, %b1: i32, %a2: i32, %b2: i32)
      neutral(%one, %zero : i32, i32) {
    %p = arith.constant 10007 : i32
    %aa = arith.muli %a1, %a2 : i32
    %a = arith.remsi %aa, %p : i32
    %ba = arith.muli %b1, %a2 : i32
    %bb = arith.addi %ba, %b2 : i32
    %b = arith.remsi %bb, %p : i32
    seg.yield %a, %b : i32, i32
  }
  return
}

// sum over i of (i mod 1000 + 1) * v[i], in i64.
func.func @checksum(%v: memref<?xi32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %n = memref.dim %v, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %x = memref.load %v[%i] : memref<?xi32>
    %xw = arith.extsi %x : i32 to i64
    %m = arith.remui %i, %c1000 : index
    %m1 = arith.addi %m, %c1 : index
    %w = arith.index_cast %m1 : index to i64
    %t = arith.muli %w, %xw : i64
    %s = arith.addi %acc, %t : i64
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @run(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %in = memref.alloc(%n) : memref<?xi32>
  %o1 = memref.alloc(%n) : memref<?xi32>
  %o2 = memref.alloc(%n) : memref<?xi32>
  %o3 = memref.alloc(%n) : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %g = arith.index_cast %i : index to i32
    %k = arith.constant 7919 : i32
    %h = arith.muli %g, %k : i32
    %c255 = arith.constant 255 : i32
    %r = arith.remui %h, %c255 : i32
    %c127 = arith.constant 127 : i32
    %x = arith.subi %r, %c127 : i32
    memref.store %x, %in[%i] : memref<?xi32>
  }
  func.call @sum(%in, %o1) : (memref<?xi32>, memref<?xi32>) -> ()
  func.call @affine(%in, %o2, %o3) : (memref<?xi32>, memref<?xi32>, memref<?xi32>) -> ()
  %s1 = func.call @checksum(%o1) : (memref<?xi32>) -> i64
  %s2 = func.call @checksum(%o2) : (memref<?xi32>) -> i64
  %s3 = func.call @checksum(%o3) : (memref<?xi32>) -> i64
  %nn = arith.index_cast %n : index to i64
  vector.print str "n = "
  vector.print %nn : i64 punctuation <no_punctuation>
  vector.print str ": sum "
  vector.print %s1 : i64 punctuation <no_punctuation>
  vector.print str ", affine "
  vector.print %s2 : i64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %s3 : i64
  memref.dealloc %in : memref<?xi32>
  memref.dealloc %o1 : memref<?xi32>
  memref.dealloc %o2 : memref<?xi32>
  memref.dealloc %o3 : memref<?xi32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  %c1000 = arith.constant 1000 : index
  %c4096 = arith.constant 4096 : index
  %c60001 = arith.constant 60001 : index
  func.call @run(%c1) : (index) -> ()
  func.call @run(%c31) : (index) -> ()
  func.call @run(%c1000) : (index) -> ()
  func.call @run(%c4096) : (index) -> ()
  func.call @run(%c60001) : (index) -> ()
  return
}

// CHECK: n = 1: sum
// CHECK: n = 31: sum
// CHECK: n = 1000: sum
// CHECK: n = 4096: sum
// CHECK: n = 60001: sum
