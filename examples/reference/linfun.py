#!/usr/bin/env python3
"""Reference output of examples/linfun.mlir.

Instead of composing (a, b) pairs, the functions are applied one after the
other to the numbers 0 and 1: the composition F satisfies F(0) = a and
F(1) - F(0) = b (mod p)."""

P = 1000003


def apply_all(funcs, x):
    for (a, b) in funcs:
        x = (a + b * x) % P
    return x


def composed(funcs):
    f0 = apply_all(funcs, 0)
    f1 = apply_all(funcs, 1)
    return f0, (f1 - f0) % P


def row(values):
    return "( " + ", ".join(str(v) for v in values) + " )"


small = [(1, 2), (5, 3), (0, 10)]
print("f2 . f1 . f0 = ( %d, %d )" % composed(small))
pre = [composed(small[:k + 1]) for k in range(len(small))]
print("prefixes a = " + row(a for a, _ in pre))
print("prefixes b = " + row(b for _, b in pre))

funcs = [((7 * i + 3) % 11, (i % 7) + 1) for i in range(1000)]
Fa, Fb = composed(funcs)
print("F = ( %d, %d ), F(10) = %d" % (Fa, Fb, apply_all(funcs, 10)))

rows = [composed(funcs[250 * r:250 * (r + 1)]) for r in range(4)]
print("rows a = " + row(a for a, _ in rows))
print("rows b = " + row(b for _, b in rows))

pre = [composed(funcs[:k + 1]) for k in range(8)]
print("first 8 prefixes a = " + row(a for a, _ in pre))
print("first 8 prefixes b = " + row(b for _, b in pre))
