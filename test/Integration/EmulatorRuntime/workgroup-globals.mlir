// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=8 %run-emu %t.mlir | FileCheck %s

// A `memref.global` in workgroup memory is static shared memory: each
// block has its own copy, as with workgroup attributions. Eight blocks of
// 64 threads write block * 1000 + thread to the global @tile (read by a
// device function, as a view) and to an `llvm.mlir.global` in address
// space 3 (through its address), next to a workgroup attribution and
// dynamic shared memory; after a barrier each thread reads its mirror
// image's values. Were the globals one copy for all blocks, the blocks
// would overwrite each other's values (under a seed, many).

// CHECK: wrong 0

module attributes {gpu.container_module} {
gpu.module @kernels {
  memref.global "private" @tile : memref<64xi32, #gpu.address_space<workgroup>>
  llvm.mlir.global internal @words() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x i32>

  func.func @tileView() -> memref<64xi32, #gpu.address_space<workgroup>> {
    %tile = memref.get_global @tile : memref<64xi32, #gpu.address_space<workgroup>>
    return %tile : memref<64xi32, #gpu.address_space<workgroup>>
  }

  gpu.func @mirror(%out: memref<8x64xi32>) workgroup(%own : memref<64xi32, #gpu.address_space<workgroup>>) kernel {
    %t = gpu.thread_id x
    %b = gpu.block_id x
    %c63 = arith.constant 63 : index
    %c1000 = arith.constant 1000 : i32
    %ti = arith.index_cast %t : index to i32
    %bi = arith.index_cast %b : index to i32
    %scaled = arith.muli %bi, %c1000 : i32
    %value = arith.addi %scaled, %ti : i32
    %tile = func.call @tileView() : () -> memref<64xi32, #gpu.address_space<workgroup>>
    memref.store %value, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    memref.store %value, %own[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    %base = llvm.mlir.addressof @words : !llvm.ptr<3>
    %slot = llvm.getelementptr %base[0, %ti] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<64 x i32>
    llvm.store %value, %slot : i32, !llvm.ptr<3>
    %dynamic = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %dwords = memref.view %dynamic[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64xi32, #gpu.address_space<workgroup>>
    memref.store %value, %dwords[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %m = arith.subi %c63, %t : index
    %mi = arith.index_cast %m : index to i32
    %x = memref.load %tile[%m] : memref<64xi32, #gpu.address_space<workgroup>>
    %y = memref.load %own[%m] : memref<64xi32, #gpu.address_space<workgroup>>
    %mslot = llvm.getelementptr %base[0, %mi] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<64 x i32>
    %z = llvm.load %mslot : !llvm.ptr<3> -> i32
    %w = memref.load %dwords[%m] : memref<64xi32, #gpu.address_space<workgroup>>
    // All four hold the mirror's value: the sum is 4 times it.
    %xy = arith.addi %x, %y : i32
    %zw = arith.addi %z, %w : i32
    %sum = arith.addi %xy, %zw : i32
    memref.store %sum, %out[%b, %t] : memref<8x64xi32>
    gpu.return
  }
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %bytes = arith.constant 256 : i32
  %out = memref.alloc() : memref<8x64xi32>
  gpu.launch_func @kernels::@mirror blocks in (%c8, %c1, %c1) threads in (%c64, %c1, %c1)
      dynamic_shared_memory_size %bytes args(%out : memref<8x64xi32>)
  %zero = arith.constant 0 : i32
  %wrong = scf.for %b = %c0 to %c8 step %c1 iter_args(%w0 = %zero) -> (i32) {
    %inner = scf.for %t = %c0 to %c64 step %c1 iter_args(%w1 = %w0) -> (i32) {
      %c63 = arith.constant 63 : index
      %m = arith.subi %c63, %t : index
      %bi = arith.index_cast %b : index to i32
      %mi = arith.index_cast %m : index to i32
      %c1000 = arith.constant 1000 : i32
      %c4 = arith.constant 4 : i32
      %scaled = arith.muli %bi, %c1000 : i32
      %expected1 = arith.addi %scaled, %mi : i32
      %expected = arith.muli %expected1, %c4 : i32
      %got = memref.load %out[%b, %t] : memref<8x64xi32>
      %bad = arith.cmpi ne, %got, %expected : i32
      %one = arith.extui %bad : i1 to i32
      %next = arith.addi %w1, %one : i32
      scf.yield %next : i32
    }
    scf.yield %inner : i32
  }
  %cst = llvm.mlir.addressof @fmt : !llvm.ptr
  llvm.call @printf(%cst, %wrong) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  memref.dealloc %out : memref<8x64xi32>
  return
}
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.mlir.global private constant @fmt("wrong %d\0A\00") {addr_space = 0 : i32}
}
