// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_RESIDENT_BLOCKS=1 %run-emu | FileCheck %s

// gpu.printf prints through the C library's printf, with its arguments
// promoted as C varargs are. With one resident block the lines come in
// order.

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i16
    %f = arith.constant 2.5 : f32
    gpu.printf "block %ld thread %d: %.2f\n", %bx, %t, %f : index, i16, f32
    gpu.terminator
  }
  return
}

// CHECK: block 0 thread 0: 2.50
// CHECK-NEXT: block 0 thread 1: 2.50
// CHECK-NEXT: block 1 thread 0: 2.50
// CHECK-NEXT: block 1 thread 1: 2.50
