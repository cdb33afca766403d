// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=1 %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=4 SEGIR_EMU_RESIDENT_BLOCKS=1 %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=7 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu | FileCheck %s
// On one stream (@pong after @ping), @ping waits forever; the report
// names it and its waiting blocks, and @pong never starts:
// RUN: sed 's/async \[%%s1\] @kernels::@pong/async [%%a] @kernels::@pong/' %s | seg-opt --seg-to-emulator | env SEGIR_EMU_TIMEOUT=1 not %run-emu 2>&1 | FileCheck %s --check-prefix=ONE-STREAM
// ONE-STREAM: segir emulator: kernel ping exceeded the time limit of 1 s (SEGIR_EMU_TIMEOUT): blocks ({{[01]}},0,0), ({{[01]}},0,0) still running, 0 of 2 blocks not started{{$}}
// ONE-STREAM-NOT: 136128
// Without a time limit that short, the deadlock is reported after 2 s of
// no progress, long before the default limit of 120 s (`timeout` fails the
// run if it takes 60 s):
// RUN: sed 's/async \[%%s1\] @kernels::@pong/async [%%a] @kernels::@pong/' %s | seg-opt --seg-to-emulator > %t.one.mlir
// RUN: timeout 60 not %run-emu %t.one.mlir 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// RUN: env SEGIR_EMU_SEED=3 timeout 60 not %run-emu %t.one.mlir 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: segir emulator: deadlock: no launch in flight can finish (for 2 s, every thread that can run has spun on global memory that nothing changes, the other threads wait, and the host waits for a launch); kernel ping: block ({{[01]}},0,0) (thread (0,0,0) spins on unchanged memory at 0x{{[0-9a-f]+}}; threads (1,0,0)..(31,0,0) wait at gpu.barrier at <stdin>:{{[0-9]+}}:7), block ({{[01]}},0,0) (thread (0,0,0) spins on unchanged memory at 0x{{[0-9a-f]+}}; threads (1,0,0)..(31,0,0) wait at gpu.barrier at <stdin>:{{[0-9]+}}:7){{$}}
// DEADLOCK-NOT: 136128

// Two kernels launched on two streams (async launches with independent
// tokens) run at the same time: block i of @ping raises flag i and waits for
// flag 2 + i, which block i of @pong raises after it saw flag i. Run one
// after the other, neither would finish (deadlock.mlir). Then each block
// writes its part of `out`; the host waits for both tokens and prints
// sum(out) = sum over [0, 128) of 1000 + i = 136128.

// CHECK: 136128

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Raises flags[raise] and waits until flags[wait] is set.
    func.func @handshake(%flags: memref<4xi32>, %raise: index, %wait: index, %first: i1) {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      scf.if %first {
        %old = memref.atomic_rmw assign %one, %flags[%raise] : (i32, memref<4xi32>) -> i32
      }
      scf.while : () -> () {
        %seen = memref.atomic_rmw addi %zero, %flags[%wait] : (i32, memref<4xi32>) -> i32
        %waiting = arith.cmpi eq, %seen, %zero : i32
        scf.condition(%waiting)
      } do {
        scf.yield
      }
      %not = arith.constant true
      %second = arith.xori %first, %not : i1
      scf.if %second {
        %old = memref.atomic_rmw assign %one, %flags[%raise] : (i32, memref<4xi32>) -> i32
      }
      return
    }

    func.func @fill(%out: memref<128xi32>, %base: index) {
      %block = gpu.block_id x
      %thread = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %row = arith.muli %block, %c32 : index
      %local = arith.addi %row, %thread : index
      %i = arith.addi %base, %local : index
      %c1000 = arith.constant 1000 : index
      %v = arith.addi %i, %c1000 : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %out[%i] : memref<128xi32>
      return
    }

    gpu.func @ping(%flags: memref<4xi32>, %out: memref<128xi32>) kernel {
      %block = gpu.block_id x
      %thread = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %leader = arith.cmpi eq, %thread, %c0 : index
      scf.if %leader {
        %wait = arith.addi %block, %c2 : index
        %true = arith.constant true
        func.call @handshake(%flags, %block, %wait, %true) : (memref<4xi32>, index, index, i1) -> ()
      }
      gpu.barrier
      func.call @fill(%out, %c0) : (memref<128xi32>, index) -> ()
      gpu.return
    }

    gpu.func @pong(%flags: memref<4xi32>, %out: memref<128xi32>) kernel {
      %block = gpu.block_id x
      %thread = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %leader = arith.cmpi eq, %thread, %c0 : index
      scf.if %leader {
        %raise = arith.addi %block, %c2 : index
        %false = arith.constant false
        func.call @handshake(%flags, %raise, %block, %false) : (memref<4xi32>, index, index, i1) -> ()
      }
      gpu.barrier
      func.call @fill(%out, %c64) : (memref<128xi32>, index) -> ()
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0 : i32
    %flags = memref.alloc() : memref<4xi32>
    %out = memref.alloc() : memref<128xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      %j = arith.addi %i, %c2 : index
      memref.store %zero, %flags[%i] : memref<4xi32>
      memref.store %zero, %flags[%j] : memref<4xi32>
    }
    %s0 = gpu.wait async
    %s1 = gpu.wait async
    %a = gpu.launch_func async [%s0] @kernels::@ping blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%flags : memref<4xi32>, %out : memref<128xi32>)
    %b = gpu.launch_func async [%s1] @kernels::@pong blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%flags : memref<4xi32>, %out : memref<128xi32>)
    gpu.wait [%a, %b]
    %sum = scf.for %i = %c0 to %c128 step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %out[%i] : memref<128xi32>
      %acc1 = arith.addi %acc, %v : i32
      scf.yield %acc1 : i32
    }
    vector.print %sum : i32
    memref.dealloc %flags : memref<4xi32>
    memref.dealloc %out : memref<128xi32>
    return
  }
}
