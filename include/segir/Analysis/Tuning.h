//===- Tuning.h - Tunable names and tuning files ----------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every tunable parameter of a seg op has a stable name,
// `<function>.<kind><index>.<parameter>` (e.g. `main.red0.chunk`), where the
// index counts the ops of that kind in the function in program order. A
// tuning file holds `name=value` lines, as Futhark's `.tuning` files; passes
// write the values they chose and take values read back as overrides.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_ANALYSIS_TUNING_H
#define SEGIR_ANALYSIS_TUNING_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>

namespace mlir {
namespace seg {

/// The stable name of tunable `parameter` of the seg op `op`.
std::string getTunableName(Operation *op, llvm::StringRef parameter);

class TuningFile {
public:
  /// Parses `name=value` lines; blank lines and lines starting with `#` are
  /// skipped. On failure `error` says which line is wrong and why.
  static FailureOr<TuningFile>
  parse(llvm::StringRef text, llvm::StringRef bufferName, std::string &error);
  static FailureOr<TuningFile> read(llvm::StringRef path, std::string &error);
  /// The overrides of a pass's `tuning-file` option: none for an empty
  /// path, else the file; one that cannot be read or parsed is reported at
  /// `op`.
  static FailureOr<TuningFile> readOverrides(llvm::StringRef path,
                                             Operation *op);

  /// Writes the values sorted by name.
  void print(llvm::raw_ostream &os) const;
  LogicalResult write(llvm::StringRef path, std::string &error) const;

  std::optional<int64_t> lookup(llvm::StringRef name) const;
  void set(llvm::StringRef name, int64_t value);
  bool empty() const { return values.empty(); }

private:
  std::map<std::string, int64_t, std::less<>> values;
};

} // namespace seg
} // namespace mlir

#endif // SEGIR_ANALYSIS_TUNING_H
