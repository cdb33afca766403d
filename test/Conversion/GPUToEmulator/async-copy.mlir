// RUN: seg-opt %s --convert-gpu-to-seg-emulator -split-input-file | FileCheck %s

// nvgpu.device_async_copy passes its element addresses, its bytes, the
// source bytes (srcElements times the element size) and .cg; groups and
// waits are per thread in the runtime. Tokens become i32 zeros, also where
// a loop carries them.

// CHECK-LABEL: func.func private @k(
// CHECK:         call @segEmuAsyncCommitGroup(
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (i32) {
// CHECK:           %[[TWO:.*]] = arith.constant 2 : i32
// CHECK:           call @segEmuAsyncWaitGroup(%[[TWO]],
// CHECK:           %[[SIZE:.*]] = arith.constant 16 : i32
// CHECK:           %[[FOUR:.*]] = arith.constant 4 : index
// CHECK:           %[[SRC:.*]] = arith.muli %{{.*}}, %[[FOUR]] : index
// CHECK:           %[[SRC32:.*]] = arith.index_cast %[[SRC]] : index to i32
// CHECK:           %[[CG:.*]] = arith.constant 1 : i32
// CHECK:           call @segEmuAsyncCopy(%{{.*}}, %{{.*}}, %[[SIZE]], %[[SRC32]], %[[CG]],
// CHECK:           %[[SIZE4:.*]] = arith.constant 4 : i32
// CHECK:           %[[CA:.*]] = arith.constant 0 : i32
// CHECK:           call @segEmuAsyncCopy(%{{.*}}, %{{.*}}, %[[SIZE4]], %[[SIZE4]], %[[CA]],
// CHECK:           call @segEmuAsyncCommitGroup(
// CHECK:           scf.yield %{{.*}} : i32
// CHECK:         %[[ALL:.*]] = arith.constant 0 : i32
// CHECK:         call @segEmuAsyncWaitGroup(%[[ALL]],
// CHECK-NOT:     nvgpu.
!shared = memref<4x64xf32, #gpu.address_space<workgroup>>
!token = !nvgpu.device.async.token
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64x64xf32>, %n: index) workgroup(%s : !shared) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %first = nvgpu.device_async_create_group {}
      %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%pending = %first) -> (!token) {
        nvgpu.device_async_wait %pending {numGroups = 2 : i32}
        %t = nvgpu.device_async_copy %a[%i, %c0], %s[%i, %c0], 4, %n {bypassL1} : memref<64x64xf32> to !shared
        %u = nvgpu.device_async_copy %a[%i, %c4], %s[%i, %c4], 1 : memref<64x64xf32> to !shared
        %g = nvgpu.device_async_create_group %t, %u
        scf.yield %g : !token
      }
      nvgpu.device_async_wait %last
      gpu.return
    }
  }
}

// -----

// The NVVM forms: pointers in the shared and global address spaces are
// plain pointers on the emulator (device code loses its address spaces);
// cpSize is the source bytes.

// CHECK-LABEL: func.func private @nvvm_forms(
// CHECK:         llvm.getelementptr %arg0[0]
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    %[[DST:.*]] = llvm.load %{{.*}} invariant : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.getelementptr %arg0[1]
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    %[[SRC:.*]] = llvm.load %{{.*}} invariant : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[SIZE:.*]] = arith.constant 16 : i32
// CHECK:         %[[CG:.*]] = arith.constant 1 : i32
// CHECK:         call @segEmuAsyncCopy(%[[DST]], %[[SRC]], %[[SIZE]], %{{.*}}, %[[CG]],
// CHECK:         call @segEmuAsyncCommitGroup(
// CHECK:         %[[ONE:.*]] = arith.constant 1 : i32
// CHECK:         call @segEmuAsyncWaitGroup(%[[ONE]],
// CHECK-NOT:     nvvm.cp.async
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @nvvm_forms(%dst: !llvm.ptr<3>, %src: !llvm.ptr<1>, %n: i32) kernel {
      nvvm.cp.async.shared.global %dst, %src, 16, cache = cg, %n : !llvm.ptr<3>, !llvm.ptr<1>, i32
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 1
      gpu.return
    }
  }
}
