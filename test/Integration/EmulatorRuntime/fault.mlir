// RUN: seg-opt %s --seg-to-emulator | not %run-emu 2>&1 | FileCheck %s

// A wild access in a kernel is reported with the thread that made it.

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %tx, %c3 : index
    scf.if %last {
      %address = arith.constant 64 : i64
      %p = llvm.inttoptr %address : i64 to !llvm.ptr
      %v = llvm.load volatile %p : !llvm.ptr -> i32
    }
    gpu.terminator
  }
  return
}

// CHECK: segir emulator: kernel main_kernel, block (0,0,0), thread (3,0,0): invalid memory access at address 0x40 (SIGSEGV)
