// RUN: seg-opt %s --seg-to-emulator | not %run-emu 2>&1 | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=3 not %run-emu 2>&1 | FileCheck %s

// mma.sync is .aligned: every lane of the warp must execute the same
// instruction. Lane 5 of the second warp skips it, so the other lanes of
// that warp would wait for it forever; the emulator reports the warp.

func.func @main() {
  %c1 = arith.constant 1 : index
  %c37 = arith.constant 37 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %active = arith.cmpi ne, %tx, %c37 : index
    scf.if %active {
      %a = arith.constant dense<1.0> : vector<4x2xf16>
      %b = arith.constant dense<1.0> : vector<2x2xf16>
      %c = arith.constant dense<0.0> : vector<2x2xf32>
      %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    }
    gpu.terminator
  }
  return
}

// CHECK: segir emulator: warp divergence in kernel main_kernel, block (0,0,0): threads (0,0,0)..(31,0,0), (37,0,0) have exited; threads (32,0,0)..(36,0,0), (38,0,0)..(63,0,0) wait at nvgpu.mma.sync at {{.*}}mma-divergent.mlir:19:12
