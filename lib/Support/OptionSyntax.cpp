//===- OptionSyntax.cpp - MLIR's pass option syntax -----------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Support/OptionSyntax.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;

/// The index just past the value starting at `pos` of `text`: up to
/// whitespace or an unmatched `}` outside quotes and braces.
static size_t skipValue(StringRef text, size_t pos) {
  int depth = 0;
  char quote = 0;
  for (; pos < text.size(); ++pos) {
    char c = text[pos];
    if (quote) {
      if (c == quote)
        quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (depth == 0)
        return pos;
      --depth;
    } else if (depth == 0 && llvm::isSpace(c)) {
      return pos;
    }
  }
  return pos;
}

size_t seg::findClosingBrace(StringRef text, size_t pos) {
  while (pos < text.size() && text[pos] != '}')
    pos = std::max(skipValue(text, pos), pos + 1);
  return pos;
}

SmallVector<seg::PassOptionItem> seg::splitPassOptions(StringRef text) {
  SmallVector<PassOptionItem> items;
  size_t pos = 0;
  while (pos < text.size()) {
    if (llvm::isSpace(text[pos])) {
      ++pos;
      continue;
    }
    size_t start = pos;
    size_t keyEnd = text.find_first_of("= \t\n\r", pos);
    if (keyEnd == StringRef::npos)
      keyEnd = text.size();
    PassOptionItem item;
    item.key = text.slice(start, keyEnd);
    pos = keyEnd;
    if (pos < text.size() && text[pos] == '=') {
      size_t end = skipValue(text, pos + 1);
      item.value = text.slice(pos + 1, end);
      pos = end;
    }
    item.text = text.slice(start, pos);
    items.push_back(item);
  }
  return items;
}

StringRef seg::unquoteOptionValue(StringRef value) {
  if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
      value.back() == value.front())
    return value.drop_front().drop_back();
  return value;
}
