"""SegIR from Python: parse, transform and compile seg programs, and run them
on the CPU (the seg-to-cpu reference lowering), on the CPU kernel emulator
(seg-to-emulator) or on an NVIDIA GPU (seg-to-nvvm), with NumPy arrays.

    import numpy as np, segir
    module = segir.Context().parse(open("examples/segsum.mlir").read())
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    out = np.zeros(3, dtype=np.float32)
    segir.run_cpu(module, "segsum", x, out)     # out == x.sum(axis=1)

Every failure raises MLIRError, whose `diagnostics` holds MLIR's messages.

Arguments are checked against the function's signature before anything
runs (dtype, rank, static sizes, C-contiguous, aligned and writeable
arrays). A signature cannot say that two arguments share a dynamic size, so
programs that index one array with another's bounds are contained instead:
run_cpu and run_emulator call the function in a child process (fork), on
copies of the arrays in shared memory that are copied back when the call
succeeds. Both check every memref access unless check=False. A crash, an
out-of-bounds access (named with its op and location) or an emulator report
(a barrier divergence, a time-out) ends only the child and raises
ExecutionError (EmulatorError on the emulator) with the report in
`diagnostics`; the arrays are then left as they were. compile_ptx and
compile_cubin compile in a child process too: an LLVM fatal error raises
MLIRError.
"""

import contextlib
import ctypes
import faulthandler
import mmap
import os
import pickle
import re
import signal
import sys
import tempfile

from . import _capi, _memref
from ._capi import lib

__all__ = ["Context", "Module", "MLIRError", "RuntimeUnavailableError",
           "ExecutionError", "EmulatorError",
           "compile_ptx", "compile_cubin", "select_chunks", "run_cpu",
           "run_emulator", "run_gpu", "library_dir"]

library_dir = _capi.library_dir

# Where Debian's MLIR keeps the runner utilities (printMemref*, vector.print).
MLIR_LIBRARY_DIR = os.environ.get("SEGIR_MLIR_LIBRARY_DIR",
                                  "/usr/lib/llvm-22/lib")


class MLIRError(Exception):
    """A failure reported by MLIR or SegIR; `diagnostics` holds the messages
    ("<location>: error: <message>", one per line)."""

    def __init__(self, message, diagnostics=""):
        self.message = message
        self.diagnostics = diagnostics
        super().__init__(message + (":\n" + diagnostics if diagnostics else ""))


class RuntimeUnavailableError(MLIRError):
    """A runtime library that a way of running programs needs is missing."""


class ExecutionError(MLIRError):
    """The called function failed while it ran (a crash, a failed check);
    `diagnostics` holds what it reported. The host process goes on."""


class EmulatorError(ExecutionError):
    """The kernel emulator reported an error (an out-of-bounds access with
    check=True, a barrier or warp divergence, a time-out); `diagnostics`
    holds its report."""


# The CUDA driver run_gpu needs (module-level so that tests can replace it).
CUDA_DRIVER = "libcuda.so.1"


def _options(options):
    """{"block_size": 128, "strategy": "small"} -> "block-size=128 strategy=small"."""
    parts = []
    for key, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        parts.append(f"{key.replace('_', '-')}={value}")
    return " ".join(parts)


class _Owned:
    """Destroys a C handle when the last Python reference to it goes, but a
    context only after every module made in it. The garbage collector may
    finalize a module's and its context's holders in any order when it
    collects them together, so the order is kept here. A forked child
    (compilation, execution) never destroys what its parent made: a
    context's worker threads do not exist there, and joining them would
    crash."""

    def __init__(self, handle, destroy, owner=None):
        self.handle, self._destroy, self._owner = handle, destroy, owner
        self._children = 0
        self._released = False
        self._process = os.getpid()
        if owner is not None:
            owner._children += 1

    def _destroy_if_unused(self):
        if self._released and self._children == 0 and self.handle is not None:
            if os.getpid() == self._process:
                self._destroy(self.handle)
            self.handle = None

    def __del__(self):
        self._released = True
        self._destroy_if_unused()
        owner = self._owner
        if owner is not None and self.handle is None:
            self._owner = None
            owner._children -= 1
            owner._destroy_if_unused()


class Context:
    """An MLIRContext with every upstream dialect, the seg dialect and the LLVM
    IR translations; SegIR's passes and pipelines are registered globally."""

    def __init__(self):
        self._owned = _Owned(lib.segirContextCreate(), lib.mlirContextDestroy)

    @property
    def _ctx(self):
        return self._owned.handle

    def parse(self, source, name="<string>"):
        """Parses MLIR text into a Module; raises MLIRError on bad input,
        TypeError for anything but str or bytes."""
        return _parse(self._owned, source, name)


def _parse(context, source, name):
    """A Module parsed from `source` in the context `context` (its _Owned);
    raises MLIRError on bad input, TypeError for anything but str or bytes."""
    if not isinstance(source, (str, bytes)):
        # bytes(42) would be 42 NUL bytes: an empty module.
        raise TypeError("parse takes the program's text (str or bytes), "
                        f"not {type(source).__name__}")
    diagnostics = _capi.Collector()
    module = lib.segirParseModule(context.handle, _capi.StringRef.of(source),
                                  _capi.StringRef.of(name),
                                  diagnostics.callback, None)
    if not module.ptr:
        raise MLIRError(f"cannot parse {name}",
                        "\n".join(p.decode() for p in diagnostics.pieces))
    return Module(context, module)


class Module:
    """A builtin.module owned by Python; transformations change it in place."""

    def __init__(self, context, handle):
        # The module's _Owned keeps its context's alive.
        self._owned = _Owned(handle, lib.mlirModuleDestroy, context)
        self.diagnostics = ""

    @property
    def _module(self):
        return self._owned.handle

    @property
    def _op(self):
        return lib.mlirModuleGetOperation(self._module)

    def __str__(self):
        text = _capi.Collector()
        lib.mlirOperationPrint(self._op, text.callback, None)
        return text.text()

    def clone(self):
        return Module(self._owned._owner,
                      lib.mlirModuleFromOperation(lib.mlirOperationClone(self._op)))

    def run(self, pipeline, options="", **kwargs):
        """Runs a registered pass or pipeline, e.g. run("seg-to-cpu") or
        run("convert-seg-to-gpu", block_size=128); `options` is the text
        between the braces of pipeline{...}. Returns self."""
        text = " ".join(filter(None, [options, _options(kwargs)]))
        diagnostics = _capi.Collector()
        result = lib.segirRunPipeline(self._op, _capi.StringRef.of(pipeline),
                                      _capi.StringRef.of(text),
                                      diagnostics.callback, None)
        self.diagnostics = "\n".join(p.decode(errors="replace")
                                     for p in diagnostics.pieces)
        if not result.value:
            raise MLIRError(f"{pipeline} failed", self.diagnostics)
        return self

    def apply_transform(self, script, entry_point="__transform_main"):
        """Applies a transform-dialect script to this module, as
        `transform-interpreter` does: `script` (text or a Module of this
        module's context) is a module with `transform.with_named_sequence`
        holding the named sequence `entry_point`, e.g. one that matches
        seg.map ops and applies transform.seg.tile_block_register. Raises
        MLIRError when the script fails. Returns self."""
        if not isinstance(script, Module):
            script = _parse(self._owned._owner, script, "<transform script>")
        elif script._owned._owner is not self._owned._owner:
            raise ValueError("the transform script is a Module of another "
                             "Context; parse it in this module's")
        # The interpreter finds the entry point inside the module it runs
        # on: the script goes in as a nested module while it runs.
        library = lib.mlirOperationClone(script._op)
        lib.mlirBlockAppendOwnedOperation(lib.mlirModuleGetBody(self._module),
                                          library)
        try:
            return self.run("transform-interpreter", entry_point=entry_point)
        finally:
            lib.mlirOperationRemoveFromParent(library)
            lib.mlirOperationDestroy(library)

    def tunables(self):
        """{"main.red0.chunk": 13, ...}: the values set in the module (by
        seg-select-chunk), named as in tuning files."""
        lines = _capi.Collector()
        lib.segirGetTunables(self._op, lines.callback, None)
        values = {}
        for line in lines.text().splitlines():
            name, value = line.split("=")
            values[name] = int(value)
        return values

    def gpu_objects(self):
        """{binary symbol: bytes} of the gpu.binary ops (after seg-to-nvvm)."""
        pieces = _capi.Collector()
        lib.segirGetGPUObjects(self._op, pieces.callback, None)
        names, blobs = pieces.pieces[0::2], pieces.pieces[1::2]
        return {n.decode(): b for n, b in zip(names, blobs)}

    def signature(self, function):
        """(argument types, result types) of func.func `function`, spelled as
        by segirDescribeFunction."""
        text = _capi.Collector()
        result = lib.segirDescribeFunction(self._op, _capi.StringRef.of(function),
                                           text.callback, None)
        if not result.value:
            raise MLIRError(f"cannot call @{function}", text.text())
        arguments, results = text.text().split("->")
        return arguments.split(), results.split()


def _module(program, context=None, frontend=None):
    """A fresh Module from text or a copy of a Module (pipelines change it),
    first through the `frontend` pipeline when one is given: "linalg-to-seg"
    for linalg on tensors or memrefs, "convert-scf-parallel-to-seg", ..."""
    module = (program.clone() if isinstance(program, Module)
              else (context or Context()).parse(program))
    return module.run(frontend) if frontend else module


def select_chunks(program, **options):
    """Runs seg-select-chunk (options: block_size, chunk, tuning_file, ...)
    and returns the resource model's choices {tunable name: value}."""
    return _module(program).run("seg-select-chunk", **options).tunables()


def _compile_objects(program, options, binary_format):
    """{gpu.binary symbol: bytes} from seg-to-nvvm, compiled in a child
    process: LLVM's code generation may end its process (a fatal error, an
    abort), which must not be this one."""
    # The text crosses the fork; the child parses it in a context of its
    # own (a context's worker threads do not survive a fork).
    text = str(program) if isinstance(program, Module) else program
    frontend = options.pop("frontend", None)

    def compile_in_child():
        module = _module(text, frontend=frontend)
        return module.run("seg-to-nvvm", format=binary_format,
                          **options).gpu_objects()

    def crashed(how, report):
        return MLIRError(f"seg-to-nvvm stopped: the compiler process {how}",
                         report)

    return _in_child(compile_in_child, crashed)


def compile_ptx(program, **options):
    """{gpu.binary symbol: PTX text} from seg-to-nvvm (options: block_size,
    strategy, max_blocks, chip, features, opt_level; frontend, a pipeline
    run first, e.g. "linalg-to-seg"). Compiles in a child process: every
    failure, even one that ends LLVM, raises MLIRError."""
    objects = _compile_objects(program, options, "isa")
    return {name: blob.decode() for name, blob in objects.items()}


def compile_cubin(program, **options):
    """{gpu.binary symbol: cubin bytes} from seg-to-nvvm (needs ptxas), in a
    child process as compile_ptx."""
    return _compile_objects(program, options, "bin")


@contextlib.contextmanager
def _captured_stderr():
    """Captures what native code writes to file descriptor 2 meanwhile (the
    JIT reports missing symbols there); yields a list that receives it."""
    sys.stderr.flush()
    saved = os.dup(2)
    captured = []
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield captured
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            captured.append(sink.read().decode(errors="replace").strip())


_libc = ctypes.CDLL(None)
_libc.setvbuf.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                          ctypes.c_size_t]
_LINE_BUFFERED = 1  # glibc's _IOLBF
_PackedFunction = ctypes.CFUNCTYPE(None, ctypes.POINTER(ctypes.c_void_p))


def _wait_description(wait_status):
    if os.WIFSIGNALED(wait_status):
        return f"was killed by {signal.Signals(os.WTERMSIG(wait_status)).name}"
    return f"exited with status {os.WEXITSTATUS(wait_status)}"


def _in_child(work, failure):
    """Returns work(), run in a forked child process; its value and any
    exception it raises are pickled back. If the child ends otherwise (a
    crash, an abort, exit), raises failure(how, report), the report being
    what the child wrote to stderr and, of what it wrote to stdout, a
    runtime-verification report. The child's stdout is replayed here."""
    sys.stdout.flush()
    sys.stderr.flush()
    with tempfile.TemporaryFile() as report, \
            tempfile.TemporaryFile() as output, \
            tempfile.TemporaryFile() as result:
        pid = os.fork()
        if pid == 0:  # The child: work, flush C's buffers, leave at once.
            status = 1
            try:
                # A fault is the work's to report, not Python's.
                faulthandler.disable()
                os.dup2(report.fileno(), 2)
                os.dup2(output.fileno(), 1)
                # A failed cf.assert (bounds checks) prints its report with
                # puts, then aborts: line buffering loses none of it.
                _libc.setvbuf(ctypes.c_void_p.in_dll(_libc, "stdout").value,
                              None, _LINE_BUFFERED, 0)
                try:
                    outcome = ("value", work())
                except Exception as error:  # pylint: disable=broad-except
                    outcome = ("raise", error)
                pickle.dump(outcome, result)
                result.flush()
                status = 0
            finally:
                _libc.fflush(None)
                os._exit(status)
        _, wait_status = os.waitpid(pid, 0)
        report.seek(0)
        text = report.read().decode(errors="replace")
        output.seek(0)
        printed = output.read().decode(errors="replace")
        result.seek(0)
        outcome = result.read()
    if printed:
        sys.stdout.write(printed)
        sys.stdout.flush()
    if os.WIFEXITED(wait_status) and os.WEXITSTATUS(wait_status) == 0:
        if text:  # e.g. SEGIR_EMU_TRACE lines: where they would have gone
            sys.stderr.write(text)
            sys.stderr.flush()
        kind, value = pickle.loads(outcome)
        if kind == "raise":
            raise value
        return value
    verification = _VERIFICATION.search(printed)
    if verification:
        text = (text + "\n" + verification.group(0)).strip()
    raise failure(_wait_description(wait_status), text.strip())


# The report of a failed runtime check (generate-runtime-verification, the
# emulator's check=True): on the CPU the access's indices (from
# seg-report-checked-indices), then the op, what failed, and where.
_VERIFICATION = re.compile(r"(?:out-of-bounds (?P<index>index \[.*\] of "
                           r"sizes \[.*\])\n)?"
                           r"ERROR: Runtime op verification failed\n"
                           r"(?P<op>.*)\n\^ (?P<what>.*)\n"
                           r"Location: (?P<loc>.*)")
_EMULATOR_REPORT = re.compile(r"^segir emulator: (kernel .*)$", re.M)


def _call_in_child(entry, packed, error_class, function):
    """Calls entry(packed) in a forked child; raises error_class, whose
    message names a failed bounds check's op and location, if it does not
    return normally. Memory the call must write back is shared (mmap) by
    the caller."""

    def failed(how, report):
        check = _VERIFICATION.search(report)
        if check:
            index = f", {check['index']}" if check["index"] else ""
            return error_class(
                f"@{function} failed: {check['what']} by "
                f"`{check['op'].strip()}` at {check['loc'].strip()}{index} "
                f"(the call {how})", report)
        # The emulator's report names the kernel, block and thread, then
        # the op, its location and what failed.
        emulated = _EMULATOR_REPORT.search(report)
        if emulated:
            return error_class(f"@{function} failed: {emulated[1]} (the call "
                               f"{how})", report)
        return error_class(f"@{function} failed: the call {how}", report)

    _in_child(lambda: entry(packed), failed)


def _execute(module, function, arguments, shared_libraries,
             error_class=None, opt_level=2):
    """Calls @function of `module`, already lowered to the LLVM dialect with a
    C interface, through MLIR's ExecutionEngine (LLVM's -O`opt_level`); in a
    child process unless error_class is None."""
    paths = [_capi.StringRef.of(path) for path in shared_libraries]  # kept alive
    engine_libs = (_capi.StringRef * len(paths))(*paths)
    with _captured_stderr() as jit_messages:
        engine = lib.mlirExecutionEngineCreate(module._module, opt_level,
                                               len(shared_libraries),
                                               engine_libs, False, False)
    if not engine.ptr:
        module.diagnostics = jit_messages[0]
        raise MLIRError(f"cannot JIT-compile the module of @{function}",
                        module.diagnostics)
    try:
        # Looked up here, so that missing symbols (materialized now) are
        # reported as diagnostics rather than on stderr.
        with _captured_stderr() as lookup_messages:
            # The packed wrapper of the C interface, as
            # mlirExecutionEngineInvokePacked calls it.
            address = lib.mlirExecutionEngineLookupPacked(
                engine, _capi.StringRef.of("_mlir_ciface_" + function))
        if not address:
            module.diagnostics = lookup_messages[0]
            raise MLIRError(f"cannot link @{function} (a symbol it needs is "
                            "missing?)", module.diagnostics)
        entry = _PackedFunction(address)
        holders = [ctypes.pointer(a) for a in arguments]  # kept alive
        packed = (ctypes.c_void_p * len(arguments))(
            *[ctypes.cast(h, ctypes.c_void_p) for h in holders])
        if error_class is None:
            entry(packed)
        else:
            _call_in_child(entry, packed, error_class, function)
    finally:
        lib.mlirExecutionEngineDestroy(engine)


class _SharedArrays:
    """Copies of the argument arrays in shared memory, so that a call in a
    child process writes where the parent sees it."""

    def __init__(self):
        self._pairs, self._maps = [], []

    def share(self, array):
        if not isinstance(array, _memref.np.ndarray):
            return array  # rejected with a message by memref_argument
        buffer = mmap.mmap(-1, max(array.nbytes, 1))
        self._maps.append(buffer)
        shared = _memref.np.frombuffer(buffer, dtype=array.dtype,
                                       count=array.size).reshape(array.shape)
        shared[...] = array
        self._pairs.append((array, shared))
        return shared

    def results(self, structure):
        buffer = mmap.mmap(-1, max(ctypes.sizeof(structure), 1))
        self._maps.append(buffer)
        return structure.from_buffer(buffer)

    def copy_back(self):
        for array, shared in self._pairs:
            array[...] = shared


def _run(program, function, args, pipeline, options, shared_libraries,
         error_class=None, opt_level=2):
    module = _module(program, frontend=options.pop("frontend", None))
    argument_types, result_types = module.signature(function)
    if len(args) != len(argument_types):
        raise TypeError(f"@{function} takes {len(argument_types)} arguments, "
                        f"{len(args)} given")
    shared = _SharedArrays() if error_class is not None else None
    slots = []
    for position, (value, spelled) in enumerate(zip(args, argument_types)):
        kind, elt, shape = _memref.parse_type(spelled)
        if kind == "memref":
            _memref.check_array(value, elt, shape, position)
            if shared is not None:
                value = shared.share(value)
            # The packed wrapper takes a pointer to the descriptor's address.
            slots.append(ctypes.pointer(
                _memref.memref_argument(value, elt, shape, position)))
        else:
            slots.append(_memref.scalar_argument(value, elt, position))
    fields = []
    for i, spelled in enumerate(result_types):
        kind, elt, _ = _memref.parse_type(spelled)
        if kind == "memref":
            raise MLIRError(f"@{function} returns a memref; pass the output "
                            "as an argument instead")
        fields.append((f"r{i}", _memref.SCALARS[elt][1]))
    # Several results come back as one LLVM struct, laid out as in C, which
    # the C interface stores through a pointer passed first; one result is
    # returned, and the packed wrapper stores it through a pointer passed
    # last.
    results = []
    if fields:
        structure = type("Results", (ctypes.Structure,), {"_fields_": fields})
        results = [shared.results(structure) if shared is not None
                   else structure()]
    arguments = slots + results
    if len(fields) > 1:
        arguments = [ctypes.pointer(results[0])] + slots
    # A C interface makes memrefs arrive as descriptors.
    table = lib.mlirSymbolTableCreate(module._op)
    func = lib.mlirSymbolTableLookup(table, _capi.StringRef.of(function))
    lib.mlirOperationSetDiscardableAttributeByName(
        func, _capi.StringRef.of("llvm.emit_c_interface"),
        lib.mlirUnitAttrGet(lib.mlirOperationGetContext(module._op)))
    lib.mlirSymbolTableDestroy(table)
    module.run(pipeline, **options)
    _execute(module, function, arguments, shared_libraries, error_class,
             opt_level)
    if shared is not None:
        shared.copy_back()
    if not results:
        return None
    values = tuple(_memref.result_value(getattr(results[0], name), elt)
                   for (name, _), elt in zip(
                       fields, [_memref.parse_type(t)[1] for t in result_types]))
    return values[0] if len(values) == 1 else values


def _runner_utils():
    # Both: programs may print with vector.print (c_runner_utils) or
    # printMemref* (runner_utils).
    return [os.path.join(MLIR_LIBRARY_DIR, name)
            for name in ("libmlir_c_runner_utils.so", "libmlir_runner_utils.so")]


_ASYNC_RUNTIME = []


def _load_async_runtime():
    """Loads upstream's async runtime (async.execute on the host) into the
    process, once, where the JIT finds its symbols. Not as one of an
    ExecutionEngine's libraries: destroying that engine would destroy the
    runtime's default instance (__mlir_execution_engine_destroy), which the
    next engine in this process would then use."""
    if not _ASYNC_RUNTIME:
        _ASYNC_RUNTIME.append(ctypes.CDLL(
            os.path.join(MLIR_LIBRARY_DIR, "libmlir_async_runtime.so"),
            mode=ctypes.RTLD_GLOBAL))


def _runtime(filename, variable, what):
    """The path of a SegIR runtime library, or RuntimeUnavailableError."""
    candidates = [os.environ.get(variable)]
    if library_dir():
        candidates.append(os.path.join(library_dir(), filename))
    for path in filter(None, candidates):
        if os.path.exists(path):
            return path
    raise RuntimeUnavailableError(
        f"{what} needs {filename}, which was not found (looked for "
        f"${variable} and next to {_capi.LIBRARY_NAME})")


def run_cpu(program, function, *args, **options):
    """Runs @function lowered by seg-to-cpu (the sequential reference). Arrays
    are passed as memrefs and written in place; returns the scalar
    result(s). `frontend="linalg-to-seg"` takes a linalg program on tensors
    (outputs passed as arguments, destination-passing style). Every memref
    access is bounds-checked unless check=False (faster): an out-of-bounds
    access raises ExecutionError naming the op and its location."""
    options.setdefault("check", True)
    return _run(program, function, args, "seg-to-cpu", options,
                _runner_utils(), ExecutionError)


def run_emulator(program, function, *args, **options):
    """Runs @function lowered by seg-to-emulator: the GPU kernels on the CPU
    kernel emulator (options: block_size, strategy, max_blocks; check,
    True by default, bounds-checks every memref access of the kernels:
    check=False is faster)."""
    options.setdefault("check", True)
    runtime = _runtime("libsegir_emulator_runtime.so",
                       "SEGIR_EMULATOR_RUNTIME", "the kernel emulator")
    # As lit's %run-emu runs them: upstream's async runtime for the host's
    # async.execute, and -O0, whose pipeline lowers the coroutines of
    # async.execute bodies.
    _load_async_runtime()
    return _run(program, function, args, "seg-to-emulator", options,
                _runner_utils() + [runtime], EmulatorError, opt_level=0)


def run_gpu(program, function, *args, **options):
    """Runs @function lowered by seg-to-nvvm on the GPU, through SegIR's CUDA
    runtime (libsegir_cuda_runtime.so); RuntimeUnavailableError without it
    or without the CUDA driver. The call runs in this process (CUDA does not
    survive a fork)."""
    runtime = _runtime("libsegir_cuda_runtime.so", "SEGIR_CUDA_RUNTIME",
                       "running on a GPU")
    try:
        ctypes.CDLL(CUDA_DRIVER)
    except OSError as error:
        raise RuntimeUnavailableError(
            f"running on a GPU needs the CUDA driver {CUDA_DRIVER}, which "
            f"cannot be loaded ({error})") from None
    return _run(program, function, args, "seg-to-nvvm", options,
                _runner_utils() + [runtime])
