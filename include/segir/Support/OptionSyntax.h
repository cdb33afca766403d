//===- OptionSyntax.h - MLIR's pass option syntax ---------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The one tokenizer of pass option strings (`key=value key2={a b} k3="x y"`)
// that SegIR's pipelines and tools share.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_SUPPORT_OPTIONSYNTAX_H
#define SEGIR_SUPPORT_OPTIONSYNTAX_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace seg {

/// One `key[=value]` item of a pass option string.
struct PassOptionItem {
  /// The whole item, `key=value`.
  StringRef text;
  StringRef key;
  /// Empty when the item has no `=`.
  StringRef value;
};

/// The items of a pass option string (the text between the braces of
/// `name{...}`): separated by whitespace outside quotes and braces, as MLIR
/// parses them.
SmallVector<PassOptionItem> splitPassOptions(StringRef text);

/// The index of the `}` that closes the braces whose contents start at `pos`
/// of `text`, skipping quoted and nested braced values; the size of `text`
/// if none does.
size_t findClosingBrace(StringRef text, size_t pos);

/// `value` without one pair of enclosing quotes.
StringRef unquoteOptionValue(StringRef value);

} // namespace seg
} // namespace mlir

#endif // SEGIR_SUPPORT_OPTIONSYNTAX_H
