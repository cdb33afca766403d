//===- PassOptionCheck.cpp - Checks pass and pipeline options -------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

// Pipelines.h names mlir::detail::PassOptions as `detail::`: it comes first.
#include "segir/Pipelines/Pipelines.h"

#include "segir/Support/PassOptionCheck.h"
#include "segir/Target/NVPTX.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {
struct OptionEntry {
  StringRef key, value;
};
} // namespace

/// The index just past the value starting at `pos` of `text`: up to
/// whitespace outside quotes and braces (MLIR's option syntax).
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

/// The index of the `}` closing the braces whose contents start at `pos`
/// (the size of `text` if none does).
static size_t findClosingBrace(StringRef text, size_t pos) {
  while (pos < text.size() && text[pos] != '}')
    pos = std::max(skipValue(text, pos), pos + 1);
  return pos;
}

/// `key[=value]` entries of an option string.
static SmallVector<OptionEntry> splitOptions(StringRef text) {
  SmallVector<OptionEntry> entries;
  size_t pos = 0;
  while (pos < text.size()) {
    if (llvm::isSpace(text[pos])) {
      ++pos;
      continue;
    }
    size_t keyEnd = text.find_first_of("= \t\n\r", pos);
    if (keyEnd == StringRef::npos)
      keyEnd = text.size();
    OptionEntry entry{text.slice(pos, keyEnd), StringRef()};
    pos = keyEnd;
    if (pos < text.size() && text[pos] == '=') {
      size_t end = skipValue(text, pos + 1);
      entry.value = text.slice(pos + 1, end);
      pos = end;
    }
    entries.push_back(entry);
  }
  return entries;
}

/// Parses `options` into SegIR pipeline options `Options`; the printed
/// defaults give the option names.
template <typename Options>
static LogicalResult
parsePipelineOptions(StringRef options, std::string *error,
                     SmallVector<seg::PassOption> *defaults) {
  Options parsed;
  if (defaults) {
    std::string printed;
    llvm::raw_string_ostream os(printed);
    parsed.print(os);
    for (OptionEntry entry :
         splitOptions(StringRef(printed).trim().drop_front().drop_back()))
      defaults->push_back({entry.key.str(), entry.value.str()});
  }
  if (!error)
    return success();
  llvm::raw_string_ostream os(*error);
  return parsed.parseFromString(options, os);
}

/// Runs `fn` with the options type of SegIR pipeline `name`; false if
/// `name` is not one.
template <typename Fn> static bool withPipelineOptions(StringRef name, Fn fn) {
  if (name == "seg-to-cpu")
    return fn(static_cast<seg::SegToCPUOptions *>(nullptr)), true;
  if (name == "seg-to-nvvm")
    return fn(static_cast<seg::SegToNVVMOptions *>(nullptr)), true;
  if (name == "seg-to-emulator")
    return fn(static_cast<seg::SegToEmulatorOptions *>(nullptr)), true;
  return false;
}

/// Whether SegIR pipeline `name` hands the options it does not declare to
/// convert-seg-to-gpu: its options derive from the pass's (see
/// registerSegPipelines).
static bool isGPUPipeline(StringRef name) {
  bool forwards = false;
  withPipelineOptions(name, [&](auto *tag) {
    using Options = std::remove_pointer_t<decltype(tag)>;
    forwards = std::is_base_of_v<seg::ConvertSegToGPUOptions, Options>;
  });
  return forwards;
}

SmallVector<seg::PassOption> seg::getPassOptions(StringRef name) {
  SmallVector<PassOption> options;
  if (withPipelineOptions(name, [&](auto *tag) {
        using Options = std::remove_pointer_t<decltype(tag)>;
        (void)parsePipelineOptions<Options>("", nullptr, &options);
      })) {
    // The GPU pipelines take every option of convert-seg-to-gpu too.
    if (isGPUPipeline(name))
      llvm::append_range(options, getPassOptions("convert-seg-to-gpu"));
  } else if (const PassInfo *info = PassInfo::lookup(name)) {
    OpPassManager pm;
    if (succeeded(info->addToPipeline(
            pm, "", [](const Twine &) { return failure(); }))) {
      for (Pass &pass : pm.getPasses()) {
        std::string printed;
        llvm::raw_string_ostream os(printed);
        pass.printAsTextualPipeline(os);
        StringRef text(printed);
        size_t brace = text.find('{');
        if (brace == StringRef::npos)
          continue;
        for (OptionEntry entry :
             splitOptions(text.drop_front(brace + 1).drop_back()))
          options.push_back({entry.key.str(), entry.value.str()});
      }
    }
  }
  llvm::sort(options, [](const PassOption &a, const PassOption &b) {
    return a.name < b.name;
  });
  options.erase(llvm::unique(options,
                             [](const PassOption &a, const PassOption &b) {
                               return a.name == b.name;
                             }),
                options.end());
  return options;
}

/// Checks `value` against the kind of `option`'s default: booleans and
/// integers must parse as such (llvm::cl would report them on stderr).
static LogicalResult checkValue(StringRef passName,
                                const seg::PassOption &option, StringRef value,
                                std::string &error) {
  StringRef defaultValue = option.defaultValue;
  int64_t integer;
  bool isBool = defaultValue == "true" || defaultValue == "false";
  bool isInteger = !isBool && !defaultValue.empty() &&
                   !defaultValue.getAsInteger(10, integer);
  if (isBool && !llvm::is_contained({"", "true", "false", "True", "False",
                                     "TRUE", "FALSE", "1", "0"},
                                    value)) {
    error = (passName + ": option '" + option.name +
             "' takes true or false, got '" + value + "'")
                .str();
    return failure();
  }
  if (isInteger && value.getAsInteger(10, integer)) {
    error = (passName + ": option '" + option.name +
             "' takes an integer, got '" + value + "'")
                .str();
    return failure();
  }
  return success();
}

static std::string unquote(StringRef value) {
  if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
      value.back() == value.front())
    return value.drop_front().drop_back().str();
  return value.str();
}

LogicalResult seg::checkPassOptions(StringRef name, StringRef options,
                                    std::string &error) {
  bool isSegPipeline = withPipelineOptions(name, [](auto *) {});
  if (!isSegPipeline && !PassInfo::lookup(name))
    return success(); // MLIR reports unknown names and foreign pipelines.
  SmallVector<PassOption> known = getPassOptions(name);
  SmallVector<StringRef> valid = llvm::map_to_vector(
      known, [](const PassOption &option) { return StringRef(option.name); });
  for (OptionEntry entry : splitOptions(options)) {
    if (const PassOption *option = llvm::find_if(
            known,
            [&](const PassOption &option) { return option.name == entry.key; });
        option != known.end()) {
      if (failed(checkValue(name, *option, entry.value, error)))
        return failure();
      continue;
    }
    llvm::raw_string_ostream os(error);
    os << "no such option '" << entry.key << "' for " << name;
    if (valid.empty()) {
      os << ", which takes no options";
      return failure();
    }
    // Suggest the closest name if it is plausibly a misspelling.
    StringRef closest;
    unsigned best = ~0u;
    for (StringRef candidate : valid) {
      unsigned distance = candidate.edit_distance(entry.key, true, 3);
      if (distance < best)
        best = distance, closest = candidate;
    }
    if (best <= 3)
      os << " (did you mean '" << closest << "'?)";
    os << "; valid options: " << llvm::join(valid, ", ");
    return failure();
  }
  if (name == "seg-to-nvvm") {
    std::string chip, features;
    for (OptionEntry entry : splitOptions(options)) {
      if (entry.key == "chip")
        chip = unquote(entry.value);
      else if (entry.key == "features")
        features = unquote(entry.value);
    }
    if (failed(checkNVPTXOptions(chip, features, error))) {
      error = "seg-to-nvvm: " + error;
      return failure();
    }
  }
  if (!isSegPipeline)
    return success(); // Passes report bad values through MLIR's handler.
  std::string parseError;
  LogicalResult parsed = success();
  if (const PassPipelineInfo *info = PassPipelineInfo::lookup(name);
      info && isGPUPipeline(name)) {
    // The registered pipeline splits its own options from the pass's and
    // reports what the pass's generated parser rejects (an enum value).
    OpPassManager pm;
    parsed = info->addToPipeline(pm, options, [&](const Twine &message) {
      parseError = message.str();
      return failure();
    });
  } else {
    withPipelineOptions(name, [&](auto *tag) {
      using Options = std::remove_pointer_t<decltype(tag)>;
      parsed = parsePipelineOptions<Options>(options, &parseError, nullptr);
    });
  }
  if (succeeded(parsed))
    return success();
  error = (name + ": invalid options '" + options + "'" +
           (StringRef(parseError).trim().empty() ? "" : ": ") +
           StringRef(parseError).trim())
              .str();
  return failure();
}

LogicalResult seg::checkPassPipelineOptions(StringRef pipeline,
                                            std::string &error) {
  auto isNameChar = [](char c) {
    return llvm::isAlnum(c) || c == '-' || c == '_' || c == '.';
  };
  size_t pos = 0;
  while (pos < pipeline.size()) {
    if (!isNameChar(pipeline[pos])) {
      ++pos;
      continue;
    }
    size_t nameEnd = pos;
    while (nameEnd < pipeline.size() && isNameChar(pipeline[nameEnd]))
      ++nameEnd;
    StringRef name = pipeline.slice(pos, nameEnd);
    pos = nameEnd;
    if (pos < pipeline.size() && pipeline[pos] == '{') {
      size_t end = findClosingBrace(pipeline, pos + 1);
      if (failed(checkPassOptions(name, pipeline.slice(pos + 1, end), error)))
        return failure();
      pos = end + 1;
    }
  }
  return success();
}
