// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=3 %run-emu 2>&1 | FileCheck %s --check-prefix=RIGHT
// RUN: seg-opt %s --seg-to-emulator | %run-emu 2>&1 | FileCheck %s --check-prefix=RIGHT

// nvvm.bar.warp.sync: each lane of a block of 40 threads (a warp of 32 and
// one of 8) writes its id to shared memory, waits for its warp, and adds
// the id of the next lane of its warp; thread 0 prints the sum over the
// block after a block barrier. With the random schedule of SEGIR_EMU_SEED a
// lane reads another's slot only after the warp barrier
// (warp-barrier-mask.mlir: a mask naming lanes the warp lacks).

func.func @main() {
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c40, %sy = %c1, %sz = %c1)
             workgroup(%ids : memref<40xi32, #gpu.address_space<workgroup>>,
                       %sums : memref<40xi32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c8 = arith.constant 8 : index
    %id = arith.index_cast %tx : index to i32
    memref.store %id, %ids[%tx] : memref<40xi32, #gpu.address_space<workgroup>>
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %last = arith.cmpi eq, %warp, %c1 : index
    %lanes = arith.select %last, %c8, %c32 : index
    %full = arith.constant -1 : i32
    %low8 = arith.constant 255 : i32
    %mask = arith.select %last, %low8, %full : i32
    nvvm.bar.warp.sync %mask : i32
    %c1i = arith.constant 1 : index
    %next = arith.addi %lane, %c1i : index
    %wrapped = arith.remui %next, %lanes : index
    %base = arith.muli %warp, %c32 : index
    %other = arith.addi %base, %wrapped : index
    %theirs = memref.load %ids[%other] : memref<40xi32, #gpu.address_space<workgroup>>
    %sum = arith.addi %id, %theirs : i32
    memref.store %sum, %sums[%tx] : memref<40xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      %zero = arith.constant 0 : i32
      %total = scf.for %i = %c0 to %c40 step %c1 iter_args(%acc = %zero) -> i32 {
        %v = memref.load %sums[%i] : memref<40xi32, #gpu.address_space<workgroup>>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      gpu.printf "total %d\n", %total : i32
    }
    gpu.terminator
  }
  return
}

// Every id counts twice: 2 * (0 + ... + 39) = 1560.
// RIGHT: total 1560
