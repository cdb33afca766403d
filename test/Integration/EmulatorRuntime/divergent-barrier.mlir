// RUN: seg-opt %s --seg-to-emulator | not %run-emu 2>&1 | FileCheck %s

// In block (1,0,0), threads with x < 5 or y = 1 wait at a barrier that the
// other threads skip: they exit instead. The emulator reports it, naming
// the barrier and the threads on each side; the first block ran fine.

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c2, %sz = %c1) {
    %first = arith.cmpi ult, %bx, %c1 : index
    %low = arith.cmpi ult, %tx, %c5 : index
    %row1 = arith.cmpi eq, %ty, %c1 : index
    %some = arith.ori %low, %row1 : i1
    %wait = arith.ori %first, %some : i1
    scf.if %wait {
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// CHECK: segir emulator: barrier divergence in kernel main_kernel, block (1,0,0): threads (0,0,0)..(4,0,0), (0,1,0)..(7,1,0) wait at gpu.barrier at {{.*}}divergent-barrier.mlir:20:7; threads (5,0,0)..(7,0,0) have exited
