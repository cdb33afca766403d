// RUN: seg-opt %s --seg-tile-block-register="ty=2 tx=4 tk=4 ry=2 rx=4 stages=3" --canonicalize --cse | FileCheck %s

// C = A B with three stages of asynchronous copies: the slices hold three
// stages (A's transposed, 4 x (4 + 4) elements each, B's 4 x 16).
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:[^:]+]]: memref<?x?xf32>, %[[B:[^:]+]]: memref<?x?xf32>
// CHECK: %[[AS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<96xf32>
// CHECK: %[[BS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<192xf32>
// The prologue (unchecked blocks, 16-byte global loads): k-tiles 0 and 1
// into stages 0 and 1. A's rows are copied element by element into the
// transposed slice (4-byte copies), B's as 16-byte copies that bypass L1;
// the second k-tile only where there is one; a group per k-tile, then a
// wait for all but one.
// CHECK: seg.map thread_in_block
// CHECK: %[[AW:.+]] = memref.memory_space_cast %[[AS]] : memref<96xf32> to memref<96xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.device_async_copy %[[A]][%{{.+}}, %{{.+}}], %[[AW]][%{{.+}}], 1 : memref<?x?xf32> to memref<96xf32, #gpu.address_space<workgroup>>
// CHECK: %[[BW:.+]] = memref.memory_space_cast %[[BS]]
// CHECK: nvgpu.device_async_copy %[[B]][%{{.+}}, %{{.+}}], %[[BW]][%{{.+}}], 4 {bypassL1} : memref<?x?xf32> to memref<192xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_create_group {seg.async_copy_group}
// CHECK: scf.if
// CHECK: nvgpu.device_async_copy
// CHECK: %[[G0:.+]] = nvgpu.device_async_create_group {seg.async_copy_group}
// CHECK-NEXT: nvgpu.device_async_wait %[[G0]] {numGroups = 1 : i32}
// Per k-tile one map: the copy of k-tile kt + 2 into the stage computed
// before, its group, the k-steps, the wait. The first loop runs over the
// copied k-tiles, from 8 to the end of the full k-tiles, so its copies are
// not checked against that end; the second one computes the last two full
// k-tiles. Both carry the (i32) index of the stage before the computed
// one, which the copies refill; the computed one follows it.
// CHECK: %[[LAST:.+]] = arith.maxui %[[FULL:.+]], %c8
// CHECK: %[[AHEADEND:.+]] = arith.subi %[[LAST]], %c8
// CHECK: %[[REFILLED:.+]] = scf.for %[[KC:.+]] = %c8 to %[[FULL]] step %c4 iter_args(%[[R:.+]] = %c2_i32) -> (i32) {
// CHECK: %[[R1:.+]] = arith.addi %[[R]], %c1_i32
// CHECK: %[[WRAPS:.+]] = arith.cmpi eq, %[[R1]], %c3_i32
// CHECK: %[[S:.+]] = arith.select %[[WRAPS]], %c0_i32, %[[R1]]
// CHECK: seg.map thread_in_block
// CHECK-NOT: arith.cmpi {{.*}}%[[FULL]]
// CHECK: memref.subview %[[B]][%[[KC]], 0]
// CHECK-NOT: arith.cmpi {{.*}}%[[FULL]]
// CHECK: nvgpu.device_async_copy
// CHECK-NOT: arith.cmpi {{.*}}%[[FULL]]
// CHECK: %[[G:.+]] = nvgpu.device_async_create_group {seg.async_copy_group}
// CHECK-NOT: arith.cmpi {{.*}}%[[FULL]]
// CHECK: vector.load %[[AS]]
// CHECK: arith.mulf
// CHECK: nvgpu.device_async_wait %[[G]] {numGroups = 1 : i32}
// CHECK: scf.yield %[[S]] : i32
// The last two full k-tiles copy nothing: their groups are empty.
// CHECK: scf.for %{{.+}} = %[[AHEADEND]] to %[[FULL]] step %c4 iter_args(%{{.+}} = %[[REFILLED]]) -> (i32) {
// CHECK: seg.map thread_in_block
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: %[[GT:.+]] = nvgpu.device_async_create_group {seg.async_copy_group}
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: nvgpu.device_async_wait %[[GT]] {numGroups = 1 : i32}
// CHECK: scf.yield
// Blocks at the edges: scalar copies, zero-filled outside M x N (no
// source elements) from a clamped position.
// CHECK: nvgpu.device_async_copy %[[A]][%{{.+}}, %{{.+}}], %{{.+}}[%{{.+}}], 1, %{{.+}} : memref<?x?xf32> to memref<96xf32, #gpu.address_space<workgroup>>
// CHECK: seg.regtile_returns
func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                  %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}
