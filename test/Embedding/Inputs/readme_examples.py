"""Checks that every README code block marked `<!-- file: PATH -->` is PATH
verbatim (PATH relative to the repository), so that the tests that run those
files also test the README. Prints one line per block; exits 1 on a mismatch
or if there is no marked block."""

import os
import re
import sys

readme = sys.argv[1]
root = os.path.dirname(os.path.abspath(readme))
text = open(readme).read()
blocks = re.findall(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", text, re.S)
status = 0 if blocks else 1
for path, body in blocks:
    with open(os.path.join(root, path)) as f:
        same = f.read() == body
    print(f"{path}: {'same' if same else 'DIFFERS'}")
    status |= not same
sys.exit(status)
