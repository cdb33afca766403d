// RUN: seg-opt %s --convert-gpu-to-seg-emulator | FileCheck %s
// RUN: seg-opt %s --convert-gpu-to-seg-emulator="test-drop-fences=1 test-relax-atomics=1" | FileCheck %s --check-prefix=MUTANT

// Memory accesses of kernels go through the weak-memory model with the
// orderings and scopes of the PTX the GPU path emits (SegEmuMemoryOrder:
// relaxed 0, acquire 1, release 2, acq_rel 3, seq_cst 4; SegEmuMemoryScope:
// thread 0, block 1, device 2, system 3). Shared memory stays plain; a
// vector goes through a stack slot; an op the model does not know settles
// the thread's stores first.

// CHECK-LABEL: func.func private @accesses(
// A release fence at block scope is fence.acq_rel.cta.
// CHECK: %[[ACQREL:.*]] = arith.constant 3 : i32
// CHECK: %[[BLOCK:.*]] = arith.constant 1 : i32
// CHECK: call @segEmuFence(%[[ACQREL]], %[[BLOCK]])
// CHECK-NEXT: llvm.fence release
// seq_cst at system scope is fence.sc.sys.
// CHECK: %[[SC:.*]] = arith.constant 4 : i32
// CHECK: %[[SYS:.*]] = arith.constant 3 : i32
// CHECK: call @segEmuFence(%[[SC]], %[[SYS]])
// CHECK-NEXT: llvm.fence seq_cst
// An atomicrmw is relaxed whatever its LLVM ordering; the CPU op keeps its
// ordering and loses its scope.
// CHECK: %[[R0:.*]] = arith.constant 0 : i32
// CHECK: %[[SYS0:.*]] = arith.constant 3 : i32
// CHECK: call @segEmuAtomicBegin(%{{.*}}, %{{.*}}, %[[R0]], %[[SYS0]])
// CHECK-NEXT: llvm.atomicrmw add %{{.*}}, %{{.*}} acq_rel : !llvm.ptr, i32
// CHECK-NEXT: call @segEmuAtomicEnd(
// An acquire load keeps its ordering, a release store too.
// CHECK: %[[ACQ:.*]] = arith.constant 1 : i32
// CHECK: %[[DEV2:.*]] = arith.constant 2 : i32
// CHECK: call @segEmuAtomicBegin(%{{.*}}, %{{.*}}, %[[ACQ]], %[[DEV2]])
// CHECK-NEXT: llvm.load %{{.*}} atomic acquire
// CHECK: %[[REL:.*]] = arith.constant 2 : i32
// CHECK: %[[BLK:.*]] = arith.constant 1 : i32
// CHECK: call @segEmuAtomicBegin(%{{.*}}, %{{.*}}, %[[REL]], %[[BLK]])
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} atomic release
// Shared memory is accessed directly.
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<4xf32>
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<4xf32>
// A vector of global memory goes through a slot of 16 bytes.
// CHECK: %[[SIXTEEN:.*]] = arith.constant 16 : i64
// CHECK: call @segEmuLoadBytes(%[[SLOT:.*]], %{{.*}}, %[[SIXTEEN]])
// CHECK-NEXT: llvm.load %[[SLOT]] : !llvm.ptr -> vector<4xf32>
// An index is 8 bytes.
// CHECK: %[[EIGHT:.*]] = arith.constant 8 : i32
// CHECK: call @segEmuLoad(%{{.*}}, %[[EIGHT]]) : (!llvm.ptr, i32) -> i64
// CHECK-NEXT: arith.index_cast %{{.*}} : i64 to index
// A transfer_read of global memory settles first.
// CHECK: call @segEmuSettle() : () -> ()
// CHECK-NEXT: vector.transfer_read

// The mutant has no fences and no ordered atomics.
// MUTANT-LABEL: func.func private @accesses(
// MUTANT-NOT: segEmuFence
// MUTANT-NOT: llvm.fence
// MUTANT: %[[R:.*]] = arith.constant 0 : i32
// MUTANT: %[[S:.*]] = arith.constant 3 : i32
// MUTANT: call @segEmuAtomicBegin(%{{.*}}, %{{.*}}, %[[R]], %[[S]])
// MUTANT: %[[R2:.*]] = arith.constant 0 : i32
// MUTANT: %[[D2:.*]] = arith.constant 2 : i32
// MUTANT: call @segEmuAtomicBegin(%{{.*}}, %{{.*}}, %[[R2]], %[[D2]])
// MUTANT-NEXT: llvm.load %{{.*}} atomic acquire

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @accesses(%p: !llvm.ptr, %v: memref<?xf32>, %ix: memref<?xindex>,
                       %i: index)
        workgroup(%tile: memref<4xf32, #gpu.address_space<workgroup>>) kernel {
      %one = arith.constant 1 : i32
      %x = arith.constant 1.0 : f32
      %c0 = arith.constant 0 : index
      llvm.fence syncscope("block") release
      llvm.fence seq_cst
      %old = llvm.atomicrmw add %p, %one acq_rel : !llvm.ptr, i32
      %a = llvm.load %p atomic syncscope("device") acquire {alignment = 4 : i64} : !llvm.ptr -> i32
      llvm.store %a, %p atomic syncscope("block") release {alignment = 4 : i64} : i32, !llvm.ptr
      memref.store %x, %tile[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
      %t = memref.load %tile[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
      %w = vector.load %v[%i] : memref<?xf32>, vector<4xf32>
      %j = memref.load %ix[%i] : memref<?xindex>
      %pad = arith.constant 0.0 : f32
      %r = vector.transfer_read %v[%j], %pad : memref<?xf32>, vector<4xf32>
      gpu.return
    }
  }
}
