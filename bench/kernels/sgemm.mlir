// sgemm.mlir - row-major f32 C = A B of the benchmark harness (bench/).
//
// A thread-level seg.map over C whose points run the dot product in an
// scf.for (the redomap of [Cholewa-Madsen & Holst 2020]);
// `seg-tile-block-register` turns it into a block- and register-tiled kernel
// before seg-to-nvvm. The shapes are the memrefs' sizes (m x k times k x n), so
// one kernel serves every shape. bench/kernels/variants.txt compiles it with
// the resource model's tiles and with alternatives, renaming the function of
// each variant.
func.func @bench_sgemm_f32(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                           %C: memref<?x?xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %k = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %p = %c0 to %k step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %p] : memref<?x?xf32>
      %b = memref.load %B[%p, %j] : memref<?x?xf32>
      %t = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %t : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}
