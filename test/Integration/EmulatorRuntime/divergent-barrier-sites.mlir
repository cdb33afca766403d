// RUN: seg-opt %s --seg-to-emulator | not %run-emu 2>&1 | FileCheck %s

// The two halves of a block wait at two different barriers.

func.func @main() {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %low = arith.cmpi ult, %tx, %c16 : index
    scf.if %low {
      gpu.barrier
    } else {
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// CHECK: segir emulator: barrier divergence in kernel main_kernel, block (0,0,0): threads (0,0,0)..(15,0,0) wait at gpu.barrier at {{.*}}divergent-barrier-sites.mlir:13:7; threads (16,0,0)..(63,0,0) wait at gpu.barrier at {{.*}}divergent-barrier-sites.mlir:15:7
