"""The histograms of hist-float.mlir in plain Python: prints what @main
prints."""
import math
import struct

n = 100000
data = [((i * 2654435761) % 2**32) >> 8 for i in range(n)]
INF, NAN = math.inf, math.nan


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def key(x, fmt):
    """The bit pattern of x in format fmt (NaN as 1)."""
    if math.isnan(x):
        return 1
    if fmt == "bf16":
        return struct.unpack("<I", struct.pack("<f", x))[0] >> 16
    code, unsigned = {"f32": ("<f", "<I"), "f64": ("<d", "<Q"),
                      "f16": ("<e", "<H")}[fmt]
    return struct.unpack(unsigned, struct.pack(code, x))[0]


def signed64(x):
    x %= 2**64
    return x - 2**64 if x >= 2**63 else x


def summary(name, h, fmt):
    keys = [key(x, fmt) for x in h]
    checksum = signed64(sum(k * (b % 1009 + 1) for b, k in enumerate(keys)))
    nonzero = sum(1 for k in keys if k != 0)
    print(f"{name}: {checksum}, {nonzero}, {signed64(keys[0])}, "
          f"{signed64(keys[-1])}")


def maximum(a, b):
    """arith.maximumf: NaN propagates, -0.0 < +0.0."""
    if math.isnan(a) or math.isnan(b):
        return NAN
    if a == b == 0:
        return a if math.copysign(1, a) > 0 else b
    return max(a, b)


def minimum(a, b):
    """arith.minimumf: NaN propagates, -0.0 < +0.0."""
    if math.isnan(a) or math.isnan(b):
        return NAN
    if a == b == 0:
        return a if math.copysign(1, a) < 0 else b
    return min(a, b)


def maxnum(a, b):
    """arith.maxnumf: the other operand of a NaN."""
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return max(a, b)


def histogram(bins, neutral, combine, value):
    """Twice over the same histogram, as @main calls every case twice;
    value(d, q) is the value of the point with data d."""
    h = [neutral] * bins
    for _ in range(2):
        for d in data:
            b, q = d % bins, d // bins
            h[b] = combine(h[b], value(d, q))
    return h


def mixed(q, scale):
    return (q % 20001 - 10000) * scale


def with_nan(d, q, p, scale):
    return NAN if d % p == 0 else mixed(q, scale)


summary("f32maxneg64", histogram(64, -INF, maximum,
                                 lambda d, q: -(q % 100000) * 0.125 - 0.5),
        "f32")
summary("f32minmixed100",
        histogram(100, INF, minimum, lambda d, q: mixed(q, 0.125)), "f32")
summary("f64maxneg50", histogram(50, -1.0, maximum,
                                 lambda d, q: (q % 1501) * -0.001 - 0.5),
        "f64")
summary("f16maxmixed32", histogram(32, -INF, maximum,
                                   lambda d, q: (q % 2001 - 1000) * 0.125),
        "f16")
summary("bf16minmixed32",
        histogram(32, INF, minimum, lambda d, q: float(q % 201 - 100)), "bf16")
summary("f32maxzeros16", histogram(
    16, -INF, maximum,
    lambda d, q: 0.0 if q % 2 == 0 and (d % 16) % 2 == 1 else -0.0), "f32")
summary("f32minzeros16", histogram(
    16, INF, minimum,
    lambda d, q: -0.0 if q % 2 == 0 and (d % 16) % 2 == 1 else 0.0), "f32")
summary("f32maxnan64", histogram(64, -INF, maximum,
                                 lambda d, q: with_nan(d, q, 1009, 0.125)),
        "f32")
summary("f64minnan64", histogram(64, INF, minimum,
                                 lambda d, q: with_nan(d, q, 1013, 0.25)),
        "f64")
summary("f32maxnumnan64", histogram(64, -INF, maxnum,
                                    lambda d, q: with_nan(d, q, 1009, 0.125)),
        "f32")
