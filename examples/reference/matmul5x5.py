#!/usr/bin/env python3
"""Reference output of examples/matmul5x5.mlir (5x5 matrices modulo 10007),
computed with plain lists in modmatrix.py."""

from modmatrix import ModMatrices, show

M = ModMatrices(p=10007, d=5)
E = [M.elementary(r) for r in range(4)]
print("(E0 E1 E2 E3)^10 = " + show(M.product(E * 10)))
mats = M.print_common()
print("4 rows of 8:")
print("  " + show(M.product(E * 2)))
print("  " + show(M.product(E[::-1] * 2)))
print("  " + show(M.product([E[0]] * 8)))
print("  " + show(M.product([E[3]] * 8)))
M.print_rows(mats)
