// RUN: seg-opt %s --convert-seg-to-scf | FileCheck %s

// Asynchronous copies in a tiled map (seg-tile-block-register with three or
// more stages) run one point at a time: each copy becomes element loads and
// stores into the slice itself (zeros past its source elements); groups
// and waits have nothing left to wait for.
// CHECK-LABEL: func.func @copies(
// CHECK-SAME: %[[A:[^:]+]]: memref<?x?xf32>, %[[N:[^:]+]]: index
// CHECK: %[[S:.+]] = memref.alloc() : memref<32xf32>
// CHECK-NOT: memref.memory_space_cast
// CHECK: %[[V0:.+]] = memref.load %[[A]][%{{.+}}, %{{.+}}] : memref<?x?xf32>
// CHECK: memref.store %[[V0]], %[[S]][%{{.+}}] : memref<32xf32>
// CHECK: %[[READ0:.+]] = arith.cmpi ult, %{{.+}}, %[[N]] : index
// CHECK: %[[V1:.+]] = scf.if %[[READ0]] -> (f32) {
// CHECK:   memref.load %[[A]]
// CHECK: } else {
// CHECK:   scf.yield %{{.+}} : f32
// CHECK: memref.store %[[V1]], %[[S]]
// CHECK: %[[READ1:.+]] = arith.cmpi ult, %{{.+}}, %[[N]] : index
// CHECK: %[[V2:.+]] = scf.if %[[READ1]] -> (f32) {
// CHECK: memref.store %[[V2]], %[[S]]
// CHECK-NOT: nvgpu.
func.func @copies(%A: memref<?x?xf32>, %n: index) {
  seg.map block (%b) in (2) {
    %s = memref.alloca() : memref<32xf32>
    seg.map thread_in_block (%t) in (4) {
      %c0 = arith.constant 0 : index
      %w = memref.memory_space_cast %s : memref<32xf32> to memref<32xf32, #gpu.address_space<workgroup>>
      %c = nvgpu.device_async_copy %A[%t, %c0], %w[%t], 1 : memref<?x?xf32> to memref<32xf32, #gpu.address_space<workgroup>>
      %d = nvgpu.device_async_copy %A[%t, %c0], %w[%t], 2, %n : memref<?x?xf32> to memref<32xf32, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group {seg.async_copy_group}
      nvgpu.device_async_wait %g {numGroups = 1 : i32}
      seg.results {
      }
    }
    seg.results {
    }
  }
  return
}
