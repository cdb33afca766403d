//===- NVPTX.h - What the NVPTX backend and ptxas build for -----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The chips and PTX versions that this LLVM's NVPTX backend builds for,
// read from its subtarget tables (chips, PTX versions) and its code
// generator (the oldest PTX version of each chip), so that an unsupported
// choice is a diagnostic before any code generation of SegIR's kernels
// rather than an LLVM fatal error.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_TARGET_NVPTX_H
#define SEGIR_TARGET_NVPTX_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
namespace seg {

/// The chips that both this LLVM's NVPTX backend and SegIR (sm_80 and
/// newer) build for.
SmallVector<std::string> getSupportedNVPTXChips();

/// The PTX versions (times ten) that NVPTX builds `chip` with, ascending;
/// empty for a chip it does not know.
SmallVector<int64_t> getNVPTXVersions(StringRef chip);

/// The PTX version (times ten) of a `features` string of `+ptxNN` entries
/// (the last wins): 0 when it names none; failure, with a message in
/// `error`, for any other entry.
FailureOr<int64_t> parsePTXFeatures(StringRef features, std::string &error);

/// Checks that SegIR and NVPTX build kernels for `chip` with PTX version
/// `ptxVersion` (times ten; 0: the chip's oldest). On failure `error` says
/// what is wrong and lists the supported chips, or the PTX versions that
/// are valid for the chip.
LogicalResult checkNVPTXTarget(StringRef chip, int64_t ptxVersion,
                               std::string &error);

/// Checks seg-to-nvvm's `chip` and `features` options as given (either may
/// be empty: not given), as checkNVPTXTarget; for option checks.
LogicalResult checkNVPTXOptions(StringRef chip, StringRef features,
                                std::string &error);

/// `+ptxNN` for PTX version `ptxVersion` (times ten).
std::string getPTXFeatures(int64_t ptxVersion);

} // namespace seg
} // namespace mlir

#endif // SEGIR_TARGET_NVPTX_H
