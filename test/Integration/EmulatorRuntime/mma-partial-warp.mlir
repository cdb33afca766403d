// RUN: seg-opt %s --seg-to-emulator | not %run-emu 2>&1 | FileCheck %s

// ldmatrix needs a whole warp: a block of 48 threads has a second warp of
// 16, which the emulator reports rather than inventing the missing lanes.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c48, %sy = %c1, %sz = %c1)
             workgroup(%s : memref<32x8xf16, #gpu.address_space<workgroup>>) {
    %row = arith.remui %tx, %c48 : index
    %r32 = arith.constant 32 : index
    %inside = arith.remui %row, %r32 : index
    %f = nvgpu.ldmatrix %s[%inside, %c0] {numTiles = 4 : i32, transpose = false} : memref<32x8xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.terminator
  }
  return
}

// CHECK: segir emulator: kernel main_kernel, block (0,0,0), thread ({{3[2-9]|4[0-7]}},0,0): nvgpu.ldmatrix at {{.*}}mma-partial-warp.mlir:16:10 needs a whole warp of 32 threads, but this warp has only 16 (the block has 48)
