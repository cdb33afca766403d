#!/usr/bin/env python3
"""seg-fuzz: grammar-aware mutations of SegIR's test corpus through every
pass and pipeline with random options.

usage: seg-fuzz.py --seg-opt BIN [--corpus DIR ...] [--seed N]
                   [--runs N | --time SECONDS] [--out DIR] [--timeout S]

Every run takes one program of the corpus (a `// -----` chunk of a .mlir
file under test/ or examples/), mutates it (sizes and constants to
boundary values, execution levels, element types, grid values, chunk,
tiles, deleted and duplicated body lines), and runs one pass or pipeline
with random options through seg-opt under a time and memory limit. Each run
is classified:

  ok          exit 0 without an error
  diagnostic  exit 1 with an `error:` diagnostic and no sign of a bug
  error-exit-0  exit 0 after an `error:` diagnostic (a pipeline must fail
              when it reports an error)
  crash       a signal or a stack dump with a frame in SegIR's code
              (crashes wholly in upstream code are counted apart: in the
              parser, upstream-parser-crash; in an upstream pass such as the
              canonicalizer that a pipeline runs, upstream-crash)
  hang        past --timeout, or past the memory limit
  internal    a failure without a diagnostic, or one that says the IR a
              pass produced is broken (LLVM ERROR, failed to legalize,
              does not dominate, LLVM Translation failed, ...)

Findings (crash, hang, internal, error-exit-0) are deduplicated by class, pass and
message (numbers and names stripped), minimised by deleting lines while
the signature stays, and written to --out as <n>.mlir with a RUN line; the
last line printed is the summary, "N runs: N ok, N diagnostic, N crash,
N hang, N internal, N error-exit-0, N upstream-parser-crash,
N upstream-crash, N distinct findings". Upstream crashes are written to --out as well (upstream-*.mlir),
to be reported upstream or guarded against. The run is deterministic for a
given seed and corpus (--runs; --time is for long runs). Exit status 1 if
any finding was not an upstream crash.

--targets adds the target space to seg-to-nvvm's options: chips sm_50 to
sm_999, with and without the architecture-specific `a`, and PTX features
+ptx60 to +ptx90; seg-to-cpu and seg-to-emulator draw their bounds checks
(`check`) in any case. Without an up-front check of chips and PTX
features, LLVM's fatal errors for the pairs its NVPTX backend refuses are
internal findings.
"""

import hashlib
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

from long_run import LongRun

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Values that break naive arithmetic: 0/1, around warps and blocks, around
# 2^31, 2^32 and 2^63.
BOUNDARY = [0, 1, 2, 3, 5, 7, 16, 31, 32, 33, 63, 64, 127, 255, 256, 257,
            1023, 1024, 1025, 4096, 65535, 65536, 65537, 2147483647,
            2147483648, 4294967295, 4294967296, 4611686018427387904,
            9223372036854775807, -1, -2147483648]
LEVELS = ["thread", "block", "thread_in_block", "seq"]
TYPES = ["i1", "i8", "i16", "i32", "i64", "index", "f16", "bf16", "f32", "f64"]
VIRT = ["virtualized", "none", "full"]

# Passes and pipelines, each with its options and the values to draw from.
SIZES = [0, 1, 2, 31, 32, 33, 64, 100, 128, 256, 1024, 1025, 2048, 65536,
         2147483647]
PASSES = {
    "convert-seg-to-scf": {},
    "seg-select-chunk": {"block-size": SIZES, "chunk": [0, 1, 2, 7, 32, 1000],
                         "avoid-multiples-of-8": ["true", "false"],
                         "remarks": ["true", "false"]},
    "seg-column-schedule": {"width": [0, 1, 2, 7, 32, 33, 1024],
                            "zigzag": ["true", "false"],
                            "remarks": ["true", "false"]},
    "seg-tile-block-register": {"ty": [0, 1, 4, 8, 16, 33], "tx": [0, 1, 8, 16, 32],
                                "tk": [0, 1, 8, 16], "ry": [0, 1, 2, 4, 8],
                                "rx": [0, 1, 2, 4, 8],
                                "remarks": ["true", "false"]},
    "convert-seg-to-gpu": {"block-size": SIZES,
                           "strategy": ["auto", "sequential", "small", "large"],
                           "max-blocks": [0, 1, 2, 7, 1024],
                           "scan-strategy": ["auto", "single-pass",
                                             "reduce-then-scan"],
                           "loads-in-flight": [0, 1, 2, 4, 8, 16],
                           "sequential-threshold": [0, 1, 65536],
                           "small-segment-max": [0, 1, 2, 128]},
    "seg-stage-host-memory": {},
    "seg-to-cpu": {"canonicalize": ["true", "false"],
                   "check": ["true", "false"]},
    "seg-to-emulator": {"block-size": SIZES,
                        "strategy": ["auto", "sequential", "small", "large"],
                        "max-blocks": [0, 1, 2, 7],
                        "scan-strategy": ["auto", "single-pass",
                                          "reduce-then-scan"],
                        "loads-in-flight": [0, 1, 2, 4, 8],
                        "check": ["true", "false"],
                        "canonicalize": ["true", "false"],
                        "fp-contract": ["true", "false"]},
    "seg-to-nvvm": {"block-size": SIZES, "format": ["isa"],
                    "strategy": ["auto", "sequential", "small", "large"],
                    "loads-in-flight": [0, 1, 2, 4, 8],
                    "min-blocks-per-sm": [0, 1, 2],
                    "fp-contract": ["true", "false"],
                    "stage-host-memory": ["true", "false"]},
}
# seg-to-nvvm always gets format=isa (PTX: no ptxas needed).
REQUIRED = {"seg-to-nvvm": {"format": "isa"}}
# The target space of --targets: chips from sm_50 to sm_999, with and
# without the architecture-specific `a`, and PTX versions.
CHIPS = [f"sm_{n}{a}" for n in (50, 52, 60, 61, 70, 72, 75, 80, 86, 87, 89,
                                90, 100, 101, 103, 110, 120, 121, 999)
         for a in ("", "a")]
FEATURES = [f"+ptx{v}" for v in (60, 63, 70, 75, 78, 80, 81, 83, 84, 85, 86,
                                 87, 88, 90)]
TARGET_OPTIONS = {"seg-to-nvvm": {"chip": CHIPS, "features": FEATURES}}

INTERNAL = ["LLVM ERROR", "UNREACHABLE", "failed to legalize",
            "does not dominate", "LLVM Translation failed",
            "Assertion", "unrealized_conversion_cast",
            "failed to materialize", "should have been erased"]


def load_corpus(dirs):
    chunks = []
    for d in dirs:
        for base, _, files in sorted(os.walk(d)):
            for name in sorted(files):
                if not name.endswith(".mlir"):
                    continue
                path = os.path.join(base, name)
                with open(path, errors="replace") as f:
                    text = f.read()
                for chunk in re.split(r"^// -----\s*$", text, flags=re.M):
                    # Only programs with seg ops: the fuzzer is for SegIR.
                    if "seg." in chunk and len(chunk) < 40000:
                        chunks.append((os.path.relpath(path, ROOT), chunk))
    return chunks


def strip_test_lines(text):
    """Drops RUN/CHECK/expected-* comments: the fuzzer judges by itself."""
    return "\n".join(l for l in text.splitlines()
                     if not re.match(r"\s*//\s*(RUN|CHECK|expected-)", l) and
                     "expected-" not in l)


def mutate(rng, text):
    """One to three grammar-aware mutations of `text`."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["number", "number", "level", "type", "grid",
                           "chunk", "virt", "delete", "duplicate", "swap"])
        if kind == "number":
            spots = [(i, m) for i, l in enumerate(lines)
                     for m in re.finditer(r"(?<![\w%#@.])\d+(?![\w.])", l)]
            if spots:
                i, m = rng.choice(spots)
                lines[i] = (lines[i][:m.start()] + str(rng.choice(BOUNDARY)) +
                            lines[i][m.end():])
        elif kind == "level":
            spots = [i for i, l in enumerate(lines)
                     if re.search(r"seg\.(map|red|scan) (thread_in_block|thread|block|seq)\b", l)]
            if spots:
                i = rng.choice(spots)
                lines[i] = re.sub(r"(seg\.(?:map|red|scan) )(thread_in_block|thread|block|seq)\b",
                                  lambda m: m.group(1) + rng.choice(LEVELS), lines[i], 1)
        elif kind == "type":
            old, new = rng.choice(TYPES), rng.choice(TYPES)
            # Everywhere, so that the program may stay consistent.
            lines = [re.sub(r"\b%s\b" % old, new, l) for l in lines]
        elif kind == "grid":
            spots = [i for i, l in enumerate(lines) if "seg.map" in l or "seg.red" in l or "seg.scan" in l]
            if spots:
                i = rng.choice(spots)
                if "grid(" in lines[i]:
                    lines[i] = re.sub(r"(num_blocks|block_size) = \d+",
                                      lambda m: f"{m.group(1)} = {rng.choice(BOUNDARY)}",
                                      lines[i])
                else:
                    grid = (f" grid(num_blocks = {rng.choice(BOUNDARY)}, "
                            f"block_size = {rng.choice(SIZES)}, virt = {rng.choice(VIRT)})")
                    lines[i] = re.sub(r"(\) in \([^)]*\))", lambda m: m.group(1) + grid,
                                      lines[i], 1)
        elif kind == "chunk":
            spots = [i for i, l in enumerate(lines) if re.search(r"seg\.(red|scan) ", l)]
            if spots:
                i = rng.choice(spots)
                value = rng.choice([0, 1, 2, 3, 7, 32, 100, 2000, 65536, 2147483648])
                if "chunk(" in lines[i]:
                    lines[i] = re.sub(r"chunk\(\d+\)", f"chunk({value})", lines[i])
                else:
                    lines[i] = lines[i].replace(" outs(", f" chunk({value}) outs(", 1)
        elif kind == "virt":
            lines = [re.sub(r"virt = \w+", "virt = " + rng.choice(VIRT), l) for l in lines]
        elif kind in ("delete", "duplicate", "swap") and len(lines) > 2:
            i = rng.randrange(len(lines))
            if kind == "delete":
                del lines[i]
            elif kind == "duplicate":
                lines.insert(i, lines[i])
            else:
                j = min(len(lines) - 1, i + 1)
                lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines) + "\n"


def random_options(rng, name, targets=False):
    options = dict(REQUIRED.get(name, {}))
    table = dict(PASSES[name])
    if targets:
        table.update(TARGET_OPTIONS.get(name, {}))
    for key in rng.sample(sorted(table), rng.randint(0, len(table))):
        options.setdefault(key, rng.choice(table[key]))
    return " ".join(f"{k}={v}" for k, v in sorted(options.items()))


def address_sanitized(seg_opt):
    """Whether seg-opt runs under AddressSanitizer: linked with its runtime
    (a build of scripts/sanitize.sh) or given it through LD_PRELOAD (as the
    tests of such a build are)."""
    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        return True
    try:
        linked = subprocess.run(["ldd", shutil.which(seg_opt) or seg_opt],
                                capture_output=True, text=True).stdout
    except OSError:
        return False
    return "libasan" in linked


def memory_limit(args, megabytes):
    """subprocess.run's arguments that bound one run's memory: its address
    space, or under AddressSanitizer, whose shadow memory reserves terabytes
    of address space, its resident set (hard_rss_limit_mb)."""
    env = None
    if args.sanitized:
        env = dict(os.environ)
        options = env.get("ASAN_OPTIONS")
        env["ASAN_OPTIONS"] = (options + ":" if options else "") + \
            f"hard_rss_limit_mb={megabytes}"

    def apply():
        if not args.sanitized:
            limit = megabytes * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        os.setsid()
    return {"preexec_fn": apply, "env": env}


def run_seg_opt(args, text, name, options, timeout, memory):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    flag = f"--{name}" + (f"={options}" if options else "")
    try:
        proc = subprocess.run([args.seg_opt, path, flag, "-o", os.devnull],
                              capture_output=True, text=True, errors="replace",
                              timeout=timeout, **memory_limit(args, memory))
        status, err = proc.returncode, proc.stderr
    except subprocess.TimeoutExpired as e:
        status, err = "timeout", (e.stderr or b"").decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
    finally:
        os.unlink(path)
    return status, err


def parses(args, text, timeout, memory):
    """(status, stderr) of parsing and verifying `text` alone."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        proc = subprocess.run([args.seg_opt, path, "-o", os.devnull],
                              capture_output=True, text=True, errors="replace",
                              timeout=timeout, **memory_limit(args, memory))
        return proc.returncode, proc.stderr
    except subprocess.TimeoutExpired:
        return "timeout", ""
    finally:
        os.unlink(path)


def classify(status, err):
    if status == "timeout":
        return "hang"
    if status == 0:
        # An error reported by a run that succeeds: the failure hides from
        # scripts and build systems.
        return "error-exit-0" if re.search(r"\berror:", err) else "ok"
    if (isinstance(status, int) and status < 0) or "Stack dump" in err or \
            "PLEASE submit a bug report" in err:
        if "std::bad_alloc" in err or "out of memory" in err.lower() or \
                "rss limit exhausted" in err:
            return "hang"  # the memory limit: a resource blow-up
        return "crash"
    if any(marker in err for marker in INTERNAL):
        return "internal"
    if "error:" in err:
        return "diagnostic"
    return "internal"


def first_frame(err, pattern=r"\S"):
    """The first named frame of a stack dump past the signal handling that
    matches `pattern`, e.g. "mlir::detail::Parser::parseDenseArrayAttr"."""
    for l in err.splitlines():
        m = re.match(r"\s*#\d+ 0x[0-9a-f]+ (\S+?)(\(|\s|$)", l)
        if m and not re.match(r"llvm::sys::|__|\(|_start|abort|raise", m.group(1)) \
                and re.search(pattern, m.group(1)):
            return m.group(1)
    return ""


UPSTREAM = ("upstream-parser-crash", "upstream-crash")


def frames(err):
    """(name, module) of every frame of a stack dump; name is "" where the
    stack has no symbol for it."""
    for l in err.splitlines():
        m = re.match(r"\s*#\d+ 0x[0-9a-f]+ (?:(\S+?)(?:\(.*\))? )?\((\S+?)\+0x[0-9a-f]+\)\s*$", l)
        if m:
            yield m.group(1) or "", m.group(2)
            continue
        m = re.match(r"\s*#\d+ 0x[0-9a-f]+ (\S+?)(\(|\s|$)", l)
        if m:
            yield m.group(1), ""


# Upstream machinery that calls into code it does not own: the parser (which
# calls custom op parsers), the pattern driver and the pass manager.
DISPATCH = re.compile(r"mlir::detail::Parser::|mlir::PatternApplicator::|"
                      r"mlir::applyPatternsGreedily|mlir::detail::OpToOpPassAdaptor|"
                      r"mlir::PassManager::")


def has_segir_frame(err, seg_opt):
    """Whether a crash happened in SegIR's code: walking the stack outwards
    from the crash, a SegIR frame comes before any upstream machinery that
    dispatches to other code (a crash in upstream code that SegIR's code
    called directly is SegIR's; one in upstream code that the parser, the
    pattern driver or the pass manager called is upstream's, even when
    SegIR's code is further out, e.g. a custom op parser parsing a region).
    A SegIR frame is one named in SegIR's namespaces, or one in seg-opt
    itself (which links SegIR statically; its functions are often unnamed
    in the dump) or in a SegIR shared library, other than the entry."""
    tool = os.path.basename(seg_opt)
    for name, module in frames(err):
        if re.search(r"mlir::seg::|segir|Seg[A-Z]", name):
            return True
        base = os.path.basename(module)
        if (base == tool or re.match(r"lib(SegIR|segir)", base)) and \
                not re.match(r"main$|_start$|__libc", name):
            return True
        if DISPATCH.search(name):
            return False
    return False


def signature(kind, name, err):
    """What makes two findings the same: class, pass, and the first error
    line (or the first SegIR frame of a crash, else its first named frame)
    without numbers and names. Upstream parser crashes do not depend on
    the pass."""
    line = ""
    if kind in ("crash",) + UPSTREAM:
        line = first_frame(err, r"mlir::seg::|segir") or first_frame(err)
        if kind == "upstream-parser-crash":
            name = "parser"
    for l in ([] if line else err.splitlines()):
        if "error" in l or "LLVM ERROR" in l or "Assertion" in l:
            line = l
            break
    line = re.sub(r"^.*?(error|LLVM ERROR)", r"\1", line)
    line = re.sub(r"0x[0-9a-f]+|\d+", "N", line)
    line = re.sub(r"'[^']*'", "'X'", line)
    return f"{kind}|{name}|{line[:160]}"


def run_and_classify(args, text, name, options):
    """(class, stderr) of one run; a failure the input already has (it does
    not parse or verify) is a diagnostic, whatever it says, and a crash
    with no SegIR frame on its stack is upstream's."""
    status, err = run_seg_opt(args, text, name, options, args.timeout,
                              args.memory)
    kind = classify(status, err)
    if kind == "internal":
        parse_status, _ = parses(args, text, args.timeout, args.memory)
        if parse_status != 0:
            kind = "diagnostic"
    elif kind == "crash" and not has_segir_frame(err, args.seg_opt):
        # Wholly in upstream code: in its parser when parsing alone
        # crashes, else in an upstream pass that the pipeline runs.
        parse_status, parse_err = parses(args, text, args.timeout, args.memory)
        kind = "upstream-parser-crash" \
            if classify(parse_status, parse_err) == "crash" else "upstream-crash"
    return kind, err


def minimise(args, text, name, options, want, budget_s):
    """Deletes lines (chunks first, then single ones) while the run keeps
    the same signature."""
    lines = text.splitlines()
    deadline = time.time() + budget_s
    size = max(1, len(lines) // 2)
    while size >= 1 and time.time() < deadline:
        i = 0
        while i < len(lines) and time.time() < deadline:
            candidate = lines[:i] + lines[i + size:]
            kind, err = run_and_classify(args, "\n".join(candidate) + "\n",
                                         name, options)
            if kind == want[0] and signature(kind, name, err) == want[1]:
                lines = candidate
            else:
                i += size
        size //= 2
    return "\n".join(lines) + "\n"


def main():
    bounds = LongRun(__doc__, "--runs", "directory for minimised findings")
    parser = bounds.parser
    parser.add_argument("--seg-opt", required=True)
    parser.add_argument("--corpus", action="append",
                        help="directories of .mlir files (default: test/ and examples/)")
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--memory", type=int, default=4096,
                        help="address-space limit of one run, MiB "
                        "(resident set under AddressSanitizer)")
    parser.add_argument("--minimise-seconds", type=float, default=60)
    parser.add_argument("--passes", help="comma-separated subset of passes")
    parser.add_argument("--targets", action="store_true",
                        help="draw seg-to-nvvm's chip and features too")
    args = bounds.parse()
    args.sanitized = address_sanitized(args.seg_opt)

    corpus = load_corpus(args.corpus or [os.path.join(ROOT, "test"),
                                         os.path.join(ROOT, "examples")])
    if not corpus:
        sys.exit("seg-fuzz: empty corpus")
    names = args.passes.split(",") if args.passes else sorted(PASSES)
    rng = random.Random(args.seed)
    counts = dict.fromkeys(["ok", "diagnostic", "crash", "hang", "internal",
                            "error-exit-0", *UPSTREAM], 0)
    findings = {}
    runs = 0
    while bounds.keep_going(runs):
        runs += 1
        origin, chunk = rng.choice(corpus)
        text = mutate(rng, strip_test_lines(chunk))
        name = rng.choice(names)
        options = random_options(rng, name, args.targets)
        kind, err = run_and_classify(args, text, name, options)
        if bounds.stopped:
            runs -= 1
            break
        counts[kind] += 1
        if args.verbose:
            print(f"run {runs}: {kind} {name}{{{options}}} on {origin}", flush=True)
        if kind in ("ok", "diagnostic"):
            continue
        sig = signature(kind, name, err)
        if sig in findings:
            continue
        if kind != "upstream-parser-crash" and args.minimise_seconds > 0:
            text = minimise(args, text, name, options, (kind, sig),
                            args.minimise_seconds)
        findings[sig] = (kind, name, options, origin, text, err)
        print(f"finding {len(findings)}: {kind} in {name}{{{options}}} "
              f"(from {origin}): {sig}", flush=True)
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            digest = hashlib.sha1(sig.encode()).hexdigest()[:10]
            with open(os.path.join(args.out, f"{kind}-{digest}.mlir"), "w") as f:
                f.write(f"// RUN: seg-opt %s '--{name}={options}'\n"
                        f"// {kind}: {sig}\n// from {origin}, seed {args.seed}\n")
                f.write(text)
                f.write("\n// stderr:\n" + "\n".join(
                    "// " + l for l in err.splitlines()[:40]) + "\n")
    bugs = sum(1 for kind, *_ in findings.values() if kind not in UPSTREAM)
    print(f"{runs} runs: {counts['ok']} ok, {counts['diagnostic']} diagnostic, "
          f"{counts['crash']} crash, {counts['hang']} hang, "
          f"{counts['internal']} internal, "
          f"{counts['error-exit-0']} error-exit-0, "
          f"{counts['upstream-parser-crash']} upstream-parser-crash, "
          f"{counts['upstream-crash']} upstream-crash, "
          f"{len(findings)} distinct findings ({bounds.elapsed():.0f} s, seed {args.seed}"
          f"{bounds.summary_suffix()})")
    sys.exit(1 if bugs else 0)


if __name__ == "__main__":
    main()
