"""Parsing, printing, pipelines and their diagnostics."""

import ast
import os

import pytest

import segir


def quickstart_program():
    """The program of python/examples/quickstart.py, which docs/Embedding.md
    shows, read from the example so that the two cannot drift apart."""
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "examples", "quickstart.py")
    with open(path) as f:
        tree = ast.parse(f.read())
    return next(ast.literal_eval(node.value) for node in tree.body
                if isinstance(node, ast.Assign)
                and any(getattr(target, "id", None) == "program"
                        for target in node.targets))


ROWSUM = quickstart_program()


def test_parse_and_print_round_trip():
    ctx = segir.Context()
    text = str(ctx.parse(ROWSUM))
    assert "seg.red thread" in text
    assert str(ctx.parse(text)) == text


def test_parse_error_carries_the_location():
    with pytest.raises(segir.MLIRError) as error:
        segir.Context().parse("func.func @f() {\n  seg.bogus\n}\n", "bad.mlir")
    assert "bad.mlir:2:" in error.value.diagnostics
    assert "error:" in error.value.diagnostics


def test_verifier_error_is_raised():
    # A reduction without a combine region does not verify.
    bad = ROWSUM.replace("commutative", "").replace(
        "neutral(%zero : f32)", "neutral(%zero, %zero : f32, f32)")
    with pytest.raises(segir.MLIRError) as error:
        segir.Context().parse(bad)
    assert "error:" in str(error.value)


def test_pipeline_lowers_in_place():
    module = segir.Context().parse(ROWSUM)
    module.run("convert-seg-to-scf")
    text = str(module)
    assert "seg.red" not in text and "scf.for" in text


def test_clone_is_independent():
    module = segir.Context().parse(ROWSUM)
    copy = module.clone().run("seg-to-cpu")
    assert "llvm.func @rowsum" in str(copy)
    assert "seg.red" in str(module)


def test_unknown_pipeline_and_option():
    module = segir.Context().parse(ROWSUM)
    with pytest.raises(segir.MLIRError) as error:
        module.run("seg-to-nowhere")
    assert "seg-to-nowhere" in error.value.diagnostics
    with pytest.raises(segir.MLIRError) as error:
        module.run("seg-to-nvvm", colour="blue")
    assert "colour" in error.value.diagnostics


def test_failing_pass_reports_its_diagnostic():
    # A chunk beyond the shared memory of a block is an error at the op.
    module = segir.Context().parse(ROWSUM)
    with pytest.raises(segir.MLIRError) as error:
        module.run("seg-select-chunk", chunk=100000)
    assert "error:" in error.value.diagnostics
    assert "<string>:" in error.value.diagnostics


def test_remarks_are_collected():
    module = segir.Context().parse(ROWSUM).run("seg-select-chunk",
                                               remarks=True)
    assert "remark: rowsum.red0.chunk: chunk" in module.diagnostics
