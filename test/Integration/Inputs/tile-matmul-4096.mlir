// A 4096 x 4096 x 4096 f32 product, the size that [Cholewa-Madsen & Holst 2020]
// benchmarks, for compiling the tiled kernel with the default tile sizes.
func.func @matmul4096(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>,
                      %C: memref<4096x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  seg.map thread (%i, %j) in (4096, 4096) outs(%C : memref<4096x4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %c4096 step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<4096x4096xf32>
      %b = memref.load %B[%k, %j] : memref<4096x4096xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<4096x4096xf32>
    }
  }
  return
}
