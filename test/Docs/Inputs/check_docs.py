"""Checks SegIR's Markdown documentation (README.md, docs/*.md).

  check_docs.py length MAX FILE...   each FILE has at most MAX lines
  check_docs.py links FILE...        every relative link names an existing
                                     file, and its #anchor a heading there
  check_docs.py tools FILE...        no shell block calls an LLVM tool by
                                     its unversioned name (mlir-opt, llc...)
                                     unless a PATH line comes before it
  check_docs.py run SRC BUILD FILE   runs the shell blocks marked
                                     `<!-- test: run -->`, from a copy of the
                                     source tree's layout whose build/ is
                                     BUILD; a block marked
                                     `<!-- test: output -->` right after one
                                     is what the commands print, and a
                                     block marked
                                     `<!-- test: excerpt PATH -->` is a
                                     part of the file PATH, verbatim

Prints one line per problem (FILE:LINE: ...) and a summary; exits 1 if there
is any problem or nothing to check, so that every check can fail.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

# Debian's LLVM tools, which are on PATH only with a -22 suffix.
LLVM_TOOLS = ["mlir-opt", "mlir-runner", "mlir-translate", "mlir-reduce",
              "FileCheck", "llc", "opt", "lli", "lit", "not", "count",
              "split-file", "clang", "llvm-[a-z0-9-]+"]
# The tool name as a word of its own: not part of seg-opt, --opt-level,
# mlir-opt-22 or a path such as /usr/lib/llvm-22/bin/mlir-opt.
TOOL_RE = re.compile(r"(?<![\w/.-])(%s)(?![\w.-])" % "|".join(LLVM_TOOLS))
PATH_LINE = "export PATH=/usr/lib/llvm-22/bin:$PATH"
SHELL_LANGUAGES = {"sh", "bash", "shell", "console"}
MARKER_RE = re.compile(r"<!-- test: (run|output|excerpt \S+) -->")


class Block:
    def __init__(self, language, start, lines, marker):
        self.language = language  # the fence's info string, "" if none
        self.start = start        # line number of the opening fence
        self.lines = lines
        self.marker = marker      # "run", "output", "excerpt PATH" or None

    @property
    def text(self):
        return "".join(line + "\n" for line in self.lines)


def parse(path):
    """The fenced code blocks of a Markdown file, and its other lines."""
    blocks, prose = [], []
    lines = open(path, encoding="utf-8").read().split("\n")
    marker, i = None, 0
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^(```+)\s*(\S*)", line)
        if fence:
            end = i + 1
            while end < len(lines) and not lines[end].startswith(fence.group(1)):
                end += 1
            blocks.append(Block(fence.group(2), i + 1, lines[i + 1:end], marker))
            marker, i = None, end + 1
            continue
        match = MARKER_RE.search(line)
        if match:
            marker = match.group(1)
        elif line.strip():
            marker = None
        prose.append((i + 1, line))
        i += 1
    return blocks, prose


def slug(heading):
    """GitHub's anchor of a heading."""
    text = re.sub(r"`|\*\*|\[|\]\([^)]*\)", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path):
    seen, result = {}, set()
    for _, line in parse(path)[1]:
        heading = re.match(r"^#{1,6}\s+(.*)", line)
        if heading:
            base = slug(heading.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            result.add(base if n == 0 else f"{base}-{n}")
    return result


def check_length(limit, files):
    problems = 0
    for path in files:
        n = len(open(path, encoding="utf-8").read().splitlines())
        ok = n <= limit
        print(f"{path}: {n} lines{'' if ok else f', more than {limit}'}")
        problems += not ok
    return problems


def check_links(files):
    problems = checked = 0
    for path in files:
        for number, line in parse(path)[1]:
            line = re.sub(r"`[^`]*`", "", line)
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"^[a-z]+:", target):
                    continue  # http:, https:, mailto:
                checked += 1
                file_part, _, anchor = target.partition("#")
                resolved = (os.path.normpath(os.path.join(
                    os.path.dirname(path), file_part)) if file_part else path)
                if not os.path.exists(resolved):
                    print(f"{path}:{number}: broken link {target}: no file "
                          f"{resolved}")
                    problems += 1
                elif (anchor and resolved.endswith(".md") and
                      anchor not in anchors(resolved)):
                    print(f"{path}:{number}: broken link {target}: no heading "
                          f"#{anchor} in {resolved}")
                    problems += 1
    print(f"{checked} relative links checked, {problems} broken")
    return problems if checked else 1


def check_tools(files):
    problems = checked = 0
    for path in files:
        path_set = False
        for block in parse(path)[0]:
            if block.language not in SHELL_LANGUAGES:
                continue
            checked += 1
            for offset, line in enumerate(block.lines):
                if PATH_LINE in line:
                    path_set = True
                command = re.sub(r"(^|\s)#.*", "", line)  # comments
                command = re.sub(r"'[^']*'|\"[^\"]*\"", "''", command)  # quotes
                for tool in TOOL_RE.findall(command):
                    if not path_set:
                        print(f"{path}:{block.start + offset + 1}: '{tool}' "
                              f"is not on Debian's PATH: use {tool}-22 or "
                              f"'{PATH_LINE}' first")
                        problems += 1
    print(f"{checked} shell blocks checked, {problems} unversioned tools")
    return problems if checked else 1


def scratch_tree(src, build):
    """A directory laid out like the source tree (links to its entries),
    whose build/ is `build`: commands run verbatim there, and the files they
    write do not land in the source tree."""
    root = tempfile.mkdtemp(prefix="segir-docs-")
    for entry in os.listdir(src):
        if entry not in ("build", ".git"):
            os.symlink(os.path.join(src, entry), os.path.join(root, entry))
    os.symlink(os.path.abspath(build), os.path.join(root, "build"))
    return root


def check_run(src, build, path):
    root = scratch_tree(src, build)
    try:
        return run_blocks(root, path)
    finally:
        shutil.rmtree(root)  # the links, not what they point to


def run_blocks(root, path):
    blocks = parse(path)[0]
    problems = ran = 0
    for i, block in enumerate(blocks):
        if block.marker and block.marker.startswith("excerpt "):
            ran += 1
            source = block.marker.split(" ", 1)[1]
            try:
                whole = open(os.path.join(root, source), encoding="utf-8").read()
            except OSError as error:
                whole, source = "", f"{source} ({error.strerror})"
            if block.text in whole:
                print(f"{path}:{block.start}: an excerpt of {source}")
            else:
                print(f"{path}:{block.start}: not an excerpt of {source}")
                problems += 1
            continue
        if block.marker != "run":
            continue
        if block.language not in SHELL_LANGUAGES:
            print(f"{path}:{block.start}: a runnable block must be a shell "
                  f"block, not '{block.language}'")
            problems += 1
            continue
        ran += 1
        result = subprocess.run(
            ["bash", "-e", "-o", "pipefail", "-c", block.text], cwd=root,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        first = block.lines[0] if block.lines else ""
        if result.returncode != 0:
            print(f"{path}:{block.start}: '{first}' failed with status "
                  f"{result.returncode}:\n{result.stdout}")
            problems += 1
            continue
        expected = (blocks[i + 1] if i + 1 < len(blocks) and
                    blocks[i + 1].marker == "output" else None)
        if expected is None:
            print(f"{path}:{block.start}: ran '{first}'")
            continue
        got = [l.rstrip() for l in result.stdout.rstrip("\n").split("\n")]
        want = [l.rstrip() for l in expected.text.rstrip("\n").split("\n")]
        if got == want:
            print(f"{path}:{block.start}: ran '{first}': output as shown")
        else:
            print(f"{path}:{block.start}: '{first}' printed\n" +
                  "\n".join(got) + f"\nand not what {path}:{expected.start} "
                  "shows\n" + "\n".join(want))
            problems += 1
    print(f"{ran} blocks run, {problems} failed")
    return problems if ran else 1


def main(argv):
    if len(argv) >= 3 and argv[0] == "length":
        status = check_length(int(argv[1]), argv[2:])
    elif len(argv) >= 2 and argv[0] == "links":
        status = check_links(argv[1:])
    elif len(argv) >= 2 and argv[0] == "tools":
        status = check_tools(argv[1:])
    elif len(argv) == 4 and argv[0] == "run":
        status = check_run(*argv[1:])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 1 if status else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
