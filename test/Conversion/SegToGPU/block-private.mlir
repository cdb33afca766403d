// RUN: seg-opt %s --convert-seg-to-gpu | FileCheck %s

// Block-level code around thread_in_block maps: an scf.for uniform in the
// block is rebuilt around the lowered maps (each ending in a barrier), and
// a block array that each thread only indexes at its own thread position
// (as seg-tile-block-register's accumulators) becomes a private array of
// the remaining dimensions instead of shared memory.

// CHECK-LABEL: func.func @private_acc(
// CHECK: gpu.launch
// CHECK-SAME: dynamic_shared_memory_size %c32_i32
// CHECK-NEXT: %[[OWN:.+]] = memref.alloca() : memref<3xf32>
// CHECK: %[[STAGE:.+]] = memref.memory_space_cast %{{.+}} : memref<8xf32, #gpu.address_space<workgroup>> to memref<8xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store %{{.+}}, %[[OWN]][%c0] : memref<3xf32>
// CHECK: gpu.barrier
// CHECK: scf.for %{{.+}} = %c0 to %{{.+}} step %c1 {
// CHECK: scf.for
// CHECK: memref.store %{{.+}}, %[[STAGE]]
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: memref.load %[[OWN]][%c0] : memref<3xf32>
// CHECK: memref.load %[[STAGE]]
// CHECK: memref.store %{{.+}}, %[[OWN]][%c0] : memref<3xf32>
// CHECK: gpu.barrier
// CHECK-NEXT: }
func.func @private_acc(%A: memref<?xf32>, %out: memref<?x?xf32>, %nb: index,
                       %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map block (%b) in (%nb) grid(block_size = 8) outs(%out : memref<?x?xf32>) {
    %stage = memref.alloca() : memref<8xf32>
    %acc = memref.alloca() : memref<2x4x3xf32>
    seg.map thread_in_block (%ty, %tx) in (2, 4) {
      %z = arith.constant 0.0 : f32
      memref.store %z, %acc[%ty, %tx, %c0] : memref<2x4x3xf32>
      seg.results {
      }
    }
    scf.for %s = %c0 to %steps step %c1 {
      seg.map thread_in_block (%t) in (8) outs(%stage : memref<8xf32>) {
        %x = memref.load %A[%t] : memref<?xf32>
        seg.results {
          seg.returns %x into %stage : memref<8xf32>
        }
      }
      seg.map thread_in_block (%ty, %tx) in (2, 4) {
        %v = memref.load %acc[%ty, %tx, %c0] : memref<2x4x3xf32>
        %w = memref.load %stage[%tx] : memref<8xf32>
        %r = arith.addf %v, %w : f32
        memref.store %r, %acc[%ty, %tx, %c0] : memref<2x4x3xf32>
        seg.results {
        }
      }
    }
    seg.results {
    }
  }
  return
}
