// RUN: seg-opt %s --seg-to-emulator | not %run-emu 2>&1 | FileCheck %s

// A shuffle of width 32 in a block of 40 threads: the second warp has only
// 8 lanes.

func.func @main() {
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c40, %sy = %c1, %sz = %c1) {
    %one = arith.constant 1 : i32
    %width = arith.constant 32 : i32
    %v = arith.index_cast %tx : index to i32
    %r, %ok = gpu.shuffle down %v, %one, %width : i32
    gpu.terminator
  }
  return
}

// CHECK: segir emulator: kernel main_kernel, block (0,0,0), thread (32,0,0): gpu.shuffle down at {{.*}}shuffle-width.mlir:14:15 with width 32, but this warp has only 8 threads (the block has 40)
