#!/usr/bin/env python3
"""Reference output of examples/scatter.mlir: a sequential loop over the
writes, skipping those with an index outside the array."""


def row(values):
    return "( " + ", ".join(str(v) for v in values) + " )"


def scatter(dest, writes):
    for j, v in writes:
        if 0 <= j < len(dest):
            dest[j] = v
    return dest


idx = [3, -1, 0, 10, 7, -5, 9, 100, 2, 5, 11, 8]
print("scatter 1: " + row(scatter([-1] * 10,
                                  [(j, 100 + i) for i, j in enumerate(idx)])))

writes = []
for i in range(5):
    writes += [(2 * i, 10 * i), (2 * i + 1, -10 * i)]
print("scatter 2: " + row(scatter([-1] * 9, writes)))

dest = [[0] * 4 for _ in range(3)]
points = [(0, 0), (2, 3), (3, 0), (1, -1), (-1, 2), (1, 2), (0, 4)]
for i, (r, c) in enumerate(points):
    if 0 <= r < 3 and 0 <= c < 4:
        dest[r][c] = i + 1
print("scatter 3:")
for r in dest:
    print("  " + row(r))

print("scatter 4: " + row(scatter([-1] * 20,
                                  [((7 * i + 3) % 23 - 1, i)
                                   for i in range(23)])))
