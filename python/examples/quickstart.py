import numpy as np
import segir

program = """
func.func @rowsum(%in: memref<?x?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xf32>
  %cols = memref.dim %in, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  seg.red thread (%s, %i) in (%rows, %cols) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}
"""
module = segir.Context().parse(program)

# The resource model's chunk for the reduction, named as in tuning files.
print(segir.select_chunks(module, block_size=256))

# Sequential reference on the CPU and the GPU kernels on the emulator.
x = np.arange(12, dtype=np.float32).reshape(3, 4)
for run in (segir.run_cpu, segir.run_emulator):
    out = np.zeros(3, dtype=np.float32)
    run(module, "rowsum", x, out)
    print(run.__name__, out)

# PTX for sm_90, one entry per gpu.binary.
ptx = segir.compile_ptx(module, block_size=128)
print(sorted(ptx), ".entry" in next(iter(ptx.values())))

# Errors carry MLIR's diagnostics.
try:
    module.run("seg-select-chunk", chunk=100000)
except segir.MLIRError as error:
    print(error.diagnostics.splitlines()[0])
