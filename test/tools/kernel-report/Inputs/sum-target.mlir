// A sum for kernel-report.py's end-to-end test: blocks of 128 threads, and
// a target that keeps at most 1024 threads resident per SM.
module attributes {seg.target = #seg.target<chip = "sm_90", max_threads_per_sm = 1024>} {
func.func @sum(%in: memref<?xf32>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %in, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  seg.red thread (%i) in (%n) grid(block_size = 128) outs(%out : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}
}
