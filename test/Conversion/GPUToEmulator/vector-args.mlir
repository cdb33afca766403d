// RUN: seg-opt %s --convert-gpu-to-seg-emulator --split-input-file --verify-diagnostics | FileCheck %s

// n-D vectors and vectors of index are kernel arguments like any other
// value: packed as the LLVM dialect holds them (arrays of 1-D vectors,
// i64 for index) and cast back in the kernel.
// CHECK-LABEL: func.func private @k(
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> !llvm.array<2 x vector<2xi64>>
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : !llvm.array<2 x vector<2xi64>> to vector<2x2xi64>
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<3xi64>
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : vector<3xi64> to vector<3xindex>
// CHECK-LABEL: func.func @host(
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : vector<2x2xi64> to !llvm.array<2 x vector<2xi64>>
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : vector<3xindex> to vector<3xi64>
// CHECK: call @segEmuLaunch
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%t: vector<2x2xi64>, %o: vector<3xindex>, %out: memref<2xi64>) kernel {
      %c0 = arith.constant 0 : index
      %x = vector.extract %t[1, 1] : i64 from vector<2x2xi64>
      memref.store %x, %out[%c0] : memref<2xi64>
      gpu.return
    }
  }
  func.func @host(%t: vector<2x2xi64>, %o: vector<3xindex>, %out: memref<2xi64>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%t : vector<2x2xi64>, %o : vector<3xindex>, %out : memref<2xi64>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op argument #0 of type 'vector<[4]xf32>' cannot be passed to a kernel on the SegIR emulator}}
    gpu.func @k(%v: vector<[4]xf32>) kernel {
      gpu.return
    }
  }
}
