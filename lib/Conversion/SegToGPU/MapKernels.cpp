//===- MapKernels.cpp - seg.map to GPU kernels --------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A thread-level map is a grid-stride loop over its flattened space. A
// block-level map is a loop over virtual blocks; its body runs in every
// thread of the block, nested thread_in_block ops loop over the block's
// threads and end with a barrier (left out between two maps that cannot
// communicate through memory), and its shared memory is a workgroup
// attribution of the launch.
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"
#include "MapLoads.h"

#include "segir/Dialect/Seg/Utils/MemoryFootprint.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::seg;

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

/// Moves the leading loads of `points[1..]` (the ops each point emitted, in
/// order), with the index arithmetic they need, above the first write of
/// `points[0]`, so that the loads of all points are in flight together.
/// Points of a map are independent: a point never reads what another one
/// writes (that would be a race on the GPU), so only each point's own
/// writes order its loads. One pass over the points' ops: whether an
/// operand is defined above the first write is kept in a set, not asked of
/// the block (whose op order every move invalidates).
static void hoistLeadingLoads(ArrayRef<SmallVector<Operation *>> points,
                              Region &launchBody) {
  auto firstWrite = llvm::find_if(points.front(), mayWriteMemory);
  if (firstWrite == points.front().end())
    return;
  Operation *target = *firstWrite;
  Block *block = target->getBlock();
  // The group's ops; the block's other ops precede it.
  DenseSet<Operation *> emitted;
  for (ArrayRef<Operation *> ops : points)
    emitted.insert(ops.begin(), ops.end());
  // The group's ops above the target, hoisted ones included.
  DenseSet<Operation *> above(points.front().begin(), firstWrite);
  auto isAboveTarget = [&](Value value) {
    Operation *def = value.getDefiningOp();
    return !def || def->getBlock() != block || !emitted.contains(def) ||
           above.contains(def);
  };
  for (ArrayRef<Operation *> ops : points.drop_front()) {
    for (Operation *op : ops) {
      bool available = llvm::all_of(op->getOperands(), isAboveTarget);
      // Executed by the point anyway (a group holds only existing points),
      // only earlier: no need for it to be speculatable.
      bool movable = op->getNumRegions() == 0 &&
                     (isMemoryEffectFree(op) || isCapturedLoad(op, launchBody));
      if (available && movable) {
        op->moveBefore(target);
        above.insert(op);
        continue;
      }
      if (mayWriteMemory(op))
        break;
    }
  }
}

/// The points `flat`, `flat + stride`, ... (`count` of them) of a
/// thread-level or thread_in_block map; each starts from `mapping`.
static void emitThreadPoints(KernelBuilder &kb, MapOp op,
                             const IRMapping &mapping, Value flat, Value stride,
                             int64_t count, ArrayRef<Value> sizes,
                             ValueRange blockIvs) {
  Block *block = kb.b.getInsertionBlock();
  SmallVector<SmallVector<Operation *>> points;
  Value point = flat;
  for (int64_t k = 0; k < count; ++k) {
    Block::iterator end = kb.b.getInsertionPoint();
    Operation *last = end == block->begin() ? nullptr : &*std::prev(end);
    if (k > 0)
      point = arith::AddIOp::create(kb.b, kb.loc, point, stride);
    IRMapping pointMapping = mapping;
    emitThreadPoint(kb, op, pointMapping, point, sizes, blockIvs);
    SmallVector<Operation *> &ops = points.emplace_back();
    for (auto it = last ? std::next(last->getIterator()) : block->begin();
         it != kb.b.getInsertionPoint(); ++it)
      ops.push_back(&*it);
  }
  if (count > 1)
    hoistLeadingLoads(points, kb.launch.getBody());
}

/// A thread_in_block map: the block's threads stride over its space, then
/// wait for each other unless `barrier` is false.
static void emitThreadInBlockMap(KernelBuilder &kb, MapOp op,
                                 IRMapping &mapping, ValueRange blockIvs,
                                 bool barrier, const MapPlan &plan) {
  SmallVector<Value> sizes =
      materializeSizes(kb.b, kb.loc, op.getMixedSizes(), mapping);
  Value count = productOf(kb.b, kb.loc, sizes);
  Value stride = kb.constIndex(kb.blockSize);
  kb.forLoopInGroups(kb.threadId, count, stride, {},
                     plan.innerLoadsInFlight.lookup(op),
                     [&](Value flat, int64_t points, ValueRange) {
                       emitThreadPoints(kb, op, mapping, flat, stride, points,
                                        sizes, blockIvs);
                       return SmallVector<Value>();
                     });
  if (barrier)
    kb.barrier();
}

/// Whether the last of the thread_in_block maps `unsynchronized` (those
/// emitted since the last barrier, in order) needs no barrier after it: the
/// next op of its block that touches memory or synchronises is a
/// thread_in_block map too (a barrier follows that one, or a later one),
/// and no map since the last barrier writes a buffer that the next one
/// reads or writes, or reads one that it writes; so no thread can see
/// another's accesses in the wrong order. Shared arrays of the block body
/// (skipped, `mapping` holds them) are distinct allocations.
static bool canOmitBarrierAfter(ArrayRef<MapOp> unsynchronized,
                                const IRMapping &mapping) {
  for (Operation *next = unsynchronized.back()->getNextNode(); next;
       next = next->getNextNode()) {
    if (isa<memref::AllocaOp>(next) && mapping.contains(next->getResult(0)))
      continue;
    if (isMemoryEffectFree(next) && !next->hasTrait<OpTrait::IsTerminator>())
      continue;
    auto nextMap = dyn_cast<MapOp>(next);
    return nextMap && nextMap.getLevel() == Level::ThreadInBlock &&
           llvm::all_of(unsynchronized, [&](MapOp map) {
             return areMemoryIndependent(map, nextMap);
           });
  }
  return false;
}

static void lowerThreadMap(OpBuilder &b, MapOp op, const MapPlan &plan) {
  Location loc = op.getLoc();
  int64_t blockSize = plan.blockSize;
  SmallVector<Value> sizes = materializeSizes(b, loc, op.getMixedSizes());
  Value count = productOf(b, loc, sizes);
  ifNonEmpty(b, loc, count, [&] {
    Value blockSizeIdx = arith::ConstantIndexOp::create(b, loc, blockSize);
    Value required = ceilDivIndex(b, loc, count, blockSizeIdx);
    Value numBlocks = getLaunchBlockCount(b, loc, op, required, plan);
    KernelBuilder kb(b, loc, numBlocks, plan,
                     plan.getKernel(KernelRole::ThreadMap));
    Value first = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, kb.blockId, blockSizeIdx),
        kb.threadId);
    Value stride = arith::MulIOp::create(b, loc, kb.gridSize, blockSizeIdx);
    kb.forLoopInGroups(first, count, stride, {}, plan.loadsInFlight,
                       [&](Value flat, int64_t points, ValueRange) {
                         emitThreadPoints(kb, op, IRMapping(), flat, stride,
                                          points, sizes, {});
                         return SmallVector<Value>();
                       });
    kb.finish();
  });
}

/// A private array of the trailing dimensions of `alloca`, at the start of
/// the kernel. Until the kernel is complete it is seen through a view with
/// the leading (thread) dimensions at stride 0, so that the cloned bodies
/// work unchanged; dropPrivateViews then indexes the array directly, with
/// the constant register-tile indices that let it live in registers.
static std::pair<Value, Value> allocThreadPrivate(KernelBuilder &kb,
                                                  memref::AllocaOp alloca,
                                                  unsigned threadDims) {
  MemRefType type = alloca.getType();
  ArrayRef<int64_t> shape = type.getShape();
  OpBuilder::InsertionGuard guard(kb.b);
  kb.b.setInsertionPointToStart(&kb.launch.getBody().front());
  auto own = memref::AllocaOp::create(
      kb.b, kb.loc,
      MemRefType::get(shape.drop_front(threadDims), type.getElementType()));
  SmallVector<int64_t> strides(shape.size(), 0);
  int64_t stride = 1;
  for (int64_t d = shape.size() - 1; d >= static_cast<int64_t>(threadDims);
       --d) {
    strides[d] = stride;
    stride *= shape[d];
  }
  auto viewType = MemRefType::get(
      shape, type.getElementType(),
      StridedLayoutAttr::get(kb.b.getContext(), /*offset=*/0, strides));
  Value view = memref::ReinterpretCastOp::create(kb.b, kb.loc, viewType, own,
                                                 /*offset=*/0, shape, strides);
  return {view, own};
}

/// Replaces the loads and stores through a private view by accesses to the
/// private array itself, dropping the thread indices.
static void dropPrivateView(OpBuilder &b, Value view, Value own,
                            unsigned threadDims) {
  OpBuilder::InsertionGuard guard(b);
  for (Operation *user : llvm::make_early_inc_range(view.getUsers())) {
    b.setInsertionPoint(user);
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      Value value = memref::LoadOp::create(
          b, load.getLoc(), own, load.getIndices().drop_front(threadDims));
      load.replaceAllUsesWith(value);
      load.erase();
    } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
      memref::StoreOp::create(b, store.getLoc(), store.getValueToStore(), own,
                              store.getIndices().drop_front(threadDims));
      store.erase();
    }
  }
  if (view.use_empty())
    view.getDefiningOp()->erase();
}

/// Emits block-level ops: nested thread_in_block ops become loops over the
/// block's threads; scf.for and scf.if around them (uniform in the block,
/// so every thread reaches the same barriers) are rebuilt around their
/// lowered bodies; anything else runs in every thread.
static void emitBlockOps(KernelBuilder &kb, Block &block, IRMapping &mapping,
                         ValueRange blockIvs, const MapPlan &plan) {
  OpBuilder &b = kb.b;
  auto holdsSegOps = [](Operation &op) {
    return op.walk([](SegSpaceOpInterface) { return WalkResult::interrupt(); })
        .wasInterrupted();
  };
  // The thread_in_block maps since the last barrier.
  SmallVector<MapOp> unsynchronized;
  for (Operation &inner : block.without_terminator()) {
    // Shared and thread-private arrays of the block body are allocated
    // once per kernel.
    if (isa<memref::AllocaOp>(inner) && mapping.contains(inner.getResult(0)))
      continue;
    if (auto map = dyn_cast<MapOp>(inner)) {
      unsynchronized.push_back(map);
      bool barrier = !canOmitBarrierAfter(unsynchronized, mapping);
      emitThreadInBlockMap(kb, map, mapping, blockIvs, barrier, plan);
      if (barrier)
        unsynchronized.clear();
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
    if (auto forOp = dyn_cast<scf::ForOp>(inner); forOp && holdsSegOps(inner)) {
      auto loop = scf::ForOp::create(
          b, kb.loc, mapping.lookupOrDefault(forOp.getLowerBound()),
          mapping.lookupOrDefault(forOp.getUpperBound()),
          mapping.lookupOrDefault(forOp.getStep()),
          llvm::map_to_vector(forOp.getInitArgs(), [&](Value v) {
            return mapping.lookupOrDefault(v);
          }));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      mapping.map(forOp.getInductionVar(), loop.getInductionVar());
      mapping.map(forOp.getRegionIterArgs(), loop.getRegionIterArgs());
      emitBlockOps(kb, *forOp.getBody(), mapping, blockIvs, plan);
      auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
      if (loop.getBody()->mightHaveTerminator())
        loop.getBody()->getTerminator()->erase();
      b.setInsertionPointToEnd(loop.getBody());
      scf::YieldOp::create(
          b, kb.loc, llvm::map_to_vector(yield.getOperands(), [&](Value v) {
            return mapping.lookupOrDefault(v);
          }));
      mapping.map(forOp.getResults(), loop.getResults());
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(inner); ifOp && holdsSegOps(inner)) {
      auto lowered =
          scf::IfOp::create(b, kb.loc, ifOp.getResultTypes(),
                            mapping.lookupOrDefault(ifOp.getCondition()),
                            /*withElseRegion=*/true);
      for (auto [from, to] :
           {std::make_pair(&ifOp.getThenRegion(), &lowered.getThenRegion()),
            std::make_pair(&ifOp.getElseRegion(), &lowered.getElseRegion())}) {
        OpBuilder::InsertionGuard guard(b);
        Block *target = &to->front();
        if (target->mightHaveTerminator())
          target->getTerminator()->erase();
        b.setInsertionPointToEnd(target);
        if (from->empty()) {
          scf::YieldOp::create(b, kb.loc);
          continue;
        }
        emitBlockOps(kb, from->front(), mapping, blockIvs, plan);
        auto yield = cast<scf::YieldOp>(from->front().getTerminator());
        scf::YieldOp::create(
            b, kb.loc, llvm::map_to_vector(yield.getOperands(), [&](Value v) {
              return mapping.lookupOrDefault(v);
            }));
      }
      mapping.map(ifOp.getResults(), lowered.getResults());
      continue;
    }
    b.clone(inner, mapping);
  }
}

namespace {
/// The order of a block-level map with `swizzle(G)`: per value of the outer
/// dimensions, the Mb x Nb blocks in the column order of the Nb x Mb space
/// with columns of G (rows of M), so that consecutive blocks walk down G
/// block rows before moving to the next block column.
struct BlockOrder {
  SmallVector<Value> outerSizes;
  Value planeSize; // Mb * Nb
  ColumnOrder columns;
};
} // namespace

/// The per-launch values of the order of blocks over `sizes` (rank >= 2).
static BlockOrder buildBlockOrder(OpBuilder &b, Location loc,
                                  ArrayRef<Value> sizes, int64_t swizzle) {
  BlockOrder order;
  Value rows = sizes[sizes.size() - 2], columns = sizes.back();
  order.outerSizes.assign(sizes.begin(), sizes.end() - 2);
  order.planeSize = b.createOrFold<arith::MulIOp>(loc, rows, columns);
  order.columns = buildColumnOrder(b, loc, /*height=*/columns,
                                   /*width=*/rows, swizzle);
  return order;
}

/// The block indices of the virtual block `flat` in `order`.
static SmallVector<Value> getBlockOrderPoint(OpBuilder &b, Location loc,
                                             const BlockOrder &order,
                                             Value flat) {
  SmallVector<Value> ivs;
  Value inPlane = flat;
  if (!order.outerSizes.empty()) {
    ivs = delinearize(b, loc,
                      arith::DivUIOp::create(b, loc, flat, order.planeSize),
                      order.outerSizes);
    inPlane = arith::RemUIOp::create(b, loc, flat, order.planeSize);
  }
  // The column order's x runs along the block rows, its y along the block
  // columns.
  auto [column, row] = getColumnOrderPoint(b, loc, order.columns, inPlane);
  ivs.push_back(row);
  ivs.push_back(column);
  return ivs;
}

static void lowerBlockMap(OpBuilder &b, MapOp op, const MapPlan &plan) {
  Location loc = op.getLoc();
  SmallVector<Value> sizes = materializeSizes(b, loc, op.getMixedSizes());
  Value count = productOf(b, loc, sizes);
  ifNonEmpty(b, loc, count, [&] {
    Value numBlocks = getLaunchBlockCount(b, loc, op, count, plan);
    KernelBuilder kb(b, loc, numBlocks, plan,
                     plan.getKernel(KernelRole::BlockMap));
    Block &body = op.getBody().front();
    // Shared memory is allocated once per kernel and reused by the virtual
    // blocks of a launched block (a barrier separates them). Arrays that
    // each thread only indexes at its own position stay private.
    IRMapping shared;
    SmallVector<std::tuple<Value, Value, unsigned>> privateViews;
    for (auto alloca : body.getOps<memref::AllocaOp>()) {
      unsigned threadDims = plan.threadPrivateRanks.lookup(alloca);
      if (!threadDims) {
        shared.map(alloca.getResult(), kb.allocSharedLike(alloca.getType()));
        continue;
      }
      auto [view, own] = allocThreadPrivate(kb, alloca, threadDims);
      shared.map(alloca.getResult(), view);
      privateViews.emplace_back(view, own, threadDims);
    }
    std::optional<BlockOrder> order;
    if (auto swizzle = op.getSwizzleAttr())
      order = buildBlockOrder(b, loc, sizes, swizzle.getInt());
    kb.forLoop(kb.blockId, count, kb.gridSize, {},
               [&](Value virtualBlock, ValueRange) {
                 SmallVector<Value> blockIvs =
                     order ? getBlockOrderPoint(b, loc, *order, virtualBlock)
                           : delinearize(b, loc, virtualBlock, sizes);
                 IRMapping mapping = shared;
                 mapping.map(body.getArguments(), blockIvs);
                 emitBlockOps(kb, body, mapping, blockIvs, plan);
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
    for (auto [view, own, threadDims] : privateViews)
      dropPrivateView(b, view, own, threadDims);
    kb.finish();
  });
}

void seg::lowerMapToGPU(OpBuilder &b, MapOp op, const MapPlan &plan) {
  if (op.getLevel() == Level::Block)
    lowerBlockMap(b, op, plan);
  else
    lowerThreadMap(b, op, plan);
}
