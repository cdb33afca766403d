// RUN: seg-opt --seg-allow-fp-contraction %s | FileCheck %s

// Floating-point arith ops of device code get `contract`, on top of the flags
// they have; integer ops, and host code, are left alone.
// CHECK-LABEL: gpu.func @kernel
//       CHECK:   arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
//       CHECK:   arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f32
//       CHECK:   arith.subf %{{.*}}, %{{.*}} fastmath<nnan,contract> : vector<4xf64>
//       CHECK:   arith.divf %{{.*}}, %{{.*}} fastmath<contract> : f32
//       CHECK:   arith.addi %{{.*}}, %{{.*}} : i32
//   CHECK-NOT:   fastmath
//       CHECK:   gpu.return
// CHECK-LABEL: gpu.func @helper
//       CHECK:   arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK-LABEL: func.func @host
//       CHECK:   arith.mulf %{{.*}}, %{{.*}} : f32
//       CHECK:   gpu.launch
//       CHECK:     arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
//       CHECK:     arith.addf %{{.*}}, %{{.*}} fastmath<fast> : f32
//       CHECK:     gpu.terminator
//       CHECK:   arith.addf %{{.*}}, %{{.*}} : f32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%x: f32, %y: f32, %v: vector<4xf64>, %i: i32) kernel {
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %p, %x : f32
      %d = arith.subf %v, %v fastmath<nnan> : vector<4xf64>
      %q = arith.divf %s, %y : f32
      %j = arith.addi %i, %i : i32
      gpu.return
    }
    gpu.func @helper(%x: f32) -> f32 {
      %p = arith.mulf %x, %x : f32
      gpu.return %p : f32
    }
  }

  func.func @host(%x: f32) -> f32 {
    %c1 = arith.constant 1 : index
    %p = arith.mulf %x, %x : f32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %k = arith.mulf %x, %x : f32
      %f = arith.addf %k, %x fastmath<fast> : f32
      gpu.terminator
    }
    %s = arith.addf %p, %x : f32
    return %s : f32
  }
}
