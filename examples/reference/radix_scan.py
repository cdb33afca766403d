#!/usr/bin/env python3
"""Reference output of examples/radix_scan.mlir: digit counts by direct
counting over every prefix, sorted rows by Python's sorted()."""

state = 1


def fill(rows, cols):
    global state
    keys = []
    for _ in range(rows):
        row = []
        for _ in range(cols):
            state = (1103515245 * state + 12345) % 2**31
            row.append((state >> 16) & 255)
        keys.append(row)
    return keys


def row(values):
    return "( " + ", ".join(str(v) for v in values) + " )"


keys = fill(4, 12)
for s, ks in enumerate(keys):
    print("row %d: keys   %s" % (s, row(ks)))
    for v in range(4):
        counts = [sum(1 for k in ks[:i + 1] if k & 3 == v)
                  for i in range(len(ks))]
        print("       cnt%d   %s" % (v, row(counts)))

state = 1
for rows, cols in [(4, 12), (1, 40), (5, 3)]:
    print("sorted %d x %d:" % (rows, cols))
    for ks in fill(rows, cols):
        print("  " + row(sorted(ks)))
