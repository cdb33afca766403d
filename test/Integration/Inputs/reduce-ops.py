#!/usr/bin/env python3
"""Reference output of Inputs/reduce-ops.mlir, in plain Python.

Every result is computed from its definition rather than with the
program's operators: matrix products row by column from left to right (the
product of all N matrices as the product of the 100 row products, by
associativity, which halves the time), the maximum segment sum with
Kadane's algorithm and prefix sums, the longest sorted streak by cutting
the input into runs, the composition of linear functions by applying them
to 0 and 1, the index of the maximum with max() and index(), the tuple sum
with Python integers (the floats counted in quarters and 1/1024ths), reduced
to the width of each integer type at the end.
"""

from operator import mul

MASK = 2**32 - 1
P = 1000003     # matrix products 2x2, 3x3 and linear functions (i64)
P5 = 10007      # matrix product 5x5 (i32)
N = 100000


def stream(j):
    """Input stream j: u(g) = h(64 g + j) for g in [0, N), where
    h(x) = ((x K1) xor ((x K1) >> 15)) K2 with products mod 2^32."""
    return [((h1 ^ (h1 >> 15)) * 0x85EBCA6B) & MASK
            for h1 in ((x * 0x9E3779B1) & MASK
                       for x in range(j, 64 * N, 64))]


def wrap(v, bits):
    """v as a signed integer of the given width."""
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def weight(s):
    return s % 1000 + 1


def tup(values):
    return "( " + ", ".join(str(v) for v in values) + " )"


# The inputs as (rows, cols), rows None for the one-dimensional input;
# element (s, i) of a stream is u(s * cols + i). 100 x 1000 comes first for
# its row products.
INPUTS = [(100, 1000), (None, N), (1000, 7)]
ROW_PRODUCTS = {}
STREAMS = [stream(j) for j in range(31)]


def checksum(results):
    """results[s] is the tuple of segment s."""
    return sum(weight(s) * sum((k + 1) * v for k, v in enumerate(r))
               for s, r in enumerate(results))


LINES = {}  # the output lines of every input, by label


def emit(label, line):
    LINES.setdefault(label, []).append(line)


def report(name, label, results, flat):
    if flat:
        emit(label, "%s %s: %s" % (name, label, tup(results[0])))
    else:
        emit(label, "%s %s: checksum = %d" % (name, label, checksum(results)))


def matprod(d, p, mats):
    """The product, from left to right, of mats (each the tuple of its d x d
    entries in row-major order), in the same form."""
    acc = [int(r == c) for r in range(d) for c in range(d)]
    for m in mats:
        rows = [acc[r * d:(r + 1) * d] for r in range(d)]
        cols = [m[c::d] for c in range(d)]
        acc = [sum(map(mul, row, col)) % p for row in rows for col in cols]
    return acc


def mss(xs):
    best = cur = 0
    for x in xs:                     # Kadane
        cur = max(0, cur + x)
        best = max(best, cur)
    prefix = [0]
    for x in xs:
        prefix.append(prefix[-1] + x)
    total = prefix[-1]
    mis = max(prefix)
    mcs = max(total - q for q in prefix)
    return (best, mis, mcs, total)


def lss(xs):
    """Longest non-decreasing run, the one at the start, the one at the end,
    the length, the first and the last element (0 when empty)."""
    if not xs:
        return (0, 0, 0, 0, 0, 0)
    runs, length = [], 1
    for a, b in zip(xs, xs[1:]):
        if a <= b:
            length += 1
        else:
            runs.append(length)
            length = 1
    runs.append(length)
    return (max(runs), runs[0], runs[-1], len(xs), xs[0], xs[-1])


def linfun(funcs):
    def apply(x):
        for a, b in funcs:
            x = (a + b * x) % P
        return x
    f0 = apply(0)
    return (f0, (apply(1) - f0) % P)


def argmax(xs):
    m = max(xs)
    return (m, xs.index(m))


def tuple_sum(us):
    i1 = sum(v & 1 for v in us) % 2
    i8 = wrap(sum(wrap(v >> 1, 8) for v in us), 8)
    i16 = wrap(sum(wrap(v >> 9, 16) for v in us), 16)
    i32 = wrap(sum(wrap(v, 32) for v in us), 32)
    i64 = sum((v << 8) - 2**39 for v in us)
    f32x4 = sum(((v >> 12) & 255) - 128 for v in us)          # in quarters
    f64x1024 = sum(((v >> 4) & 0xFFFFF) - 2**19 for v in us)  # in 1/1024
    assert abs(i64) < 2**63
    return (i1, i8, i16, i32, i64, f32x4, f64x1024)


def mss_input(v):
    return (v >> 24) - 128


for rows, cols in INPUTS:
    flat = rows is None
    label = "%d" % cols if flat else "%d x %d" % (rows, cols)

    def segments(j):
        """The segments of stream j."""
        if flat:
            return [STREAMS[j][:cols]]
        return [STREAMS[j][s * cols:(s + 1) * cols] for s in range(rows)]

    for d, p, name in ((2, P, "mm2x2"), (3, P, "mm3x3"), (5, P5, "mm5x5")):
        if flat:
            # By associativity, the product of all N matrices is the product
            # of the products of the 100 rows of 1000 (computed below first,
            # in order): this halves the reference's time.
            report(name, label, [matprod(d, p, ROW_PRODUCTS[name])], flat)
            continue
        # Entry k of the matrices is stream k mod p: the matrices of a
        # segment are the tuples of the d * d streams' elements.
        entries = [segments(k) for k in range(d * d)]
        results = [matprod(d, p,
                           zip(*[[v % p for v in e[s]] for e in entries]))
                   for s in range(len(entries[0]))]
        if rows * cols == N:
            ROW_PRODUCTS[name] = results
        report(name, label, results, flat)

    xs = [[mss_input(v) for v in seg] for seg in segments(25)]
    report("mss", label, [mss(x) for x in xs], flat)

    ys = [[v >> 30 for v in seg] for seg in segments(26)]
    report("lss", label, [lss(y) for y in ys], flat)

    report("linfun", label,
           [linfun([(a % P, b % P) for a, b in zip(sa, sb)])
            for sa, sb in zip(segments(27), segments(28))], flat)

    zs = [[v >> 22 for v in seg] for seg in segments(29)]
    report("argmax", label, [argmax(z) for z in zs], flat)

    sums = [tuple_sum(seg) for seg in segments(30)]
    if flat:
        emit(label, "tuple sum %s: i1 = %d, i8 = %d, i16 = %d, i32 = %d, "
             "i64 = %d, f32 x 4 = %d, f64 x 1024 = %d" % ((label,) + sums[0]))
    else:
        cs = [sum(weight(s) * r[k] for s, r in enumerate(sums))
              for k in range(7)]
        emit(label, "tuple sum %s: checksums i1 = %d, i8 = %d, i16 = %d, "
             "i32 = %d, i64 = %d, f32 x 4 = %d, f64 x 1024 = %d"
             % ((label,) + tuple(cs)))

    # Fused: the sum and the MSS of the MSS input, and the squares of its
    # elements, weighted by the position g = s * cols + i of each.
    squares = sum(weight(g) * x * x
                  for g, x in enumerate(v for seg in xs for v in seg))
    if flat:
        emit(label, "fused %s: sum = %d, mss = %s, squares checksum = %d"
             % (label, sum(xs[0]), tup(mss(xs[0])), squares))
    else:
        emit(label, "fused %s: sum checksum = %d, mss checksum = %d, "
             "squares checksum = %d"
             % (label, checksum([(sum(x),) for x in xs]),
                checksum([mss(x) for x in xs]), squares))

# The one-dimensional input first, as the program prints it.
for label in ["%d" % N, "100 x 1000", "1000 x 7"]:
    print("\n".join(LINES[label]))
