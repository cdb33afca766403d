// Two outlined kernels of one function, in modules of their own
// (twice_kernel, twice_kernel_0) that share the kernel name twice_kernel:
// test input of kernel-report.py's spec selection (end-to-end.test).
func.func @twice(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  seg.map thread (%i) in (%n) grid(block_size = 128) outs(%y : memref<?xf32>) {
    %v = memref.load %x[%i] : memref<?xf32>
    seg.results {
      seg.returns %v into %y : memref<?xf32>
    }
  }
  seg.map thread (%i) in (%n) grid(block_size = 64) outs(%x : memref<?xf32>) {
    %v = memref.load %y[%i] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    seg.results {
      seg.returns %w into %x : memref<?xf32>
    }
  }
  return
}
