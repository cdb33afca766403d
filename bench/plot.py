#!/usr/bin/env python3
"""Plots a segir-bench JSON file (bench/README.md) into one PNG.

usage: plot.py RESULTS.json [MORE.json...] [-o OUT.png]
(several files: runs of single groups, `segir-bench --only GROUP`, plotted
together; the title and the copy bandwidth are the first file's)

Panels: bandwidth of the reductions and the flat scans as % of the
device-to-device copy; segmented sums and scans over the segment shapes;
SGEMM GFLOP/s; the column schedules' and the model sweeps' times relative
to the fastest variant of each benchmark (the model's choice orange).
Missing SegIR implementations are left out of the bars and named in the
panel's title. Needs matplotlib; without it, says so and
exits with status 0 (the JSON file holds every number).
"""

import argparse
import json
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results", nargs="+")
    parser.add_argument("-o", "--output", default="bench-results.png")
    args = parser.parse_args()
    runs = []
    for path in args.results:
        with open(path) as f:
            runs.append(json.load(f))
    data = runs[0]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot.py: matplotlib is not installed; no plot "
              "(the numbers are in " + " ".join(args.results) + ")")
        return 0

    results = [r for run in runs for r in run["results"]]
    measured = [r for r in results if r["status"] == "ok"]
    missing = [r for r in results if r["status"] == "missing"]

    fig, grid = plt.subplots(2, 3, figsize=(18, 11))
    axes = [a for row in grid for a in row]
    fig.suptitle("%s, n = 2^%d, median of %d runs" %
                 (data["device"], data["log2n"], data["reps"]))

    bars = [r for r in measured
            if r["group"] in ("reduce", "noncommutative")
            or (r["group"] == "scan" and r["name"] == "inclusive_sum_f32")]
    ax = axes[0]
    ax.bar(range(len(bars)), [r["pct_copy"] for r in bars],
           color=["tab:blue" if r["impl"] == "segir" else "tab:gray"
                  for r in bars])
    ax.set_xticks(range(len(bars)))
    ax.set_xticklabels(["%s\n%s" % (r["name"], label(r)) for r in bars],
                       rotation=45, ha="right", fontsize=8)
    ax.set_ylabel("%% of copy bandwidth (%.0f GB/s)" % data["copy_gbps"])
    ax.set_title("reductions and scan" + missing_note(
        missing, ("reduce", "noncommutative", "scan")))

    ax = axes[1]
    lines = {}
    for r in measured:
        if r["group"] == "segmented" or (r["group"] == "scan" and
                                         r["name"] == "segscan_f32"):
            lines.setdefault("%s %s" % (r["name"], label(r)), []).append(r)
    for key, points in lines.items():
        ax.plot(range(len(points)), [r["pct_copy"] for r in points],
                "o-" if "segir" in key else "s--", label=key)
        ax.set_xticks(range(len(points)))
        ax.set_xticklabels([r["shape"] for r in points], rotation=45,
                           ha="right", fontsize=8)
    ax.set_ylabel("% of copy bandwidth")
    ax.set_xlabel("segments x segment length")
    ax.set_title("segmented f32 sum and scan" +
                 missing_note([r for r in missing
                               if r["name"] != "inclusive_sum_f32"],
                              ("segmented", "scan")))
    if lines:
        ax.legend(fontsize=8)

    gemm = [r for r in measured if r["group"] == "sgemm"]
    ax = axes[2]
    ax.bar(range(len(gemm)), [r["gflops"] for r in gemm],
           color=["tab:blue" if r["impl"] == "segir" else "tab:gray"
                  for r in gemm])
    ax.set_xticks(range(len(gemm)))
    ax.set_xticklabels(["%s %s\n%s" % (r["name"].split("_")[-1], r["shape"],
                                         r["impl"]) for r in gemm],
                       rotation=45, ha="right", fontsize=7)
    ax.set_ylabel("GFLOP/s (f32: FP32, no TF32; tf32, bf16: tensor cores)")
    ax.set_title("SGEMM" + missing_note(missing, ("sgemm",)))

    relative_panel(axes[3], measured, "schedule",
                   "column schedule vs row order")
    relative_panel(axes[4], [r for r in measured if r["name"] != "sgemm_f32"],
                   "model", "resource model: chunk")
    relative_panel(axes[5], [r for r in measured if r["name"] == "sgemm_f32"],
                   "model", "resource model: SGEMM tiles")

    fig.tight_layout()
    fig.savefig(args.output, dpi=120)
    print("plot.py: wrote " + args.output)
    return 0


def label(r):
    return r["impl"] + (" " + r["variant"] if "variant" in r else "")


def relative_panel(ax, measured, group, title):
    """Bars of each variant's median time over the fastest variant of the
    same benchmark and shape; the model's choice orange."""
    sweeps = {}
    for r in measured:
        if r["group"] == group:
            sweeps.setdefault((r["name"], r["shape"]), []).append(r)
    bars, ticks = [], []
    for (name, shape), variants in sweeps.items():
        fastest = min(r["median_ms"] for r in variants)
        for r in variants:
            bars.append((r["median_ms"] / fastest, r.get("model_choice")))
            ticks.append("%s %s\n%s" % (name, shape, r.get("variant", "")))
    ax.bar(range(len(bars)), [b[0] for b in bars],
           color=["tab:orange" if b[1] else "tab:blue" for b in bars])
    ax.set_xticks(range(len(bars)))
    ax.set_xticklabels(ticks, rotation=90, fontsize=6)
    ax.set_ylabel("median time / fastest variant")
    ax.set_title(title + " (orange: the model's choice)")


def missing_note(missing, groups):
    names = sorted({"%s %s" % (r["impl"], r["name"]) for r in missing
                    if r["group"] in groups})
    return "\n(missing: %s)" % ", ".join(names) if names else ""


if __name__ == "__main__":
    sys.exit(main())
