#!/usr/bin/env bash
# Compiles the kernel objects of the benchmark harness listed in
# variants.txt (next to this script).
# usage: compile.sh [--pipeline=P] NAME OUT.o    one variant
#        compile.sh [--pipeline=P] --all OUTDIR   every variant P builds,
#                                                 as OUTDIR/NAME.o
#        compile.sh [--pipeline=P] --list         their names
# P: seg-to-nvvm (default), seg-to-cpu or seg-to-emulator (the GPU lowering
# with the variant's seg-to-nvvm options, for the kernel emulator's
# runtime). Tools as for scripts/gpu-compile.sh ($SEG_OPT or
# $SEGIR_BUILD_DIR/bin/seg-opt, $LLVM_PREFIX).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${SEGIR_BUILD_DIR:-$root/build}"
seg_opt="${SEG_OPT:-$build/bin/seg-opt}"
table="$here/variants.txt"

usage() {
  sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

pipeline=seg-to-nvvm
mode=one
args=()
while (($#)); do
  case "$1" in
    --pipeline=*) pipeline="${1#*=}" ;;
    --all) mode=all ;;
    --list) mode=list ;;
    -h|--help) usage ;;
    -*) echo "compile.sh: unknown option '$1'" >&2; usage ;;
    *) args+=("$1") ;;
  esac
  shift
done
case "$pipeline" in
  seg-to-nvvm|seg-to-cpu|seg-to-emulator) ;;
  *) echo "compile.sh: unknown pipeline '$pipeline'" >&2; exit 2 ;;
esac
llvm="${LLVM_PREFIX:-/usr/lib/llvm-22}"

# The lines of the table, without comments.
lines() { grep -v '^[[:space:]]*\(#\|$\)' "$table"; }

# Whether the variant whose seg-to-nvvm field is $1 is built by $pipeline.
builds_for() { [[ "$pipeline" != seg-to-nvvm || "$1" == yes ]]; }

list() {
  while IFS='|' read -r name _ _ _ _ nvvm; do
    builds_for "$nvvm" && echo "$name"
  done < <(lines)
  return 0
}

compile() {
  local name="$1" output="$2" line
  line="$(lines | awk -F'|' -v n="$name" '$1 == n' )"
  [[ -n "$line" ]] || { echo "compile.sh: no variant '$name' in $table" >&2; exit 1; }
  local source suffix before options nvvm
  IFS='|' read -r _ source suffix before options nvvm <<< "$line"
  builds_for "$nvvm" ||
    { echo "compile.sh: variant '$name' is not built for $pipeline" >&2; exit 1; }
  local tmp
  tmp="$(mktemp -d)"
  # shellcheck disable=SC2064 # expand now: tmp is local.
  trap "rm -rf '$tmp'" RETURN
  sed "s/@bench_\([A-Za-z0-9_]*\)/@bench_\1$suffix/g" "$here/$source" > "$tmp/renamed.mlir"
  # Arguments of seg-opt, separated by " + " (an argument may hold spaces).
  local passes=() rest="$before"
  while [[ -n "$rest" ]]; do
    passes+=("${rest%% + *}")
    [[ "$rest" == *" + "* ]] && rest="${rest#* + }" || rest=
  done
  "$seg_opt" --mlir-print-op-on-diagnostic=false "${passes[@]}" "$tmp/renamed.mlir" -o "$tmp/input.mlir"
  # Tensor-core code (nvgpu.mma.sync and ldmatrix, from mma=...) runs only
  # on the GPU lowerings: seg-to-cpu checks such a variant's source as
  # written (the emulator checks the variant itself). Asynchronous copies
  # have a sequential meaning.
  if [[ "$pipeline" == seg-to-cpu ]] && grep -qE 'nvgpu\.(mma\.sync|ldmatrix|warpgroup\.mma|tma\.)' "$tmp/input.mlir"; then
    echo "compile.sh: $name: its passes emit tensor-core code; seg-to-cpu compiles its source without them" >&2
    cp "$tmp/renamed.mlir" "$tmp/input.mlir"
  fi
  if [[ "$pipeline" == seg-to-emulator ]]; then
    # The same GPU lowering as seg-to-nvvm (convert-seg-to-gpu with the
    # variant's options), its kernels run by the emulator's runtime.
    local pass=--seg-to-emulator
    [[ -z "$options" ]] || pass="--seg-to-emulator=$options"
    "$seg_opt" "$pass" "$tmp/input.mlir" -o "$tmp/lowered.mlir"
    "$llvm/bin/mlir-translate" --mlir-to-llvmir "$tmp/lowered.mlir" -o "$tmp/prog.ll"
    "$llvm/bin/llc" -O2 -filetype=obj -relocation-model=pic "$tmp/prog.ll" -o "$output"
    return
  fi
  local pipeline_options=()
  [[ "$pipeline" != seg-to-nvvm || -z "$options" ]] ||
    pipeline_options=("--pipeline-options=$options")
  # The harness passes device memory only.
  SEG_OPT="$seg_opt" bash "$root/scripts/gpu-compile.sh" "--pipeline=$pipeline" \
    --host-memory=direct "${pipeline_options[@]}" "$tmp/input.mlir" \
    -o "$output"
}

case "$mode" in
  list) ((${#args[@]} == 0)) || usage; list ;;
  all)
    ((${#args[@]} == 1)) || usage
    mkdir -p "${args[0]}"
    for name in $(list); do compile "$name" "${args[0]}/$name.o"; done ;;
  one) ((${#args[@]} == 2)) || usage; compile "${args[0]}" "${args[1]}" ;;
esac
