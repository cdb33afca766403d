#!/usr/bin/env bash
# Compares what two seg-opt builds make of every example and integration
# input through the GPU lowerings: convert-seg-to-gpu, seg-to-emulator and
# seg-to-nvvm (PTX). Used to show that a refactoring of a lowering changes
# no output.
#
#   utils/diff-lowerings.sh OLD_SEG_OPT NEW_SEG_OPT [OUT_DIR]
#
# Writes OUT_DIR/{old,new}/<input>.<lowering> (OUT_DIR: a fresh temporary
# directory), prints one line per difference and ends with a summary; exits
# 1 when any output differs. A failing lowering is compared by its message.
# The time the NVPTX backend took (a property of every gpu.object) is
# masked: it differs from run to run.
set -u
old=$1 new=$2
out=${3:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out/old" "$out/new"
declare -A lowerings=(
  [gpu]="--convert-seg-to-gpu"
  [gpu-sequential]="--convert-seg-to-gpu=strategy=sequential"
  [gpu-small]="--convert-seg-to-gpu=strategy=small"
  [gpu-large]="--convert-seg-to-gpu=strategy=large"
  [gpu-rts]="--convert-seg-to-gpu=scan-strategy=reduce-then-scan"
  [emulator]="--seg-to-emulator"
  [ptx]="--seg-to-nvvm=format=isa"
)
compared=0 differ=0
for input in "$root"/examples/*.mlir "$root"/test/Integration/Inputs/*.mlir; do
  name=$(basename "$input" .mlir)
  for kind in gpu gpu-sequential gpu-small gpu-large gpu-rts emulator ptx; do
    for side in old new; do
      bin=${!side}
      "$bin" "$input" ${lowerings[$kind]} 2>&1 |
        sed -E 's/LLVMIRToISATimeInMs = [0-9]+/LLVMIRToISATimeInMs = N/g' \
          >"$out/$side/$name.$kind"
    done
    compared=$((compared + 1))
    if ! cmp -s "$out/old/$name.$kind" "$out/new/$name.$kind"; then
      echo "differs: $name ($kind)"
      differ=$((differ + 1))
    fi
  done
done
echo "$compared outputs compared, $differ differ (outputs in $out)"
[ "$differ" -eq 0 ]
