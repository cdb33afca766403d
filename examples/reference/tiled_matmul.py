#!/usr/bin/env python3
"""Reference output of examples/tiled_matmul.mlir: the textbook triple
loop, written into a buffer pre-filled with -99."""

K = 9


def run(m, n, rows, cols):
    A = [[((i * i + 5 * i * k + 3 * k + 2) % 17) - 8 for k in range(K)]
         for i in range(m)]
    B = [[((j * j + 2 * k * j + 7 * k + 1) % 13) - 6 for j in range(n)]
         for k in range(K)]
    C = [[-99] * cols for _ in range(rows)]
    for i in range(m):
        for j in range(n):
            C[i][j] = sum(A[i][k] * B[k][j] for k in range(K))
    print("C = A B, %d x %d in a %d x %d buffer:" % (m, n, rows, cols))
    for r in C:
        print("  ( " + ", ".join("%g" % v for v in r) + " )")


run(8, 6, 8, 6)
run(3, 2, 3, 2)
run(13, 11, 16, 12)
