// Mutation test of the memory orderings of SegIR's own kernels under the
// emulator's weak-memory mode: the single-pass scan's look-back (8 blocks
// of 32 threads looping over 22 groups) and the multi-block
// large-segments reduction (its last-block pattern; 8 blocks, 4 per
// segment). Each runs 10 rounds per process and counts the wrong ones. The
// GPU code is built once; the mutants are the same code with
//  * every llvm.fence erased (convert-gpu-to-seg-emulator's
//    test-drop-fences): the reduction's counter is a memref.atomic_rmw,
//    relaxed in PTX, so its fences are all that orders the published
//    partial results, and dropping them is caught; the scan has no fence
//    (it publishes a group's status with a release store and polls it with
//    acquire loads), so it stays right;
//  * every atomic treated as relaxed (test-relax-atomics): the scan's
//    release store and acquire loads then order nothing, which is caught;
//    the reduction, ordered by its fences, stays right.
//
// RUN: seg-opt %s --convert-seg-to-gpu="block-size=32 max-blocks=8 strategy=large" --gpu-kernel-outlining > %t.gpu.mlir
// RUN: seg-opt %t.gpu.mlir --convert-gpu-to-seg-emulator | seg-opt --seg-to-emulator > %t.mlir
// RUN: seg-opt %t.gpu.mlir --convert-gpu-to-seg-emulator="test-drop-fences=1" | seg-opt --seg-to-emulator > %t.mutant.mlir
// RUN: seg-opt %t.gpu.mlir --convert-gpu-to-seg-emulator="test-relax-atomics=1" | seg-opt --seg-to-emulator > %t.relaxed.mlir
//
// The look-back polls with acquire loads and publishes with a release
// store, not with read-modify-writes and fences.
// RUN: FileCheck %s --check-prefix=PROTOCOL < %t.gpu.mlir
// PROTOCOL-LABEL: gpu.func @scan_scan(
// PROTOCOL-NOT: llvm.fence
// PROTOCOL: llvm.store {{.*}} atomic syncscope("device") release
// PROTOCOL: scf.while
// PROTOCOL: llvm.load {{.*}} atomic syncscope("device") acquire
// PROTOCOL: nvvm.nanosleep
// PROTOCOL: gpu.return
//
// The unmutated kernels are right under every seed; each mutant is caught
// under each of the same seeds.
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %s --check-prefix=RIGHT
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.mlir | FileCheck %s --check-prefix=RIGHT
// RUN: env SEGIR_EMU_SEED=3 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mlir | FileCheck %s --check-prefix=RIGHT
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mutant.mlir | FileCheck %s --check-prefix=FENCES
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.mutant.mlir | FileCheck %s --check-prefix=FENCES
// RUN: env SEGIR_EMU_SEED=3 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mutant.mlir | FileCheck %s --check-prefix=FENCES
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.relaxed.mlir | FileCheck %s --check-prefix=RELAXED
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.relaxed.mlir | FileCheck %s --check-prefix=RELAXED
// RUN: env SEGIR_EMU_SEED=3 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.relaxed.mlir | FileCheck %s --check-prefix=RELAXED
//
// Without the weak-memory mode the CPU's total store order hides both bugs.
// RUN: env SEGIR_EMU_SEED=1 SEGIR_EMU_WEAK_MEMORY=0 %run-emu %t.mutant.mlir | FileCheck %s --check-prefix=RIGHT
// RUN: env SEGIR_EMU_SEED=1 SEGIR_EMU_WEAK_MEMORY=0 %run-emu %t.relaxed.mlir | FileCheck %s --check-prefix=RIGHT

// RIGHT: scan: 0 wrong of 10
// RIGHT-NEXT: reduction: 0 wrong of 10
// FENCES: scan: 0 wrong of 10
// FENCES-NEXT: reduction: {{[1-9][0-9]*}} wrong of 10
// RELAXED: scan: {{[1-9][0-9]*}} wrong of 10
// RELAXED-NEXT: reduction: 0 wrong of 10

func.func @scan(%x: memref<?xi32>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%i] : memref<?xi32>
    seg.yield %xi : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

func.func @segsum(%x: memref<?x?xi32>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xi32>
  %cols = memref.dim %x, %c1 : memref<?x?xi32>
  %zero = arith.constant 0 : i32
  seg.red thread (%s, %i) in (%rows, %cols) outs(%out : memref<?xi32>) {
    %xi = memref.load %x[%s, %i] : memref<?x?xi32>
    seg.yield %xi : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

/// x[i] = (i * 7 + round) mod 13, a different input every round.
func.func @value(%i: index, %round: index) -> i32 {
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %a = arith.muli %i, %c7 : index
  %b = arith.addi %a, %round : index
  %c = arith.remui %b, %c13 : index
  %v = arith.index_cast %c : index to i32
  return %v : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %n = arith.constant 30000 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %x = memref.alloc(%n) : memref<?xi32>
  %out = memref.alloc(%n) : memref<?xi32>
  %m = memref.alloc(%c2, %n) : memref<?x?xi32>
  %sums = memref.alloc(%c2) : memref<?xi32>

  %scanWrong = scf.for %r = %c0 to %c10 step %c1 iter_args(%count = %zero) -> i32 {
    scf.for %i = %c0 to %n step %c1 {
      %v = func.call @value(%i, %r) : (index, index) -> i32
      memref.store %v, %x[%i] : memref<?xi32>
    }
    func.call @scan(%x, %out) : (memref<?xi32>, memref<?xi32>) -> ()
    %bad:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %any = %zero) -> (i32, i32) {
      %v = memref.load %x[%i] : memref<?xi32>
      %want = arith.addi %acc, %v : i32
      %got = memref.load %out[%i] : memref<?xi32>
      %ne = arith.cmpi ne, %got, %want : i32
      %ne32 = arith.extui %ne : i1 to i32
      %any2 = arith.ori %any, %ne32 : i32
      scf.yield %want, %any2 : i32, i32
    }
    %next = arith.addi %count, %bad#1 : i32
    scf.yield %next : i32
  }

  %redWrong = scf.for %r = %c0 to %c10 step %c1 iter_args(%count = %zero) -> i32 {
    scf.for %s = %c0 to %c2 step %c1 {
      scf.for %i = %c0 to %n step %c1 {
        %si = arith.addi %s, %r : index
        %v = func.call @value(%i, %si) : (index, index) -> i32
        memref.store %v, %m[%s, %i] : memref<?x?xi32>
      }
    }
    func.call @segsum(%m, %sums) : (memref<?x?xi32>, memref<?xi32>) -> ()
    %bad = scf.for %s = %c0 to %c2 step %c1 iter_args(%any = %zero) -> i32 {
      %want = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
        %v = memref.load %m[%s, %i] : memref<?x?xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      %got = memref.load %sums[%s] : memref<?xi32>
      %ne = arith.cmpi ne, %got, %want : i32
      %ne32 = arith.extui %ne : i1 to i32
      %any2 = arith.ori %any, %ne32 : i32
      scf.yield %any2 : i32
    }
    %next = arith.addi %count, %bad : i32
    scf.yield %next : i32
  }

  vector.print str "scan: "
  vector.print %scanWrong : i32 punctuation <no_punctuation>
  vector.print str " wrong of 10\n"
  vector.print str "reduction: "
  vector.print %redWrong : i32 punctuation <no_punctuation>
  vector.print str " wrong of 10\n"
  return
}
