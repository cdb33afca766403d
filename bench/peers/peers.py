#!/usr/bin/env python3
"""peers.py - what a user would pick instead of SegIR, on segir-bench's
problems and timed as segir-bench times them.

* Triton: a tiled matrix product (row-major C = A B, f32 output), autotuned
  over a few tile configurations, with f32 inputs multiplied in IEEE FP32
  (sgemm_f32) or in TF32 on tensor cores (sgemm_tf32), and with bf16 inputs
  and f32 accumulation (gemm_bf16), at segir-bench's shapes.
* PyTorch: torch.sum and torch.cumsum, flat and over the rows of
  segir-bench's segment shapes (sum_f32, segsum_f32, inclusive_sum_f32,
  segscan_f32), and a device-to-device copy for the share of the copy.

Each call runs --warmup times, then --reps times; the median is reported,
by the whole host call (from the call to its completion) with the span
between CUDA events around it beside it, as segir-bench does. Every result
is checked: sums and scans of small integers exactly against float64,
products at sampled entries against float64 within segir-bench's bounds.
Writes segir-bench's JSON format (bench/README.md) with impl "triton" or
"torch", which bench/results-tables.py joins with the harness's files.

Where torch or a CUDA device is missing it prints "skipped: REASON", writes
nothing and exits 0; without Triton it measures the torch rows only.

usage: peers.py [--log2n K] [--warmup W] [--reps R] [--seed S]
                [--json FILE] [--only GROUP]...
       peers.py --compile-only [--arch 90]
  --compile-only compiles every Triton kernel and tile configuration for
  the GPU architecture without running anything (no GPU or torch needed).
"""
import argparse
import json
import os
import statistics
import sys
import time

GROUPS = ("reduce", "segmented", "scan", "sgemm")
SHAPES = ((1024, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 4096),
          (3001, 2011, 1999))
# What each product's inputs are and how Triton's dot multiplies them.
PRODUCTS = (("sgemm_f32", "fp32", "ieee"), ("sgemm_tf32", "fp32", "tf32"),
            ("gemm_bf16", "bf16", "ieee"))


def tile_configs():
    """(BLOCK_M, BLOCK_N, BLOCK_K, warps, stages) the autotuner tries; bf16
    takes twice the k-tile of f32 (the same bytes per stage)."""
    return {
        "fp32": [(128, 128, 32, 8, 3), (128, 64, 32, 4, 4),
                 (64, 128, 32, 4, 4), (64, 64, 32, 4, 4)],
        "bf16": [(128, 128, 64, 8, 3), (128, 256, 64, 8, 3),
                 (128, 64, 64, 4, 4), (64, 128, 64, 4, 4)],
    }


def make_matmul_kernel(triton, tl):
    """The Triton kernel: one program per BLOCK_M x BLOCK_N tile of C,
    programs ordered in groups of GROUP_M tile rows (for L2 reuse), a k-loop
    over BLOCK_K-wide slices with masked edges, f32 accumulation."""

    @triton.jit
    def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                      PRECISION: tl.constexpr, BLOCK_M: tl.constexpr,
                      BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                      GROUP_M: tl.constexpr):
        pid = tl.program_id(0)
        tiles_m = tl.cdiv(M, BLOCK_M)
        tiles_n = tl.cdiv(N, BLOCK_N)
        group = pid // (GROUP_M * tiles_n)
        first_m = group * GROUP_M
        group_rows = tl.minimum(tiles_m - first_m, GROUP_M)
        tile_m = first_m + (pid % (GROUP_M * tiles_n)) % group_rows
        tile_n = (pid % (GROUP_M * tiles_n)) // group_rows
        rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
        cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
        ks = tl.arange(0, BLOCK_K)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k0 in range(0, K, BLOCK_K):
            a = tl.load(a_ptr + rows[:, None] * K + (k0 + ks)[None, :],
                        mask=(rows[:, None] < M) & ((k0 + ks)[None, :] < K),
                        other=0.0)
            b = tl.load(b_ptr + (k0 + ks)[:, None] * N + cols[None, :],
                        mask=((k0 + ks)[:, None] < K) & (cols[None, :] < N),
                        other=0.0)
            acc = tl.dot(a, b, acc, input_precision=PRECISION)
        tl.store(c_ptr + rows[:, None] * N + cols[None, :], acc,
                 mask=(rows[:, None] < M) & (cols[None, :] < N))

    return matmul_kernel


def compile_only(arch):
    """Compiles the kernel for every product and configuration, for sm_<arch>,
    without a GPU."""
    import triton
    import triton.language as tl
    from triton.backends.compiler import GPUTarget
    kernel = make_matmul_kernel(triton, tl)
    target = GPUTarget("cuda", arch, 32)
    failures = 0
    for name, inputs, precision in PRODUCTS:
        for bm, bn, bk, warps, stages in tile_configs()[inputs]:
            pointer = "*fp32" if inputs == "fp32" else "*bf16"
            source = triton.compiler.ASTSource(
                fn=kernel,
                signature={"a_ptr": pointer, "b_ptr": pointer,
                           "c_ptr": "*fp32", "M": "i32", "N": "i32",
                           "K": "i32", "PRECISION": "constexpr",
                           "BLOCK_M": "constexpr", "BLOCK_N": "constexpr",
                           "BLOCK_K": "constexpr", "GROUP_M": "constexpr"},
                constexprs={"PRECISION": precision, "BLOCK_M": bm,
                            "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_M": 8})
            what = "%s %dx%dx%d, %d warps, %d stages" % (
                name, bm, bn, bk, warps, stages)
            try:
                compiled = triton.compile(
                    source, target=target,
                    options={"num_warps": warps, "num_stages": stages})
            except Exception as e:  # Triton raises its own error types.
                print("%s: FAILED: %s" % (what, str(e).splitlines()[0]))
                failures += 1
                continue
            ptx = compiled.asm["ptx"]
            math = next((op for op in ("wgmma", "mma.sync", "fma")
                         if op in ptx), "no math")
            print("%s: sm_%d, %d bytes of shared memory, %s" % (
                what, arch, compiled.metadata.shared, math))
    return 1 if failures else 0


class Timer:
    """segir-bench's timing: per call, the wall time from the call to its
    completion and the span between CUDA events around it on the stream."""

    def __init__(self, torch, warmup, reps):
        self.torch, self.warmup, self.reps = torch, warmup, reps

    def __call__(self, call):
        torch = self.torch
        for _ in range(self.warmup):
            call()
        torch.cuda.synchronize()
        host, span = [], []
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        for _ in range(self.reps):
            torch.cuda.synchronize()
            begin = time.perf_counter()
            start.record()
            call()
            stop.record()
            stop.synchronize()
            host.append((time.perf_counter() - begin) * 1e3)
            span.append(start.elapsed_time(stop))
        return host, span


class Peers:
    def __init__(self, torch, triton_modules, options):
        self.torch, self.o = torch, options
        self.timer = Timer(torch, options.warmup, options.reps)
        self.results = []
        self.copy_gbps = 0.0
        self.matmul = None
        if triton_modules:
            triton, tl = triton_modules
            kernel = make_matmul_kernel(triton, tl)
            configs = []
            for inputs, tiles in tile_configs().items():
                for bm, bn, bk, warps, stages in tiles:
                    configs.append(triton.Config(
                        {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk,
                         "GROUP_M": 8}, num_warps=warps, num_stages=stages))
            # Each input type tries its own configurations (prune_configs_by
            # drops the other type's).
            def keep(configs, named_args, **kwargs):
                wide = named_args["a_ptr"].element_size() == 2
                return [c for c in configs
                        if (c.kwargs["BLOCK_K"] == 64) == wide]
            self.matmul = triton.autotune(
                configs=configs, key=["M", "N", "K", "PRECISION"],
                prune_configs_by={"early_config_prune": keep})(kernel)
            self.triton = triton

    def record(self, group, name, impl, shape, timing, bytes_=0, flops=0,
               timing_kind="host_call"):
        host, span = timing
        primary = span if timing_kind == "span" else host
        r = dict(group=group, name=name, impl=impl, shape=shape, status="ok",
                 median_ms=statistics.median(primary), min_ms=min(primary),
                 timing=timing_kind, host_call_ms=statistics.median(host),
                 span_ms=statistics.median(span))
        if flops:
            r["gflops"] = flops / (r["median_ms"] * 1e6)
        else:
            r["bytes"] = bytes_
            r["gbps"] = bytes_ / (r["median_ms"] * 1e6)
            r["pct_copy"] = 100 * r["gbps"] / self.copy_gbps \
                if self.copy_gbps else 0
        self.results.append(r)
        print("%-10s %-18s %-7s %-16s %10.3f ms  [host call %.3f ms, span "
              "%.3f ms]  ok" % (group, name, impl, shape, r["median_ms"],
                                r["host_call_ms"], r["span_ms"]))
        sys.stdout.flush()

    def small_integers(self, n, seed):
        torch = self.torch
        g = torch.Generator(device="cuda").manual_seed(seed)
        return torch.randint(-8, 9, (n,), device="cuda", generator=g,
                             dtype=torch.int32).float()

    def check_equal(self, got, expected, what):
        if not bool((got.double() == expected).all()):
            raise SystemExit("peers.py: error: wrong result: %s" % what)

    def copy(self):
        n = 1 << self.o.log2n
        src = self.small_integers(n, self.o.seed)
        dst = self.torch.empty_like(src)
        timing = self.timer(lambda: dst.copy_(src))
        self.check_equal(dst, src.double(), "torch copy")
        self.copy_gbps = 8.0 * n / (statistics.median(timing[1]) * 1e6)
        self.record("copy", "d2d_copy_f32", "torch", "n=2^%d" % self.o.log2n,
                    timing, bytes_=8.0 * n, timing_kind="span")

    def segment_shapes(self):
        """segir-bench's: rows 2^0, 2^4, ..., and 2^log2n (segments of
        one)."""
        k = self.o.log2n
        return [(r, k - r) for r in list(range(0, k, 4)) + [k]]

    def reductions(self):
        torch, k = self.torch, self.o.log2n
        n = 1 << k
        x = self.small_integers(n, self.o.seed + 1)
        out = torch.empty((), device="cuda")
        if "reduce" in self.o.groups:
            timing = self.timer(lambda: torch.sum(x, dim=0, out=out))
            self.check_equal(out, x.double().sum(), "torch.sum")
            self.record("reduce", "sum_f32", "torch", "n=2^%d" % k, timing,
                        bytes_=4.0 * n)
        if "segmented" in self.o.groups:
            for r, c in self.segment_shapes():
                rows = x.view(1 << r, 1 << c)
                out = torch.empty(1 << r, device="cuda")
                timing = self.timer(lambda: torch.sum(rows, dim=1, out=out))
                self.check_equal(out, rows.double().sum(dim=1),
                                 "torch.sum over rows 2^%dx2^%d" % (r, c))
                self.record("segmented", "segsum_f32", "torch",
                            "2^%dx2^%d" % (r, c), timing,
                            bytes_=4.0 * n + 4.0 * (1 << r))

    def scans(self):
        torch, k = self.torch, self.o.log2n
        n = 1 << k
        x = self.small_integers(n, self.o.seed + 4)
        out = torch.empty_like(x)
        problems = [("inclusive_sum_f32", "n=2^%d" % k, x)]
        problems += [("segscan_f32", "2^%dx2^%d" % (r, c),
                      x.view(1 << r, 1 << c))
                     for r, c in self.segment_shapes()]
        for name, shape, rows in problems:
            result = out.view(rows.shape)
            timing = self.timer(
                lambda: torch.cumsum(rows, dim=-1, out=result))
            self.check_equal(result, rows.double().cumsum(dim=-1),
                             "torch.cumsum %s" % shape)
            self.record("scan", name, "torch", shape, timing, bytes_=8.0 * n)

    def products(self, after_each_shape):
        torch = self.torch
        g = torch.Generator(device="cuda").manual_seed(self.o.seed + 5)
        for m, n, k in SHAPES:
            # segir-bench's inputs: thousandths in [-1, 1].
            a = torch.randint(-1000, 1001, (m, k), device="cuda",
                              generator=g).float() / 1000
            b = torch.randint(-1000, 1001, (k, n), device="cuda",
                              generator=g).float() / 1000
            c = torch.empty((m, n), device="cuda")
            shape = "%dx%dx%d" % (m, n, k)
            for name, inputs, precision in PRODUCTS:
                if inputs == "bf16":
                    ta, tb = a.bfloat16(), b.bfloat16()
                else:
                    ta, tb = a, b

                def call():
                    grid = lambda meta: (
                        self.triton.cdiv(m, meta["BLOCK_M"]) *
                        self.triton.cdiv(n, meta["BLOCK_N"]),)
                    self.matmul[grid](ta, tb, c, m, n, k, PRECISION=precision)

                # The autotuner's first call times every configuration: never
                # in the timed calls, whatever the warm-up.
                call()
                c.fill_(float("nan"))
                timing = self.timer(call)
                self.check_product(ta.double(), tb.double(), c,
                                   2.0 ** -10 if precision == "tf32" else 0,
                                   "Triton %s %s" % (name, shape))
                self.record("sgemm", name, "triton", shape, timing,
                            flops=2.0 * m * n * k)
            after_each_shape()

    def check_product(self, a, b, c, input_error, what):
        """256 sampled entries within segir-bench's bound: (8 K 2^-24 +
        2 input_error) sum |a b| (f32 accumulation; TF32 inputs rounded)."""
        torch = self.torch
        m, k = a.shape
        n = b.shape[1]
        g = torch.Generator(device="cuda").manual_seed(self.o.seed)
        i = torch.randint(0, m, (256,), device="cuda", generator=g)
        j = torch.randint(0, n, (256,), device="cuda", generator=g)
        terms = a[i, :] * b[:, j].T
        exact = terms.sum(dim=1)
        bound = (8.0 * k * 2.0 ** -24 + 2 * input_error) * \
            terms.abs().sum(dim=1)
        error = (c[i, j].double() - exact).abs()
        if not bool((error <= bound).all()):
            worst = int((error - bound).argmax())
            raise SystemExit(
                "peers.py: error: wrong result: %s: C[%d][%d] = %g, expected "
                "%g" % (what, int(i[worst]), int(j[worst]),
                        float(c[i[worst], j[worst]]), float(exact[worst])))

    def document(self):
        torch = self.torch
        props = torch.cuda.get_device_properties(0)
        versions = {"torch": torch.__version__}
        if self.matmul is not None:
            versions["triton"] = self.triton.__version__
        return dict(device=props.name,
                    compute_capability="%d.%d" % (props.major, props.minor),
                    driver_version=0,
                    runtime_version=int(float(torch.version.cuda or 0) * 1000),
                    log2n=self.o.log2n, warmup=self.o.warmup,
                    reps=self.o.reps, copy_gbps=self.copy_gbps,
                    peers=versions, results=self.results)


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--log2n", type=int, default=28)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default="peers-results.json")
    parser.add_argument("--only", action="append", choices=GROUPS,
                        dest="groups")
    parser.add_argument("--compile-only", action="store_true")
    parser.add_argument("--arch", type=int, default=90)
    o = parser.parse_args(argv)
    if not 4 <= o.log2n <= 30 or o.reps < 1 or o.warmup < 0:
        parser.error("need 4 <= log2n <= 30, reps >= 1, warmup >= 0")
    o.groups = o.groups or list(GROUPS)
    if o.compile_only:
        try:
            import triton  # noqa: F401
        except ImportError as e:
            print("peers.py: skipped: no Triton (%s)" % e)
            return 0
        return compile_only(o.arch)

    try:
        import torch
    except ImportError as e:
        print("peers.py: skipped: no PyTorch (%s)" % e)
        return 0
    if not torch.cuda.is_available():
        print("peers.py: skipped: PyTorch sees no CUDA device")
        return 0
    triton_modules = None
    try:
        import triton
        import triton.language as tl
        triton_modules = (triton, tl)
    except ImportError as e:
        print("peers.py: no Triton (%s): its products skipped" % e)
    peers = Peers(torch, triton_modules, o)
    props = torch.cuda.get_device_properties(0)
    print("%s (sm_%d%d), torch %s%s, n = 2^%d, %d warm-up runs, median of %d"
          % (props.name, props.major, props.minor, torch.__version__,
             ", triton %s" % triton_modules[0].__version__
             if triton_modules else "", o.log2n, o.warmup, o.reps))
    # The file is written after each part, so that a run cut off keeps
    # what it measured.
    def write():
        with open(o.json + ".tmp", "w") as f:
            json.dump(peers.document(), f, indent=1)
            f.write("\n")
        os.replace(o.json + ".tmp", o.json)

    peers.copy()
    if "reduce" in o.groups or "segmented" in o.groups:
        peers.reductions()
        write()
    if "scan" in o.groups:
        peers.scans()
        write()
    if "sgemm" in o.groups and peers.matmul is not None:
        peers.products(write)
    write()
    print("wrote %s" % o.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
