//===- ContiguousLoads.cpp - Loads a seg body makes along its rows --------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ContiguousLoads.h"

#include "segir/Analysis/ResourceModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::seg;

/// Bytes of an integer or float element of a power-of-two byte size.
static std::optional<int64_t> getElementBytes(Type type) {
  if (!type.isIntOrFloat())
    return std::nullopt;
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits % 8 != 0 || !llvm::isPowerOf2_32(bits / 8))
    return std::nullopt;
  return bits / 8;
}

static int64_t getElementBytes(memref::LoadOp load) {
  return *getElementBytes(load.getMemRefType().getElementType());
}

static bool isContiguous(memref::LoadOp load, Block &body) {
  MemRefType type = load.getMemRefType();
  if (type.getRank() == 0 || type.getMemorySpace() ||
      !getElementBytes(type.getElementType()))
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return false;
  Region *bodyRegion = body.getParent();
  auto definedOutside = [&](Value value) {
    return !bodyRegion->isAncestor(value.getParentRegion());
  };
  if (!definedOutside(load.getMemref()))
    return false;
  BlockArgument innermost = body.getArguments().back();
  ValueRange indices = load.getIndices();
  if (indices.back() != innermost)
    return false;
  return llvm::all_of(indices.drop_back(), [&](Value index) {
    auto arg = dyn_cast<BlockArgument>(index);
    if (arg && arg.getOwner() == &body)
      return arg != innermost;
    return definedOutside(index);
  });
}

ContiguousLoads seg::analyzeContiguousLoads(Block &body,
                                            int64_t maxVectorBytes,
                                            int64_t loadsInFlight) {
  ContiguousLoads result;
  int64_t widest = 0;
  for (auto load : body.getOps<memref::LoadOp>()) {
    if (!isContiguous(load, body))
      continue;
    result.loads.push_back(load);
    widest = std::max(widest, getElementBytes(load));
  }
  VectorLoadShape shape =
      selectVectorLoads(widest, maxVectorBytes, loadsInFlight);
  if (shape.width <= 1) {
    result.loads.clear();
    return result;
  }
  result.width = shape.width;
  result.vectorsInFlight = shape.vectorsInFlight;
  return result;
}

int64_t seg::getWidestElementBytes(const ContiguousLoads &loads) {
  int64_t widest = 0;
  for (memref::LoadOp load : loads.loads)
    widest = std::max(widest, getElementBytes(load));
  return widest;
}

SmallVector<int64_t> seg::selectRowWidths(const ContiguousLoads &loads,
                                          int64_t columns) {
  constexpr int64_t kWordBytes = 4;
  SmallVector<int64_t> widths;
  if (!loads.isVectorized() || getWidestElementBytes(loads) >= kWordBytes)
    return widths;
  int64_t widest = std::min(loads.width, columns);
  int64_t word = kWordBytes / getWidestElementBytes(loads);
  if (widest >= word)
    widths.push_back(widest);
  if (word < widest)
    widths.push_back(word);
  return widths;
}

SmallVector<int64_t> seg::selectWholeRowWidths(const ContiguousLoads &loads,
                                               int64_t columns,
                                               std::optional<int64_t> length) {
  SmallVector<int64_t> widths = selectRowWidths(loads, columns);
  if (length)
    llvm::erase_if(widths, [&](int64_t width) { return *length % width; });
  return widths;
}

/// The indices of `load` at point `ivs`.
static SmallVector<Value> getIndicesAt(memref::LoadOp load, Block &body,
                                       ValueRange ivs) {
  return llvm::map_to_vector(load.getIndices(), [&](Value index) -> Value {
    auto arg = dyn_cast<BlockArgument>(index);
    if (arg && arg.getOwner() == &body)
      return ivs[arg.getArgNumber()];
    return index;
  });
}

SmallVector<Value> seg::emitContiguousVectorLoads(OpBuilder &b, Location loc,
                                                  const ContiguousLoads &loads,
                                                  Block &body, ValueRange ivs) {
  return llvm::map_to_vector(loads.loads, [&](memref::LoadOp load) -> Value {
    int64_t bytes = loads.width * getElementBytes(load);
    auto type =
        VectorType::get({loads.width}, load.getMemRefType().getElementType());
    return vector::LoadOp::create(b, loc, type, load.getMemref(),
                                  getIndicesAt(load, body, ivs),
                                  /*nontemporal=*/false, llvm::Align(bytes));
  });
}

/// The bytes by which `load`'s vector at point `ivs` lies past an address
/// aligned to its size.
static Value emitMisalignment(OpBuilder &b, Location loc,
                              const ContiguousLoads &loads,
                              memref::LoadOp load, Block &body,
                              ValueRange ivs) {
  int64_t elementBytes = getElementBytes(load);
  auto metadata =
      memref::ExtractStridedMetadataOp::create(b, loc, load.getMemref());
  Value linear = metadata.getOffset();
  for (auto [index, stride] :
       llvm::zip_equal(getIndicesAt(load, body, ivs), metadata.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  // The pointer's and the offset's low bits apart: an address computed
  // as an integer would take the place of the loads' pointer arithmetic
  // in LLVM, which then no longer sees that they read global memory.
  Value mask =
      arith::ConstantIndexOp::create(b, loc, loads.width * elementBytes - 1);
  Value pointerBits = arith::AndIOp::create(
      b, loc,
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, load.getMemref()),
      mask);
  Value offsetBits = arith::AndIOp::create(
      b, loc,
      arith::MulIOp::create(
          b, loc, linear, arith::ConstantIndexOp::create(b, loc, elementBytes)),
      mask);
  return arith::AndIOp::create(
      b, loc, arith::AddIOp::create(b, loc, pointerBits, offsetBits), mask);
}

/// Whether the vectors of `loads` at point `ivs` are all aligned to their
/// size (an i1). If they are, so are all vectors a multiple of `width`
/// elements further along the innermost dimension.
static Value emitContiguousLoadsAligned(OpBuilder &b, Location loc,
                                        const ContiguousLoads &loads,
                                        Block &body, ValueRange ivs) {
  Value aligned = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (memref::LoadOp load : loads.loads)
    aligned = arith::AndIOp::create(
        b, loc, aligned,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                              emitMisalignment(b, loc, loads, load, body, ivs),
                              zero));
  return aligned;
}

AlignedVectorRange seg::emitAlignedVectorRange(OpBuilder &b, Location loc,
                                               const ContiguousLoads &loads,
                                               Block &body, ValueRange ivs,
                                               Value length) {
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value).getResult();
  };
  auto select = [&](Value cond, Value ifTrue, Value ifFalse) {
    return arith::SelectOp::create(b, loc, cond, ifTrue, ifFalse).getResult();
  };
  // The first load's elements up to its next aligned vector; the other
  // loads must be aligned there too.
  memref::LoadOp first = loads.loads.front();
  int64_t elementBytes = getElementBytes(first);
  int64_t vectorBytes = loads.width * elementBytes;
  Value misalignment = emitMisalignment(b, loc, loads, first, body, ivs);
  Value headBytes = arith::AndIOp::create(
      b, loc, arith::SubIOp::create(b, loc, constant(vectorBytes), misalignment),
      constant(vectorBytes - 1));
  Value head = arith::MinUIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, headBytes, constant(elementBytes)),
      length);
  Value start = ivs.back();
  SmallVector<Value> headIvs(ivs);
  headIvs.back() = arith::AddIOp::create(b, loc, start, head);
  Value aligned = emitContiguousLoadsAligned(b, loc, loads, body, headIvs);
  Value width = constant(loads.width);
  Value vectorElements = arith::MulIOp::create(
      b, loc,
      arith::DivUIOp::create(b, loc,
                             arith::SubIOp::create(b, loc, length, head),
                             width),
      width);
  AlignedVectorRange range;
  range.begin = arith::AddIOp::create(b, loc, start,
                                      select(aligned, head, constant(0)));
  range.end = arith::AddIOp::create(
      b, loc, range.begin, select(aligned, vectorElements, constant(0)));
  return range;
}

Value seg::emitRowsAligned(OpBuilder &b, Location loc,
                           const ContiguousLoads &loads, Block &body) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> ivs(body.getNumArguments(), zero);
  Value aligned = emitContiguousLoadsAligned(b, loc, loads, body, ivs);
  for (unsigned dim = 0, e = ivs.size() - 1; dim < e; ++dim) {
    ivs[dim] = one;
    aligned = arith::AndIOp::create(
        b, loc, aligned, emitContiguousLoadsAligned(b, loc, loads, body, ivs));
    ivs[dim] = zero;
  }
  return aligned;
}

Value seg::emitRowVectorWidth(OpBuilder &b, Location loc,
                              const ContiguousLoads &loads,
                              ArrayRef<int64_t> widths, Block &body,
                              Value length) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value chosen = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t width : llvm::reverse(widths)) {
    ContiguousLoads vectors = loads;
    vectors.width = width;
    Value widthIdx = arith::ConstantIndexOp::create(b, loc, width);
    Value divides = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(b, loc, length, widthIdx), zero);
    Value usable = arith::AndIOp::create(
        b, loc, divides, emitRowsAligned(b, loc, vectors, body));
    chosen = arith::SelectOp::create(b, loc, usable, widthIdx, chosen);
  }
  return chosen;
}
