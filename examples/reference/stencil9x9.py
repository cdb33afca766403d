#!/usr/bin/env python3
"""Reference output of examples/stencil9x9.mlir: the 9x9 window summed
point by point with clamped indices."""


def fill(m, n):
    return [[((3 * r + 7 * c + 1) % 11) - 5 for c in range(n)]
            for r in range(m)]


def stencil(a):
    m, n = len(a), len(a[0])
    b = [[0] * n for _ in range(m)]
    for i in range(m):
        for j in range(n):
            s = 0
            for da in range(9):
                for db in range(9):
                    r = min(max(i + da - 4, 0), m - 1)
                    c = min(max(j + db - 4, 0), n - 1)
                    s += a[r][c] * (((2 * da + 5 * db) % 7) - 3)
            b[i][j] = s
    return b


def show(title, b):
    print(title)
    for row in b:
        print("  ( " + ", ".join(str(v) for v in row) + " )")


def checksums(title, b):
    print(title)
    for row in b:
        print("  " + str(sum((c + 1) * v for c, v in enumerate(row))))


show("stencil of 6 x 11:", stencil(fill(6, 11)))
show("stencil of 1 x 3:", stencil(fill(1, 3)))
checksums("stencil of 37 x 70, row checksums:", stencil(fill(37, 70)))
