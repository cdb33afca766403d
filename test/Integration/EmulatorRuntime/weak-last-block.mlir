// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,WEAK
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,WEAK
// RUN: env SEGIR_EMU_SEED=3 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,WEAK
// RUN: env SEGIR_EMU_SEED=1 SEGIR_EMU_WEAK_MEMORY=0 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,STRONG

// The last-block-done pattern of single-pass reductions (as in
// last-block.mlir, smaller): every block writes its partial sum and counts
// itself on an atomic counter (relaxed in PTX); the block that sees the
// count at gridDim - 1 adds all partial sums and resets the counter. It is
// correct with a release fence between the partial sum and the count and an
// acquire fence after the count, and goes wrong without the release fence.
// (Without only the acquire fence it is wrong too, but the release fence
// before the count is a fence.acq_rel in PTX, which already acquires all but
// the partial sums published between it and the count: too rare to test;
// weak-look-back.mlir tests a missing acquire.) Each variant runs 20 times;
// the wrong sums are counted.

func.func private @sum(%in: memref<?xi32>, %partial: memref<?xi32>,
                       %counter: memref<1xi32>, %result: memref<1xi32>,
                       %releaseFence: i1, %acquireFence: i1) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c16, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %start = arith.muli %bx, %sx : index
    %i = arith.addi %start, %tx : index
    %x = memref.load %in[%i] : memref<?xi32>
    %blockSum = gpu.subgroup_reduce add %x : (i32) -> i32
    %isFirst = arith.cmpi eq, %tx, %c0 : index
    scf.if %isFirst {
      memref.store %blockSum, %partial[%bx] : memref<?xi32>
      scf.if %releaseFence {
        llvm.fence syncscope("device") release
      }
      %old = memref.atomic_rmw addi %one, %counter[%c0] : (i32, memref<1xi32>) -> i32
      %gx32 = arith.index_cast %gx : index to i32
      %lastTicket = arith.subi %gx32, %one : i32
      %isLast = arith.cmpi eq, %old, %lastTicket : i32
      scf.if %isLast {
        scf.if %acquireFence {
          llvm.fence syncscope("device") acquire
        }
        %total = scf.for %b = %c0 to %gx step %c1 iter_args(%a = %zero) -> i32 {
          %p = memref.load %partial[%b] : memref<?xi32>
          %s = arith.addi %a, %p : i32
          scf.yield %s : i32
        }
        memref.store %total, %result[%c0] : memref<1xi32>
        memref.store %zero, %counter[%c0] : memref<1xi32>
      }
    }
    gpu.terminator
  }
  return
}

/// Runs 20 sums of in[i] = i + round and returns how many are wrong.
func.func private @rounds(%in: memref<?xi32>, %partial: memref<?xi32>,
                          %counter: memref<1xi32>, %result: memref<1xi32>,
                          %releaseFence: i1, %acquireFence: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %n = arith.constant 512 : index
  %zero = arith.constant 0 : i32
  %wrong = scf.for %r = %c0 to %c20 step %c1 iter_args(%count = %zero) -> i32 {
    %round = arith.index_cast %r : index to i32
    scf.for %i = %c0 to %n step %c1 {
      %i32 = arith.index_cast %i : index to i32
      %x = arith.addi %i32, %round : i32
      memref.store %x, %in[%i] : memref<?xi32>
    }
    func.call @sum(%in, %partial, %counter, %result, %releaseFence, %acquireFence)
        : (memref<?xi32>, memref<?xi32>, memref<1xi32>, memref<1xi32>, i1, i1) -> ()
    // 0 + 1 + ... + 511 = 130816, plus 512 * round.
    %got = memref.load %result[%c0] : memref<1xi32>
    %base = arith.constant 130816 : i32
    %c512 = arith.constant 512 : i32
    %extra = arith.muli %round, %c512 : i32
    %want = arith.addi %base, %extra : i32
    %ne = arith.cmpi ne, %got, %want : i32
    %ne32 = arith.extui %ne : i1 to i32
    %next = arith.addi %count, %ne32 : i32
    scf.yield %next : i32
  }
  return %wrong : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 512 : index
  %zero = arith.constant 0 : i32
  %true = arith.constant true
  %false = arith.constant false
  %in = memref.alloc(%n) : memref<?xi32>
  %partial = memref.alloc(%c16) : memref<?xi32>
  %counter = memref.alloc() : memref<1xi32>
  %result = memref.alloc() : memref<1xi32>
  memref.store %zero, %counter[%c0] : memref<1xi32>
  %both = func.call @rounds(%in, %partial, %counter, %result, %true, %true)
      : (memref<?xi32>, memref<?xi32>, memref<1xi32>, memref<1xi32>, i1, i1) -> i32
  %noRelease = func.call @rounds(%in, %partial, %counter, %result, %false, %true)
      : (memref<?xi32>, memref<?xi32>, memref<1xi32>, memref<1xi32>, i1, i1) -> i32
  vector.print str "release and acquire fences: "
  vector.print %both : i32 punctuation <no_punctuation>
  vector.print str " wrong of 20\n"
  vector.print str "no release fence: "
  vector.print %noRelease : i32 punctuation <no_punctuation>
  vector.print str " wrong of 20\n"
  return
}

// CHECK: release and acquire fences: 0 wrong of 20
// WEAK-NEXT: no release fence: {{[1-9][0-9]*}} wrong of 20
// STRONG-NEXT: no release fence: 0 wrong of 20
