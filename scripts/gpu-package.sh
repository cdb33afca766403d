#!/usr/bin/env bash
# Prepares, on a machine with LLVM/MLIR and a SegIR build, what a GPU
# machine without LLVM needs to run the examples and the benchmark
# (scripts/gpu-run.sh there):
#   OUTDIR/examples/<example>.o         seg-to-nvvm output as an object file
#   OUTDIR/examples/<example>.expected  what seg-to-cpu prints (mlir-runner)
#   OUTDIR/bench/<variant>.o            the benchmark kernels, one object per
#                                       line of bench/kernels/variants.txt
#                                       (unless the harness is packaged,
#                                       below)
#   OUTDIR/package.txt                  the commit, date, CCCL and nvcc
# and, as examples named <input>-<variant>, the inputs of
# test/Integration/CUDA (segmented and chunk sweeps, appendix operators)
# and the scan sweep of test/Integration/Emulator under the block sizes,
# strategies, chunks and numbers of blocks those tests use, the seg.hist
# inputs with each histogram strategy, the tiled products of
# test/Integration/Emulator (SIMT tiles, and tensor cores: mma=tf32, bf16,
# f16) and programs whose kernels read host memory directly.
# Where this build has the CUDA runtime and the harness (a CUDA toolkit was
# found), the package is also ready to run without any compiler:
#   OUTDIR/examples/<example>           the object linked into an executable
#   OUTDIR/lib/libsegir_cuda_runtime.so the runtime they load (and
#   OUTDIR/lib/libsegir_print_support.a, to link the objects this machine
#   could not)
#   OUTDIR/bin/segir-bench              the harness, with these kernels
#                                       (else OUTDIR/include/cccl, the
#                                       pinned CCCL to build it with)
# (gpu-run.sh uses them when present, and builds them otherwise).
# usage: gpu-package.sh OUTDIR [EXAMPLE...]   (default: the examples below,
# the scans included, and the variants)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SEGIR_BUILD_DIR:-$root/build}"
llvm="${LLVM_PREFIX:-/usr/lib/llvm-22}"
[[ $# -ge 1 ]] || { sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
out="$1"
shift
examples=("$@")
variants=()
if ((${#examples[@]} == 0)); then
  # name|input under test/Integration/Inputs|gpu-compile.sh options,
  # separated by ';'
  variants=(
    "segsum-sweep-bs31|segsum-sweep|--pipeline-options=block-size=31"
    "segsum-sweep-bs32|segsum-sweep|--pipeline-options=block-size=32"
    "segsum-sweep-bs448|segsum-sweep|--pipeline-options=block-size=448"
    "segsum-sweep-bs1024|segsum-sweep|--pipeline-options=block-size=1024"
    "segsum-sweep-sequential|segsum-sweep|--pipeline-options=strategy=sequential"
    "segsum-sweep-small|segsum-sweep|--pipeline-options=strategy=small"
    "segsum-sweep-chunk1|segsum-sweep|--before=--seg-select-chunk=chunk=1"
    "segsum-sweep-chunk9|segsum-sweep|--before=--seg-select-chunk=chunk=9"
    "segsum-sweep-chunk24|segsum-sweep|--before=--seg-select-chunk=chunk=24"
    "segsum-sweep-chunk40|segsum-sweep|--before=--seg-select-chunk=chunk=40"
    "reduce-ops-bs32|reduce-ops|--pipeline-options=block-size=32"
    "reduce-ops-bs448|reduce-ops|--pipeline-options=block-size=448"
    "scan-sweep-bs32|scan-sweep|--pipeline-options=block-size=32"
    "scan-sweep-bs31|scan-sweep|--pipeline-options=block-size=31"
    "scan-sweep-bs448|scan-sweep|--pipeline-options=block-size=448"
    "scan-sweep-bs1024|scan-sweep|--pipeline-options=block-size=1024"
    "scan-sweep-blocks1|scan-sweep|--pipeline-options=block-size=32 max-blocks=1"
    "scan-sweep-blocks31|scan-sweep|--pipeline-options=block-size=32 max-blocks=31"
    "scan-sweep-reduce-then-scan|scan-sweep|--pipeline-options=scan-strategy=reduce-then-scan block-size=64 max-blocks=5"
    "hist-global|hist|--pipeline-options=hist-strategy=global-atomic"
    "hist-shared|hist|--pipeline-options=hist-strategy=shared"
    "hist-atomics-global|hist-atomics|--pipeline-options=hist-strategy=global-atomic"
    "hist-atomics-shared|hist-atomics|--pipeline-options=hist-strategy=shared"
    "hist-lock-global|hist-lock|--pipeline-options=hist-strategy=global-atomic"
    "hist-lock-shared|hist-lock|--pipeline-options=hist-strategy=shared"
    "hist-float-global|hist-float|--pipeline-options=hist-strategy=global-atomic"
    "hist-float-shared|hist-float|--pipeline-options=hist-strategy=shared"
    "tile-gemm-simt|tile-gemm|--before=--seg-tile-block-register"
    "tile-gemm-odd|tile-gemm|--before=--seg-tile-block-register=ty=13 tx=16 tk=16 ry=8 rx=4"
    "tile-gemm-tf32|tile-gemm|--before=--seg-tile-block-register=mma=tf32"
    "tile-mma-bf16|tile-mma|--before=--seg-tile-block-register=mma=bf16"
    "tile-mma-f16|tile-mma|--before=--seg-tile-block-register=mma=f16"
    "tile-matmul-f32|tile-matmul-f32|--before=--seg-tile-block-register"
    "tile-matmul-div|tile-matmul-div|--before=--seg-tile-block-register"
    "tile-matmul-mixed|tile-matmul-mixed|--before=--seg-tile-block-register"
    "tile-edge|tile-edge|--before=--seg-tile-block-register=ty=4 tx=3 tk=5 ry=2 rx=3"
    "red-vector-loads-direct|red-vector-loads|--host-memory=direct"
    "reduce-ops-direct|reduce-ops|--host-memory=direct"
  )
  examples=(sum segsum argmax mss streak matmul2x2 matmul3x3 matmul5x5 matmul
            tiled_matmul transpose scatter scan radix_scan linfun fused
            blockscan kmeans_step)
fi

mkdir -p "$out/examples"
references="$(mktemp -d)"
trap 'rm -rf "$references"' EXIT
runner_libs="$llvm/lib/libmlir_runner_utils.so,$llvm/lib/libmlir_c_runner_utils.so"
for e in "${examples[@]}"; do
  src="$root/examples/$e.mlir"
  echo "== $e"
  "$root/scripts/gpu-compile.sh" "$src" -o "$out/examples/$e.o"
  "$build/bin/seg-opt" --seg-to-cpu "$src" |
    "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
      -shared-libs="$runner_libs" > "$out/examples/$e.expected"
done
for v in "${variants[@]}"; do
  IFS='|' read -r name input option <<< "$v"
  IFS=';' read -r -a options <<< "$option"
  src="$root/test/Integration/Inputs/$input.mlir"
  echo "== $name"
  "$root/scripts/gpu-compile.sh" "${options[@]}" "$src" -o "$out/examples/$name.o"
  # The reference output of an input, computed once for its variants.
  [[ -f "$references/$input" ]] ||
    "$build/bin/seg-opt" --seg-to-cpu "$src" |
      "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
        -shared-libs="$runner_libs" > "$references/$input"
  cp "$references/$input" "$out/examples/$name.expected"
done
# Executables for GPU machines without a compiler, with the runtime beside
# them (found through the runpath $ORIGIN/../lib).
if [[ -f "$build/lib/libsegir_cuda_runtime.so" ]]; then
  mkdir -p "$out/lib"
  cp "$build/lib/libsegir_cuda_runtime.so" "$build/lib/libsegir_print_support.a" \
    "$out/lib/"
  cuda="${CUDA_HOME:-/usr/local/cuda}"
  driver=(-lcuda)
  [[ -f "$cuda/lib64/stubs/libcuda.so" ]] && driver=(-L"$cuda/lib64/stubs" -lcuda)
  for object in "$out"/examples/*.o; do
    # An object this C runtime cannot link (e.g. one that needs a newer
    # libgcc's conversions) is linked by gpu-run.sh on the GPU machine.
    "${CXX:-c++}" "$object" "$build/lib/libsegir_print_support.a" \
      -L"$build/lib" -lsegir_cuda_runtime '-Wl,-rpath,$ORIGIN/../lib' \
      "${driver[@]}" -o "${object%.o}" 2> "$references/link.err" ||
      { echo "note: $(basename "$object") is left for gpu-run.sh to link:" \
          "$(grep -m1 'undefined reference' "$references/link.err" || true)"
        rm -f "${object%.o}"; }
  done
fi
# The harness of this build, linked with the bench kernels; else their
# objects, for gpu-run.sh to build it with.
kernels=0
if [[ -x "$build/bin/segir-bench" && -f "$out/lib/libsegir_cuda_runtime.so" ]]; then
  mkdir -p "$out/bin"
  cp "$build/bin/segir-bench" "$out/bin/"
else
  echo "== bench kernels"
  mkdir -p "$out/bench"
  SEG_OPT="$build/bin/seg-opt" LLVM_PREFIX="$llvm" \
    bash "$root/bench/kernels/compile.sh" --all "$out/bench"
  kernels="$(SEG_OPT="$build/bin/seg-opt" bash "$root/bench/kernels/compile.sh" --list | wc -l)"
  # gpu-run.sh builds the harness there: with the pinned CCCL's headers
  # (scripts/setup.sh), which bench/CMakeLists.txt finds in include/cccl.
  for cccl in "$build"/cccl/nvidia/*/include/cccl; do
    [[ -d "$cccl" ]] || continue
    mkdir -p "$out/include"
    cp -r "$cccl" "$out/include/"
  done
fi
# What this package is, for the record of a run (gpu-proof.sh).
{
  echo "SegIR $(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown), packaged $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -m)"
  echo "programs: $((${#examples[@]} + ${#variants[@]})); harness: $([[ -x "$out/bin/segir-bench" ]] && echo prebuilt || echo "$kernels kernel objects")"
  cccl="$(sed -n 's/^SEGIR_BENCH_CCCL_VERSION:INTERNAL=//p' "$build/CMakeCache.txt" 2>/dev/null)"
  if [[ -n "$cccl" ]]; then
    echo "CUB of CCCL $((cccl / 1000000)).$((cccl / 1000 % 1000)).$((cccl % 1000))"
  else
    echo "CUB of the CUDA toolkit's CCCL"
  fi
  "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" --version 2>/dev/null | tail -n 2 || true
} > "$out/package.txt"
echo "packaged $((${#examples[@]} + ${#variants[@]})) programs and $([[ -x "$out/bin/segir-bench" ]] && echo "the harness" || echo "$kernels bench kernel objects") in $out ($(du -sh "$out" | cut -f1))"
