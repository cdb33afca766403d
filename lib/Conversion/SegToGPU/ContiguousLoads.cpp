//===- ContiguousLoads.cpp - Loads a seg body makes along its rows --------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ContiguousLoads.h"

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

ContiguousLoads seg::analyzeContiguousLoads(Block &body, int64_t vectorBytes) {
  ContiguousLoads result;
  int64_t widest = 0;
  for (auto load : body.getOps<memref::LoadOp>()) {
    if (!isContiguous(load, body))
      continue;
    result.loads.push_back(load);
    widest = std::max(widest, getElementBytes(load));
  }
  if (widest == 0 || widest >= vectorBytes) {
    result.loads.clear();
    return result;
  }
  result.width = vectorBytes / widest;
  result.vectorBytes = result.width * widest;
  return result;
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

Value seg::emitContiguousLoadsAligned(OpBuilder &b, Location loc,
                                      const ContiguousLoads &loads, Block &body,
                                      ValueRange ivs) {
  Value aligned = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (memref::LoadOp load : loads.loads) {
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
    Value pointerBits =
        arith::AndIOp::create(b, loc,
                              memref::ExtractAlignedPointerAsIndexOp::create(
                                  b, loc, load.getMemref()),
                              mask);
    Value offsetBits = arith::AndIOp::create(
        b, loc,
        arith::MulIOp::create(
            b, loc, linear,
            arith::ConstantIndexOp::create(b, loc, elementBytes)),
        mask);
    Value misalignment = arith::AndIOp::create(
        b, loc, arith::AddIOp::create(b, loc, pointerBits, offsetBits), mask);
    aligned = arith::AndIOp::create(
        b, loc, aligned,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, misalignment,
                              zero));
  }
  return aligned;
}
