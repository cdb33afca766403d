"""A thread-level seg.map whose body is N independent load and multiply
chains (2 N ops) before its one kernel result: with several points per
thread, convert-seg-to-gpu hoists all of them above the first point's
write, which must take time linear in the body.

    python3 wide-map.py N > wide-map.mlir
"""
import sys

n = int(sys.argv[1])
print("func.func @wide(%in: memref<?xf32>, %out: memref<?xf32>, "
      "%size: index) {")
print("  seg.map thread (%i) in (%size) outs(%out : memref<?xf32>) {")
for k in range(n):
    print(f"    %x{k} = memref.load %in[%i] : memref<?xf32>")
    print(f"    %y{k} = arith.mulf %x{k}, %x{k} : f32")
print("    seg.results {")
print(f"      seg.returns %y{n - 1} into %out : memref<?xf32>")
print("    }")
print("  }")
print("  return")
print("}")
