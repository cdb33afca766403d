//===- ResourceModel.cpp - Chunk, sequentiality degree, tiles -----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/Utils/Checks.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::seg;

std::optional<int64_t> mlir::seg::getPrimitiveByteSize(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  return std::nullopt;
}

int64_t mlir::seg::getRegisterCount(int64_t byteSize) {
  return llvm::divideCeil(std::max<int64_t>(byteSize, 4), 4);
}

StringRef mlir::seg::stringifyDecidingBound(DecidingBound bound) {
  switch (bound) {
  case DecidingBound::SharedMemory:
    return "shared memory";
  case DecidingBound::Registers:
    return "registers";
  case DecidingBound::Minimum:
    return "the minimum of 1";
  case DecidingBound::LoadsInFlight:
    return "loads in flight";
  }
  llvm_unreachable("unknown bound");
}

std::string SequentialChoice::explain(StringRef what) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << what << " " << value << " (decided by "
     << stringifyDecidingBound(decidedBy) << "; block size " << blockSize
     << ": shared memory (" << sharedMemoryPerBlock
     << " bytes per block) allows " << sharedMemoryBound << ", registers ("
     << registersPerThread << " per thread) allow " << registerBound;
  if (loadsInFlightBound > 0)
    os << ", loads in flight gain up to " << loadsInFlightBound;
  os << ")";
  return text;
}

namespace {
/// Sizes of an operator set's element types.
struct TypeSizes {
  int64_t sum = 0, max = 0, registers = 0;
};
} // namespace

static FailureOr<TypeSizes> measure(ArrayRef<Type> types, std::string *error) {
  TypeSizes sizes;
  for (Type type : types) {
    std::optional<int64_t> size = getPrimitiveByteSize(type);
    if (!size) {
      if (error) {
        llvm::raw_string_ostream os(*error);
        os << "element type " << type << " is not primitive";
      }
      return failure();
    }
    sizes.sum += *size;
    sizes.max = std::max(sizes.max, *size);
    sizes.registers += getRegisterCount(*size);
  }
  if (types.empty()) {
    if (error)
      *error = "no element types";
    return failure();
  }
  return sizes;
}

static std::string format(const llvm::function_ref<void(raw_ostream &)> fn) {
  std::string text;
  llvm::raw_string_ostream os(text);
  fn(os);
  return text;
}

int64_t ResourceModel::getRegistersPerThread(int64_t blockSize) const {
  return std::min(target.getRegistersPerThread(),
                  target.getRegistersPerBlock() /
                      std::max<int64_t>(blockSize, 1));
}

/// Hard limit shared by every kernel: the block itself.
static std::string checkBlockSize(TargetAttr target, int64_t blockSize) {
  if (blockSize <= 0)
    return format([&](raw_ostream &os) {
      os << "block size must be positive, got " << blockSize;
    });
  if (blockSize > target.getMaxThreadsPerBlock())
    return format([&](raw_ostream &os) {
      os << "block size " << blockSize << " exceeds max_threads_per_block "
         << target.getMaxThreadsPerBlock() << " of target " << target.getChip();
    });
  return {};
}

//===----------------------------------------------------------------------===//
// Reduction CHUNK [Pøbl & Holst 2024] and scan sequentiality degree
// [Clausen 2021]
//===----------------------------------------------------------------------===//

namespace {
/// What tells the reduction's CHUNK and the scan's m apart: both stage
/// `value` elements per thread through shared memory and keep a block-wide
/// array of the operator's elements for the block-level phase.
struct SequentialKernel {
  StringRef valueName; // in messages: "chunk 13", "sequentiality degree 4"
  StringRef shortName; // in formulas: "block size 256 x chunk 13 x ..."
  StringRef blockPhase;
  /// Registers a thread needs at `value`.
  int64_t (*registersNeeded)(const TypeSizes &sizes, int64_t value);
};
} // namespace

/// Eq. 10, with kChunkRegistersPerWord per word of the chunk, plus the
/// accumulator and the overhead.
static int64_t reduceRegisters(const TypeSizes &sizes, int64_t chunk) {
  return chunk * kChunkRegistersPerWord * sizes.registers + sizes.registers +
         kChunkOverheadRegisters;
}

/// [Clausen 2021, §5.2]: m * (2 sum(words) + 3) + 1 + sum(words).
static int64_t scanRegisters(const TypeSizes &sizes, int64_t degree) {
  return degree * (2 * sizes.registers + 3) + 1 + sizes.registers;
}

static const SequentialKernel kReduce = {"chunk", "chunk", "block reduction",
                                         reduceRegisters};
static const SequentialKernel kScan = {"sequentiality degree", "m",
                                       "block scan", scanRegisters};

/// Checks the block size and that the block-level phase fits at all, and
/// measures the element types.
static FailureOr<TypeSizes>
measureForBlock(TargetAttr target, const SequentialKernel &kernel,
                ArrayRef<Type> types, int64_t blockSize, std::string &error) {
  error = checkBlockSize(target, blockSize);
  if (!error.empty())
    return failure();
  FailureOr<TypeSizes> sizes = measure(types, &error);
  if (failed(sizes))
    return failure();
  int64_t blockBytes = blockSize * sizes->sum;
  if (blockBytes > target.getSharedMemoryPerBlock()) {
    error = format([&](raw_ostream &os) {
      os << "the " << kernel.blockPhase << " alone needs " << blockBytes
         << " bytes of shared memory (block size " << blockSize << " x "
         << sizes->sum << " bytes) but target " << target.getChip()
         << " allows " << target.getSharedMemoryPerBlock();
    });
    return failure();
  }
  return sizes;
}

std::string ResourceModel::checkSequentialValueRegisters(ArrayRef<Type> types,
                                                         int64_t value,
                                                         bool isScan) const {
  FailureOr<TypeSizes> sizes = measure(types, nullptr);
  if (failed(sizes))
    return {};
  // The values alone must fit one thread's registers: beyond that, the
  // sequential part would live in local memory whatever the block size, and
  // its fully unrolled code takes the backend minutes to compile.
  std::optional<int64_t> valueRegisters =
      seg::checkedMul(value, sizes->registers);
  if (valueRegisters && *valueRegisters <= target.getRegistersPerThread())
    return {};
  return format([&](raw_ostream &os) {
    os << (isScan ? kScan : kReduce).valueName << " " << value << " keeps ";
    if (valueRegisters)
      os << *valueRegisters;
    else
      os << "more than 2^63";
    os << " registers of values per thread, more than the "
       << target.getRegistersPerThread() << " registers_per_thread of target "
       << target.getChip() << "; use at most "
       << target.getRegistersPerThread() / sizes->registers;
  });
}

static Legality checkSequential(const ResourceModel &model,
                                const SequentialKernel &kernel,
                                ArrayRef<Type> types, int64_t blockSize,
                                int64_t value) {
  TargetAttr target = model.getTarget();
  Legality legality;
  if (value <= 0) {
    legality.hardViolation = format([&](raw_ostream &os) {
      os << kernel.valueName << " must be positive, got " << value;
    });
    return legality;
  }
  FailureOr<TypeSizes> sizes =
      measureForBlock(target, kernel, types, blockSize, legality.hardViolation);
  if (failed(sizes))
    return legality;
  std::optional<int64_t> staged = seg::checkedMul(blockSize, value);
  if (staged)
    staged = seg::checkedMul(*staged, sizes->max);
  int64_t stagedBytes = staged.value_or(std::numeric_limits<int64_t>::max());
  if (stagedBytes > target.getSharedMemoryPerBlock()) {
    legality.hardViolation = format([&](raw_ostream &os) {
      os << kernel.valueName << " " << value << " needs " << stagedBytes
         << " bytes of shared memory (block size " << blockSize << " x "
         << kernel.shortName << " " << value << " x " << sizes->max
         << " bytes) but target " << target.getChip() << " allows "
         << target.getSharedMemoryPerBlock() << " per block";
    });
    return legality;
  }
  legality.hardViolation = model.checkSequentialValueRegisters(
      types, value, /*isScan=*/&kernel == &kScan);
  if (!legality.hardViolation.empty())
    return legality;
  int64_t needed = kernel.registersNeeded(*sizes, value);
  int64_t available = model.getRegistersPerThread(blockSize);
  if (needed > available)
    legality.softViolation = format([&](raw_ostream &os) {
      os << kernel.valueName << " " << value << " needs about " << needed
         << " registers per thread but block size " << blockSize << " leaves "
         << available << " on target " << target.getChip()
         << "; expect register spilling";
    });
  return legality;
}

/// The smaller of the two bounds, and which one it was; at least 1.
static void decide(SequentialChoice &choice) {
  choice.value = std::min(choice.sharedMemoryBound, choice.registerBound);
  choice.decidedBy = choice.sharedMemoryBound <= choice.registerBound
                         ? DecidingBound::SharedMemory
                         : DecidingBound::Registers;
  if (choice.value < 1) {
    choice.value = 1;
    choice.decidedBy = DecidingBound::Minimum;
  }
}

FailureOr<SequentialChoice>
ResourceModel::selectReduceChunk(ArrayRef<Type> types, int64_t blockSize,
                                 bool avoidMultiplesOf8,
                                 std::string *error) const {
  std::string message;
  FailureOr<TypeSizes> sizes =
      measureForBlock(target, kReduce, types, blockSize, message);
  if (failed(sizes)) {
    if (error)
      *error = message;
    return failure();
  }
  SequentialChoice choice;
  choice.blockSize = blockSize;
  choice.sharedMemoryPerBlock = target.getSharedMemoryPerBlock();
  choice.registersPerThread = getRegistersPerThread(blockSize);
  // The transposition of CHUNK elements of every operand at once (eq. 6
  // counts the largest type only), from the estimate without the warp
  // totals and alignment down to what fits with them.
  choice.sharedMemoryBound =
      choice.sharedMemoryPerBlock / (blockSize * sizes->sum);
  while (choice.sharedMemoryBound > 0 &&
         getReduceChunkSharedBytes(types, blockSize, choice.sharedMemoryBound) >
             choice.sharedMemoryPerBlock)
    --choice.sharedMemoryBound;
  choice.registerBound = llvm::divideFloorSigned(
      choice.registersPerThread - reduceRegisters(*sizes, 0),
      kChunkRegistersPerWord * sizes->registers);
  decide(choice);
  if (avoidMultiplesOf8 && choice.value > 1 && choice.value % 8 == 0)
    --choice.value;
  return choice;
}

Legality ResourceModel::checkReduceChunk(ArrayRef<Type> types,
                                         int64_t blockSize,
                                         int64_t chunk) const {
  // Eq. 6 is the hard bound: a kernel can transpose one operand at a time.
  Legality legality = checkSequential(*this, kReduce, types, blockSize, chunk);
  if (!legality.isLegal() || chunk == 1)
    return legality;
  int64_t atOnce = getReduceChunkSharedBytes(types, blockSize, chunk);
  if (atOnce <= target.getSharedMemoryPerBlock())
    return legality;
  if (!legality.softViolation.empty())
    legality.softViolation += "; ";
  legality.softViolation += format([&](raw_ostream &os) {
    os << "chunk " << chunk << " transposes one operand at a time, with two "
       << "barriers each: all of them at once need " << atOnce
       << " bytes of shared memory but target " << target.getChip()
       << " allows " << target.getSharedMemoryPerBlock() << " per block";
  });
  return legality;
}

int64_t ResourceModel::getReduceChunkSlots(int64_t blockSize,
                                           int64_t chunk) const {
  int64_t warps = llvm::divideCeil(blockSize, target.getWarpSize());
  return blockSize * chunk + (warps > 1 ? warps : 0);
}

int64_t ResourceModel::getReduceChunkSharedBytes(ArrayRef<Type> types,
                                                 int64_t blockSize,
                                                 int64_t chunk) const {
  int64_t slots = getReduceChunkSlots(blockSize, chunk), bytes = 0;
  for (Type type : types)
    bytes += llvm::alignTo(slots * *getPrimitiveByteSize(type),
                           kSharedBufferAlignment);
  return bytes;
}

SequentialChoice ResourceModel::scanDegreeFormula(ArrayRef<int64_t> byteSizes,
                                                  int64_t kMem, int64_t kReg) {
  int64_t sum = 0, max = 1, words = 0;
  for (int64_t size : byteSizes) {
    sum += size;
    max = std::max(max, size);
    words += getRegisterCount(size);
  }
  SequentialChoice choice;
  choice.sharedMemoryBound = std::max(kMem, sum) / max;
  choice.registerBound =
      llvm::divideFloorSigned(kReg - 1 - words, 2 * words + 3);
  decide(choice);
  return choice;
}

FailureOr<SequentialChoice>
ResourceModel::selectScanDegree(ArrayRef<Type> types, int64_t blockSize,
                                std::string *error) const {
  std::string message;
  if (failed(measureForBlock(target, kScan, types, blockSize, message))) {
    if (error)
      *error = message;
    return failure();
  }
  SmallVector<int64_t> byteSizes;
  for (Type type : types)
    byteSizes.push_back(*getPrimitiveByteSize(type));
  int64_t kMem = target.getSharedMemoryPerBlock() / blockSize;
  int64_t kReg = getRegistersPerThread(blockSize);
  SequentialChoice choice = scanDegreeFormula(byteSizes, kMem, kReg);
  choice.blockSize = blockSize;
  choice.sharedMemoryPerBlock = target.getSharedMemoryPerBlock();
  choice.registersPerThread = kReg;
  return choice;
}

Legality ResourceModel::checkScanDegree(ArrayRef<Type> types, int64_t blockSize,
                                        int64_t degree) const {
  return checkSequential(*this, kScan, types, blockSize, degree);
}

//===----------------------------------------------------------------------===//
// Tile sizes [Cholewa-Madsen & Holst 2020]
//===----------------------------------------------------------------------===//

Legality ResourceModel::checkTiles(const TileSizes &tiles, int64_t sizeA,
                                   int64_t sizeB, int64_t sizeAcc) const {
  Legality legality;
  const std::pair<StringRef, int64_t> named[] = {
      {"Ty", tiles.ty}, {"Tx", tiles.tx}, {"Tk", tiles.tk},
      {"Ry", tiles.ry}, {"Rx", tiles.rx}, {"stages", tiles.stages}};
  for (auto [name, value] : named)
    if (value <= 0) {
      legality.hardViolation = format([&](raw_ostream &os) {
        os << "tile size " << name << " must be positive, got " << value;
      });
      return legality;
    }
  int64_t threads = tiles.ty * tiles.tx;
  if (threads > target.getMaxThreadsPerBlock()) {
    legality.hardViolation = format([&](raw_ostream &os) {
      os << "Ty x Tx = " << tiles.ty << " x " << tiles.tx << " = " << threads
         << " threads exceeds max_threads_per_block "
         << target.getMaxThreadsPerBlock() << " of target " << target.getChip();
    });
    return legality;
  }
  // Slices copied from arrays with k innermost have padded rows; which
  // ones those are depends on the arrays' layouts, so every slice is
  // counted padded.
  const int64_t pad = TileSizes::kRowPadding;
  int64_t sharedBytes = getTileSharedBytes(tiles, sizeA, sizeB);
  if (sharedBytes > target.getSharedMemoryPerBlock()) {
    legality.hardViolation = format([&](raw_ostream &os) {
      os << "tiles need " << sharedBytes
         << " bytes of shared memory (stages * Tk * (size_A*(Ty*Ry+" << pad
         << ") + size_B*(Tx*Rx+" << pad << ")) = " << tiles.stages << " * "
         << tiles.tk << " * (" << sizeA << "*(" << tiles.ty << "*" << tiles.ry
         << "+" << pad << ") + " << sizeB << "*(" << tiles.tx << "*" << tiles.rx
         << "+" << pad << "))) but target " << target.getChip() << " allows "
         << target.getSharedMemoryPerBlock() << " per block";
    });
    return legality;
  }
  int64_t needed = getRegisterCount(sizeAcc) * tiles.ry * tiles.rx +
                   getRegisterCount(sizeA) * tiles.ry +
                   getRegisterCount(sizeB) * tiles.rx + kTileOverheadRegisters;
  // The next k-tile's elements a thread copies, held across the compute
  // (asynchronous copies hold none).
  if (tiles.stages == 2)
    needed += llvm::divideCeil(tiles.tk * tiles.ty * tiles.ry, threads) *
                  getRegisterCount(sizeA) +
              llvm::divideCeil(tiles.tk * tiles.tx * tiles.rx, threads) *
                  getRegisterCount(sizeB);
  int64_t available = getRegistersPerThread(threads);
  if (needed > available)
    legality.softViolation = format([&](raw_ostream &os) {
      os << "register tiles " << tiles.ry << " x " << tiles.rx << " need about "
         << needed << " registers per thread but " << threads
         << " threads per block leave " << available << " on target "
         << target.getChip() << "; expect register spilling";
    });
  return legality;
}

int64_t ResourceModel::getTileSharedBytes(const TileSizes &tiles, int64_t sizeA,
                                          int64_t sizeB) const {
  const int64_t pad = TileSizes::kRowPadding;
  return tiles.stages * tiles.tk *
         (sizeA * (tiles.ty * tiles.ry + pad) +
          sizeB * (tiles.tx * tiles.rx + pad));
}

int64_t ResourceModel::selectAsyncCopyStages(const TileSizes &tiles,
                                             int64_t sizeA,
                                             int64_t sizeB) const {
  TileSizes staged = tiles;
  int64_t threads = tiles.ty * tiles.tx, fewestResident = 0, chosen = 0;
  for (int64_t stages = TileSizes::kMinAsyncCopyStages;
       stages <= TileSizes::kMaxAsyncCopyStages; ++stages) {
    staged.stages = stages;
    int64_t bytes = getTileSharedBytes(staged, sizeA, sizeB);
    if (bytes > target.getSharedMemoryPerBlock())
      break;
    int64_t resident = getResidentBlocksPerSM(threads, bytes);
    if (!fewestResident)
      fewestResident = resident;
    if (resident < fewestResident)
      break;
    chosen = stages;
  }
  return chosen;
}

int64_t ResourceModel::getResidentBlocksPerSM(int64_t threads,
                                              int64_t sharedBytes) const {
  threads = std::max<int64_t>(threads, 1);
  int64_t blocks = target.getMaxThreadsPerSM() / threads;
  blocks = std::min(blocks, target.getRegistersPerSM() /
                                (threads * getRegistersPerThread(threads)));
  if (sharedBytes > 0)
    blocks = std::min(blocks, target.getSharedMemoryPerSM() / sharedBytes);
  return std::max<int64_t>(blocks, 1);
}

int64_t ResourceModel::selectBlockSwizzle(
    int64_t rowBytes, int64_t columnBytes, int64_t residentBlocksPerSM,
    std::optional<int64_t> blockRows, std::optional<int64_t> numBlocks) const {
  int64_t wave = target.getNumSMs() * std::max<int64_t>(residentBlocksPerSM, 1);
  if (numBlocks && *numBlocks <= wave)
    return 1;
  // Among the row counts with the same ceil(wave / rows) the smallest reads
  // the fewest bytes, and there are at most 2 sqrt(wave) such groups: visit
  // the first of each, in increasing order (the first minimum wins).
  int64_t best = 1, bestBytes = rowBytes + wave * columnBytes;
  for (int64_t rows = 2; rows <= wave;) {
    int64_t columns = llvm::divideCeil(wave, rows);
    int64_t bytes = rows * rowBytes + columns * columnBytes;
    if (bytes < bestBytes) {
      best = rows;
      bestBytes = bytes;
    }
    // The first row count with fewer columns.
    rows = columns == 1 ? wave + 1 : (wave - 1) / (columns - 1) + 1;
  }
  return blockRows ? std::clamp<int64_t>(best, 1, *blockRows) : best;
}

FailureOr<TileSizes> ResourceModel::selectTiles(int64_t sizeA, int64_t sizeB,
                                                int64_t sizeAcc, bool cheapStep,
                                                std::string *why) const {
  // The "nice" configuration of [Cholewa-Madsen & Holst 2020, §5.1.1] first,
  // then smaller register and block tiles for wide element types or small
  // targets.
  static const TileSizes candidates[] = {{16, 16, 8, 8, 8},  {16, 16, 32, 8, 4},
                                         {16, 16, 16, 4, 4}, {16, 16, 16, 2, 2},
                                         {16, 8, 16, 2, 2},  {8, 8, 8, 1, 1}};
  std::optional<TileSizes> firstLegal;
  std::string firstLegalNote;
  SmallVector<TileSizes> staged;
  for (TileSizes tiles : candidates)
    for (int64_t stages : {2, 1}) {
      if (!cheapStep && tiles.ry * tiles.rx > 32)
        continue;
      tiles.stages = stages;
      staged.push_back(tiles);
    }
  for (const TileSizes &tiles : staged) {
    Legality legality = checkTiles(tiles, sizeA, sizeB, sizeAcc);
    if (!legality.isLegal())
      continue;
    if (legality.softViolation.empty()) {
      if (why)
        *why = format([&](raw_ostream &os) {
          os << "the largest that fits shared memory and registers of "
             << target.getChip();
        });
      return tiles;
    }
    if (!firstLegal) {
      firstLegal = tiles;
      firstLegalNote = legality.softViolation;
    }
  }
  if (!firstLegal)
    return failure();
  if (why)
    *why = "no configuration avoids register spilling; " + firstLegalNote;
  return *firstLegal;
}
