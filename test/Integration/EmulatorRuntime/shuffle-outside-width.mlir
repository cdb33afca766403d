// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s --check-prefix=PLAIN
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=5 %run-emu | FileCheck %s --check-prefix=RANDOM

// A shuffle of width 16 in a warp of 32: lanes 16..31 take no part, so their
// `valid` is false and their value unspecified (outside shfl.sync's member
// mask on NVIDIA GPUs, which the PTX ISA leaves undefined). Randomised, the
// emulator gives them random values, so code that uses them anyway differs
// from run to run; otherwise they keep their own. Printed: how many of lanes
// 16..31 got their own value, and how many are valid.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %counts = memref.alloc() : memref<2xi32>
  %zero = arith.constant 0 : i32
  memref.store %zero, %counts[%c0] : memref<2xi32>
  memref.store %zero, %counts[%c1] : memref<2xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %one = arith.constant 1 : i32
    %width = arith.constant 16 : i32
    %t = arith.index_cast %tx : index to i32
    %hundred = arith.constant 100 : i32
    %v = arith.addi %t, %hundred : i32
    %r, %ok = gpu.shuffle xor %v, %one, %width : i32
    %c16 = arith.constant 16 : index
    %outside = arith.cmpi uge, %tx, %c16 : index
    scf.if %outside {
      %same = arith.cmpi eq, %r, %v : i32
      %s = arith.extui %same : i1 to i32
      %o = arith.extui %ok : i1 to i32
      %i0 = arith.constant 0 : index
      %i1 = arith.constant 1 : index
      %a = memref.atomic_rmw addi %s, %counts[%i0] : (i32, memref<2xi32>) -> i32
      %b = memref.atomic_rmw addi %o, %counts[%i1] : (i32, memref<2xi32>) -> i32
    }
    gpu.terminator
  }
  %own = memref.load %counts[%c0] : memref<2xi32>
  %valid = memref.load %counts[%c1] : memref<2xi32>
  vector.print %own : i32
  vector.print %valid : i32
  memref.dealloc %counts : memref<2xi32>
  return
}

// PLAIN: 16
// PLAIN-NEXT: 0
// RANDOM: 0
// RANDOM-NEXT: 0
