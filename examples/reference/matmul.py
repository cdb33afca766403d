#!/usr/bin/env python3
"""Reference output of examples/matmul.mlir: the textbook triple loop."""


def matmul(a, b):
    m, K, n = len(a), len(b), len(b[0])
    c = [[0] * n for _ in range(m)]
    for i in range(m):
        for j in range(n):
            for k in range(K):
                c[i][j] += a[i][k] * b[k][j]
    return c


def show(title, c):
    print(title + " =")
    for r in c:
        print("  ( " + ", ".join("%g" % v for v in r) + " )")


P = [[1, 2], [3, 4]]
Q = [[5, 6], [7, 8]]
show("P Q", matmul(P, Q))
show("Q P", matmul(Q, P))

A = [[((3 * i + 5 * k + 1) % 7) - 3 for k in range(7)] for i in range(5)]
B = [[((2 * k + 7 * j + 4) % 5) - 2 for j in range(3)] for k in range(7)]
show("A B (seq seg.red)", matmul(A, B))
show("A B (scf.for)", matmul(A, B))
