"""Mistakes and failures from Python end in exceptions, never in a crash of
the interpreter: arguments checked against the signature, calls isolated in
a child process, JIT and option errors in `diagnostics`, f16 and bf16."""

import os
import re

import numpy as np
import pytest

import segir

# Under AddressSanitizer (scripts/sanitize.sh preloads it) a fault is
# reported by its handler, which then aborts the process.
SANITIZED = "libasan" in os.environ.get("LD_PRELOAD", "")

# Reads x and y with the bounds of x: y must be at least as large.
ADD = """
func.func @add(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%out : memref<?x?xf32>) {
    %a = memref.load %x[%i, %j] : memref<?x?xf32>
    %b = memref.load %y[%i, %j] : memref<?x?xf32>
    %s = arith.addf %a, %b : f32
    seg.results {
      seg.returns %s into %out : memref<?x?xf32>
    }
  }
  return
}
"""

# Loads x[k] for any k: a far k faults.
LOAD_AT = """
func.func @load_at(%x: memref<?xf32>, %k: index) -> f32 {
  %v = memref.load %x[%k] : memref<?xf32>
  return %v : f32
}
"""

# Copies x[0..n) into out[0..n): n larger than the arrays is out of bounds.
COPY = """
func.func @copy(%x: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %v = memref.load %x[%i] : memref<?xf32>
    seg.results {
      seg.returns %v into %out : memref<?xf32>
    }
  }
  return
}
"""


def test_mismatched_arrays_do_not_corrupt_the_interpreter():
    # Reproducer: x 3000x400, y 2x2 read with the same bounds. The call runs
    # in a child process on shared copies: whatever it reads or writes out
    # of bounds, this process and its arrays are untouched.
    x = np.ones((3000, 400), dtype=np.float32)
    y = np.full((2, 2), 7, dtype=np.float32)
    out = np.zeros((3000, 400), dtype=np.float32)
    try:
        segir.run_cpu(ADD, "add", x, y, out, check=False)
    except segir.ExecutionError as error:
        assert "failed: the call" in str(error)
    np.testing.assert_array_equal(y, np.full((2, 2), 7, dtype=np.float32))
    np.testing.assert_array_equal(x, np.ones((3000, 400), dtype=np.float32))
    # The interpreter goes on: a correct call after it works.
    small = np.zeros((2, 2), dtype=np.float32)
    segir.run_cpu(ADD, "add", np.ones((2, 2), np.float32), y, small)
    np.testing.assert_array_equal(small, np.full((2, 2), 8, dtype=np.float32))


@pytest.mark.parametrize("run", [segir.run_cpu, segir.run_emulator])
def test_a_crash_is_an_exception(run):
    x = np.arange(4, dtype=np.float32)
    signal = "SIGABRT" if SANITIZED else "SIGSEGV"
    with pytest.raises(segir.ExecutionError, match=signal) as error:
        run(LOAD_AT, "load_at", x, 1 << 40, check=False)
    assert isinstance(error.value, segir.MLIRError)
    if SANITIZED:
        assert "AddressSanitizer: SEGV" in error.value.diagnostics
    assert run(LOAD_AT, "load_at", x, 3) == 3.0


@pytest.mark.parametrize("run", [segir.run_cpu, segir.run_emulator])
def test_out_of_bounds_read_names_op_and_location(run):
    # Reproducer: y of 2x2 read with the indices of a 3000x400 space
    # returned silently (run_cpu) unless check=True was asked for.
    x = np.ones((3000, 400), dtype=np.float32)
    y = np.full((2, 2), 7, dtype=np.float32)
    out = np.zeros((3000, 400), dtype=np.float32)
    with pytest.raises(segir.ExecutionError) as error:
        run(ADD, "add", x, y, out)
    message = error.value.message
    assert "out-of-bounds access" in message and "memref.load" in message
    # ADD's second load, at line 9, column 10 of the program text.
    assert re.search(r'<string>"?:9:10', message), message
    if run is segir.run_cpu:
        # The first element out of y's bounds.
        assert "index [0, 2] of sizes [2, 2]" in message, message
    np.testing.assert_array_equal(out, np.zeros((3000, 400), np.float32))


@pytest.mark.parametrize("run", [segir.run_cpu, segir.run_emulator])
def test_output_one_row_too_small_is_an_exception(run):
    x = np.ones((4, 3), dtype=np.float32)
    with pytest.raises(segir.ExecutionError, match="out-of-bounds access") \
            as error:
        run(ROWS, "rows", x, np.zeros((3, 3), np.float32))
    if run is segir.run_cpu:
        assert "index [3, 0] of sizes [3, 3]" in error.value.message
    out = np.zeros((4, 3), np.float32)
    run(ROWS, "rows", x, out)
    np.testing.assert_array_equal(out, x)


def test_llvm_fatal_error_in_compilation_is_an_exception(example):
    # Reproducer: features='+ptx60' (PTX 6.0 cannot target sm_90) ended
    # the interpreter with "LLVM ERROR"; chip='sm_100' with PTX 8.0 too.
    for options in ({"features": "+ptx60"}, {"chip": "sm_100"}):
        with pytest.raises(segir.MLIRError) as error:
            segir.compile_ptx(example("sum"), **options)
        # Reported as an error by the compiling child, which did not crash.
        assert error.value.diagnostics
        assert "the compiler process" not in error.value.message
    assert segir.compile_ptx(example("sum"))


# A kernel for a chip and PTX version that the NVPTX backend cannot pair.
UNPAIRED_TARGET = """
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_100", features = "+ptx60">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
"""


def test_llvm_fatal_error_in_the_c_api_is_a_failed_result():
    # In this process: the C API recovers from the backend's fatal error
    # and reports it as an error diagnostic.
    module = segir.Context().parse(UNPAIRED_TARGET)
    with pytest.raises(segir.MLIRError):
        module.run("gpu-module-to-binary", format="isa")
    assert "LLVM fatal error" in module.diagnostics
    assert "does not support target 'sm_100'" in module.diagnostics
    good = segir.Context().parse(UNPAIRED_TARGET.replace('"+ptx60"', '"+ptx86"'))
    good.run("gpu-module-to-binary", format="isa")


def test_llvm_abort_in_the_c_api_is_a_failed_result():
    # The NVPTX backend reports an instruction it cannot select with a
    # fatal error that asks for a crash report (an abort without a handler).
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "test",
                           "Embedding", "fatal-error.mlir")) as f:
        module = segir.Context().parse(f.read())
    with pytest.raises(segir.MLIRError):
        module.run("gpu-module-to-binary", format="isa")
    assert "LLVM fatal error: Cannot select" in module.diagnostics


def test_an_error_fails_the_run():
    # Reproducer: the memref-to-llvm conversion reports a memory space it
    # cannot convert, leaves the op and succeeds.
    module = segir.Context().parse("""
    func.func @f() {
      %a = memref.alloca() : memref<4xf32, #gpu.address_space<workgroup>>
      return
    }""")
    with pytest.raises(segir.MLIRError):
        module.run("finalize-memref-to-llvm")
    assert "conversion of memref memory space" in module.diagnostics


def test_host_memref_in_a_gpu_memory_space_is_located():
    # Reproducer: seg-to-nvvm failed with upstream's "conversion of memref
    # memory space" without a location.
    module = segir.Context().parse("""
    func.func @f(%a: memref<?xf32, #gpu.address_space<global>>,
                 %out: memref<?xf32>, %n: index) {
      seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
        %x = memref.load %a[%i] : memref<?xf32, #gpu.address_space<global>>
        seg.results { seg.returns %x into %out : memref<?xf32> }
      }
      return
    }""", "host.mlir")
    with pytest.raises(segir.MLIRError):
        module.run("seg-to-emulator")
    assert "host.mlir:2:5: error: seg-to-emulator: argument #0" in \
        module.diagnostics
    assert "conversion of memref memory space" not in module.diagnostics


def test_named_contraction_with_another_body_is_located():
    # "expected add/mul op in the body" is upstream's verifier, at the op.
    with pytest.raises(segir.MLIRError) as error:
        segir.Context().parse("""
        func.func @f(%a: memref<4x8xf32>, %b: memref<8x4xf32>,
                     %c: memref<4x4xf32>) {
          "linalg.matmul"(%a, %b, %c) ({
          ^bb0(%x: f32, %y: f32, %z: f32):
            %s = arith.addf %x, %y : f32
            %m = arith.maximumf %z, %s : f32
            linalg.yield %m : f32
          }) {operandSegmentSizes = array<i32: 2, 1>}
            : (memref<4x8xf32>, memref<8x4xf32>, memref<4x4xf32>) -> ()
          return
        }""", "maxplus.mlir")
    assert "maxplus.mlir:4:11: error: expected add/mul op in the body" in \
        error.value.diagnostics


def test_upstream_list_options_are_accepted(tmp_path):
    # Reproducer: refused as "no such option ... which takes no options".
    library = tmp_path / "library.mlir"
    library.write_text("module {}\n")
    module = segir.Context().parse("module {}")
    module.run("transform-preload-library",
               options=f"transform-library-paths={library}")


def test_emulator_report_is_an_exception():
    # Reproducer: check=True reports an out-of-bounds access, then the
    # process used to exit.
    x = np.arange(8, dtype=np.float32)
    out = np.full(8, -1, dtype=np.float32)
    with pytest.raises(segir.EmulatorError) as error:
        segir.run_emulator(COPY, "copy", x, out, 100, check=True)
    assert "segir emulator: kernel" in error.value.diagnostics
    assert "out-of-bounds access" in error.value.diagnostics
    assert isinstance(error.value, segir.ExecutionError)
    # A failed call leaves the arrays as they were.
    np.testing.assert_array_equal(out, np.full(8, -1, dtype=np.float32))
    segir.run_emulator(COPY, "copy", x, out, 8, check=True)
    np.testing.assert_array_equal(out, x)


def test_outputs_come_back_from_the_child():
    x = np.arange(1000, dtype=np.float32)
    out = np.zeros(1000, dtype=np.float32)
    segir.run_cpu(COPY, "copy", x, out, 1000)
    np.testing.assert_array_equal(out, x)
    empty = np.zeros(0, dtype=np.float32)
    assert segir.run_cpu(COPY, "copy", empty, empty, 0) is None


def test_print_memref_runs(capfd):
    # Reproducer: printMemrefF32 was a missing symbol.
    program = """
    func.func private @printMemrefF32(memref<*xf32>)
    func.func @main() {
      %m = memref.alloc() : memref<3xf32>
      %one = arith.constant 1.5 : f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      scf.for %i = %c0 to %c3 step %c1 {
        memref.store %one, %m[%i] : memref<3xf32>
      }
      %u = memref.cast %m : memref<3xf32> to memref<*xf32>
      call @printMemrefF32(%u) : (memref<*xf32>) -> ()
      memref.dealloc %m : memref<3xf32>
      return
    }"""
    segir.run_cpu(program, "main")
    out, _ = capfd.readouterr()
    assert "[1.5,  1.5,  1.5]" in out


def test_missing_symbol_lands_in_diagnostics(capfd):
    program = """
    func.func private @segir_no_such_symbol(f32) -> f32
    func.func @f(%x: f32) -> f32 {
      %y = call @segir_no_such_symbol(%x) : (f32) -> f32
      return %y : f32
    }"""
    with pytest.raises(segir.MLIRError) as error:
        segir.run_cpu(program, "f", 1.0)
    assert "segir_no_such_symbol" in error.value.diagnostics
    assert "Symbols not found" in error.value.diagnostics
    _, err = capfd.readouterr()
    assert "segir_no_such_symbol" not in err


def test_gpu_without_the_cuda_driver(example, monkeypatch):
    # Reproducer: without libcuda, run_gpu failed inside the JIT.
    monkeypatch.setattr(segir, "CUDA_DRIVER", "libsegir-no-such-driver.so.1")
    with pytest.raises(segir.RuntimeUnavailableError,
                       match="CUDA driver libsegir-no-such-driver.so.1"):
        segir.run_gpu(example("sum"), "sum", np.zeros(10, np.float32), 10)


def test_misspelled_option_in_diagnostics(example):
    # Reproducer: canonicalise=False printed its reason on stderr only.
    x = np.zeros(10, dtype=np.float32)
    with pytest.raises(segir.MLIRError) as error:
        segir.run_cpu(example("sum"), "sum", x, 10, canonicalise=False)
    assert ("no such option 'canonicalise' for seg-to-cpu (did you mean "
            "'canonicalize'?); valid options: canonicalize"
            in error.value.diagnostics)
    module = segir.Context().parse(example("sum"))
    with pytest.raises(segir.MLIRError):
        module.run("seg-to-nvvm", chip="sm_70", format="isa")
    assert "chip 'sm_70' is not supported" in module.diagnostics
    assert "sm_80 and newer" in module.diagnostics
    with pytest.raises(segir.MLIRError):
        module.run("seg-to-emulator", check="maybe")
    assert "option 'check' takes true or false" in module.diagnostics
    # Options inside a nested pipeline are checked too.
    with pytest.raises(segir.MLIRError):
        module.run("func.func(canonicalize{max-iteration=3})")
    assert ("no such option 'max-iteration' for canonicalize (did you mean "
            "'max-iterations'?)" in module.diagnostics)
    module.run("func.func(canonicalize{max-iterations=3})")


def test_misaligned_array_is_refused(example):
    raw = np.frombuffer(bytearray(41), dtype=np.float32, count=10, offset=1)
    with pytest.raises(ValueError, match="aligned"):
        segir.run_cpu(example("sum"), "sum", raw, 10)


SUM16 = """
func.func @sum(%x: memref<?xT>, %n: index) -> T {
  %zero = arith.constant 0.0 : T
  %acc = memref.alloca() : memref<T>
  seg.red thread (%i) in (%n) outs(%acc : memref<T>) {
    %v = memref.load %x[%i] : memref<?xT>
    seg.yield %v : T
  } combine commutative (%a: T, %b: T) neutral(%zero : T) {
    %s = arith.addf %a, %b : T
    seg.yield %s : T
  }
  %r = memref.load %acc[] : memref<T>
  return %r : T
}

func.func @scale(%x: memref<?xT>, %out: memref<?xT>, %a: T, %n: index) {
  seg.map thread (%i) in (%n) outs(%out : memref<?xT>) {
    %v = memref.load %x[%i] : memref<?xT>
    %w = arith.mulf %v, %a : T
    seg.results {
      seg.returns %w into %out : memref<?xT>
    }
  }
  return
}
"""


def bf16_bits(values):
    """Exactly representable values as bf16 bit patterns (np.uint16)."""
    return (np.asarray(values, np.float32).view(np.uint32) >> 16).astype(np.uint16)


def bf16_values(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


@pytest.mark.parametrize("run", [segir.run_cpu, segir.run_emulator])
def test_f16(run):
    program = SUM16.replace("T", "f16")
    rng = np.random.default_rng(16)
    x = rng.integers(-8, 9, size=300).astype(np.float16)
    assert run(program, "sum", x, 300) == float(x.astype(np.float32).sum())
    out = np.zeros(300, dtype=np.float16)
    run(program, "scale", x, out, 0.5, 300)
    np.testing.assert_array_equal(out, x * np.float16(0.5))
    with pytest.raises(TypeError, match="float16"):
        run(program, "sum", x.astype(np.float32), 300)


@pytest.mark.parametrize("run", [segir.run_cpu, segir.run_emulator])
def test_bf16_as_bits(run):
    # Without ml_dtypes, bf16 memrefs take np.uint16 bit patterns.
    program = SUM16.replace("T", "bf16")
    rng = np.random.default_rng(17)
    values = rng.integers(-8, 9, size=300).astype(np.float32)
    x = bf16_bits(values)
    assert run(program, "sum", x, 300) == float(values.sum())
    out = np.zeros(300, dtype=np.uint16)
    run(program, "scale", x, out, 0.25, 300)
    np.testing.assert_array_equal(bf16_values(out), values * 0.25)


def test_bf16_scalar_rounding():
    from segir import _memref
    # 1 + 2^-8 lies halfway between two bf16 values: ties to even.
    assert _memref._bf16_bits(1.0 + 2.0 ** -8) == 0x3F80
    assert _memref._bf16_bits(1.0 + 3 * 2.0 ** -8) == 0x3F82
    assert _memref._bf16_bits(-2.0) == 0xC000
    assert _memref._bf16_bits(float("nan")) & 0x7FC0 == 0x7FC0


# Fifty bad calls of the kinds a new user makes, each with the exception
# docs/Robustness.md documents for it. They run in this interpreter one
# after the other; test_the_interpreter_survives_bad_calls runs after them.
SCALE = """
func.func @scale(%x: memref<4x3xf32>, %out: memref<4x3xf32>, %a: f32) {
  seg.map thread (%i, %j) in (4, 3) outs(%out : memref<4x3xf32>) {
    %v = memref.load %x[%i, %j] : memref<4x3xf32>
    %w = arith.mulf %v, %a : f32
    seg.results {
      seg.returns %w into %out : memref<4x3xf32>
    }
  }
  return
}
"""

# Writes out[i] for i < n: an output one row too small is out of bounds.
ROWS = """
func.func @rows(%x: memref<?x3xf32>, %out: memref<?x3xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x3xf32>
  seg.map thread (%i, %j) in (%n, 3) outs(%out : memref<?x3xf32>) {
    %v = memref.load %x[%i, %j] : memref<?x3xf32>
    seg.results {
      seg.returns %v into %out : memref<?x3xf32>
    }
  }
  return
}
"""


def f32(*shape):
    return np.zeros(shape, dtype=np.float32)


def strided():
    return np.zeros((4, 6), dtype=np.float32)[:, ::2]


def fortran():
    return np.asfortranarray(np.zeros((4, 3), dtype=np.float32))


def read_only():
    array = f32(4, 3)
    array.setflags(write=False)
    return array


def misaligned():
    return np.frombuffer(bytearray(49), dtype=np.float32, count=12,
                         offset=1).reshape(4, 3)


def parse(text):
    return segir.Context().parse(text)


def run_pass(name, **options):
    return segir.Context().parse(SCALE).run(name, **options)


BAD_CALLS = [
    # Shapes: rank and static sizes.
    ("rank 1 for rank 2", lambda: segir.run_cpu(SCALE, "scale", f32(12), f32(4, 3), 1.0), ValueError),
    ("rank 3 for rank 2", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3, 1), f32(4, 3), 1.0), ValueError),
    ("rows 5 for 4", lambda: segir.run_cpu(SCALE, "scale", f32(5, 3), f32(4, 3), 1.0), ValueError),
    ("columns 2 for 3", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3), f32(4, 2), 1.0), ValueError),
    ("empty for 4x3", lambda: segir.run_cpu(SCALE, "scale", f32(0, 3), f32(4, 3), 1.0), ValueError),
    ("transposed", lambda: segir.run_emulator(SCALE, "scale", f32(3, 4), f32(4, 3), 1.0), ValueError),
    ("rank 0", lambda: segir.run_cpu(SCALE, "scale", np.float32(1), f32(4, 3), 1.0), TypeError),
    # Dtypes.
    ("float64 array", lambda: segir.run_cpu(SCALE, "scale", np.zeros((4, 3)), f32(4, 3), 1.0), TypeError),
    ("int32 array", lambda: segir.run_cpu(SCALE, "scale", np.zeros((4, 3), np.int32), f32(4, 3), 1.0), TypeError),
    ("float16 array", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3).astype(np.float16), f32(4, 3), 1.0), TypeError),
    ("bool array", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3), np.zeros((4, 3), bool), 1.0), TypeError),
    ("list for array", lambda: segir.run_cpu(SCALE, "scale", [[0.0] * 3] * 4, f32(4, 3), 1.0), TypeError),
    ("string scalar", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3), f32(4, 3), "1.0"), TypeError),
    ("None scalar", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3), f32(4, 3), None), TypeError),
    ("float for index", lambda: segir.run_cpu(COPY, "copy", f32(4), f32(4), 2.5), TypeError),
    ("array for index", lambda: segir.run_cpu(COPY, "copy", f32(4), f32(4), f32(1)), TypeError),
    # Strides and layouts.
    ("strided view", lambda: segir.run_cpu(SCALE, "scale", strided(), f32(4, 3), 1.0), ValueError),
    ("Fortran order", lambda: segir.run_cpu(SCALE, "scale", fortran(), f32(4, 3), 1.0), ValueError),
    ("read-only output", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3), read_only(), 1.0), ValueError),
    ("misaligned", lambda: segir.run_cpu(SCALE, "scale", misaligned(), f32(4, 3), 1.0), ValueError),
    ("negative strides", lambda: segir.run_emulator(SCALE, "scale", f32(4, 3)[::-1], f32(4, 3), 1.0), ValueError),
    # Argument counts and names.
    ("one argument short", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3), f32(4, 3)), TypeError),
    ("one argument more", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3), f32(4, 3), 1.0, 2.0), TypeError),
    ("no arguments", lambda: segir.run_emulator(SCALE, "scale"), TypeError),
    ("no such function", lambda: segir.run_cpu(SCALE, "scael", f32(4, 3), f32(4, 3), 1.0), segir.MLIRError),
    ("function returns a memref", lambda: segir.run_cpu(
        "func.func @f(%x: memref<4xf32>) -> memref<4xf32> { return %x : memref<4xf32> }",
        "f", f32(4)), segir.MLIRError),
    ("unsupported argument type", lambda: segir.run_cpu(
        "func.func @f(%x: tensor<4xf32>) { return }", "f", f32(4)), segir.MLIRError),
    # Option strings and values.
    ("misspelled option", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3), f32(4, 3), 1.0, canonicalise=False), segir.MLIRError),
    ("bool option 'maybe'", lambda: segir.run_emulator(SCALE, "scale", f32(4, 3), f32(4, 3), 1.0, check="maybe"), segir.MLIRError),
    ("integer option '12x'", lambda: segir.compile_ptx(SCALE, block_size="12x"), segir.MLIRError),
    ("unknown strategy", lambda: segir.compile_ptx(SCALE, strategy="sideways"), segir.MLIRError),
    ("unknown pipeline", lambda: run_pass("seg-to-cpuu"), segir.MLIRError),
    ("malformed option text", lambda: run_pass("seg-to-cpu", options="canonicalize={"), segir.MLIRError),
    ("upstream misspelled option", lambda: run_pass("canonicalize", max_iteration=3), segir.MLIRError),
    ("unknown frontend", lambda: segir.run_cpu(SCALE, "scale", f32(4, 3), f32(4, 3), 1.0, frontend="tosa-to-seg"), segir.MLIRError),
    # block_size=0 asks the resource model; a negative one is an error.
    ("negative block size", lambda: segir.compile_ptx(SCALE, block_size=-1), segir.MLIRError),
    # Chips and PTX features.
    ("chip sm_70", lambda: segir.compile_ptx(SCALE, chip="sm_70"), segir.MLIRError),
    ("chip gfx90a", lambda: segir.compile_ptx(SCALE, chip="gfx90a"), segir.MLIRError),
    ("chip sm_100 with PTX 8.0", lambda: segir.compile_ptx(SCALE, chip="sm_100"), segir.MLIRError),
    ("chip without a number", lambda: segir.compile_ptx(SCALE, chip="sm_"), segir.MLIRError),
    ("features +ptx60", lambda: segir.compile_ptx(SCALE, features="+ptx60"), segir.MLIRError),
    ("cubin for sm_999", lambda: segir.compile_cubin(SCALE, chip="sm_999"), segir.MLIRError),
    # Malformed text.
    ("empty text for a function", lambda: segir.run_cpu("", "scale"), segir.MLIRError),
    ("unbalanced braces", lambda: parse("func.func @f() {"), segir.MLIRError),
    ("unknown op", lambda: parse('"seg.mapp"() : () -> ()'), segir.MLIRError),
    ("verifier error", lambda: parse(SCALE.replace("(4, 3) outs", "(4) outs")), segir.MLIRError),
    ("binary garbage", lambda: parse("\x00\x01\x02 garbage"), segir.MLIRError),
    ("not a string", lambda: parse(42), TypeError),
    # Out-of-bounds accesses: a read and an output one row too small.
    ("read y[i, j] of 2x2 over 3000x400", lambda: segir.run_cpu(
        ADD, "add", np.ones((3000, 400), np.float32), f32(2, 2), f32(3000, 400)), segir.ExecutionError),
    ("output one row too small", lambda: segir.run_emulator(ROWS, "rows", f32(4, 3), f32(3, 3)), segir.EmulatorError),
]


@pytest.mark.parametrize("what,call,expected", BAD_CALLS,
                         ids=[case[0] for case in BAD_CALLS])
def test_bad_call_raises(what, call, expected):
    with pytest.raises(expected) as error:
        call()
    assert str(error.value), what


def test_there_are_fifty_bad_calls():
    assert len(BAD_CALLS) == 50


def test_the_interpreter_survives_bad_calls():
    # After every bad call above, in this process, a good call still works.
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    out = f32(4, 3)
    segir.run_cpu(SCALE, "scale", x, out, 2.0)
    np.testing.assert_array_equal(out, 2 * x)
    assert "sm_90" in next(iter(segir.compile_ptx(SCALE).values()))
