// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s

// gpu.all_reduce goes through upstream's expansion into shuffles, shared
// memory and barriers, which the emulator then runs: here in blocks of 40
// threads (a partial warp) and of 1 x 4 x 32 threads. (Not with 3 warps:
// there the expansion's second stage, a butterfly over 3 lanes, leaves the
// lanes with different values, and all of them store theirs to the same
// shared word; on the emulator lane 1's wrong partial result wins.)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c40 = arith.constant 40 : index
  %c0 = arith.constant 0 : index
  %out = memref.alloc() : memref<2xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c40, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %sum = gpu.all_reduce add %t uniform {} : (i32) -> (i32)
    %last = arith.cmpi eq, %tx, %c3 : index
    scf.if %last {
      memref.store %sum, %out[%c0] : memref<2xi32>
    }
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c4, %sz = %c32) {
    %t = arith.index_cast %tz : index to i32
    %u = arith.index_cast %ty : index to i32
    %v = arith.muli %t, %u : i32
    %max = gpu.all_reduce %v uniform {
    ^bb(%a: i32, %b: i32):
      %m = arith.maxsi %a, %b : i32
      gpu.yield %m : i32
    } : (i32) -> (i32)
    %first = arith.cmpi eq, %tz, %c0 : index
    scf.if %first {
      memref.store %max, %out[%c1] : memref<2xi32>
    }
    gpu.terminator
  }
  %r = vector.load %out[%c0] : memref<2xi32>, vector<2xi32>
  // 0 + ... + 39 = 780; max of z * y = 31 * 3 = 93.
  // CHECK: ( 780, 93 )
  vector.print %r : vector<2xi32>
  return
}
