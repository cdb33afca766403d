//===- SegAttrs.cpp - seg dialect attributes ----------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/IR/SegAttrs.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"

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
/// Integer fields of a target description, in parameter order.
struct TargetFields {
  int64_t warpSize, maxThreadsPerBlock, maxThreadsPerSM, numSMs,
      sharedMemoryPerBlock, sharedMemoryPerSM, registersPerBlock,
      registersPerSM, registersPerThread;
};

struct TargetPreset {
  llvm::StringLiteral chip;
  TargetFields fields;
};
} // namespace

// Shared memory per block is the opt-in maximum (cudaFuncAttribute
// MaxDynamicSharedMemorySize), as reported by cudaDevAttrMaxSharedMemory
// PerBlockOptin for each chip.
static const TargetPreset kPresets[] = {
    // A100-SXM4.
    {"sm_80", {32, 1024, 2048, 108, 166912, 167936, 65536, 65536, 255}},
    // L40S.
    {"sm_89", {32, 1024, 1536, 142, 101376, 102400, 65536, 65536, 255}},
    // H200-SXM (the default).
    {"sm_90", {32, 1024, 2048, 132, 232448, 233472, 65536, 65536, 255}},
};

static constexpr llvm::StringLiteral kFieldNames[] = {"warp_size",
                                                      "max_threads_per_block",
                                                      "max_threads_per_sm",
                                                      "num_sms",
                                                      "shared_memory_per_block",
                                                      "shared_memory_per_sm",
                                                      "registers_per_block",
                                                      "registers_per_sm",
                                                      "registers_per_thread"};
static constexpr size_t kNumFields = std::size(kFieldNames);

static SmallVector<int64_t> toVector(const TargetFields &f) {
  return {f.warpSize,
          f.maxThreadsPerBlock,
          f.maxThreadsPerSM,
          f.numSMs,
          f.sharedMemoryPerBlock,
          f.sharedMemoryPerSM,
          f.registersPerBlock,
          f.registersPerSM,
          f.registersPerThread};
}

static const TargetPreset *findPreset(StringRef chip) {
  for (const TargetPreset &preset : kPresets)
    if (preset.chip == chip)
      return &preset;
  return nullptr;
}

static TargetAttr buildTarget(MLIRContext *context, StringRef chip,
                              ArrayRef<int64_t> v) {
  assert(v.size() == kNumFields && "one value per field");
  return TargetAttr::get(context, chip, v[0], v[1], v[2], v[3], v[4], v[5],
                         v[6], v[7], v[8]);
}

ArrayRef<StringLiteral> TargetAttr::getFieldNames() { return kFieldNames; }

SmallVector<int64_t> TargetAttr::getFields() const {
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

TargetAttr TargetAttr::getPreset(MLIRContext *context, StringRef chip) {
  const TargetPreset *preset = findPreset(chip);
  if (!preset)
    return {};
  return buildTarget(context, preset->chip, toVector(preset->fields));
}

TargetAttr TargetAttr::getDefault(MLIRContext *context) {
  return getPreset(context, "sm_90");
}

TargetAttr TargetAttr::lookup(Operation *op) {
  for (Operation *cur = op; cur; cur = cur->getParentOp())
    if (auto target =
            cur->getAttrOfType<TargetAttr>(SegDialect::getTargetAttrName()))
      return target;
  return getDefault(op->getContext());
}

LogicalResult
TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, StringRef chip,
                   int64_t warpSize, int64_t maxThreadsPerBlock,
                   int64_t maxThreadsPerSM, int64_t numSMs,
                   int64_t sharedMemoryPerBlock, int64_t sharedMemoryPerSM,
                   int64_t registersPerBlock, int64_t registersPerSM,
                   int64_t registersPerThread) {
  if (chip.empty())
    return emitError() << "target chip must not be empty";
  int64_t values[] = {warpSize,
                      maxThreadsPerBlock,
                      maxThreadsPerSM,
                      numSMs,
                      sharedMemoryPerBlock,
                      sharedMemoryPerSM,
                      registersPerBlock,
                      registersPerSM,
                      registersPerThread};
  for (auto [name, value] : llvm::zip_equal(kFieldNames, values))
    if (value <= 0)
      return emitError() << "target field '" << name
                         << "' must be positive, got " << value;
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
  return success();
}

/// Syntax: `<chip = "sm_90" (, field = integer)*>`. Fields not given come
/// from the chip's preset.
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
    const auto *it = llvm::find(kFieldNames, key);
    if (it == std::end(kFieldNames)) {
      parser.emitError(keyLoc) << "unknown target field '" << key << "'";
      return {};
    }
    size_t index = it - std::begin(kFieldNames);
    if (given[index]) {
      parser.emitError(keyLoc) << "target field '" << key << "' given twice";
      return {};
    }
    int64_t value = 0;
    if (parser.parseInteger(value))
      return {};
    given[index] = value;
  }
  if (parser.parseGreater())
    return {};

  SmallVector<int64_t> values(kNumFields, 0);
  const TargetPreset *preset = findPreset(chip);
  SmallVector<StringRef> missing;
  for (size_t i = 0; i < kNumFields; ++i) {
    if (given[i])
      values[i] = *given[i];
    else if (preset)
      values[i] = toVector(preset->fields)[i];
    else
      missing.push_back(kFieldNames[i]);
  }
  if (!missing.empty()) {
    parser.emitError(loc) << "chip '" << chip
                          << "' has no preset (known: sm_80, sm_89, sm_90); "
                             "give every field, missing: "
                          << llvm::join(missing, ", ");
    return {};
  }
  return TargetAttr::getChecked([&] { return parser.emitError(loc); }, context,
                                chip, values[0], values[1], values[2],
                                values[3], values[4], values[5], values[6],
                                values[7], values[8]);
}

void TargetAttr::print(AsmPrinter &printer) const {
  printer << "<chip = \"" << getChip() << "\"";
  const TargetPreset *preset = findPreset(getChip());
  SmallVector<int64_t> values = getFields();
  for (size_t i = 0; i < kNumFields; ++i) {
    if (preset && toVector(preset->fields)[i] == values[i])
      continue;
    printer << ", " << kFieldNames[i] << " = " << values[i];
  }
  printer << ">";
}
