// A Blackwell target: sm_100 has no preset, so it gives every limit.
module attributes {seg.target = #seg.target<chip = "sm_100", warp_size = 32,
    max_threads_per_block = 1024, max_threads_per_sm = 2048, num_sms = 148,
    shared_memory_per_block = 232448, shared_memory_per_sm = 233472,
    registers_per_block = 65536, registers_per_sm = 65536,
    registers_per_thread = 255>} {
  func.func @copy(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
    seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
      %v = memref.load %in[%i] : memref<?xf32>
      seg.results {
        seg.returns %v into %out : memref<?xf32>
      }
    }
    return
  }
}
