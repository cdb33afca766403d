// RUN: seg-opt --seg-lower-bf16-mma-sync %s | FileCheck %s

// A BF16 m16n8k16 nvgpu.mma.sync becomes nvvm.mma.sync on the 32-bit
// registers that hold the BF16 pairs; F16 is left to upstream's lowering.

// CHECK-LABEL: gpu.func @bf16
// CHECK-COUNT-4: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: %[[MMA:.*]] = nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-SAME: layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-SAME: (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[D0:.*]] = llvm.extractvalue %[[MMA]][0]
// CHECK: %[[D1:.*]] = llvm.extractvalue %[[MMA]][1]
// CHECK: %[[D2:.*]] = llvm.extractvalue %[[MMA]][2]
// CHECK: %[[D3:.*]] = llvm.extractvalue %[[MMA]][3]
// CHECK: vector.from_elements %[[D0]], %[[D1]], %[[D2]], %[[D3]] : vector<2x2xf32>
// CHECK-NOT: nvgpu.mma.sync
// CHECK-LABEL: gpu.func @f16
// CHECK: nvgpu.mma.sync
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bf16(%a: vector<4x2xbf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf32>, %out: memref<2x2xf32>) kernel {
      %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %c0 = arith.constant 0 : index
      vector.store %d, %out[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
      gpu.return
    }
    gpu.func @f16(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>, %out: memref<2x2xf32>) kernel {
      %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %c0 = arith.constant 0 : index
      vector.store %d, %out[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
      gpu.return
    }
  }
}
