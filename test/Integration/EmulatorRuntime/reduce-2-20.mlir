// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: env SEGIR_EMU_TIMEOUT=30 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=42 %run-emu %t.mlir | FileCheck %s

// The emulator at scale: a reduction of 2^20 floats by 1024 blocks of 256
// threads (262144 emulated threads), each accumulating a grid-stride slice,
// then a warp butterfly of shuffles, a barrier, a reduction of the 8 warp
// sums by warp 0 and one atomic add per block. in[i] = i mod 16, so the sum
// is 2^16 * 120 = 7864320, exact in f32 whatever the order.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %n = arith.constant 1048576 : index
  %c16 = arith.constant 16 : index
  %in = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c16 : index
    %x = arith.index_cast %r : index to i32
    %f = arith.sitofp %x : i32 to f32
    memref.store %f, %in[%i] : memref<?xf32>
  }
  %sum = memref.alloc() : memref<f32>
  %zero = arith.constant 0.0 : f32
  memref.store %zero, %sum[] : memref<f32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1024, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1)
             workgroup(%warpSums : memref<8xf32, #gpu.address_space<workgroup>>) {
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %w32 = arith.constant 32 : i32
    %w8 = arith.constant 8 : i32
    %one = arith.constant 1 : i32
    %first0 = arith.muli %bx, %sx : index
    %first = arith.addi %first0, %tx : index
    %stride = arith.muli %sx, %gx : index
    %acc = scf.for %i = %first to %n step %stride iter_args(%a = %zero) -> f32 {
      %x = memref.load %in[%i] : memref<?xf32>
      %s = arith.addf %a, %x : f32
      scf.yield %s : f32
    }
    %warpSum = scf.for %k = %c0 to %c5 step %c1 iter_args(%a = %acc) -> f32 {
      %k32 = arith.index_cast %k : index to i32
      %offset = arith.shli %one, %k32 : i32
      %other, %ok = gpu.shuffle xor %a, %offset, %w32 : f32
      %s = arith.addf %a, %other : f32
      scf.yield %s : f32
    }
    %lane = gpu.lane_id
    %warp = gpu.subgroup_id : index
    %isLead = arith.cmpi eq, %lane, %c0 : index
    scf.if %isLead {
      memref.store %warpSum, %warpSums[%warp] : memref<8xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %inFirstWarp = arith.cmpi ult, %tx, %c8 : index
    scf.if %inFirstWarp {
      %v = memref.load %warpSums[%tx] : memref<8xf32, #gpu.address_space<workgroup>>
      %c3 = arith.constant 3 : index
      %blockSum = scf.for %k = %c0 to %c3 step %c1 iter_args(%a = %v) -> f32 {
        %k32 = arith.index_cast %k : index to i32
        %offset = arith.shli %one, %k32 : i32
        %other, %ok = gpu.shuffle down %a, %offset, %w8 : f32
        %s = arith.addf %a, %other : f32
        %t = arith.select %ok, %s, %a : f32
        scf.yield %t : f32
      }
      %isFirst = arith.cmpi eq, %tx, %c0 : index
      scf.if %isFirst {
        %old = memref.atomic_rmw addf %blockSum, %sum[] : (f32, memref<f32>) -> f32
      }
    }
    gpu.terminator
  }
  %r = memref.load %sum[] : memref<f32>
  // CHECK: 7.86432e+06
  vector.print %r : f32
  return
}
