#!/usr/bin/env bash
# Runs every SegIR test (lit: dialect, passes, CPU integration, gtest unit
# tests) and ends
# with one line "N passed, N failed, N skipped" counted from the results.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

results="$SEGIR_BUILD/test/results.xml"
rm -f "$results"
# The Python package's lit tests leave pytest's per-test results here.
pytest_results="$SEGIR_BUILD/test/pytest"
rm -rf "$pytest_results"
set +e
"$LLVM_PREFIX/bin/lit" -sv --xunit-xml-output "$results" \
  "$SEGIR_BUILD/test" "$SEGIR_BUILD/test/Unit"
lit_status=$?
set -e

python3 - "$results" "$lit_status" "$pytest_results" <<'PY'
import glob
import os
import sys
import xml.etree.ElementTree as ET

path, status, pytest_dir = sys.argv[1], int(sys.argv[2]), sys.argv[3]
try:
    cases = list(ET.parse(path).getroot().iter("testcase"))
except (OSError, ET.ParseError) as error:
    print(f"no test results ({error})")
    print("0 passed, 1 failed")
    sys.exit(1)
# A lit test python-X.test runs python/tests/test_X.py: count pytest's
# tests instead of the one lit test, unless the lit test failed by itself.
for xml in sorted(glob.glob(os.path.join(pytest_dir, "test_*.xml"))):
    wrapper = "python-" + os.path.basename(xml)[len("test_"):-len(".xml")]
    try:
        pytest_cases = list(ET.parse(xml).getroot().iter("testcase"))
    except ET.ParseError:
        continue
    for case in cases:
        if (case.get("name") == wrapper + ".test" and
                case.find("failure") is None and case.find("error") is None):
            cases.remove(case)
            break
    cases += pytest_cases
failed = sum(1 for c in cases if c.find("failure") is not None or
             c.find("error") is not None)
skipped = sum(1 for c in cases if c.find("skipped") is not None)
passed = len(cases) - failed - skipped
if status != 0 and failed == 0:
    failed = 1  # lit failed without a failing test (e.g. a config error)
print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed or not cases else 0)
PY
