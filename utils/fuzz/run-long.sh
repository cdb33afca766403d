#!/usr/bin/env bash
# Long runs of the fuzzer and of the differential tester, for hours, with a
# new seed per round so that every round is reproducible on its own.
#
# usage: utils/fuzz/run-long.sh [HOURS] [OUT]   (defaults: 4, fuzz-out)
#
# Each round runs seg-fuzz.py for 10 minutes and seg-difftest.py for 10
# minutes (niced), appending their summary lines to OUT/summary.log;
# findings and failing modules go to OUT/findings-<seed> and
# OUT/failures-<seed>. The totals over all rounds are printed at the end.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
hours="${1:-4}"
out="${2:-fuzz-out}"
build="${SEGIR_BUILD_DIR:-$root/build}"
mkdir -p "$out"
end=$(( $(date +%s) + hours * 3600 ))
seed="${SEGIR_FUZZ_FIRST_SEED:-1000}"
echo "# $(date -u +%FT%TZ) commit $(git -C "$root" rev-parse --short HEAD)" >> "$out/summary.log"
while [ "$(date +%s)" -lt "$end" ]; do
  nice -n 19 python3 "$here/seg-fuzz.py" --seg-opt "$build/bin/seg-opt" \
    --seed "$seed" --time 600 --out "$out/findings-$seed" \
    | tail -n 1 | sed "s/^/fuzz: /" >> "$out/summary.log"
  nice -n 19 python3 "$here/seg-difftest.py" --build "$build" \
    --seed "$seed" --time 600 --out "$out/failures-$seed" \
    | tail -n 1 | sed "s/^/difftest: /" >> "$out/summary.log"
  seed=$((seed + 1))
done
python3 - "$out/summary.log" <<'PY'
import re, sys
fuzz = [0] * 9
diff = [0] * 4
for line in open(sys.argv[1]):
    if line.startswith("fuzz: "):
        m = re.search(r"(\d+) runs: (\d+) ok, (\d+) diagnostic, (\d+) crash, "
                      r"(\d+) hang, (\d+) internal, (\d+) error-exit-0, "
                      r"(\d+) upstream-parser-crash, "
                      r"(\d+) upstream-crash", line)
        if m:
            fuzz = [a + int(b) for a, b in zip(fuzz, m.groups())]
    elif line.startswith("difftest: "):
        m = re.search(r"(\d+) configurations .*?: (\d+) equal, (\d+) mismatches, "
                      r"(\d+) emulator failures", line)
        if m:
            diff = [a + int(b) for a, b in zip(diff, m.groups())]
print(f"fuzz: {fuzz[0]} runs: {fuzz[1]} ok, {fuzz[2]} diagnostic, "
      f"{fuzz[3]} crash, {fuzz[4]} hang, {fuzz[5]} internal, "
      f"{fuzz[6]} error-exit-0, {fuzz[7]} upstream-parser-crash, "
      f"{fuzz[8]} upstream-crash")
print(f"difftest: {diff[0]} configurations: {diff[1]} equal, {diff[2]} "
      f"mismatches, {diff[3]} emulator failures")
PY
