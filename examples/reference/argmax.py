#!/usr/bin/env python3
"""Reference output of examples/argmax.mlir, computed independently."""

n = 1000
a = [(i * 37 + 11) % 101 for i in range(n)]
b = [-((i * 13 + 5) % 97) - 0.5 for i in range(n)]
c = [3] * n


def report(name, xs):
    if xs:
        m = max(xs)
        idx = xs.index(m)  # the first occurrence
        print("argmax(%s) = %d, max = %g" % (name, idx, m))
    else:
        # The neutral element: no index, value -inf.
        print("argmax(%s) = %d, max = -inf" % (name, 2**63 - 1))


report("a", a)
report("b", b)
report("c", c)
report("d", a[:1])
report("e", a[:0])
