#!/usr/bin/env bash
# The demo: compiles every program in examples/ through the reference
# pipeline (seg-to-cpu), runs it with mlir-runner and prints its results.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

runner_libs="$LLVM_PREFIX/lib/libmlir_runner_utils.so,$LLVM_PREFIX/lib/libmlir_c_runner_utils.so"
status=0
for example in "$SEGIR_ROOT"/examples/*.mlir; do
  name=$(basename "$example" .mlir)
  summary=$(sed -n 's|^// *\(.*\)|\1|p;/^[^/]/q' "$example" | head -n 1)
  echo
  echo "=== $name: $summary"
  if ! "$SEGIR_BUILD/bin/seg-opt" "$example" --seg-to-cpu |
      "$LLVM_PREFIX/bin/mlir-runner" -e main -entry-point-result=void \
        -shared-libs="$runner_libs"; then
    echo "!!! $name failed"
    status=1
  fi
done
exit $status
