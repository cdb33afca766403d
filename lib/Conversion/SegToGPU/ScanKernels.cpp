//===- ScanKernels.cpp - seg.scan to GPU kernels ------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A regular segmented inclusive scan of S segments of n elements, seen as
// one array of S * n elements cut into groups of G = B * m (block size B,
// m elements per thread, [Clausen 2021]), lowers to one single-pass kernel:
//
//  * a block takes dynamic group ids from a global counter until one is
//    past the last group (ids are handed out in the order blocks start, so
//    the look-back never waits on a group nobody works on) [Pøbl & Holst
//    2024, §3.1]; the next id is taken during a group's look-back;
//  * load & map (ScanGroup.cpp): each warp loads its part of the group
//    coalesced, stores map-only outputs at once and stages the operator
//    operands in its part of shared memory; after a warp barrier thread t
//    takes elements t m .. t m + m - 1, scans them restarting at segment
//    starts, and the block scans the threads' carries (with starts-here
//    flags when the scan has segments) with one block barrier;
//  * look-back: the block publishes its aggregate (flag A), or at once its
//    inclusive prefix (flag P) when it starts a segment or contains a
//    segment start (the suffix after the last one is all its successors
//    need); then the first warp reads one predecessor per lane at a time,
//    stopping at the first P or at the start of its segment (older groups
//    count as P with the neutral value), and reduces them with a
//    flag-aware operator; the block publishes P. Values are written with
//    plain stores, then the flag with a release store; readers poll the
//    flag with acquire loads and a growing nanosleep between polls (no
//    read-modify-write), then read the value with plain loads; the other
//    warps wait at the group's second and last block barrier;
//  * result distribution and a transposition back through each warp's part
//    of shared memory (a warp barrier) for coalesced writes.
//
// Index arithmetic inside a group is 32-bit (ScanIndexing.h,
// [Clausen 2021, §6]); the group offset, the segment start and global indices
// stay 64-bit.
//
// Reduce-then-scan, for operators whose state leaves the single-pass
// kernel too few registers (or when forced): a kernel computes every
// group's (flag, aggregate), one block scans them, and a third kernel
// rescans every group with its prefix and writes the results.
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"
#include "ScanGroup.h"
#include "ScanLookBack.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::seg;

static Value cmp(OpBuilder &b, Location loc, arith::CmpIPredicate pred,
                 Value lhs, Value rhs) {
  return arith::CmpIOp::create(b, loc, pred, lhs, rhs);
}

/// The word of the shared group id where the first segment's coordinates
/// start (GroupShape::sharesSegmentCoordinates), after the id, the first
/// segment and the offset in it (getScanGroupIdWords).
static constexpr int64_t kSharedCoordinatesWord = 3;

/// Takes the next group id from the global counter into `idBuffer`
/// (thread 0), followed by the group's location where the kernel shares it
/// (GroupShape::sharesGroupLocation): its division is thread 0's alone,
/// during the look-back, not every thread's after the barrier.
static void takeGroupId(KernelBuilder &kb, ScanTemps &temps,
                        const GroupShape &shape, Value idBuffer) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Value taken =
      memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi,
                                  arith::ConstantIntOp::create(b, loc, 1, 64),
                                  temps.counter, ValueRange{kb.constIndex(0)});
  Value id = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), taken);
  memref::StoreOp::create(b, loc, id, idBuffer, ValueRange{kb.constIndex(0)});
  if (!shape.sharesGroupLocation && !shape.sharesSegmentCoordinates)
    return;
  auto [firstSegment, sgmIdx] = shape.locateGroup(b, loc, id);
  if (shape.sharesGroupLocation) {
    memref::StoreOp::create(b, loc, firstSegment, idBuffer,
                            ValueRange{kb.constIndex(1)});
    memref::StoreOp::create(b, loc, sgmIdx, idBuffer,
                            ValueRange{kb.constIndex(2)});
  }
  if (shape.sharesSegmentCoordinates)
    for (auto [d, coordinate] :
         llvm::enumerate(shape.delinearizeSegment(b, loc, firstSegment)))
      memref::StoreOp::create(
          b, loc, coordinate, idBuffer,
          ValueRange{kb.constIndex(kSharedCoordinatesWord + d)});
}

/// The single-pass kernel's group: publishes the group's aggregate (or at
/// once its prefix), looks back to the start of its segment (warp 0, while
/// the other warps wait at the barrier) and publishes its prefix, takes the
/// block's next group id, then writes its results. Two block barriers: the
/// tile scan's and the prefix broadcast's, which also publishes the next id.
/// With segments in runs of threads (GroupShape::segmentLanes) only the
/// group id's two.
static void emitSinglePassGroup(KernelBuilder &kb, Scan &scan,
                                const ScanPlan &plan, const GroupShape &shape,
                                const GroupPosition &position, GroupPath path,
                                ScanTemps &temps, ArrayRef<Value> staging,
                                ArrayRef<Value> broadcast, Value idBuffer) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Value id = position.id;
  GroupScan group(kb, scan, shape, position, path, staging,
                  /*storeMapOuts=*/true, plan.reloadScanElements,
                  plan.loadsInFlight, plan.contiguousLoads);
  if (shape.segmentLanes) {
    // Every group starts a segment: none looks back, so none publishes. The
    // first barrier keeps thread 0 from overwriting the group id before
    // every thread has read it (the block scan's barrier does elsewhere).
    kb.barrier();
    kb.ifThen(group.isFirstThread,
              [&] { takeGroupId(kb, temps, shape, idBuffer); });
    kb.barrier();
    group.writeResults(scan.neutrals);
    return;
  }
  IRArith &a = group.a;
  Value isFirstGroup =
      cmp(b, loc, arith::CmpIPredicate::eq, id, kb.constIndex(0));
  Value noLookBack = a.or_(isFirstGroup, group.ix.newSegment);
  // A group containing a segment start publishes its suffix at once.
  Value publishEarly = a.or_(noLookBack, group.totalFlag);
  kb.ifThen(group.isFirstThread, [&] {
    auto ifEarly = scf::IfOp::create(b, loc, TypeRange(), publishEarly,
                                     /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifEarly.thenBlock()->getTerminator());
    publish(kb, group.totalValues, temps.prefixes, temps.flags, id, kFlagP);
    b.setInsertionPoint(ifEarly.elseBlock()->getTerminator());
    publish(kb, group.totalValues, temps.aggregates, temps.flags, id, kFlagA);
    // The total waits for the look-back in the broadcast slot: kept in
    // registers, every thread would hold it.
    kb.storeAll(group.totalValues, broadcast, kb.constIndex(0));
  });
  int64_t width =
      std::min<int64_t>(kb.warpSize, static_cast<int64_t>(llvm::bit_floor(
                                         static_cast<uint64_t>(kb.blockSize))));
  Value inWindow =
      cmp(b, loc, arith::CmpIPredicate::ult, kb.threadId, kb.constIndex(width));
  Value needsLookBack = arith::XOrIOp::create(
      b, loc, noLookBack, arith::ConstantIntOp::create(b, loc, 1, 1));
  Value looksBack = a.and_(inWindow, needsLookBack);
  Value segmentStart = a.sub64(group.blockOffset, group.ix.sgmIdx);
  SmallVector<Value> prefix = kb.ifThenElse(
      looksBack, scan.types,
      [&] {
        return emitLookBack(kb, scan, temps, id, segmentStart, group.groupSize,
                            width);
      },
      [&] { return scan.neutrals; });
  kb.ifThen(group.isFirstThread, [&] {
    kb.ifThen(arith::XOrIOp::create(b, loc, publishEarly,
                                    arith::ConstantIntOp::create(b, loc, 1, 1)),
              [&] {
                SmallVector<Value> total =
                    kb.loadAll(broadcast, kb.constIndex(0));
                publish(kb, scan.combine(b, prefix, total), temps.prefixes,
                        temps.flags, id, kFlagP);
              });
    kb.storeAll(prefix, broadcast, kb.constIndex(0));
    // Every thread has read this group's id (before the tile scan's
    // barrier); the next barrier publishes the next one.
    takeGroupId(kb, temps, shape, idBuffer);
  });
  kb.barrier();
  group.writeResults(kb.loadAll(broadcast, kb.constIndex(0)));
}

/// [Clausen 2021]'s single-pass kernel: a block takes group ids from a
/// global counter until one is past the last group, so ids go out in the
/// order blocks start. The next id is taken during a group's look-back and
/// read after the barrier that ends it: no barrier of its own.
static void emitSinglePassKernel(OpBuilder &b, Location loc, Scan &scan,
                                 const ScanPlan &plan, Value numGroups,
                                 Value numBlocks, ScanTemps &temps) {
  KernelBuilder kb(b, loc, numBlocks, plan,
                   plan.getKernel(KernelRole::SinglePassScan));
  if (plan.maxRegisters > 0)
    kb.launch->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                       b.getI32IntegerAttr(plan.maxRegisters));
  Value idBuffer = kb.allocShared(b.getIndexType(),
                                 getScanGroupIdWords(getScanShape(scan.op)));
  SmallVector<Value> broadcast = kb.allocShared(scan.types, 1);
  SmallVector<Value> staging =
      kb.allocShared(scan.types, plan.blockSize * plan.elementsPerThread);
  Value isFirstThread =
      cmp(b, loc, arith::CmpIPredicate::eq, kb.threadId, kb.constIndex(0));
  GroupShape shape(kb, scan, plan.elementsPerThread, plan.parkScanExclusive,
                   /*withoutGroupTotals=*/true);
  kb.ifThen(isFirstThread,
            [&] { takeGroupId(kb, temps, shape, idBuffer); });
  kb.barrier();
  auto loop =
      scf::WhileOp::create(b, loc, TypeRange{b.getIndexType()}, ValueRange());
  {
    OpBuilder::InsertionGuard guard(b);
    b.createBlock(&loop.getBefore());
    Value id =
        memref::LoadOp::create(b, loc, idBuffer, ValueRange{kb.constIndex(0)});
    Value more = cmp(b, loc, arith::CmpIPredicate::ult, id, numGroups);
    scf::ConditionOp::create(b, loc, more, ValueRange{id});
    Block *after =
        b.createBlock(&loop.getAfter(), {}, {b.getIndexType()}, {loc});
    // Read before the tile scan's barrier, after which thread 0 takes the
    // next group.
    std::optional<std::pair<Value, Value>> location;
    if (shape.sharesGroupLocation)
      location = {memref::LoadOp::create(b, loc, idBuffer,
                                         ValueRange{kb.constIndex(1)}),
                  memref::LoadOp::create(b, loc, idBuffer,
                                         ValueRange{kb.constIndex(2)})};
    SmallVector<Value> segmentIvs;
    if (shape.sharesSegmentCoordinates)
      for (size_t d = 0; d <= shape.outerSizes.size(); ++d)
        segmentIvs.push_back(memref::LoadOp::create(
            b, loc, idBuffer,
            ValueRange{kb.constIndex(kSharedCoordinatesWord + d)}));
    GroupPosition position(kb, scan, shape, after->getArgument(0), location,
                           segmentIvs);
    forGroupPaths(kb, scan, shape, position, [&](GroupPath path) {
      emitSinglePassGroup(kb, scan, plan, shape, position, path, temps,
                          staging, broadcast, idBuffer);
    });
    scf::YieldOp::create(b, loc);
  }
  kb.finish();
}

/// A reduce-then-scan kernel over all groups: `finish` completes each
/// group after its block-wide scan.
static void
emitGroupLoopKernel(OpBuilder &b, Location loc, Scan &scan,
                    const ScanPlan &plan, KernelRole kernel, Value numGroups,
                    Value numBlocks, bool storeMapOuts,
                    function_ref<void(KernelBuilder &, GroupScan &)> finish) {
  KernelBuilder kb(b, loc, numBlocks, plan, plan.getKernel(kernel));
  SmallVector<Value> staging =
      kb.allocShared(scan.types, plan.blockSize * plan.elementsPerThread);
  GroupShape shape(kb, scan, plan.elementsPerThread, plan.parkScanExclusive,
                   /*withoutGroupTotals=*/false);
  kb.forLoop(kb.blockId, numGroups, kb.gridSize, {}, [&](Value id, ValueRange) {
    GroupPosition position(kb, scan, shape, id);
    forGroupPaths(kb, scan, shape, position, [&](GroupPath path) {
      // Only the kernels that write results need the scanned values again.
      GroupScan group(kb, scan, shape, position, path, staging, storeMapOuts,
                      storeMapOuts && plan.reloadScanElements, plan.loadsInFlight,
                      plan.contiguousLoads);
      finish(kb, group);
    });
    // The next group's tile scan writes the warp totals again.
    kb.barrier();
    return SmallVector<Value>();
  });
  kb.finish();
}

/// Reduce-then-scan's first kernel: every group's (contains a segment
/// start, aggregate after the last one); map-only outputs wait for the
/// rescan.
static void emitGroupAggregateKernel(OpBuilder &b, Location loc, Scan &scan,
                                     const ScanPlan &plan, Value numGroups,
                                     Value numBlocks, ScanTemps &temps) {
  auto publishAggregate = [&](KernelBuilder &kb, GroupScan &group) {
    kb.ifThen(group.isFirstThread, [&] {
      Value flag =
          arith::ExtUIOp::create(b, loc, b.getI32Type(), group.totalFlag);
      memref::StoreOp::create(b, loc, flag, temps.flags, ValueRange{group.id});
      kb.storeAll(group.totalValues, temps.aggregates, group.id);
    });
  };
  emitGroupLoopKernel(b, loc, scan, plan, KernelRole::GroupAggregates,
                      numGroups, numBlocks, /*storeMapOuts=*/false,
                      publishAggregate);
}

/// Reduce-then-scan's last kernel: every group rescanned with the prefix
/// the middle kernel computed for it.
static void emitRescanKernel(OpBuilder &b, Location loc, Scan &scan,
                             const ScanPlan &plan, Value numGroups,
                             Value numBlocks, ScanTemps &temps) {
  emitGroupLoopKernel(
      b, loc, scan, plan, KernelRole::Rescan, numGroups, numBlocks,
      /*storeMapOuts=*/true, [&](KernelBuilder &kb, GroupScan &group) {
        group.writeResults(kb.loadAll(temps.prefixes, group.id));
      });
}

/// Reduce-then-scan's middle kernel: one block scans the groups'
/// (flag, aggregate) pairs; prefixes[g] gets the combination of the groups
/// before g back to the last segment start.
static void emitAggregateScanKernel(OpBuilder &b, Location loc, Scan &scan,
                                    const ScanPlan &plan, Value numGroups,
                                    ScanTemps &temps) {
  int64_t blockSize = plan.blockSize;
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  KernelBuilder kb(b, loc, one, plan,
                   plan.getKernel(KernelRole::AggregateScan));
  auto segCombine = [&](ValueRange lhs, ValueRange rhs) {
    return scan.segCombine(b, loc, lhs, rhs);
  };
  SmallVector<Value> identity = scan.segIdentity(b, loc);
  SmallVector<Type> pairTypes{b.getI1Type()};
  llvm::append_range(pairTypes, scan.types);
  // Each step covers B x K groups: thread t loads the pairs of groups
  // t K .. t K + K - 1 of it before using any, scans them by itself, and
  // the block scans the threads' totals.
  int64_t perThread = plan.aggregatesPerThread;
  kb.forLoop(
      kb.constIndex(0), numGroups, kb.constIndex(blockSize * perThread),
      identity, [&](Value base, ValueRange carry) {
        Value first = arith::AddIOp::create(
            b, loc, base,
            arith::MulIOp::create(b, loc, kb.threadId,
                                  kb.constIndex(perThread)));
        SmallVector<Value> groups, inRange;
        SmallVector<SmallVector<Value>> pairs;
        for (int64_t j = 0; j < perThread; ++j) {
          Value group = arith::AddIOp::create(b, loc, first, kb.constIndex(j));
          groups.push_back(group);
          inRange.push_back(
              cmp(b, loc, arith::CmpIPredicate::ult, group, numGroups));
          pairs.push_back(kb.ifThenElse(
              inRange.back(), pairTypes,
              [&] {
                Value flag = memref::LoadOp::create(b, loc, temps.flags,
                                                    ValueRange{group});
                SmallVector<Value> result{cmp(b, loc, arith::CmpIPredicate::ne,
                                              flag, kb.constI32(0))};
                llvm::append_range(result, kb.loadAll(temps.aggregates, group));
                return result;
              },
              [&] { return identity; }));
        }
        SmallVector<Value> threadTotal = pairs.front();
        for (ArrayRef<Value> pair : ArrayRef(pairs).drop_front())
          threadTotal = segCombine(threadTotal, pair);
        KernelBuilder::BlockScan scanned =
            kb.blockScan(segCombine, identity, threadTotal);
        // The groups before each of this thread's, back to a segment start.
        SmallVector<Value> before = segCombine(carry, scanned.exclusive);
        for (int64_t j = 0; j < perThread; ++j) {
          kb.ifThen(inRange[j], [&] {
            kb.storeAll(ArrayRef(before).drop_front(), temps.prefixes,
                        groups[j]);
          });
          if (j + 1 < perThread)
            before = segCombine(before, pairs[j]);
        }
        return segCombine(carry, scanned.total);
      });
  kb.finish();
}

//===----------------------------------------------------------------------===//
// Host code
//===----------------------------------------------------------------------===//

void seg::lowerScanToGPU(OpBuilder &b, ScanOp op, const ScanPlan &plan) {
  Location loc = op.getLoc();
  Scan scan(b, loc, op, IRMapping());
  int64_t blockSize = plan.blockSize;
  int64_t m = plan.elementsPerThread;
  ifNonEmpty(b, loc, scan.total, [&] {
    Value groupSize = arith::ConstantIndexOp::create(b, loc, blockSize * m);
    Value numGroups = ceilDivIndex(b, loc, scan.total, groupSize);
    Value numBlocks = getLaunchBlockCount(b, loc, op, numGroups, plan);

    Type tokenType = gpu::AsyncTokenType::get(b.getContext());
    Value token =
        gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
    auto alloc = [&](Type type, Value count) {
      auto op = gpu::AllocOp::create(
          b, loc, MemRefType::get({ShapedType::kDynamic}, type), tokenType,
          ValueRange{token}, ValueRange{count}, ValueRange());
      token = op.getAsyncToken();
      return op.getMemref();
    };
    auto zero = [&](Value buffer, Value value) {
      token = gpu::MemsetOp::create(b, loc, tokenType, ValueRange{token},
                                    buffer, value)
                  .getAsyncToken();
    };
    ScanTemps temps;
    SmallVector<Value> buffers;
    temps.flags = alloc(b.getI32Type(), numGroups);
    buffers.push_back(temps.flags);
    for (Type type : scan.types) {
      temps.aggregates.push_back(alloc(type, numGroups));
      temps.prefixes.push_back(alloc(type, numGroups));
    }
    llvm::append_range(buffers, temps.aggregates);
    llvm::append_range(buffers, temps.prefixes);
    Value hostZero;
    if (plan.singlePass) {
      // Every launch starts from group 0 with every status X.
      zero(temps.flags, arith::ConstantIntOp::create(b, loc, kFlagX, 32));
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      temps.counter = alloc(b.getI64Type(), one);
      buffers.push_back(temps.counter);
      // gpu.memset lowers for 16- and 32-bit values only: the 64-bit
      // counter is copied from a zero on the host (on the heap: an alloca
      // would grow the stack at every call of a scan in a host loop).
      hostZero = memref::AllocOp::create(
          b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()),
          ValueRange{one});
      memref::StoreOp::create(
          b, loc, arith::ConstantIntOp::create(b, loc, 0, 64), hostZero,
          ValueRange{arith::ConstantIndexOp::create(b, loc, 0)});
      token = gpu::MemcpyOp::create(b, loc, tokenType, ValueRange{token},
                                    temps.counter, hostZero)
                  .getAsyncToken();
    }
    gpu::WaitOp::create(b, loc, Type(), ValueRange{token});
    if (hostZero)
      memref::DeallocOp::create(b, loc, hostZero);

    if (plan.singlePass) {
      emitSinglePassKernel(b, loc, scan, plan, numGroups, numBlocks, temps);
    } else {
      emitGroupAggregateKernel(b, loc, scan, plan, numGroups, numBlocks, temps);
      emitAggregateScanKernel(b, loc, scan, plan, numGroups, temps);
      emitRescanKernel(b, loc, scan, plan, numGroups, numBlocks, temps);
    }

    token =
        gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
    for (Value buffer : buffers)
      token =
          gpu::DeallocOp::create(b, loc, tokenType, ValueRange{token}, buffer)
              .getAsyncToken();
    gpu::WaitOp::create(b, loc, Type(), ValueRange{token});
  });
}

//===----------------------------------------------------------------------===//
// thread_in_block
//===----------------------------------------------------------------------===//

void seg::emitThreadInBlockScan(KernelBuilder &kb, ScanOp op,
                                IRMapping &mapping) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Scan scan(b, loc, op, mapping);
  auto combine = [&](ValueRange lhs, ValueRange rhs) {
    return scan.combine(b, lhs, rhs);
  };
  kb.forLoop(
      kb.constIndex(0), scan.numSegments, kb.constIndex(1), {},
      [&](Value segment, ValueRange) {
        SmallVector<Value> outer =
            delinearize(b, loc, segment, scan.segmentSizes);
        kb.forLoop(
            kb.constIndex(0), scan.segmentLength, kb.constIndex(kb.blockSize),
            scan.neutrals, [&](Value base, ValueRange carry) {
              Value index = arith::AddIOp::create(b, loc, base, kb.threadId);
              Value inBounds = cmp(b, loc, arith::CmpIPredicate::ult, index,
                                   scan.segmentLength);
              SmallVector<Value> ivs(outer);
              ivs.push_back(index);
              SmallVector<Value> elems = kb.ifThenElse(
                  inBounds, scan.types,
                  [&] { return scan.element(kb, ivs, true, mapping); },
                  [&] { return scan.neutrals; });
              KernelBuilder::BlockScan step =
                  kb.blockScan(combine, scan.neutrals, elems);
              SmallVector<Value> result =
                  scan.combine(b, carry, step.inclusive);
              kb.ifThen(inBounds, [&] {
                for (auto [value, out] : llvm::zip_equal(result, scan.outs))
                  memref::StoreOp::create(b, loc, value, out, ivs);
              });
              return scan.combine(b, carry, step.total);
            });
        return SmallVector<Value>();
      });
  kb.barrier();
}
