#!/usr/bin/env python3
"""Reference output of examples/naive_matmul.mlir: the textbook triple
loop."""


def fill(rows, cols, u, v, w, q, h):
    return [[((u * r + v * c + w) % q) - h for c in range(cols)]
            for r in range(rows)]


def matmul(a, b):
    m, K, n = len(a), len(b), len(b[0])
    return [[sum(a[i][k] * b[k][j] for k in range(K)) for j in range(n)]
            for i in range(m)]


def run(m, K, n, whole):
    a = fill(m, K, 3, 5, 1, 7, 3)
    b = fill(K, n, 2, 7, 4, 5, 2)
    c = matmul(a, b)
    if whole:
        print("A B of %d x %d x %d:" % (m, K, n))
        for row in c:
            print("  ( " + ", ".join("%g" % v for v in row) + " )")
    else:
        print("A B of %d x %d x %d, row checksums:" % (m, K, n))
        for row in c:
            print("  " + str(sum((j + 1) * v for j, v in enumerate(row))))


run(3, 4, 5, True)
run(1, 1, 2, True)
run(45, 19, 70, False)
