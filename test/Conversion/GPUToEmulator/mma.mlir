// RUN: seg-opt %s --convert-gpu-to-seg-emulator | FileCheck %s

// nvgpu.ldmatrix: the lanes that address a row (8 per matrix) read its 16
// bytes with a plain vector.load, then the warp exchanges them in
// segEmuLdmatrix. nvgpu.mma.sync passes the fragments through stack slots.

// CHECK-LABEL: func.func private @k(
// CHECK: %[[LANE:.*]] = call @segEmuLaneId()
// CHECK: %[[READS:.*]] = arith.cmpi ult, %[[LANE]], %c32_i64
// CHECK: scf.if %[[READS]] {
// CHECK:   vector.load %{{.*}} : memref<32x8xf16>, vector<8xf16>
// CHECK: }
// CHECK: call @segEmuLdmatrix(%{{.*}}, %c4_i32, %c1_i32, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: %[[FRAG:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<8xf16>
// CHECK: vector.shape_cast %[[FRAG]] : vector<8xf16> to vector<4x2xf16>
// CHECK: %[[KIND:.*]] = arith.constant 1 : i32
// CHECK: call @segEmuMmaSync(%[[KIND]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%b: vector<2x2xf16>, %c: vector<2x2xf32>, %out: memref<2x2xf32>) workgroup(%s : memref<32x8xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %a = nvgpu.ldmatrix %s[%t, %c0] {numTiles = 4 : i32, transpose = true} : memref<32x8xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      vector.store %d, %out[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
      gpu.return
    }
  }
}
