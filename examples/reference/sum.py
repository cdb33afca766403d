#!/usr/bin/env python3
"""Reference output of examples/sum.mlir, computed independently."""


def fmt(v):
    # vector.print of an f32 prints like C's "%g".
    return "%g" % v


x = [((i * 7 + 3) % 11) - 4 for i in range(1000)]

print("sum(x[0:1000]) = " + fmt(sum(x)))
print("sum(x[0:1]) = " + fmt(sum(x[:1])))
print("sum(x[0:0]) = " + fmt(sum(x[:0])))
print("sum with grid = " + fmt(sum(x)))
print("sum of squares = " + fmt(sum(v * v for v in x)))
