"""Transform-dialect scripts applied to a module: transform.seg.* ops."""

import numpy as np
import pytest

import segir

# C = A B on memrefs, as a thread-level map of sequential reductions.
MATMUL = """
func.func @matmul(%a: memref<67x45xf32>, %b: memref<45x93xf32>, %c: memref<67x93xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<67x93xf32>)
  linalg.matmul ins(%a, %b : memref<67x45xf32>, memref<45x93xf32>) outs(%c : memref<67x93xf32>)
  return
}
"""

# The front door on the matmul, then tensor-core tiling of the map it makes.
SCRIPT = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %map = transform.seg.convert_linalg %mm : (!transform.any_op) -> !transform.any_op
    %tiled = transform.seg.tile_block_register %map {mma = "tf32"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
"""


def test_script_gives_the_passes_ir():
    ctx = segir.Context()
    scripted = ctx.parse(MATMUL).apply_transform(SCRIPT)
    passes = ctx.parse(MATMUL).run("convert-linalg-to-seg").run(
        "seg-tile-block-register", mma="tf32")
    assert str(scripted) == str(passes)
    assert "nvgpu.mma.sync" in str(scripted)
    # The script is not left in the module.
    assert "transform." not in str(scripted)


def test_scripted_module_runs_on_the_emulator():
    module = segir.Context().parse(MATMUL).apply_transform(SCRIPT)
    a = (np.arange(67 * 45) % 13 - 6).astype(np.float32).reshape(67, 45)
    b = (np.arange(45 * 93) % 11 - 5).astype(np.float32).reshape(45, 93)
    c = np.zeros((67, 93), np.float32)
    segir.run_emulator(module, "matmul", a, b, c)
    # Whole numbers: exact in TF32 and f32, whatever the order of the sums.
    np.testing.assert_array_equal(c, a @ b)


def test_failing_script_raises_with_the_payload_location():
    script = SCRIPT.replace('{mma = "tf32"}', "").replace(
        '"linalg.matmul"', '"linalg.fill"')
    module = segir.Context().parse(MATMUL, "matmul.mlir")
    with pytest.raises(segir.MLIRError) as error:
        module.apply_transform(script)
    assert "matmul.mlir:4:" in error.value.diagnostics
    assert "not converted to seg" in error.value.diagnostics
    assert "transform." not in str(module)


def test_script_of_another_context_is_refused():
    script = segir.Context().parse(SCRIPT)
    with pytest.raises(ValueError):
        segir.Context().parse(MATMUL).apply_transform(script)


def test_malformed_script_raises():
    with pytest.raises(segir.MLIRError):
        segir.Context().parse(MATMUL).apply_transform("module {")


def test_missing_entry_point_raises():
    with pytest.raises(segir.MLIRError):
        segir.Context().parse(MATMUL).apply_transform(SCRIPT,
                                                      entry_point="absent")
