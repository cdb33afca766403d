//===- Chips.h - The chips SegIR knows --------------------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The one table of chip presets, and the one parser of chip names. The
// `#seg.target` attribute, the passes, seg-opt --print-chip-presets and
// through it utils/kernel-report.py all read them from here.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_TARGET_CHIPS_H
#define SEGIR_TARGET_CHIPS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
namespace seg {

/// A chip name taken apart: `sm_90a` is compute capability 90 with the
/// architecture-specific suffix `a` (`f`: family-specific; 0: none).
struct ComputeCapability {
  unsigned version = 0;
  char suffix = 0;
};

/// Parses `sm_<digits>` with an optional `a` or `f` suffix; nullopt for any
/// other name.
std::optional<ComputeCapability> parseChip(StringRef chip);

/// The oldest compute capability SegIR builds kernels for (mma.sync of
/// sm_80, cp.async, the look-back scan's memory model).
inline constexpr unsigned kMinComputeCapability = 80;

/// Where the 128-byte swizzle of TMA boxes and wgmma's shared-memory
/// matrices repeats: it comes from address bits, so swizzled tiles start at
/// multiples of it in shared memory (sm_90).
inline constexpr int64_t kSwizzleAtomBytes = 1024;

/// Number of the integer resource limits of `#seg.target`.
inline constexpr size_t kNumTargetLimits = 9;

/// Names of `#seg.target`'s integer resource limits, in parameter order.
ArrayRef<StringLiteral> getTargetLimitNames();

/// What SegIR knows of one chip.
struct ChipPreset {
  StringLiteral chip;
  /// The GPU the limits were measured on.
  StringLiteral gpu;
  /// `#seg.target`'s resource limits, in getTargetLimitNames() order.
  int64_t limits[kNumTargetLimits];
  /// The PTX ISA version kernels are built with, times ten (80: PTX 8.0).
  int64_t ptxVersion;
  /// Whether warpgroup MMA (wgmma.mma_async) and the tensor memory
  /// accelerator (cp.async.bulk.tensor) are available.
  bool wgmma, tma;
  /// NVIDIA's occupancy-calculator facts that SegIR's passes do not need but
  /// the kernel report does: resident blocks per SM, the register
  /// allocation unit (registers per warp), the shared memory allocation
  /// unit and the shared memory the driver reserves per block, in bytes.
  int64_t maxBlocksPerSM, registerAllocationUnit, sharedMemoryAllocationUnit,
      reservedSharedMemoryPerBlock;
};

/// Every preset, in the order of their names.
ArrayRef<ChipPreset> getChipPresets();

/// The preset named `chip`, or null.
const ChipPreset *findChipPreset(StringRef chip);

/// The preset that applies without a `#seg.target` (sm_90, H200).
const ChipPreset &getDefaultChipPreset();

/// The preset names, comma separated, for messages.
std::string listChipPresets();

/// Prints every preset as one JSON object keyed by chip name, each with its
/// `gpu`, its `seg_target` fields (under `#seg.target`'s names) and its
/// `occupancy` facts.
void printChipPresetsAsJSON(llvm::raw_ostream &os);

} // namespace seg
} // namespace mlir

#endif // SEGIR_TARGET_CHIPS_H
