#!/usr/bin/env python3
"""Reference output of examples/matmul2x2.mlir: the matrices are multiplied
one after the other, left to right, with a plain triple loop."""

P = 1000003


def matmul(x, y):
    return [[sum(x[i][k] * y[k][j] for k in range(2)) % P for j in range(2)]
            for i in range(2)]


def product(mats):
    acc = [[1, 0], [0, 1]]
    for m in mats:
        acc = matmul(acc, m)
    return acc


def show(name, m):
    print("%s = ( %d, %d, %d, %d )"
          % (name, m[0][0], m[0][1], m[1][0], m[1][1]))


U = [[1, 1], [0, 1]]
L = [[1, 0], [1, 1]]
show("UL^10", product([U if i % 2 == 0 else L for i in range(20)]))

mats = [[[(3 * i + 1) % 5, (7 * i + 2) % 5],
         [(11 * i + 3) % 5, (13 * i + 4) % 5]] for i in range(1000)]
show("M[0:1000]", product(mats))
show("M[0:1]", product(mats[:1]))
show("M[0:0]", product(mats[:0]))
