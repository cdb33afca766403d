// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,WEAK
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,WEAK
// RUN: env SEGIR_EMU_SEED=3 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,WEAK
// Without the weak-memory mode the CPU's total store order hides both bugs.
// RUN: env SEGIR_EMU_SEED=1 SEGIR_EMU_WEAK_MEMORY=0 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,STRONG
// RUN: %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,STRONG

// Message passing between blocks: block 1 writes 32 values (one per
// thread), meets at a barrier, and its thread 0 raises a flag with a relaxed
// atomic (memref.atomic_rmw is relaxed in PTX); block 0's thread 0 polls the
// flag with a relaxed atomic, meets its block at a barrier, and every thread
// reads a value. Correct with a release fence (device scope) before the flag
// and an acquire fence after it; without the release, the flag may become
// visible before the values; without the acquire, the reader may read values
// older than the flag. Each variant runs 40 times in one process, every
// launch with other random choices, and the wrong launches are counted.

func.func private @exchange(%data: memref<32xi32>, %out: memref<32xi32>,
                            %flag: memref<1xi32>, %round: i32,
                            %releaseFence: i1, %acquireFence: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %zero = arith.constant 0 : i32
    %hundred = arith.constant 100 : i32
    %isFirst = arith.cmpi eq, %tx, %c0 : index
    %isConsumer = arith.cmpi eq, %bx, %c0 : index
    scf.if %isConsumer {
      scf.if %isFirst {
        scf.while : () -> () {
          %f = memref.atomic_rmw ori %zero, %flag[%c0] : (i32, memref<1xi32>) -> i32
          %waiting = arith.cmpi ne, %f, %round : i32
          scf.condition(%waiting)
        } do {
          scf.yield
        }
        scf.if %acquireFence {
          llvm.fence syncscope("device") acquire
        }
      }
      gpu.barrier
      %x = memref.load %data[%tx] : memref<32xi32>
      memref.store %x, %out[%tx] : memref<32xi32>
    } else {
      %t = arith.index_cast %tx : index to i32
      %base = arith.muli %round, %hundred : i32
      %v = arith.addi %base, %t : i32
      memref.store %v, %data[%tx] : memref<32xi32>
      gpu.barrier
      scf.if %isFirst {
        scf.if %releaseFence {
          llvm.fence syncscope("device") release
        }
        %old = memref.atomic_rmw assign %round, %flag[%c0] : (i32, memref<1xi32>) -> i32
      }
    }
    gpu.terminator
  }
  return
}

/// Runs 40 rounds and returns how many read a wrong value.
func.func private @rounds(%data: memref<32xi32>, %out: memref<32xi32>,
                          %flag: memref<1xi32>, %first: i32,
                          %releaseFence: i1, %acquireFence: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c40 = arith.constant 40 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %hundred = arith.constant 100 : i32
  %wrong = scf.for %i = %c0 to %c40 step %c1 iter_args(%count = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %round = arith.addi %first, %i32 : i32
    func.call @exchange(%data, %out, %flag, %round, %releaseFence, %acquireFence)
        : (memref<32xi32>, memref<32xi32>, memref<1xi32>, i32, i1, i1) -> ()
    %base = arith.muli %round, %hundred : i32
    %bad = scf.for %t = %c0 to %c32 step %c1 iter_args(%any = %zero) -> i32 {
      %x = memref.load %out[%t] : memref<32xi32>
      %t32 = arith.index_cast %t : index to i32
      %want = arith.addi %base, %t32 : i32
      %ne = arith.cmpi ne, %x, %want : i32
      %ne32 = arith.extui %ne : i1 to i32
      %r = arith.ori %any, %ne32 : i32
      scf.yield %r : i32
    }
    %next = arith.addi %count, %bad : i32
    scf.yield %next : i32
  }
  return %wrong : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %true = arith.constant true
  %false = arith.constant false
  %data = memref.alloc() : memref<32xi32>
  %out = memref.alloc() : memref<32xi32>
  %flag = memref.alloc() : memref<1xi32>
  memref.store %zero, %flag[%c0] : memref<1xi32>
  %r1 = arith.constant 1 : i32
  %r2 = arith.constant 101 : i32
  %r3 = arith.constant 201 : i32
  %both = func.call @rounds(%data, %out, %flag, %r1, %true, %true)
      : (memref<32xi32>, memref<32xi32>, memref<1xi32>, i32, i1, i1) -> i32
  %noRelease = func.call @rounds(%data, %out, %flag, %r2, %false, %true)
      : (memref<32xi32>, memref<32xi32>, memref<1xi32>, i32, i1, i1) -> i32
  %noAcquire = func.call @rounds(%data, %out, %flag, %r3, %true, %false)
      : (memref<32xi32>, memref<32xi32>, memref<1xi32>, i32, i1, i1) -> i32
  vector.print str "release and acquire fences: "
  vector.print %both : i32 punctuation <no_punctuation>
  vector.print str " wrong of 40\n"
  vector.print str "no release fence: "
  vector.print %noRelease : i32 punctuation <no_punctuation>
  vector.print str " wrong of 40\n"
  vector.print str "no acquire fence: "
  vector.print %noAcquire : i32 punctuation <no_punctuation>
  vector.print str " wrong of 40\n"
  return
}

// CHECK: release and acquire fences: 0 wrong of 40
// WEAK-NEXT: no release fence: {{[1-9][0-9]*}} wrong of 40
// WEAK-NEXT: no acquire fence: {{[1-9][0-9]*}} wrong of 40
// STRONG-NEXT: no release fence: 0 wrong of 40
// STRONG-NEXT: no acquire fence: 0 wrong of 40
