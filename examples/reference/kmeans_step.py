#!/usr/bin/env python3
"""Reference output of examples/kmeans_step.mlir: one k-means step in plain
Python (the nearest centroid of every point, then per cluster the sums of
the coordinates, the count and the mean)."""
import struct


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def fmt(x):
    # vector.print prints f32 values with %g-like 6 significant digits.
    return f"{x:.6g}" if "e" not in f"{x:.6g}" else str(x)


def row(values):
    return "( " + ", ".join(values) + " )"


n = 10000
points = [((37 * i) % 101, (53 * i) % 97) for i in range(n)]
centroids = [(10, 10), (80, 15), (20, 85), (70, 70)]
counts = [0] * 4
sums = [[0, 0] for _ in range(4)]
for x, y in points:
    dists = [(x - cx) ** 2 + (y - cy) ** 2 for cx, cy in centroids]
    c = dists.index(min(dists))
    counts[c] += 1
    sums[c][0] += x
    sums[c][1] += y
print("counts: " + row(str(k) for k in counts))
print("sums x: " + row(str(s[0]) for s in sums))
print("sums y: " + row(str(s[1]) for s in sums))
for axis, name in enumerate("xy"):
    means = [f32(f32(s[axis]) / f32(k)) if k else centroids[c][axis]
             for c, (s, k) in enumerate(zip(sums, counts))]
    print(f"centroids {name}: " + row(fmt(m) for m in means))
