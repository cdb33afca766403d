#!/usr/bin/env python3
"""Reference output of Inputs/segsum-sweep.mlir, in plain Python.

The segment sums are Python sums of list slices. The matrix products use
that M(x) = [[x + 128, 1], [1, 0]]: multiplying (a, b, c, d) by M(x) on the
right gives (a (x + 128) + b, a, c (x + 128) + d, c), so one update per
element instead of a general 2x2 product."""

P = 10007
MASK = 2**32 - 1


def h(g):
    h1 = (g * 0x9E3779B1) & MASK
    h2 = h1 ^ (h1 >> 15)
    return (h2 * 0x85EBCA6B) & MASK


SHAPES = [(1, 2**20), (2**4, 2**16), (2**10, 2**10), (2**16, 2**4),
          (2**20, 1), (3, 100003), (1000, 999), (77777, 13), (1, 1), (5, 0)]

# Every shape has at most 2^20 elements, and element (s, i) depends only on
# g = s * cols + i: one table serves all shapes.
values = [(h(g) >> 24) - 128 for g in range(max(r * c for r, c in SHAPES))]


def weight(s):
    return s % 1000 + 1


def matprod(xs):
    a, b, c, d = 1, 0, 0, 1
    for x in xs:
        a, b, c, d = (a * (x + 128) + b) % P, a, (c * (x + 128) + d) % P, c
    return a, b, c, d


def show(m):
    return "( " + ", ".join(str(v) for v in m) + " )"


for rows, cols in SHAPES:
    segments = [values[s * cols:(s + 1) * cols] for s in range(rows)]
    sums = [sum(seg) for seg in segments]
    assert all(-2**31 <= v < 2**31 for v in sums)
    checksum = sum(weight(s) * v for s, v in enumerate(sums))
    print("segsum %d x %d: checksum = %d, first = %d, last = %d"
          % (rows, cols, checksum, sums[0], sums[-1]))
    mats = [matprod(seg) for seg in segments]
    checksum = sum(weight(s) * (a + 3 * b + 5 * c + 7 * d)
                   for s, (a, b, c, d) in enumerate(mats))
    print("segmat %d x %d: checksum = %d, first = %s, last = %s"
          % (rows, cols, checksum, show(mats[0]), show(mats[-1])))
