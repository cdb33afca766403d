// RUN: seg-opt %s --seg-to-emulator | not %run-emu 2>&1 | FileCheck %s

// Lane 7 of the second warp returns before a shuffle in which the whole
// warp takes part: the other lanes would wait for it forever.

func.func @main() {
  %c1 = arith.constant 1 : index
  %c39 = arith.constant 39 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %active = arith.cmpi ne, %tx, %c39 : index
    scf.if %active {
      %one = arith.constant 1 : i32
      %width = arith.constant 32 : i32
      %v = arith.index_cast %tx : index to i32
      %r, %ok = gpu.shuffle xor %v, %one, %width : i32
    }
    gpu.terminator
  }
  return
}

// CHECK: segir emulator: warp divergence in kernel main_kernel, block (0,0,0): threads (0,0,0)..(31,0,0), (39,0,0) have exited; threads (32,0,0)..(38,0,0), (40,0,0)..(63,0,0) wait at gpu.shuffle xor at {{.*}}divergent-shuffle.mlir:17:17
