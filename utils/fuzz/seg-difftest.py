#!/usr/bin/env python3
"""seg-difftest: random seg programs run on the kernel emulator
(seg-to-emulator, random tunables and SEGIR_EMU_SEEDs) and compared bit for
bit with the sequential reference (seg-to-cpu).

usage: seg-difftest.py --build DIR [--seed N] [--modules N | --time S]
                       [--cases K] [--variants V] [--out DIR]

A module holds K random cases; each case is a thread-level seg.map, a
seg.red or a seg.scan over a (segments x length) space whose sizes are
drawn from 0, 1, primes, powers of two and their neighbours, on one of
i8, i16, i32, i64, f32, f64, with exact data (small integers; floating-point
only with operators that are exact on them). Reductions and scans fuse one
to three operators from a library of associative operators, commutative
(add, mul, xor, min, max) or not (composition of linear functions, "last
flagged value"), tuples included, with random per-op tunables (block size,
chunk). The module runs once through seg-to-cpu and V times through
seg-to-emulator, each with random pipeline options (block-size, strategy,
scan-strategy, loads-in-flight, max-blocks) and a random SEGIR_EMU_SEED;
every result element is printed as its bits, and the outputs must be equal.

A configuration is one case under one emulator variant (K x V per module).
The last line is "N configurations (N modules): N equal, N mismatches, N
emulator failures, N rejected"; the exit status is 1 on any mismatch or
emulator failure. Failing modules are written to --out with the commands.
"""

import os
import random
import subprocess
import sys
import tempfile

from long_run import LongRun

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLVM = "/usr/lib/llvm-22"

INT_TYPES = ["i8", "i16", "i32", "i64"]
FLOAT_TYPES = ["f32", "f64"]
SIZES = [0, 1, 2, 3, 5, 7, 13, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256,
         257, 509, 1000, 1024, 2039, 4096]
BITS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "f32": 32, "f64": 64}

# Associative operators: name -> (arity, commutative, integer only).
OPERATORS = {
    "add": (1, True, False),
    "min": (1, True, False),
    "max": (1, True, False),
    "mul": (1, True, True),
    "xor": (1, True, True),
    "linfun": (2, False, True),  # (a1, b1) then (a2, b2): x -> a2 (a1 x + b1) + b2
    "last": (2, False, False),   # the last element whose flag is nonzero
}


def is_float(t):
    return t.startswith("f")


class Writer:
    def __init__(self):
        self.lines, self.counter = [], 0

    def fresh(self, stem="v"):
        self.counter += 1
        return f"%{stem}{self.counter}"

    def emit(self, line):
        self.lines.append(line)


def const(w, t, value):
    name = w.fresh("k")
    if is_float(t):
        text = {"inf": "0x7F800000" if t == "f32" else "0x7FF0000000000000",
                "-inf": "0xFF800000" if t == "f32" else "0xFFF0000000000000"}.get(
                    value, f"{float(value)!r}")
        w.emit(f"    {name} = arith.constant {text} : {t}")
    else:
        bits = BITS[t]
        if value == "inf":
            value = (1 << (bits - 1)) - 1
        elif value == "-inf":
            value = -(1 << (bits - 1))
        w.emit(f"    {name} = arith.constant {value} : {t}")
    return name


def neutral(op, t):
    return {"add": [0], "mul": [1], "xor": [0], "min": ["inf"],
            "max": ["-inf"], "linfun": [1, 0], "last": [0, 0]}[op]


def yields(w, op, t, x):
    """The operands operator `op` takes from the element x."""
    if op in ("add", "min", "max", "xor"):
        return [x]
    if op == "mul":  # odd factors: the product does not collapse to 0
        two, one = const(w, t, 2), const(w, t, 1)
        d, o = w.fresh(), w.fresh()
        w.emit(f"    {d} = arith.muli {x}, {two} : {t}")
        w.emit(f"    {o} = arith.addi {d}, {one} : {t}")
        return [o]
    if op == "linfun":
        two, one = const(w, t, 2), const(w, t, 1)
        d, a = w.fresh(), w.fresh()
        w.emit(f"    {d} = arith.muli {x}, {two} : {t}")
        w.emit(f"    {a} = arith.addi {d}, {one} : {t}")
        return [a, x]
    if op == "last":
        # flag: x itself; value: x + 1 if flagged, else 0, so that every
        # unflagged element is the neutral (0, 0) (a monoid, not just a
        # semigroup: the kernels may start a segment without the neutral).
        one, zero = const(w, t, 1), const(w, t, 0)
        v, c, s = w.fresh(), w.fresh(), w.fresh()
        w.emit(f"    {v} = arith.{'addf' if is_float(t) else 'addi'} {x}, {one} : {t}")
        w.emit(f"    {c} = " + (f"arith.cmpf une, {x}, {zero} : {t}" if is_float(t)
                                else f"arith.cmpi ne, {x}, {zero} : {t}"))
        w.emit(f"    {s} = arith.select {c}, {v}, {zero} : {t}")
        return [x, s]
    raise ValueError(op)


def combine_body(op, t, accs, elems):
    """Lines of the combine region of `op` and the values it yields."""
    f = is_float(t)
    if op == "add":
        return [f"      %r = arith.{'addf' if f else 'addi'} {accs[0]}, {elems[0]} : {t}"], ["%r"]
    if op == "mul":
        return [f"      %r = arith.muli {accs[0]}, {elems[0]} : {t}"], ["%r"]
    if op == "xor":
        return [f"      %r = arith.xori {accs[0]}, {elems[0]} : {t}"], ["%r"]
    if op == "min":
        return [f"      %r = arith.{'minimumf' if f else 'minsi'} {accs[0]}, {elems[0]} : {t}"], ["%r"]
    if op == "max":
        return [f"      %r = arith.{'maximumf' if f else 'maxsi'} {accs[0]}, {elems[0]} : {t}"], ["%r"]
    if op == "linfun":
        (a1, b1), (a2, b2) = accs, elems
        return [f"      %a = arith.muli {a1}, {a2} : {t}",
                f"      %mm = arith.muli {b1}, {a2} : {t}",
                f"      %b = arith.addi %mm, {b2} : {t}"], ["%a", "%b"]
    if op == "last":
        (fa, va), (fb, vb) = accs, elems
        zero = f"      %z = arith.constant {'0.0' if f else '0'} : {t}"
        cmp = (f"      %c = arith.cmpf une, {fb}, %z : {t}" if f else
               f"      %c = arith.cmpi ne, {fb}, %z : {t}")
        return [zero, cmp,
                f"      %f = arith.select %c, {fb}, {fa} : {t}",
                f"      %v = arith.select %c, {vb}, {va} : {t}"], ["%f", "%v"]
    raise ValueError(op)


def load_element(w, t, params):
    """x = ((a s + b i + c) mod p) - q as t, from the index ivs %s, %i."""
    a, b, c, p, q = params
    w.emit(f"    %s64 = arith.index_cast %s : index to i64")
    w.emit(f"    %i64 = arith.index_cast %i : index to i64")
    w.emit(f"    %ka = arith.constant {a} : i64")
    w.emit(f"    %kb = arith.constant {b} : i64")
    w.emit(f"    %kc = arith.constant {c} : i64")
    w.emit(f"    %kp = arith.constant {p} : i64")
    w.emit(f"    %kq = arith.constant {q} : i64")
    w.emit("    %t1 = arith.muli %s64, %ka : i64")
    w.emit("    %t2 = arith.muli %i64, %kb : i64")
    w.emit("    %t3 = arith.addi %t1, %t2 : i64")
    w.emit("    %t4 = arith.addi %t3, %kc : i64")
    w.emit("    %t5 = arith.remsi %t4, %kp : i64")
    w.emit("    %t6 = arith.subi %t5, %kq : i64")
    if is_float(t):
        w.emit(f"    %x = arith.sitofp %t6 : i64 to {t}")
    elif t == "i64":
        w.emit("    %x = arith.addi %t6, %kq : i64")
        w.emit("    %x2 = arith.subi %x, %kq : i64")
        return "%x2"
    else:
        w.emit(f"    %x = arith.trunci %t6 : i64 to {t}")
    return "%x"


def random_case(rng, index):
    kind = rng.choice(["red", "red", "scan", "scan", "map"])
    t = rng.choice(INT_TYPES + FLOAT_TYPES)
    limit = 4096 if kind == "red" else 2048
    while True:
        m, n = rng.choice(SIZES), rng.choice(SIZES)
        if m * n <= limit * 4 or m * n <= 20000 and kind == "red":
            break
    names = [o for o, (_, _, int_only) in OPERATORS.items()
             if not (int_only and is_float(t))]
    ops = [rng.choice(names) for _ in range(rng.choice([1, 1, 2, 3]))]
    # Small data for floating-point (every sum exact) and for mul (i8..).
    p = rng.choice([11, 17]) if is_float(t) else rng.choice([11, 257, 65537])
    params = (rng.randint(0, 40), rng.randint(1, 40), rng.randint(0, 9), p,
              p // 2)
    grid = ""
    if rng.random() < 0.4:
        grid = f" grid(block_size = {rng.choice([32, 64, 96, 128, 256, 1024])})"
    chunk = ""
    if kind != "map" and rng.random() < 0.4:
        chunk = f" chunk({rng.choice([1, 2, 3, 4, 7, 8, 16])})"
    commutative = [OPERATORS[o][1] and rng.random() < 0.8 for o in ops]
    return dict(index=index, kind=kind, type=t, m=m, n=n, ops=ops,
                params=params, grid=grid, chunk=chunk,
                commutative=commutative)


def case_function(case):
    """func.func @case<k>(outs..., %m, %n): the seg op of the case."""
    w = Writer()
    k, t, kind = case["index"], case["type"], case["kind"]
    if kind == "map":
        outs = ["%o0"]
        out_types = [f"memref<?x?x{t}>"]
    else:
        arity = sum(OPERATORS[o][0] for o in case["ops"])
        outs = [f"%o{j}" for j in range(arity)]
        shape = "?" if kind == "red" else "?x?"
        out_types = [f"memref<{shape}x{t}>"] * arity
    args = ", ".join(f"{o}: {ty}" for o, ty in zip(outs, out_types))
    w.emit(f"func.func @case{k}({args}, %m: index, %n: index) {{")
    neutrals = []
    if kind != "map":
        for o in case["ops"]:
            neutrals += [const(w, t, v) for v in neutral(o, t)]
    op_name = {"map": "seg.map", "red": "seg.red", "scan": "seg.scan"}[kind]
    chunk = case["chunk"] if kind != "map" else ""
    w.emit(f"  {op_name} thread (%s, %i) in (%m, %n){case['grid']}{chunk} "
           f"outs({', '.join(outs)} : {', '.join(out_types)}) {{")
    x = load_element(w, t, case["params"])
    if kind == "map":
        three, one = const(w, t, 3), const(w, t, 1)
        f = "f" if is_float(t) else "i"
        w.emit(f"    %y0 = arith.mul{f} {x}, {three} : {t}")
        w.emit(f"    %y = arith.add{f} %y0, {one} : {t}")
        w.emit("    seg.results {")
        w.emit(f"      seg.returns %y into %o0 : {out_types[0]}")
        w.emit("    }")
        w.emit("  }")
    else:
        values = []
        for o in case["ops"]:
            values += yields(w, o, t, x)
        w.emit(f"    seg.yield {', '.join(values)} : {', '.join([t] * len(values))}")
        position = 0
        for o, comm in zip(case["ops"], case["commutative"]):
            arity = OPERATORS[o][0]
            accs = [f"%acc{j}" for j in range(arity)]
            elems = [f"%el{j}" for j in range(arity)]
            params = ", ".join(f"{v}: {t}" for v in accs + elems)
            mine = neutrals[position:position + arity]
            position += arity
            body, results = combine_body(o, t, accs, elems)
            w.emit(f"  }} combine {'commutative ' if comm else ''}({params}) "
                   f"neutral({', '.join(mine)} : {', '.join([t] * arity)}) {{")
            for line in body:
                w.emit(line)
            w.emit(f"      seg.yield {', '.join(results)} : {', '.join([t] * arity)}")
        w.emit("  }")
    w.emit("  return")
    w.emit("}")
    return "\n".join(w.lines), out_types


def for_each_element(lines, name, t, rank, tag, body):
    """Loops over every element of memref `name`; body(lines, indices)."""
    ty = f"memref<{'?x' * rank}{t}>"
    lines.append(f"  %d0_{tag} = memref.dim {name}, %c0 : {ty}")
    inner = "%c1"
    if rank == 2:
        lines.append(f"  %d1_{tag} = memref.dim {name}, %c1 : {ty}")
        inner = f"%d1_{tag}"
    lines.append(f"  scf.for %p = %c0 to %d0_{tag} step %c1 {{")
    lines.append(f"    scf.for %q = %c0 to {inner} step %c1 {{")
    body(lines, "%p" if rank == 1 else "%p, %q", ty)
    lines.append("    }")
    lines.append("  }")


def print_buffer(lines, name, t, rank, tag):
    """Prints every element of memref `name` as the integer of its bits."""
    def body(lines, idx, ty):
        lines.append(f"      %e = memref.load {name}[{idx}] : {ty}")
        value, width = "%e", BITS[t]
        if is_float(t):
            lines.append(f"      %b = arith.bitcast %e : {t} to i{width}")
            value = "%b"
        if width < 64:
            lines.append(f"      %w = arith.extui {value} : i{width} to i64")
            value = "%w"
        lines.append(f"      vector.print {value} : i64")
    for_each_element(lines, name, t, rank, "p" + tag, body)


def fill_buffer(lines, name, t, rank, tag, value):
    def body(lines, idx, ty):
        lines.append(f"      memref.store {value}, {name}[{idx}] : {ty}")
    for_each_element(lines, name, t, rank, "f" + tag, body)


def module_text(cases):
    functions, main = [], ["func.func @main() {",
                           "  %c0 = arith.constant 0 : index",
                           "  %c1 = arith.constant 1 : index"]
    for case in cases:
        text, out_types = case_function(case)
        functions.append(text)
        k = case["index"]
        main.append(f"  %m{k} = arith.constant {case['m']} : index")
        main.append(f"  %n{k} = arith.constant {case['n']} : index")
        names = []
        for j, ty in enumerate(out_types):
            name = f"%out{k}_{j}"
            sizes = f"%m{k}" if ty.startswith("memref<?x") and ty.count("?") == 1 else f"%m{k}, %n{k}"
            main.append(f"  {name} = memref.alloc({sizes}) : {ty}")
            # Known contents: a map or scan that skips an element shows.
            t = case["type"]
            fill = "0x7FC00000" if t == "f32" else "0x7FF8000000000000" if t == "f64" else "-7"
            main.append(f"  %fill{k}_{j} = arith.constant {fill} : {t}")
            fill_buffer(main, name, t, ty.count("?"), f"{k}_{j}", f"%fill{k}_{j}")
            names.append(name)
        main.append(f"  %marker{k} = arith.constant {1000000 + k} : i64")
        main.append(f"  vector.print %marker{k} : i64")
        main.append(f"  call @case{k}({', '.join(names)}, %m{k}, %n{k}) : "
                    f"({', '.join(out_types)}, index, index) -> ()")
        for j, (name, ty) in enumerate(zip(names, out_types)):
            print_buffer(main, name, case["type"], ty.count("?"), f"{k}_{j}")
            main.append(f"  memref.dealloc {name} : {ty}")
    main += ["  return", "}"]
    return "\n\n".join(functions) + "\n\n" + "\n".join(main) + "\n"


def random_variant(rng):
    options = {}
    if rng.random() < 0.7:
        options["block-size"] = rng.choice([32, 64, 96, 128, 256, 1024])
    if rng.random() < 0.5:
        options["strategy"] = rng.choice(["auto", "sequential", "small", "large"])
    if rng.random() < 0.5:
        options["scan-strategy"] = rng.choice(["auto", "single-pass",
                                               "reduce-then-scan"])
    if rng.random() < 0.5:
        options["loads-in-flight"] = rng.choice([0, 1, 2, 3, 4, 8])
    if rng.random() < 0.4:
        options["max-blocks"] = rng.choice([1, 2, 3, 7, 64])
    return " ".join(f"{k}={v}" for k, v in sorted(options.items())), rng.randint(1, 1 << 30)


def run(command, stdin_text=None, env=None, timeout=300):
    proc = subprocess.run(command, input=stdin_text, capture_output=True,
                          text=True, errors="replace", env=env, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def split_cases(output):
    """{case index: [lines]} from the printed markers."""
    cases, current = {}, None
    for line in output.splitlines():
        if line.isdigit() and int(line) >= 1000000 and int(line) < 1000000 + 10000:
            current = int(line) - 1000000
            cases[current] = []
        elif current is not None:
            cases[current].append(line)
    return cases


def main():
    bounds = LongRun(__doc__, "--modules", "directory for failing modules")
    parser = bounds.parser
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--cases", type=int, default=8)
    parser.add_argument("--variants", type=int, default=4)
    args = bounds.parse()
    seg_opt = os.path.join(args.build, "bin", "seg-opt")
    runner_libs = [os.path.join(LLVM, "lib", n) for n in
                   ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so")]
    # The emulator's runs as lit's %run-emu: with upstream's async runtime,
    # at -O0 (whose pipeline lowers the coroutines of async.execute).
    emulator_libs = [os.path.join(LLVM, "lib", "libmlir_async_runtime.so"),
                     os.path.join(args.build, "lib",
                                  "libsegir_emulator_runtime.so")]
    runner = [os.path.join(LLVM, "bin", "mlir-runner"), "-e", "main",
              "-entry-point-result=void"]
    emulator_runner = runner[:1] + ["-O0"] + runner[1:]
    rng = random.Random(args.seed)
    counts = dict(equal=0, mismatch=0, failure=0, rejected=0)
    modules = 0
    # The totals after the last whole module: a signal ends the run with
    # these, not counting the module under way.
    done_counts, done_modules = dict(counts), 0
    while bounds.keep_going(modules):
        modules += 1
        cases = [random_case(rng, k) for k in range(args.cases)]
        text = module_text(cases)
        variants = [random_variant(rng) for _ in range(args.variants)]
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "module.mlir")
            with open(path, "w") as f:
                f.write(text)
            status, lowered, err = run([seg_opt, path, "--seg-to-cpu"])
            if bounds.stopped:
                break
            if status != 0:
                sys.exit(f"seg-difftest: seg-to-cpu failed on a generated "
                         f"module (seed {args.seed}, module {modules}):\n{err}")
            status, reference, err = run(
                runner + ["-shared-libs=" + ",".join(runner_libs)], lowered)
            if bounds.stopped:
                break
            if status != 0:
                sys.exit(f"seg-difftest: the reference run failed:\n{err}")
            expected = split_cases(reference)
            for options, emu_seed in variants:
                flag = "--seg-to-emulator" + (f"={options}" if options else "")
                status, lowered, err = run([seg_opt, path, flag])
                if status != 0:
                    # A diagnostic (e.g. a block size the op cannot take):
                    # not a configuration that runs.
                    counts["rejected"] += len(cases)
                    if args.verbose:
                        print(f"rejected {options}: {err.splitlines()[0] if err else ''}")
                    continue
                env = dict(os.environ, SEGIR_EMU_SEED=str(emu_seed))
                status, got, err = run(
                    emulator_runner +
                    ["-shared-libs=" + ",".join(runner_libs + emulator_libs)],
                    lowered, env=env)
                if bounds.stopped:
                    break
                actual = split_cases(got)
                bad = []
                if status != 0:
                    counts["failure"] += len(cases)
                    bad = ["emulator failure: " + err.strip()[:2000]]
                else:
                    for case in cases:
                        k = case["index"]
                        if expected.get(k) == actual.get(k):
                            counts["equal"] += 1
                        else:
                            counts["mismatch"] += 1
                            bad.append(f"case {k} ({case['kind']} {case['type']} "
                                       f"{case['m']}x{case['n']} {case['ops']}) differs")
                if bad:
                    report = (f"module {modules} (seed {args.seed}), "
                              f"{flag}, SEGIR_EMU_SEED={emu_seed}: " + "; ".join(bad))
                    print(report, flush=True)
                    if args.out:
                        os.makedirs(args.out, exist_ok=True)
                        name = os.path.join(args.out, f"seed{args.seed}-module{modules}.mlir")
                        with open(name, "w") as f:
                            f.write(f"// {report}\n// reference: seg-opt %s --seg-to-cpu\n"
                                    f"// emulator: SEGIR_EMU_SEED={emu_seed} seg-opt %s '{flag}'\n")
                            f.write(text)
        if bounds.stopped:
            break
        done_counts, done_modules = dict(counts), modules
        if args.verbose:
            print(f"module {modules}: {counts}", flush=True)
    if bounds.stopped:
        counts, modules = done_counts, done_modules
    total = sum(counts.values())
    print(f"{total} configurations ({modules} modules): {counts['equal']} equal, "
          f"{counts['mismatch']} mismatches, {counts['failure']} emulator "
          f"failures, {counts['rejected']} rejected "
          f"({bounds.elapsed():.0f} s, seed {args.seed}{bounds.summary_suffix()})")
    sys.exit(1 if counts["mismatch"] or counts["failure"] else 0)


if __name__ == "__main__":
    main()
