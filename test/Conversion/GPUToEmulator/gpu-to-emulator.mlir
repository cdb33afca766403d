// RUN: seg-opt %s --convert-gpu-to-seg-emulator --split-input-file | FileCheck %s
// RUN: seg-opt %s --convert-gpu-to-seg-emulator='check=true' --split-input-file | FileCheck %s --check-prefix=CHECKED

// A kernel becomes a function of the packed argument array, which loads
// each argument: memrefs as descriptors, index as i64 (invariant loads, which
// the memory model leaves alone). The store to global memory goes through
// the runtime, with the element's address and its bits.

// CHECK: llvm.mlir.global internal constant @[[NAMESTR:.*]]("arguments\00")
// CHECK-LABEL: func.func private @arguments(
// CHECK-SAME: %[[ARGS:[a-z0-9_]+]]: !llvm.ptr) {
// CHECK: %[[S0:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[P0:.*]] = llvm.load %[[S0]] invariant : !llvm.ptr -> !llvm.ptr
// CHECK: %[[D0:.*]] = llvm.load %[[P0]] invariant : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[M:.*]] = builtin.unrealized_conversion_cast %[[D0]] : {{.*}} to memref<?xf32>
// CHECK: %[[S1:.*]] = llvm.getelementptr %[[ARGS]][1]
// CHECK: %[[P1:.*]] = llvm.load %[[S1]] invariant : !llvm.ptr -> !llvm.ptr
// CHECK: %[[I64:.*]] = llvm.load %[[P1]] invariant : !llvm.ptr -> i64
// CHECK: %[[I:.*]] = arith.index_cast %[[I64]] : i64 to index
// CHECK: %[[S2:.*]] = llvm.getelementptr %[[ARGS]][2]
// CHECK: %[[P2:.*]] = llvm.load %[[S2]] invariant : !llvm.ptr -> !llvm.ptr
// CHECK: %[[F:.*]] = llvm.load %[[P2]] invariant : !llvm.ptr -> f32
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[M]]
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[FBITS:.*]] = arith.bitcast %[[F]] : f32 to i32
// CHECK: %[[BITS:.*]] = arith.extui %[[FBITS]] : i32 to i64
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK: call @segEmuStore(%[[ADDR]], %[[BITS]], %[[FOUR]]) : (!llvm.ptr, i64, i32) -> ()
// CHECK-NOT: memref.store
// CHECK: return

// The launch fills the array in the entry block of the host function and
// calls the runtime with the kernel, the sizes as i64, the static and
// dynamic shared memory (none here) and the kernel's name.

// CHECK-LABEL: func.func @host(
// CHECK-SAME: %[[MEM:[a-z0-9_]+]]: memref<?xf32>, %[[IDX:[a-z0-9_]+]]: index, %[[VAL:[a-z0-9_]+]]: f32, %[[N:[a-z0-9_]+]]: index)
// CHECK: %[[COUNT:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK: %[[ARGV:.*]] = llvm.alloca %[[COUNT]] x !llvm.ptr : (i64) -> !llvm.ptr
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: %[[SLOT0:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[SLOT1:.*]] = llvm.alloca %[[ONE]] x i64
// CHECK: %[[SLOT2:.*]] = llvm.alloca %[[ONE]] x f32
// CHECK: scf.for
// CHECK: %[[DESC:.*]] = builtin.unrealized_conversion_cast %[[MEM]] : memref<?xf32> to !llvm.struct
// CHECK: llvm.store %[[DESC]], %[[SLOT0]]
// CHECK: %[[E0:.*]] = llvm.getelementptr %[[ARGV]][0]
// CHECK: llvm.store %[[SLOT0]], %[[E0]] : !llvm.ptr, !llvm.ptr
// CHECK: %[[IDX64:.*]] = arith.index_cast %[[IDX]] : index to i64
// CHECK: llvm.store %[[IDX64]], %[[SLOT1]]
// CHECK: llvm.store %[[VAL]], %[[SLOT2]]
// CHECK: %[[STATIC:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: %[[DYNAMIC:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: %[[FN:.*]] = func.constant @arguments : (!llvm.ptr) -> ()
// CHECK: %[[NAME:.*]] = llvm.mlir.addressof @[[NAMESTR]] : !llvm.ptr
// CHECK: call @segEmuLaunch(%[[FN]], %[[ARGV]], {{.*}}, %[[STATIC]], %[[DYNAMIC]], %[[NAME]])
// CHECK-NOT: gpu.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @arguments(%m: memref<?xf32>, %i: index, %f: f32) kernel {
      memref.store %f, %m[%i] : memref<?xf32>
      gpu.return
    }
  }
  func.func @host(%m: memref<?xf32>, %i: index, %f: f32, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %k = %c0 to %n step %c1 {
      gpu.launch_func @kernels::@arguments blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<?xf32>, %i : index, %f : f32)
    }
    return
  }
}

// -----

// Shared memory: workgroup attributions are views of the block's buffer at
// 16-byte aligned offsets; the dynamic part ends the buffer, and the launch
// gives the sizes of both. Casts out of the workgroup space disappear.

// CHECK-LABEL: func.func private @shared(
// CHECK: %[[BASE:.*]] = call @segEmuSharedMemory() : () -> !llvm.ptr
// CHECK: %[[SIZE:.*]] = call @segEmuSharedMemorySize() : () -> i64
// CHECK: %[[BUF:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xi8>
// CHECK: %[[O0:.*]] = arith.constant 0 : index
// CHECK: %[[A:.*]] = memref.view %[[BUF]][%[[O0]]][] : memref<?xi8> to memref<3xf32>
// CHECK: %[[O16:.*]] = arith.constant 16 : index
// CHECK: %[[B:.*]] = memref.view %[[BUF]][%[[O16]]][] : memref<?xi8> to memref<2x2xf64>
// CHECK: %[[PRIV:.*]] = memref.alloca() : memref<4xi32>
// CHECK: %[[DYNBYTES:.*]] = call @segEmuDynamicSharedMemorySize() : () -> i64
// CHECK: %[[DYNSIZE:.*]] = arith.index_cast %[[DYNBYTES]] : i64 to index
// CHECK: %[[TOTAL:.*]] = memref.dim %[[BUF]], %{{.*}} : memref<?xi8>
// CHECK: %[[DYN0:.*]] = arith.subi %[[TOTAL]], %[[DYNSIZE]] : index
// CHECK: %[[DYN:.*]] = memref.view %[[BUF]][%[[DYN0]]][%[[DYNSIZE]]] : memref<?xi8> to memref<?xi8>
// CHECK: call @use(%[[A]], %[[B]], %[[PRIV]], %[[DYN]])

// CHECK-LABEL: func.func @launch(
// CHECK-SAME: %[[BYTES:[a-z0-9_]+]]: i32
// CHECK: %[[STATIC:.*]] = llvm.mlir.constant(48 : i64) : i64
// CHECK: %[[EXT:.*]] = arith.extui %[[BYTES]] : i32 to i64
// CHECK: call @segEmuLaunch({{.*}}, %[[STATIC]], %[[EXT]], %{{.*}})

module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @use(memref<3xf32>, memref<2x2xf64>, memref<4xi32>, memref<?xi8>)
    gpu.func @shared() workgroup(%a : memref<3xf32, #gpu.address_space<workgroup>>, %b : memref<2x2xf64, #gpu.address_space<workgroup>>) private(%p : memref<4xi32, #gpu.address_space<private>>) kernel {
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %ga = memref.memory_space_cast %a : memref<3xf32, #gpu.address_space<workgroup>> to memref<3xf32>
      %gb = memref.memory_space_cast %b : memref<2x2xf64, #gpu.address_space<workgroup>> to memref<2x2xf64>
      %gp = memref.memory_space_cast %p : memref<4xi32, #gpu.address_space<private>> to memref<4xi32>
      %gd = memref.memory_space_cast %dyn : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xi8>
      func.call @use(%ga, %gb, %gp, %gd) : (memref<3xf32>, memref<2x2xf64>, memref<4xi32>, memref<?xi8>) -> ()
      gpu.return
    }
  }
  func.func @launch(%bytes: i32) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@shared blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %bytes
    return
  }
}

// -----

// Ids, barriers, shuffles and subgroup reductions are runtime calls; the
// barrier and the collectives name their site.

// CHECK-DAG: llvm.mlir.global internal constant @[[BARRIER:.*]]("gpu.barrier at {{.*}}gpu-to-emulator.mlir:[[@LINE+61]]:7\00")
// CHECK-DAG: llvm.mlir.global internal constant @{{.*}}("gpu.shuffle xor at {{.*}}gpu-to-emulator.mlir:[[@LINE+63]]:17\00")
// CHECK-LABEL: func.func private @collectives(
// CHECK: %[[X:.*]] = arith.constant 0 : i32
// CHECK: %[[TID:.*]] = call @segEmuThreadId(%[[X]]) : (i32) -> i64
// CHECK: arith.index_cast %[[TID]] : i64 to index
// CHECK: %[[Z:.*]] = arith.constant 2 : i32
// CHECK: call @segEmuBlockId(%[[Z]])
// CHECK: %[[Y:.*]] = arith.constant 1 : i32
// CHECK: call @segEmuBlockDim(%[[Y]])
// CHECK: call @segEmuGridDim(
// CHECK: call @segEmuLaneId() : () -> i64
// CHECK: call @segEmuSubgroupId() : () -> i64
// CHECK: call @segEmuNumSubgroups() : () -> i64
// CHECK: call @segEmuSubgroupSize() : () -> i64
// CHECK: %[[GB:.*]] = call @segEmuBlockId(
// CHECK: %[[GS:.*]] = call @segEmuBlockDim(
// CHECK: %[[GT:.*]] = call @segEmuThreadId(
// CHECK: arith.muli
// CHECK: arith.addi
// CHECK: %[[SITE:.*]] = llvm.mlir.addressof @[[BARRIER]] : !llvm.ptr
// CHECK: call @segEmuBarrier(%[[SITE]]) : (!llvm.ptr) -> ()
// CHECK: %[[XOR:.*]] = arith.constant 0 : i32
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[WIDE:.*]] = arith.extui %[[BITS]] : i32 to i64
// CHECK: %[[R:.*]] = call @segEmuShuffle(%[[WIDE]], %{{.*}}, %{{.*}}, %[[XOR]], %{{.*}}, %[[SLOT:.*]]) : (i64, i32, i32, i32, !llvm.ptr, !llvm.ptr) -> i64
// CHECK: %[[NARROW:.*]] = arith.trunci %[[R]] : i64 to i32
// CHECK: arith.bitcast %[[NARROW]] : i32 to f32
// CHECK: %[[BYTE:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> i8
// CHECK: arith.cmpi ne, %[[BYTE]], %{{.*}} : i8
// CHECK: %[[NOVALID:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[IDX:.*]] = arith.constant 3 : i32
// CHECK: call @segEmuShuffle(%{{.*}}, %{{.*}}, %{{.*}}, %[[IDX]], %{{.*}}, %[[NOVALID]])
// CHECK: %[[ROTATE:.*]] = arith.constant 4 : i32
// CHECK: call @segEmuShuffle(%{{.*}}, %{{.*}}, %{{.*}}, %[[ROTATE]],
// CHECK: vector.extract
// CHECK: call @segEmuShuffle(
// CHECK: vector.insert
// CHECK: vector.extract
// CHECK: call @segEmuShuffle(
// CHECK: vector.insert
// CHECK: %[[MAXSI:.*]] = arith.constant 4 : i32
// CHECK: %[[INT:.*]] = arith.constant 0 : i32
// CHECK: %[[W16:.*]] = arith.constant 16 : i32
// CHECK: %[[SIZE4:.*]] = arith.constant 4 : i32
// CHECK: %[[STRIDE2:.*]] = arith.constant 2 : i32
// CHECK: call @segEmuSubgroupReduce(%{{.*}}, %[[MAXSI]], %[[INT]], %[[W16]], %[[SIZE4]], %[[STRIDE2]], %{{.*}}) : (i64, i32, i32, i32, i32, i32, !llvm.ptr) -> i64

module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @sink(index, index, index, index, index, index, index, index, index, f32, i1, i32, f32, vector<2xi32>, i16)
    gpu.func @collectives(%f: f32, %i: i32, %v: vector<2xi32>, %h: i16) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id z
      %d = gpu.block_dim y
      %g = gpu.grid_dim x
      %l = gpu.lane_id
      %s = gpu.subgroup_id : index
      %n = gpu.num_subgroups : index
      %z = gpu.subgroup_size : index
      %global = gpu.global_id x
      gpu.barrier
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %r, %ok = gpu.shuffle xor %f, %c1, %c32 : f32
      %r2, %unused = gpu.shuffle idx %i, %c1, %c32 : i32
      %r3, %unused3 = gpu.rotate %f, 1, 16 : f32
      %r4, %unused4 = gpu.shuffle down %v, %c1, %c32 : vector<2xi32>
      %m = gpu.subgroup_reduce maxsi %h cluster(size = 4, stride = 2) : (i16) -> i16
      func.call @sink(%t, %b, %d, %g, %l, %s, %n, %z, %global, %r, %ok, %r2, %r3, %r4, %m) : (index, index, index, index, index, index, index, index, index, f32, i1, i32, f32, vector<2xi32>, i16) -> ()
      gpu.return
    }
  }
}

// -----

// Threads that wait for memory poll the runtime: in while loops and on CFG
// back edges; atomics and fences poll in their own runtime calls, which get
// the ordering and scope the GPU code has (fence acquire at "agent" scope:
// fence.acq_rel.gpu, 3 and 2; memref.atomic_rmw: relaxed, 0, at device
// scope; the cmpxchg of a compare-and-swap loop: acq_rel at system scope,
// 3 and 3). The CPU keeps its fence, without a sync scope. Atomic products
// become compare-and-swap loops. cf.assert reports the thread.

// CHECK: llvm.mlir.global internal constant @[[ASSERT:.*]]("the flag is set\00")
// CHECK-LABEL: func.func private @spin(
// CHECK: scf.while : () -> () {
// CHECK-NEXT: func.call @segEmuPoll() : () -> ()
// CHECK: func.call @segEmuLoad(%{{.*}}, %{{.*}}) : (!llvm.ptr, i32) -> i64
// CHECK: %[[ACQREL:.*]] = arith.constant 3 : i32
// CHECK: %[[DEVICE:.*]] = arith.constant 2 : i32
// CHECK: call @segEmuFence(%[[ACQREL]], %[[DEVICE]]) : (i32, i32) -> ()
// CHECK-NEXT: llvm.fence acquire
// CHECK: ^[[LOOP:bb[0-9]+]]:
// CHECK: %[[FLAG:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i64
// CHECK: %[[RELAXED:.*]] = arith.constant 0 : i32
// CHECK: %[[DEV:.*]] = arith.constant 2 : i32
// CHECK: call @segEmuAtomicBegin(%[[FLAG]], %[[FOUR]], %[[RELAXED]], %[[DEV]])
// CHECK-NEXT: memref.atomic_rmw ori
// CHECK-NEXT: call @segEmuAtomicEnd(%[[FLAG]], %[[FOUR]], %[[RELAXED]], %[[DEV]])
// CHECK: call @segEmuPoll() : () -> ()
// CHECK-NEXT: cf.cond_br %{{.*}}, ^{{.*}}, ^[[LOOP]]
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: call @segEmuAtomicBegin(%[[ADDR]]
// CHECK-NEXT: %[[FIRST:.*]] = llvm.load %[[ADDR]] atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: call @segEmuAtomicEnd(%[[ADDR]]
// CHECK: %[[OLD:.*]] = scf.while (%[[CUR:.*]] = %[[FIRST]]) : (i32) -> i32 {
// CHECK: func.call @segEmuPoll() : () -> ()
// CHECK: %[[CURF:.*]] = arith.bitcast %[[CUR]] : i32 to f32
// CHECK: %[[PROD:.*]] = arith.mulf %[[CURF]], %{{.*}} : f32
// CHECK: %[[NEW:.*]] = arith.bitcast %[[PROD]] : f32 to i32
// CHECK: %[[CASACQREL:.*]] = arith.constant 3 : i32
// CHECK: %[[SYSTEM:.*]] = arith.constant 3 : i32
// CHECK: func.call @segEmuAtomicBegin(%[[ADDR]], %{{.*}}, %[[CASACQREL]], %[[SYSTEM]])
// CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[ADDR]], %[[CUR]], %[[NEW]] acq_rel monotonic : !llvm.ptr, i32
// CHECK-NEXT: func.call @segEmuAtomicEnd(%[[ADDR]], %{{.*}}, %[[CASACQREL]], %[[SYSTEM]])
// CHECK: scf.condition
// CHECK: arith.bitcast %[[OLD]] : i32 to f32
// CHECK: %[[HOLDS:.*]] = arith.extui %{{.*}} : i1 to i32
// CHECK: %[[MSG:.*]] = llvm.mlir.addressof @[[ASSERT]] : !llvm.ptr
// CHECK: {{(func\.)?}}call @segEmuCheck(%[[HOLDS]], %[[MSG]]) : (i32, !llvm.ptr) -> ()

// In checking mode, memref accesses in kernels are bounds-checked.
// CHECKED: llvm.mlir.global internal constant @{{.*}}("memref.atomic_rmw at {{.*}}gpu-to-emulator.mlir:{{[0-9]+}}:{{[0-9]+}}: out-of-bounds access\00")
// CHECKED-LABEL: func.func private @spin(
// CHECKED: {{(func\.)?}}call @segEmuCheck(
// CHECKED: func.call @segEmuLoad(

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @spin(%flags: memref<2xi32>, %x: memref<?xf32>, %i: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      scf.while : () -> () {
        %f = memref.load %flags[%c0] : memref<2xi32>
        %waiting = arith.cmpi eq, %f, %zero : i32
        scf.condition(%waiting)
      } do {
        scf.yield
      }
      llvm.fence syncscope("agent") acquire
      cf.br ^spin
    ^spin:
      %g = memref.atomic_rmw ori %zero, %flags[%c1] : (i32, memref<2xi32>) -> i32
      %ready = arith.cmpi ne, %g, %zero : i32
      cf.cond_br %ready, ^done, ^spin
    ^done:
      %two = arith.constant 2.0 : f32
      %old = memref.atomic_rmw mulf %two, %x[%i] : (f32, memref<?xf32>) -> f32
      cf.assert %ready, "the flag is set"
      gpu.return
    }
  }
}

// -----

// Host operations on device memory become host memory operations, and
// async tokens disappear.

// CHECK-LABEL: func.func @memory(
// CHECK-SAME: %[[N:[a-z0-9_]+]]: index, %[[H:[a-z0-9_]+]]: memref<?xf32>, %[[V:[a-z0-9_]+]]: f32)
// CHECK-NEXT: %[[D:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[DIM0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[DIM:.*]] = memref.dim %[[D]], %[[DIM0]] : memref<?xf32>
// CHECK-NEXT: scf.for %[[I:.*]] = %[[ZERO]] to %[[DIM]] step %[[ONE]] {
// CHECK-NEXT: memref.store %[[V]], %[[D]][%[[I]]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy %[[D]], %[[H]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: memref.dealloc %[[D]] : memref<?xf32>
// CHECK-NEXT: return

func.func @memory(%n: index, %h: memref<?xf32>, %v: f32) {
  %t0 = gpu.wait async
  %d, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32, #gpu.address_space<global>>
  %t2 = gpu.memset async [%t1] %d, %v : memref<?xf32, #gpu.address_space<global>>, f32
  %g = memref.memory_space_cast %d : memref<?xf32, #gpu.address_space<global>> to memref<?xf32>
  %t3 = gpu.memcpy async [%t2] %h, %g : memref<?xf32>, memref<?xf32>
  %t4 = gpu.dealloc async [%t3] %d : memref<?xf32, #gpu.address_space<global>>
  gpu.wait [%t4]
  return
}

// -----

// Async launches run concurrently: the host waits for a launch only where
// an async dependency, gpu.wait or a synchronous gpu op needs it, and for
// all of them before the function returns.

// CHECK-LABEL: func.func @streams(
// CHECK: %[[A:.*]] = call @segEmuLaunchAsync(
// CHECK-NOT: segEmuWaitLaunch
// CHECK: %[[B:.*]] = call @segEmuLaunchAsync(
// CHECK-NEXT: call @segEmuWaitLaunch(%[[A]])
// CHECK: %[[C:.*]] = call @segEmuLaunchAsync(
// CHECK-NEXT: call @segEmuWaitLaunch(%[[B]])
// CHECK-NEXT: call @segEmuWaitLaunch(%[[C]])
// CHECK-NEXT: %[[SCOPE:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: call @segEmuSynchronize(%[[SCOPE]])
// CHECK: call @segEmuLaunch(
// CHECK-NEXT: %[[SCOPE2:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: call @segEmuSynchronize(%[[SCOPE2]])
// CHECK-NEXT: return

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @streams() {
    %c1 = arith.constant 1 : index
    %s0 = gpu.wait async
    %s1 = gpu.wait async
    %a = gpu.launch_func async [%s0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %b = gpu.launch_func async [%s1] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %j = gpu.wait async [%a]
    %c = gpu.launch_func async [%j] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.wait [%b, %c]
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// An async.execute body is a host task of its own: its argument slots and
// scope are made at its start, and it waits for its own launches (by
// scope) before it yields and before a synchronous gpu op.

// CHECK-LABEL: func.func @bodies(
// CHECK: async.execute {
// CHECK: llvm.alloca
// CHECK: %[[SCOPE:.*]] = func.call @segEmuBeginScope() : () -> i64
// CHECK: func.call @segEmuLaunchAsync({{.*}}, %[[SCOPE]])
// CHECK: func.call @segEmuSynchronize(%[[SCOPE]])
// CHECK: func.call @segEmuLaunch(
// CHECK: func.call @segEmuSynchronize(%[[SCOPE]])
// CHECK-NEXT: async.yield
// CHECK: async.await

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: i32) kernel {
      gpu.return
    }
  }
  func.func @bodies(%x: i32) {
    %c1 = arith.constant 1 : index
    %t = async.execute {
      %s = gpu.wait async
      %a = gpu.launch_func async [%s] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : i32)
      gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : i32)
      async.yield
    }
    async.await %t : !async.token
    return
  }
}
