// A segmented sum (all three reduction kernels) for kernel-report.py's
// end-to-end test: blocks of 128 threads, and a target that keeps at most
// 1024 threads resident per SM.
module attributes {seg.target = #seg.target<chip = "sm_90", max_threads_per_sm = 1024>} {
func.func @sum(%in: memref<?x?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %in, %c0 : memref<?x?xf32>
  %n = memref.dim %in, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  seg.red thread (%s, %i) in (%m, %n) grid(block_size = 128) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}
}
