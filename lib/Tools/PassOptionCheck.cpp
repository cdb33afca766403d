//===- PassOptionCheck.cpp - Checks pass and pipeline options -------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

// Pipelines.h names mlir::detail::PassOptions as `detail::`: it comes first.
#include "segir/Pipelines/Pipelines.h"

#include "segir/Support/OptionSyntax.h"
#include "segir/Tools/PassOptionCheck.h"
#include "segir/Target/NVPTX.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

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
    for (seg::PassOptionItem entry : seg::splitPassOptions(
             StringRef(printed).trim().drop_front().drop_back()))
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
        for (seg::PassOptionItem entry :
             seg::splitPassOptions(text.drop_front(brace + 1).drop_back()))
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

/// Explains, in `error`, why `name` rejects `options` when a key is not
/// one of its printed options or a value not of the option's kind; fails
/// then.
static LogicalResult explainRejectedOptions(StringRef name, StringRef options,
                                            std::string &error) {
  SmallVector<seg::PassOption> known = seg::getPassOptions(name);
  SmallVector<StringRef> valid =
      llvm::map_to_vector(known, [](const seg::PassOption &option) {
        return StringRef(option.name);
      });
  for (seg::PassOptionItem entry : seg::splitPassOptions(options)) {
    if (const seg::PassOption *option =
            llvm::find_if(known,
                          [&](const seg::PassOption &option) {
                            return option.name == entry.key;
                          });
        option != known.end()) {
      if (failed(checkValue(name, *option, entry.value, error)))
        return failure();
      continue;
    }
    // List options without a default print nothing: with no printed
    // options, the pass's own message says more.
    if (valid.empty())
      return success();
    llvm::raw_string_ostream os(error);
    os << "no such option '" << entry.key << "' for " << name;
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
  return success();
}

/// "<name>: invalid options '<options>': <message>".
static std::string invalidOptions(StringRef name, StringRef options,
                                  StringRef message) {
  message = message.trim();
  message.consume_front("<Pass-Options-Parser>: ");
  return (name + ": invalid options '" + options + "'" +
          (message.empty() ? "" : ": ") + message)
      .str();
}

LogicalResult seg::checkPassOptions(StringRef name, StringRef options,
                                    std::string &error) {
  bool isSegPipeline = withPipelineOptions(name, [](auto *) {});
  const PassInfo *passInfo = PassInfo::lookup(name);
  if (!isSegPipeline && !passInfo)
    return success(); // MLIR reports unknown names and foreign pipelines.
  if (passInfo) {
    // The pass's own parser decides what it accepts, as in mlir-opt; the
    // checks only explain a rejection.
    std::string parseError;
    OpPassManager pm;
    if (succeeded(passInfo->addToPipeline(pm, options, [&](const Twine &msg) {
          parseError = msg.str();
          return failure();
        })))
      return success();
    if (succeeded(explainRejectedOptions(name, options, error)))
      error = invalidOptions(name, options, parseError);
    return failure();
  }
  if (failed(explainRejectedOptions(name, options, error)))
    return failure();
  if (name == "seg-to-nvvm") {
    std::string chip, features;
    for (seg::PassOptionItem entry : seg::splitPassOptions(options)) {
      if (entry.key == "chip")
        chip = unquoteOptionValue(entry.value);
      else if (entry.key == "features")
        features = unquoteOptionValue(entry.value);
    }
    if (failed(checkNVPTXOptions(chip, features, error))) {
      error = "seg-to-nvvm: " + error;
      return failure();
    }
  }
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
  error = invalidOptions(name, options, parseError);
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
      size_t end = seg::findClosingBrace(pipeline, pos + 1);
      if (failed(checkPassOptions(name, pipeline.slice(pos + 1, end), error)))
        return failure();
      pos = end + 1;
    }
  }
  return success();
}
