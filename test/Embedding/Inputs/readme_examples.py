"""Checks that every code block marked `<!-- file: PATH -->` in the given
Markdown files (README.md, docs/*.md) is PATH verbatim (PATH relative to the
repository root, the folder above docs/), so that the tests that run those
files also test the documentation. Prints one line per block; exits 1 on a
mismatch or if no file has a marked block."""

import os
import re
import sys

status, found = 0, 0
for page in sys.argv[1:]:
    page_dir = os.path.dirname(os.path.abspath(page))
    root = os.path.dirname(page_dir) if os.path.basename(page_dir) == "docs" \
        else page_dir
    text = open(page).read()
    blocks = re.findall(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", text, re.S)
    found += len(blocks)
    for path, body in blocks:
        with open(os.path.join(root, path)) as f:
            same = f.read() == body
        print(f"{os.path.basename(page)}: {path}: {'same' if same else 'DIFFERS'}")
        status |= not same
sys.exit(status if found else 1)
