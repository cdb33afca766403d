#!/usr/bin/env bash
# Runs, on a GPU machine with the CUDA driver, what scripts/gpu-package.sh
# prepared: every example against its seg-to-cpu output, then (--bench) the
# benchmark harness. Where the package holds executables (OUTDIR/lib,
# OUTDIR/bin: the packaging machine had a CUDA toolkit) nothing is compiled;
# otherwise the CUDA runtime (lib/Runtime/CUDA) and the harness (bench/) are
# built with the toolkit, a C++ compiler and CMake, and the example objects
# linked. Programs that hand kernels host memory directly (*-direct) are
# skipped, with the reason, on a device that cannot access pageable host
# memory. Ends with "N passed, N failed, N skipped"; exits non-zero on a
# failure. A program that runs longer than $SEGIR_PROGRAM_TIMEOUT seconds
# (300) fails.
# With --bench it then runs segir-bench, writing OUTDIR/bench-results.json
# (and OUTDIR/bench-results.png where matplotlib is installed); arguments
# after --bench go to segir-bench.
# usage: gpu-run.sh OUTDIR [--bench [SEGIR-BENCH ARGS...]]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[[ $# -ge 1 ]] || { sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
out="$(cd "$1" && pwd)"
shift
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cuda="${CUDA_HOME:-/usr/local/cuda}"

if [[ -f "$out/lib/libsegir_cuda_runtime.so" ]]; then
  lib="$out/lib"
else
  cmake "${generator[@]}" -S "$root/lib/Runtime/CUDA" -B "$out/build-runtime" \
    -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$out/build-runtime" -j "$(nproc)" >/dev/null
  lib="$out/build-runtime/lib"
  [[ -f "$lib/libsegir_cuda_runtime.so" ]] ||
    { echo "gpu-run.sh: libsegir_cuda_runtime.so was not built (no CUDA toolkit?)" >&2; exit 1; }
fi
# The runtime, and the toolkit's libraries for the prebuilt harness.
export LD_LIBRARY_PATH="$lib:$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# Link with the toolkit's stub driver where there is one (the system may
# lack the unversioned libcuda.so); the real driver is loaded at run time.
driver=(-lcuda)
[[ -f "$cuda/lib64/stubs/libcuda.so" ]] && driver=(-L"$cuda/lib64/stubs" -lcuda)

passed=0
failed=0
skipped=0
for object in "$out"/examples/*.o; do
  e="$(basename "${object%.o}")"
  exe="$out/examples/$e"
  # A program that does not link fails alone; the others still run.
  if [[ ! -x "$exe" ]] &&
     ! "${CXX:-c++}" "$object" "$lib/libsegir_print_support.a" -L"$lib" \
         -lsegir_cuda_runtime -Wl,-rpath,"$lib" "${driver[@]}" -o "$exe" \
         2> "$exe.link.err"; then
    echo "FAIL: $e (not linked: $(grep -m1 -e 'undefined reference' -e 'error' "$exe.link.err"))"
    failed=$((failed + 1))
    continue
  fi
  if timeout "${SEGIR_PROGRAM_TIMEOUT:-300}" "$exe" > "$exe.out" 2> "$exe.err" &&
     diff -q "$out/examples/$e.expected" "$exe.out" >/dev/null; then
    echo "PASS: $e"
    passed=$((passed + 1))
  elif [[ "$e" == *-direct ]] &&
       grep -q "cannot access pageable host memory" "$exe.err"; then
    echo "SKIP: $e (the device cannot access pageable host memory)"
    skipped=$((skipped + 1))
  else
    echo "FAIL: $e"
    diff "$out/examples/$e.expected" "$exe.out" | head -20 || true
    head -c 2000 "$exe.err"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed, $skipped skipped"

if [[ "${1:-}" == --bench ]]; then
  shift
  bench="$out/bin/segir-bench"
  if [[ ! -x "$bench" ]]; then
    cmake "${generator[@]}" -S "$root/bench" -B "$out/build-bench" \
      -DCMAKE_BUILD_TYPE=Release \
      -DSEGIR_BENCH_KERNELS_DIR="$out/bench" >/dev/null
    cmake --build "$out/build-bench" -j "$(nproc)" >/dev/null
    bench="$out/build-bench/bin/segir-bench"
  fi
  "$bench" --json "$out/bench-results.json" "$@"
  python3 "$root/bench/plot.py" "$out/bench-results.json" \
    -o "$out/bench-results.png" || true
fi
((failed == 0))
