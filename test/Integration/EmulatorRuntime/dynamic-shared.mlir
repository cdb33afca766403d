// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s

// Dynamic shared memory next to a static workgroup buffer. The block's 64
// threads write their id to the static buffer (i32) and its square to two
// views of the dynamic buffer (f64 at byte 0, i16 after the f64s), then,
// after a barrier, read their mirror image's values from all three. The
// launch asks for 64 * 8 + 64 * 2 = 640 bytes of dynamic shared memory.
// Then a device function takes the dynamic shared memory of a kernel that
// also has a static buffer: the two must not overlap.

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @dynamicWords() -> memref<8xi32, #gpu.address_space<workgroup>> {
    %c0 = arith.constant 0 : index
    %dynamic = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %words = memref.view %dynamic[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi32, #gpu.address_space<workgroup>>
    return %words : memref<8xi32, #gpu.address_space<workgroup>>
  }

  gpu.func @both(%out: memref<3x64xi32>) workgroup(%static : memref<8xi32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %t = gpu.thread_id x
    %words = func.call @dynamicWords() : () -> memref<8xi32, #gpu.address_space<workgroup>>
    %x = arith.index_cast %t : index to i32
    %hundred = arith.constant 100 : i32
    %y = arith.addi %x, %hundred : i32
    memref.store %x, %static[%t] : memref<8xi32, #gpu.address_space<workgroup>>
    memref.store %y, %words[%t] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %a = memref.load %static[%t] : memref<8xi32, #gpu.address_space<workgroup>>
    %b = memref.load %words[%t] : memref<8xi32, #gpu.address_space<workgroup>>
    %s = arith.addi %a, %b : i32
    memref.store %s, %out[%c0, %t] : memref<3x64xi32>
    gpu.return
  }
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %bytes = arith.constant 640 : i32
  %out = memref.alloc() : memref<3x64xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes
             workgroup(%ids : memref<64xi32, #gpu.address_space<workgroup>>) {
    %c2 = arith.constant 2 : index
    %c63 = arith.constant 63 : index
    %c512 = arith.constant 512 : index
    %dynamic = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %squares = memref.view %dynamic[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64xf64, #gpu.address_space<workgroup>>
    %small = memref.view %dynamic[%c512][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64xi16, #gpu.address_space<workgroup>>
    %t = arith.index_cast %tx : index to i32
    %sq = arith.muli %t, %t : i32
    %sqf = arith.sitofp %sq : i32 to f64
    %sq16 = arith.trunci %sq : i32 to i16
    memref.store %t, %ids[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
    memref.store %sqf, %squares[%tx] : memref<64xf64, #gpu.address_space<workgroup>>
    memref.store %sq16, %small[%tx] : memref<64xi16, #gpu.address_space<workgroup>>
    gpu.barrier
    %mirror = arith.subi %c63, %tx : index
    %a = memref.load %ids[%mirror] : memref<64xi32, #gpu.address_space<workgroup>>
    %b = memref.load %squares[%mirror] : memref<64xf64, #gpu.address_space<workgroup>>
    %c = memref.load %small[%mirror] : memref<64xi16, #gpu.address_space<workgroup>>
    %bi = arith.fptosi %b : f64 to i32
    %ci = arith.extui %c : i16 to i32
    memref.store %a, %out[%c0, %tx] : memref<3x64xi32>
    memref.store %bi, %out[%c1, %tx] : memref<3x64xi32>
    memref.store %ci, %out[%c2, %tx] : memref<3x64xi32>
    gpu.terminator
  }
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %row = vector.load %out[%i, %c0] : memref<3x64xi32>, vector<64xi32>
    vector.print %row : vector<64xi32>
  }
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : i32
  gpu.launch_func @kernels::@both blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) dynamic_shared_memory_size %c32 args(%out : memref<3x64xi32>)
  %sums = vector.load %out[%c0, %c0] : memref<3x64xi32>, vector<8xi32>
  vector.print %sums : vector<8xi32>
  return
}
}

// CHECK: ( 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 )
// CHECK-NEXT: ( 3969, 3844, 3721, 3600, 3481, 3364, 3249, 3136, 3025, 2916, 2809, 2704, 2601, 2500, 2401, 2304, 2209, 2116, 2025, 1936, 1849, 1764, 1681, 1600, 1521, 1444, 1369, 1296, 1225, 1156, 1089, 1024, 961, 900, 841, 784, 729, 676, 625, 576, 529, 484, 441, 400, 361, 324, 289, 256, 225, 196, 169, 144, 121, 100, 81, 64, 49, 36, 25, 16, 9, 4, 1, 0 )
// CHECK-NEXT: ( 3969, 3844, 3721, 3600, 3481, 3364, 3249, 3136, 3025, 2916, 2809, 2704, 2601, 2500, 2401, 2304, 2209, 2116, 2025, 1936, 1849, 1764, 1681, 1600, 1521, 1444, 1369, 1296, 1225, 1156, 1089, 1024, 961, 900, 841, 784, 729, 676, 625, 576, 529, 484, 441, 400, 361, 324, 289, 256, 225, 196, 169, 144, 121, 100, 81, 64, 49, 36, 25, 16, 9, 4, 1, 0 )
// The device function's dynamic words and the kernel's static ones: t + (t + 100).
// CHECK-NEXT: ( 100, 102, 104, 106, 108, 110, 112, 114 )
