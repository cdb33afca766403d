// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s

// The host side in its outlined, asynchronous form: device buffers from
// gpu.alloc, gpu.memset and gpu.memcpy chained by async tokens around an
// asynchronous gpu.launch_func with an i32 grid, then gpu.dealloc and a
// final gpu.wait; and the synchronous forms.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // y[i] = a * x[i] + y[i]
    gpu.func @axpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) kernel {
      %b = gpu.block_id x
      %s = gpu.block_dim x
      %t = gpu.thread_id x
      %first = arith.muli %b, %s : index
      %i = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %xi = memref.load %x[%i] : memref<?xf32>
        %yi = memref.load %y[%i] : memref<?xf32>
        %p = arith.mulf %a, %xi : f32
        %r = arith.addf %p, %yi : f32
        memref.store %r, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 100 : index
    %one = arith.constant 1 : i32
    %blocks = arith.constant 4 : i32
    %threads = arith.constant 32 : i32
    %three = arith.constant 3.0 : f32
    %half = arith.constant 0.5 : f32
    %host = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %host[%i] : memref<?xf32>
    }
    %t0 = gpu.wait async
    %x, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %y, %t2 = gpu.alloc async [%t1] (%n) : memref<?xf32>
    %t3 = gpu.memcpy async [%t2] %x, %host : memref<?xf32>, memref<?xf32>
    %t4 = gpu.memset async [%t3] %y, %half : memref<?xf32>, f32
    %t5 = gpu.launch_func async [%t4] @kernels::@axpy blocks in (%blocks, %one, %one) threads in (%threads, %one, %one) : i32 args(%three : f32, %x : memref<?xf32>, %y : memref<?xf32>, %n : index)
    %t6 = gpu.memcpy async [%t5] %host, %y : memref<?xf32>, memref<?xf32>
    %t7 = gpu.dealloc async [%t6] %x : memref<?xf32>
    %t8 = gpu.dealloc async [%t7] %y : memref<?xf32>
    gpu.wait [%t8]
    %r = vector.transfer_read %host[%c0], %half : memref<?xf32>, vector<8xf32>
    // 3 * i + 0.5
    // CHECK: ( 0.5, 3.5, 6.5, 9.5, 12.5, 15.5, 18.5, 21.5 )
    vector.print %r : vector<8xf32>
    %c99 = arith.constant 99 : index
    %last = memref.load %host[%c99] : memref<?xf32>
    // CHECK-NEXT: 297.5
    vector.print %last : f32

    // The synchronous forms, on a 2-D buffer.
    %m = gpu.alloc () : memref<3x4xi32>
    %seven = arith.constant 7 : i32
    gpu.memset %m, %seven : memref<3x4xi32>, i32
    %copy = memref.alloc() : memref<3x4xi32>
    gpu.memcpy %copy, %m : memref<3x4xi32>, memref<3x4xi32>
    gpu.dealloc %m : memref<3x4xi32>
    gpu.wait
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %corner = memref.load %copy[%c2, %c3] : memref<3x4xi32>
    // CHECK-NEXT: 7
    vector.print %corner : i32
    return
  }
}
