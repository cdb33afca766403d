#!/usr/bin/env bash
# Regenerates the reference docs in docs/ from the .td files: the seg
# dialect (ops, attributes, enums), its op interfaces and every pass
# (docs/Dialects, docs/Passes). They are the `mlir-doc` target's output
# (build/docs, built with everything else), copied into the source tree.
# usage: update-docs.sh           rebuild build/docs and copy it into docs/
#        update-docs.sh --check   fail if docs/ differs from build/docs
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SEGIR_BUILD_DIR:-$root/build}"
generated=(Dialects Passes)

if [[ "${1:-}" == "--check" ]]; then
  status=0
  for dir in "${generated[@]}"; do
    diff -r "$build/docs/$dir" "$root/docs/$dir" || status=1
  done
  if ((status)); then
    echo "update-docs.sh: docs/ is out of date; run scripts/update-docs.sh" >&2
  fi
  exit "$status"
fi
[[ $# -eq 0 ]] || { sed -n '2,7p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

ninja -C "$build" mlir-doc
for dir in "${generated[@]}"; do
  rm -rf "${root:?}/docs/$dir"
  cp -r "$build/docs/$dir" "$root/docs/$dir"
done
echo "updated $(find "${generated[@]/#/$root/docs/}" -name '*.md' | wc -l) files in docs/"
