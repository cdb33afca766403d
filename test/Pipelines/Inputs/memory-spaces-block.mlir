// Workgroup memory in a block's body: the kernel's on the GPU paths; the
// CPU reference runs the body on the host.
func.func @workgroup_in_block(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  seg.map block (%blk) in (%n) outs(%out : memref<?xf32>) {
    %tile = memref.alloca() : memref<32xf32, #gpu.address_space<workgroup>>
    seg.map thread_in_block (%t) in (32) outs(%tile : memref<32xf32, #gpu.address_space<workgroup>>) {
      seg.results {
        seg.returns %one into %tile : memref<32xf32, #gpu.address_space<workgroup>>
      }
    }
    %first = memref.load %tile[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
    seg.results {
      seg.returns %first into %out : memref<?xf32>
    }
  }
  return
}
