# -*- Python -*-
# lit configuration of the SegIR regression tests.

import os
import subprocess

import lit.formats


def _configure():


    from lit.llvm import llvm_config
    from lit.llvm.subst import ToolSubst

    config.name = "SegIR"
    config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
    config.suffixes = [".mlir", ".test"]
    # Unit/ is its own suite (gtest binaries), run next to this one.
    config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py",
                       "lit.site.cfg.py", "Unit", "Inputs"]
    config.test_source_root = os.path.dirname(__file__)
    config.test_exec_root = os.path.join(config.segir_obj_root, "test")

    config.substitutions.append(("%PATH%", config.environment["PATH"]))
    config.substitutions.append(("%segir-src", config.segir_src_root))
    config.substitutions.append(("%examples", os.path.join(
        config.segir_src_root, "examples")))

    llvm_config.use_default_substitutions()
    llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])

    # scripts/sanitize.sh: the sanitizer runtimes are preloaded into the
    # tests' processes (mlir-runner and Python load SegIR's instrumented
    # libraries without being instrumented themselves), not into lit's.
    llvm_config.with_system_environment(["ASAN_OPTIONS", "UBSAN_OPTIONS"])
    sanitized = bool(os.environ.get("SEGIR_SANITIZER_PRELOAD"))
    if sanitized:
        config.environment["LD_PRELOAD"] = os.environ["SEGIR_SANITIZER_PRELOAD"]
        # Programs linked against SegIR's instrumented static libraries
        # (gpu-compile.sh --exe, CMake projects) need the runtimes too.
        config.environment["LDFLAGS"] = os.environ.get(
            "SEGIR_SANITIZER_LDFLAGS", "")
        # Instrumented emulator kernels run several times slower: a launch
        # whose test sets no time limit gets five times the default one.
        config.environment["SEGIR_EMU_TIMEOUT"] = "600"
    # A 1 GB bound on a process's memory: its address space, or its
    # resident set under AddressSanitizer, whose shadow memory reserves
    # terabytes of address space.
    config.substitutions.append(("%limit-memory-1g", (
        "export ASAN_OPTIONS=" + os.environ.get("ASAN_OPTIONS", "") +
        ":hard_rss_limit_mb=1000") if sanitized else "ulimit -v 1000000"))

    # Programs lowered by seg-to-cpu run under mlir-runner with the upstream
    # runner utilities (printMemref*).
    runner_libs = ",".join(
        os.path.join(config.mlir_lib_dir, lib)
        for lib in ["libmlir_runner_utils.so", "libmlir_c_runner_utils.so"])
    # MLIR's f16/bf16 conversions (__truncsfbf2, ...) for objects that llc
    # compiled from bf16 code, which libgcc before GCC 13 lacks.
    config.substitutions.append(("%mlir-lib-dir", config.mlir_lib_dir))
    config.substitutions.append((
        "%run-cpu",
        "mlir-runner -e main -entry-point-result=void -shared-libs=" +
        runner_libs))

    # Kernels compiled by seg-to-nvvm are checked with the CUDA toolkit's
    # ptxas where there is one (compiling needs no GPU).
    cuda_root = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    ptxas = os.path.join(cuda_root, "bin", "ptxas")
    if os.path.exists(os.path.join(cuda_root, "bin", "nvcc")):
        config.available_features.add("nvcc")
    if os.path.exists(ptxas):
        config.available_features.add("ptxas")
        config.substitutions.append(("%ptx-spills", "python3 " + os.path.join(
            config.segir_src_root, "utils", "ptx-spills.py") +
            " --ptxas " + ptxas))
    # utils/kernel-report.py: its analysis runs anywhere; compiling and
    # disassembling needs ptxas and nvdisasm (the PyPI package
    # nvidia-cuda-nvdisasm, which scripts/setup.sh installs into the build
    # directory, or one on PATH).
    import glob
    import shutil
    nvdisasm = (glob.glob(os.path.join(config.segir_obj_root,
                                       "python-packages", "nvidia", "*",
                                       "bin", "nvdisasm")) +
                [p for p in [shutil.which("nvdisasm"),
                             os.path.join(cuda_root, "bin", "nvdisasm")]
                 if p and os.path.exists(p)])
    report_env = "env SEG_OPT=" + os.path.join(config.segir_tools_dir,
                                               "seg-opt")
    if sanitized:
        # nvcc crashes with the sanitizer runtimes preloaded; the report
        # loads no SegIR library, and its seg-opt links them itself.
        report_env = report_env.replace("env ", "env -u LD_PRELOAD ", 1)
    if nvdisasm:
        config.available_features.add("nvdisasm")
        report_env += " NVDISASM=" + nvdisasm[0]
        config.substitutions.append(("%nvdisasm", nvdisasm[0]))
    config.substitutions.append(("%kernel-report", report_env + " python3 " +
        os.path.join(config.segir_src_root, "utils", "kernel-report.py")))
    # Programs lowered by seg-to-emulator also need the kernel emulator's
    # runtime, and upstream's async runtime for async.execute; -O0 runs
    # LLVM's coroutine lowering, which async.execute bodies need.
    config.substitutions.append((
        "%run-emu",
        "mlir-runner -O0 -e main -entry-point-result=void -shared-libs=" +
        runner_libs + "," +
        os.path.join(config.mlir_lib_dir, "libmlir_async_runtime.so") + "," +
        config.segir_emulator_runtime))

    # The generated docs of the build against docs/ (scripts/update-docs.sh).
    config.substitutions.append(("%update-docs", "env SEGIR_BUILD_DIR=" +
        config.segir_obj_root + " bash " + os.path.join(
            config.segir_src_root, "scripts", "update-docs.sh")))

    # Executables linked from compiled programs (scripts/gpu-compile.sh).
    config.substitutions.append(("%gpu-compile", "env SEGIR_BUILD_DIR=" +
        config.segir_obj_root + " bash " + os.path.join(
            config.segir_src_root, "scripts", "gpu-compile.sh")))
    # The GPU package of this build and the GPU proof run over one
    # (scripts/gpu-package.sh, scripts/gpu-proof.sh).
    for script in ("gpu-package", "gpu-proof"):
        config.substitutions.append(("%" + script, "env SEGIR_BUILD_DIR=" +
            config.segir_obj_root + " bash " + os.path.join(
                config.segir_src_root, "scripts", script + ".sh")))
    # The CUDA runtime exists where CMake found the CUDA toolkit; programs
    # run on a GPU only where nvidia-smi lists one.
    cuda_lib_dir = getattr(config, "segir_cuda_runtime_dir", "")
    if cuda_lib_dir:
        config.available_features.add("cuda-runtime")
        cuda_runtime = os.path.join(cuda_lib_dir, "libsegir_cuda_runtime.so")
        config.substitutions.append(("%cuda-runtime-lib", cuda_runtime))
        config.substitutions.append(("%cuda-lib-dir", cuda_lib_dir))
        config.substitutions.append(("%fake-cuda-dir", os.path.join(
            cuda_lib_dir, "fake-cuda")))
        config.substitutions.append((
            "%run-cuda",
            "mlir-runner -e main -entry-point-result=void -shared-libs=" +
            runner_libs + "," + cuda_runtime))
        config.substitutions.append(("%check-runtime-symbols",
            "python3 " + os.path.join(config.segir_src_root, "utils",
                                      "check-runtime-symbols.py")))
        bench = getattr(config, "segir_bench", "")
        if bench:
            config.available_features.add("segir-bench")
            config.substitutions.append(("%segir-bench", bench))
            # Its CUB calls compiled against the pinned CCCL of
            # scripts/setup.sh rather than the toolkit's.
            if getattr(config, "segir_bench_cccl_version", ""):
                config.available_features.add("pinned-cccl")
        # The cubins of seg-to-nvvm are for sm_90: the GPU tests need a
        # device of compute capability 9.0.
        try:
            smi = subprocess.run(["nvidia-smi", "-L"], capture_output=True,
                                 text=True, timeout=60)
            caps = subprocess.run(
                ["nvidia-smi", "--query-gpu=compute_cap",
                 "--format=csv,noheader"],
                capture_output=True, text=True, timeout=60)
            if (smi.returncode == 0 and "GPU " in smi.stdout and
                    caps.returncode == 0 and
                    caps.stdout.split()[:1] == ["9.0"]):
                config.available_features.add("cuda-gpu")
        except (OSError, subprocess.SubprocessError):
            pass

    tool_dirs = [config.segir_tools_dir, config.llvm_tools_dir]
    tools = ["seg-opt", "mlir-opt", "mlir-runner"]
    llvm_config.add_tool_substitutions(tools, tool_dirs)
    llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)


if getattr(config, "segir_obj_root", None) is None:
    # Run directly on the sources (`lit test/Dialect/Seg/ops.mlir`): pick up
    # the build's site configuration, which loads this file again.
    _build = os.environ.get("SEGIR_BUILD_DIR", os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build"))
    lit_config.load_config(
        config, os.path.join(_build, "test", "lit.site.cfg.py"))
else:
    _configure()
