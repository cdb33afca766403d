//===- KernelBuilder.cpp - Launches and kernel bodies ---------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::seg;

//===----------------------------------------------------------------------===//
// Host side
//===----------------------------------------------------------------------===//

Value seg::ceilDivIndex(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return arith::CeilDivUIOp::create(b, loc, lhs, rhs);
}

Value seg::minIndex(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return arith::MinUIOp::create(b, loc, lhs, rhs);
}

Value seg::maxIndex(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return arith::MaxUIOp::create(b, loc, lhs, rhs);
}

Value seg::getLaunchBlockCount(OpBuilder &b, Location loc,
                               SegSpaceOpInterface op, Value required,
                               const OpPlan &plan) {
  if (std::optional<OpFoldResult> blocks = op.getMixedNumBlocks())
    return getValueOrCreateConstantIndexOp(b, loc, *blocks);
  auto virt = op->getAttrOfType<VirtualizationAttr>("virtualization");
  if (virt && virt.getValue() == Virtualization::None)
    return required;
  Value cap = arith::ConstantIndexOp::create(b, loc, plan.blockCap);
  return minIndex(b, loc, required, cap);
}

void seg::ifNonEmpty(OpBuilder &b, Location loc, Value count,
                     function_ref<void()> body) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value nonEmpty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, count, zero);
  auto ifOp = scf::IfOp::create(b, loc, TypeRange(), nonEmpty, false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.getThenRegion().front().getTerminator());
  body();
}

//===----------------------------------------------------------------------===//
// KernelBuilder
//===----------------------------------------------------------------------===//

/// `<function>_<kind>`, with a number appended when another launch of the
/// function already has that name.
static std::string getKernelName(Operation *launch, StringRef kind) {
  auto function = launch->getParentOfType<FunctionOpInterface>();
  std::string base =
      ((function ? function.getName() : StringRef("kernel")) + "_" + kind)
          .str();
  llvm::StringSet<> taken;
  if (function)
    function->walk([&](gpu::LaunchOp other) {
      if (other != launch && other.getFunctionAttr())
        taken.insert(other.getFunctionAttr().getValue());
    });
  std::string name = base;
  for (int suffix = 1; taken.contains(name); ++suffix)
    name = base + "_" + std::to_string(suffix);
  return name;
}

KernelBuilder::KernelBuilder(OpBuilder &builder, Location loc, Value numBlocks,
                             const OpPlan &plan, const KernelPlan &kernel)
    : b(builder), loc(loc), blockSize(plan.blockSize), warpSize(plan.warpSize),
      layout(kernel.shared) {
  StringRef kind = kernel.getKind();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value threads = arith::ConstantIndexOp::create(b, loc, blockSize);
  launch =
      gpu::LaunchOp::create(b, loc, numBlocks, one, one, threads, one, one);
  if (!kind.empty())
    launch.setFunctionAttr(
        FlatSymbolRefAttr::get(b.getContext(), getKernelName(launch, kind)));
  b.setInsertionPointToStart(&launch.getBody().front());
  threadId = launch.getThreadIds().x;
  blockId = launch.getBlockIds().x;
  gridSize = launch.getGridSize().x;
}

void KernelBuilder::finish() {
  gpu::TerminatorOp::create(b, loc);
  // The kernel declares what it allocated; that is what the plan computed
  // (and checked against the target).
  assert(allocatedBuffers == layout.getBuffers().size() &&
         "the kernel did not allocate every planned shared buffer");
  assert(scratchBytes == layout.getScratchBytes() &&
         "the kernel's scratch region differs from the plan's");
  int64_t totalBytes = sharedBytes + scratchBytes;
  assert(totalBytes == layout.getTotalBytes());
  if (totalBytes > 0) {
    b.setInsertionPoint(launch);
    Value bytes = arith::ConstantIntOp::create(b, loc, totalBytes, 32);
    launch.getDynamicSharedMemorySizeMutable().assign(bytes);
  }
  b.setInsertionPointAfter(launch);
}

Value KernelBuilder::constIndex(int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value KernelBuilder::constI32(int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

void KernelBuilder::barrier() { gpu::BarrierOp::create(b, loc); }

void KernelBuilder::fence() {
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acq_rel, "device");
}

/// Shared buffers are carved out of the dynamic shared memory: a kernel
/// may then use more than the 48 KiB of static shared memory (up to the
/// target's opt-in limit, which the launch requests).
Value KernelBuilder::getSharedBase() {
  if (!sharedBase) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&launch.getBody().front());
    auto workgroup = gpu::AddressSpaceAttr::get(
        b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
    sharedBase = gpu::DynamicSharedMemoryOp::create(
        b, loc,
        MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                        MemRefLayoutAttrInterface(), workgroup));
  }
  return sharedBase;
}

Value KernelBuilder::viewShared(MemRefType type, Value offset) {
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  auto sharedType = MemRefType::get(type.getShape(), type.getElementType(),
                                    MemRefLayoutAttrInterface(), workgroup);
  Value view = memref::ViewOp::create(b, loc, sharedType, getSharedBase(),
                                      offset, ValueRange());
  if (type.getMemorySpace())
    return view;
  return memref::MemorySpaceCastOp::create(
      b, loc, MemRefType::get(type.getShape(), type.getElementType()), view);
}

Value KernelBuilder::allocSharedLike(MemRefType type) {
  assert(allocatedBuffers < layout.getBuffers().size() &&
         "a shared buffer the plan does not have");
  const SharedMemoryLayout::Buffer &planned =
      layout.getBuffers()[allocatedBuffers++];
  assert(planned.elementType == type.getElementType() &&
         planned.count == type.getNumElements() &&
         planned.offset == sharedBytes &&
         "a shared buffer other than the plan's");
  sharedBytes +=
      getSharedBufferBytes(type.getElementType(), type.getNumElements());
  return viewShared(type, constIndex(planned.offset));
}

Value KernelBuilder::allocShared(Type elementType, int64_t count) {
  return allocSharedLike(MemRefType::get({count}, elementType));
}

Value KernelBuilder::hoistPrivateAlloca(memref::AllocaOp alloca) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  return b.clone(*alloca)->getResult(0);
}

SmallVector<Value> KernelBuilder::allocShared(TypeRange types, int64_t count) {
  return llvm::map_to_vector(
      types, [&](Type type) { return allocShared(type, count); });
}

SmallVector<Value> KernelBuilder::allocScratch(TypeRange types, int64_t count) {
  if (!scratchOffset) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfterValue(getSharedBase());
    scratchOffset =
        arith::ConstantIndexOp::create(b, loc, layout.getScratchOffset());
  }
  int64_t offset = 0;
  SmallVector<Value> buffers;
  for (Type type : types) {
    Value start =
        arith::AddIOp::create(b, loc, scratchOffset, constIndex(offset));
    buffers.push_back(viewShared(MemRefType::get({count}, type), start));
    offset += getSharedBufferBytes(type, count);
  }
  assert(offset <= layout.getScratchBytes() &&
         "scratch buffers beyond the plan's scratch region");
  scratchBytes = std::max(scratchBytes, offset);
  return buffers;
}

SmallVector<Value> KernelBuilder::loadAll(ValueRange buffers, Value index) {
  return llvm::map_to_vector(buffers, [&](Value buffer) -> Value {
    return memref::LoadOp::create(b, loc, buffer, index);
  });
}

void KernelBuilder::storeAll(ValueRange values, ValueRange buffers,
                             Value index) {
  for (auto [value, buffer] : llvm::zip_equal(values, buffers))
    memref::StoreOp::create(b, loc, value, buffer, index);
}

SmallVector<Value>
KernelBuilder::ifThenElse(Value cond, TypeRange types,
                          function_ref<SmallVector<Value>()> then,
                          function_ref<SmallVector<Value>()> otherwise) {
  auto ifOp = scf::IfOp::create(b, loc, types, cond, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  scf::YieldOp::create(b, loc, then());
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  scf::YieldOp::create(b, loc, otherwise());
  return SmallVector<Value>(ifOp.getResults());
}

void KernelBuilder::ifThen(Value cond, function_ref<void()> then) {
  auto ifOp = scf::IfOp::create(b, loc, TypeRange(), cond, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.getThenRegion().front().getTerminator());
  then();
}

void KernelBuilder::ifThenElse(Value cond, function_ref<void()> then,
                               function_ref<void()> otherwise) {
  auto ifOp = scf::IfOp::create(b, loc, TypeRange(), cond, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.getThenRegion().front().getTerminator());
  then();
  b.setInsertionPoint(ifOp.getElseRegion().front().getTerminator());
  otherwise();
}

SmallVector<Value>
KernelBuilder::forLoop(Value lower, Value upper, Value step, ValueRange inits,
                       function_ref<SmallVector<Value>(Value, ValueRange)> body,
                       bool unroll) {
  auto forOp = scf::ForOp::create(b, loc, lower, upper, step, inits);
  if (!unroll) {
    // scf-to-cf moves the attribute to the loop's back edge, where it
    // becomes llvm.br's loop annotation: LLVM's loop metadata, and PTX's
    // `.pragma "nounroll"` for ptxas.
    MLIRContext *ctx = b.getContext();
    auto disable = LLVM::LoopUnrollAttr::get(
        ctx, /*disable=*/b.getBoolAttr(true), {}, {}, {}, {}, {}, {});
    forOp->setAttr("loop_annotation", LLVM::LoopAnnotationAttr::get(
                                          ctx, {}, {}, {}, disable, {}, {}, {},
                                          {}, {}, {}, {}, {}, {}, {}, {}));
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(forOp.getBody());
  SmallVector<Value> next =
      body(forOp.getInductionVar(), forOp.getRegionIterArgs());
  // A loop without carried values already has its terminator.
  if (inits.empty())
    return {};
  scf::YieldOp::create(b, loc, next);
  return SmallVector<Value>(forOp.getResults());
}

SmallVector<Value> KernelBuilder::forLoopInGroups(
    Value lower, Value upper, Value step, ValueRange inits, int64_t factor,
    function_ref<SmallVector<Value>(Value, int64_t, ValueRange)> body,
    bool unroll) {
  auto one = [&](Value index, ValueRange accs) { return body(index, 1, accs); };
  if (factor <= 1)
    return forLoop(lower, upper, step, inits, one, unroll);
  // Whole groups of `factor` indices first: [lower, groupsEnd).
  Value span =
      arith::SubIOp::create(b, loc, maxIndex(b, loc, upper, lower), lower);
  Value groups = arith::DivUIOp::create(
      b, loc, ceilDivIndex(b, loc, span, step), constIndex(factor));
  Value groupStep = arith::MulIOp::create(b, loc, step, constIndex(factor));
  Value groupsEnd = arith::AddIOp::create(
      b, loc, lower, arith::MulIOp::create(b, loc, groups, groupStep));
  SmallVector<Value> grouped = forLoop(
      lower, groupsEnd, groupStep, inits,
      [&](Value first, ValueRange accs) { return body(first, factor, accs); },
      unroll);
  return forLoop(groupsEnd, upper, step,
                 grouped.empty() ? inits : ValueRange(grouped), one, unroll);
}

SmallVector<Value> KernelBuilder::foldLoop(
    Value lower, Value upper, Value step, ValueRange inits, int64_t factor,
    function_ref<SmallVector<Value>(Value)> element,
    function_ref<SmallVector<Value>(ValueRange, ValueRange)> combine) {
  // The group is the unrolling: unrolling the loop of groups (or the
  // remainder, fewer than `factor` iterations) again would keep several
  // times more values (and addresses) live for few instructions saved.
  return forLoopInGroups(
      lower, upper, step, inits, factor,
      [&](Value first, int64_t count, ValueRange accs) {
        SmallVector<SmallVector<Value>> elements;
        Value index = first;
        for (int64_t k = 0; k < count; ++k) {
          if (k > 0)
            index = arith::AddIOp::create(b, loc, index, step);
          elements.push_back(element(index));
        }
        SmallVector<Value> result(accs);
        for (ValueRange values : elements)
          result = combine(result, values);
        return result;
      },
      /*unroll=*/false);
}
