// RUN: seg-opt %s --convert-seg-to-gpu | FileCheck %s

// A block array declared in the workgroup memory space (as
// seg-tile-block-register declares the slices that nvgpu.ldmatrix reads) is
// the kernel's shared memory seen directly, without the cast to the
// default memory space; even indexed by thread alone it is never made a
// private array.

// CHECK-LABEL: func.func @workgroup_stage(
// CHECK: gpu.launch
// CHECK-SAME: dynamic_shared_memory_size %c128_i32
// CHECK-NOT: memref.alloca()
// CHECK: %[[STAGE:.+]] = memref.view %{{.+}} : memref<{{.+}}xi8, #gpu.address_space<workgroup>> to memref<32xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.memory_space_cast %[[STAGE]]
// CHECK: memref.store %{{.+}}, %[[STAGE]][%{{.+}}] : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: memref.load %[[STAGE]][%{{.+}}] : memref<32xf32, #gpu.address_space<workgroup>>
func.func @workgroup_stage(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  seg.map block (%b) in (%n) grid(block_size = 32) {
    %stage = memref.alloca() : memref<32xf32, #gpu.address_space<workgroup>>
    seg.map thread_in_block (%t) in (32) {
      %x = memref.load %in[%t] : memref<?xf32>
      memref.store %x, %stage[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      seg.results {}
    }
    seg.map thread_in_block (%t) in (32) {
      %c31 = arith.constant 31 : index
      %r = arith.subi %c31, %t : index
      %y = memref.load %stage[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%r] : memref<?xf32>
      seg.results {}
    }
    seg.results {}
  }
  return
}
