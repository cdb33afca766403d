// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: not %run-emu %t.mlir 2>&1 | FileCheck %s
// RUN: env SEGIR_EMU_RESIDENT_BLOCKS=0 not %run-emu %t.mlir 2>&1 | FileCheck %s --check-prefix=RESIDENT
// RUN: env SEGIR_EMU_TIMEOUT=soon not %run-emu %t.mlir 2>&1 | FileCheck %s --check-prefix=TIMEOUT

// A launch that no GPU would accept (more than 1024 threads per block) is
// reported, as are settings that make no sense.

func.func @main() {
  %c1 = arith.constant 1 : index
  %c33 = arith.constant 33 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c33, %sy = %c32, %sz = %c1) {
    gpu.terminator
  }
  return
}

// CHECK: segir emulator: kernel main_kernel: 1056 threads per block exceed the limit of 1024
// RESIDENT: segir emulator: SEGIR_EMU_RESIDENT_BLOCKS must be an integer >= 1, not '0'
// TIMEOUT: segir emulator: SEGIR_EMU_TIMEOUT must be a number of seconds >= 0, not 'soon'
