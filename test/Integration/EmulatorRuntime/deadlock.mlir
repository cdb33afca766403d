// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: env SEGIR_EMU_DEADLOCK_SECONDS=0.5 timeout 60 not %run-emu %t.mlir 2>&1 | FileCheck %s
// RUN: env SEGIR_EMU_DEADLOCK_SECONDS=0.5 SEGIR_EMU_SEED=2 timeout 60 not %run-emu %t.mlir 2>&1 | FileCheck %s
// RUN: env SEGIR_EMU_DEADLOCK_SECONDS=0.5 SEGIR_EMU_SEED=5 SEGIR_EMU_RESIDENT_BLOCKS=2 timeout 60 not %run-emu %t.mlir 2>&1 | FileCheck %s
// With the check off, only the time limit ends the run:
// RUN: env SEGIR_EMU_DEADLOCK_SECONDS=0 SEGIR_EMU_TIMEOUT=3 not %run-emu %t.mlir 2>&1 | FileCheck %s --check-prefix=OFF

// 1. Not a deadlock: @wait_for_host spins on a flag that the host sets
//    after sleeping 1.5 s, three times the deadlock window; the host does
//    not wait in the emulator meanwhile, so nothing is reported.
// CHECK: released 7
// 2. A deadlock at a barrier: in each of the two blocks of @crossed, thread
//    0 waits for the flag of the other block, which that block raises only
//    after its barrier, where the block's other threads wait.
// CHECK-NEXT: segir emulator: deadlock: no launch in flight can finish (for {{[0-9]+}} s, every thread that can run has spun on global memory that nothing changes, the other threads wait, and the host waits for a launch); kernel crossed: block ({{[01]}},0,0) (thread (0,0,0) spins on unchanged memory at 0x{{[0-9a-f]+}}; threads (1,0,0)..(15,0,0) wait at gpu.barrier at {{.*}}deadlock.mlir:{{[0-9]+}}:7), block ({{[01]}},0,0) (thread (0,0,0) spins on unchanged memory at 0x{{[0-9a-f]+}}; threads (1,0,0)..(15,0,0) wait at gpu.barrier at {{.*}}deadlock.mlir:{{[0-9]+}}:7){{$}}
// CHECK-NOT: finished

// OFF: released 7
// OFF-NEXT: segir emulator: kernel crossed exceeded the time limit of 3 s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Spins until flags[index] is nonzero.
    func.func @await_flag(%flags: memref<4xi32>, %index: index) {
      %zero = arith.constant 0 : i32
      scf.while : () -> () {
        %seen = memref.atomic_rmw addi %zero, %flags[%index] : (i32, memref<4xi32>) -> i32
        %waiting = arith.cmpi eq, %seen, %zero : i32
        scf.condition(%waiting)
      } do {
        scf.yield
      }
      return
    }

    gpu.func @wait_for_host(%flags: memref<4xi32>, %out: memref<4xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      func.call @await_flag(%flags, %c0) : (memref<4xi32>, index) -> ()
      %seven = arith.constant 7 : i32
      memref.store %seven, %out[%c1] : memref<4xi32>
      gpu.return
    }

    gpu.func @crossed(%flags: memref<4xi32>) kernel {
      %block = gpu.block_id x
      %thread = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %leader = arith.cmpi eq, %thread, %c0 : index
      scf.if %leader {
        %other = arith.subi %c2, %block : index
        func.call @await_flag(%flags, %other) : (memref<4xi32>, index) -> ()
      }
      gpu.barrier
      scf.if %leader {
        %mine = arith.addi %block, %c1 : index
        %one = arith.constant 1 : i32
        %old = memref.atomic_rmw assign %one, %flags[%mine] : (i32, memref<4xi32>) -> i32
      }
      gpu.return
    }
  }

  func.func private @usleep(i32) -> i32

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0 : i32
    %flags = memref.alloc() : memref<4xi32>
    %out = memref.alloc() : memref<4xi32>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %zero, %flags[%i] : memref<4xi32>
      memref.store %zero, %out[%i] : memref<4xi32>
    }
    %s = gpu.wait async
    %w = gpu.launch_func async [%s] @kernels::@wait_for_host blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%flags : memref<4xi32>, %out : memref<4xi32>)
    %microseconds = arith.constant 1500000 : i32
    %slept = func.call @usleep(%microseconds) : (i32) -> i32
    %one = arith.constant 1 : i32
    memref.store %one, %flags[%c0] : memref<4xi32>
    gpu.wait [%w]
    %released = memref.load %out[%c1] : memref<4xi32>
    vector.print str "released "
    vector.print %released : i32

    gpu.launch_func @kernels::@crossed blocks in (%c2, %c1, %c1) threads in (%c16, %c1, %c1) args(%flags : memref<4xi32>)
    vector.print str "finished\n"
    memref.dealloc %flags : memref<4xi32>
    memref.dealloc %out : memref<4xi32>
    return
  }
}
