//===- MapKernels.cpp - seg.map to GPU kernels --------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A thread-level map is a grid-stride loop over its flattened space. A
// block-level map is a loop over virtual blocks; its body runs in every
// thread of the block, nested thread_in_block ops loop over the block's
// threads and end with a barrier, and its shared memory is a workgroup
// attribution of the launch.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"

#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::seg;

int64_t seg::getBlockSize(SegSpaceOpInterface op,
                          const GPULoweringConfig &config) {
  if (std::optional<OpFoldResult> size = op.getMixedBlockSize())
    if (std::optional<int64_t> value = getConstantIntValue(*size))
      return *value;
  return config.defaultBlockSize;
}

Value seg::getNumBlocks(OpBuilder &b, Location loc, SegSpaceOpInterface op,
                        Value required, int64_t blockSize,
                        const GPULoweringConfig &config) {
  if (std::optional<OpFoldResult> blocks = op.getMixedNumBlocks())
    return getValueOrCreateConstantIndexOp(b, loc, *blocks);
  auto virt = op->getAttrOfType<VirtualizationAttr>("virtualization");
  if (virt && virt.getValue() == Virtualization::None)
    return required;
  Value cap =
      arith::ConstantIndexOp::create(b, loc, config.getBlockCap(blockSize));
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

/// Emits the kernel results of `results` at the point `ivs`.
static void emitResults(KernelBuilder &kb, ResultsOp results,
                        const IRMapping &mapping, ValueRange ivs,
                        ValueRange blockIvs) {
  for (Operation &result : results.getRegion().front())
    (void)lowerKernelResult(kb.b, &result, mapping, ivs, blockIvs);
}

/// The body of a thread-level or thread_in_block map at the point with
/// linear index `flat` in the space of `sizes`.
static void emitThreadPoint(KernelBuilder &kb, MapOp op, IRMapping &mapping,
                            Value flat, ArrayRef<Value> sizes,
                            ValueRange blockIvs) {
  SmallVector<Value> ivs = delinearize(kb.b, kb.loc, flat, sizes);
  Block &body = op.getBody().front();
  cloneBodyAt(kb.b, body, ivs, mapping, [&](memref::AllocaOp alloca) {
    return kb.hoistPrivateAlloca(alloca);
  });
  emitResults(kb, op.getResultsOp(), mapping, ivs, blockIvs);
}

/// A thread_in_block map: the block's threads stride over its space, then
/// wait for each other.
static void emitThreadInBlockMap(KernelBuilder &kb, MapOp op,
                                 IRMapping &mapping, ValueRange blockIvs) {
  SmallVector<Value> sizes =
      materializeSizes(kb.b, kb.loc, op.getMixedSizes(), mapping);
  Value count = productOf(kb.b, kb.loc, sizes);
  kb.forLoop(kb.threadId, count, kb.constIndex(kb.blockSize), {},
             [&](Value flat, ValueRange) {
               emitThreadPoint(kb, op, mapping, flat, sizes, blockIvs);
               return SmallVector<Value>();
             });
  kb.barrier();
}

static void lowerThreadMap(OpBuilder &b, MapOp op,
                           const GPULoweringConfig &config) {
  Location loc = op.getLoc();
  int64_t blockSize = getBlockSize(op, config);
  SmallVector<Value> sizes = materializeSizes(b, loc, op.getMixedSizes());
  Value count = productOf(b, loc, sizes);
  ifNonEmpty(b, loc, count, [&] {
    Value blockSizeIdx = arith::ConstantIndexOp::create(b, loc, blockSize);
    Value required = ceilDivIndex(b, loc, count, blockSizeIdx);
    Value numBlocks = getNumBlocks(b, loc, op, required, blockSize, config);
    KernelBuilder kb(b, loc, numBlocks, blockSize);
    Value first = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, kb.blockId, blockSizeIdx),
        kb.threadId);
    Value stride = arith::MulIOp::create(b, loc, kb.gridSize, blockSizeIdx);
    kb.forLoop(first, count, stride, {}, [&](Value flat, ValueRange) {
      IRMapping mapping;
      emitThreadPoint(kb, op, mapping, flat, sizes, {});
      return SmallVector<Value>();
    });
    kb.finish();
  });
}

static void lowerBlockMap(OpBuilder &b, MapOp op,
                          const GPULoweringConfig &config) {
  Location loc = op.getLoc();
  int64_t blockSize = getBlockSize(op, config);
  SmallVector<Value> sizes = materializeSizes(b, loc, op.getMixedSizes());
  Value count = productOf(b, loc, sizes);
  ifNonEmpty(b, loc, count, [&] {
    Value numBlocks = getNumBlocks(b, loc, op, count, blockSize, config);
    KernelBuilder kb(b, loc, numBlocks, blockSize);
    Block &body = op.getBody().front();
    // Shared memory is allocated once per kernel and reused by the virtual
    // blocks of a launched block (a barrier separates them).
    IRMapping shared;
    for (auto alloca : body.getOps<memref::AllocaOp>())
      shared.map(alloca.getResult(), kb.allocSharedLike(alloca.getType()));
    kb.forLoop(kb.blockId, count, kb.gridSize, {},
               [&](Value virtualBlock, ValueRange) {
                 SmallVector<Value> blockIvs =
                     delinearize(b, loc, virtualBlock, sizes);
                 IRMapping mapping = shared;
                 mapping.map(body.getArguments(), blockIvs);
                 for (Operation &inner : body.without_terminator()) {
                   if (isa<memref::AllocaOp>(inner))
                     continue;
                   if (auto map = dyn_cast<MapOp>(inner)) {
                     emitThreadInBlockMap(kb, map, mapping, blockIvs);
                     continue;
                   }
                   if (auto red = dyn_cast<RedOp>(inner)) {
                     emitThreadInBlockRed(kb, red, mapping);
                     continue;
                   }
                   if (auto scan = dyn_cast<ScanOp>(inner)) {
                     emitThreadInBlockScan(kb, scan, mapping);
                     continue;
                   }
                   b.clone(inner, mapping);
                 }
                 // One element per block: thread 0 writes it.
                 Value isFirst =
                     arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           kb.threadId, kb.constIndex(0));
                 kb.ifThen(isFirst, [&] {
                   emitResults(kb, op.getResultsOp(), mapping, blockIvs, {});
                 });
                 kb.barrier();
                 return SmallVector<Value>();
               });
    kb.finish();
  });
}

void seg::lowerMapToGPU(OpBuilder &b, MapOp op,
                        const GPULoweringConfig &config) {
  if (op.getLevel() == Level::Block)
    lowerBlockMap(b, op, config);
  else
    lowerThreadMap(b, op, config);
}
