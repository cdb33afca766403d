//===- KernelEstimates.cpp - Registers and choices of the GPU kernels -----===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The register estimates of convert-seg-to-gpu's reduction and scan
// kernels, calibrated with ptxas, and the choices the lowering (and, for
// the scan's elements per thread, seg-select-chunk) makes from them.
//
//===----------------------------------------------------------------------===//

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Target/Chips.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::seg;

/// Words of operator state, and elements at least, that a scan thread
/// loads before using any (selectScanElementsPerThread): CUB's scan keeps
/// 15 to 24 elements of 4 bytes in flight.
static constexpr int64_t kScanWordsInFlight = 16, kMinScanLoadsInFlight = 4;
/// Most elements a scan thread evaluates in one unrolled batch: more loads
/// in flight than this gain nothing, and a large explicit `chunk` would
/// unroll into a huge kernel.
static constexpr int64_t kMaxScanLoadsInFlight = 32;
/// Most words of a thread's m elements that the scan kernels writing
/// results keep in registers across the block scan and the look-back;
/// wider, they read the elements back from shared memory. Measured with
/// ptxas for sm_90 at block size 256: the radix scan's 4 x 4 x i64 (32
/// words) keeps two blocks resident (128 registers) in registers, and
/// reading them back would only add loads; 6 x i64 non-commutative scans
/// (48 words at m = 4) reach two blocks only by reading back (168 -> 126
/// registers single-pass, 136 -> 120 in the rescan).
static constexpr int64_t kMaxScanElementWordsInRegisters = 32;

int64_t seg::getLoadsInFlightForWords(int64_t words) {
  constexpr int64_t kWordsInFlight = 16, kMaxElements = 8;
  int64_t elements = kWordsInFlight / std::max<int64_t>(words, 1);
  return llvm::bit_floor(
      static_cast<uint64_t>(std::clamp<int64_t>(elements, 1, kMaxElements)));
}

VectorLoadShape seg::selectVectorLoads(int64_t widestElementBytes,
                                       int64_t maxVectorBytes,
                                       int64_t loadsInFlight) {
  VectorLoadShape shape;
  if (widestElementBytes <= 0 || 2 * widestElementBytes > maxVectorBytes)
    return shape;
  shape.width = maxVectorBytes / widestElementBytes;
  // The registers that `loadsInFlight` scalar loads would hold (a narrow
  // element still takes a whole one), spent on vectors: as many points as
  // scalars for 32-bit and wider elements, more bytes per step for
  // narrower ones.
  int64_t registers =
      loadsInFlight * getRegisterCount(widestElementBytes) * 4;
  shape.vectorsInFlight = std::max<int64_t>(1, registers / maxVectorBytes);
  return shape;
}

/// Each element's value and its 64-bit address, on top of about 44
/// registers of indices, bounds, accumulators and the body's own values.
/// Measured with ptxas for sm_90 (bench/kernels/reductions.mlir, the fused
/// i1/i8/i16 reduction, the examples): at this bound none of them spills at
/// block sizes 64 to 1024.
int64_t seg::getReductionRegisters(int64_t words, int64_t loadsInFlight) {
  constexpr int64_t kBaseRegisters = 44, kAddressRegisters = 2;
  return kBaseRegisters + loadsInFlight * (words + kAddressRegisters);
}

ScanShape seg::getScanShape(ScanOp op) {
  ScanShape shape;
  llvm::append_range(shape.stateTypes, op.getNeutrals().getTypes());
  auto yield = cast<YieldOp>(op.getBody().front().getTerminator());
  for (Value value : yield.getValues().drop_front(op.getNumAccumulators()))
    shape.mapOutTypes.push_back(value.getType());
  shape.outerDims = static_cast<int64_t>(op.getMixedSizes().size()) - 1;
  shape.segmented = shape.outerDims > 0;
  return shape;
}

int64_t seg::getScanStateWords(const ScanShape &shape) {
  int64_t words = 0;
  for (Type type : shape.stateTypes)
    words += getRegisterCount(getPrimitiveByteSize(type).value_or(8));
  return words;
}

/// [Clausen 2021, §5.2]'s 2 w + 3 per element, one more for the element's
/// bounds check and address while its load is in flight, three more with
/// segments (its cursor and 64-bit segment index), plus what the block
/// scan and the look-back keep live at once (inclusive, exclusive and
/// total pairs, the window value, its shuffled partner, the prefix and the
/// aggregate: about 8 w, and some 25 registers of indices, flags and
/// addresses). Measured with ptxas for sm_90 at block sizes 256 to 1024:
/// below this, kernels of 1 to 8 words of state do not spill.
int64_t seg::getSinglePassScanRegisters(const ScanShape &shape, int64_t m) {
  int64_t words = getScanStateWords(shape);
  return m * (2 * words + (shape.segmented ? 7 : 4)) + 8 * words + 25;
}

int64_t seg::getScanFlaggedWords(const ScanShape &shape) {
  return 1 + getScanStateWords(shape);
}

int64_t seg::getScanGroupIdWords(const ScanShape &shape) {
  if (!shape.segmented)
    return 1;
  return 3 + (shape.outerDims > 1 ? shape.outerDims : 0);
}

/// Each element's value held twice (as loaded, then scanned), about 8 w of
/// block scan and look-back state and some 24 registers of indices and
/// addresses; segments add about 8 of segment bookkeeping (the group's
/// location, a cursor, the flags), their flagged groups addressing their
/// elements as the flat scan does (a static length, or
/// GroupPath::FlaggedDenseRows). Fitted to ptxas for sm_90 (CUDA 13) on
/// bench/kernels/scan.mlir at block size 128: f32 at m = 20, 24 and 32
/// uses 72, 80 and 96 registers, f64 at m = 8 and 16 uses 80 and 96; the
/// segmented f32 scans of scan.mlir and segscan.mlir at m = 16 use 56 to
/// 72 within ScanGeometry::maxRegisters' 72.
int64_t seg::getScanTileRegisters(const ScanShape &shape, int64_t m) {
  int64_t words = getScanStateWords(shape);
  int64_t registers = 2 * words * m + 8 * words + 24;
  if (shape.segmented)
    registers += 8;
  return registers;
}

/// Each thread's warp-exclusive tuple while warp 0 scans the warp totals
/// with three more (its total, the shuffled partner, their combination),
/// and some 16 registers of indices and addresses. Measured with ptxas for
/// sm_90: the 6 x i64 rescan (13 words) spills at 64 registers (block size
/// 1024), a 4 x i64 one (9 words) does not.
int64_t seg::getScanBlockScanRegisters(const ScanShape &shape) {
  return 4 * getScanFlaggedWords(shape) + 16;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

int64_t ResourceModel::getDefaultBlockSize() const {
  // Eight warps: enough for a block-level reduction's tree to be shallow,
  // few enough that a block's registers rarely limit residency.
  constexpr int64_t kDefaultWarpsPerBlock = 8;
  return std::min(kDefaultWarpsPerBlock * target.getWarpSize(),
                  target.getMaxThreadsPerBlock());
}

int64_t ResourceModel::getPreferredSharedBytes() const {
  // A launch-API constant, the same on every architecture: a choice within
  // it never needs the opt-in nor costs occupancy.
  constexpr int64_t kLaunchDefaultSharedBytes = 48 * 1024;
  return std::min<int64_t>(target.getSharedMemoryPerBlock(),
                           kLaunchDefaultSharedBytes);
}

int64_t ResourceModel::selectReductionLoadsInFlight(int64_t words,
                                                    int64_t blockSize) const {
  int64_t available = getRegistersPerThread(blockSize);
  int64_t loadsInFlight = getLoadsInFlightForWords(words);
  while (loadsInFlight > 1 &&
         getReductionRegisters(words, loadsInFlight) > available)
    loadsInFlight /= 2;
  return loadsInFlight;
}

int64_t ResourceModel::selectSequentialTile(int64_t accumulatorBytes,
                                            int64_t blockSize) const {
  // A warp's worth keeps a row of loads coalesced. Every column count the
  // kernel uses (a power of two up to the tile) then splits the block into
  // whole rows: a thread's column is fixed and its rows advance by
  // B / columns, with no division per element. Rows are padded by one
  // element against bank conflicts.
  int64_t fit = getPreferredSharedBytes() / (blockSize * accumulatorBytes) - 1;
  int64_t tile = llvm::bit_floor(
      static_cast<uint64_t>(std::clamp<int64_t>(fit, 1, target.getWarpSize())));
  // The largest power of two that divides the block size.
  return std::min(tile, blockSize & -blockSize);
}

std::optional<int64_t>
ResourceModel::selectReduceChunkSlots(ArrayRef<Type> types, int64_t blockSize,
                                      int64_t chunk) const {
  if (getReduceChunkSharedBytes(types, blockSize, chunk) >
      target.getSharedMemoryPerBlock())
    return std::nullopt;
  return getReduceChunkSlots(blockSize, chunk);
}

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

bool ResourceModel::fitsSinglePassScan(const ScanShape &shape,
                                       int64_t blockSize,
                                       int64_t *needed) const {
  int64_t registers = getSinglePassScanRegisters(shape, 1);
  if (needed)
    *needed = registers;
  return registers <= getRegistersPerThread(blockSize);
}

bool ResourceModel::parksScanExclusive(const ScanShape &shape,
                                       int64_t blockSize) const {
  return getScanBlockScanRegisters(shape) > getRegistersPerThread(blockSize);
}

bool ResourceModel::exceedsScanRegisters(const ScanShape &shape,
                                         int64_t blockSize, int64_t m) const {
  return getSinglePassScanRegisters(shape, m) >
         getRegistersPerThread(blockSize);
}

bool ResourceModel::reloadsScanElements(const ScanShape &shape,
                                        int64_t blockSize, int64_t m) const {
  return exceedsScanRegisters(shape, blockSize, m) ||
         getScanStateWords(shape) * m > kMaxScanElementWordsInRegisters;
}

int64_t ResourceModel::selectScanLoadsInFlight(const ScanShape &shape,
                                               int64_t blockSize,
                                               int64_t m) const {
  // A `chunk` the model did not choose may hold more loads in flight than
  // the registers allow: its elements are then evaluated in batches.
  int64_t loadsInFlight = std::min(m, kMaxScanLoadsInFlight);
  while (loadsInFlight > 1 &&
         exceedsScanRegisters(shape, blockSize, loadsInFlight))
    --loadsInFlight;
  return loadsInFlight;
}

int64_t ResourceModel::selectScanAggregatesPerThread(const ScanShape &shape,
                                                     int64_t blockSize) const {
  // As many (flag, aggregate) words in flight per thread as a scan
  // element's load phase aims for, while the pairs, their running prefix
  // and the block scan fit the registers.
  int64_t words = getScanFlaggedWords(shape);
  int64_t available = getRegistersPerThread(blockSize);
  int64_t perThread = kScanWordsInFlight / words;
  while (perThread > 1 &&
         (perThread + 1) * words + getScanBlockScanRegisters(shape) > available)
    --perThread;
  return std::max<int64_t>(perThread, 1);
}

SharedMemoryLayout ResourceModel::getScanGroupLayout(const ScanShape &shape,
                                                     int64_t blockSize,
                                                     int64_t m,
                                                     bool singlePass) const {
  MLIRContext *ctx = shape.stateTypes.front().getContext();
  SharedMemoryLayout layout;
  if (singlePass) {
    layout.addBuffer(IndexType::get(ctx), getScanGroupIdWords(shape));
    layout.addBuffers(shape.stateTypes, 1);
  }
  layout.addBuffers(shape.stateTypes, blockSize * m);
  // Only segmented scans carry segment-start flags through the block scan.
  SmallVector<Type> flagged;
  if (shape.segmented)
    flagged.push_back(IntegerType::get(ctx, 1));
  llvm::append_range(flagged, shape.stateTypes);
  layout.addBlockScan(flagged,
                      llvm::divideCeil(blockSize, target.getWarpSize()),
                      blockSize, parksScanExclusive(shape, blockSize));
  return layout;
}

FailureOr<SequentialChoice>
ResourceModel::selectScanElementsPerThread(const ScanShape &shape,
                                           int64_t blockSize, bool singlePass,
                                           std::string *error) const {
  // Operator operands and map-only outputs all pass through a thread's
  // registers.
  SmallVector<Type> all(shape.stateTypes);
  llvm::append_range(all, shape.mapOutTypes);
  FailureOr<SequentialChoice> choice = selectScanDegree(all, blockSize, error);
  if (failed(choice))
    return failure();
  int64_t degree = std::max<int64_t>(1, choice->value);
  // A larger m than keeps enough loads in flight only costs registers and
  // occupancy.
  choice->loadsInFlightBound = std::max(
      kMinScanLoadsInFlight,
      kScanWordsInFlight / std::max<int64_t>(getScanStateWords(shape), 1));
  if (degree > choice->loadsInFlightBound) {
    degree = choice->loadsInFlightBound;
    choice->decidedBy = DecidingBound::LoadsInFlight;
  }
  // Eq. 4 counts the elements; the look-back and the block scan of the
  // kernel need registers of their own.
  int64_t fitting = degree;
  while (fitting > 1 && exceedsScanRegisters(shape, blockSize, fitting))
    --fitting;
  if (fitting < degree) {
    choice->registerBound = degree = fitting;
    choice->decidedBy = DecidingBound::Registers;
  }
  // Eq. 4's shared-memory bound counts one staging buffer; the kernels keep
  // one per operand, and their block scans.
  int64_t limit = target.getSharedMemoryPerBlock();
  while (fitting > 1 &&
         getScanGroupLayout(shape, blockSize, fitting, singlePass)
                 .getTotalBytes() > limit)
    --fitting;
  if (fitting < degree) {
    choice->sharedMemoryBound = degree = fitting;
    choice->decidedBy = DecidingBound::SharedMemory;
  }
  choice->value = degree;
  return choice;
}

/// The share of an SM's threads a memory-bound scan keeps resident: CUB
/// 3.5's Hopper policy (128 threads x 24 items of 4 bytes, 72 registers)
/// runs at 7/16; with fewer, the look-back's latency is exposed (the one
/// H100 profile: warps waited at barriers, occupancy limited by
/// registers).
static constexpr int64_t kScanOccupancyNumerator = 7,
                         kScanOccupancyDenominator = 16;
/// The smallest block the model picks: with fewer warps the cross-warp step
/// and the one-warp look-back are a large share of a block's work.
static constexpr int64_t kMinScanWarpsPerBlock = 4;

ScanGeometry ResourceModel::selectScanGeometry(const ScanShape &shape,
                                               bool singlePass) const {
  ScanGeometry geometry;
  int64_t defaultBlock = getDefaultBlockSize();
  geometry.blockSize = defaultBlock;
  FailureOr<SequentialChoice> base =
      selectScanElementsPerThread(shape, defaultBlock, singlePass);
  int64_t baseM = succeeded(base) ? base->value : 1;
  geometry.elementsPerThread = baseM;
  int64_t residentThreads = target.getMaxThreadsPerSM() *
                            kScanOccupancyNumerator / kScanOccupancyDenominator;
  int64_t budget =
      target.getRegistersPerSM() / std::max<int64_t>(residentThreads, 1);
  auto keepDefault = [&](const Twine &why) {
    geometry.reason = ("default block, " + why).str();
    return geometry;
  };
  if (!singlePass)
    return keepDefault("reduce-then-scan");
  if (getScanTileRegisters(shape, baseM) > budget)
    return keepDefault("about " + Twine(getScanTileRegisters(shape, baseM)) +
                       " registers at m = " + Twine(baseM) + " exceed the " +
                       Twine(budget) + " that keep 7/16 of the SM resident");

  // Elements per thread: as many as the budget allows.
  int64_t m = baseM;
  while (m < kMaxScanLoadsInFlight &&
         getScanTileRegisters(shape, m + 1) <= budget)
    ++m;
  int64_t registers = getScanTileRegisters(shape, m);
  // Threads resident per SM with blocks of `blockSize` (0: the block's
  // shared memory does not fit).
  auto residentAt = [&](int64_t blockSize) -> int64_t {
    int64_t blocks =
        std::min(target.getMaxThreadsPerSM() / blockSize,
                 target.getRegistersPerSM() / (blockSize * registers));
    int64_t shared =
        getScanGroupLayout(shape, blockSize, m, /*singlePass=*/true)
            .getTotalBytes();
    if (shared > target.getSharedMemoryPerBlock())
      return 0;
    if (shared > 0)
      blocks = std::min(blocks, target.getSharedMemoryPerSM() / shared);
    return blocks * blockSize;
  };
  // The smallest block of whole warps that keeps the most threads resident.
  int64_t warp = target.getWarpSize();
  int64_t bestBlock = 0, bestResident = 0;
  for (int64_t blockSize = kMinScanWarpsPerBlock * warp;
       blockSize <= target.getMaxThreadsPerBlock(); blockSize += warp) {
    if (exceedsScanRegisters(shape, blockSize, m))
      continue;
    int64_t resident = residentAt(blockSize);
    if (resident > bestResident) {
      bestResident = resident;
      bestBlock = blockSize;
    }
  }
  if (bestBlock == 0)
    return keepDefault("no block of at least " + Twine(kMinScanWarpsPerBlock) +
                       " warps fits m = " + Twine(m));
  geometry.blockSize = bestBlock;
  geometry.elementsPerThread = m;
  geometry.byOccupancy = true;
  if (const ChipPreset *chip = findChipPreset(target.getChip())) {
    int64_t unit = chip->registerAllocationUnit / target.getWarpSize();
    geometry.maxRegisters = budget / unit * unit;
  }
  geometry.reason = (Twine("model: about ") + Twine(registers) +
                     " registers at m = " + Twine(m) + " (the most within " +
                     Twine(budget) + ", which keep 7/16 of the SM resident), " +
                     Twine(bestResident) + " threads resident per SM")
                        .str();
  return geometry;
}
