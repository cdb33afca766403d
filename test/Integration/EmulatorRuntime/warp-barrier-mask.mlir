// RUN: seg-opt %s --seg-to-emulator | not %run-emu 2>&1 | FileCheck %s

// nvvm.bar.warp.sync naming all 32 lanes in the last warp of a block of 40
// threads, which has 8: the emulator reports it rather than waiting forever.

func.func @main() {
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c40, %sy = %c1, %sz = %c1) {
    %full = arith.constant -1 : i32
    nvvm.bar.warp.sync %full : i32
    gpu.terminator
  }
  return
}

// CHECK: segir emulator: {{.*}}nvvm.bar.warp.sync at {{.*}}warp-barrier-mask.mlir:{{[0-9]+}}:{{[0-9]+}} with mask 0xffffffff, which must hold the calling lane {{[0-9]+}} and only lanes of this warp's 8 threads
