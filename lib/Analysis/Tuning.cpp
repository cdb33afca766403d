//===- Tuning.cpp - Tunable names and tuning files ----------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Analysis/Tuning.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::seg;

static StringRef getKindName(Operation *op) {
  return TypeSwitch<Operation *, StringRef>(op)
      .Case([](MapOp) { return "map"; })
      .Case([](RedOp) { return "red"; })
      .Case([](ScanOp) { return "scan"; })
      .Case([](HistOp) { return "hist"; })
      .Default(
          [](Operation *other) { return other->getName().stripDialect(); });
}

std::string mlir::seg::getTunableName(Operation *op, StringRef parameter) {
  Operation *scope = op->getParentOfType<FunctionOpInterface>();
  StringRef scopeName = "module";
  if (scope)
    scopeName = cast<FunctionOpInterface>(scope).getName();
  else
    scope = op->getParentOfType<ModuleOp>();
  unsigned index = 0;
  if (scope) {
    scope->walk<WalkOrder::PreOrder>([&](Operation *other) {
      if (other == op)
        return WalkResult::interrupt();
      if (other->getName() == op->getName())
        ++index;
      return WalkResult::advance();
    });
  }
  return (scopeName + "." + getKindName(op) + Twine(index) + "." + parameter)
      .str();
}

static bool isValidName(StringRef name) {
  return !name.empty() && llvm::all_of(name, [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '.' || c == '-';
  });
}

FailureOr<TuningFile> TuningFile::parse(StringRef text, StringRef bufferName,
                                        std::string &error) {
  TuningFile file;
  unsigned lineNumber = 0;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef line : lines) {
    ++lineNumber;
    StringRef trimmed = line.trim();
    if (trimmed.empty() || trimmed.starts_with("#"))
      continue;
    auto fail = [&](const Twine &why) {
      error = (bufferName + ":" + Twine(lineNumber) + ": " + why).str();
      return failure();
    };
    auto [name, valueText] = trimmed.split('=');
    name = name.trim();
    valueText = valueText.trim();
    if (!trimmed.contains('='))
      return fail("expected 'name=value', got '" + trimmed + "'");
    if (!isValidName(name))
      return fail("invalid tunable name '" + name + "'");
    int64_t value;
    if (valueText.getAsInteger(10, value))
      return fail("value of '" + name + "' is not an integer: '" + valueText +
                  "'");
    if (file.values.count(name))
      return fail("tunable '" + name + "' is given twice");
    file.values.emplace(name.str(), value);
  }
  return file;
}

FailureOr<TuningFile> TuningFile::read(StringRef path, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer) {
    error = ("cannot read tuning file '" + path +
             "': " + buffer.getError().message())
                .str();
    return failure();
  }
  return parse((*buffer)->getBuffer(), path, error);
}

FailureOr<TuningFile> TuningFile::readOverrides(StringRef path, Operation *op) {
  if (path.empty())
    return TuningFile();
  std::string error;
  FailureOr<TuningFile> file = read(path, error);
  if (failed(file))
    op->emitError() << error;
  return file;
}

void TuningFile::print(raw_ostream &os) const {
  for (const auto &[name, value] : values)
    os << name << "=" << value << "\n";
}

LogicalResult TuningFile::write(StringRef path, std::string &error) const {
  std::error_code code;
  llvm::raw_fd_ostream os(path, code, llvm::sys::fs::OF_Text);
  if (code) {
    error =
        ("cannot write tuning file '" + path + "': " + code.message()).str();
    return failure();
  }
  print(os);
  return success();
}

std::optional<int64_t> TuningFile::lookup(StringRef name) const {
  auto it = values.find(name);
  if (it == values.end())
    return std::nullopt;
  return it->second;
}

void TuningFile::set(StringRef name, int64_t value) {
  values[name.str()] = value;
}
