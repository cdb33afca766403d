#!/usr/bin/env python3
"""Reference output of examples/matmul3x3.mlir (3x3 matrices modulo
1000003), computed with plain lists in modmatrix.py."""

from modmatrix import ModMatrices, show

M = ModMatrices(p=1000003, d=3)
A, B = M.elementary(0), M.elementary(1)
print("(AB)^10 = " + show(M.product([A, B] * 10)))
mats = M.print_common()
print("A^s B^(6-s), 4 rows of 6:")
for s in range(4):
    print("  " + show(M.product([A] * s + [B] * (6 - s))))
M.print_rows(mats)
