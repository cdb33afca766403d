#!/usr/bin/env bash
# The GPU proof in one command, on a GPU machine with the source tree and a
# package of scripts/gpu-package.sh: within a time budget, in the order of
# what matters most, so that a run cut off early still leaves its results.
#   facts        nvidia-smi, clocks, versions (driver, toolkit, tools,
#                Python packages, the package's commit and CCCL)
#   programs     every packaged program against its seg-to-cpu output
#                (gpu-run.sh)
#   bench-GROUP  segir-bench --only GROUP: scan, segmented, reduce, sgemm,
#                hist
#   peers        bench/peers/peers.py: Triton and torch on the same problems
#   sanitize     compute-sanitizer: racecheck on the single-pass scan and
#                the tensor-core products, memcheck on a histogram
#   ncu          Nsight Compute sections of the scans and the products
#   bench-GROUP  noncommutative, model, schedule
#   tables       bench/results-tables.py over every JSON file
# A stage runs only if its estimate fits in what is left of the budget
# (less a reserve for the archive and the tables), and is cut off at that
# limit; a stage whose tool is missing is skipped. Each says so.
# OUTDIR gets three files, rewritten after every stage: proof.tar.gz (every
# stage's output and logs), summary.md (per stage: ok, failed, cut off or
# skipped and why, seconds) and tables.md. The summary and then the tables
# print last. Exits 1 when a stage failed or was cut off.
# Tools: $NVIDIA_SMI, $NCU, $COMPUTE_SANITIZER, else on PATH, in
# $CUDA_HOME (/usr/local/cuda) or under /opt/nvidia.
# usage: gpu-proof.sh PACKAGE OUTDIR [--budget SECONDS] [--log2n K]
#                     [--reps R] [--warmup W] [--only STAGE]...
#   defaults: 420 s, n = 2^26 elements, 10 repetitions after 2 warm-up
#   runs, every stage (--only: those named, e.g. to run a failed one again)
set -uo pipefail

self="${BASH_SOURCE[0]}"
root="$(cd "$(dirname "$self")/.." && pwd)"
usage() { sed -n '2,32p' "$self" | sed 's/^# \{0,1\}//' >&2; exit 2; }

# Seconds kept for the archive and the tables at the end.
reserve=10

# name|estimate in seconds at the default sizes|cap in seconds, in order.
stages=(
  "facts|5|30"
  "programs|60|120"
  "bench-scan|50|90"
  "bench-segmented|40|80"
  "bench-reduce|10|30"
  "bench-sgemm|60|100"
  "bench-hist|30|60"
  "peers|60|120"
  "sanitize|60|90"
  "ncu|60|120"
  "bench-noncommutative|20|40"
  "bench-model|60|90"
  "bench-schedule|40|60"
)

find_tool() { # VARIABLE NAME: the tool's path, or nothing
  local given="${!1:-}"
  if [[ -n "$given" ]]; then
    [[ -x "$given" ]] && echo "$given"
    return 0
  fi
  local cuda="${CUDA_HOME:-/usr/local/cuda}"
  for candidate in "$(command -v "$2" 2>/dev/null)" "$cuda/bin/$2" \
                   "$cuda/$2/$2" /opt/nvidia/*/"$2" /opt/nvidia/*/*/"$2"; do
    [[ -n "$candidate" && -x "$candidate" ]] && { echo "$candidate"; return 0; }
  done
  return 0
}

# Where the packaged harness and runtime find their libraries.
bench_environment() {
  export LD_LIBRARY_PATH="$package/lib:${CUDA_HOME:-/usr/local/cuda}/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
}

harness() {
  if [[ -x "$package/bin/segir-bench" ]]; then
    echo "$package/bin/segir-bench"
  elif [[ -x "$package/build-bench/bin/segir-bench" ]]; then
    echo "$package/build-bench/bin/segir-bench"
  fi
}

#===------------------------------------------------------------------===#
# The stages: each runs in a process of its own (under timeout), writes
# into $work and prints its notes; "skip: REASON" on its last line of
# stdout marks it skipped.
#===------------------------------------------------------------------===#

stage_facts() {
  local smi missing=()
  smi="$(find_tool NVIDIA_SMI nvidia-smi)"
  {
    echo "== date"; date -u
    echo "== host"; uname -a
    echo "== package"; cat "$package/package.txt" 2>/dev/null || echo "(no package.txt)"
    if [[ -n "$smi" ]]; then
      echo "== nvidia-smi"; "$smi"
      echo "== nvidia-smi --query-gpu"
      "$smi" --query-gpu=name,driver_version,compute_cap,memory.total,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,power.draw,power.limit,temperature.gpu,pstate,persistence_mode --format=csv
      echo "== nvidia-smi -q (clocks, performance, power)"
      "$smi" -q -d CLOCK,PERFORMANCE,POWER
    fi
    echo "== driver"; cat /proc/driver/nvidia/version 2>/dev/null || echo "(no /proc/driver/nvidia/version)"
    local tool
    for tool in nvcc ncu compute-sanitizer; do
      local path
      case "$tool" in
        ncu) path="$(find_tool NCU ncu)" ;;
        compute-sanitizer) path="$(find_tool COMPUTE_SANITIZER compute-sanitizer)" ;;
        *) path="$(find_tool NVCC nvcc)" ;;
      esac
      echo "== $tool"
      if [[ -n "$path" ]]; then "$path" --version; else echo "(not found)"; fi
    done
    echo "== python"
    python3 - <<'PY' 2>&1
import importlib, sys
print(sys.version.split()[0])
for name in ("torch", "triton", "numpy"):
    try:
        print(name, importlib.import_module(name).__version__)
    except Exception as e:
        print(name, "absent:", type(e).__name__)
PY
    echo "== segir-bench --list"
    local bench
    bench="$(harness)"
    if [[ -n "$bench" ]]; then bench_environment; "$bench" --list; else echo "(no harness in the package)"; fi
  } > "$work/facts.txt" 2>&1
  if [[ -n "$smi" ]]; then
    # The device and driver, for the summary.
    "$smi" --query-gpu=name,driver_version,clocks.sm,clocks.max.sm \
      --format=csv,noheader 2>/dev/null | head -n 1
  else
    missing+=("nvidia-smi not found: its facts skipped")
  fi
  echo "facts.txt${missing[*]:+; ${missing[*]}}"
}

stage_programs() {
  SEGIR_PROGRAM_TIMEOUT=30 bash "$root/scripts/gpu-run.sh" "$package" \
    > "$work/programs.log" 2>&1
  local rc=$?
  tail -n 1 "$work/programs.log"
  return $rc
}

stage_bench() { # GROUP
  local bench
  bench="$(harness)"
  if [[ -z "$bench" ]]; then
    echo "skip: the package has no segir-bench (gpu-run.sh --bench builds one)"
    return 0
  fi
  bench_environment
  "$bench" --only "$1" --log2n "$log2n" --reps "$reps" --warmup "$warmup" \
    --json "$work/bench-$1.json" > "$work/bench-$1.log" 2>&1
  local rc=$?
  echo "$(grep -c ' ok$' "$work/bench-$1.log") results checked"
  ((rc == 0)) || tail -n 3 "$work/bench-$1.log"
  return $rc
}

stage_peers() {
  python3 "$root/bench/peers/peers.py" --log2n "$log2n" --reps "$reps" \
    --warmup "$warmup" --json "$work/peers.json" > "$work/peers.log" 2>&1
  local rc=$?
  if ((rc == 0)) && [[ ! -f "$work/peers.json" ]]; then
    echo "skip: $(sed -n 's/^peers.py: skipped: //p' "$work/peers.log" | head -n 1)"
    return 0
  fi
  tail -n 1 "$work/peers.log"
  return $rc
}

stage_sanitize() {
  local sanitizer
  sanitizer="$(find_tool COMPUTE_SANITIZER compute-sanitizer)"
  if [[ -z "$sanitizer" ]]; then
    echo "skip: compute-sanitizer not found"
    return 0
  fi
  bench_environment
  local failed=0 ran=0 notes=() run tool program
  # The single-pass scan (partial tiles, look-back), the tensor-core
  # products, a shared-memory histogram.
  for run in racecheck:scan-sweep-bs448 racecheck:tile-gemm-tf32 \
             racecheck:tile-mma-bf16 memcheck:hist-shared; do
    tool="${run%%:*}" program="${run#*:}"
    if [[ ! -x "$package/examples/$program" ]]; then
      notes+=("$program not in the package (or not linked): skipped")
      continue
    fi
    ran=$((ran + 1))
    # A quarter of the stage's time each.
    if ! timeout -k 5 $((stage_limit / 4)) \
        "$sanitizer" --tool "$tool" --error-exitcode 3 \
        "$package/examples/$program" \
        > "$work/sanitize-$tool-$program.log" 2>&1; then
      failed=$((failed + 1))
      notes+=("$tool $program FAILED")
    fi
  done
  echo "$ran runs, $failed failed${notes[*]:+; ${notes[*]}}"
  ((ran > 0)) || { echo "skip: no program to check"; return 0; }
  ((failed == 0))
}

stage_ncu() {
  local ncu bench
  ncu="$(find_tool NCU ncu)"
  bench="$(harness)"
  if [[ -z "$ncu" ]]; then
    echo "skip: ncu not found"
    return 0
  fi
  if [[ -z "$bench" ]]; then
    echo "skip: the package has no segir-bench"
    return 0
  fi
  bench_environment
  local sections=(--section SpeedOfLight --section MemoryWorkloadAnalysis
                  --section Occupancy --section WarpStateStats
                  --section LaunchStats --section ComputeWorkloadAnalysis)
  local rc=0
  # The flat scans and the first segmented shape: SegIR's single-pass and
  # reduce-then-scan kernels, CUB's lookback, look-ahead, by-key and
  # segmented scans.
  "$ncu" --clock-control none -k 'regex:scan|Scan' -c 16 "${sections[@]}" \
    "$bench" --only scan --log2n 24 --warmup 0 --reps 1 --json /dev/null \
    > "$work/ncu-scan.txt" 2>&1 || rc=1
  # The products at 4096^3, the third shape: launches 29 to 42 of kernels
  # named *gemm*, 14 a shape: SegIR and cuBLAS in FP32, TF32 and BF16 on
  # mma.sync (one launch a call), and on wgmma (SegIR's two packing maps and
  # the product, then cuBLAS).
  "$ncu" --clock-control none -k 'regex:gemm' --launch-skip 28 \
    --launch-count 14 "${sections[@]}" \
    "$bench" --only sgemm --warmup 0 --reps 1 --json /dev/null \
    > "$work/ncu-sgemm.txt" 2>&1 || rc=1
  echo "ncu-scan.txt, ncu-sgemm.txt"
  return $rc
}

# The internal entry point under timeout: __stage NAME.
if [[ "${1:-}" == __stage ]]; then
  case "$2" in
    facts) stage_facts ;;
    programs) stage_programs ;;
    bench-*) stage_bench "${2#bench-}" ;;
    peers) stage_peers ;;
    sanitize) stage_sanitize ;;
    ncu) stage_ncu ;;
    *) echo "unknown stage $2" >&2; exit 2 ;;
  esac
  exit $?
fi

#===------------------------------------------------------------------===#
# The driver
#===------------------------------------------------------------------===#

(($# >= 2)) || usage
package="$(cd "$1" 2>/dev/null && pwd)" ||
  { echo "gpu-proof.sh: no package at $1 (scripts/gpu-package.sh makes one)" >&2; exit 2; }
mkdir -p "$2" || exit 2
out="$(cd "$2" && pwd)"
shift 2
budget=420 log2n=26 reps=10 warmup=2 only=()
while (($#)); do
  case "$1" in
    --only)
      grep -q "^${2:-}|" <(printf '%s\n' "${stages[@]}") ||
        { echo "gpu-proof.sh: no stage '${2:-}'" >&2; exit 2; }
      only+=("$2"); shift 2; continue ;;
    --budget) budget="${2:-}" ;;
    --log2n) log2n="${2:-}" ;;
    --reps) reps="${2:-}" ;;
    --warmup) warmup="${2:-}" ;;
    *) usage ;;
  esac
  [[ "${2:-}" =~ ^[0-9]+$ ]] ||
    { echo "gpu-proof.sh: $1 needs a whole number" >&2; exit 2; }
  shift 2
done
work="$(mktemp -d "${TMPDIR:-/tmp}/segir-proof.XXXXXX")" || exit 1
trap 'rm -rf "$work"' EXIT
export package work log2n reps warmup root

summary_rows=()
failures=0
write_outputs() {
  {
    echo "# SegIR GPU proof"
    echo
    echo "* package: $(head -n 1 "$package/package.txt" 2>/dev/null || echo "$package")"
    echo "* budget: $budget s (reserve $reserve s); n = 2^$log2n, $reps repetitions after $warmup warm-up runs"
    echo "* elapsed: $SECONDS s"
    echo
    echo "| stage | status | seconds | notes |"
    echo "| --- | --- | --- | --- |"
    printf '%s\n' "${summary_rows[@]}"
  } > "$work/summary.md"
  cp "$work/summary.md" "$out/summary.md.tmp" && mv "$out/summary.md.tmp" "$out/summary.md"
  tar -C "$work" -czf "$out/proof.tar.gz.tmp" . &&
    mv "$out/proof.tar.gz.tmp" "$out/proof.tar.gz"
}

for entry in "${stages[@]}"; do
  IFS='|' read -r name estimate cap <<< "$entry"
  if ((${#only[@]})) && [[ " ${only[*]} " != *" $name "* ]]; then
    summary_rows+=("| $name | skipped | 0 | not selected (--only) |")
    continue
  fi
  left=$((budget - reserve - SECONDS))
  if ((left < estimate)); then
    summary_rows+=("| $name | skipped | 0 | needs about $estimate s, $((left > 0 ? left : 0)) s left of the budget |")
    echo "== $name: skipped (needs about $estimate s, $((left > 0 ? left : 0)) s left)"
    write_outputs
    continue
  fi
  limit=$((cap < left ? cap : left))
  echo "== $name (at most $limit s)"
  start=$SECONDS
  notes="$(stage_limit=$limit timeout -k 5 "$limit" bash "$self" __stage "$name" 2> "$work/$name.stderr")"
  rc=$?
  seconds=$((SECONDS - start))
  notes="$(printf '%s' "$notes" | tr '|' '/' | sed ':a;N;$!ba;s/\n/; /g')"
  [[ -s "$work/$name.stderr" ]] || rm -f "$work/$name.stderr"
  if ((rc == 124 || rc == 137)); then
    status="cut off at $limit s"
    failures=$((failures + 1))
  elif ((rc != 0)); then
    status="failed (exit $rc)"
    failures=$((failures + 1))
  elif [[ "$notes" == *"skip: "* ]]; then
    status="skipped"
    notes="${notes##*skip: }"
  else
    status="ok"
  fi
  summary_rows+=("| $name | $status | $seconds | $notes |")
  echo "   $status ($seconds s): $notes"
  write_outputs
done

# The tables: last, over every JSON file there is (the harness's first:
# the header is the first file's).
jsons=()
for entry in "${stages[@]}"; do
  name="${entry%%|*}"
  [[ "$name" == bench-* && -s "$work/$name.json" ]] && jsons+=("$work/$name.json")
done
[[ -s "$work/peers.json" ]] && jsons+=("$work/peers.json")
if ((${#jsons[@]} == 0)) || [[ "${jsons[0]}" == */peers.json ]]; then
  echo "No benchmark results: no tables." > "$work/tables.md"
  summary_rows+=("| tables | skipped | 0 | no segir-bench results |")
elif python3 "$root/bench/results-tables.py" "${jsons[@]}" \
    > "$work/tables.md" 2> "$work/tables.stderr"; then
  rm -f "$work/tables.stderr"
  summary_rows+=("| tables | ok | 0 | ${#jsons[@]} files |")
else
  summary_rows+=("| tables | failed | 0 | $(head -c 300 "$work/tables.stderr" | tr '\n|' '; ') |")
  failures=$((failures + 1))
fi
write_outputs
cp "$work/tables.md" "$out/tables.md"
echo
cat "$out/summary.md"
echo
cat "$out/tables.md"
((failures == 0))
