// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=11 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=12 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mlir | FileCheck %s

// The last-block-done pattern of single-pass reductions: every block writes
// its partial sum, fences, and increments a counter in global memory with an
// atomic; the block that sees the counter at gridDim - 1 is the last one,
// fences again, adds all the partial sums and resets the counter for the
// next launch. 64 blocks of 64 threads sum in[i] = i for i < 16384.

func.func private @sum(%in: memref<?xi32>, %partial: memref<?xi32>,
                       %counter: memref<1xi32>, %result: memref<1xi32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c64, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%warpSums : memref<2xi32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    // Each thread adds 4 elements of its block's 256.
    %blockSize = arith.muli %sx, %c4 : index
    %start = arith.muli %bx, %blockSize : index
    %mine = arith.addi %start, %tx : index
    %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %zero) -> i32 {
      %off = arith.muli %k, %sx : index
      %i = arith.addi %mine, %off : index
      %x = memref.load %in[%i] : memref<?xi32>
      %s = arith.addi %a, %x : i32
      scf.yield %s : i32
    }
    %warpSum = gpu.subgroup_reduce add %acc : (i32) -> i32
    %lane = gpu.lane_id
    %warp = gpu.subgroup_id : index
    %isLead = arith.cmpi eq, %lane, %c0 : index
    scf.if %isLead {
      memref.store %warpSum, %warpSums[%warp] : memref<2xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %isFirst = arith.cmpi eq, %tx, %c0 : index
    scf.if %isFirst {
      %w0 = memref.load %warpSums[%c0] : memref<2xi32, #gpu.address_space<workgroup>>
      %w1 = memref.load %warpSums[%c1] : memref<2xi32, #gpu.address_space<workgroup>>
      %blockSum = arith.addi %w0, %w1 : i32
      memref.store %blockSum, %partial[%bx] : memref<?xi32>
      llvm.fence syncscope("agent") release
      %old = memref.atomic_rmw addi %one, %counter[%c0] : (i32, memref<1xi32>) -> i32
      %gx32 = arith.index_cast %gx : index to i32
      %lastTicket = arith.subi %gx32, %one : i32
      %isLast = arith.cmpi eq, %old, %lastTicket : i32
      scf.if %isLast {
        llvm.fence syncscope("agent") acquire
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

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16384 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i32
  %in = memref.alloc(%n) : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.index_cast %i : index to i32
    memref.store %x, %in[%i] : memref<?xi32>
  }
  %partial = memref.alloc(%c64) : memref<?xi32>
  %counter = memref.alloc() : memref<1xi32>
  %result = memref.alloc() : memref<1xi32>
  memref.store %zero, %counter[%c0] : memref<1xi32>
  %c3 = arith.constant 3 : index
  scf.for %run = %c0 to %c3 step %c1 {
    memref.store %zero, %result[%c0] : memref<1xi32>
    func.call @sum(%in, %partial, %counter, %result)
        : (memref<?xi32>, memref<?xi32>, memref<1xi32>, memref<1xi32>) -> ()
    %r = memref.load %result[%c0] : memref<1xi32>
    %c = memref.load %counter[%c0] : memref<1xi32>
    vector.print %r : i32
    vector.print %c : i32
  }
  return
}

// Three launches: the sum, and the counter back at 0 each time.
// CHECK: 134209536
// CHECK-NEXT: 0
// CHECK-NEXT: 134209536
// CHECK-NEXT: 0
// CHECK-NEXT: 134209536
// CHECK-NEXT: 0
