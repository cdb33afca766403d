#!/usr/bin/env python3
"""Prints, as Markdown, the ratios bench/RESULTS.md records from one
segir-bench JSON file: the f32 sum against CUB and the copy; the
non-commutative reductions as a share of the copy; the segmented sums against
CUB (offsets in memory and from an iterator) at every shape; the scans
against CUB and the copy; SGEMM against cuBLAS; the column schedule against
row order; the resource model's choices against the best variant of each
sweep (marked when more than 10% slower); the histograms against CUB.

Ratios are SegIR's time over the other's (above 1: SegIR is slower), by
whole host call and, in brackets, by time on the GPU (span).

usage: results-tables.py RESULTS.json [MORE.json...]
(several files: runs of single groups, `segir-bench --only GROUP`, taken
together; the header is the first file's)
"""
import json
import sys


def ms(r):
    return "%.3f" % r["median_ms"]


def ratio(a, b):
    return "%.2fx (%.2fx)" % (a["host_call_ms"] / b["host_call_ms"],
                              a["span_ms"] / b["span_ms"])


def pct(r):
    return "%.1f%%" % r["pct_copy"]


def table(header, rows):
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    runs = []
    for path in sys.argv[1:]:
        try:
            with open(path) as f:
                runs.append(json.load(f))
            runs[-1]["results"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            print("results-tables.py: %s is not a segir-bench JSON file (%s)"
                  % (path, e), file=sys.stderr)
            return 1
    data = runs[0]
    results = [r for run in runs for r in run["results"]
               if r["status"] == "ok"]

    def find(group, name=None, impl=None, shape=None, variant=None):
        return [r for r in results
                if r["group"] == group and name in (None, r["name"])
                and impl in (None, r["impl"]) and shape in (None, r["shape"])
                and variant in (None, r.get("variant"))]

    def one(*args, **kwargs):
        found = find(*args, **kwargs)
        return found[0] if found else None

    def shapes(group, name):
        seen = []
        for r in find(group, name):
            if r["shape"] not in seen:
                seen.append(r["shape"])
        return seen

    print("%s (sm_%s), driver %d, runtime %d, n = 2^%d, median of %d after "
          "%d warm-up runs; copy %.0f GB/s\n" %
          (data["device"], data["compute_capability"].replace(".", ""),
           data["driver_version"], data["runtime_version"], data["log2n"],
           data["reps"], data["warmup"], data["copy_gbps"]))

    print("**f32 sum**\n")
    segir, cub = one("reduce", impl="segir"), one("reduce", impl="cub")
    if segir and cub:
        table(["SegIR ms", "CUB ms", "SegIR % of copy", "CUB % of copy",
               "SegIR / CUB"],
              [[ms(segir), ms(cub), pct(segir), pct(cub), ratio(segir, cub)]])

    print("**Non-commutative reductions** (the model's chunk, and chunk 1)\n")
    table(["operator", "variant", "ms", "% of copy"],
          [[r["name"], r["variant"], ms(r), pct(r)]
           for r in find("noncommutative")])

    print("**Segmented sums** (rows x columns)\n")
    rows = []
    for shape in shapes("segmented", "segsum_f32"):
        s = one("segmented", impl="segir", shape=shape)
        c = one("segmented", impl="cub", shape=shape)
        f = one("segmented", impl="cub-fixed", shape=shape)
        if not (s and c):
            continue
        rows.append([shape, ms(s), ms(c), ms(f) if f else "-", pct(s),
                     ratio(s, c), ratio(s, f) if f else "-"])
    table(["shape", "SegIR ms", "CUB ms", "CUB fixed ms", "SegIR % of copy",
           "SegIR / CUB", "SegIR / CUB fixed"], rows)

    print("**Scans** (inclusive f32 sums; segmented: rows x columns)\n")
    rows = []
    for name in ("inclusive_sum_f32", "segscan_f32"):
        for shape in shapes("scan", name):
            c = one("scan", name, "cub", shape)
            for s in find("scan", name, "segir", shape):
                rows.append([name, shape, s.get("variant", ""), ms(s),
                             ms(c) if c else "-", pct(s),
                             pct(c) if c else "-",
                             ratio(s, c) if c else "-"])
    table(["scan", "shape", "SegIR", "SegIR ms", "CUB ms", "SegIR % of copy",
           "CUB % of copy", "SegIR / CUB"], rows)

    print("**SGEMM** (row-major; sgemm_f32: FP32, cuBLAS without TF32; "
          "sgemm_tf32: TF32 tensor cores, SegIR mma=tf32 and cuBLAS TF32 "
          "math; gemm_bf16: bf16 inputs, f32 accumulation, SegIR mma=bf16 "
          "and cuBLAS GemmEx with FP32 compute)\n")
    rows = []
    for name in ("sgemm_f32", "sgemm_tf32", "gemm_bf16"):
        for shape in shapes("sgemm", name):
            s = one("sgemm", name, "segir", shape)
            c = one("sgemm", name, "cublas", shape)
            if s and c:
                rows.append([name, shape, "%.0f" % s["gflops"],
                             "%.0f" % c["gflops"], ratio(s, c)])
    table(["product", "m x n x k", "SegIR GFLOP/s", "cuBLAS GFLOP/s",
           "SegIR / cuBLAS"], rows)

    print("**Column schedule** (time over row order's)\n")
    rows = []
    for name in dict.fromkeys(r["name"] for r in find("schedule")):
        base = one("schedule", name, variant="rows")
        for r in find("schedule", name):
            rows.append([name, r["shape"], r["variant"], ms(r),
                         "%.2fx" % (r["median_ms"] / base["median_ms"])])
    table(["kernel", "shape", "schedule", "ms", "vs rows"], rows)

    print("**The resource model against each sweep's best variant**\n")
    rows = []
    for name in dict.fromkeys(r["name"] for r in find("model")):
        for shape in shapes("model", name):
            sweep = find("model", name, shape=shape)
            model = [r for r in sweep if r.get("model_choice")]
            if not model:
                continue
            best = min(sweep, key=lambda r: r["median_ms"])
            gap = model[0]["median_ms"] / best["median_ms"] - 1
            rows.append([name, shape, ms(model[0]), best["variant"], ms(best),
                         "%+.1f%%%s" % (100 * gap,
                                        " **> 10%**" if gap > 0.1 else "")])
    table(["kernel", "shape", "model ms", "best variant", "best ms",
           "model slower by"], rows)

    print("**Histograms**\n")
    rows = []
    for name in dict.fromkeys(r["name"] for r in find("hist")):
        for shape in shapes("hist", name):
            c = one("hist", name, "cub", shape)
            for s in find("hist", name, "segir", shape):
                rows.append([name, shape, s["variant"], ms(s),
                             ms(c) if c else "-", pct(s),
                             ratio(s, c) if c else "-"])
    table(["histogram", "shape", "SegIR", "SegIR ms", "CUB ms",
           "SegIR % of copy", "SegIR / CUB"], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
