#!/usr/bin/env python3
"""Reference output of examples/mss.mlir, computed independently by brute
force over all (possibly empty) subarrays, prefixes and suffixes."""


def mss(xs):
    n = len(xs)
    best = 0  # the empty segment
    for i in range(n):
        for j in range(i + 1, n + 1):
            best = max(best, sum(xs[i:j]))
    return best


def mis(xs):
    return max(sum(xs[:k]) for k in range(len(xs) + 1))


def mcs(xs):
    return max(sum(xs[k:]) for k in range(len(xs) + 1))


def report(name, xs):
    print("mss(%s) = %d, mis = %d, mcs = %d, ts = %d"
          % (name, mss(xs), mis(xs), mcs(xs), sum(xs)))


s = [-2, 1, -3, 4, -1, 2, 1, -5, 4]
a = [((i * 17 + 5) % 23) - 12 for i in range(300)]
b = [-1 - (i % 3) for i in range(10)]
m = [[((r * 7 + i * 17 + 5) % 23) - 11 - r for i in range(50)]
     for r in range(4)]

report("s", s)
report("a", a)
report("b", b)
print("mss of the rows of m = ( " + ", ".join(str(mss(row)) for row in m)
      + " )")
