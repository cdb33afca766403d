#!/usr/bin/env python3
"""Reference output of examples/fused.mlir, one Python expression per
result."""


def row(values, fmt="%d"):
    return "( " + ", ".join(fmt % v for v in values) + " )"


def first_negative(xs):
    negatives = [v for v in xs if v < 0]
    return (1, negatives[0]) if negatives else (0, 0)


x = [((11 * i + 7) % 19) - 6 for i in range(30)]
f, v = first_negative(x)
print("sum = %d, min = %d, max = %d, first negative = ( %d, %d )"
      % (sum(x), min(x), max(x), f, v))
print("sq = " + row(v * v for v in x))
print("half = " + row((v / 2 for v in x), "%g"))

y = [[((5 * s + 11 * i + 7) % 19) - 6 + 3 * s for i in range(8)]
     for s in range(3)]
print("row sums = " + row(sum(r) for r in y))
print("row first negative found = " + row(first_negative(r)[0] for r in y))
print("row first negative value = " + row(first_negative(r)[1] for r in y))
print("abs =")
for r in y:
    print("  " + row(abs(v) for v in r))

print("running sum = " + row(sum(x[:i + 1]) for i in range(12)))
print("running max = " + row(max(x[:i + 1]) for i in range(12)))
print("twice = " + row(2 * v for v in x[:12]))
