"""The segir package on linalg programs: frontend="linalg-to-seg" runs the
front door (bufferization, convert-linalg-to-seg) before the usual path."""

import numpy as np
import pytest

import segir

# Tensor inputs; results written into the caller's arrays with
# bufferization.materialize_in_destination (computed in place there).
REDUCTION = """
func.func @{name}(%a: tensor<?x?xf32>, %out: memref<?xf32>) {{
  %c0 = arith.constant 0 : index
  %init_value = arith.constant {init} : f32
  %n = memref.dim %out, %c0 : memref<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %init = linalg.fill ins(%init_value : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce {{ {op} }} ins(%a : tensor<?x?xf32>)
      outs(%init : tensor<?xf32>) dimensions = [{dim}]
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?xf32>, memref<?xf32>) -> ()
  return
}}
"""

ROWSUM_AND_COLMAX = REDUCTION.format(
    name="rowsum", init="0.0", op="arith.addf", dim=1) + REDUCTION.format(
    name="colmax", init="0xFF800000", op="arith.maximumf", dim=0) + """
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>,
                  %c: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %c, %c0 : memref<?x?xf32>
  %n = memref.dim %c, %c1 : memref<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %c
      : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
"""


def values(shape, seed):
    """Small integers as f32: every sum is exact in any order."""
    rng = np.random.default_rng(seed)
    return rng.integers(-8, 9, size=shape).astype(np.float32)


@pytest.mark.parametrize("run", [segir.run_cpu, segir.run_emulator])
def test_linalg_on_tensors(run):
    a = values((37, 300), 1)
    sums = np.full(37, np.nan, dtype=np.float32)
    run(ROWSUM_AND_COLMAX, "rowsum", a, sums, frontend="linalg-to-seg")
    np.testing.assert_array_equal(sums, a.sum(axis=1))
    maxima = np.full(300, np.nan, dtype=np.float32)
    run(ROWSUM_AND_COLMAX, "colmax", a, maxima, frontend="linalg-to-seg")
    np.testing.assert_array_equal(maxima, a.max(axis=0))
    b = values((300, 19), 2)
    c = np.full((37, 19), np.nan, dtype=np.float32)
    run(ROWSUM_AND_COLMAX, "matmul", a, b, c, frontend="linalg-to-seg")
    np.testing.assert_array_equal(c, a @ b)


def test_linalg_converted_ir():
    module = segir.Context().parse(ROWSUM_AND_COLMAX).run("linalg-to-seg")
    text = str(module)
    assert "linalg." not in text and "memref.copy" not in text
    assert "seg.red thread" in text and "seg.red seq" in text


def test_linalg_compiles_for_the_gpu():
    ptx = segir.compile_ptx(ROWSUM_AND_COLMAX, frontend="linalg-to-seg")
    assert ptx and all(".entry" in text for text in ptx.values())


def test_frontend_failure_is_reported():
    with pytest.raises(segir.MLIRError) as error:
        segir.run_cpu("func.func @f(%a: tensor<4xf32>) { return }", "f",
                      np.zeros(4, dtype=np.float32), frontend="no-such-pipeline")
    assert "no-such-pipeline" in str(error.value)
