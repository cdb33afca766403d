// gemm_f16.mlir - row-major C = A B with f16 inputs and f32 products, sums
// and output, for the kernel report (bench/kernels/report.txt): the GEMM of
// gemm_bf16.mlir over f16 matrices, the form that
// `seg-tile-block-register=mma=f16` maps onto f16 tensor-core products with
// f32 accumulation (mma.sync m16n8k16, or wgmma m64nNk16 on sm_90a).
func.func @bench_gemm_f16(%A: memref<?x?xf16>, %B: memref<?x?xf16>,
                          %C: memref<?x?xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf16>
  %k = memref.dim %A, %c1 : memref<?x?xf16>
  %n = memref.dim %B, %c1 : memref<?x?xf16>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %p = %c0 to %k step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %p] : memref<?x?xf16>
      %b = memref.load %B[%p, %j] : memref<?x?xf16>
      %af = arith.extf %a : f16 to f32
      %bf = arith.extf %b : f16 to f32
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
