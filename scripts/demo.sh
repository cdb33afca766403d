#!/usr/bin/env bash
# The demo: for every program in examples/ (and a linalg program through the
# front door, examples/linalg/), the compiler's job: the choices it makes
# (chunks, strategies, tiles, from its remarks), the kernels it compiles
# for sm_90 with their registers and spills (ptxas, where the CUDA toolkit
# is), the reference's output (seg-to-cpu), and the same kernels run on the
# emulator, checked against the reference.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

source "$(dirname "${BASH_SOURCE[0]}")/programs.sh"
ptxas="${CUDA_HOME:-/usr/local/cuda}/bin/ptxas"

# The message of every remark on stdin, indented and prefixed.
remarks() {
  sed -n "s|^[^ ]*: remark: \(.*\)|  $1\1|p" | sort -u
}

status=0
demo() { # program, its name, the front-door pipeline or ""
  local program=$1 name=$2 frontend=$3
  local summary
  summary=$(sed -n '1s|^// *||p' "$program")
  echo
  echo "=== $name: $summary"
  local ir="$tmp/${name//\//_}.mlir"
  if [[ -n $frontend ]]; then
    "$seg_opt" "$program" --"$frontend"=remarks 2> "$tmp/front.log" > "$ir"
    remarks "front door: " < "$tmp/front.log"
  else
    cp "$program" "$ir"
  fi

  # The compiler's choices.
  "$seg_opt" "$ir" --seg-select-chunk=remarks -o /dev/null 2>&1 |
    remarks "chunk: " || true
  "$seg_opt" "$ir" --seg-tile-block-register=remarks -o /dev/null 2>&1 |
    grep -v "not tiled" | remarks "tiles: " || true
  if "$seg_opt" "$ir" --seg-to-nvvm=format=isa -o "$ir.ptx" \
      2> "$tmp/nvvm.log"; then
    remarks "gpu: " < "$tmp/nvvm.log"
    if [[ -x $ptxas ]]; then
      python3 "$SEGIR_ROOT/utils/ptx-spills.py" --ptxas "$ptxas" \
        "$ir.ptx" | sed 's|^|  sm_90 kernel |' || status=1
    fi
  else
    echo "!!! $name: seg-to-nvvm failed"; cat "$tmp/nvvm.log"; status=1
  fi

  # The reference, then the emulator (a randomised schedule).
  if ! "$seg_opt" "$ir" --seg-to-cpu | run "$runner_libs" |
      grep -v "base@" > "$tmp/cpu.out"; then
    echo "!!! $name: the reference failed"; status=1; return
  fi
  cat "$tmp/cpu.out"
  if "$seg_opt" "$ir" --seg-to-emulator 2> /dev/null |
      SEGIR_EMU_TRACE=1 SEGIR_EMU_SEED=1 run_emu \
        2> "$tmp/trace" | grep -v "base@" > "$tmp/emu.out" &&
      diff -q "$tmp/cpu.out" "$tmp/emu.out" > /dev/null; then
    local kernels
    kernels=$(sed -n 's|^segir-emu: launch \([^ ]*\).*|\1|p' "$tmp/trace" |
      sort -u | tr '\n' ' ')
    echo "  emulator: same output as the reference (kernels: ${kernels:-none})"
  else
    echo "!!! $name: the emulator's output differs from the reference"
    status=1
  fi
}

for example in "$SEGIR_ROOT"/examples/*.mlir; do
  demo "$example" "$(basename "$example" .mlir)" ""
done
for example in "$SEGIR_ROOT"/examples/linalg/*.mlir; do
  demo "$example" "linalg/$(basename "$example" .mlir)" linalg-to-seg
done
if command -v nvidia-smi > /dev/null && nvidia-smi -L > /dev/null 2>&1; then
  echo
  echo "A GPU is present: scripts/gpu-run.sh runs the examples on it."
fi
exit $status
