//===- PassOptionCheck.h - Checks pass and pipeline options -----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Checks the options given to a registered pass or pipeline before MLIR
// parses them, so that SegIR's tools (seg-opt, the C API and through it the
// Python package) say which option is wrong, what the valid ones are, and
// reject values SegIR cannot compile for (an unsupported chip) up front.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_TOOLS_PASSOPTIONCHECK_H
#define SEGIR_TOOLS_PASSOPTIONCHECK_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
namespace seg {

/// An option of a pass or pipeline and its default value, as printed.
struct PassOption {
  std::string name, defaultValue;
};

/// The options of the registered pass or pipeline `name`, sorted by name;
/// an empty list when it has none or they cannot be known (a pipeline
/// registered outside SegIR).
SmallVector<PassOption> getPassOptions(StringRef name);

/// Checks `options` (the text between the braces of `name{...}`) of the
/// registered pass or pipeline `name`: every key must be one of its
/// options (else the message names the valid ones, and the closest as a
/// suggestion), boolean and integer values must parse as such, a SegIR
/// pipeline's values must parse, and seg-to-nvvm's
/// `chip` and `features` must be ones SegIR and NVPTX build for
/// (checkNVPTXOptions). Unknown names are left to MLIR.
/// Returns failure with a one-line message in `error`.
LogicalResult checkPassOptions(StringRef name, StringRef options,
                               std::string &error);

/// Checks every `name{options}` of a textual pass pipeline, as
/// checkPassOptions.
LogicalResult checkPassPipelineOptions(StringRef pipeline, std::string &error);

} // namespace seg
} // namespace mlir

#endif // SEGIR_TOOLS_PASSOPTIONCHECK_H
