#!/usr/bin/env bash
# Prepares, on a machine with LLVM/MLIR and a SegIR build, what a GPU
# machine without LLVM needs to run the examples and the benchmark
# (scripts/gpu-run.sh there):
#   OUTDIR/examples/<example>.o         seg-to-nvvm output as an object file
#   OUTDIR/examples/<example>.expected  what seg-to-cpu prints (mlir-runner)
#   OUTDIR/bench/reductions.o           bench/kernels/reductions.mlir
# usage: gpu-package.sh OUTDIR [EXAMPLE...]   (default: every example that
# seg-to-nvvm compiles, i.e. all without seg.scan)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SEGIR_BUILD_DIR:-$root/build}"
llvm="${LLVM_PREFIX:-/usr/lib/llvm-22}"
[[ $# -ge 1 ]] || { sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
out="$1"
shift
examples=("$@")
if ((${#examples[@]} == 0)); then
  examples=(sum segsum argmax mss streak matmul2x2 matmul3x3 matmul5x5 matmul
            tiled_matmul transpose scatter)
fi

mkdir -p "$out/examples" "$out/bench"
runner_libs="$llvm/lib/libmlir_runner_utils.so,$llvm/lib/libmlir_c_runner_utils.so"
for e in "${examples[@]}"; do
  src="$root/examples/$e.mlir"
  echo "== $e"
  "$root/scripts/gpu-compile.sh" "$src" -o "$out/examples/$e.o"
  "$build/bin/seg-opt" --seg-to-cpu "$src" |
    "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
      -shared-libs="$runner_libs" > "$out/examples/$e.expected"
done
echo "== bench kernels"
"$root/scripts/gpu-compile.sh" "$root/bench/kernels/reductions.mlir" \
  -o "$out/bench/reductions.o"
echo "packaged ${#examples[@]} examples and the bench kernels in $out"
