#!/usr/bin/env python3
"""Reports the resource usage of every kernel in a seg-to-nvvm{format=isa}
output and fails if ptxas spills any of them to local memory.

usage: ptx-spills.py --ptxas PTXAS [--arch sm_90] [--nvdisasm NVDISASM]
                     [--static-shared] FILE.mlir

Every gpu.binary's PTX (the escaped `assembly = "..."` string) is written to
a temporary file and compiled with `ptxas -v`; one line per kernel:
  <kernel>: <R> registers, <S> bytes spill stores, <L> bytes spill loads
With --static-shared, each line ends with ", <B> bytes static shared
memory" (what ptxas allocates besides the launch's dynamic shared memory).
With --nvdisasm, each module's SASS follows its lines.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def unescape(text):
    return re.sub(r"\\([0-9A-Fa-f]{2})",
                  lambda m: chr(int(m.group(1), 16)), text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptxas", required=True)
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("--nvdisasm", help="also print the SASS")
    parser.add_argument("--static-shared", action="store_true",
                        help="also print each kernel's static shared memory")
    parser.add_argument("input")
    args = parser.parse_args()

    with open(args.input) as f:
        text = f.read()
    modules = [unescape(m.group(1)) for m in
               re.finditer(r'assembly = "((?:[^"\\]|\\.)*)"', text)]
    if not modules:
        print("no PTX found (was the pipeline run with format=isa?)")
        return 1

    spilled = False
    with tempfile.TemporaryDirectory() as tmp:
        for index, ptx in enumerate(modules):
            path = os.path.join(tmp, f"module{index}.ptx")
            with open(path, "w") as f:
                f.write(ptx)
            cubin = path + ".cubin" if args.nvdisasm else os.devnull
            result = subprocess.run(
                [args.ptxas, f"-arch={args.arch}", "-v", path,
                 "-o", cubin], capture_output=True, text=True)
            if result.returncode != 0:
                print(result.stderr)
                return 1
            kernel = None
            for line in result.stderr.splitlines():
                m = re.search(r"Compiling entry function '([^']+)'", line)
                if m:
                    kernel = m.group(1)
                m = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill "
                              r"loads", line)
                if m:
                    stores, loads = int(m.group(1)), int(m.group(2))
                    spill_line = (stores, loads)
                m = re.search(r"Used (\d+) registers", line)
                if m and kernel:
                    stores, loads = spill_line
                    shared = ""
                    if args.static_shared:
                        smem = re.search(r"(\d+) bytes smem", line)
                        shared = (f", {smem.group(1) if smem else 0} bytes "
                                  f"static shared memory")
                    print(f"{kernel}: {m.group(1)} registers, {stores} bytes "
                          f"spill stores, {loads} bytes spill loads{shared}")
                    spilled |= stores > 0 or loads > 0
                    kernel = None
            if args.nvdisasm:
                print(subprocess.run([args.nvdisasm, cubin], check=True,
                                     capture_output=True, text=True).stdout)
    return 1 if spilled else 0


if __name__ == "__main__":
    sys.exit(main())
