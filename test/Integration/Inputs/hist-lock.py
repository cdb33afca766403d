# hist-lock.py - the histograms of hist-lock.mlir in plain Python, printed
# as its @main prints them.

N = 20000
DATA = [((i * 2654435761) % 2**32) >> 8 for i in range(N)]
WRAP = 2**64
NONE = WRAP - 1


def signed(x):
    x %= WRAP
    return x - WRAP if x >= 2**63 else x


def summary(h):
    checksum = sum((x % WRAP) * (b % 1009 + 1) for b, x in enumerate(h))
    nonzero = sum(1 for x in h if x % WRAP)
    return "%d, %d, %d, %d" % (signed(checksum), nonzero, signed(h[0]),
                               signed(h[-1]))


def argmin(bins, bin_of):
    best = [(NONE, NONE)] * bins
    for i, d in enumerate(DATA):
        key = (d // bins) ^ 703710
        b = bin_of(d)
        best[b] = min(best[b], (key, i))
    return [k for k, _ in best], [i for _, i in best]


for name, bins, bin_of in [("argmin spread", 1000, lambda d: d % 1000),
                           ("argmin one bin", 16, lambda d: 7)]:
    keys, ids = argmin(bins, bin_of)
    print("%s keys: %s" % (name, summary(keys)))
    print("%s ids: %s" % (name, summary(ids)))

# Two calls accumulate the sums and counts; the maximum stays.
sums, counts, maxs = [0] * 100, [0] * 100, [0] * 100
for s in range(2):
    for i, d in enumerate(DATA):
        b = 50 * s + (d + 3 * s) % 50
        sums[b] += 2 * (d % 1000)
        counts[b] += 2
        maxs[b] = max(maxs[b], i)
print("sumcountmax sums: " + summary(sums))
print("sumcountmax counts: " + summary(counts))
print("sumcountmax maxs: " + summary(maxs))
