"""Mistakes and failures from Python end in exceptions, never in a crash of
the interpreter: arguments checked against the signature, calls isolated in
a child process, JIT and option errors in `diagnostics`, f16 and bf16."""

import os

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
        segir.run_cpu(ADD, "add", x, y, out)
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
        run(LOAD_AT, "load_at", x, 1 << 40)
    assert isinstance(error.value, segir.MLIRError)
    if SANITIZED:
        assert "AddressSanitizer: SEGV" in error.value.diagnostics
    assert run(LOAD_AT, "load_at", x, 3) == 3.0


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
