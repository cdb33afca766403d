#!/usr/bin/env bash
# Runs, on a GPU machine with the CUDA toolkit, a C++ compiler and CMake but
# without LLVM, what scripts/gpu-package.sh prepared: builds the CUDA
# runtime (lib/Runtime/CUDA as a project of its own), links every example
# object into an executable, runs it and compares its output with the
# seg-to-cpu output; ends with "N passed, N failed".
# With --bench it then builds and runs the benchmark harness (bench/) and
# writes OUTDIR/bench-results.json (and OUTDIR/bench-results.png where
# matplotlib is installed); arguments after --bench go to segir-bench.
# usage: gpu-run.sh OUTDIR [--bench [SEGIR-BENCH ARGS...]]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[[ $# -ge 1 ]] || { sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
out="$(cd "$1" && pwd)"
shift
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

cmake "${generator[@]}" -S "$root/lib/Runtime/CUDA" -B "$out/build-runtime" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$out/build-runtime" -j "$(nproc)" >/dev/null
lib="$out/build-runtime/lib"
[[ -f "$lib/libsegir_cuda_runtime.so" ]] ||
  { echo "gpu-run.sh: libsegir_cuda_runtime.so was not built (no CUDA toolkit?)" >&2; exit 1; }

# Link with the toolkit's stub driver where there is one (the system may
# lack the unversioned libcuda.so); the real driver is loaded at run time.
cuda="${CUDA_HOME:-/usr/local/cuda}"
driver=(-lcuda)
[[ -f "$cuda/lib64/stubs/libcuda.so" ]] && driver=(-L"$cuda/lib64/stubs" -lcuda)

passed=0
failed=0
for object in "$out"/examples/*.o; do
  e="$(basename "${object%.o}")"
  exe="$out/examples/$e"
  "${CXX:-c++}" "$object" "$lib/libsegir_print_support.a" -L"$lib" \
    -lsegir_cuda_runtime -Wl,-rpath,"$lib" "${driver[@]}" -o "$exe"
  if "$exe" > "$exe.out" 2> "$exe.err" && diff -q "$out/examples/$e.expected" "$exe.out" >/dev/null; then
    echo "PASS: $e"
    passed=$((passed + 1))
  else
    echo "FAIL: $e"
    diff "$out/examples/$e.expected" "$exe.out" | head -20 || true
    cat "$exe.err"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"

if [[ "${1:-}" == --bench ]]; then
  shift
  cmake "${generator[@]}" -S "$root/bench" -B "$out/build-bench" \
    -DCMAKE_BUILD_TYPE=Release \
    -DSEGIR_BENCH_KERNELS_DIR="$out/bench" >/dev/null
  cmake --build "$out/build-bench" -j "$(nproc)" >/dev/null
  "$out/build-bench/bin/segir-bench" --json "$out/bench-results.json" "$@"
  python3 "$root/bench/plot.py" "$out/bench-results.json" \
    -o "$out/bench-results.png" || true
fi
((failed == 0))
