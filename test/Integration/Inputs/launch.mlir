// One kernel (outlined as @main_kernel) that writes its thread ids into a
// host buffer, then prints x[1] and x[31]; the CUDA tests inject driver
// failures around it.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %x = memref.alloc() : memref<32xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %f = arith.sitofp %i : i32 to f32
    memref.store %f, %x[%tx] : memref<32xf32>
    gpu.terminator
  }
  %r1 = memref.load %x[%c1] : memref<32xf32>
  %r31 = memref.load %x[%c31] : memref<32xf32>
  vector.print %r1 : f32
  vector.print %r31 : f32
  memref.dealloc %x : memref<32xf32>
  return
}
