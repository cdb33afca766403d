// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=5 SEGIR_EMU_RESIDENT_BLOCKS=1 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=9 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.mlir | FileCheck %s

// async.execute bodies run on upstream's async runtime (its thread pool) and
// launch kernels on the emulator:
// - @produce copies the host's 0..63 to device memory and doubles them in a
//   synchronous launch; its !async.value carries the buffer to @consume,
//   which adds 1 in an asynchronous launch, waits, copies back and returns
//   the sum through another !async.value: sum(2 i + 1) = 4096.
// - Two bodies that run at the same time launch @ping (synchronously) and
//   @pong (asynchronously, waited for at the end of its body), which
//   handshake through flags in global memory as in streams.mlir: neither
//   finishes alone. sum(out) = sum over [0, 128) of 1000 + i = 136128.

// CHECK: 4096
// CHECK-NEXT: 136128

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%buf: memref<64xi32>, %factor: i32) kernel {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<64xi32>
      %w = arith.muli %v, %factor : i32
      memref.store %w, %buf[%t] : memref<64xi32>
      gpu.return
    }

    gpu.func @add(%buf: memref<64xi32>, %term: i32) kernel {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<64xi32>
      %w = arith.addi %v, %term : i32
      memref.store %w, %buf[%t] : memref<64xi32>
      gpu.return
    }

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

  func.func @sum64(%buf: memref<64xi32>) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0 : i32
    %sum = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %buf[%i] : memref<64xi32>
      %acc1 = arith.addi %acc, %v : i32
      scf.yield %acc1 : i32
    }
    return %sum : i32
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32

    %host = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %host[%i] : memref<64xi32>
    }
    %t0, %f0 = async.execute -> !async.value<memref<64xi32>> {
      %dev = gpu.alloc() : memref<64xi32>
      gpu.memcpy %dev, %host : memref<64xi32>, memref<64xi32>
      gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%dev : memref<64xi32>, %i2 : i32)
      async.yield %dev : memref<64xi32>
    }
    %t1, %f1 = async.execute [%t0] (%f0 as %dev : !async.value<memref<64xi32>>) -> !async.value<i32> {
      %s = gpu.wait async
      %l = gpu.launch_func async [%s] @kernels::@add blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%dev : memref<64xi32>, %i1 : i32)
      gpu.wait [%l]
      %back = memref.alloc() : memref<64xi32>
      gpu.memcpy %back, %dev : memref<64xi32>, memref<64xi32>
      gpu.dealloc %dev : memref<64xi32>
      %sum = func.call @sum64(%back) : (memref<64xi32>) -> i32
      memref.dealloc %back : memref<64xi32>
      async.yield %sum : i32
    }
    %sum = async.await %f1 : !async.value<i32>
    vector.print %sum : i32

    %flags = memref.alloc() : memref<4xi32>
    %out = memref.alloc() : memref<128xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      %j = arith.addi %i, %c2 : index
      memref.store %zero, %flags[%i] : memref<4xi32>
      memref.store %zero, %flags[%j] : memref<4xi32>
    }
    %ping = async.execute {
      gpu.launch_func @kernels::@ping blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%flags : memref<4xi32>, %out : memref<128xi32>)
      async.yield
    }
    %pong = async.execute {
      %s = gpu.wait async
      %l = gpu.launch_func async [%s] @kernels::@pong blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%flags : memref<4xi32>, %out : memref<128xi32>)
      async.yield
    }
    async.await %ping : !async.token
    async.await %pong : !async.token
    %handshake = scf.for %i = %c0 to %c128 step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %out[%i] : memref<128xi32>
      %acc1 = arith.addi %acc, %v : i32
      scf.yield %acc1 : i32
    }
    vector.print %handshake : i32
    memref.dealloc %host : memref<64xi32>
    memref.dealloc %flags : memref<4xi32>
    memref.dealloc %out : memref<128xi32>
    return
  }
}
