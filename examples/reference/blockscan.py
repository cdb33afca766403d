#!/usr/bin/env python3
"""Reference output of examples/blockscan.mlir: prefix sums by a running
total, chunk totals and largest prefix sums by slicing."""

P = 1000003


def row(values):
    return "( " + ", ".join(str(v) for v in values) + " )"


def run(n):
    x = [((7 * i + 3) % 11) - 5 for i in range(n)]
    out, total = [], 0
    for v in x:
        total += v
        out.append(total)
    chunks = [x[b:b + 64] for b in range(0, n, 64)]
    print("n = %d" % n)
    print("  chunk totals = " + row(sum(c) for c in chunks))
    print("  chunk max prefix = "
          + row(max(sum(c[:k + 1]) for k in range(len(c))) for c in chunks))
    for i in [0, 63, n - 1]:
        print("  out[%d] = %d" % (i, out[i]))
    print("  checksum = %d" % (sum(o * (i + 1) for i, o in enumerate(out)) % P))


run(1000)
run(64)
