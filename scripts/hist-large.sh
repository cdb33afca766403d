#!/usr/bin/env bash
# The seg.hist cases of test/Integration/Inputs/hist.mlir at a size of your
# choice (the issue's 10^7 elements by default; the lit tests use 10^5):
# the GPU path on the emulator, with the strategy the plan picks and with
# each strategy forced, against the sequential reference.
# usage: hist-large.sh [elements] [SEGIR_EMU_SEED]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

elements=${1:-10000000}
seed=${2:-}
source "$(dirname "${BASH_SOURCE[0]}")/programs.sh"

sed "s/%n = arith.constant 100000 : index/%n = arith.constant $elements : index/" \
  "$SEGIR_ROOT/test/Integration/Inputs/hist.mlir" > "$tmp/hist.mlir"
grep -q "arith.constant $elements : index" "$tmp/hist.mlir"
"$seg_opt" "$tmp/hist.mlir" --seg-to-cpu | run "$runner_libs" > "$tmp/cpu"
cat "$tmp/cpu"
[[ -z "$seed" ]] || export SEGIR_EMU_SEED=$seed
status=0
for options in "" "hist-strategy=global-atomic" "hist-strategy=shared"; do
  "$seg_opt" "$tmp/hist.mlir" --seg-to-emulator="$options" |
    run_emu > "$tmp/emu"
  if diff -q "$tmp/cpu" "$tmp/emu" > /dev/null; then
    echo "emulator (${options:-auto}): same as the reference"
  else
    echo "!!! emulator (${options:-auto}): differs from the reference"
    status=1
  fi
done
exit $status
