#!/usr/bin/env python3
"""Checks that a runtime library defines every runtime symbol that compiled
SegIR programs reference.

usage: check-runtime-symbols.py [--prefix mgpu] LIBRARY OBJECT...

Lists (nm) the undefined symbols of every OBJECT that start with the prefix
and the dynamic symbols LIBRARY defines; prints each referenced symbol once,
sorted, and exits with status 1 after naming every one the library lacks.
"""

import argparse
import subprocess
import sys


def symbols(args):
    out = subprocess.run(["nm"] + args, capture_output=True, text=True,
                         check=True).stdout
    names = set()
    for line in out.splitlines():
        fields = line.split()
        if fields and not line.endswith(":"):
            names.add(fields[-1].split("@")[0])
    return names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--prefix", default="mgpu")
    parser.add_argument("library")
    parser.add_argument("objects", nargs="+")
    args = parser.parse_args()

    defined = symbols(["-D", "--defined-only", args.library])
    referenced = set()
    for obj in args.objects:
        referenced |= {s for s in symbols(["-u", obj])
                       if s.startswith(args.prefix)}
    missing = sorted(referenced - defined)
    for name in sorted(referenced):
        print(name)
    for name in missing:
        print(f"error: {args.library} does not define {name}",
              file=sys.stderr)
    if not referenced:
        print(f"error: no object references a {args.prefix}* symbol",
              file=sys.stderr)
    return 1 if missing or not referenced else 0


if __name__ == "__main__":
    sys.exit(main())
