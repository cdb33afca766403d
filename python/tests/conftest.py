import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def example():
    """The text of examples/<name>.mlir."""
    def read(name):
        with open(os.path.join(ROOT, "examples", name + ".mlir")) as f:
            return f.read()
    return read


@pytest.fixture
def example_path():
    """The path of examples/<name>.mlir."""
    return lambda name: os.path.join(ROOT, "examples", name + ".mlir")
