// RUN: seg-opt --seg-set-natural-alignment %s | FileCheck %s

// Scalar memref accesses of device code get their element's size as
// alignment (index: 8, i1: 1, i48: 8); given alignments, vector elements and
// host code are left alone.
// CHECK-LABEL: gpu.func @kernel
//       CHECK:   memref.load %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<?xi64>
//       CHECK:   memref.load %{{.*}}[%{{.*}}] {alignment = 1 : i64} : memref<?xi1>
//       CHECK:   memref.load %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<?xi48>
//       CHECK:   memref.load %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<?xindex, 3>
//       CHECK:   memref.load %{{.*}}[%{{.*}}] {alignment = 2 : i64} : memref<?xf64>
//       CHECK:   memref.load %{{.*}}[%{{.*}}] : memref<?xvector<2xf32>>
//       CHECK:   memref.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 2 : i64} : memref<?xbf16>
//       CHECK:   gpu.return
// CHECK-LABEL: func.func @host
//       CHECK:   memref.load %{{.*}}[%{{.*}}] : memref<?xi64>
//       CHECK:   gpu.launch
//       CHECK:     memref.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 4 : i64} : memref<?xf32>
//       CHECK:     gpu.terminator
//       CHECK:   memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi64>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%a: memref<?xi64>, %b: memref<?xi1>, %c: memref<?xi48>,
                     %d: memref<?xindex, 3>, %e: memref<?xf64>,
                     %f: memref<?xvector<2xf32>>, %g: memref<?xbf16>,
                     %i: index) kernel {
      %0 = memref.load %a[%i] : memref<?xi64>
      %1 = memref.load %b[%i] : memref<?xi1>
      %2 = memref.load %c[%i] : memref<?xi48>
      %3 = memref.load %d[%i] : memref<?xindex, 3>
      %4 = memref.load %e[%i] {alignment = 2 : i64} : memref<?xf64>
      %5 = memref.load %f[%i] : memref<?xvector<2xf32>>
      %x = arith.constant 1.0 : bf16
      memref.store %x, %g[%i] : memref<?xbf16>
      gpu.return
    }
  }

  func.func @host(%a: memref<?xi64>, %o: memref<?xf32>, %i: index) {
    %c1 = arith.constant 1 : index
    %v = memref.load %a[%i] : memref<?xi64>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %x = arith.constant 1.0 : f32
      memref.store %x, %o[%i] : memref<?xf32>
      gpu.terminator
    }
    memref.store %v, %a[%i] : memref<?xi64>
    return
  }
}
