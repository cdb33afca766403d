"""The histograms of hist.mlir in plain Python: prints what @main prints."""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
data = [((i * 2654435761) % 2**32) >> 8 for i in range(n)]


def summary(name, h):
    checksum = sum(x * (b % 1009 + 1) for b, x in enumerate(h))
    nonzero = sum(1 for x in h if x != 0)
    print(f"{name}: {checksum}, {nonzero}, {h[0]}, {h[-1]}")


def histogram(bins, neutral, combine, points, segments=1):
    """Twice over the same histograms, as @main calls every case twice."""
    h = [neutral] * (segments * bins)
    for _ in range(2):
        for s, b, v in points:
            if 0 <= b < bins:
                h[s * bins + b] = combine(h[s * bins + b], v)
    return h


def add(a, b):
    return a + b


for bins in [10, 256, 65536, 1000000]:
    summary(f"bincount{bins}",
            histogram(bins, 0, add, [(0, d % bins, 1) for d in data]))
summary("fsum256", histogram(256, 0, add,
                             [(0, d % 256, (d // 256) % 100) for d in data]))
summary("argmin1000",
        histogram(1000, 2**64 - 1, min,
                  [(0, d % 1000, ((d // 1000) << 32) | i)
                   for i, d in enumerate(data)]))
summary("f32max128", [int(x) for x in histogram(
    128, -1.0, max, [(0, d % 128, ((d // 128) % 1000) * 0.125)
                     for d in data])])
summary("u8max64", histogram(64, 0, max,
                             [(0, d % 64, (d // 64) % 256) for d in data]))
summary("segments2x300",
        histogram(300, 0, add, [(s, (d + 7 * s) % 300, 1)
                                for s in range(2) for d in data], segments=2))
summary("outofrange100",
        histogram(100, 0, add, [(0, d % 140 - 20, 1) for d in data]))
summary("onebin256", histogram(256, 0, add, [(0, 3, d & 15) for d in data]))
