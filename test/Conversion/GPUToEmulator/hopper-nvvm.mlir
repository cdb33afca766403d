// RUN: seg-opt %s --convert-gpu-to-seg-emulator | FileCheck %s

// The NVVM forms of mbarriers, TMA copies and bulk groups become the calls
// the nvgpu forms become; pointers into shared memory lose their address
// space, as every memory is the host's on the emulator.

// CHECK-LABEL: func.func private @k(
// CHECK:         llvm.getelementptr %arg0[0]
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    %[[BAR:.*]] = llvm.load %{{.*}} invariant : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.getelementptr %arg0[1]
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    %[[DST:.*]] = llvm.load %{{.*}} invariant : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.getelementptr %arg0[2]
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    %[[SRC:.*]] = llvm.load %{{.*}} invariant : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.getelementptr %arg0[3]
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    %[[MAP:.*]] = llvm.load %{{.*}} invariant : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.getelementptr %arg0[4]
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    %[[X:.*]] = llvm.load %{{.*}} invariant : !llvm.ptr -> i32
// CHECK:         llvm.getelementptr %arg0[5]
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    %[[P:.*]] = llvm.load %{{.*}} invariant : !llvm.ptr -> i1
// CHECK:         scf.if %[[P]] {
// CHECK:           func.call @segEmuMbarrierInit(%[[BAR]],
// CHECK:         }
// CHECK-NOT:     fence
// CHECK:         %[[T0:.*]] = call @segEmuMbarrierArrive(%[[BAR]], %c1_i64, %c0_i64, %c1_i32{{.*}}, %{{.*}})
// CHECK:         %[[FOUR:.*]] = arith.extui %c4_i32 : i32 to i64
// CHECK:         %[[T1:.*]] = call @segEmuMbarrierArrive(%[[BAR]], %[[FOUR]], %{{.*}}, %c1_i32{{.*}}, %{{.*}})
// CHECK:         %[[ONE:.*]] = arith.extui %c1_i32 : i32 to i64
// CHECK:         %[[NOCOMPLETE:.*]] = arith.constant 0 : i32
// CHECK:         call @segEmuMbarrierArrive(%[[BAR]], %[[ONE]], %{{.*}}, %[[NOCOMPLETE]], %{{.*}})
// CHECK:         scf.if %[[P]] {
// CHECK:           %[[TX:.*]] = arith.extui %c256_i32 : i32 to i64
// CHECK:           func.call @segEmuMbarrierArrive(%[[BAR]], %{{.*}}, %[[TX]],
// CHECK:         }
// CHECK:         %[[EXPECT:.*]] = arith.extui %c256_i32 : i32 to i64
// CHECK:         call @segEmuMbarrierAddTx(%[[BAR]], %[[EXPECT]],
// CHECK:         %[[COMPLETE:.*]] = arith.subi %{{.*}}, %{{.*}} : i64
// CHECK:         call @segEmuMbarrierAddTx(%[[BAR]], %[[COMPLETE]],
// CHECK:         %[[RANK2:.*]] = arith.constant 2 : i32
// CHECK:         call @segEmuTmaLoad(%[[DST]], %[[BAR]], %[[MAP]], %{{.*}}, %[[RANK2]],
// CHECK:         call @segEmuMbarrierTestWait(%[[BAR]], %[[T0]],
// CHECK:         call @segEmuMbarrierTestWaitParity(%[[BAR]], %[[X]],
// CHECK:         call @segEmuMbarrierTestWait(%[[BAR]], %[[T1]],
// CHECK:         call @segEmuMbarrierTryWaitParity(%[[BAR]], %[[X]],
// CHECK:         call @segEmuFenceProxyAsync(
// CHECK:         %[[RANK1:.*]] = arith.constant 1 : i32
// CHECK:         call @segEmuTmaStore(%[[SRC]], %[[MAP]], %{{.*}}, %[[RANK1]],
// CHECK:         call @segEmuBulkCommitGroup(
// CHECK:         call @segEmuBulkWaitGroup(%c1_i32{{.*}},
// CHECK:         call @segEmuMbarrierInval(%[[BAR]],
// CHECK-NOT:     nvvm.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%bar: !llvm.ptr<3>, %dst: !llvm.ptr<7>, %src: !llvm.ptr<3>,
                %map: !llvm.ptr, %x: i32, %p: i1) kernel {
      %c1 = arith.constant 1 : i32
      %c4 = arith.constant 4 : i32
      %c64 = arith.constant 64 : i32
      %c256 = arith.constant 256 : i32
      nvvm.mbarrier.init %bar, %c64, predicate = %p : !llvm.ptr<3>, i32, i1
      nvvm.fence.mbarrier.init
      %t0 = nvvm.mbarrier.arrive %bar : !llvm.ptr<3> -> i64
      %t1 = nvvm.mbarrier.arrive %bar, %c4 : !llvm.ptr<3> -> i64
      %t2 = nvvm.mbarrier.arrive.nocomplete %bar, %c1 : !llvm.ptr<3>, i32 -> i64
      nvvm.mbarrier.arrive.expect_tx %bar, %c256, predicate = %p : !llvm.ptr<3>, i32, i1
      nvvm.mbarrier.expect_tx %bar, %c256 : !llvm.ptr<3>, i32
      nvvm.mbarrier.complete_tx %bar, %c4 : !llvm.ptr<3>, i32
      nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %map, %bar, box[%x, %x] : !llvm.ptr<7>, !llvm.ptr
      %d0 = nvvm.mbarrier.test.wait %bar, %t0 : !llvm.ptr<3>, i64 -> i1
      %d1 = nvvm.mbarrier.test.wait %bar, %x : !llvm.ptr<3>, i32 -> i1
      %d2 = nvvm.mbarrier.try_wait %bar, %t1 : !llvm.ptr<3>, i64 -> i1
      nvvm.mbarrier.try_wait.parity %bar, %x, %c1 : !llvm.ptr<3>, i32, i32
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      nvvm.cp.async.bulk.tensor.global.shared.cta %map, %src, box[%x] : !llvm.ptr, !llvm.ptr<3>
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 1
      nvvm.mbarrier.inval %bar : !llvm.ptr<3>
      gpu.return
    }
  }
}
