// RUN: seg-opt %s --seg-select-chunk="block-size=2048 chunk=4" --verify-diagnostics
// RUN: seg-opt %s --seg-select-chunk="block-size=2048" --verify-diagnostics

// A default block size the target cannot launch is rejected, whether the
// chunk is requested or derived.
func.func @too_many_threads(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{block size 2048 exceeds max_threads_per_block 1024 of target sm_90}}
  seg.red thread (%i) in (%n) outs(%out : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}
