#!/usr/bin/env python3
"""Reference output of examples/scan.mlir: every prefix is summed on its
own (sum(row[:i + 1]))."""


def value(s, i):
    return ((13 * s + 5 * i + 2) % 9) - 4


def prefix_sums(xs):
    return [sum(xs[:i + 1]) for i in range(len(xs))]


def row(values):
    return "( " + ", ".join(str(v) for v in values) + " )"


x = [value(0, i) for i in range(1000)]
print("scan of 20: " + row(prefix_sums(x[:20])))
print("scan of 1000: out[499] = %d, out[999] = %d"
      % (sum(x[:500]), sum(x[:1000])))

for rows, cols in [(1, 12), (6, 1), (3, 5), (4, 16)]:
    print("segmented scan of %d x %d:" % (rows, cols))
    for s in range(rows):
        print("  " + row(prefix_sums([value(s, i) for i in range(cols)])))
