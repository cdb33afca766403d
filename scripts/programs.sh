# Sourced, after setup.sh, by the scripts that compile and run SegIR
# programs (demo.sh, hist-large.sh): seg-opt, the runner's and the emulator's
# libraries, a temporary directory removed at exit, `run` and `run_emu`.
seg_opt="$SEGIR_BUILD/bin/seg-opt"
runner_libs="$LLVM_PREFIX/lib/libmlir_runner_utils.so,$LLVM_PREFIX/lib/libmlir_c_runner_utils.so"
emulator_lib="$SEGIR_BUILD/lib/libsegir_emulator_runtime.so"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # shared libraries, then the program on stdin
  "$LLVM_PREFIX/bin/mlir-runner" -e main -entry-point-result=void \
    -shared-libs="$1"
}

# A program lowered by seg-to-emulator, on stdin, as lit's %run-emu runs it:
# with upstream's async runtime, at -O0 (whose pipeline lowers the
# coroutines of async.execute bodies).
run_emu() {
  "$LLVM_PREFIX/bin/mlir-runner" -O0 -e main -entry-point-result=void \
    -shared-libs="$runner_libs,$LLVM_PREFIX/lib/libmlir_async_runtime.so,$emulator_lib"
}
