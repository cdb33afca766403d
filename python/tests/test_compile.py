"""The resource model's choices and GPU code from Python."""

import os
import re
import subprocess

import pytest

import segir

SEG_OPT = os.path.join(segir.library_dir(), "..", "bin", "seg-opt")


def seg_opt_tunables(path, tmp_path, options):
    """The tuning file that seg-opt writes for `path`, as a dict."""
    out = tmp_path / "chunks.tuning"
    subprocess.run([SEG_OPT, path, "-o", os.devnull,
                    f"--seg-select-chunk={options} tuning-file-out={out}"],
                   check=True)
    values = {}
    for line in out.read_text().splitlines():
        if line and not line.startswith("#"):
            name, value = line.split("=")
            values[name] = int(value)
    return values


@pytest.mark.parametrize("name,block", [("sum", 256), ("segsum", 1024),
                                        ("argmax", 128)])
def test_chunks_match_seg_opt(example, example_path, tmp_path, name, block):
    chosen = segir.select_chunks(example(name), block_size=block)
    assert chosen, "every example here has a thread-level reduction"
    assert all(v >= 1 for v in chosen.values())
    assert chosen == seg_opt_tunables(example_path(name), tmp_path,
                                      f"block-size={block}")


def test_chunk_override(example):
    chosen = segir.select_chunks(example("sum"), chunk=3)
    assert set(chosen.values()) == {3}


def test_ptx(example):
    ptx = segir.compile_ptx(example("segsum"), block_size=128)
    assert ptx
    for text in ptx.values():
        assert ".target sm_90" in text
        assert re.search(r"\.entry \w+", text)


@pytest.mark.skipif(not os.path.exists("/usr/local/cuda/bin/ptxas"),
                    reason="cubins need ptxas")
def test_cubin(example):
    cubins = segir.compile_cubin(example("sum"))
    assert cubins
    for blob in cubins.values():
        assert blob[:4] == b"\x7fELF"


def test_compile_error(example):
    with pytest.raises(segir.MLIRError) as error:
        segir.compile_ptx(example("sum"), strategy="sideways")
    assert "sideways" in error.value.diagnostics
