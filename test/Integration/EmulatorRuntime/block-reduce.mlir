// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=1 %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu | FileCheck %s

// A block reduction the way a GPU does it: each thread accumulates a
// grid-stride slice, each warp reduces with shuffles (the last warp of a
// block of 31 or 48 threads is partial, so its width is the number of its
// lanes), lane 0 of each warp leaves its sum in shared memory, and after a
// barrier warp 0 reduces the warps' sums. in[i] = (7 * i) mod 13 for
// i < 10000, whose sum is 59990.

func.func private @reduce(%in: memref<?xi32>, %out: memref<?xi32>,
                          %n: index, %blocks: index, %threads: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1)
             workgroup(%partial : memref<32xi32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0 : i32
    %sixteen = arith.constant 16 : i32
    %first = arith.muli %bx, %sx : index
    %start = arith.addi %first, %tx : index
    %stride = arith.muli %sx, %gx : index
    %acc = scf.for %i = %start to %n step %stride iter_args(%a = %zero) -> i32 {
      %x = memref.load %in[%i] : memref<?xi32>
      %s = arith.addi %a, %x : i32
      scf.yield %s : i32
    }
    // The lanes of this thread's warp.
    %lane = gpu.lane_id
    %warp = gpu.subgroup_id : index
    %warpStart = arith.subi %tx, %lane : index
    %rest = arith.subi %sx, %warpStart : index
    %lanes = arith.minui %rest, %c32 : index
    %width = arith.index_cast %lanes : index to i32
    %sum = scf.for %s = %c0 to %c5 step %c1 iter_args(%a = %acc) -> i32 {
      %s32 = arith.index_cast %s : index to i32
      %offset = arith.shrui %sixteen, %s32 : i32
      %r, %ok = gpu.shuffle down %a, %offset, %width : i32
      %b = arith.addi %a, %r : i32
      %c = arith.select %ok, %b, %a : i32
      scf.yield %c : i32
    }
    %isLead = arith.cmpi eq, %lane, %c0 : index
    scf.if %isLead {
      memref.store %sum, %partial[%warp] : memref<32xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %isWarp0 = arith.cmpi eq, %warp, %c0 : index
    scf.if %isWarp0 {
      %numWarps = gpu.num_subgroups : index
      %has = arith.cmpi ult, %tx, %numWarps : index
      %v = scf.if %has -> i32 {
        %p = memref.load %partial[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
        scf.yield %p : i32
      } else {
        scf.yield %zero : i32
      }
      %total = scf.for %s = %c0 to %c5 step %c1 iter_args(%a = %v) -> i32 {
        %s32 = arith.index_cast %s : index to i32
        %offset = arith.shrui %sixteen, %s32 : i32
        %r, %ok = gpu.shuffle down %a, %offset, %width : i32
        %b = arith.addi %a, %r : i32
        %c = arith.select %ok, %b, %a : i32
        scf.yield %c : i32
      }
      %isFirst = arith.cmpi eq, %tx, %c0 : index
      scf.if %isFirst {
        memref.store %total, %out[%bx] : memref<?xi32>
      }
    }
    gpu.terminator
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 10000 : index
  %c7 = arith.constant 7 : i32
  %c13 = arith.constant 13 : i32
  %in = memref.alloc(%n) : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %m = arith.muli %i32, %c7 : i32
    %x = arith.remui %m, %c13 : i32
    memref.store %x, %in[%i] : memref<?xi32>
  }
  %sizes = arith.constant dense<[31, 48, 256, 1024]> : vector<4xindex>
  %grids = arith.constant dense<[3, 5, 4, 2]> : vector<4xindex>
  %c4 = arith.constant 4 : index
  scf.for %k = %c0 to %c4 step %c1 {
    %threads = vector.extract %sizes[%k] : index from vector<4xindex>
    %blocks = vector.extract %grids[%k] : index from vector<4xindex>
    %out = memref.alloc(%blocks) : memref<?xi32>
    func.call @reduce(%in, %out, %n, %blocks, %threads)
        : (memref<?xi32>, memref<?xi32>, index, index, index) -> ()
    %zero = arith.constant 0 : i32
    %sum = scf.for %b = %c0 to %blocks step %c1 iter_args(%a = %zero) -> i32 {
      %x = memref.load %out[%b] : memref<?xi32>
      %s = arith.addi %a, %x : i32
      scf.yield %s : i32
    }
    vector.print %sum : i32
    memref.dealloc %out : memref<?xi32>
  }
  memref.dealloc %in : memref<?xi32>
  return
}

// 31 threads per block (one partial warp), 48 (a full and a partial warp),
// 256 and 1024 threads.
// CHECK: 59990
// CHECK-NEXT: 59990
// CHECK-NEXT: 59990
// CHECK-NEXT: 59990
