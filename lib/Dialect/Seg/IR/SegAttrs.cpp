//===- SegAttrs.cpp - seg dialect attributes ----------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/IR/SegAttrs.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Target/Chips.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::seg;

#include "segir/Dialect/Seg/IR/SegEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "segir/Dialect/Seg/IR/SegAttrs.cpp.inc"

void SegDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "segir/Dialect/Seg/IR/SegAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

namespace {
/// A field of `#seg.target` after the chip, with its bounds.
struct TargetField {
  StringRef name;
  int64_t min, max;
  bool isFlag;
};
} // namespace

// The upper bounds of the resource limits (in getTargetLimitNames() order)
// are far beyond any GPU, yet keep products of two limits inside int64_t
// and the resource model's searches short.
static constexpr int64_t kLimitMaxima[kNumTargetLimits] = {
    64,      1 << 14, 1 << 16, 1 << 14, int64_t(1) << 30, int64_t(1) << 30,
    1 << 24, 1 << 24, 1 << 16};
static const TargetField kFeatures[] = {{"ptx_version", 10, 999, false},
                                        {"wgmma", 0, 1, true},
                                        {"tma", 0, 1, true}};
static constexpr size_t kNumFields = kNumTargetLimits + std::size(kFeatures);

/// Field `index`: a resource limit, then the features.
static TargetField getField(size_t index) {
  if (index < kNumTargetLimits)
    return {getTargetLimitNames()[index], 1, kLimitMaxima[index], false};
  return kFeatures[index - kNumTargetLimits];
}

/// The field values of `preset`, in field order (flags as 0 or 1).
static SmallVector<int64_t> getPresetValues(const ChipPreset &preset) {
  SmallVector<int64_t> values(std::begin(preset.limits),
                              std::end(preset.limits));
  values.append({preset.ptxVersion, preset.wgmma, preset.tma});
  return values;
}

/// The value each field of `chip` has when not given: its preset's, or for
/// a chip without one, no limits and the default chip's PTX version without
/// wgmma and TMA.
static SmallVector<std::optional<int64_t>> getImpliedValues(StringRef chip) {
  if (const ChipPreset *preset = findChipPreset(chip))
    return llvm::to_vector_of<std::optional<int64_t>>(getPresetValues(*preset));
  SmallVector<std::optional<int64_t>> values(kNumTargetLimits);
  values.append({getDefaultChipPreset().ptxVersion, 0, 0});
  return values;
}

static SmallVector<int64_t> getValues(TargetAttr target) {
  SmallVector<int64_t> values = target.getLimits();
  values.append({target.getPtxVersion(), target.getWgmma(), target.getTma()});
  return values;
}

static TargetAttr buildTarget(MLIRContext *context, StringRef chip,
                              ArrayRef<int64_t> v) {
  assert(v.size() == kNumFields && "one value per field");
  return TargetAttr::get(context, chip, v[0], v[1], v[2], v[3], v[4], v[5],
                         v[6], v[7], v[8], v[9], v[10] != 0, v[11] != 0);
}

static LogicalResult verifyTarget(function_ref<InFlightDiagnostic()> emitError,
                                  StringRef chip, ArrayRef<int64_t> v) {
  assert(v.size() == kNumFields && "one value per field");
  return TargetAttr::verify(emitError, chip, v[0], v[1], v[2], v[3], v[4], v[5],
                            v[6], v[7], v[8], v[9], v[10] != 0, v[11] != 0);
}

SmallVector<int64_t> TargetAttr::getLimits() const {
  return {getWarpSize(),
          getMaxThreadsPerBlock(),
          getMaxThreadsPerSM(),
          getNumSMs(),
          getSharedMemoryPerBlock(),
          getSharedMemoryPerSM(),
          getRegistersPerBlock(),
          getRegistersPerSM(),
          getRegistersPerThread()};
}

TargetAttr TargetAttr::withPtxVersion(int64_t ptxVersion) const {
  SmallVector<int64_t> values = getValues(*this);
  values[kNumTargetLimits] = ptxVersion;
  return buildTarget(getContext(), getChip(), values);
}

TargetAttr TargetAttr::getPreset(MLIRContext *context, StringRef chip) {
  const ChipPreset *preset = findChipPreset(chip);
  if (!preset)
    return {};
  return buildTarget(context, preset->chip, getPresetValues(*preset));
}

TargetAttr TargetAttr::getDefault(MLIRContext *context) {
  return getPreset(context, getDefaultChipPreset().chip);
}

TargetAttr TargetAttr::lookup(Operation *op) {
  for (Operation *cur = op; cur; cur = cur->getParentOp())
    if (auto target =
            cur->getAttrOfType<TargetAttr>(SegDialect::getTargetAttrName()))
      return target;
  return getDefault(op->getContext());
}

LogicalResult TargetAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, StringRef chip,
    int64_t warpSize, int64_t maxThreadsPerBlock, int64_t maxThreadsPerSM,
    int64_t numSMs, int64_t sharedMemoryPerBlock, int64_t sharedMemoryPerSM,
    int64_t registersPerBlock, int64_t registersPerSM,
    int64_t registersPerThread, int64_t ptxVersion, bool wgmma, bool tma) {
  if (chip.empty())
    return emitError() << "target chip must not be empty";
  std::optional<ComputeCapability> capability = parseChip(chip);
  if (!capability)
    return emitError() << "target chip '" << chip
                       << "' is not of the form sm_<number>, optionally "
                          "followed by 'a' or 'f'";
  int64_t values[] = {warpSize,
                      maxThreadsPerBlock,
                      maxThreadsPerSM,
                      numSMs,
                      sharedMemoryPerBlock,
                      sharedMemoryPerSM,
                      registersPerBlock,
                      registersPerSM,
                      registersPerThread,
                      ptxVersion,
                      wgmma,
                      tma};
  for (auto [index, value] : llvm::enumerate(values)) {
    TargetField field = getField(index);
    if (field.min == 1 && value <= 0)
      return emitError() << "target field '" << field.name
                         << "' must be positive, got " << value;
    if (value < field.min || value > field.max)
      return emitError() << "target field '" << field.name << "' must be "
                         << "between " << field.min << " and " << field.max
                         << ", got " << value;
  }
  if (!llvm::isPowerOf2_64(warpSize))
    return emitError() << "target warp_size must be a power of two, got "
                       << warpSize;
  if (maxThreadsPerBlock % warpSize != 0)
    return emitError() << "target max_threads_per_block (" << maxThreadsPerBlock
                       << ") must be a multiple of warp_size (" << warpSize
                       << ")";
  if (maxThreadsPerBlock > maxThreadsPerSM)
    return emitError() << "target max_threads_per_block (" << maxThreadsPerBlock
                       << ") exceeds max_threads_per_sm (" << maxThreadsPerSM
                       << ")";
  if (sharedMemoryPerBlock > sharedMemoryPerSM)
    return emitError() << "target shared_memory_per_block ("
                       << sharedMemoryPerBlock
                       << ") exceeds shared_memory_per_sm ("
                       << sharedMemoryPerSM << ")";
  if (registersPerBlock > registersPerSM)
    return emitError() << "target registers_per_block (" << registersPerBlock
                       << ") exceeds registers_per_sm (" << registersPerSM
                       << ")";
  // wgmma.mma_async exists on sm_90a only; cp.async.bulk.tensor since sm_90.
  if (wgmma && (capability->version != 90 || capability->suffix != 'a'))
    return emitError() << "target field 'wgmma' needs chip sm_90a, but the "
                          "chip is "
                       << chip;
  if (tma && capability->version < 90)
    return emitError() << "target field 'tma' needs sm_90 or later, but the "
                          "chip is "
                       << chip;
  return success();
}

/// Syntax: `<chip = "sm_90" (, field = value)*>`, a value an integer or, for
/// a flag, `true` or `false`. Fields not given come from the chip's preset.
Attribute TargetAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  std::string chip;
  SmallVector<std::optional<int64_t>> given(kNumFields);
  if (parser.parseLess() || parser.parseKeyword("chip") ||
      parser.parseEqual() || parser.parseString(&chip))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    size_t index = 0;
    while (index < kNumFields && getField(index).name != key)
      ++index;
    if (index == kNumFields) {
      parser.emitError(keyLoc) << "unknown target field '" << key << "'";
      return {};
    }
    if (given[index]) {
      parser.emitError(keyLoc) << "target field '" << key << "' given twice";
      return {};
    }
    int64_t value = 0;
    if (getField(index).isFlag) {
      if (succeeded(parser.parseOptionalKeyword("true")))
        value = 1;
      else if (failed(parser.parseOptionalKeyword("false"))) {
        parser.emitError(parser.getCurrentLocation())
            << "target field '" << key << "' takes true or false";
        return {};
      }
    } else if (parser.parseInteger(value)) {
      return {};
    }
    given[index] = value;
  }
  if (parser.parseGreater())
    return {};

  SmallVector<std::optional<int64_t>> implied = getImpliedValues(chip);
  SmallVector<int64_t> values(kNumFields, 0);
  SmallVector<StringRef> missing;
  for (size_t i = 0; i < kNumFields; ++i) {
    if (given[i])
      values[i] = *given[i];
    else if (implied[i])
      values[i] = *implied[i];
    else
      missing.push_back(getField(i).name);
  }
  if (!missing.empty()) {
    parser.emitError(loc) << "chip '" << chip
                          << "' has no preset (known: " << listChipPresets()
                          << "); give every field, missing: "
                          << llvm::join(missing, ", ");
    return {};
  }
  if (failed(verifyTarget([&] { return parser.emitError(loc); }, chip, values)))
    return {};
  return buildTarget(context, chip, values);
}

void TargetAttr::print(AsmPrinter &printer) const {
  printer << "<chip = \"" << getChip() << "\"";
  SmallVector<std::optional<int64_t>> implied = getImpliedValues(getChip());
  for (auto [index, value] : llvm::enumerate(getValues(*this))) {
    if (implied[index] == value)
      continue;
    TargetField field = getField(index);
    printer << ", " << field.name << " = ";
    if (field.isFlag)
      printer << (value ? "true" : "false");
    else
      printer << value;
  }
  printer << ">";
}

//===----------------------------------------------------------------------===//
// GPULoweringAttr
//===----------------------------------------------------------------------===//

LogicalResult
GPULoweringAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        std::optional<RedStrategy> strategy,
                        std::optional<ScanStrategy> scanStrategy,
                        std::optional<HistStrategy> histStrategy,
                        std::optional<int64_t> blockSize,
                        std::optional<int64_t> loadsInFlight) {
  if (blockSize && *blockSize <= 0)
    return emitError() << "#seg.gpu_lowering: block_size must be positive, got "
                       << *blockSize;
  if (loadsInFlight && *loadsInFlight <= 0)
    return emitError()
           << "#seg.gpu_lowering: loads_in_flight must be positive, got "
           << *loadsInFlight;
  return success();
}

LogicalResult GPULoweringAttr::verifyFor(
    Operation *op, function_ref<InFlightDiagnostic()> emitError) const {
  auto space = dyn_cast<SegSpaceOpInterface>(op);
  if (!space)
    return emitError() << "'" << SegDialect::getGPULoweringAttrName()
                       << "' applies to seg.map, seg.red, seg.scan and "
                          "seg.hist, not '"
                       << op->getName() << "'";
  Level level = space.getLevel();
  if (level != Level::Thread && level != Level::Block)
    return emitError() << "'" << SegDialect::getGPULoweringAttrName()
                       << "' on a '" << stringifyLevel(level)
                       << "'-level op, which has no kernel of its own";
  // Each strategy belongs to one op kind.
  auto checkKind = [&](bool given, bool fits, StringRef field,
                       StringRef kind) -> LogicalResult {
    if (!given || fits)
      return success();
    return emitError() << "'" << SegDialect::getGPULoweringAttrName() << "': "
                       << field << " applies to " << kind << " only, not '"
                       << op->getName() << "'";
  };
  if (failed(checkKind(getStrategy().has_value(), isa<RedOp>(op), "strategy",
                       "seg.red")) ||
      failed(checkKind(getScanStrategy().has_value(), isa<ScanOp>(op),
                       "scan_strategy", "seg.scan")) ||
      failed(checkKind(getHistStrategy().has_value(), isa<HistOp>(op),
                       "hist_strategy", "seg.hist")) ||
      failed(checkKind(getLoadsInFlight().has_value(), !isa<ScanOp>(op),
                       "loads_in_flight", "seg.map, seg.red and seg.hist")))
    return failure();
  if (getBlockSize() && space.getMixedBlockSize())
    return emitError() << "'" << SegDialect::getGPULoweringAttrName()
                       << "': block_size = " << *getBlockSize()
                       << ", but the op's grid(...) gives its own block size";
  return success();
}
