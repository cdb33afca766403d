#!/usr/bin/env python3
"""Reference output of examples/segsum.mlir: one Python sum per row."""


def value(s, i):
    return ((31 * s + 7 * i + 3) % 11) - 5


def row(values):
    return "( " + ", ".join("%g" % v for v in values) + " )"


for rows, cols in [(1, 1000), (10, 1), (3, 5), (8, 64)]:
    x = [[value(s, i) for i in range(cols)] for s in range(rows)]
    print("%d x %d: %s" % (rows, cols, row(sum(r) for r in x)))

x3 = [[[value(3 * p + q, i) for i in range(4)] for q in range(3)]
      for p in range(2)]
print("2 x 3 x 4: " + row(sum(r) for r in x3[0]))
print("           " + row(sum(r) for r in x3[1]))
