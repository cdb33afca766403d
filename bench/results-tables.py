#!/usr/bin/env python3
"""Prints, as Markdown, the ratios bench/RESULTS.md records from
segir-bench JSON files and the peers' (bench/peers/peers.py, the same
format): the f32 sum against CUB, torch.sum and the copy; the
non-commutative reductions as a share of the copy; the segmented sums
against CUB (offsets in memory, with the longest segment's hint, and the
fixed-size API) and torch at every shape; the flat scan against CUB (also
its deterministic look-ahead scan) and torch.cumsum; the segmented scans
against CUB's InclusiveSumByKey and DeviceSegmentedScan and torch.cumsum;
SGEMM, TF32 and BF16 products against cuBLAS and Triton; the column
schedule against row order; the resource model's choices against the best
variant of each sweep (marked when more than 10% slower); the histograms
against CUB; and whether the performance goals were met.

Ratios are SegIR's time over the other's (above 1: SegIR is slower), by
whole host call and, in brackets, by time on the GPU (span).

usage: results-tables.py RESULTS.json [MORE.json...]
(several files: runs of single groups, `segir-bench --only GROUP`, and the
peers' file, taken together; the header is the first file's)
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

    def maybe(r, show):
        return show(r) if r else "-"

    def scan_rows(name, impls, with_cub_pct=False):
        """Per shape and SegIR variant: its time, the others' (`impls`),
        its share of the copy (and the first other's) and the ratios."""
        rows = []
        for shape in shapes("scan", name):
            others = [one("scan", name, impl, shape) for impl in impls]
            for s in find("scan", name, "segir", shape):
                rows.append([shape, s.get("variant", ""), ms(s)] +
                            [maybe(o, ms) for o in others] + [pct(s)] +
                            ([maybe(others[0], pct)] if with_cub_pct else [])
                            + [vs(s, o) for o in others])
        return rows

    def vs(a, b):
        return ratio(a, b) if a and b else "-"

    print("%s (sm_%s), driver %d, runtime %d, %s, n = 2^%d, median of %d "
          "after %d warm-up runs; copy %.0f GB/s\n" %
          (data["device"], data["compute_capability"].replace(".", ""),
           data["driver_version"], data["runtime_version"],
           "CUB of CCCL " + data.get("cccl_version", "?"), data["log2n"],
           data["reps"], data["warmup"], data["copy_gbps"]))
    for run in runs:
        if "peers" in run:
            print("Peers: %s\n" % ", ".join(
                "%s %s" % (k, v) for k, v in sorted(run["peers"].items())))

    print("**f32 sum**\n")
    segir, cub = one("reduce", impl="segir"), one("reduce", impl="cub")
    torch = one("reduce", impl="torch")
    if segir and cub:
        table(["SegIR ms", "CUB ms", "torch.sum ms", "SegIR % of copy",
               "CUB % of copy", "SegIR / CUB", "SegIR / torch"],
              [[ms(segir), ms(cub), maybe(torch, ms), pct(segir), pct(cub),
                ratio(segir, cub), vs(segir, torch)]])

    print("**Non-commutative reductions** (the model's chunk, and chunk 1)\n")
    table(["operator", "variant", "ms", "% of copy"],
          [[r["name"], r["variant"], ms(r), pct(r)]
           for r in find("noncommutative")])

    print("**Segmented sums** (rows x columns; CUB with offsets in memory, "
          "with the hint max_segment_size = columns, and its fixed-size "
          "API)\n")
    rows = []
    for shape in shapes("segmented", "segsum_f32"):
        s = one("segmented", impl="segir", shape=shape)
        c = one("segmented", impl="cub", shape=shape)
        h = one("segmented", impl="cub-hint", shape=shape)
        f = one("segmented", impl="cub-fixed", shape=shape)
        t = one("segmented", impl="torch", shape=shape)
        if not s:
            continue
        rows.append([shape, ms(s), maybe(c, ms), maybe(h, ms), maybe(f, ms),
                     maybe(t, ms), pct(s), vs(s, f), vs(s, c), vs(s, h),
                     vs(s, t)])
    table(["shape", "SegIR ms", "CUB ms", "CUB hint ms", "CUB fixed ms",
           "torch ms", "SegIR % of copy", "SegIR / CUB fixed", "SegIR / CUB",
           "SegIR / CUB hint", "SegIR / torch"], rows)

    print("**Flat scan** (inclusive f32 sum; CUB: DeviceScan::InclusiveSum, "
          "and with run-to-run determinism, its warp-specialised look-ahead "
          "scan; torch.cumsum)\n")
    table(["shape", "SegIR", "SegIR ms", "CUB ms", "CUB warpspeed ms",
           "torch ms", "SegIR % of copy", "CUB % of copy", "SegIR / CUB",
           "SegIR / CUB warpspeed", "SegIR / torch"],
          scan_rows("inclusive_sum_f32", ["cub", "cub-warpspeed", "torch"],
                    with_cub_pct=True))

    print("**Segmented scans** (rows x columns; CUB: InclusiveSumByKey with "
          "the row as key, and DeviceSegmentedScan; torch.cumsum over rows)"
          "\n")
    table(["shape", "SegIR", "SegIR ms", "CUB by key ms", "CUB segmented ms",
           "torch ms", "SegIR % of copy", "SegIR / CUB by key",
           "SegIR / CUB segmented", "SegIR / torch"],
          scan_rows("segscan_f32", ["cub", "cub-segmented", "torch"]))

    print("**SGEMM** (row-major; sgemm_f32: FP32, cuBLAS without TF32, "
          "Triton's dot in IEEE FP32; sgemm_tf32: TF32 tensor cores, SegIR "
          "mma=tf32, cuBLAS TF32 math, Triton's dot in TF32; gemm_bf16: bf16 "
          "inputs, f32 accumulation, SegIR mma=bf16, cuBLAS GemmEx with FP32 "
          "compute, Triton)\n")
    rows = []
    for name in ("sgemm_f32", "sgemm_tf32", "gemm_bf16"):
        for shape in shapes("sgemm", name):
            s = one("sgemm", name, "segir", shape)
            c = one("sgemm", name, "cublas", shape)
            t = one("sgemm", name, "triton", shape)
            if s and (c or t):
                rows.append([name, shape, "%.0f" % s["gflops"],
                             maybe(c, lambda r: "%.0f" % r["gflops"]),
                             maybe(t, lambda r: "%.0f" % r["gflops"]),
                             vs(s, c), vs(s, t)])
    table(["product", "m x n x k", "SegIR GFLOP/s", "cuBLAS GFLOP/s",
           "Triton GFLOP/s", "SegIR / cuBLAS", "SegIR / Triton"], rows)

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

    print("**Goals** (SegIR's best variant; the worst shape where there are "
          "several)\n")
    table(["goal", "measured", "met"], goals(find, one, shapes))
    return 0


def goals(find, one, shapes):
    """Rows (goal, the worst measured figure and where, met) of the
    performance goals: speed over the yardstick's (its time over SegIR's
    whole host call) or a share of the copy's bandwidth."""
    def best(group, name, shape):
        found = find(group, name, "segir", shape)
        return min(found, key=lambda r: r["median_ms"]) if found else None

    def speedups(group, name, impl):
        out = []
        for shape in shapes(group, name):
            s, o = best(group, name, shape), one(group, name, impl, shape)
            if s and o:
                out.append((o["host_call_ms"] / s["host_call_ms"], shape))
        return out

    def shares(group, name):
        return [(best(group, name, shape)["pct_copy"] / 100, shape)
                for shape in shapes(group, name) if best(group, name, shape)]

    rows = []
    for text, measured, target, unit in [
            ("flat scan at least 1.0x CUB",
             speedups("scan", "inclusive_sum_f32", "cub"), 1.0, "x"),
            ("segmented scan at least 80% of copy at every segment size",
             shares("scan", "segscan_f32"), 0.8, "%"),
            ("segmented sums at least 0.97x CUB's fixed-size API",
             speedups("segmented", "segsum_f32", "cub-fixed"), 0.97, "x"),
            ("SGEMM at least 0.9x cuBLAS",
             speedups("sgemm", "sgemm_f32", "cublas"), 0.9, "x"),
            ("TF32 at least 0.8x cuBLAS TF32",
             speedups("sgemm", "sgemm_tf32", "cublas"), 0.8, "x"),
            ("u8 histogram at least 1.0x CUB",
             speedups("hist", "hist_u8", "cub"), 1.0, "x")]:
        if not measured:
            rows.append([text, "not measured", "-"])
            continue
        worst, where = min(measured)
        figure = "%.1f%%" % (100 * worst) if unit == "%" else \
            "%.2fx" % worst
        rows.append([text, "%s (%s)" % (figure, where),
                     "yes" if worst >= target else "**no**"])
    return rows



if __name__ == "__main__":
    sys.exit(main())
