//===- HistogramKernels.cpp - seg.hist to GPU kernels -------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The two strategies of [Henriksen et al. 2020] that the plan chooses from:
//
//  * global-atomic: a grid-stride loop over the flattened space; every point
//    updates the bins it names in the global histograms atomically;
//  * shared: every block keeps `multiplicity` sub-histograms per operator in
//    shared memory (thread t updates copy t mod multiplicity), initialised
//    to the neutral values; after the block's points, its threads combine
//    the copies of every bin and update the global histogram once per bin.
//    Histograms larger than the shared memory of a block are processed in
//    passes over ranges of their flattened bins (segments first).
//
// A bin is updated with the operator's native atomic when the plan found
// one, else with a compare-and-swap loop (memref.generic_atomic_rmw on
// integers, a cmpxchg loop on the bits of floats and index values), and
// for an operator of several accumulators (one histogram each) under a
// per-bin lock: acquired with an acquire compare-and-swap of 0 to 1 and a
// growing sleep between attempts, released with a release store of 0.
// Every lane loops until its own update is done, and updates inside the
// iteration that acquired the lock, so that no lane waits for a lane of its
// own warp that could not run (with or without independent thread
// scheduling).
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"

#include "segir/Dialect/Seg/Utils/Utils.h"
#include "segir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::seg;

/// The lock-based update's back-off: the first sleep after a failed
/// attempt to take a bin's lock and the longest (nanoseconds).
static constexpr int64_t kFirstLockSleepNs = 32, kMaxLockSleepNs = 1024;
/// The sync scopes of the locks: global ones order the updates of every
/// block, shared ones those of the block.
static constexpr MemoryScope kDeviceScope = MemoryScope::Device,
                             kBlockScope = MemoryScope::Block;

namespace {
/// What the kernels of one seg.hist use, valid on the host and (captured)
/// in its kernels.
struct HistOperands {
  SmallVector<Value> sizes;
  Value count;
  /// Per operator: its histograms and neutral values (one per
  /// accumulator), its number of bins, and its histograms' flattened size
  /// (segments times bins).
  SmallVector<SmallVector<Value, 1>> outs, neutrals;
  SmallVector<Value> bins, totals;
  /// Per operator updated under a lock (HistPlan::locked):
  /// its locks in global memory, one per flattened bin; else null.
  SmallVector<Value> locks;
  /// The segment dimensions' sizes.
  SmallVector<Value> segmentSizes;

  HistOperands(OpBuilder &b, Location loc, HistOp op) {
    sizes = materializeSizes(b, loc, op.getMixedSizes());
    count = productOf(b, loc, sizes);
    segmentSizes.assign(sizes.begin(), sizes.begin() + op.getNumSegmentDims());
    Value numSegments = productOf(b, loc, segmentSizes);
    for (unsigned index = 0, e = op.getOperators().size(); index < e; ++index) {
      OperandRange operatorOuts = op.getOperatorOuts(index);
      outs.emplace_back(operatorOuts.begin(), operatorOuts.end());
      OperandRange operatorNeutrals = op.getOperatorNeutrals(index);
      neutrals.emplace_back(operatorNeutrals.begin(), operatorNeutrals.end());
      Value out = outs.back().front();
      int64_t binDim = cast<MemRefType>(out.getType()).getRank() - 1;
      bins.push_back(getValueOrCreateConstantIndexOp(
          b, loc, memref::getMixedSize(b, loc, out, binDim)));
      totals.push_back(arith::MulIOp::create(b, loc, numSegments, bins.back()));
    }
    locks.resize(outs.size());
  }
};

/// One point's update of one operator: the bin and the values.
struct BinUpdate {
  Value bin;
  SmallVector<Value, 1> values;
};
} // namespace

/// The address of `memref[indices]` (in the default, generic, address
/// space; `memref` is strided) as an `!llvm.ptr`, for the atomics that
/// memref has no op for.
static Value getElementPointer(OpBuilder &b, Location loc, Value memref,
                               ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  Type element = type.getElementType();
  int64_t bytes = element.isIndex()
                      ? 8
                      : llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
  // base + (offset + sum of index x stride) x size.
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value linear = metadata.getOffset();
  for (auto [index, stride] : llvm::zip_equal(indices, metadata.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(b, loc, linear,
                            arith::ConstantIndexOp::create(b, loc, bytes)));
  Value address64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address64);
}

/// A compare-and-swap loop on the bits of `memref[indices]`, for the types
/// that memref.generic_atomic_rmw cannot take to the GPU (LLVM's cmpxchg
/// takes integers only): an atomic load, then the operator and a cmpxchg of
/// its result until no other thread changed the element in between.
/// `memref` is in the default (generic) address space.
static void emitBitsCompareAndSwap(OpBuilder &b, Location loc, Region &region,
                                   Value value, Value memref,
                                   ValueRange indices) {
  Type type = value.getType();
  unsigned width = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  Type bits = b.getIntegerType(width);
  auto toBits = [&](Value v) -> Value {
    if (type.isIndex())
      return arith::IndexCastOp::create(b, loc, bits, v);
    return arith::BitcastOp::create(b, loc, bits, v);
  };
  auto fromBits = [&](Value v) -> Value {
    if (type.isIndex())
      return arith::IndexCastOp::create(b, loc, type, v);
    return arith::BitcastOp::create(b, loc, type, v);
  };
  Value pointer = getElementPointer(b, loc, memref, indices);
  Value first = LLVM::LoadOp::create(
      b, loc, bits, pointer, width / 8, /*isVolatile=*/false,
      /*isNonTemporal=*/false, /*isInvariant=*/false,
      /*isInvariantGroup=*/false, LLVM::AtomicOrdering::monotonic);
  auto loop = scf::WhileOp::create(b, loc, TypeRange{bits}, ValueRange{first});
  Block *before = b.createBlock(&loop.getBefore(), {}, {bits}, {loc});
  Value old = before->getArgument(0);
  Value combined =
      applyOperators(b, MutableArrayRef<Region>(region), fromBits(old), value)
          .front();
  auto exchange = LLVM::AtomicCmpXchgOp::create(
      b, loc, pointer, old, toBits(combined), LLVM::AtomicOrdering::monotonic,
      LLVM::AtomicOrdering::monotonic);
  Value seen = LLVM::ExtractValueOp::create(b, loc, exchange, 0);
  Value done = LLVM::ExtractValueOp::create(b, loc, exchange, 1);
  Value retry = arith::XOrIOp::create(
      b, loc, done, arith::ConstantIntOp::create(b, loc, 1, 1));
  scf::ConditionOp::create(b, loc, retry, ValueRange{seen});
  Block *after = b.createBlock(&loop.getAfter(), {}, {bits}, {loc});
  scf::YieldOp::create(b, loc, after->getArguments());
  b.setInsertionPointAfter(loop);
}

/// The lock of a bin: `locks[index]` (i32, 0 when free), ordering the
/// updates of the threads of `scope`.
struct BinLock {
  Value locks, index;
  MemoryScope scope;
};

/// Combines `values` into `memrefs[indices]` (one histogram per value)
/// with `region` while holding `lock`. A lane that fails to take the lock
/// sleeps, twice as long as before up to a limit, and tries again; the one
/// that takes it updates and releases it in the same iteration.
static void emitLockedUpdate(OpBuilder &b, Location loc, Region &region,
                             ValueRange values, ValueRange memrefs,
                             ValueRange indices, const BinLock &lock) {
  Type i1 = b.getI1Type(), i32 = b.getI32Type();
  auto constI32 = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(b, loc, i32, value);
  };
  Value pointer = getElementPointer(b, loc, lock.locks, lock.index);
  Value pending = arith::ConstantIntOp::create(b, loc, 1, 1);
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{i32}, ValueRange{pending, constI32(kFirstLockSleepNs)});
  OpBuilder::InsertionGuard guard(b);
  Block *before = b.createBlock(&loop.getBefore(), {}, {i1, i32}, {loc, loc});
  scf::ConditionOp::create(b, loc, before->getArgument(0),
                           ValueRange{before->getArgument(1)});
  Block *after = b.createBlock(&loop.getAfter(), {}, {i32}, {loc});
  Value sleep = after->getArgument(0);
  const TargetInfo &target = TargetInfo::lookup(loop);
  Value acquired = target.createAcquireCompareExchange(
      b, loc, pointer, constI32(0), constI32(1), lock.scope);
  auto ifOp = scf::IfOp::create(b, loc, acquired, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    SmallVector<Value> current;
    for (Value memref : memrefs)
      current.push_back(memref::LoadOp::create(b, loc, memref, indices));
    SmallVector<Value> combined =
        applyOperators(b, MutableArrayRef<Region>(region), current, values);
    for (auto [value, memref] : llvm::zip_equal(combined, memrefs))
      memref::StoreOp::create(b, loc, value, memref, indices);
    target.createReleaseStore(b, loc, constI32(0), pointer, /*alignment=*/4,
                              lock.scope);
    b.setInsertionPointToStart(ifOp.elseBlock());
    target.createBackoffSleep(b, loc, sleep);
  }
  Value doubled = arith::ShLIOp::create(b, loc, sleep, constI32(1));
  Value next =
      arith::MinUIOp::create(b, loc, doubled, constI32(kMaxLockSleepNs));
  Value retry = arith::XOrIOp::create(
      b, loc, acquired, arith::ConstantIntOp::create(b, loc, 1, 1));
  scf::YieldOp::create(b, loc, ValueRange{retry, next});
}

/// Combines `values` into `memrefs[indices]` atomically with operator
/// `index` of `op`: under `lock` for an operator the plan locks, else with
/// its native atomic if the plan has one, else with a compare-and-swap loop
/// around the operator.
static void emitAtomicUpdate(OpBuilder &b, Location loc, HistOp op,
                             const HistPlan &plan, unsigned index,
                             ValueRange values, ValueRange memrefs,
                             ValueRange indices, const BinLock &lock) {
  Region &region = op.getOperators()[index];
  if (plan.locked[index]) {
    emitLockedUpdate(b, loc, region, values, memrefs, indices, lock);
    return;
  }
  Value value = values.front(), memref = memrefs.front();
  std::optional<arith::AtomicRMWKind> kind = plan.atomics[index];
  if (!kind && !isa<IntegerType>(value.getType())) {
    emitBitsCompareAndSwap(b, loc, region, value, memref, indices);
    return;
  }
  // Shared buffers are generic views of workgroup memory: atomics on the
  // workgroup memref itself become shared-memory atomics (atom.shared).
  if (auto cast = memref.getDefiningOp<memref::MemorySpaceCastOp>())
    memref = cast.getSource();
  if (kind) {
    memref::AtomicRMWOp::create(b, loc, *kind, value, memref, indices);
    return;
  }
  auto generic = memref::GenericAtomicRMWOp::create(b, loc, memref, indices);
  OpBuilder body = OpBuilder::atBlockEnd(generic.getBody());
  SmallVector<Value> combined = applyOperators(
      body, MutableArrayRef<Region>(region), generic.getCurrentValue(), value);
  memref::AtomicYieldOp::create(body, loc, combined.front());
}

/// Every operator's bin and values among the body's `yielded` values.
static SmallVector<BinUpdate> getBinUpdates(const HistOperands &operands,
                                            ArrayRef<Value> yielded) {
  SmallVector<BinUpdate> updates;
  for (const SmallVector<Value, 1> &outs : operands.outs) {
    updates.push_back({yielded.front(),
                       SmallVector<Value, 1>(yielded.slice(1, outs.size()))});
    yielded = yielded.drop_front(1 + outs.size());
  }
  return updates;
}

/// The body at the point with linear index `flat`: the segment indices and
/// every operator's bin and value.
static std::pair<SmallVector<Value>, SmallVector<BinUpdate>>
emitPoint(KernelBuilder &kb, HistOp op, const HistOperands &operands,
          Value flat) {
  SmallVector<Value> ivs = delinearize(kb.b, kb.loc, flat, operands.sizes);
  IRMapping mapping;
  Block &body = op.getBody().front();
  SmallVector<Value> yielded = emitBodyElement(
      kb, body, body.getTerminator()->getNumOperands(), mapping, ivs, {});
  ivs.resize(op.getNumSegmentDims());
  return {ivs, getBinUpdates(operands, yielded)};
}

/// The row-major linear index of the segment `ivs` (0 without segments).
static Value linearizeSegment(OpBuilder &b, Location loc, ValueRange ivs,
                              ArrayRef<Value> sizes) {
  Value linear = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [iv, size] : llvm::zip_equal(ivs, sizes))
    linear = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, linear, size), iv);
  return linear;
}

/// The position of `bin` of segment `segmentIvs` in the flattened
/// histograms of operator `index`.
static Value getFlatBin(OpBuilder &b, Location loc,
                        const HistOperands &operands, unsigned index,
                        ValueRange segmentIvs, Value bin) {
  Value segment = linearizeSegment(b, loc, segmentIvs, operands.segmentSizes);
  return arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, segment, operands.bins[index]),
      bin);
}

/// The first point of this thread in a grid-stride loop, and the stride.
static std::pair<Value, Value> getGridStride(KernelBuilder &kb,
                                             Value blockSize) {
  Value first = arith::AddIOp::create(
      kb.b, kb.loc, arith::MulIOp::create(kb.b, kb.loc, kb.blockId, blockSize),
      kb.threadId);
  return {first, arith::MulIOp::create(kb.b, kb.loc, kb.gridSize, blockSize)};
}

using PointUpdate = function_ref<void(ArrayRef<Value>, ArrayRef<BinUpdate>)>;

/// Grid-stride loop over the vectors of the flattened points [begin, end),
/// which lie in whole rows (thread `first`'s `loads.width` points at
/// begin + width x first, the next `stride` vectors further),
/// `loads.vectorsInFlight` vectors at a time: their bodies first, then
/// `update` of each point. In a space of more than one dimension the loop
/// carries its vector's coordinates, no division per vector.
static void forEachVector(KernelBuilder &kb, HistOp op,
                          const HistOperands &operands,
                          const ContiguousLoads &loads, Value begin, Value end,
                          Value first, Value stride, PointUpdate update) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Block &body = op.getBody().front();
  unsigned numYielded = body.getTerminator()->getNumOperands();
  Value width = kb.constIndex(loads.width);
  Value vectors = arith::DivUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, end, begin), width);
  auto pointOf = [&](Value vector) -> Value {
    return arith::AddIOp::create(b, loc, begin,
                                 arith::MulIOp::create(b, loc, vector, width));
  };
  bool carried = operands.sizes.size() > 1;
  SmallVector<Value> firstIvs, strideIvs;
  if (carried) {
    firstIvs = delinearize(b, loc, pointOf(first), operands.sizes);
    strideIvs = delinearize(
        b, loc, arith::MulIOp::create(b, loc, stride, width), operands.sizes);
  }
  kb.forLoopInGroups(
      first, vectors, stride, firstIvs, loads.vectorsInFlight,
      [&](Value vector, int64_t count, ValueRange cursor) {
        SmallVector<SmallVector<Value>> segments;
        SmallVector<Value> yielded;
        SmallVector<Value> ivs(cursor);
        for (int64_t k = 0; k < count; ++k) {
          if (carried && k > 0)
            ivs = addDelinearized(b, loc, ivs, strideIvs, operands.sizes);
          if (!carried) {
            if (k > 0)
              vector = arith::AddIOp::create(b, loc, vector, stride);
            ivs = {pointOf(vector)};
          }
          llvm::append_range(
              yielded,
              emitVectorBodyElements(kb, body, numYielded, loads, ivs, {}));
          // The innermost dimension is never a segment one: a vector's
          // points share their segment.
          segments.append(loads.width,
                          SmallVector<Value>(ArrayRef(ivs).take_front(
                              op.getNumSegmentDims())));
        }
        ArrayRef<Value> point = yielded;
        for (const SmallVector<Value> &segmentIvs : segments) {
          update(segmentIvs,
                 getBinUpdates(operands, point.take_front(numYielded)));
          point = point.drop_front(numYielded);
        }
        if (!carried)
          return SmallVector<Value>();
        return addDelinearized(b, loc, ivs, strideIvs, operands.sizes);
      },
      /*unroll=*/false);
}

/// Reads the whole rows of a space of more than one dimension in vectors of
/// the first of the plan's row widths that divides them and is aligned in
/// every row (one loop per width, one runs), else point by point with
/// `scalarLoop`.
static void forEachRowVector(KernelBuilder &kb, HistOp op, const HistPlan &plan,
                             const HistOperands &operands, Value first,
                             Value stride, PointUpdate update,
                             function_ref<void()> scalarLoop) {
  Block &body = op.getBody().front();
  Value width = emitRowVectorWidth(kb.b, kb.loc, plan.contiguousLoads,
                                   plan.rowWidths, body, operands.sizes.back());
  auto takes = [&](int64_t candidate) -> Value {
    return arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq, width,
                                 kb.constIndex(candidate));
  };
  for (int64_t rowWidth : plan.rowWidths) {
    ContiguousLoads loads = plan.contiguousLoads;
    loads.width = rowWidth;
    kb.ifThen(takes(rowWidth), [&] {
      forEachVector(kb, op, operands, loads, kb.constIndex(0), operands.count,
                    first, stride, update);
    });
  }
  kb.ifThen(takes(1), scalarLoop);
}

/// Grid-stride loop over the points, thread `first`'s first, the next
/// `stride` further, the plan's loads in flight at a time: the bodies of a
/// group first, so that their loads are in flight together, then `update`
/// of each point with its segment indices and its operators' bins and
/// values (points are independent, and their updates commute). Where the
/// plan has vector loads, the points before the first aligned vector go
/// first, then the vectors, then the points after the last.
static void forEachPoint(KernelBuilder &kb, HistOp op, const HistPlan &plan,
                         const HistOperands &operands, Value first,
                         Value stride, PointUpdate update) {
  auto scalarLoop = [&](Value from, Value to, int64_t group) {
    kb.forLoopInGroups(
        arith::AddIOp::create(kb.b, kb.loc, from, first), to, stride, {},
        group,
        [&](Value flat, int64_t count, ValueRange) {
          SmallVector<std::pair<SmallVector<Value>, SmallVector<BinUpdate>>>
              points;
          for (int64_t k = 0; k < count; ++k) {
            if (k > 0)
              flat = arith::AddIOp::create(kb.b, kb.loc, flat, stride);
            points.push_back(emitPoint(kb, op, operands, flat));
          }
          for (const auto &[segmentIvs, updates] : points)
            update(segmentIvs, updates);
          return SmallVector<Value>();
        },
        /*unroll=*/false);
  };
  if (!plan.rowWidths.empty()) {
    forEachRowVector(kb, op, plan, operands, first, stride, update, [&] {
      scalarLoop(kb.constIndex(0), operands.count, plan.loadsInFlight);
    });
    return;
  }
  const ContiguousLoads &loads = plan.contiguousLoads;
  // Without vectors, every point is a scalar one.
  Value scalarStart = kb.constIndex(0);
  if (loads.isVectorized()) {
    // The fewer than `width` points before the first aligned vector, the
    // vectors, then the points after the last.
    AlignedVectorRange range =
        emitAlignedVectorRange(kb.b, kb.loc, loads, op.getBody().front(),
                               kb.constIndex(0), operands.count);
    scalarLoop(scalarStart, range.begin, /*group=*/1);
    forEachVector(kb, op, operands, loads, range.begin, range.end, first,
                  stride, update);
    scalarStart = range.end;
  }
  scalarLoop(scalarStart, operands.count, plan.loadsInFlight);
}

static void lowerGlobalAtomic(OpBuilder &b, HistOp op, const HistPlan &plan,
                              HistOperands &operands) {
  Location loc = op.getLoc();
  Value blockSize = arith::ConstantIndexOp::create(b, loc, plan.blockSize);
  Value required = ceilDivIndex(b, loc, operands.count, blockSize);
  Value numBlocks = getLaunchBlockCount(b, loc, op, required, plan);
  KernelBuilder kb(b, loc, numBlocks, plan,
                   plan.getKernel(KernelRole::GlobalAtomicHistogram));
  std::pair<Value, Value> gridStride = getGridStride(kb, blockSize);
  Value first = gridStride.first, stride = gridStride.second;
  forEachPoint(
      kb, op, plan, operands, first, stride,
      [&](ArrayRef<Value> segmentIvs, ArrayRef<BinUpdate> updates) {
        for (unsigned index = 0, e = updates.size(); index < e; ++index) {
          const BinUpdate &update = updates[index];
          ArrayRef<Value> outs = operands.outs[index];
          kb.ifThen(isBinInRange(b, loc, update.bin, outs.front()), [&] {
            SmallVector<Value> indices(segmentIvs);
            indices.push_back(update.bin);
            BinLock lock;
            if (Value locks = operands.locks[index])
              lock = {
                  locks,
                  getFlatBin(b, loc, operands, index, segmentIvs, update.bin),
                  kDeviceScope};
            emitAtomicUpdate(b, loc, op, plan, index, update.values, outs,
                             indices, lock);
          });
        }
      });
  kb.finish();
}

/// The shared memory of one operator in the shared kernel: its copies of
/// the bins of a pass (one buffer per accumulator) and, when locked, their
/// locks.
struct SubHistograms {
  SmallVector<Value, 1> copies;
  Value locks;
};

/// The end of a pass of the shared kernel over the bins from `rangeStarts`
/// (`rangeSizes` of each histogram): every bin of the range gets its
/// `copies` in `subs` combined, then one atomic update of the global
/// histogram.
static void mergeSubHistograms(KernelBuilder &kb, HistOp op,
                               const HistPlan &plan, HistOperands &operands,
                               ArrayRef<SubHistograms> subs,
                               ArrayRef<Value> rangeStarts,
                               ArrayRef<Value> rangeSizes, Value copies,
                               Value blockSize) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  for (unsigned index = 0, e = subs.size(); index < e; ++index) {
    Region &region = op.getOperators()[index];
    kb.forLoop(
        kb.threadId, rangeSizes[index], blockSize, {},
        [&](Value bin, ValueRange) {
          Value global = arith::AddIOp::create(b, loc, rangeStarts[index], bin);
          Value exists =
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, global,
                                    operands.totals[index]);
          kb.ifThen(exists, [&] {
            SmallVector<Value> combined = kb.forLoop(
                kb.constIndex(0), copies, kb.constIndex(1),
                operands.neutrals[index], [&](Value c, ValueRange acc) {
                  Value slot = arith::AddIOp::create(
                      b, loc,
                      arith::MulIOp::create(b, loc, c, rangeSizes[index]), bin);
                  return applyOperators(b, MutableArrayRef<Region>(region), acc,
                                        kb.loadAll(subs[index].copies, slot));
                });
            SmallVector<Value> shape(operands.segmentSizes);
            shape.push_back(operands.bins[index]);
            SmallVector<Value> indices = delinearize(b, loc, global, shape);
            BinLock lock{operands.locks[index], global, kDeviceScope};
            emitAtomicUpdate(b, loc, op, plan, index, combined,
                             operands.outs[index], indices, lock);
          });
          return SmallVector<Value>();
        });
  }
}

static void lowerShared(OpBuilder &b, HistOp op, const HistPlan &plan,
                        HistOperands &operands) {
  Location loc = op.getLoc();
  const HistPlan &hist = plan;
  unsigned numOperators = op.getOperators().size();
  Value blockSize = arith::ConstantIndexOp::create(b, loc, plan.blockSize);
  // A block takes at least as many points as its sub-histograms have
  // bins: initialising and combining them costs no more than its updates.
  int64_t subBins = 0;
  for (int64_t bins : hist.passBins)
    subBins += hist.multiplicity * bins;
  Value perBlock =
      arith::ConstantIndexOp::create(b, loc, std::max(plan.blockSize, subBins));
  Value required = ceilDivIndex(b, loc, operands.count, perBlock);
  Value numBlocks = getLaunchBlockCount(b, loc, op, required, plan);
  KernelBuilder kb(b, loc, numBlocks, plan,
                   plan.getKernel(KernelRole::SharedHistogram));
  // In the order of the plan's layout: every operator's copies, then its
  // locks.
  SmallVector<SubHistograms> subs;
  for (unsigned index = 0; index < numOperators; ++index) {
    int64_t slots = hist.multiplicity * hist.passBins[index];
    SubHistograms sub;
    for (Value neutral : operands.neutrals[index])
      sub.copies.push_back(kb.allocShared(neutral.getType(), slots));
    if (hist.locked[index])
      sub.locks = kb.allocShared(b.getI32Type(), slots);
    subs.push_back(std::move(sub));
  }
  Value copies = kb.constIndex(hist.multiplicity);
  Value copy = arith::RemUIOp::create(b, loc, kb.threadId, copies);
  std::pair<Value, Value> gridStride = getGridStride(kb, blockSize);
  Value first = gridStride.first, stride = gridStride.second;

  kb.forLoop(
      kb.constIndex(0), kb.constIndex(hist.passes), kb.constIndex(1), {},
      [&](Value pass, ValueRange) {
        SmallVector<Value> rangeSizes, rangeStarts;
        for (unsigned index = 0; index < numOperators; ++index) {
          rangeSizes.push_back(kb.constIndex(hist.passBins[index]));
          rangeStarts.push_back(
              arith::MulIOp::create(b, loc, pass, rangeSizes.back()));
        }
        // Every copy of every bin of the range starts neutral (and free).
        for (unsigned index = 0; index < numOperators; ++index)
          kb.forLoop(
              kb.threadId,
              kb.constIndex(hist.multiplicity * hist.passBins[index]),
              blockSize, {}, [&](Value slot, ValueRange) {
                kb.storeAll(operands.neutrals[index], subs[index].copies, slot);
                if (Value locks = subs[index].locks)
                  memref::StoreOp::create(b, loc, kb.constI32(0), locks, slot);
                return SmallVector<Value>();
              });
        kb.barrier();

        // The block's points update its copies in shared memory only.
        forEachPoint(
            kb, op, plan, operands, first, stride,
            [&](ArrayRef<Value> segmentIvs, ArrayRef<BinUpdate> updates) {
              for (unsigned index = 0, e = updates.size(); index < e; ++index) {
                const BinUpdate &update = updates[index];
                Value inRange = isBinInRange(b, loc, update.bin,
                                             operands.outs[index].front());
                // Bins before the range wrap around to large unsigned ones.
                Value flatBin =
                    getFlatBin(b, loc, operands, index, segmentIvs, update.bin);
                Value local =
                    arith::SubIOp::create(b, loc, flatBin, rangeStarts[index]);
                Value inPass =
                    arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          local, rangeSizes[index]);
                Value inCopy = arith::AndIOp::create(b, loc, inRange, inPass);
                kb.ifThen(inCopy, [&] {
                  Value slot = arith::AddIOp::create(
                      b, loc,
                      arith::MulIOp::create(b, loc, copy, rangeSizes[index]),
                      local);
                  BinLock lock{subs[index].locks, slot, kBlockScope};
                  emitAtomicUpdate(b, loc, op, plan, index, update.values,
                                   subs[index].copies, slot, lock);
                });
              }
            });
        kb.barrier();

        mergeSubHistograms(kb, op, plan, operands, subs, rangeStarts,
                           rangeSizes, copies, blockSize);
        kb.barrier();
        return SmallVector<Value>();
      });
  kb.finish();
}

/// Runs `kernel` with the global locks of the operators the plan locks
/// (one i32 per flattened bin, zeroed before and freed after).
static void withGlobalLocks(OpBuilder &b, Location loc, const HistPlan &plan,
                            HistOperands &operands,
                            function_ref<void()> kernel) {
  if (llvm::none_of(plan.locked, [](bool locked) { return locked; })) {
    kernel();
    return;
  }
  Type tokenType = gpu::AsyncTokenType::get(b.getContext());
  Value token =
      gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
  auto lockType = MemRefType::get({ShapedType::kDynamic}, b.getI32Type());
  Value free = arith::ConstantIntOp::create(b, loc, 0, 32);
  for (auto [locked, total, locks] :
       llvm::zip_equal(plan.locked, operands.totals, operands.locks)) {
    if (!locked)
      continue;
    auto alloc =
        gpu::AllocOp::create(b, loc, lockType, tokenType, ValueRange{token},
                             ValueRange{total}, ValueRange());
    locks = alloc.getMemref();
    token =
        gpu::MemsetOp::create(b, loc, tokenType,
                              ValueRange{alloc.getAsyncToken()}, locks, free)
            .getAsyncToken();
  }
  gpu::WaitOp::create(b, loc, Type(), ValueRange{token});
  kernel();
  token = gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
  for (Value locks : operands.locks)
    if (locks)
      token =
          gpu::DeallocOp::create(b, loc, tokenType, ValueRange{token}, locks)
              .getAsyncToken();
  gpu::WaitOp::create(b, loc, Type(), ValueRange{token});
}

void seg::lowerHistToGPU(OpBuilder &b, HistOp op, const HistPlan &plan) {
  Location loc = op.getLoc();
  HistOperands operands(b, loc, op);
  ifNonEmpty(b, loc, operands.count, [&] {
    withGlobalLocks(b, loc, plan, operands, [&] {
      if (plan.shared)
        lowerShared(b, op, plan, operands);
      else
        lowerGlobalAtomic(b, op, plan, operands);
    });
  });
}
