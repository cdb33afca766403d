//===- PlanHistogram.cpp - The plan of a seg.hist -------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How every operator of a thread-level seg.hist updates a bin (native
// atomic, compare-and-swap or lock), and the strategy of
// [Henriksen et al. 2020]: global atomics or shared-memory sub-histograms,
// their copies per block and passes over the bins.
//
//===----------------------------------------------------------------------===//

#include "Planners.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Analysis/Tuning.h"
#include "segir/Target/TargetInfo.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::seg;

/// The native atomic that performs operator `region` on a bin, if any: a
/// single add, signed or unsigned min or max, and or or of the accumulator
/// and the element, on 32- or 64-bit integers (add also on f32 and f64),
/// which PTX's `atom` has.
static std::optional<arith::AtomicRMWKind> getNativeAtomic(Region &region) {
  Block &block = region.front();
  if (block.getNumArguments() != 2 ||
      !llvm::hasSingleElement(block.without_terminator()))
    return std::nullopt;
  Operation &op = block.front();
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      block.getTerminator()->getOperand(0) != op.getResult(0))
    return std::nullopt;
  SmallPtrSet<Value, 2> operands(op.operand_begin(), op.operand_end());
  if (operands.size() != 2 || !operands.contains(block.getArgument(0)) ||
      !operands.contains(block.getArgument(1)))
    return std::nullopt;
  Type type = block.getArgument(0).getType();
  bool wideInt = type.isInteger(32) || type.isInteger(64);
  bool wideFloat = type.isF32() || type.isF64();
  using Kind = arith::AtomicRMWKind;
  std::optional<Kind> kind =
      TypeSwitch<Operation *, std::optional<Kind>>(&op)
          .Case([](arith::AddIOp) { return Kind::addi; })
          .Case([](arith::MaxSIOp) { return Kind::maxs; })
          .Case([](arith::MinSIOp) { return Kind::mins; })
          .Case([](arith::MaxUIOp) { return Kind::maxu; })
          .Case([](arith::MinUIOp) { return Kind::minu; })
          .Case([](arith::AndIOp) { return Kind::andi; })
          .Case([](arith::OrIOp) { return Kind::ori; })
          .Case([&](arith::AddFOp add) -> std::optional<Kind> {
            if (!wideFloat)
              return std::nullopt;
            return Kind::addf;
          })
          .Default([](Operation *) { return std::nullopt; });
  if (kind && *kind != Kind::addf && !wideInt)
    return std::nullopt;
  return kind;
}

/// Bins of every operator's histograms together (segments times bins), if
/// static.
static std::optional<int64_t> getStaticHistogramSize(HistOp op,
                                                     unsigned index) {
  auto type = cast<MemRefType>(op.getOperatorOuts(index).front().getType());
  return getStaticPointCount(type.getShape());
}

/// The histogram kernel of `hist`'s strategy and, for shared
/// sub-histograms of `sizes` bins (`bytes` together), its copies per block
/// and passes over the bins: the tuning file's multiplicity if given.
static LogicalResult planHistKernel(HistOp op, const GPULoweringConfig &config,
                                    HistPlan &hist, ArrayRef<int64_t> sizes,
                                    int64_t bytes,
                                    std::optional<int64_t> tunedMultiplicity) {
  // Shared memory: the largest working set a block can have and keep the
  // 48 KiB that every launch gets without opting in to more.
  int64_t limit = config.target.getSharedMemoryPerBlock();
  int64_t budget = ResourceModel(config.target).getPreferredSharedBytes();
  KernelPlan kernel{hist.shared ? KernelRole::SharedHistogram
                                : KernelRole::GlobalAtomicHistogram,
                    {}};
  if (hist.shared) {
    // As many copies as fit the budget, at most one per lane of a warp
    // (more would not separate the lanes that update at once); fewer
    // passes first, then copies.
    hist.passes = std::max<int64_t>(1, llvm::divideCeil(bytes, limit));
    hist.multiplicity =
        hist.passes > 1
            ? 1
            : std::clamp<int64_t>(budget / std::max<int64_t>(bytes, 1), 1,
                                  hist.warpSize);
    auto layoutFor = [&](int64_t passes, int64_t copies) {
      SharedMemoryLayout layout;
      hist.passBins.clear();
      for (auto [index, size] : llvm::enumerate(sizes)) {
        hist.passBins.push_back(llvm::divideCeil(size, passes));
        int64_t slots = copies * hist.passBins.back();
        layout.addBuffers(op.getOperatorNeutrals(index).getTypes(), slots);
        if (hist.locked[index])
          layout.addBuffer(IntegerType::get(op.getContext(), 32), slots);
      }
      return layout;
    };
    if (tunedMultiplicity) {
      hist.multiplicity = *tunedMultiplicity;
      kernel.shared = layoutFor(hist.passes, hist.multiplicity);
      hist.kernels.push_back(std::move(kernel));
      return checkSharedMemory(op, hist, config);
    }
    // Alignment padding can push a range over the limit: one pass more.
    while (layoutFor(hist.passes, hist.multiplicity).getTotalBytes() > limit) {
      if (hist.multiplicity > 1)
        --hist.multiplicity;
      else
        ++hist.passes;
    }
    kernel.shared = layoutFor(hist.passes, hist.multiplicity);
  }
  hist.kernels.push_back(std::move(kernel));
  return checkSharedMemory(op, hist, config);
}

FailureOr<HistPlan> seg::planHist(HistOp op, const GPULoweringConfig &config) {
  HistPlan hist;
  if (failed(planSegmentedLaunch(op, config, hist)))
    return failure();
  // An operator of one scalar (checkAccumulatorTypes: up to 64 bits)
  // updates a bin with its native atomic or else a compare-and-swap loop;
  // one of several accumulators, under a lock.
  for (Region &region : op.getOperators()) {
    bool locked = region.getNumArguments() != 2;
    hist.locked.push_back(locked);
    hist.atomics.push_back(locked ? std::nullopt : getNativeAtomic(region));
  }

  // Points a thread evaluates before it updates their bins, so that their
  // loads are in flight together: about 16 words of bins and values.
  hist.loadsInFlight = config.options.loadsInFlight;
  if (hist.loadsInFlight <= 0) {
    int64_t bytes = 0;
    for (Type type : op.getBody().front().getTerminator()->getOperandTypes())
      bytes += getPrimitiveByteSize(type).value_or(8);
    hist.loadsInFlight = getLoadsInFlightForWords(llvm::divideCeil(bytes, 4));
  }
  // Consecutive points of a row are consecutive elements of its loads; the
  // order of updates does not matter. A one-dimensional space is one row,
  // peeled at its ends; the rows of others are read whole, in vectors that
  // divide them.
  hist.contiguousLoads = analyzeContiguousLoads(
      op.getBody().front(),
      TargetInfo::get(config.target).getMaxVectorLoadBytes(),
      hist.loadsInFlight);
  SmallVector<OpFoldResult> spaceSizes = op.getMixedSizes();
  if (spaceSizes.size() > 1) {
    std::optional<int64_t> rowLength = getConstantIntValue(spaceSizes.back());
    hist.rowWidths = selectWholeRowWidths(
        hist.contiguousLoads,
        rowLength.value_or(std::numeric_limits<int64_t>::max()), rowLength);
    if (hist.rowWidths.empty())
      hist.contiguousLoads = ContiguousLoads();
  }

  int64_t limit = config.target.getSharedMemoryPerBlock();
  SmallVector<int64_t> sizes;
  int64_t bytes = 0;
  bool isStatic = true;
  for (unsigned index = 0, e = op.getOperators().size(); index < e; ++index) {
    std::optional<int64_t> size = getStaticHistogramSize(op, index);
    isStatic &= size.has_value();
    if (!size)
      break;
    sizes.push_back(*size);
    for (Type type : op.getOperatorNeutrals(index).getTypes())
      bytes += getSharedBufferBytes(type, *size);
    if (hist.locked[index])
      bytes +=
          getSharedBufferBytes(IntegerType::get(op.getContext(), 32), *size);
  }
  switch (config.options.histStrategy) {
  case HistStrategy::GlobalAtomic:
    hist.reason = "hist-strategy=global-atomic";
    break;
  case HistStrategy::Shared:
    if (!isStatic)
      return op.emitOpError("hist-strategy=shared needs histograms of static "
                            "shape (their shared-memory copies are sized by "
                            "it)");
    hist.shared = true;
    hist.reason = "hist-strategy=shared";
    break;
  case HistStrategy::Auto:
    hist.shared = isStatic && bytes <= limit;
    if (!isStatic)
      hist.reason = "the histograms' shape is not static";
    else
      hist.reason =
          (Twine("the histograms take ") + Twine(bytes) + " bytes, " +
           (hist.shared ? "within" : "more than") + " the " + Twine(limit) +
           " bytes of shared_memory_per_block of target " +
           config.target.getChip())
              .str();
    break;
  }

  // The tuning file overrides the option and the model for this op.
  std::optional<int64_t> tunedMultiplicity;
  if (config.tuning) {
    std::string sharedName = getTunableName(op, "shared");
    if (std::optional<int64_t> tuned = config.tuning->lookup(sharedName)) {
      if (*tuned != 0 && *tuned != 1)
        return op.emitOpError("tuning file entry ")
               << sharedName << " must be 0 (global atomics) or 1 (shared "
               << "sub-histograms), got " << *tuned;
      if (*tuned && !isStatic)
        return op.emitOpError("tuning file entry ")
               << sharedName << " asks for shared sub-histograms, which "
               << "need histograms of static shape";
      hist.shared = *tuned;
      hist.reason = "tuning file, " + sharedName;
    }
    std::string multiplicityName = getTunableName(op, "multiplicity");
    tunedMultiplicity = config.tuning->lookup(multiplicityName);
    if (tunedMultiplicity && (*tunedMultiplicity < 1 || !hist.shared))
      return op.emitOpError("tuning file entry ")
             << multiplicityName << " = " << *tunedMultiplicity
             << " needs a positive value and the shared strategy";
  }

  if (failed(planHistKernel(op, config, hist, sizes, bytes, tunedMultiplicity)))
    return failure();
  return hist;
}
