// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=1 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=3 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=4 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mlir | FileCheck %s
//
// With one resident block, block 0 waits for a block that never starts: the
// time limit ends the run with a report instead of a hang.
// RUN: env SEGIR_EMU_RESIDENT_BLOCKS=1 SEGIR_EMU_TIMEOUT=1 not %run-emu %t.mlir 2>&1 | FileCheck %s --check-prefix=ONE

// Blocks and threads that wait for each other through flags in global
// memory. Block 0 consumes what block 1 produces, so the consumer starts
// first and really waits:
//  1. the flag is read with a plain memref.load in an scf.while loop;
//  2. the flag is read with an atomic (atomic_rmw ori 0) in a CFG loop;
//  3. inside one block, thread 0 waits for a flag that thread 63 sets.
// Each is synchronised as the PTX memory model needs (release before the
// flag, acquire after it; block scope inside a block): memref.atomic_rmw is
// relaxed on the GPU, so the consumer of 2 needs its fence too.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %data = memref.alloc() : memref<32xi32>
  %out = memref.alloc() : memref<32xi32>
  %flags = memref.alloc() : memref<3xi32>
  scf.for %i = %c0 to %c2 step %c1 {
    memref.store %zero, %flags[%i] : memref<3xi32>
  }
  memref.store %zero, %flags[%c2] : memref<3xi32>

  // 1. A plain load in a while loop.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %isConsumer = arith.cmpi eq, %bx, %c0 : index
    %isFirst = arith.cmpi eq, %tx, %c0 : index
    scf.if %isConsumer {
      scf.if %isFirst {
        scf.while : () -> () {
          %f = memref.load %flags[%c0] : memref<3xi32>
          %waiting = arith.cmpi eq, %f, %zero : i32
          scf.condition(%waiting)
        } do {
          scf.yield
        }
        llvm.fence acquire
      }
      gpu.barrier
      %x = memref.load %data[%tx] : memref<32xi32>
      memref.store %x, %out[%tx] : memref<32xi32>
    } else {
      %t = arith.index_cast %tx : index to i32
      %v = arith.muli %t, %three : i32
      %w = arith.addi %v, %one : i32
      memref.store %w, %data[%tx] : memref<32xi32>
      gpu.barrier
      scf.if %isFirst {
        llvm.fence release
        memref.store %one, %flags[%c0] : memref<3xi32>
      }
    }
    gpu.terminator
  }
  %r1 = vector.load %out[%c0] : memref<32xi32>, vector<32xi32>
  vector.print %r1 : vector<32xi32>

  // 2. An atomic in a CFG loop; the data are doubled.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %isConsumer = arith.cmpi eq, %bx, %c0 : index
    cf.cond_br %isConsumer, ^consumer, ^producer
  ^consumer:
    cf.br ^spin
  ^spin:
    %f = memref.atomic_rmw ori %zero, %flags[%c1] : (i32, memref<3xi32>) -> i32
    %ready = arith.cmpi ne, %f, %zero : i32
    cf.cond_br %ready, ^consume, ^spin
  ^consume:
    llvm.fence syncscope("agent") acquire
    %x = memref.load %data[%tx] : memref<32xi32>
    memref.store %x, %out[%tx] : memref<32xi32>
    gpu.terminator
  ^producer:
    %y = memref.load %data[%tx] : memref<32xi32>
    %z = arith.addi %y, %y : i32
    memref.store %z, %data[%tx] : memref<32xi32>
    llvm.fence syncscope("agent") release
    gpu.barrier
    %isFirst = arith.cmpi eq, %tx, %c0 : index
    cf.cond_br %isFirst, ^publish, ^end
  ^publish:
    %old = memref.atomic_rmw assign %one, %flags[%c1] : (i32, memref<3xi32>) -> i32
    cf.br ^end
  ^end:
    gpu.terminator
  }
  %r2 = vector.load %out[%c0] : memref<32xi32>, vector<32xi32>
  vector.print %r2 : vector<32xi32>

  // 3. Inside one block: thread 0 runs first and spins until thread 63 has
  // run; only the yields at its polls let thread 63 run at all.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %isFirst = arith.cmpi eq, %tx, %c0 : index
    %c63 = arith.constant 63 : index
    %isLast = arith.cmpi eq, %tx, %c63 : index
    scf.if %isFirst {
      scf.while : () -> () {
        %f = memref.load %flags[%c2] : memref<3xi32>
        %waiting = arith.cmpi eq, %f, %zero : i32
        scf.condition(%waiting)
      } do {
        scf.yield
      }
      llvm.fence syncscope("workgroup") acquire
      %x = memref.load %data[%c1] : memref<32xi32>
      memref.store %x, %out[%c0] : memref<32xi32>
    }
    scf.if %isLast {
      %seven = arith.constant 7 : i32
      memref.store %seven, %data[%c1] : memref<32xi32>
      llvm.fence syncscope("workgroup") release
      memref.store %one, %flags[%c2] : memref<3xi32>
    }
    gpu.terminator
  }
  %r3 = memref.load %out[%c0] : memref<32xi32>
  vector.print %r3 : i32
  return
}

// CHECK: ( 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 55, 58, 61, 64, 67, 70, 73, 76, 79, 82, 85, 88, 91, 94 )
// CHECK-NEXT: ( 2, 8, 14, 20, 26, 32, 38, 44, 50, 56, 62, 68, 74, 80, 86, 92, 98, 104, 110, 116, 122, 128, 134, 140, 146, 152, 158, 164, 170, 176, 182, 188 )
// CHECK-NEXT: 7

// ONE: segir emulator: kernel main_kernel::main_kernel exceeded the time limit of 1 s (SEGIR_EMU_TIMEOUT): blocks (0,0,0) still running, 1 of 2 blocks not started
