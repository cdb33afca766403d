#!/usr/bin/env python3
"""Plots a segir-bench JSON file (bench/README.md) into one PNG.

usage: plot.py RESULTS.json [-o OUT.png]

Panels: bandwidth of the reductions and the scan as % of the
device-to-device copy; segmented sums over the segment shapes; SGEMM
GFLOP/s. Missing SegIR implementations are left out of the bars and
named in the panel's title. Needs matplotlib; without it, says so and
exits with status 0 (the JSON file holds every number).
"""

import argparse
import json
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results")
    parser.add_argument("-o", "--output", default="bench-results.png")
    args = parser.parse_args()
    with open(args.results) as f:
        data = json.load(f)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot.py: matplotlib is not installed; no plot "
              "(the numbers are in " + args.results + ")")
        return 0

    results = data["results"]
    measured = [r for r in results if r["status"] == "ok"]
    missing = [r for r in results if r["status"] == "missing"]

    fig, axes = plt.subplots(1, 3, figsize=(18, 5.5))
    fig.suptitle("%s, n = 2^%d, median of %d runs" %
                 (data["device"], data["log2n"], data["reps"]))

    bars = [r for r in measured
            if r["group"] in ("reduce", "noncommutative", "scan")]
    ax = axes[0]
    ax.bar(range(len(bars)), [r["pct_copy"] for r in bars],
           color=["tab:blue" if r["impl"] == "segir" else "tab:gray"
                  for r in bars])
    ax.set_xticks(range(len(bars)))
    ax.set_xticklabels(["%s\n%s" % (r["name"], r["impl"]) for r in bars],
                       rotation=45, ha="right", fontsize=8)
    ax.set_ylabel("%% of copy bandwidth (%.0f GB/s)" % data["copy_gbps"])
    ax.set_title("reductions and scan" + missing_note(
        missing, ("reduce", "noncommutative", "scan")))

    ax = axes[1]
    for impl, style in (("segir", "o-"), ("cub", "s--")):
        points = [r for r in measured
                  if r["group"] == "segmented" and r["impl"] == impl]
        if points:
            ax.plot(range(len(points)), [r["pct_copy"] for r in points],
                    style, label=impl)
            ax.set_xticks(range(len(points)))
            ax.set_xticklabels([r["shape"] for r in points], rotation=45,
                               ha="right", fontsize=8)
    ax.set_ylabel("% of copy bandwidth")
    ax.set_xlabel("segments x segment length")
    ax.set_title("segmented f32 sum" + missing_note(missing, ("segmented",)))
    ax.legend()

    gemm = [r for r in measured if r["group"] == "sgemm"]
    ax = axes[2]
    ax.bar(range(len(gemm)), [r["gflops"] for r in gemm],
           color=["tab:blue" if r["impl"] == "segir" else "tab:gray"
                  for r in gemm])
    ax.set_xticks(range(len(gemm)))
    ax.set_xticklabels(["%s\n%s" % (r["shape"], r["impl"]) for r in gemm],
                       rotation=45, ha="right", fontsize=8)
    ax.set_ylabel("GFLOP/s (FP32, no TF32)")
    ax.set_title("SGEMM" + missing_note(missing, ("sgemm",)))

    fig.tight_layout()
    fig.savefig(args.output, dpi=120)
    print("plot.py: wrote " + args.output)
    return 0


def missing_note(missing, groups):
    names = sorted({"%s %s" % (r["impl"], r["name"]) for r in missing
                    if r["group"] in groups})
    return "\n(missing: %s)" % ", ".join(names) if names else ""


if __name__ == "__main__":
    sys.exit(main())
