#!/usr/bin/env bash
# Builds SegIR with AddressSanitizer and UndefinedBehaviorSanitizer in a
# build directory of its own and runs the whole test suite there
# (scripts/test.sh); ends with test.sh's "N passed, N failed, N skipped".
#
# usage: scripts/sanitize.sh [TEST...]
#   build directory: $SEGIR_ASAN_BUILD_DIR, default build-asan/ next to
#   build/; with TEST paths (relative to test/, e.g. Integration/Emulator)
#   only those run, through lit, instead of the whole suite.
#
# Every SegIR binary and library is instrumented, the emulator runtime
# included; its fibers announce their stack switches to AddressSanitizer
# (lib/Runtime/Emulator/Context.cpp). Processes that are not instrumented
# but load SegIR's libraries (mlir-runner, Python) get the sanitizer
# runtimes through LD_PRELOAD, which test/lit.cfg.py sets for the tests
# only; programs the tests link against SegIR's static libraries
# (scripts/gpu-compile.sh --exe, the install test's CMake project) get the
# sanitizers' link flags through LDFLAGS ($SEGIR_SANITIZER_LDFLAGS). Leak
# checking is off: MLIR's and LLVM's global registries live until exit.
# Any report fails the test that produced it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SEGIR_ASAN_BUILD_DIR:-$root/build-asan}"
flags="-fsanitize=address,undefined -fno-sanitize=vptr -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
link_flags="-fsanitize=address,undefined"

if [[ ! -f "$build/build.ninja" ]]; then
  echo "== configuring $build (ASan + UBSan)"
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="$link_flags" \
    -DCMAKE_SHARED_LINKER_FLAGS="$link_flags" \
    -DCMAKE_JOB_POOLS="compile=2;link=1" -DCMAKE_JOB_POOL_COMPILE=compile \
    -DCMAKE_JOB_POOL_LINK=link \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit
fi

cxx="$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")"
export SEGIR_SANITIZER_PRELOAD="$("$cxx" -print-file-name=libasan.so) $("$cxx" -print-file-name=libubsan.so)"
export SEGIR_SANITIZER_LDFLAGS="$link_flags"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
if (($#)); then
  nice ninja -C "$build"
  exec /usr/lib/llvm-22/bin/lit -sv "${@/#/$build/test/}"
fi
SEGIR_BUILD_DIR="$build" exec bash "$root/scripts/test.sh"
