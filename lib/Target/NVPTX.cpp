//===- NVPTX.cpp - What the NVPTX backend builds for ----------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Target/NVPTX.h"
#include "segir/Target/Chips.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>

extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTargetMC();
extern "C" void LLVMInitializeNVPTXTarget();
extern "C" void LLVMInitializeNVPTXAsmPrinter();

using namespace mlir;
using namespace mlir::seg;

/// The triple seg-to-nvvm builds kernels for (upstream's default).
static constexpr StringLiteral kTriple = "nvptx64-nvidia-cuda";

/// NVPTX's subtarget description for `chip` ("" for the generic one, which
/// lists every processor and feature).
static std::unique_ptr<llvm::MCSubtargetInfo> createSubtarget(StringRef chip) {
  static const llvm::Target *target = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
    std::string error;
    return llvm::TargetRegistry::lookupTarget(llvm::Triple(kTriple), error);
  }();
  if (!target)
    return nullptr;
  return std::unique_ptr<llvm::MCSubtargetInfo>(
      target->createMCSubtargetInfo(llvm::Triple(kTriple), chip, ""));
}

/// The PTX version (times ten) of NVPTX feature `name` (`ptx80`), or 0.
static int64_t getPTXVersionOfFeature(StringRef name) {
  int64_t version = 0;
  if (!name.consume_front("ptx") || name.getAsInteger(10, version))
    return 0;
  return version;
}

/// Whether NVPTX knows processor `chip` (asked without building a
/// subtarget for it, which would warn on stderr).
static bool isNVPTXChip(StringRef chip) {
  std::unique_ptr<llvm::MCSubtargetInfo> generic = createSubtarget("");
  return generic && generic->isCPUStringValid(chip);
}

/// Whether SegIR builds for `chip` (sm_80 and newer) and NVPTX knows it.
static bool isSupportedChip(StringRef chip) {
  std::optional<ComputeCapability> capability = parseChip(chip);
  return capability && capability->version >= kMinComputeCapability &&
         isNVPTXChip(chip);
}

SmallVector<std::string> seg::getSupportedNVPTXChips() {
  SmallVector<std::string> chips;
  std::unique_ptr<llvm::MCSubtargetInfo> generic = createSubtarget("");
  if (!generic)
    return chips;
  for (const llvm::SubtargetSubTypeKV &processor :
       generic->getAllProcessorDescriptions())
    if (isSupportedChip(processor.Key))
      chips.push_back(processor.Key);
  // By compute capability, then suffix: sm_90, sm_90a, sm_100, ...
  llvm::sort(chips, [](const std::string &a, const std::string &b) {
    ComputeCapability x = *parseChip(a), y = *parseChip(b);
    return std::make_pair(x.version, x.suffix) <
           std::make_pair(y.version, y.suffix);
  });
  return chips;
}

/// The oldest PTX version NVPTX builds `chip` with (its default), read from
/// the `.version` of an empty module it compiles: NVPTX keeps this per chip
/// in its code generator, not in its subtarget tables.
static int64_t getOldestPTXVersion(StringRef chip) {
  static std::mutex mutex;
  static llvm::StringMap<int64_t> cache;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(chip); it != cache.end())
    return it->second;
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXAsmPrinter();
  std::string error;
  llvm::Triple triple(kTriple);
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, chip, /*Features=*/"", llvm::TargetOptions(), std::nullopt));
  llvm::LLVMContext context;
  llvm::Module module("ptx-version", context);
  module.setTargetTriple(triple);
  module.setDataLayout(machine->createDataLayout());
  SmallString<0> ptx;
  llvm::raw_svector_ostream os(ptx);
  llvm::legacy::PassManager passes;
  int64_t version = 0;
  if (!machine->addPassesToEmitFile(passes, os, nullptr,
                                    llvm::CodeGenFileType::AssemblyFile)) {
    passes.run(module);
    StringRef text(ptx);
    size_t at = text.find(".version ");
    unsigned major = 0, minor = 0;
    if (at != StringRef::npos) {
      auto [majorText, rest] =
          text.drop_front(at + strlen(".version ")).split('.');
      if (!majorText.getAsInteger(10, major) &&
          !rest.take_while(llvm::isDigit).getAsInteger(10, minor))
        version = major * 10 + minor;
    }
  }
  cache[chip] = version;
  return version;
}

SmallVector<int64_t> seg::getNVPTXVersions(StringRef chip) {
  SmallVector<int64_t> versions;
  if (!chip.empty() && !isNVPTXChip(chip))
    return versions;
  std::unique_ptr<llvm::MCSubtargetInfo> generic = createSubtarget("");
  if (!generic)
    return versions;
  int64_t oldest = chip.empty() ? 0 : getOldestPTXVersion(chip);
  for (const llvm::SubtargetFeatureKV &feature :
       generic->getAllProcessorFeatures())
    if (int64_t version = getPTXVersionOfFeature(feature.Key);
        version && version >= oldest)
      versions.push_back(version);
  llvm::sort(versions);
  return versions;
}

/// "8.0" for PTX version 80.
static std::string formatPTXVersion(int64_t version) {
  return std::to_string(version / 10) + "." + std::to_string(version % 10);
}

std::string seg::getPTXFeatures(int64_t ptxVersion) {
  return "+ptx" + std::to_string(ptxVersion);
}

FailureOr<int64_t> seg::parsePTXFeatures(StringRef features,
                                         std::string &error) {
  int64_t version = 0;
  SmallVector<StringRef> entries;
  features.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    StringRef name = entry.trim();
    if (!name.consume_front("+") || !(version = getPTXVersionOfFeature(name))) {
      llvm::raw_string_ostream(error)
          << "features: '" << entry.trim()
          << "' is not a PTX version (+ptxNN, e.g. +ptx80)";
      return failure();
    }
  }
  return version;
}

LogicalResult seg::checkNVPTXTarget(StringRef chip, int64_t ptxVersion,
                                    std::string &error) {
  llvm::raw_string_ostream os(error);
  if (!isSupportedChip(chip)) {
    os << "chip '" << chip << "' is not supported; SegIR compiles kernels for "
       << "sm_" << kMinComputeCapability
       << " and newer that this LLVM's NVPTX backend knows: "
       << llvm::join(getSupportedNVPTXChips(), ", ");
    return failure();
  }
  if (ptxVersion == 0)
    return success();
  SmallVector<int64_t> versions = getNVPTXVersions(chip);
  if (llvm::is_contained(versions, ptxVersion))
    return success();
  os << "PTX " << formatPTXVersion(ptxVersion) << " cannot build for " << chip
     << "; valid PTX versions for " << chip << ": "
     << llvm::join(llvm::map_range(versions, formatPTXVersion), ", ");
  return failure();
}

LogicalResult seg::checkNVPTXOptions(StringRef chip, StringRef features,
                                     std::string &error) {
  FailureOr<int64_t> ptxVersion = parsePTXFeatures(features, error);
  if (failed(ptxVersion))
    return failure();
  if (!chip.empty())
    return checkNVPTXTarget(chip, *ptxVersion, error);
  // The chip comes from the module's #seg.target, and is checked with it;
  // the version must be one that NVPTX knows.
  SmallVector<int64_t> versions = getNVPTXVersions("");
  if (*ptxVersion == 0 || llvm::is_contained(versions, *ptxVersion))
    return success();
  llvm::raw_string_ostream(error)
      << "PTX " << formatPTXVersion(*ptxVersion)
      << " is unknown to this LLVM's NVPTX backend; it knows "
      << llvm::join(llvm::map_range(versions, formatPTXVersion), ", ");
  return failure();
}
