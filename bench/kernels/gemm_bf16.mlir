// gemm_bf16.mlir - row-major C = A B of the benchmark harness (bench/) with
// bf16 inputs and f32 products, sums and output.
//
// The SGEMM of sgemm.mlir over bf16 matrices: each step widens a and b to
// f32 and adds their product to an f32 sum, the form that
// `seg-tile-block-register=mma=bf16` maps onto mma.sync m16n8k16 (bf16
// inputs, f32 accumulation). A product of two bf16 values is exact in f32,
// so only the order of the f32 sums differs from the sequential loop.
func.func @bench_gemm_bf16(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>,
                           %C: memref<?x?xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xbf16>
  %k = memref.dim %A, %c1 : memref<?x?xbf16>
  %n = memref.dim %B, %c1 : memref<?x?xbf16>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %p = %c0 to %k step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %p] : memref<?x?xbf16>
      %b = memref.load %B[%p, %j] : memref<?x?xbf16>
      %af = arith.extf %a : bf16 to f32
      %bf = arith.extf %b : bf16 to f32
      %t = arith.mulf %af, %bf : f32
      %s1 = arith.addf %s, %t : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}
