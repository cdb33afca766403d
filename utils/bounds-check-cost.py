#!/usr/bin/env python3
"""The cost of bounds checks: times run_cpu or run_emulator with
check=False and check=True (best of three whole calls, compilation
included) on a matrix product of N x N x N, three loads or stores per
multiply-add.

usage: PYTHONPATH=python SEGIR_LIBRARY_DIR=build/lib \\
       python3 utils/bounds-check-cost.py N run_cpu [run_emulator]
"""

import sys
import time

import numpy as np

import segir

MATMUL = """
func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %a, %c0 : memref<?x?xf32>
  %k = memref.dim %a, %c1 : memref<?x?xf32>
  %n = memref.dim %b, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%c : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %l = %c0 to %k step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %a[%i, %l] : memref<?x?xf32>
      %y = memref.load %b[%l, %j] : memref<?x?xf32>
      %p = arith.mulf %x, %y : f32
      %t = arith.addf %s, %p : f32
      scf.yield %t : f32
    }
    seg.results {
      seg.returns %dot into %c : memref<?x?xf32>
    }
  }
  return
}
"""


def best_of_three(call):
    times = []
    for _ in range(3):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    size = int(sys.argv[1])
    a = np.ones((size, size), np.float32)
    c = np.zeros_like(a)
    for name in sys.argv[2:]:
        run = getattr(segir, name)
        for check in (False, True):
            seconds = best_of_three(
                lambda: run(MATMUL, "matmul", a, a, c, check=check))
            print(f"{name} check={check}: matmul {size}^3 {seconds:.3f} s",
                  flush=True)


if __name__ == "__main__":
    main()
