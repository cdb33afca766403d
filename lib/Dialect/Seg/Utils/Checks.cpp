//===- Checks.cpp - Overflow-checked counts and body checks of seg ops ----===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/Utils/Checks.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

std::optional<int64_t> seg::checkedMul(int64_t lhs, int64_t rhs) {
  int64_t product;
  if (llvm::MulOverflow(lhs, rhs, product))
    return std::nullopt;
  return product;
}

std::optional<int64_t> seg::checkedStaticProduct(ArrayRef<int64_t> sizes) {
  int64_t product = 1;
  for (int64_t size : sizes) {
    if (ShapedType::isDynamic(size))
      continue;
    std::optional<int64_t> next = checkedMul(product, size);
    if (!next)
      return std::nullopt;
    product = *next;
  }
  return product;
}

LogicalResult seg::verifySpacePointCount(Operation *op,
                                         ArrayRef<int64_t> sizes) {
  if (checkedStaticProduct(sizes))
    return success();
  InFlightDiagnostic diag = op->emitOpError("space (");
  llvm::interleaveComma(sizes, diag, [&](int64_t size) {
    if (ShapedType::isDynamic(size))
      diag << "?";
    else
      diag << size;
  });
  return diag << ") has more than " << std::numeric_limits<int64_t>::max()
              << " points";
}

LogicalResult seg::verifyGridCounts(Operation *op,
                                    std::optional<int64_t> numBlocks,
                                    std::optional<int64_t> blockSize) {
  if (numBlocks && *numBlocks > kMaxGridBlocks)
    return op->emitOpError()
           << "num_blocks " << *numBlocks << " exceeds the largest 1-D grid, "
           << kMaxGridBlocks << " blocks";
  if (numBlocks && blockSize && !checkedMul(*numBlocks, *blockSize))
    return op->emitOpError()
           << "grid of " << *numBlocks << " blocks of " << *blockSize
           << " threads has more than " << std::numeric_limits<int64_t>::max()
           << " threads";
  return success();
}

/// Whether `user` writes `value` according to its declared memory effects.
static bool writes(Operation *user, Value value) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(user);
  if (!effects)
    return false;
  SmallVector<SideEffects::EffectInstance<MemoryEffects::Effect>> onValue;
  effects.getEffectsOnValue(value, onValue);
  return llvm::any_of(onValue, [](const auto &effect) {
    return isa<MemoryEffects::Write>(effect.getEffect());
  });
}

LogicalResult seg::verifyNoDirectOutsWrites(Operation *op, ValueRange outs,
                                            Region &body) {
  for (auto [position, out] : llvm::enumerate(outs)) {
    // The buffer and the views of it made inside or outside the body.
    SmallVector<Value> worklist = {out};
    llvm::SmallPtrSet<Value, 8> seen = {out};
    while (!worklist.empty()) {
      Value buffer = worklist.pop_back_val();
      for (Operation *user : buffer.getUsers()) {
        if (auto view = dyn_cast<ViewLikeOpInterface>(user);
            view && view.getViewSource() == buffer) {
          for (Value result : user->getResults())
            if (isa<BaseMemRefType>(result.getType()) &&
                seen.insert(result).second)
              worklist.push_back(result);
          continue;
        }
        if (!body.isAncestor(user->getParentRegion()) ||
            user->getDialect() == op->getDialect() || !writes(user, buffer))
          continue;
        return user->emitOpError()
               << "writes outs operand #" << position << " of the enclosing '"
               << op->getName()
               << "' directly; outs buffers are written only by kernel "
                  "results (seg.returns, seg.tile_returns, "
                  "seg.regtile_returns, seg.write_returns)";
      }
    }
  }
  return success();
}

/// Whether memory in `space` may be passed to a kernel: the default space,
/// global memory, or the integer spaces 0 and 1 (generic and global).
static bool isKernelArgumentMemorySpace(Attribute space) {
  if (!space)
    return true;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Global;
  if (auto integer = dyn_cast<IntegerAttr>(space))
    return integer.getValue().ule(1);
  return false;
}

LogicalResult seg::verifyKernelArgumentMemorySpaces(Operation *op) {
  llvm::SetVector<Value> used(op->getOperands().begin(),
                              op->getOperands().end());
  getUsedValuesDefinedAbove(op->getRegions(), used);
  for (Value value : used) {
    auto type = dyn_cast<BaseMemRefType>(value.getType());
    if (!type || isKernelArgumentMemorySpace(type.getMemorySpace()))
      continue;
    InFlightDiagnostic diag =
        op->emitOpError("uses a memref of type ")
        << type
        << " defined outside it; its memory space exists only inside a "
           "kernel, and an outermost seg op is a kernel whose memref "
           "arguments are in global memory";
    diag.attachNote(value.getLoc()) << "defined here";
    return diag;
  }
  return success();
}
