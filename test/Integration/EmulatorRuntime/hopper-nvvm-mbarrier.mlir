// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=4 SEGIR_EMU_RESIDENT_BLOCKS=1 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=7 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.mlir | FileCheck %s
// RUN: not %run-emu %t.mlir -e main_missing_complete_tx 2>&1 | FileCheck %s --check-prefix=NOTX
// RUN: env SEGIR_EMU_SEED=2 not %run-emu %t.mlir -e main_missing_complete_tx 2>&1 | FileCheck %s --check-prefix=NOTX
// RUN: not %run-emu %t.mlir -e main_after_inval 2>&1 | FileCheck %s --check-prefix=INVAL

// mbarriers written by hand in NVVM's forms, as a user writes them (or
// upstream's convert-nvgpu-to-nvvm leaves them), with pointers into
// workgroup memory. 3 blocks of 64 threads:
//   phase A: mbarrier 0 counts arrivals (65: thread 0 arrives once early with
//     arrive.nocomplete); every thread writes its slot of shared memory,
//     arrives (nvvm.mbarrier.arrive, a token), polls test.wait on its token
//     through a generic pointer, and reads its right neighbour's slot;
//   phase B: mbarrier 1 counts transaction bytes: thread 0 expects 256 bytes
//     with arrive.expect_tx, every thread rewrites its slot and completes 4
//     bytes (complete_tx); all wait with try_wait.parity, read the left
//     neighbour's slot, and check that try_wait and test.wait on parity 0
//     say the phase is over; thread 0 then invalidates both mbarriers.
// The host checks all three values of every thread and counts wrong ones.
// Mutations: no-wait skips phase A's wait (neighbours' slots are read before
// they are written, so wrong values even without a seed, as on a GPU);
// a thread that never completes its bytes leaves phase B stuck, which is
// reported; an arrival after inval is reported.

// CHECK-LABEL: correct
// CHECK-NEXT:  wrong 0
// CHECK-LABEL: no-wait
// CHECK-NEXT:  wrong {{[1-9][0-9]*}}
// CHECK-LABEL: correct-again
// CHECK-NEXT:  wrong 0

// NOTX: segir emulator: kernel run_kernel, block ({{[0-2]}},0,0), thread ({{[0-9]+}},0,0): nvvm.mbarrier.try_wait.parity at {{.*}}hopper-nvvm-mbarrier.mlir:{{[0-9]+}}:{{[0-9]+}} waits for phase parity 0 of an mbarrier that can no longer complete (0 arrivals and 4 transaction bytes pending; every other thread has exited or waits)
// INVAL: segir emulator: kernel run_kernel, block ({{[0-2]}},0,0), thread (0,0,0): nvvm.mbarrier.arrive at {{.*}}hopper-nvvm-mbarrier.mlir:{{[0-9]+}}:{{[0-9]+}} on an mbarrier that was not initialised

!bars = memref<2xi64, #gpu.address_space<workgroup>>
!slots = memref<64xi32, #gpu.address_space<workgroup>>

// Mutations: 0 none, 1 no wait in phase A, 2 thread 63 never completes its
// bytes, 3 thread 0 arrives after inval.
func.func @run(%mode: index, %out: memref<3x64x3xi32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%bars : !bars, %slots : !slots) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k63 = arith.constant 63 : index
    %k64 = arith.constant 64 : index
    %true = arith.constant true
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i4 = arith.constant 4 : i32
    %i65 = arith.constant 65 : i32
    %i256 = arith.constant 256 : i32
    %ticks = arith.constant 1000000 : i32
    %base = memref.extract_aligned_pointer_as_index %bars : !bars -> index
    %base64 = arith.index_cast %base : index to i64
    %bar0 = llvm.inttoptr %base64 : i64 to !llvm.ptr<3>
    %bar1 = llvm.getelementptr %bar0[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
    %generic0 = llvm.addrspacecast %bar0 : !llvm.ptr<3> to !llvm.ptr
    %leader = arith.cmpi eq, %tx, %k0 : index
    %noWait = arith.cmpi eq, %mode, %k1 : index
    %missingTx = arith.cmpi eq, %mode, %k2 : index
    %afterInval = arith.cmpi eq, %mode, %k3 : index
    %b = arith.index_cast %bx : index to i32
    %t = arith.index_cast %tx : index to i32
    scf.if %leader {
      nvvm.mbarrier.init %bar0, %i65 : !llvm.ptr<3>, i32
      nvvm.mbarrier.init %bar1, %i1 : !llvm.ptr<3>, i32
      nvvm.fence.mbarrier.init
      %early = nvvm.mbarrier.arrive.nocomplete %bar0, %i1 : !llvm.ptr<3>, i32 -> i64
    }
    gpu.barrier

    // Phase A: slot t = 1000 b + t.
    %thousand = arith.constant 1000 : i32
    %blockBase = arith.muli %b, %thousand : i32
    %valueA = arith.addi %blockBase, %t : i32
    memref.store %valueA, %slots[%tx] : !slots
    %token = nvvm.mbarrier.arrive %bar0 : !llvm.ptr<3> -> i64
    scf.if %noWait {
    } else {
      scf.while : () -> () {
        %done = nvvm.mbarrier.test.wait %generic0, %token : !llvm.ptr, i64 -> i1
        %pending = arith.xori %done, %true : i1
        scf.condition(%pending)
      } do {
        scf.yield
      }
    }
    %tRight = arith.addi %tx, %k1 : index
    %right = arith.remui %tRight, %k64 : index
    %gotA = memref.load %slots[%right] : !slots
    gpu.barrier

    // Phase B: slot t = 2000 b + 2 t, 4 transaction bytes per thread.
    scf.if %leader {
      nvvm.mbarrier.arrive.expect_tx %bar1, %i256 : !llvm.ptr<3>, i32
    }
    %twice = arith.addi %valueA, %valueA : i32
    memref.store %twice, %slots[%tx] : !slots
    %last = arith.cmpi eq, %tx, %k63 : index
    %skip = arith.andi %last, %missingTx : i1
    scf.if %skip {
    } else {
      nvvm.mbarrier.complete_tx %bar1, %i4 : !llvm.ptr<3>, i32
    }
    nvvm.mbarrier.try_wait.parity %bar1, %i0, %ticks : !llvm.ptr<3>, i32, i32
    %tLeft = arith.addi %tx, %k63 : index
    %left = arith.remui %tLeft, %k64 : index
    %gotB = memref.load %slots[%left] : !slots
    %over = nvvm.mbarrier.try_wait %bar1, %i0 : !llvm.ptr<3>, i32 -> i1
    %tested = nvvm.mbarrier.test.wait %bar1, %i0 : !llvm.ptr<3>, i32 -> i1
    %both = arith.andi %over, %tested : i1
    %phaseOver = arith.extui %both : i1 to i32
    gpu.barrier

    scf.if %leader {
      nvvm.mbarrier.inval %bar0 : !llvm.ptr<3>
      nvvm.mbarrier.inval %bar1 : !llvm.ptr<3>
      scf.if %afterInval {
        %late = nvvm.mbarrier.arrive %bar0 : !llvm.ptr<3> -> i64
      }
    }
    memref.store %gotA, %out[%bx, %tx, %k0] : memref<3x64x3xi32>
    memref.store %gotB, %out[%bx, %tx, %k1] : memref<3x64x3xi32>
    memref.store %phaseOver, %out[%bx, %tx, %k2] : memref<3x64x3xi32>
    gpu.terminator
  }
  return
}

// Runs mutation `mode` and prints how many values are wrong.
func.func @check(%mode: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %out = memref.alloc() : memref<3x64x3xi32>
  func.call @run(%mode, %out) : (index, memref<3x64x3xi32>) -> ()
  %wrong = scf.for %b = %c0 to %c3 step %c1 iter_args(%w = %c0) -> index {
    %r = scf.for %t = %c0 to %c64 step %c1 iter_args(%v = %w) -> index {
      %base = arith.muli %b, %c1000 : index
      %tr = arith.addi %t, %c1 : index
      %right = arith.remui %tr, %c64 : index
      %tl = arith.addi %t, %c63 : index
      %left = arith.remui %tl, %c64 : index
      %a = arith.addi %base, %right : index
      %l = arith.addi %base, %left : index
      %l2 = arith.addi %l, %l : index
      %aw = arith.index_cast %a : index to i32
      %bw = arith.index_cast %l2 : index to i32
      %one = arith.constant 1 : i32
      %gotA = memref.load %out[%b, %t, %c0] : memref<3x64x3xi32>
      %gotB = memref.load %out[%b, %t, %c1] : memref<3x64x3xi32>
      %gotC = memref.load %out[%b, %t, %c2] : memref<3x64x3xi32>
      %badA = arith.cmpi ne, %gotA, %aw : i32
      %badB = arith.cmpi ne, %gotB, %bw : i32
      %badC = arith.cmpi ne, %gotC, %one : i32
      %badAB = arith.ori %badA, %badB : i1
      %bad = arith.ori %badAB, %badC : i1
      %v1 = arith.addi %v, %c1 : index
      %next = arith.select %bad, %v1, %v : index
      scf.yield %next : index
    }
    scf.yield %r : index
  }
  vector.print str "wrong "
  %w64 = arith.index_cast %wrong : index to i64
  vector.print %w64 : i64
  memref.dealloc %out : memref<3x64x3xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  vector.print str "correct\n"
  func.call @check(%c0) : (index) -> ()
  vector.print str "no-wait\n"
  func.call @check(%c1) : (index) -> ()
  vector.print str "correct-again\n"
  func.call @check(%c0) : (index) -> ()
  return
}

func.func @main_missing_complete_tx() {
  %c2 = arith.constant 2 : index
  func.call @check(%c2) : (index) -> ()
  return
}

func.func @main_after_inval() {
  %c3 = arith.constant 3 : index
  func.call @check(%c3) : (index) -> ()
  return
}
