//===- PrintSupport.cpp - vector.print's runtime functions ----------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The functions that vector.print lowers to (print{I64,U64,F32,F64,String,
// Open,Close,Comma,Newline}), printing exactly as upstream's
// libmlir_c_runner_utils does, for executables linked from seg-to-nvvm or
// seg-to-cpu output on machines without an LLVM installation. Output is
// compared byte for byte with mlir-runner's, so the formats must not drift.
//
//===----------------------------------------------------------------------===//

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>

#define SEGIR_EXPORT extern "C" __attribute__((visibility("default")))

template <typename T> static void printFloatingPoint(T value) {
  // printf's spelling of a negative NaN varies between C libraries.
  if (std::isnan(value)) {
    std::fputs(std::signbit(value) ? "-nan" : "nan", stdout);
    return;
  }
  std::fprintf(stdout, "%g", static_cast<double>(value));
}

SEGIR_EXPORT void printI64(int64_t value) {
  std::fprintf(stdout, "%" PRId64, value);
}
SEGIR_EXPORT void printU64(uint64_t value) {
  std::fprintf(stdout, "%" PRIu64, value);
}
SEGIR_EXPORT void printF32(float value) { printFloatingPoint(value); }
SEGIR_EXPORT void printF64(double value) { printFloatingPoint(value); }
SEGIR_EXPORT void printString(const char *text) { std::fputs(text, stdout); }
SEGIR_EXPORT void printOpen() { std::fputs("( ", stdout); }
SEGIR_EXPORT void printClose() { std::fputs(" )", stdout); }
SEGIR_EXPORT void printComma() { std::fputs(", ", stdout); }
SEGIR_EXPORT void printNewline() { std::fputc('\n', stdout); }
