"""Running seg programs with NumPy arrays: the CPU reference, the kernel
emulator, and the GPU path's error without its runtime."""

import numpy as np
import pytest

import segir


def values(shape, seed):
    """Small integers as f32: every sum is exact in any order."""
    rng = np.random.default_rng(seed)
    return rng.integers(-8, 9, size=shape).astype(np.float32)


RUNNERS = [segir.run_cpu, segir.run_emulator]


@pytest.mark.parametrize("run", RUNNERS)
@pytest.mark.parametrize("shape", [(1, 1000), (10, 1), (37, 65)])
def test_segsum(example, run, shape):
    x = values(shape, sum(shape))
    out = np.full(shape[0], np.nan, dtype=np.float32)
    assert run(example("segsum"), "segsum", x, out) is None
    np.testing.assert_array_equal(out, x.sum(axis=1))


@pytest.mark.parametrize("run", RUNNERS)
def test_scalar_result_and_static_shapes(example, run):
    x = values(1000, 1)
    assert run(example("sum"), "sum", x, 1000) == x.sum()
    assert run(example("sum"), "sum", x, 0) == 0.0
    x3 = values((2, 3, 4), 2)
    out = np.zeros((2, 3), dtype=np.float32)
    run(example("segsum"), "segsum3d", x3, out)
    np.testing.assert_array_equal(out, x3.sum(axis=2))


@pytest.mark.parametrize("run", RUNNERS)
def test_two_results(example, run):
    x = values(500, 3)
    index, value = run(example("argmax"), "argmax", x, 500)
    assert value == x.max()
    assert x[index] == x.max()


def test_emulator_options(example):
    x = values((64, 100), 4)
    out = np.zeros(64, dtype=np.float32)
    segir.run_emulator(example("segsum"), "segsum", x, out, block_size=32,
                       strategy="small", check=True)
    np.testing.assert_array_equal(out, x.sum(axis=1))


def test_module_object_is_not_changed_by_running(example):
    module = segir.Context().parse(example("sum"))
    before = str(module)
    segir.run_cpu(module, "sum", values(10, 5), 10)
    assert str(module) == before


def test_bad_arguments(example):
    program = example("segsum")
    out = np.zeros(3, dtype=np.float32)
    with pytest.raises(TypeError, match="dtype float32"):
        segir.run_cpu(program, "segsum", np.zeros((3, 4)), out)
    with pytest.raises(ValueError, match="rank 2"):
        segir.run_cpu(program, "segsum", np.zeros(4, np.float32), out)
    with pytest.raises(ValueError, match="C-contiguous"):
        segir.run_cpu(program, "segsum", np.zeros((4, 3), np.float32).T, out)
    with pytest.raises(ValueError, match="dimension 2 must be 4"):
        segir.run_cpu(program, "segsum3d", np.zeros((2, 3, 5), np.float32),
                      np.zeros((2, 3), np.float32))
    with pytest.raises(TypeError, match="takes 2 arguments"):
        segir.run_cpu(program, "segsum", out)
    with pytest.raises(segir.MLIRError, match="no func.func named 'nope'"):
        segir.run_cpu(program, "nope")


@pytest.mark.parametrize("signature,message", [
    ("%t: tensor<4xf32>", "argument 0 has type 'tensor<4xf32>'"),
    ("%m: memref<4xf32, strided<[2]>>", "argument 0 has type 'memref<4xf32, strided<[2]>>'"),
    ("%c: complex<f32>", "argument 0 has type 'complex<f32>'"),
])
def test_unsupported_signatures(signature, message):
    program = f"func.func @f({signature}) {{ return }}"
    with pytest.raises(segir.MLIRError, match="cannot be passed from outside") as error:
        segir.run_cpu(program, "f", None)
    assert message in error.value.diagnostics


def test_memref_results_are_refused():
    program = """func.func @f() -> memref<4xf32> {
      %m = memref.alloc() : memref<4xf32>
      return %m : memref<4xf32>
    }"""
    with pytest.raises(segir.MLIRError, match="returns a memref"):
        segir.run_cpu(program, "f")


def test_gpu_without_its_runtime(example, monkeypatch, tmp_path):
    # Wherever libsegir_cuda_runtime.so is not found, running on a GPU says
    # so instead of failing inside the JIT.
    monkeypatch.delenv("SEGIR_CUDA_RUNTIME", raising=False)
    monkeypatch.setattr(segir, "library_dir", lambda: str(tmp_path))
    with pytest.raises(segir.RuntimeUnavailableError,
                       match="libsegir_cuda_runtime.so"):
        segir.run_gpu(example("sum"), "sum", values(10, 6), 10)


HIST = """
func.func @bincount(%x: memref<?xi32>, %h: memref<256xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %v = memref.load %x[%i] : memref<?xi32>
    %bin = arith.index_cast %v : i32 to index
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}
"""


@pytest.mark.parametrize("options", [{}, {"hist_strategy": "shared"},
                                     {"hist_strategy": "global-atomic"}])
def test_hist_accumulates_and_skips_out_of_range_bins(options):
    x = np.random.default_rng(6).integers(-20, 276, size=5000).astype(np.int32)
    inside = x[(x >= 0) & (x < 256)]
    expected = 2 * np.bincount(inside, minlength=256).astype(np.int32)
    for run, kwargs in [(segir.run_cpu, {}), (segir.run_emulator, options)]:
        h = np.zeros(256, dtype=np.int32)
        run(HIST, "bincount", x, h, **kwargs)
        run(HIST, "bincount", x, h, **kwargs)
        np.testing.assert_array_equal(h, expected)


# Two async.execute bodies of the host launch a kernel each, on either half
# of the output; the emulator runner loads upstream's async runtime and
# lowers the bodies' coroutines as lit's %run-emu does.
ASYNC_EXECUTE = """
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fill(%out: memref<64xi32>, %base: index) kernel {
      %t = gpu.thread_id x
      %i = arith.addi %base, %t : index
      %c3 = arith.constant 3 : index
      %v = arith.muli %i, %c3 : index
      %w = arith.index_cast %v : index to i32
      memref.store %w, %out[%i] : memref<64xi32>
      gpu.return
    }
  }
  func.func @fill_halves(%out: memref<64xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %low = async.execute {
      gpu.launch_func @kernels::@fill blocks in (%c1, %c1, %c1)
          threads in (%c32, %c1, %c1) args(%out : memref<64xi32>, %c0 : index)
      async.yield
    }
    %high = async.execute {
      gpu.launch_func @kernels::@fill blocks in (%c1, %c1, %c1)
          threads in (%c32, %c1, %c1) args(%out : memref<64xi32>, %c32 : index)
      async.yield
    }
    async.await %low : !async.token
    async.await %high : !async.token
    return
  }
}
"""


def test_emulator_runs_async_execute():
    # Twice: the second run's engine still finds a live async runtime.
    for _ in range(2):
        out = np.zeros(64, dtype=np.int32)
        segir.run_emulator(ASYNC_EXECUTE, "fill_halves", out)
        np.testing.assert_array_equal(out, 3 * np.arange(64, dtype=np.int32))
