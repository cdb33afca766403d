"""lit substitutions for tests against an installed SegIR.

A test suite's lit.cfg.py:

    import lit.formats
    import segir_lit

    config.name = "my-tests"
    config.test_format = lit.formats.ShTest(True)
    config.suffixes = [".mlir"]
    segir_lit.configure(config)

gives `seg-opt` (the installed one), `%run-cpu` (mlir-runner with the
runner utilities, for programs lowered by seg-to-cpu) and `%run-emu` (the
same plus the kernel emulator's runtime, for seg-to-emulator), and puts
FileCheck and mlir-runner on PATH. Installed next to the segir package
(PREFIX/lib/python3/site-packages): run lit with that directory on
PYTHONPATH. Environment: SEGIR_MLIR_LIBRARY_DIR (where MLIR's runner
utilities are, /usr/lib/llvm-22/lib), SEGIR_LLVM_TOOLS_DIR (FileCheck,
mlir-runner: /usr/lib/llvm-22/bin).
"""

import os

# <prefix>/lib/python3/site-packages/segir_lit.py -> <prefix>
PREFIX = os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
MLIR_LIBRARY_DIR = os.environ.get("SEGIR_MLIR_LIBRARY_DIR",
                                  "/usr/lib/llvm-22/lib")
LLVM_TOOLS_DIR = os.environ.get("SEGIR_LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")


def substitutions(prefix=PREFIX):
    """[(name, replacement)] for seg-opt, %run-cpu and %run-emu."""
    runner_libs = ",".join(
        os.path.join(MLIR_LIBRARY_DIR, name)
        for name in ["libmlir_runner_utils.so", "libmlir_c_runner_utils.so"])
    runner = (os.path.join(LLVM_TOOLS_DIR, "mlir-runner") +
              " -e main -entry-point-result=void -shared-libs=")
    emulator = os.path.join(prefix, "lib", "libsegir_emulator_runtime.so")
    # As SegIR's own %run-emu: upstream's async runtime for async.execute,
    # and -O0, whose pipeline lowers the coroutines of async.execute bodies.
    async_runtime = os.path.join(MLIR_LIBRARY_DIR, "libmlir_async_runtime.so")
    return [
        ("%run-cpu", runner + runner_libs),
        ("%run-emu", runner.replace(" -e ", " -O0 -e ", 1) + runner_libs +
         "," + async_runtime + "," + emulator),
        ("seg-opt", os.path.join(prefix, "bin", "seg-opt")),
    ]


def configure(config, prefix=PREFIX):
    """Adds the substitutions to a lit `config` and the LLVM tools to its
    PATH."""
    config.substitutions.extend(substitutions(prefix))
    path = config.environment.get("PATH", os.environ.get("PATH", ""))
    config.environment["PATH"] = os.pathsep.join([LLVM_TOOLS_DIR, path])
