// RUN: seg-opt %s --seg-to-emulator='check=true' | not %run-emu 2>&1 | FileCheck %s

// In checking mode every memref access in a kernel is bounds-checked. Each
// thread of the second block reads its right neighbour's element of a
// shared tile, and the last thread reads past the end of the tile.

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %out = memref.alloc() : memref<32xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<32xf32, #gpu.address_space<workgroup>>) {
    %x = arith.index_cast %tx : index to i32
    %f = arith.sitofp %x : i32 to f32
    memref.store %f, %tile[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %neighbour = arith.addi %tx, %bx : index
    %y = memref.load %tile[%neighbour] : memref<32xf32, #gpu.address_space<workgroup>>
    memref.store %y, %out[%tx] : memref<32xf32>
    gpu.terminator
  }
  return
}

// CHECK: segir emulator: kernel main_kernel, block (1,0,0), thread (31,0,0): memref.load at {{.*}}out-of-bounds.mlir:20:10: out-of-bounds access
