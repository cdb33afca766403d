#!/usr/bin/env python3
"""kernel-report.py - why is my kernel slow? SegIR's kernels read from their
machine code, next to CUB's.

Compiles SegIR programs through `seg-to-nvvm` (PTX, then the pipeline's own
ptxas invocation: `ptxas -arch <chip> --opt-level <O>`, which gives the
cubin that `format=bin` embeds, byte for byte), optionally CUB's kernels of
bench/src/Cub.cu with nvcc in the same run, disassembles every cubin with
nvdisasm and prints, per kernel: registers, spills, occupancy from registers
and shared memory, widths of global loads and stores, the hot loop's loads
in flight, instructions, divisions and barriers per element and per step,
and the atomics of polling loops. Standard library only (Python 3.9+).

usage:
  kernel-report.py PROGRAM.mlir [--before ARG]... [--options 'k=v ...']
                   [--cub] [--kernels REGEX] [--element-bytes N]
                   [--format table|json|markdown] [-o FILE]
  kernel-report.py --sass FILE.sass [--ptxas-log FILE] [--block-size N]
                   [--element-bytes N] ...       (analyse given SASS text)
  kernel-report.py --spec FILE --format markdown -o bench/KERNELS.md
                                                  (a table of many programs)

The heuristics (what a hot loop, an element, a polling loop are) are
documented in docs/Performance.md ("Why is my kernel slow?") and below at each
function; utils/kernel-report.py --help lists the options.
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------
# Target limits: SegIR's chip presets, from `seg-opt --print-chip-presets`
# (lib/Target/Chips.cpp holds the one table). Each preset gives the
# `#seg.target` fields of its chip (which a program's own `#seg.target`
# overrides field by field) and four facts of NVIDIA's occupancy
# calculator that SegIR's passes do not need: resident blocks per SM, the
# register allocation unit (registers per warp, allocated in units of 256),
# the shared memory allocation unit and the shared memory the driver
# reserves per block.


class ChipPresets(Mapping):
    """{chip: limits}, read from seg-opt when first used."""

    def __init__(self):
        self.seg_opt = None
        self._presets = None

    def presets(self):
        if self._presets is None:
            seg_opt = self.seg_opt or find_tool(
                "seg-opt", None, "SEG_OPT",
                [os.path.join(build_dir(), "bin", "seg-opt")])
            if not seg_opt:
                raise ReportError("cannot find seg-opt, which holds the chip "
                                  "presets (build SegIR: ninja -C build)")
            self._presets = json.loads(
                run([seg_opt, "--print-chip-presets"]).stdout)
        return self._presets

    def seg_target(self, chip):
        """The #seg.target fields of `chip`'s preset."""
        return self.presets()[chip]["seg_target"]

    def __getitem__(self, chip):
        preset = self.presets()[chip]
        return dict(preset["seg_target"], **preset["occupancy"])

    def __iter__(self):
        return iter(self.presets())

    def __len__(self):
        return len(self.presets())


TARGETS = ChipPresets()


class ReportError(Exception):
    pass


# ---------------------------------------------------------------------------
# Tools


def find_tool(name, option, env, candidates):
    """The first of: the option, $env, `name` on PATH, the candidates."""
    for path in [option, os.environ.get(env)]:
        if path:
            return path
    found = shutil.which(name)
    if found:
        return found
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def build_dir():
    return os.environ.get("SEGIR_BUILD_DIR", os.path.join(ROOT, "build"))


def cuda_home():
    return os.environ.get("CUDA_HOME", "/usr/local/cuda")


def nvdisasm_candidates():
    """nvdisasm of the PyPI package nvidia-cuda-nvdisasm: where
    scripts/setup.sh installs it (pip --target <build>/python-packages),
    or the interpreter's own site-packages."""
    found = []
    roots = [os.path.join(build_dir(), "python-packages")] + sys.path
    for root in roots:
        nvidia = os.path.join(root or ".", "nvidia")
        if not os.path.isdir(nvidia):
            continue
        for sub in sorted(os.listdir(nvidia), reverse=True):
            found.append(os.path.join(nvidia, sub, "bin", "nvdisasm"))
    return found


def cccl_candidates():
    """CCCL headers of the PyPI package nvidia-cuda-cccl where
    scripts/setup.sh installs it (pip --target <build>/cccl)."""
    nvidia = os.path.join(build_dir(), "cccl", "nvidia")
    if not os.path.isdir(nvidia):
        return []
    return [os.path.join(nvidia, sub, "include", "cccl")
            for sub in sorted(os.listdir(nvidia), reverse=True)]


def cccl_version(include_dir):
    """CCCL_VERSION (e.g. 3005000) of the headers in `include_dir`."""
    path = os.path.join(include_dir, "cuda", "std", "__cccl", "version.h")
    try:
        with open(path) as f:
            m = re.search(r"^#define CCCL_VERSION (\d+)", f.read(), re.M)
    except OSError:
        return None
    return int(m.group(1)) if m else None


def version_text(version):
    return "%d.%d.%d" % (version // 1000000, version // 1000 % 1000,
                         version % 1000)


class Tools:
    def __init__(self, args):
        self.seg_opt = find_tool(
            "seg-opt", getattr(args, "seg_opt", None), "SEG_OPT",
            [os.path.join(build_dir(), "bin", "seg-opt")])
        TARGETS.seg_opt = self.seg_opt
        self.ptxas = find_tool(
            "ptxas", getattr(args, "ptxas", None), "PTXAS",
            [os.path.join(cuda_home(), "bin", "ptxas")])
        self.nvcc = find_tool(
            "nvcc", getattr(args, "nvcc", None), "NVCC",
            [os.path.join(cuda_home(), "bin", "nvcc")])
        self.nvdisasm = find_tool(
            "nvdisasm", getattr(args, "nvdisasm", None), "NVDISASM",
            [os.path.join(cuda_home(), "bin", "nvdisasm")] +
            nvdisasm_candidates())
        # CUB's headers: the pinned CCCL before the toolkit's own (None: the
        # toolkit's, which nvcc finds by itself).
        self.cccl = getattr(args, "cccl", None) or \
            os.environ.get("CCCL_INCLUDE_DIR")
        if not self.cccl:
            self.cccl = next((d for d in cccl_candidates()
                              if cccl_version(d)), None)
        if self.cccl and not cccl_version(self.cccl):
            raise ReportError("%s holds no CCCL headers "
                              "(cuda/std/__cccl/version.h)" % self.cccl)

    def cccl_description(self):
        """Which CCCL nvcc compiles CUB's kernels with."""
        if self.cccl:
            return "CUB of CCCL %s, %s" % (
                version_text(cccl_version(self.cccl)),
                os.path.relpath(self.cccl, ROOT)
                if self.cccl.startswith(ROOT) else self.cccl)
        toolkit = os.path.join(cuda_home(), "include", "cccl")
        version = cccl_version(toolkit)
        return "CUB of CCCL %s in the CUDA toolkit" % (
            version_text(version) if version else "?")

    def need(self, what):
        path = getattr(self, what.replace("-", "_"))
        if not path:
            hint = {"nvdisasm": " (bash scripts/setup.sh installs the PyPI "
                                "package nvidia-cuda-nvdisasm; or pass "
                                "--nvdisasm)",
                    "seg-opt": " (build SegIR: ninja -C build)"}
            raise ReportError("cannot find %s%s" % (what, hint.get(what, "")))
        return path

    def version(self, what):
        path = getattr(self, what.replace("-", "_"))
        if not path:
            return None
        try:
            out = subprocess.run([path, "--version"], capture_output=True,
                                 text=True, timeout=60).stdout
        except OSError:
            return None
        m = re.search(r"release [0-9.]+, V([0-9.]+)", out)
        return m.group(1) if m else out.strip().splitlines()[-1:]


def run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        raise ReportError("command failed (%d): %s\n%s" % (
            proc.returncode, " ".join(cmd), proc.stderr[-4000:]))
    return proc


# ---------------------------------------------------------------------------
# SegIR programs: seg-to-nvvm, ptxas, the host code's launches


def unescape_mlir_string(text):
    """Bytes of an MLIR string literal's body (\\XX hex escapes, \\\\,
    \\", \\n, \\t)."""
    out = bytearray()
    i, n = 0, len(text)
    hexdigits = "0123456789abcdefABCDEF"
    simple = {"n": b"\n", "t": b"\t", "\\": b"\\", '"': b'"'}
    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n:
            pair = text[i + 1:i + 3]
            if len(pair) == 2 and all(ch in hexdigits for ch in pair):
                out.append(int(pair, 16))
                i += 3
                continue
            out += simple.get(text[i + 1], text[i + 1].encode())
            i += 2
            continue
        out += c.encode()
        i += 1
    return bytes(out)


def gpu_objects(text):
    """(binary name, chip, O, PTX text) of every gpu.object in a
    seg-to-nvvm{format=isa} output."""
    objects = []
    for m in re.finditer(r'gpu\.binary\s+@([\w$.]+)', text):
        start = text.find("#gpu.object<", m.end())
        if start < 0:
            continue
        target = re.search(r'#nvvm\.target<([^>]*)>', text[start:])
        chip = re.search(r'chip\s*=\s*"(sm_\w+)"', target.group(1))
        opt = re.search(r'\bO\s*=\s*(\d+)', target.group(1))
        asm = re.search(r'assembly\s*=\s*"((?:[^"\\]|\\.)*)"', text[start:],
                        re.S)
        if not asm:
            raise ReportError("gpu.binary @%s holds no PTX" % m.group(1))
        objects.append((m.group(1), chip.group(1) if chip else "sm_90",
                        int(opt.group(1)) if opt else 2,
                        unescape_mlir_string(asm.group(1)).decode()))
    return objects


def gpu_cubins(text):
    """The cubin bytes of every gpu.object of a seg-to-nvvm (format=bin)
    output, in order."""
    return [unescape_mlir_string(m.group(1)) for m in re.finditer(
        r'#gpu\.object<.*?\bbin\s*=\s*"((?:[^"\\]|\\.)*)"', text, re.S)]


def launch_constants(text):
    """{(binary, kernel): (block size, dynamic shared memory bytes)} from the host
    code's gpu.launch_func ops, where they are constants
    (llvm.mlir.constant or arith.constant in the same function)."""
    result = {}
    funcs = re.split(r'\n\s*(?:llvm\.func|func\.func)\s', text)
    for body in funcs:
        consts = dict(re.findall(
            r'(%[\w#]+)\s*=\s*(?:llvm\.mlir|arith)\.constant\s*\(?\s*(-?\d+)',
            body))
        for m in re.finditer(
                r'gpu\.launch_func\s+@([\w$.]+)::@([\w$.]+)\s+blocks in\s*'
                r'\(([^)]*)\)\s*threads in\s*\(([^)]*)\)([^\n]*)', body):
            threads = [t.strip() for t in m.group(4).split(",")]
            block = 1
            for t in threads:
                if t in consts:
                    block *= int(consts[t])
                else:
                    block = None
                    break
            smem = 0
            d = re.search(r'dynamic_shared_memory_size\s+(%[\w#]+)',
                          m.group(5))
            if d:
                smem = int(consts[d.group(1)]) if d.group(1) in consts \
                    else None
            result[(m.group(1), m.group(2))] = (block, smem)
    return result


def program_target(text):
    """The chip and overridden fields of a program's #seg.target."""
    m = re.search(r'#seg\.target<\s*chip\s*=\s*"(\w+)"([^>]*)>', text)
    if not m:
        return "sm_90", {}
    fields = dict((k, int(v)) for k, v in
                  re.findall(r'(\w+)\s*=\s*(-?\d+)', m.group(2)))
    return m.group(1), fields


def check_target(tools, chip):
    """Fails unless `chip` has a preset that seg-opt's #seg.target parser
    takes for its own: seg-opt prints a #seg.target without the fields
    equal to the preset, so the printed presets are the attribute's exactly
    when nothing but the chip comes back."""
    if chip not in TARGETS:
        raise ReportError("no limits for chip %s (known: %s)" %
                          (chip, ", ".join(sorted(TARGETS))))
    seg_opt = tools.seg_opt
    if not seg_opt:
        return
    attr = ", ".join(
        "%s = %s" % (f, str(v).lower() if isinstance(v, bool) else v)
        for f, v in TARGETS.seg_target(chip).items())
    module = ('module attributes {seg.target = #seg.target<chip = "%s", %s>}'
              ' {}\n' % (chip, attr))
    out = run([seg_opt], input=module).stdout
    printed = re.search(r'#seg\.target<[^>]*>', out).group(0)
    if printed != '#seg.target<chip = "%s">' % chip:
        raise ReportError(
            "seg-opt --print-chip-presets's %s differs from SegIR's "
            "#seg.target preset: seg-opt printed %s" % (chip, printed))


def element_bytes_of(text, function):
    """Bytes a point of the first seg op of `function` reads from memory:
    the sizes of the memref.load results in its body (before its first
    combine region). None where the function has no seg op."""
    m = re.search(r'func\.func\s+@%s\s*\(' % re.escape(function), text)
    if not m:
        return None
    end = re.search(r'\n\s*func\.func\s', text[m.end():])
    body = text[m.end():m.end() + end.start() if end else len(text)]
    op = re.search(r'seg\.(?:red|scan|map)\s+(?:thread|block)\b', body)
    if not op:
        return None
    stop = body.find("} combine", op.end())
    region = body[op.end():stop if stop >= 0 else len(body)]
    sizes = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "index": 8,
             "f16": 2, "bf16": 2, "f32": 4, "f64": 8}
    total = 0
    for load in re.finditer(r'memref\.load\s[^\n]*:\s*memref<([^>]*)>',
                            region):
        elem = load.group(1).split("x")[-1].split(",")[0].strip()
        total += sizes.get(elem, 0)
    return total or None


def function_of(kernel, functions):
    """The longest function name that prefixes the kernel's name."""
    best = None
    for f in functions:
        if kernel == f or kernel.startswith(f + "_"):
            if best is None or len(f) > len(best):
                best = f
    return best


PTXAS_FUNC = re.compile(r"Function properties for (\S+)")


def parse_ptxas_log(log):
    """{function: {registers, spill_stores, spill_loads, stack_frame,
    static_smem, barriers}} from `ptxas -v` output."""
    stats = {}
    current = None
    for line in log.splitlines():
        m = PTXAS_FUNC.search(line)
        if m:
            current = stats.setdefault(m.group(1), {})
            continue
        if current is None:
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                      r"(\d+) bytes spill loads", line)
        if m:
            current.update(stack_frame=int(m.group(1)),
                           spill_stores=int(m.group(2)),
                           spill_loads=int(m.group(3)))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            current["registers"] = int(m.group(1))
            b = re.search(r"used (\d+) barriers", line)
            current["barriers"] = int(b.group(1)) if b else 0
            s = re.search(r"(\d+) bytes smem", line)
            current["static_smem"] = int(s.group(1)) if s else 0
    return stats


def ptxas_compile(tools, ptx, chip, opt, workdir, stem):
    """The cubin of `ptx` as seg-to-nvvm's format=bin makes it (ptxas
    records its options in the cubin, so -v runs separately, for the
    statistics only) and ptxas -v's statistics."""
    ptx_path = os.path.join(workdir, stem + ".ptx")
    cubin = os.path.join(workdir, stem + ".cubin")
    with open(ptx_path, "w") as f:
        f.write(ptx)
    ptxas = tools.need("ptxas")
    run([ptxas, "-arch", chip, ptx_path, "-o", cubin, "--opt-level",
         str(opt)])
    proc = run([ptxas, "-arch", chip, ptx_path, "-o",
                os.path.join(workdir, stem + ".v.cubin"), "--opt-level",
                str(opt), "-v"])
    return cubin, parse_ptxas_log(proc.stdout + proc.stderr)


def disassemble(tools, cubin):
    return run([tools.need("nvdisasm"), cubin]).stdout


def compile_segir(tools, source, before, options, workdir, label="",
                  verify_cubin=False, kernel_regex=None):
    """Kernels (dicts) of one SegIR program compiled by seg-to-nvvm. With
    verify_cubin, also compiles it with format=bin and fails unless every
    cubin the report analyses is the one the pipeline embeds. With
    kernel_regex, only the objects with a matching kernel are assembled."""
    seg_opt = tools.need("seg-opt")
    with open(source) as f:
        program = f.read()
    stem = re.sub(r"\W", "_", os.path.basename(source) + label)
    lowered = os.path.join(workdir, stem + ".mlir")
    prepared = source
    if before:
        prepared = os.path.join(workdir, stem + ".before.mlir")
        run([seg_opt] + list(before) + [source, "-o", prepared])
    # The target the passes before seg-to-nvvm leave (seg-set-target).
    with open(prepared) as f:
        chip, overrides = program_target(f.read())
    check_target(tools, chip)
    pipeline = "--seg-to-nvvm=format=isa" + (" " + options if options
                                               else "")
    run([seg_opt, pipeline, prepared, "-o", lowered])
    with open(lowered) as f:
        text = f.read()
    launches = launch_constants(text)
    functions = re.findall(r'func\.func\s+(?:\w+\s+)?@([\w$.]+)', program)
    kernels = []
    embedded = None
    if verify_cubin:
        binary_pipeline = "--seg-to-nvvm" + ("=" + options if options else "")
        embedded = gpu_cubins(run([seg_opt, binary_pipeline, prepared]).stdout)
    objects = gpu_objects(text)
    if embedded is not None and len(embedded) != len(objects):
        raise ReportError("format=bin gives %d objects, format=isa %d" %
                          (len(embedded), len(objects)))
    for index, (binary, obj_chip, opt, ptx) in enumerate(objects):
        entries = re.findall(r'\.entry\s+([\w$.]+)', ptx)
        if kernel_regex and not any(re.search(kernel_regex, e)
                                    for e in entries + [binary]):
            continue
        cubin, stats = ptxas_compile(tools, ptx, obj_chip, opt, workdir,
                                     "%s_%d" % (stem, index))
        if embedded is not None:
            with open(cubin, "rb") as f:
                if f.read() != embedded[index]:
                    raise ReportError(
                        "the cubin of gpu.binary @%s differs from the one "
                        "seg-to-nvvm embeds" % binary)
        sass = disassemble(tools, cubin)
        for name, fn_sass in split_functions(sass).items():
            if name not in stats:
                continue  # a subroutine, not an entry
            block, smem = launches.get((binary, name), (None, None))
            if block is None:
                block = ptx_block_size(ptx, name)
            fn = function_of(name, functions)
            kernels.append(dict(
                name=name, binary=binary,
                # Modules are named uniquely, kernels not always (the
                # kernels of a reduce-then-scan): the module names them.
                display_name=binary if len(entries) == 1 else name,
                origin="segir", source=os.path.relpath(
                    source, ROOT) if source.startswith(ROOT) else source,
                chip=obj_chip, ptxas=" ".join(
                    ["ptxas", "-arch", obj_chip, "--opt-level", str(opt)]),
                block_size=block, dynamic_smem=smem,
                element_bytes=element_bytes_of(program, fn) if fn else None,
                limits=dict(TARGETS[obj_chip], **overrides),
                stats=stats[name], sass=fn_sass, sass_all=sass))
    return kernels


def ptx_block_size(ptx, name):
    m = re.search(r'\.entry\s+%s\b[^{]*?\.(?:maxntid|reqntid)\s+(\d+)'
                  % re.escape(name), ptx, re.S)
    return int(m.group(1)) if m else None


# ---------------------------------------------------------------------------
# CUB (bench/src/Cub.cu, compiled by nvcc as the harness compiles it) and
# other CUDA yardsticks (`cuda:PATH` in a spec)

CUB_SOURCE = os.path.join(ROOT, "bench", "src", "Cub.cu")


def compile_cuda(tools, workdir, source=CUB_SOURCE, origin="cub",
                 chip="sm_90"):
    """The kernels of the CUDA file `source`, compiled by nvcc."""
    stem = re.sub(r"\W", "_", os.path.relpath(source, ROOT))
    cubin = os.path.join(workdir, stem + ".cubin")
    # As bench/CMakeLists.txt compiles it: the pinned CCCL first, checked
    # by Cub.cu against the version its headers give.
    cccl = ["-I", tools.cccl, "-DSEGIR_EXPECTED_CCCL_VERSION=%d" %
            cccl_version(tools.cccl)] if tools.cccl else []
    cmd = [tools.need("nvcc"), "-cubin", "-arch=" + chip, "-O3", "-DNDEBUG",
           "-std=c++17"] + cccl + ["-I", os.path.dirname(source), "-Xptxas",
                                   "-v", source, "-o", cubin]
    proc = run(cmd)
    stats = parse_ptxas_log(proc.stdout + proc.stderr)
    sass = disassemble(tools, cubin)
    info = max_threads(sass)
    kernels = []
    for name, fn_sass in split_functions(sass).items():
        if name not in stats:
            continue
        kernels.append(dict(
            name=name, origin=origin, source=os.path.relpath(source, ROOT),
            chip=chip, ptxas="nvcc -cubin -arch=%s -O3" % chip,
            block_size=info.get(name), dynamic_smem=0, element_bytes=4,
            limits=dict(TARGETS[chip]), stats=stats[name], sass=fn_sass,
            sass_all=sass))
    return kernels


def compile_cub(tools, workdir):
    """CUB's kernels, named "CUB DeviceScanKernel" etc."""
    kernels = compile_cuda(tools, workdir)
    names = demangle([k["name"] for k in kernels])
    for k in kernels:
        k["display_name"] = "CUB " + short_cub_name(names[k["name"]])
        k["demangled"] = names[k["name"]]
    return kernels


def compile_reference(tools, workdir, path):
    """The kernels of a CUDA yardstick of a spec (`cuda:PATH`), under their
    demangled names."""
    source = os.path.join(ROOT, path)
    if not os.path.isfile(source):
        raise ReportError("no such CUDA file: %s (paths in a spec are "
                          "relative to the source tree)" % path)
    kernels = compile_cuda(tools, workdir, source, origin="cuda")
    names = demangle([k["name"] for k in kernels])
    for k in kernels:
        k["display_name"] = k["demangled"] = names[k["name"]]
    return kernels


def max_threads(sass):
    """{function: EIATTR_MAX_THREADS (x)} from nvdisasm's .nv.info dump:
    the block size of CUB's __launch_bounds__ kernels."""
    result = {}
    for m in re.finditer(r'\.section\s+\.nv\.info\.(\S+?),', sass):
        end = re.compile(r'\n\s*\.section\s').search(sass, m.end())
        section = sass[m.end():end.start() if end else len(sass)]
        t = re.search(r'EIATTR_MAX_THREADS.*?\.word\s+(0x[0-9a-f]+)',
                      section, re.S)
        if t:
            result[m.group(1)] = int(t.group(1), 16)
    return result


def demangle(names):
    tool = shutil.which("c++filt")
    if not tool or not names:
        return dict((n, n) for n in names)
    out = subprocess.run([tool], input="\n".join(names), capture_output=True,
                         text=True).stdout.splitlines()
    return dict(zip(names, out)) if len(out) == len(names) else \
        dict((n, n) for n in names)


def short_cub_name(name):
    """DeviceScanKernel, device_segmented_scan_kernel etc. from a demangled
    CUB kernel name."""
    m = re.search(r'(Device\w+Kernel|device_\w+_kernel|EmptyKernel)', name)
    return m.group(1) if m else name


# ---------------------------------------------------------------------------
# SASS: functions, instructions, basic blocks, loops

INSTR = re.compile(r'^\s*/\*([0-9a-f]{4,})\*/\s+(?:(@!?U?P(?:T|\d+))\s+)?'
                   r'([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)*)\s*(.*?)\s*;')
LABEL = re.compile(r'^([.$\w][\w.$]*):\s*$')
TARGET = re.compile(r'`\(([^)]+)\)')


def split_functions(sass):
    """{function: its lines} for every code section of nvdisasm's output;
    subroutines in a kernel's section (`$__internal_...`, `.type
    ...,@function`) stay with it and are split off by parse_function."""
    funcs = {}
    for m in re.finditer(r'\.section\s+\.text\.(\S+?),"ax"', sass):
        end = re.compile(r'\n\s*\.section\s').search(sass, m.end())
        funcs[m.group(1)] = sass[m.end():end.start() if end else len(sass)]
    return funcs


class Instr:
    __slots__ = ("offset", "pred", "op", "operands", "target")

    def __init__(self, offset, pred, op, operands):
        self.offset = offset
        self.pred = pred
        self.op = op
        self.operands = operands
        t = TARGET.search(operands)
        self.target = t.group(1) if t else None

    @property
    def base(self):
        return self.op.split(".")[0]


def parse_function(text, name):
    """Instructions and labels of `name` and its subroutines:
    (instructions of `name`, {subroutine: instructions}, {label: index})."""
    routines = {}
    current = name
    routines[current] = ([], {})
    subroutines = set(re.findall(r'\.type\s+([$\w.]+),@function', text))
    for line in text.splitlines():
        m = LABEL.match(line.strip())
        if m:
            label = m.group(1)
            if label in subroutines and label != name:
                current = label
                routines.setdefault(current, ([], {}))
            routines[current][1][label] = len(routines[current][0])
            continue
        m = INSTR.match(line)
        if m:
            routines[current][0].append(
                Instr(int(m.group(1), 16), m.group(2), m.group(3),
                      m.group(4)))
    return routines


class Block:
    def __init__(self, index, instrs):
        self.index = index
        self.instrs = instrs
        self.succs = []


def is_uncond(ins):
    return ins.pred is None or ins.pred == "@PT"


def build_cfg(instrs, labels):
    """Basic blocks with successor lists (indices)."""
    if not instrs:
        return []
    leaders = {0}
    for label, idx in labels.items():
        if idx < len(instrs):
            leaders.add(idx)
    for i, ins in enumerate(instrs):
        if ins.base in ("BRA", "BRX", "JMP", "JMX", "EXIT", "RET", "BREAK",
                        "KILL") and i + 1 < len(instrs):
            leaders.add(i + 1)
    starts = sorted(leaders)
    block_of = {}
    blocks = []
    for b, s in enumerate(starts):
        e = starts[b + 1] if b + 1 < len(starts) else len(instrs)
        blocks.append(Block(b, instrs[s:e]))
        block_of[s] = b
    for b, block in enumerate(blocks):
        last = block.instrs[-1]
        fall = b + 1 if b + 1 < len(blocks) else None
        succs = []
        if last.base in ("BRA", "JMP"):
            if last.target in labels and labels[last.target] in block_of:
                succs.append(block_of[labels[last.target]])
            if not is_uncond(last) or ".DIV" in last.op:
                if fall is not None:
                    succs.append(fall)
            elif last.target not in labels and fall is not None:
                succs.append(fall)
        elif last.base in ("EXIT", "RET", "KILL"):
            if not is_uncond(last) and fall is not None:
                succs.append(fall)
        elif last.base in ("BRX", "JMX"):
            pass  # indirect: no successors known
        elif fall is not None:
            succs.append(fall)
        block.succs = sorted(set(succs))
    return blocks


def dominators(blocks):
    n = len(blocks)
    preds = [[] for _ in range(n)]
    for b in blocks:
        for s in b.succs:
            preds[s].append(b.index)
    reach = set()
    stack = [0]
    while stack:
        v = stack.pop()
        if v in reach:
            continue
        reach.add(v)
        stack.extend(blocks[v].succs)
    dom = [set(reach) for _ in range(n)]
    dom[0] = {0}
    changed = True
    while changed:
        changed = False
        for v in sorted(reach):
            if v == 0:
                continue
            ps = [p for p in preds[v] if p in reach]
            new = set.intersection(*[dom[p] for p in ps]) if ps else set()
            new = new | {v}
            if new != dom[v]:
                dom[v] = new
                changed = True
    return dom, preds, reach


class Loop:
    def __init__(self, header):
        self.header = header
        self.body = {header}
        self.latches = set()
        self.children = []
        self.parent = None


def natural_loops(blocks):
    dom, preds, reach = dominators(blocks)
    loops = {}
    for b in blocks:
        if b.index not in reach:
            continue
        for s in b.succs:
            if s in dom[b.index]:
                loop = loops.setdefault(s, Loop(s))
                loop.latches.add(b.index)
                stack = [b.index]
                while stack:
                    v = stack.pop()
                    if v in loop.body:
                        continue
                    loop.body.add(v)
                    stack.extend(p for p in preds[v] if p in reach)
    result = sorted(loops.values(), key=lambda l: len(l.body))
    for i, inner in enumerate(result):
        for outer in result[i + 1:]:
            if inner.body < outer.body:
                inner.parent = outer
                outer.children.append(inner)
                break
    return result


# ---------------------------------------------------------------------------
# Instruction classes

def width_bits(op):
    """Bits moved by a load or store (32 unless .8/.16/.64/.128/.U8...)."""
    for part in op.split(".")[1:]:
        if part in ("64", "128", "256"):
            return int(part)
        if part in ("U8", "S8"):
            return 8
        if part in ("U16", "S16"):
            return 16
    return 32


SYNC_SEMANTICS = ("STRONG", "VOLATILE", "ACQUIRE", "MMIO", "RELAXED")


def is_global_load(ins):
    """A load from global memory: LDG, or a generic LD (SegIR and CUB only
    use generic addresses for global memory)."""
    return ins.base in ("LDG", "LD")


def is_plain_global_load(ins):
    """A data load: weak (no .STRONG/.VOLATILE/... semantics)."""
    parts = ins.op.split(".")
    return is_global_load(ins) and not any(p in SYNC_SEMANTICS
                                           for p in parts)


def is_global_store(ins):
    return ins.base in ("STG", "ST")


def is_atomic(ins):
    """An atomic read-modify-write on global memory (ATOMG, generic ATOM,
    RED)."""
    return ins.base in ("ATOMG", "ATOM", "RED")


def is_poll(ins):
    """A read of a flag another block writes: a load with .STRONG,
    .VOLATILE, .ACQUIRE, ... semantics, or an atomic whose data operand is
    RZ (an OR/ADD/... of zero: a read done as a read-modify-write)."""
    parts = ins.op.split(".")
    if is_global_load(ins) and any(p in SYNC_SEMANTICS for p in parts):
        return True
    if ins.base in ("ATOMG", "ATOM"):
        kind = parts[1:]
        ops = [o.strip() for o in ins.operands.split(",")]
        writes = any(k == "EXCH" or k.startswith("CAS") for k in kind)
        return not writes and bool(ops) and ops[-1] in ("RZ", "URZ")
    return False


def division_kind(ins):
    """'inline' for the start of an integer division or remainder sequence
    (I2F.*.RP: the reciprocal estimate ptxas emits before MUFU.RCP and the
    Newton step), 'call' for a CALL to a division/remainder routine
    (__cuda_sm20_div_u64, ..._rem_s64, ...), else None."""
    if ins.base == "I2F" and ".RP" in ins.op:
        return "inline"
    if ins.base == "CALL" and ins.target and re.search(
            r'(div|rem)', ins.target):
        return "call"
    return None


def is_barrier(ins):
    return ins.base == "BAR" and not ins.op.startswith("BAR.ARV")


def is_mbarrier_wait(ins):
    """A wait on an mbarrier's phase (try_wait/test_wait)."""
    return ins.op.startswith("SYNCS.PHASECHK")


def dest_registers(ins):
    """Registers a load writes: R<n> .. R<n + width/32 - 1>."""
    ops = [o.strip() for o in ins.operands.split(",")]
    for o in ops:
        m = re.match(r'^R(\d+)$', o)
        if m:
            first = int(m.group(1))
            return set(range(first, first + max(1, width_bits(ins.op) // 32)))
        if o.startswith("P") or o == "PT":
            continue
        break
    return set()


def source_registers(ins):
    """Registers an instruction reads (a register pair R<n>.64 as both)."""
    ops = [o.strip() for o in ins.operands.split(",")]
    if ins.base in ("ST", "STG", "STS", "STL", "RED", "BRA", "BAR", "EXIT",
                    "CALL", "RET", "BSSY", "BSYNC", "WARPSYNC", "MEMBAR",
                    "CCTL", "NANOSLEEP", "YIELD", "DEPBAR", "ERRBAR"):
        reads = ops
    else:
        # The destinations come first: predicates and one register.
        i = 0
        while i < len(ops) and (re.match(r'^!?U?P(\d+|T)$', ops[i])):
            i += 1
        if i < len(ops) and re.match(r'^U?R(\d+|Z)$', ops[i]):
            i += 1
        reads = ops[i:]
    regs = set()
    for o in reads:
        for m in re.finditer(r'(?<![U\w])R(\d+)(\.64)?', o):
            r = int(m.group(1))
            regs.add(r)
            if m.group(2):
                regs.add(r + 1)
    return regs


# ---------------------------------------------------------------------------
# The analysis of one kernel


class Cost:
    """What a path (or a block) executes: its instructions in order, their
    number (a CALL with its routine's), and the bytes of its data loads
    (data_loads: plain global loads before the path's first poll or fence),
    all of them and the unpredicated ones."""

    def __init__(self, instrs=0, seq=None, sure_bytes=0, data_bytes=0,
                 polled=False):
        self.instrs = instrs
        self.seq = seq or []
        self.sure_bytes = sure_bytes
        self.data_bytes = data_bytes
        self.polled = polled

    @property
    def load_bytes(self):
        return sum(width_bits(i.op) // 8 for i in self.seq
                   if is_plain_global_load(i))

    def after(self, polled):
        """This cost on a path that has (or has not) polled before it."""
        if not polled:
            return self
        return Cost(self.instrs, self.seq, 0, 0, True)

    def plus(self, other):
        """This path, then `other` (a path that starts after it)."""
        tail = other.after(self.polled)
        return Cost(self.instrs + tail.instrs, self.seq + tail.seq,
                    self.sure_bytes + tail.sure_bytes,
                    self.data_bytes + tail.data_bytes,
                    self.polled or tail.polled)

    @property
    def data_loads(self):
        return sum(1 for i in self.seq
                   if is_plain_global_load(i) or i.base == "LDGSTS")

    def better(self, other):
        """More bytes of unpredicated data loads first (the path that
        carries the data: not an early exit, not a partial tile's
        predicated loads), then more bytes of data loads (a loop of
        predicated loads rather than none), then fewer load instructions
        for the same bytes (the vectorised side of an alignment test,
        which aligned data takes), then fewer instructions (the common,
        fast path: no division routine, no look-back)."""
        if other is None:
            return True
        if self.sure_bytes != other.sure_bytes:
            return self.sure_bytes > other.sure_bytes
        if self.data_bytes != other.data_bytes:
            return self.data_bytes > other.data_bytes
        if self.data_loads != other.data_loads:
            return self.data_loads < other.data_loads
        return self.instrs < other.instrs


def seq_cost(instrs, extra=0):
    """The Cost of straight-line instructions (`extra`: a CALL's routine)."""
    sure = data = 0
    polled = False
    for i in instrs:
        if is_poll(i) or i.base == "MEMBAR":
            polled = True
        # An asynchronous copy (cp.async) carries a tile's data as a load
        # does: the path with the copies is the one that does the work.
        if (is_plain_global_load(i) or i.base == "LDGSTS") and not polled:
            data += width_bits(i.op) // 8
            if is_uncond(i):
                sure += width_bits(i.op) // 8
    return Cost(len(instrs) + extra, list(instrs), sure, data, polled)


class Analysis:
    def __init__(self, name, text):
        self.name = name
        self.routines = parse_function(text, name)
        instrs, labels = self.routines[name]
        self.instrs = instrs
        self.blocks = build_cfg(instrs, labels)
        self.loops = natural_loops(self.blocks)
        self.loop_of = {}
        for loop in reversed(self.loops):  # outermost first, inner override
            for b in loop.body:
                self.loop_of[b] = loop
        self.callee_cost = {}
        for routine, (r_instrs, _) in self.routines.items():
            if routine != name:
                self.callee_cost[routine] = len(r_instrs)
        self.polling = set(id(l) for l in self.loops
                           if any(is_poll(i) for b in self.own_blocks(l)
                                  for i in self.blocks[b].instrs))

    def own_blocks(self, loop):
        inner = set()
        for c in loop.children:
            inner |= c.body
        return [b for b in sorted(loop.body) if b not in inner]

    def block_cost(self, b):
        instrs = self.blocks[b].instrs
        extra = sum(self.callee_cost[i.target] for i in instrs
                    if i.base == "CALL" and i.target in self.callee_cost)
        return seq_cost(instrs, extra)

    def main_path(self, loop):
        """The main path of one iteration of `loop` (None: the kernel body
        outside loops): from the header (entry) to a latch (an EXIT), over
        the loop's own blocks, each directly nested loop counted as one
        iteration of its own main path; at every branch the side with more
        plain global load bytes, then fewer instructions."""
        if loop is None:
            region = set(b.index for b in self.blocks)
            children = [l for l in self.loops if l.parent is None]
            entry = 0
        else:
            region = set(loop.body)
            children = loop.children
            entry = loop.header
        node_of = {}
        for c in children:
            for b in c.body:
                node_of[b] = ("loop", id(c))
        child_by_id = dict((id(c), c) for c in children)

        def node(b):
            return node_of.get(b, ("block", b))

        succs = {}
        terminal = set()
        for b in region:
            n = node(b)
            succs.setdefault(n, set())
            for s in self.blocks[b].succs:
                if loop is not None and s == loop.header:
                    terminal.add(n)  # a latch: the iteration ends here
                    continue
                if s not in region:
                    continue
                m = node(s)
                if m != n:
                    succs[n].add(m)
            last = self.blocks[b].instrs[-1] if self.blocks[b].instrs else None
            if loop is None and last is not None and \
                    last.base in ("EXIT", "RET") and is_uncond(last):
                terminal.add(n)

        costs = {}

        def cost_of(n):
            if n not in costs:
                if n[0] == "block":
                    costs[n] = self.block_cost(n[1])
                else:
                    c = child_by_id[n[1]]
                    if id(c) in self.polling:
                        # One poll: the loop's own blocks once.
                        costs[n] = seq_cost(
                            [i for b in self.own_blocks(c)
                             for i in self.blocks[b].instrs])
                    else:
                        costs[n] = self.main_path(c) or Cost()
            return costs[n]

        best = {}
        visiting = set()

        def solve(n, polled):
            """The best path from n on, after a prefix that has (not)
            polled: loads after a poll are not data."""
            key = (n, polled)
            if key in best:
                return best[key]
            if key in visiting:
                return None  # irreducible: cut the cycle
            visiting.add(key)
            own = cost_of(n).after(polled)
            result = own if n in terminal else None
            for m in sorted(succs.get(n, ()), key=str):
                tail = solve(m, own.polled)
                if tail is None:
                    continue
                cand = own.plus(tail)
                if cand.better(result):
                    result = cand
            visiting.discard(key)
            best[key] = result
            return result

        return solve(node(entry), False)

    def loop_summary(self, loop, path):
        own = self.own_blocks(loop)
        return dict(
            header_offset="0x%04x" % self.blocks[loop.header].instrs[0].offset,
            depth=self.depth(loop), polling=id(loop) in self.polling,
            static_instructions=sum(len(self.blocks[b].instrs) for b in
                                    loop.body),
            main_path_instructions=path.instrs if path else None,
            main_path_load_bytes=path.load_bytes if path else None,
            own_plain_global_loads=sum(1 for b in own for i in
                                       self.blocks[b].instrs
                                       if is_plain_global_load(i)))

    def depth(self, loop):
        d = 0
        while loop.parent is not None:
            loop = loop.parent
            d += 1
        return d

    def hot_loop(self):
        """The non-polling loop whose main path loads the most data bytes
        (data_loads) in its own blocks (ties: the one with fewer main-path
        instructions, then fewer (wider) loads: a vectorised loop over its
        scalar fallback, then the innermost); None
        where no loop loads global data (CUB's one tile per block: then the
        kernel body is the hot region)."""
        best = None
        for loop in self.loops:
            if id(loop) in self.polling:
                continue
            path = self.main_path(loop)
            if path is None:
                continue
            own = set(self.own_blocks(loop))
            own_bytes = sum(width_bits(i.op) // 8 for i in data_loads(path.seq)
                            if self.instr_block(i) in own)
            if own_bytes == 0:
                continue
            loads = sum(1 for i in path.seq if is_plain_global_load(i))
            key = (own_bytes, -path.instrs, -loads, -len(loop.body))
            if best is None or key > best[0]:
                best = (key, loop, path)
        if best is None:
            return None, self.main_path(None)
        return best[1], best[2]

    def instr_block(self, ins):
        if not hasattr(self, "_block_of_instr"):
            self._block_of_instr = {}
            for b in self.blocks:
                for i in b.instrs:
                    self._block_of_instr[id(i)] = b.index
        return self._block_of_instr.get(id(ins))

    def polling_summary(self):
        loops = [l for l in self.loops if id(l) in self.polling]
        polls, atomics, sleeps = [], 0, False
        for l in loops:
            for b in l.body:
                for i in self.blocks[b].instrs:
                    if is_poll(i):
                        polls.append(i.op)
                    if is_atomic(i):
                        atomics += 1
                    if i.base == "NANOSLEEP":
                        sleeps = True
        return dict(loops=len(loops), atomics=atomics,
                    poll_instructions=sorted(set(polls)), nanosleep=sleeps)


def data_loads(seq):
    """The plain global loads of a path before its first poll or memory
    fence: the data a step reads, not the values a look-back reads from
    other blocks after their flags."""
    loads = []
    for ins in seq:
        if is_poll(ins) or ins.base == "MEMBAR":
            break
        if is_plain_global_load(ins):
            loads.append(ins)
    return loads


def loads_before_first_use(seq):
    """Plain global loads issued before the first instruction that reads a
    register one of them wrote (along the main path, in order)."""
    pending = set()
    count = 0
    for ins in seq:
        if pending and (source_registers(ins) & pending):
            return count
        if is_plain_global_load(ins):
            pending |= dest_registers(ins)
            count += 1
    return count


def occupancy(registers, block, smem, limits):
    """Resident blocks and warps per SM from registers and shared memory
    (NVIDIA's occupancy calculation with `limits`)."""
    if not block:
        return None
    warp = limits["warp_size"]
    warps_per_block = -(-block // warp)
    unit = limits["register_allocation_unit"]
    regs_per_warp = -(-max(registers, 1) * warp // unit) * unit
    by_threads = limits["max_threads_per_sm"] // (warps_per_block * warp)
    by_regs = (limits["registers_per_sm"] // regs_per_warp) // warps_per_block
    if regs_per_warp * warps_per_block > limits["registers_per_block"]:
        by_regs = 0
    result = dict(blocks_by_threads=min(by_threads,
                                        limits["max_blocks_per_sm"]),
                  blocks_by_registers=by_regs)
    if smem is not None:
        su = limits["shared_memory_allocation_unit"]
        per_block = -(-smem // su) * su + \
            limits["reserved_shared_memory_per_block"]
        by_smem = limits["shared_memory_per_sm"] // per_block
        if smem > limits["shared_memory_per_block"]:
            by_smem = 0
        result["blocks_by_shared_memory"] = by_smem
    blocks = min(v for v in result.values())
    max_warps = limits["max_threads_per_sm"] // warp
    result.update(blocks=blocks, warps=blocks * warps_per_block,
                  occupancy=round(blocks * warps_per_block / max_warps, 3))
    limiter = [k for k in ("blocks_by_registers", "blocks_by_shared_memory",
                           "blocks_by_threads")
               if result.get(k) == blocks]
    result["limited_by"] = limiter[0][len("blocks_by_"):] if limiter else None
    return result


def widths(instrs, pred):
    hist = {}
    for i in instrs:
        if pred(i):
            w = width_bits(i.op)
            hist[w] = hist.get(w, 0) + 1
    return dict(sorted(hist.items()))


def enclosing_step(a, loop):
    """The outermost non-polling loop around the hot loop (a loop over
    groups or tiles whose loads sit in an inner loop): its main path's
    instructions, the hot loop counted once. None where there is none."""
    outer = loop.parent if loop is not None else None
    found = None
    while outer is not None:
        if id(outer) not in a.polling:
            found = outer
        outer = outer.parent
    if found is None:
        return None
    path = a.main_path(found)
    return dict(region="loop at 0x%04x" %
                a.blocks[found.header].instrs[0].offset,
                instructions=path.instrs if path else None)


MATH_INSTRUCTIONS = ("FFMA", "HMMA", "HGMMA")


def tile_copy_kind(ins):
    """How a load moves a tile towards shared memory: TMA (UTMALDG, a bulk
    tensor copy of the whole tile), LDGSTS.<bits> (an asynchronous copy,
    cp.async), LDG.<bits> (a plain global load, through registers), else
    None."""
    if ins.base == "UTMALDG":
        return "UTMALDG"
    if ins.base == "LDGSTS":
        return "LDGSTS.%d" % width_bits(ins.op)
    if is_plain_global_load(ins):
        return "LDG.%d" % width_bits(ins.op)
    return None


def count_kinds(seq, kind_of):
    """{kind: count} over `seq`, most frequent first."""
    counts = {}
    for i in seq:
        kind = kind_of(i)
        if kind:
            counts[kind] = counts.get(kind, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def tile_copy_figures(a, k_tile):
    """The copies of one k-tile: the global loads, asynchronous copies and
    TMA loads on the main path of the k-tile loop; where that loop issues
    no TMA but another loop does (a producer warp's loop in a
    warp-specialised kernel), that loop's, the one with the most UTMALDG
    (ties: the outermost, not the loops ptxas builds around one UTMALDG to
    make its operands uniform)."""
    path = a.main_path(k_tile)
    copies = count_kinds(path.seq if path else [], tile_copy_kind)
    region, producer = k_tile, False
    if "UTMALDG" not in copies:
        best = None
        for loop in a.loops:
            lp = a.main_path(loop)
            n = sum(1 for i in (lp.seq if lp else []) if i.base == "UTMALDG")
            depth, outer = 0, loop.parent
            while outer is not None:
                depth, outer = depth + 1, outer.parent
            if n and (best is None or (n, -depth) > best[0]):
                best = ((n, -depth), loop, lp.seq)
        if best is not None:
            region, producer = best[1], True
            copies = count_kinds(best[2], tile_copy_kind)
    return dict(region="loop at 0x%04x" %
                a.blocks[region.header].instrs[0].offset,
                producer=producer, copies=copies)


def shared_load_kind(ins):
    """LDSM (ldmatrix), LDS.64 / LDS.128 (vector loads) or LDS (32 bits or
    narrower) for a shared-memory load, else None."""
    if ins.base == "LDSM":
        return "LDSM"
    if ins.base == "LDS":
        w = width_bits(ins.op)
        return "LDS.%d" % w if w > 32 else "LDS"
    return None


def compute_loop_figures(a):
    """The compute loop: of the innermost loops with math instructions
    (FFMA on CUDA cores, HMMA on tensor cores, whichever the loop has more
    of) on the main path of their own blocks, the one with the most (a
    matrix product's k-loop, one k-tile per iteration: not the loop over
    output tiles around it, which also computes the pipeline's last
    k-tiles; ties: the loop that copies tiles (the pipeline's steady
    state, not the loop that drains its last k-tiles), then fewer
    instructions, the vectorised variant over its scalar fallback, as for
    the hot loop). Figures of its main path: the
    math instruction, its count and share, the shared-memory loads by kind,
    math instructions per shared-memory load; and the BAR.SYNC of the
    k-tile loop: the compute loop, or where its main path has none (a loop
    over the steps of one k-tile), the innermost loop around it whose main
    path has some, unless the compute loop waits on an mbarrier (a k-loop
    synchronised by mbarriers, whose barriers are 0). None without FFMA or
    HMMA in a loop."""
    candidates = {}
    for loop in a.loops:
        path = a.main_path(loop)
        if path is None or not path.seq:
            continue
        own = set(a.own_blocks(loop))
        counts = dict((m, sum(1 for i in path.seq if i.base == m and
                              a.instr_block(i) in own))
                      for m in MATH_INSTRUCTIONS)
        math = max(MATH_INSTRUCTIONS, key=lambda m: counts[m])
        copies = any(tile_copy_kind(i) for i in path.seq
                     if a.instr_block(i) in own)
        if counts[math]:
            candidates[id(loop)] = ((counts[math], copies, -len(path.seq)),
                                    loop, path.seq, math)
    enclosing = set()
    for _, loop, _, _ in candidates.values():
        outer = loop.parent
        while outer is not None:
            enclosing.add(id(outer))
            outer = outer.parent
    innermost = [c for k, c in candidates.items() if k not in enclosing]
    if not innermost:
        return None
    best = max(innermost, key=lambda c: c[0])
    _, loop, seq, math = best
    # The other variants of the k-tile (the same math, e.g. the scalar-load
    # path beside the 16-byte one), each with its own share.
    variants = [dict(region="loop at 0x%04x" %
                     a.blocks[other.header].instrs[0].offset,
                     instructions=len(other_seq),
                     math_share=round(key[0] / len(other_seq), 3))
                for key, other, other_seq, other_math in sorted(
                    innermost, key=lambda c: -c[0][2])
                if other is not loop and other_math == math and
                key[0] == best[0][0]]
    count = sum(1 for i in seq if i.base == math)
    loads = {}
    for i in seq:
        kind = shared_load_kind(i)
        if kind:
            loads[kind] = loads.get(kind, 0) + 1
    shared_loads = sum(loads.values())
    k_tile, barriers = loop, sum(1 for i in seq if is_barrier(i))
    # A loop that waits on mbarriers synchronises its k-tiles itself: the
    # loops around it (over output tiles) are not its k-tile loop.
    outer = None if any(is_mbarrier_wait(i) for i in seq) else loop.parent
    while barriers == 0 and outer is not None:
        path = a.main_path(outer)
        outer_barriers = sum(1 for i in path.seq if is_barrier(i)) \
            if path else 0
        if outer_barriers:
            k_tile, barriers = outer, outer_barriers
        outer = outer.parent
    k_tile_path = a.main_path(k_tile)
    k_tile_math = sum(1 for i in k_tile_path.seq if i.base == math) \
        if k_tile_path else count
    return dict(
        region="loop at 0x%04x" % a.blocks[loop.header].instrs[0].offset,
        instructions=len(seq), math=math, math_instructions=count,
        math_share=round(count / len(seq), 3),
        shared_loads=dict(sorted(loads.items(), key=lambda kv: -kv[1])),
        math_per_shared_load=round(count / shared_loads, 1)
        if shared_loads else None,
        global_loads=sum(1 for i in seq if is_global_load(i)),
        k_tile_region="loop at 0x%04x" %
        a.blocks[k_tile.header].instrs[0].offset,
        barriers_per_k_tile=barriers, math_per_k_tile=k_tile_math,
        tile_copies=tile_copy_figures(a, k_tile), variants=variants)


def analyse(kernel):
    """The report of one kernel (a dict of compile_* or from --sass)."""
    a = Analysis(kernel["name"], kernel["sass"])
    stats = kernel.get("stats") or {}
    loop, path = a.hot_loop()
    seq = path.seq if path else []
    elem = kernel.get("element_bytes")
    data = data_loads(seq)
    load_bytes = sum(width_bits(i.op) // 8 for i in data)
    elements = load_bytes / elem if elem and load_bytes else None
    divisions = sum(1 for i in seq if division_kind(i))
    barriers = sum(1 for i in seq if is_barrier(i))
    instrs = path.instrs if path else 0
    smem = None
    if stats.get("static_smem") is not None and \
            kernel.get("dynamic_smem") is not None:
        smem = stats["static_smem"] + kernel["dynamic_smem"]
    occ = occupancy(stats["registers"], kernel.get("block_size"), smem,
                    kernel["limits"]) if "registers" in stats else None

    def per(x):
        return round(x / elements, 2) if elements else None

    all_instrs = a.instrs
    report = dict(
        kernel=kernel["name"], display_name=kernel.get("display_name",
                                                       kernel["name"]),
        origin=kernel.get("origin"), source=kernel.get("source"),
        label=kernel.get("label"), block_size=kernel.get("block_size"),
        registers=stats.get("registers"),
        spill_stores=stats.get("spill_stores"),
        spill_loads=stats.get("spill_loads"),
        stack_frame=stats.get("stack_frame"),
        shared_memory=smem, occupancy=occ, limits=kernel["limits"],
        static_instructions=len(all_instrs),
        global_load_widths=widths(all_instrs, is_plain_global_load),
        global_store_widths=widths(all_instrs, is_global_store),
        division_sites=sum(1 for i in all_instrs
                           if division_kind(i)),
        hot=dict(
            region="loop at 0x%04x" % a.blocks[loop.header].instrs[0].offset
            if loop else "kernel body",
            instructions=instrs, load_bytes=load_bytes,
            loads=len(data), load_widths=widths(data, lambda i: True),
            loads_before_first_use=loads_before_first_use(seq),
            element_bytes=elem, elements=elements,
            instructions_per_element=per(instrs),
            divisions=divisions, divisions_per_element=per(divisions),
            barriers=barriers, barriers_per_element=per(barriers)),
        compute=compute_loop_figures(a),
        enclosing=enclosing_step(a, loop),
        polling=a.polling_summary(),
        loops=[a.loop_summary(l, a.main_path(l)) for l in
               sorted(a.loops, key=lambda l: l.header)])
    return report


# ---------------------------------------------------------------------------
# Output


def fmt_widths(hist):
    return "+".join("%dx%d" % (n, w) for w, n in hist.items()) or "-"


COLUMNS = [
    ("kernel", 0), ("B", 5), ("regs", 4), ("spill", 6), ("occ", 5),
    ("LDG bits", 10), ("STG bits", 10), ("in flight", 9), ("instr/el", 8),
    ("div/el", 6), ("bar/step", 8), ("poll atomics", 12), ("math", 9),
    ("math/shared load", 16), ("bar/k-tile", 10), ("math/k-tile", 11),
    ("copies/k-tile", 13)]


def row(r):
    h = r["hot"]
    occ = r["occupancy"]
    spill = "-" if r["spill_stores"] is None else "%d/%d" % (
        r["spill_stores"], r["spill_loads"])
    poll = r["polling"]
    polltext = "-" if not poll["loops"] else "%d%s" % (
        poll["atomics"], " (sleep)" if poll["nanosleep"] else "")
    return [r["display_name"], str(r["block_size"] or "?"),
            str(r["registers"] if r["registers"] is not None else "?"),
            spill, "%d%%" % round(100 * occ["occupancy"]) if occ else "?",
            fmt_widths(h["load_widths"]) if h["loads"] else "-",
            ",".join(str(w) for w in r["global_store_widths"]) or "-",
            str(h["loads_before_first_use"]),
            "%.1f" % h["instructions_per_element"]
            if h["instructions_per_element"] is not None else
            "%d/step" % h["instructions"],
            "%.2f" % h["divisions_per_element"]
            if h["divisions_per_element"] is not None else str(h["divisions"]),
            str(h["barriers"]), polltext] + compute_cells(r["compute"])


def compute_cells(c):
    """The math, math/shared load and bar/k-tile cells of a compute loop
    (compute_loop_figures; None: none)."""
    if c is None:
        return ["-", "-", "-", "-", "-"]
    per_load = "no loads" if not c["global_loads"] else \
        "%d LDG" % c["global_loads"]
    if c["math_per_shared_load"] is not None:
        per_load = "%.1f per %s" % (c["math_per_shared_load"],
                                    "/".join(c["shared_loads"]))
    copies = c["tile_copies"]
    copy_text = "+".join("%dx%s" % (n, kind)
                         for kind, n in copies["copies"].items()) or "-"
    if copies["producer"]:
        copy_text += " (producer)"
    return ["%s %d%%" % (c["math"], round(100 * c["math_share"])), per_load,
            str(c["barriers_per_k_tile"]), str(c["math_per_k_tile"]),
            copy_text]


def table(reports, markdown=False):
    heads = [c[0] for c in COLUMNS]
    rows = [row(r) for r in reports]
    if markdown:
        lines = ["| " + " | ".join(heads) + " |",
                 "|" + "|".join(" --- " for _ in heads) + "|"]
        lines += ["| " + " | ".join(x.replace("|", "\\|") for x in r) + " |"
                  for r in rows]
        return "\n".join(lines) + "\n"
    widths_ = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
               for i, h in enumerate(heads)]
    out = ["  ".join(h.ljust(w) for h, w in zip(heads, widths_)).rstrip()]
    out += ["  ".join(x.ljust(w) for x, w in zip(r, widths_)).rstrip()
            for r in rows]
    return "\n".join(out) + "\n"


LEGEND = """\
B: block size (threads); regs: registers per thread; spill: bytes of spill
stores/loads (ptxas -v); occ: warps resident per SM over the maximum, from
registers, shared memory and the block size; LDG bits: plain global loads on
the hot path, count x bits; STG bits: widths of all global stores; in flight:
loads issued per thread before the first use of any of them on the hot path;
instr/el: hot-path instructions per element (per step where the element size
is unknown); div/el: integer division or remainder sequences per element;
bar/step: BAR.SYNC (not the arrive-only BAR.ARV) on the main path of one
step, counted alike for SegIR and CUB: a step is one tile, a pass of the
hot loop (grid-stride or dynamic-id loop) or the kernel body of a kernel
without one (CUB's one tile per block); the main path takes at every branch
the side with more global load bytes, then fewer load instructions (the
vectorised side of an alignment test), then fewer instructions, and counts a
nested loop as one pass of its own main path (a polling loop, the
look-back, as one poll); barriers before the loop (a scan's first group
id) are not in it; poll atomics:
atomic read-modify-writes in polling loops (sleep: the loops back off with
NANOSLEEP; -: no polling loop); math: the math instruction of the compute
loop (of the innermost loops with FFMA or HMMA of their own, the one with
the most: a matrix product's k-loop, one k-tile per iteration), FFMA (CUDA
cores), HMMA (tensor cores, mma.sync) or HGMMA (Hopper's warpgroup MMA,
wgmma), and its share of the loop's instructions; math/shared load: those
math instructions per shared-memory load of the loop, with the kinds of
loads, most frequent first (LDS.128, LDS.64: vector loads; LDS: 32 bits or
narrower; LDSM: ldmatrix), or the loop's global loads where it has no
shared-memory loads ("no loads": wgmma reads its operands from shared
memory through descriptors); bar/k-tile: BAR.SYNC on the main path of one
iteration of the k-tile loop: the compute loop, or where it has none (a
loop over the steps of one k-tile), the innermost loop around it that has
some, unless the compute loop waits on mbarriers (a wgmma k-loop whose
stages are handed over by mbarriers: 0) (-: no compute loop); math/k-tile:
the math instructions on that path; copies/k-tile: how that path moves the
next tiles towards shared memory, count x kind: LDG (plain global loads,
through registers), LDGSTS (asynchronous copies, cp.async) and UTMALDG (TMA
loads); "producer": the k-tile loop issues no TMA and these are the loop
with the most UTMALDG (a producer warp's loop).
"""


# ---------------------------------------------------------------------------
# Driver


def load_spec(path):
    """A spec file: lines `label|source|seg-opt arguments before the
    pipeline (" + " between them)|seg-to-nvvm options|kernel regex`, where
    `{B}` in the arguments and options stands for the block size, or
    `label|cub|||regex` (CUB's kernels of bench/src/Cub.cu, the regex on
    the demangled name), or `label|cuda:PATH|||regex` (the kernels of a
    CUDA file, compiled by nvcc as CUB's are); `block: B` gives the block size of the table (256),
    `sweep: B...` the block sizes of the registers-and-spills table."""
    entries, sweep, block = [], [], 256
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("sweep:"):
                sweep = [int(x) for x in line[len("sweep:"):].split()]
                continue
            if line.startswith("block:"):
                block = int(line[len("block:"):])
                continue
            fields = line.split("|")
            if len(fields) != 5:
                raise ReportError("%s: bad line: %s" % (path, line))
            label, source, before, options, regex = fields
            entries.append(dict(label=label, source=source,
                                before=[a for a in before.split(" + ") if a],
                                options=options, regex=regex))
    return entries, sweep, block


def is_cuda_source(source):
    """Whether a spec line's source is compiled by nvcc (CUB, `cuda:PATH`):
    its kernels keep their own block size and are not swept."""
    return source == "cub" or source.startswith("cuda:")


def at_block_size(entry, block):
    """(before, options) of a spec entry for block size `block`."""
    before = [a.replace("{B}", str(block)) for a in entry["before"]]
    options = entry["options"].replace("{B}", str(block))
    return before, options


def run_spec(tools, path, workdir):
    entries, sweep, block = load_spec(path)
    reports = []
    compiled = {}
    for e in entries:
        if is_cuda_source(e["source"]):
            if e["source"] not in compiled:
                compiled[e["source"]] = compile_cub(tools, workdir) \
                    if e["source"] == "cub" else compile_reference(
                        tools, workdir, e["source"][len("cuda:"):])
            chosen = [k for k in compiled[e["source"]]
                      if re.search(e["regex"], k["demangled"])]
        else:
            before, options = at_block_size(e, block)
            chosen = matching_kernels(e["regex"], compile_segir(
                tools, os.path.join(ROOT, e["source"]), before, options,
                workdir, "_%d" % len(reports), kernel_regex=e["regex"]))
        if not chosen:
            raise ReportError("spec line '%s' matches no kernel" % e["label"])
        for k in chosen:
            k["label"] = e["label"]
            reports.append(analyse(k))
    spills = []
    for e in entries:
        if is_cuda_source(e["source"]) or not sweep:
            continue
        line = dict(label=e["label"], by_block_size={})
        for b in sweep:
            before, options = at_block_size(e, b)
            for k in matching_kernels(e["regex"], compile_segir(
                    tools, os.path.join(ROOT, e["source"]), before, options,
                    workdir, "_sweep%d_%d" % (len(spills), b),
                    kernel_regex=e["regex"])):
                s = k["stats"]
                line["by_block_size"].setdefault(k["display_name"], {})[b] = dict(
                    registers=s.get("registers"),
                    spill_stores=s.get("spill_stores"),
                    spill_loads=s.get("spill_loads"))
        spills.append(line)
    return reports, sweep, spills


def matching_kernels(regex, kernels):
    """The kernels a spec line's regex selects: those whose display name
    (the module of a one-kernel module) matches, else those whose kernel
    name does. Outlined kernels of one function can share a kernel name
    in modules of their own (`f_kernel`, `f_kernel_0`, ...), so a regex
    for one module must not select the others through that name."""
    by_display = [k for k in kernels if re.search(regex, k["display_name"])]
    return by_display or [k for k in kernels if re.search(regex, k["name"])]


def git(*args):
    try:
        return subprocess.run(["git", "-C", ROOT] + list(args),
                              capture_output=True, text=True,
                              timeout=60).stdout.strip()
    except OSError:
        return ""


def markdown_document(tools, reports, sweep, spills, command, output):
    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    # Changes to tracked files but the document itself.
    exclude = [":(exclude)" + os.path.relpath(os.path.abspath(output), ROOT)] \
        if output != "-" else []
    dirty = " (with uncommitted changes)" if git(
        "status", "--porcelain", "--untracked-files=no", "--", ".",
        *exclude) else ""
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"model name\s*:\s*(.*)", f.read())
            cpu = m.group(1).strip() if m else ""
    except OSError:
        pass
    lines = [
        "# Kernels: SegIR next to CUB, read from the machine code",
        "",
        "Generated by `utils/kernel-report.py` (docs/Performance.md, \"Why is my "
        "kernel slow?\"); do not edit by hand. Static figures of the SASS "
        "that ptxas produces for sm_90: no GPU ran anything. SegIR's rows "
        "are its kernels at the commit below, CUB's the yardstick compiled "
        "in the same run; rerun after changing a kernel to compare. To "
        "regenerate:",
        "",
        "```sh",
        command,
        "```",
        "",
        "* date: %s" % datetime.datetime.now(datetime.timezone.utc)
        .strftime("%Y-%m-%d %H:%M UTC"),
        "* commit: %s%s" % (commit, dirty),
        "* machine: %s, %s" % (platform.machine(), cpu or "unknown CPU"),
        "* tools: ptxas %s, nvcc %s (%s), nvdisasm %s" % (
            tools.version("ptxas"), tools.version("nvcc"),
            tools.cccl_description(), tools.version("nvdisasm")),
        "",
        "## Per kernel",
        "",
    ]
    groups = []
    for r in reports:
        if not groups or groups[-1][0] != r["label"]:
            groups.append((r["label"], []))
        groups[-1][1].append(r)
    heads = ["what"] + [c[0] for c in COLUMNS]
    lines.append("| " + " | ".join(heads) + " |")
    lines.append("|" + "|".join(" --- " for _ in heads) + "|")
    for label, rs in groups:
        for r in rs:
            lines.append("| " + " | ".join(
                [label] + [x.replace("|", "\\|") for x in row(r)]) + " |")
    lines += ["", LEGEND.replace("\n", " ").strip(), ""]
    lines += ["Hot regions (per step: instructions on the main path, "
              "elements; the loop around a hot loop, with the hot loop "
              "counted once):", ""]
    for r in reports:
        h = r["hot"]
        enc = r.get("enclosing")
        lines.append("* %s: %s, %d instructions, %s elements%s" % (
            r["display_name"], h["region"], h["instructions"],
            ("%g" % h["elements"]) if h["elements"] else "?",
            "; inside the %s, %s instructions" % (enc["region"],
                                                  enc["instructions"])
            if enc else ""))
    lines.append("")
    computed = [r for r in reports if r.get("compute") and
                r["compute"].get("variants")]
    if computed:
        lines += ["Compute loops with variants (the k-loop of the row, then "
                  "the other loops with as many math instructions: its "
                  "variants, e.g. the scalar-load path of shapes whose rows "
                  "are not a multiple of the vector):", ""]
        for r in computed:
            c = r["compute"]
            parts = ["%s, %d instructions, %s %.0f%%" % (
                c["region"], c["instructions"], c["math"],
                100 * c["math_share"])]
            parts += ["%s, %d instructions, %s %.0f%%" % (
                v["region"], v["instructions"], c["math"],
                100 * v["math_share"]) for v in c["variants"]]
            lines.append("* %s: %s" % (r["display_name"], "; ".join(parts)))
        lines.append("")
    if spills:
        lines += ["## Registers and spills by block size", "",
                  "registers / spill store bytes of every kernel the line's "
                  "regex selects, with `{B}` in its passes and options set "
                  "to B; `-`: no such kernel at that block size (a scan "
                  "whose operator state leaves too few registers at m = 1 "
                  "is lowered by reduce-then-scan, whose three kernels then "
                  "appear under the line's module names).",
                  ""]
        heads = ["what", "kernel"] + ["B = %d" % b for b in sweep]
        lines.append("| " + " | ".join(heads) + " |")
        lines.append("|" + "|".join(" --- " for _ in heads) + "|")
        for s in spills:
            for kernel, by in s["by_block_size"].items():
                cells = []
                for b in sweep:
                    v = by.get(b)
                    cells.append("%s / %s" % (v["registers"],
                                              v["spill_stores"])
                                 if v else "-")
                lines.append("| " + " | ".join([s["label"], kernel] + cells)
                             + " |")
        lines.append("")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Per-kernel report of SegIR's (and CUB's) SASS for "
                    "sm_90: registers, spills, occupancy, load widths, "
                    "loads in flight, instructions, divisions and barriers "
                    "per element, atomics in polling loops.")
    parser.add_argument("programs", nargs="*", help="SegIR programs (.mlir)")
    parser.add_argument("--before", action="append", default=[],
                        help="a seg-opt argument applied before seg-to-nvvm "
                             "(repeatable), e.g. --before=--seg-select-chunk")
    parser.add_argument("--options", default="",
                        help="seg-to-nvvm options, e.g. 'block-size=512'")
    parser.add_argument("--cub", action="store_true",
                        help="also CUB's kernels of bench/src/Cub.cu (nvcc)")
    parser.add_argument("--kernels", default="",
                        help="only kernels whose name matches this regex")
    parser.add_argument("--element-bytes", type=int,
                        help="bytes a thread loads per element (default: "
                             "from the program's seg op body)")
    parser.add_argument("--verify-cubin", action="store_true",
                        help="also compile with seg-to-nvvm's format=bin and "
                             "check that its cubins are the ones analysed")
    parser.add_argument("--sass", help="analyse this nvdisasm output")
    parser.add_argument("--ptxas-log",
                        help="with --sass: ptxas -v output (registers, "
                             "spills, shared memory)")
    parser.add_argument("--block-size", type=int,
                        help="with --sass: the block size")
    parser.add_argument("--dynamic-smem", type=int, default=0,
                        help="with --sass: dynamic shared memory bytes")
    parser.add_argument("--chip", default="sm_90",
                        help="with --sass: the target's limits")
    parser.add_argument("--spec", help="a table of programs (see "
                                       "bench/kernels/report.txt)")
    parser.add_argument("--check-targets", action="store_true",
                        help="check the tool's limits of every chip against "
                             "SegIR's #seg.target presets (seg-opt) and exit")
    parser.add_argument("--format", choices=["table", "json", "markdown"],
                        default="table")
    parser.add_argument("-o", "--output", default="-")
    for tool in ("seg-opt", "ptxas", "nvcc", "nvdisasm"):
        parser.add_argument("--" + tool, dest=tool.replace("-", "_"),
                            help="path of " + tool)
    parser.add_argument("--cccl", help="CCCL include directory for CUB "
                                       "(default: the one scripts/setup.sh "
                                       "installs into the build directory, "
                                       "else the CUDA toolkit's)")
    args = parser.parse_args(argv)
    workdir = tempfile.mkdtemp(prefix="kernel-report-")
    try:
        tools = Tools(args)
        sweep, spills = [], []
        if args.check_targets:
            tools.need("seg-opt")
            for chip in sorted(TARGETS):
                check_target(tools, chip)
                print("%s: the limits are #seg.target's preset" % chip)
            return 0
        if args.spec:
            reports, sweep, spills = run_spec(tools, args.spec, workdir)
        else:
            kernels = []
            if args.sass:
                with open(args.sass) as f:
                    sass = f.read()
                stats = {}
                if args.ptxas_log:
                    with open(args.ptxas_log) as f:
                        stats = parse_ptxas_log(f.read())
                for name, text in split_functions(sass).items():
                    if name.startswith("$"):
                        continue
                    kernels.append(dict(
                        name=name, origin="sass", source=args.sass,
                        block_size=args.block_size,
                        dynamic_smem=args.dynamic_smem,
                        element_bytes=args.element_bytes,
                        limits=TARGETS[args.chip],
                        stats=stats.get(name, {}), sass=text))
            for program in args.programs:
                kernels += compile_segir(tools, os.path.abspath(program),
                                         args.before, args.options, workdir,
                                         verify_cubin=args.verify_cubin,
                                         kernel_regex=args.kernels or None)
            if args.cub:
                kernels += compile_cub(tools, workdir)
            if not kernels:
                parser.error("nothing to report: give programs, --cub, "
                             "--sass or --spec")
            reports = []
            for k in kernels:
                if args.kernels and not re.search(args.kernels, k["name"]) \
                        and not re.search(args.kernels,
                                          k.get("display_name", "")):
                    continue
                if args.element_bytes:
                    k["element_bytes"] = args.element_bytes
                reports.append(analyse(k))
        if args.format == "json":
            text = json.dumps(dict(kernels=reports, spills_by_block_size=
                                   spills, sweep=sweep), indent=1) + "\n"
        elif args.format == "markdown":
            command = "python3 utils/kernel-report.py " + " ".join(
                a if not a.startswith(ROOT) else os.path.relpath(a, ROOT)
                for a in (argv if argv is not None else sys.argv[1:]))
            text = markdown_document(tools, reports, sweep, spills, command,
                                     args.output) \
                if args.spec else table(reports, markdown=True)
        else:
            text = table(reports) + "\n" + LEGEND
        if args.output == "-":
            sys.stdout.write(text)
        else:
            with open(args.output, "w") as f:
                f.write(text)
    except ReportError as e:
        print("kernel-report: error: %s" % e, file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
