//===- Chips.cpp - The chips SegIR knows ----------------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Target/Chips.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::seg;

std::optional<ComputeCapability> seg::parseChip(StringRef chip) {
  if (!chip.consume_front("sm_"))
    return std::nullopt;
  StringRef digits = chip.take_while(llvm::isDigit);
  StringRef suffix = chip.drop_front(digits.size());
  ComputeCapability capability;
  if (digits.empty() || digits.size() > 4 ||
      digits.getAsInteger(10, capability.version))
    return std::nullopt;
  if (suffix == "a" || suffix == "f")
    capability.suffix = suffix.front();
  else if (!suffix.empty())
    return std::nullopt;
  return capability;
}

static constexpr StringLiteral kLimitNames[kNumTargetLimits] = {
    "warp_size",
    "max_threads_per_block",
    "max_threads_per_sm",
    "num_sms",
    "shared_memory_per_block",
    "shared_memory_per_sm",
    "registers_per_block",
    "registers_per_sm",
    "registers_per_thread"};

ArrayRef<StringLiteral> seg::getTargetLimitNames() { return kLimitNames; }

// Shared memory per block is the opt-in maximum (cudaFuncAttribute
// MaxDynamicSharedMemorySize), as reported by cudaDevAttrMaxSharedMemory
// PerBlockOptin for each chip. PTX 8.0 (CUDA 12.0) is the oldest that
// knows sm_90a, and every ptxas since reads it.
// Each row: chip, GPU, the limits of #seg.target, PTX version, wgmma, TMA,
// then resident blocks per SM, the allocation units of registers and
// shared memory, and the shared memory reserved per block.
// clang-format off
static const ChipPreset kPresets[] = {
    {"sm_80", "A100-SXM4",
     {32, 1024, 2048, 108, 166912, 167936, 65536, 65536, 255},
     80, false, false, 32, 256, 128, 1024},
    {"sm_89", "L40S",
     {32, 1024, 1536, 142, 101376, 102400, 65536, 65536, 255},
     80, false, false, 24, 256, 128, 1024},
    {"sm_90", "H200-SXM",
     {32, 1024, 2048, 132, 232448, 233472, 65536, 65536, 255},
     80, false, true, 32, 256, 128, 1024},
    // The architecture-specific target of the same GPU: wgmma exists only
    // here.
    {"sm_90a", "H200-SXM",
     {32, 1024, 2048, 132, 232448, 233472, 65536, 65536, 255},
     80, true, true, 32, 256, 128, 1024},
};
// clang-format on

ArrayRef<ChipPreset> seg::getChipPresets() { return kPresets; }

const ChipPreset *seg::findChipPreset(StringRef chip) {
  const ChipPreset *it = llvm::find_if(
      kPresets, [&](const ChipPreset &preset) { return preset.chip == chip; });
  return it == std::end(kPresets) ? nullptr : it;
}

const ChipPreset &seg::getDefaultChipPreset() {
  return *findChipPreset("sm_90");
}

std::string seg::listChipPresets() {
  return llvm::join(llvm::map_range(kPresets,
                                    [](const ChipPreset &preset) {
                                      return StringRef(preset.chip);
                                    }),
                    ", ");
}

void seg::printChipPresetsAsJSON(llvm::raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    for (const ChipPreset &preset : kPresets)
      json.attributeObject(preset.chip, [&] {
        json.attribute("gpu", preset.gpu);
        json.attributeObject("seg_target", [&] {
          for (auto [name, value] : llvm::zip_equal(kLimitNames, preset.limits))
            json.attribute(name, value);
          json.attribute("ptx_version", preset.ptxVersion);
          json.attribute("wgmma", preset.wgmma);
          json.attribute("tma", preset.tma);
        });
        json.attributeObject("occupancy", [&] {
          json.attribute("max_blocks_per_sm", preset.maxBlocksPerSM);
          json.attribute("register_allocation_unit",
                         preset.registerAllocationUnit);
          json.attribute("shared_memory_allocation_unit",
                         preset.sharedMemoryAllocationUnit);
          json.attribute("reserved_shared_memory_per_block",
                         preset.reservedSharedMemoryPerBlock);
        });
      });
  });
  os << "\n";
}
