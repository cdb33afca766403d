#!/usr/bin/env python3
# A stand-in for seg-opt that misbehaves by pass, so that the fuzzer's
# classification is tested: convert-seg-to-scf crashes, convert-seg-to-gpu
# hangs, seg-select-chunk fails without a diagnostic, seg-to-cpu fails with
# one, seg-column-schedule crashes in an unnamed function of the tool itself
# (SegIR's code, linked into seg-opt), seg-stage-host-memory crashes wholly in
# upstream code, seg-to-emulator reports an error but exits 0, everything
# else (and parsing alone) succeeds.
import os
import signal
import sys
import time

flags = [a for a in sys.argv[1:] if a.startswith("--")]
name = flags[0][2:].split("=")[0] if flags else ""
if name == "convert-seg-to-scf":
    sys.stderr.write("Stack dump:\n #0 0x1 mlir::seg::fakeCrash()\n")
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGSEGV)
if name in ("seg-column-schedule", "seg-stage-host-memory"):
    tool = os.path.abspath(sys.argv[0])
    own = f" #1 0x2 ({tool}+0x20)\n" if name == "seg-column-schedule" else ""
    sys.stderr.write("Stack dump:\n #0 0x1 (/usr/lib/libMLIR.so+0x10)\n" + own +
                     " #2 0x3 mlir::PatternApplicator::matchAndRewrite(mlir::"
                     "Operation*) (/usr/lib/libMLIR.so+0x30)\n"
                     f" #3 0x4 main ({tool}+0x40)\n")
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGSEGV)
if name == "convert-seg-to-gpu":
    time.sleep(60)
if name == "seg-select-chunk":
    sys.exit(1)
if name == "seg-to-emulator":
    sys.stderr.write("error: conversion of memref memory space 3 failed\n")
    sys.exit(0)
if name == "seg-to-cpu":
    sys.stderr.write("x.mlir:1:1: error: something the input got wrong\n")
    sys.exit(1)
