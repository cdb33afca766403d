//===- ResourceModel.cpp - Chunk, sequentiality degree, tiles -----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Analysis/ResourceModel.h"

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
  case DecidingBound::Fixed:
    return "the kernel";
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
     << registersPerThread << " per thread) allow " << registerBound << ")";
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
// Reduction CHUNK (seed 000)
//===----------------------------------------------------------------------===//

FailureOr<SequentialChoice>
ResourceModel::selectReduceChunk(ArrayRef<Type> types, int64_t blockSize,
                                 bool avoidMultiplesOf8,
                                 std::string *error) const {
  std::string blockError = checkBlockSize(target, blockSize);
  if (!blockError.empty()) {
    if (error)
      *error = blockError;
    return failure();
  }
  FailureOr<TypeSizes> sizes = measure(types, error);
  if (failed(sizes))
    return failure();
  int64_t sharedMemory = target.getSharedMemoryPerBlock();
  if (blockSize * sizes->sum > sharedMemory) {
    if (error)
      *error = format([&](raw_ostream &os) {
        os << "the block reduction alone needs " << blockSize * sizes->sum
           << " bytes of shared memory (block size " << blockSize << " x "
           << sizes->sum << " bytes) but target " << target.getChip()
           << " allows " << sharedMemory;
      });
    return failure();
  }

  SequentialChoice choice;
  choice.blockSize = blockSize;
  choice.sharedMemoryPerBlock = sharedMemory;
  choice.registersPerThread = getRegistersPerThread(blockSize);
  // Eq. 6: the collective copy of CHUNK elements of the largest type.
  choice.sharedMemoryBound = sharedMemory / (blockSize * sizes->max);
  // Eq. 10 plus the accumulator and the overhead.
  choice.registerBound = llvm::divideFloorSigned(
      choice.registersPerThread - sizes->registers - kChunkOverheadRegisters,
      sizes->registers);
  choice.value = std::min(choice.sharedMemoryBound, choice.registerBound);
  choice.decidedBy = choice.sharedMemoryBound <= choice.registerBound
                         ? DecidingBound::SharedMemory
                         : DecidingBound::Registers;
  if (choice.value < 1) {
    choice.value = 1;
    choice.decidedBy = DecidingBound::Minimum;
  }
  if (avoidMultiplesOf8 && choice.value > 1 && choice.value % 8 == 0)
    --choice.value;
  return choice;
}

Legality ResourceModel::checkReduceChunk(ArrayRef<Type> types,
                                         int64_t blockSize,
                                         int64_t chunk) const {
  Legality legality;
  legality.hardViolation = checkBlockSize(target, blockSize);
  if (!legality.isLegal())
    return legality;
  if (chunk <= 0) {
    legality.hardViolation = format([&](raw_ostream &os) {
      os << "chunk must be positive, got " << chunk;
    });
    return legality;
  }
  FailureOr<TypeSizes> sizes = measure(types, &legality.hardViolation);
  if (failed(sizes))
    return legality;
  int64_t copyBytes = blockSize * chunk * sizes->max;
  int64_t reduceBytes = blockSize * sizes->sum;
  int64_t sharedMemory = target.getSharedMemoryPerBlock();
  if (std::max(copyBytes, reduceBytes) > sharedMemory) {
    legality.hardViolation = format([&](raw_ostream &os) {
      if (copyBytes >= reduceBytes)
        os << "chunk " << chunk << " needs " << copyBytes
           << " bytes of shared memory (block size " << blockSize << " x chunk "
           << chunk << " x " << sizes->max << " bytes)";
      else
        os << "the block reduction needs " << reduceBytes
           << " bytes of shared memory (block size " << blockSize << " x "
           << sizes->sum << " bytes)";
      os << " but target " << target.getChip() << " allows " << sharedMemory
         << " per block";
    });
    return legality;
  }
  int64_t needed =
      chunk * sizes->registers + sizes->registers + kChunkOverheadRegisters;
  int64_t available = getRegistersPerThread(blockSize);
  if (needed > available)
    legality.softViolation = format([&](raw_ostream &os) {
      os << "chunk " << chunk << " needs about " << needed
         << " registers per thread but block size " << blockSize << " leaves "
         << available << " on target " << target.getChip()
         << "; expect register spilling";
    });
  return legality;
}

//===----------------------------------------------------------------------===//
// Scan sequentiality degree (seed 004)
//===----------------------------------------------------------------------===//

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
  choice.value = std::min(choice.sharedMemoryBound, choice.registerBound);
  choice.decidedBy = choice.sharedMemoryBound <= choice.registerBound
                         ? DecidingBound::SharedMemory
                         : DecidingBound::Registers;
  if (choice.value < 1) {
    choice.value = 1;
    choice.decidedBy = DecidingBound::Minimum;
  }
  return choice;
}

FailureOr<SequentialChoice>
ResourceModel::selectScanDegree(ArrayRef<Type> types, int64_t blockSize,
                                std::string *error) const {
  std::string blockError = checkBlockSize(target, blockSize);
  if (!blockError.empty()) {
    if (error)
      *error = blockError;
    return failure();
  }
  FailureOr<TypeSizes> sizes = measure(types, error);
  if (failed(sizes))
    return failure();
  int64_t sharedMemory = target.getSharedMemoryPerBlock();
  if (blockSize * sizes->sum > sharedMemory) {
    if (error)
      *error = format([&](raw_ostream &os) {
        os << "the block scan alone needs " << blockSize * sizes->sum
           << " bytes of shared memory (block size " << blockSize << " x "
           << sizes->sum << " bytes) but target " << target.getChip()
           << " allows " << sharedMemory;
      });
    return failure();
  }
  SmallVector<int64_t> byteSizes;
  for (Type type : types)
    byteSizes.push_back(*getPrimitiveByteSize(type));
  int64_t kMem = sharedMemory / blockSize;
  int64_t kReg = getRegistersPerThread(blockSize);
  SequentialChoice choice = scanDegreeFormula(byteSizes, kMem, kReg);
  choice.blockSize = blockSize;
  choice.sharedMemoryPerBlock = sharedMemory;
  choice.registersPerThread = kReg;
  return choice;
}

Legality ResourceModel::checkScanDegree(ArrayRef<Type> types, int64_t blockSize,
                                        int64_t degree) const {
  Legality legality;
  legality.hardViolation = checkBlockSize(target, blockSize);
  if (!legality.isLegal())
    return legality;
  if (degree <= 0) {
    legality.hardViolation = format([&](raw_ostream &os) {
      os << "sequentiality degree must be positive, got " << degree;
    });
    return legality;
  }
  FailureOr<TypeSizes> sizes = measure(types, &legality.hardViolation);
  if (failed(sizes))
    return legality;
  // The transposition through shared memory holds m elements per thread.
  int64_t transposeBytes = blockSize * degree * sizes->max;
  int64_t scanBytes = blockSize * sizes->sum;
  int64_t sharedMemory = target.getSharedMemoryPerBlock();
  if (std::max(transposeBytes, scanBytes) > sharedMemory) {
    legality.hardViolation = format([&](raw_ostream &os) {
      if (transposeBytes >= scanBytes)
        os << "sequentiality degree " << degree << " needs " << transposeBytes
           << " bytes of shared memory (block size " << blockSize << " x "
           << degree << " x " << sizes->max << " bytes)";
      else
        os << "the block scan needs " << scanBytes
           << " bytes of shared memory (block size " << blockSize << " x "
           << sizes->sum << " bytes)";
      os << " but target " << target.getChip() << " allows " << sharedMemory
         << " per block";
    });
    return legality;
  }
  // Seed 004 section 5.2: m * (2 sum(words) + 3) + 1 + sum(words).
  int64_t needed = degree * (2 * sizes->registers + 3) + 1 + sizes->registers;
  int64_t available = getRegistersPerThread(blockSize);
  if (needed > available)
    legality.softViolation = format([&](raw_ostream &os) {
      os << "sequentiality degree " << degree << " needs about " << needed
         << " registers per thread but block size " << blockSize << " leaves "
         << available << " on target " << target.getChip()
         << "; expect register spilling";
    });
  return legality;
}

//===----------------------------------------------------------------------===//
// Tile sizes (seed 003)
//===----------------------------------------------------------------------===//

Legality ResourceModel::checkTiles(const TileSizes &tiles, int64_t sizeA,
                                   int64_t sizeB, int64_t sizeAcc) const {
  Legality legality;
  const std::pair<StringRef, int64_t> named[] = {{"Ty", tiles.ty},
                                                 {"Tx", tiles.tx},
                                                 {"Tk", tiles.tk},
                                                 {"Ry", tiles.ry},
                                                 {"Rx", tiles.rx}};
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
  int64_t sharedBytes =
      tiles.tk * (sizeA * tiles.ty * tiles.ry + sizeB * tiles.tx * tiles.rx);
  if (sharedBytes > target.getSharedMemoryPerBlock()) {
    legality.hardViolation = format([&](raw_ostream &os) {
      os << "tiles need " << sharedBytes
         << " bytes of shared memory (Tk * (size_A*Ty*Ry + size_B*Tx*Rx) = "
         << tiles.tk << " * (" << sizeA << "*" << tiles.ty << "*" << tiles.ry
         << " + " << sizeB << "*" << tiles.tx << "*" << tiles.rx
         << ")) but target " << target.getChip() << " allows "
         << target.getSharedMemoryPerBlock() << " per block";
    });
    return legality;
  }
  int64_t needed = getRegisterCount(sizeAcc) * tiles.ry * tiles.rx +
                   getRegisterCount(sizeA) * tiles.ry +
                   getRegisterCount(sizeB) * tiles.rx + kTileOverheadRegisters;
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
