#!/usr/bin/env python3
"""Reference output of examples/matmul5x5.mlir: the matrices are built as
lists of lists from their description and multiplied one after the other,
left to right, with a plain triple loop."""

P = 10007
D = 5


def identity():
    return [[int(r == c) for c in range(D)] for r in range(D)]


def matmul(x, y):
    return [[sum(x[r][j] * y[j][c] for j in range(D)) % P for c in range(D)]
            for r in range(D)]


def product(mats):
    acc = identity()
    for m in mats:
        acc = matmul(acc, m)
    return acc


def show(m):
    return "( " + ", ".join("( " + ", ".join(str(v) for v in row) + " )"
                            for row in m) + " )"


def elementary(r):
    """I + e(r, r+1)."""
    m = identity()
    m[r][r + 1] = 1
    return m


def knuth(x):
    """The top 10 bits of Knuth's multiplicative hash of x."""
    return ((x * 2654435761) % 2**32) >> 22


def pseudo(g):
    """Matrix number g of the pseudo-random sequence."""
    return [[knuth(D * D * g + D * r + c) for c in range(D)]
            for r in range(D)]


E = [elementary(r) for r in range(4)]
print("(E0 E1 E2 E3)^10 = " + show(product(E * 10)))

mats = [pseudo(g) for g in range(1000)]
print("M[0:1000] = " + show(product(mats)))
print("M[0:1] = " + show(product(mats[:1])))
print("M[0:0] = " + show(product(mats[:0])))

print("4 rows of 8:")
print("  " + show(product(E * 2)))
print("  " + show(product(E[::-1] * 2)))
print("  " + show(product([E[0]] * 8)))
print("  " + show(product([E[3]] * 8)))

print("M[0:1000] as 8 rows of 125:")
rows = [product(mats[125 * s:125 * (s + 1)]) for s in range(8)]
for m in rows:
    print("  " + show(m))
print("product of the 8 row products = " + show(product(rows)))

print("3 rows of 0:")
for s in range(3):
    print("  " + show(identity()))
