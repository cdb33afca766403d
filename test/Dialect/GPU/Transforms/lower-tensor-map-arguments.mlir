// RUN: seg-opt --seg-lower-tensor-map-arguments %s | FileCheck %s
// RUN: seg-opt --seg-lower-tensor-map-arguments --convert-nvgpu-to-nvvm --reconcile-unrealized-casts %s | FileCheck %s --check-prefix=NVVM

// A kernel's tensor-map arguments become pointers, cast back to tensor
// maps at its entry; the launch casts its tensor-map operands to pointers.
// Other arguments stay as they are.
// CHECK-LABEL: func.func @host
//       CHECK:   %[[MAP:[0-9]+]] = nvgpu.tma.create.descriptor
//       CHECK:   %[[PTR:[0-9]+]] = builtin.unrealized_conversion_cast %[[MAP]] : !nvgpu.tensormap.descriptor<{{.*}}> to !llvm.ptr
//       CHECK:   gpu.launch_func @kernels::@load {{.*}} args(%{{.*}} : index, %[[PTR]] : !llvm.ptr)
//       CHECK: gpu.func @load(%{{.*}}: index, %[[ARG:arg[0-9]+]]: !llvm.ptr) workgroup
//  CHECK-NEXT:   %[[BACK:[0-9]+]] = builtin.unrealized_conversion_cast %[[ARG]] : !llvm.ptr to !nvgpu.tensormap.descriptor<{{.*}}>
//       CHECK:   nvgpu.tma.async.load %[[BACK]]
// A kernel without tensor maps is left alone.
// CHECK-LABEL: gpu.func @plain(%{{.*}}: f32) kernel
//   CHECK-NOT:   unrealized_conversion_cast

// After the NVGPU lowering the host passes the pointer that
// mgpuTensorMapEncodeTiledMemref returns, and the kernel's TMA load takes
// its argument: no tensor map remains.
// NVVM-NOT: !nvgpu.tensormap
// NVVM-LABEL: func.func @host
//       NVVM:   %[[MAP:[0-9]+]] = llvm.call @mgpuTensorMapEncodeTiledMemref
//       NVVM:   gpu.launch_func @kernels::@load {{.*}} args(%{{.*}} : index, %[[MAP]] : !llvm.ptr)
//       NVVM: gpu.func @load(%{{.*}}: index, %[[ARG:arg[0-9]+]]: !llvm.ptr) workgroup
//       NVVM:   nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[ARG]]
// NVVM-NOT: !nvgpu.tensormap

!tensorMap = !nvgpu.tensormap.descriptor<tensor = memref<16x32xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

module attributes {gpu.container_module} {
  func.func @host(%a: memref<*xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %map = nvgpu.tma.create.descriptor %a box[%c16, %c32] : memref<*xf32> -> !tensorMap
    gpu.launch_func @kernels::@load blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%n : index, %map : !tensorMap)
    return
  }

  gpu.module @kernels {
    gpu.func @load(%n: index, %map: !tensorMap) workgroup(%tile: memref<16x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %bar = nvgpu.mbarrier.create -> !barriers
      nvgpu.tma.async.load %map[%c0, %n], %bar[%c0] to %tile : !tensorMap, !barriers -> memref<16x32xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @plain(%v: f32) kernel {
      gpu.return
    }
  }
}
