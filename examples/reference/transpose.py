#!/usr/bin/env python3
"""Reference output of examples/transpose.mlir: B[r][c] = A[c][r]."""

P = 1000003


def run(m, n, full):
    A = [[100 * r + c for c in range(n)] for r in range(m)]
    B = [[A[c][r] for c in range(m)] for r in range(n)]
    if full:
        print("transpose of %d x %d:" % (m, n))
        for r in B:
            print("  ( " + ", ".join(str(v) for v in r) + " )")
    else:
        s = sum(B[r][c] * (r + 1) * (c + 2)
                for r in range(n) for c in range(m)) % P
        print("transpose of %d x %d: checksum %d" % (m, n, s))


run(7, 11, True)
run(4, 8, True)
run(1, 1, True)
run(37, 19, False)
