//===- MemoryFootprint.cpp - Buffers an op may read and write -----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/Utils/MemoryFootprint.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::seg;

Value seg::getUnderlyingBuffer(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      break;
    value = view.getViewSource();
  }
  return value;
}

bool seg::isFreshAllocation(Value value) {
  return isa_and_present<memref::AllocOp, memref::AllocaOp>(
      value.getDefiningOp());
}

/// Whether `value` is an argument of the function around it.
static bool isFunctionArgument(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return false;
  Block *owner = arg.getOwner();
  return owner->isEntryBlock() &&
         isa_and_present<FunctionOpInterface>(owner->getParentOp());
}

bool seg::mayAliasBuffers(Value a, Value b) {
  if (a == b)
    return true;
  // A fresh allocation is disjoint from every other allocation and from
  // memory that existed before it (the function's arguments). Two function
  // arguments, or values of unknown origin, may be the same memory.
  if (isFreshAllocation(a))
    return !(isFreshAllocation(b) || isFunctionArgument(b));
  if (isFreshAllocation(b))
    return !isFunctionArgument(a);
  return true;
}

/// Whether `value` is defined inside `op` (not by `op` itself).
static bool isDefinedInside(Value value, Operation *op) {
  Region *region = value.getParentRegion();
  return region && op->isAncestor(region->getParentOp());
}

MemoryFootprint MemoryFootprint::of(Operation *op) {
  MemoryFootprint footprint;
  op->walk([&](Operation *nested) {
    auto iface = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!iface) {
      // Effects of nested ops are visited by the walk itself.
      if (!nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        footprint.unknown = true;
      return;
    }
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (MemoryEffects::EffectInstance &effect : effects) {
      if (isa<MemoryEffects::Allocate>(effect.getEffect()))
        continue;
      Value value = effect.getValue();
      if (!value || !isa<BaseMemRefType>(value.getType())) {
        footprint.unknown = true;
        continue;
      }
      Value buffer = getUnderlyingBuffer(value);
      if (isDefinedInside(buffer, op))
        continue;
      if (isa<MemoryEffects::Read>(effect.getEffect()))
        footprint.reads.insert(buffer);
      else
        footprint.writes.insert(buffer);
    }
  });
  return footprint;
}

bool seg::areMemoryIndependent(Operation *first, Operation *second) {
  MemoryFootprint a = MemoryFootprint::of(first);
  MemoryFootprint b = MemoryFootprint::of(second);
  if (a.unknown || b.unknown)
    return false;
  auto conflicts = [](const llvm::SmallSetVector<Value, 4> &writes,
                      const MemoryFootprint &other) {
    return llvm::any_of(writes, [&](Value w) {
      return llvm::any_of(other.reads,
                          [&](Value v) { return mayAliasBuffers(w, v); }) ||
             llvm::any_of(other.writes,
                          [&](Value v) { return mayAliasBuffers(w, v); });
    });
  };
  // Read after write, write after write, and write after read.
  return !conflicts(a.writes, b) && !conflicts(b.writes, a);
}

bool seg::mayWriteMemory(Operation *op) {
  if (isMemoryEffectFree(op))
    return false;
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return true;
  return llvm::any_of(*effects, [](const MemoryEffects::EffectInstance &it) {
    return !isa<MemoryEffects::Read>(it.getEffect());
  });
}

/// Whether `op` takes an address's low bits (an and with a mask below 256,
/// its misalignment), from which kernels compute how many elements to peel
/// before their aligned vectors: no address can be made of them.
static bool isLowBitsOfAddress(Operation *op) {
  auto andOp = dyn_cast<arith::AndIOp>(op);
  if (!andOp)
    return false;
  APInt mask;
  return (matchPattern(andOp.getRhs(), m_ConstantInt(&mask)) ||
          matchPattern(andOp.getLhs(), m_ConstantInt(&mask))) &&
         mask.ult(256);
}

/// Whether the address `address` (an integer) reaches an op other than
/// integer arithmetic on it: a pointer made of it (llvm.inttoptr), a store
/// or a call may write the memory behind it without any effect on its
/// memref. Alignment checks cannot: their arithmetic ends in a comparison,
/// and a bit carries no address, nor do low bits.
static bool mayEscapeAddress(Value address) {
  SmallVector<Value> worklist = {address};
  DenseSet<Value> visited;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (value.getType().isInteger(1) || !visited.insert(value).second)
      continue;
    for (Operation *user : value.getUsers()) {
      if (!isa_and_present<arith::ArithDialect>(user->getDialect()))
        return true;
      if (!isLowBitsOfAddress(user))
        llvm::append_range(worklist, user->getResults());
    }
  }
  return false;
}

bool seg::mayWriteInRegion(Value memref, Region &region) {
  for (OpOperand &use : memref.getUses()) {
    Operation *user = use.getOwner();
    if (!region.isAncestor(user->getParentRegion()))
      continue;
    // The memref's address as an integer: pure itself, but whatever writes
    // through a pointer made of it writes `memref`.
    if (auto pointer = dyn_cast<memref::ExtractAlignedPointerAsIndexOp>(user))
      if (mayEscapeAddress(pointer.getResult()))
        return true;
    // Views and casts: whoever writes through the result writes `memref`.
    if (llvm::any_of(user->getResults(), [&](Value result) {
          return isa<BaseMemRefType>(result.getType()) &&
                 mayWriteInRegion(result, region);
        }))
      return true;
    auto effects = dyn_cast<MemoryEffectOpInterface>(user);
    // Unknown effects (a call, an op without the interface) may write.
    if (!effects || effects.getEffectOnValue<MemoryEffects::Write>(memref) ||
        effects.getEffectOnValue<MemoryEffects::Free>(memref))
      return true;
    if (!effects.getEffectOnValue<MemoryEffects::Read>(memref) &&
        !effects.hasNoEffect())
      return true;
  }
  return false;
}
