// A kernel argument in #gpu.address_space<global>, and workgroup memory in
// a block's body.
func.func @global_and_nested(%a: memref<?xf32, #gpu.address_space<global>>,
                             %out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  seg.map block (%blk) in (%n) outs(%out : memref<?xf32>) {
    %x = memref.load %a[%blk] : memref<?xf32, #gpu.address_space<global>>
    %tile = memref.alloca() : memref<32xf32, #gpu.address_space<workgroup>>
    seg.map thread_in_block (%t) in (32) outs(%tile : memref<32xf32, #gpu.address_space<workgroup>>) {
      seg.results {
        seg.returns %x into %tile : memref<32xf32, #gpu.address_space<workgroup>>
      }
    }
    %first = memref.load %tile[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
    seg.results {
      seg.returns %first into %out : memref<?xf32>
    }
  }
  return
}
