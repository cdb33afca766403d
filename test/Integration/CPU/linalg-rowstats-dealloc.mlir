// The front door frees what bufferization allocates (upstream's
// ownership-based buffer deallocation): the two-pass row statistics below
// (row means, then the variance around them) allocate the row sums, and
// the caller a copy of its constant output, which linalg-to-seg used to
// leave allocated (the centred squares fuse into the second reduction).
//
// RUN: seg-opt %s --linalg-to-seg | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @rowstats
// IR: %[[SUMS:.*]] = memref.alloc()
// IR: seg.red thread {{.*}} outs(%[[SUMS]]
// IR: memref.dealloc %[[SUMS]]
// IR-NEXT: return
// IR-LABEL: func.func @main
// IR: %[[OUT:.*]] = memref.alloc()
// IR: call @rowstats
// IR: memref.dealloc %[[OUT]]
//
// RUN: seg-opt %s --linalg-to-seg --seg-to-cpu | %run-cpu | FileCheck %s
// Means 3.5 and 1, variances 5.25 and 0 (row 1 is constant).
// CHECK: [5.25,  0]

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

func.func @rowstats(%x: tensor<2x8xf32>, %out: tensor<2xf32>) -> tensor<2xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 8.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %sums = linalg.reduce { arith.addf } ins(%x : tensor<2x8xf32>) outs(%init : tensor<2xf32>) dimensions = [1]
  %es = tensor.empty() : tensor<2x8xf32>
  %squares = linalg.generic {indexing_maps = [#rows, #row, #rows],
                             iterator_types = ["parallel", "parallel"]}
      ins(%x, %sums : tensor<2x8xf32>, tensor<2xf32>) outs(%es : tensor<2x8xf32>) {
  ^bb0(%v: f32, %sum: f32, %unused: f32):
    %mean = arith.divf %sum, %n : f32
    %d = arith.subf %v, %mean : f32
    %d2 = arith.mulf %d, %d : f32
    linalg.yield %d2 : f32
  } -> tensor<2x8xf32>
  %outInit = linalg.fill ins(%zero : f32) outs(%out : tensor<2xf32>) -> tensor<2xf32>
  %total = linalg.reduce { arith.addf } ins(%squares : tensor<2x8xf32>) outs(%outInit : tensor<2xf32>) dimensions = [1]
  %var = linalg.map ins(%total : tensor<2xf32>) outs(%outInit : tensor<2xf32>)
    (%t: f32, %unused: f32) {
      %r = arith.divf %t, %n : f32
      linalg.yield %r : f32
    }
  return %var : tensor<2xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %x = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
                             [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]]> : tensor<2x8xf32>
  %out = arith.constant dense<0.0> : tensor<2xf32>
  %var = call @rowstats(%x, %out) : (tensor<2x8xf32>, tensor<2xf32>) -> tensor<2xf32>
  %m = bufferization.to_buffer %var : tensor<2xf32> to memref<2xf32>
  %u = memref.cast %m : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
