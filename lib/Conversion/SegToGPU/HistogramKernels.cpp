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
// integers, a cmpxchg loop on the bits of floats and index values).
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"

#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::seg;

namespace {
/// What the kernels of one seg.hist use, valid on the host and (captured)
/// in its kernels.
struct HistOperands {
  SmallVector<Value> sizes;
  Value count;
  /// Per operator: its histogram, neutral value and number of bins.
  SmallVector<Value> outs, neutrals, bins;
  /// The segment dimensions' sizes.
  SmallVector<Value> segmentSizes;

  HistOperands(OpBuilder &b, Location loc, HistOp op) {
    sizes = materializeSizes(b, loc, op.getMixedSizes());
    count = productOf(b, loc, sizes);
    segmentSizes.assign(sizes.begin(), sizes.begin() + op.getNumSegmentDims());
    outs.assign(op.getOuts().begin(), op.getOuts().end());
    neutrals.assign(op.getNeutrals().begin(), op.getNeutrals().end());
    for (Value out : outs) {
      int64_t binDim = cast<MemRefType>(out.getType()).getRank() - 1;
      bins.push_back(getValueOrCreateConstantIndexOp(
          b, loc, memref::getMixedSize(b, loc, out, binDim)));
    }
  }
};

/// One point's update of one operator: the bin and the value.
struct BinUpdate {
  Value bin, value;
};
} // namespace

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
  // The element's address: base + (offset + sum of index x stride) x size.
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value linear = metadata.getOffset();
  for (auto [index, stride] : llvm::zip_equal(indices, metadata.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(b, loc, linear,
                            arith::ConstantIndexOp::create(b, loc, width / 8)));
  Value address64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
  Value pointer = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address64);
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

/// Combines `value` into `memref[indices]` atomically with operator
/// `index` of `op`: its native atomic if the plan has one, else a
/// compare-and-swap loop around the operator.
static void emitAtomicUpdate(OpBuilder &b, Location loc, HistOp op,
                             const LoweringPlan &plan, unsigned index,
                             Value value, Value memref, ValueRange indices) {
  Region &region = op.getOperators()[index];
  std::optional<arith::AtomicRMWKind> kind = plan.hist.atomics[index];
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
  SmallVector<BinUpdate> updates;
  for (unsigned index = 0, e = op.getOperators().size(); index < e; ++index)
    updates.push_back({yielded[2 * index], yielded[2 * index + 1]});
  ivs.resize(op.getNumSegmentDims());
  return {ivs, updates};
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

/// The first point of this thread in a grid-stride loop, and the stride.
static std::pair<Value, Value> getGridStride(KernelBuilder &kb,
                                             Value blockSize) {
  Value first = arith::AddIOp::create(
      kb.b, kb.loc, arith::MulIOp::create(kb.b, kb.loc, kb.blockId, blockSize),
      kb.threadId);
  return {first, arith::MulIOp::create(kb.b, kb.loc, kb.gridSize, blockSize)};
}

/// Grid-stride loop over the points from `first` by `stride`.
static void forEachPoint(KernelBuilder &kb, const HistOperands &operands,
                         Value first, Value stride,
                         function_ref<void(Value)> body) {
  kb.forLoop(first, operands.count, stride, {}, [&](Value flat, ValueRange) {
    body(flat);
    return SmallVector<Value>();
  });
}

static void lowerGlobalAtomic(OpBuilder &b, HistOp op,
                              const LoweringPlan &plan) {
  Location loc = op.getLoc();
  HistOperands operands(b, loc, op);
  ifNonEmpty(b, loc, operands.count, [&] {
    Value blockSize = arith::ConstantIndexOp::create(b, loc, plan.blockSize);
    Value required = ceilDivIndex(b, loc, operands.count, blockSize);
    Value numBlocks = getLaunchBlockCount(b, loc, op, required, plan);
    KernelBuilder kb(b, loc, numBlocks, plan, plan.getKernel("global-atomic"));
    std::pair<Value, Value> gridStride = getGridStride(kb, blockSize);
    Value first = gridStride.first, stride = gridStride.second;
    forEachPoint(kb, operands, first, stride, [&](Value flat) {
      auto point = emitPoint(kb, op, operands, flat);
      SmallVector<Value> &segmentIvs = point.first;
      for (unsigned index = 0, e = point.second.size(); index < e; ++index) {
        const BinUpdate &update = point.second[index];
        Value out = operands.outs[index];
        kb.ifThen(isBinInRange(b, loc, update.bin, out), [&] {
          SmallVector<Value> indices(segmentIvs);
          indices.push_back(update.bin);
          emitAtomicUpdate(b, loc, op, plan, index, update.value, out, indices);
        });
      }
    });
    kb.finish();
  });
}

/// The end of a pass of the shared kernel over the bins from `rangeStarts`
/// (`rangeSizes` of each histogram, `totals` in all): every bin of the
/// range gets its `copies` in `subs` combined (one sub-histogram buffer per
/// operator), then one atomic update of the global histogram.
static void
mergeSubHistograms(KernelBuilder &kb, HistOp op, const LoweringPlan &plan,
                   HistOperands &operands, ArrayRef<Value> subs,
                   ArrayRef<Value> rangeStarts, ArrayRef<Value> rangeSizes,
                   ArrayRef<Value> totals, Value copies, Value blockSize) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  for (unsigned index = 0, e = subs.size(); index < e; ++index) {
    Region &region = op.getOperators()[index];
    kb.forLoop(
        kb.threadId, rangeSizes[index], blockSize, {},
        [&](Value bin, ValueRange) {
          Value global = arith::AddIOp::create(b, loc, rangeStarts[index], bin);
          Value exists = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::ult, global, totals[index]);
          kb.ifThen(exists, [&] {
            SmallVector<Value> combined = kb.forLoop(
                kb.constIndex(0), copies, kb.constIndex(1),
                operands.neutrals[index], [&](Value c, ValueRange acc) {
                  Value slot = arith::AddIOp::create(
                      b, loc,
                      arith::MulIOp::create(b, loc, c, rangeSizes[index]), bin);
                  Value value =
                      memref::LoadOp::create(b, loc, subs[index], slot);
                  return applyOperators(b, MutableArrayRef<Region>(region), acc,
                                        value);
                });
            SmallVector<Value> shape(operands.segmentSizes);
            shape.push_back(operands.bins[index]);
            SmallVector<Value> indices = delinearize(b, loc, global, shape);
            emitAtomicUpdate(b, loc, op, plan, index, combined.front(),
                             operands.outs[index], indices);
          });
          return SmallVector<Value>();
        });
  }
}

static void lowerShared(OpBuilder &b, HistOp op, const LoweringPlan &plan) {
  Location loc = op.getLoc();
  const LoweringPlan::HistPlan &hist = plan.hist;
  HistOperands operands(b, loc, op);
  unsigned numOperators = op.getOperators().size();
  ifNonEmpty(b, loc, operands.count, [&] {
    Value blockSize = arith::ConstantIndexOp::create(b, loc, plan.blockSize);
    // A block takes at least as many points as its sub-histograms have
    // bins: initialising and combining them costs no more than its updates.
    int64_t subBins = 0;
    for (int64_t bins : hist.passBins)
      subBins += hist.multiplicity * bins;
    Value perBlock = arith::ConstantIndexOp::create(
        b, loc, std::max(plan.blockSize, subBins));
    Value required = ceilDivIndex(b, loc, operands.count, perBlock);
    Value numBlocks = getLaunchBlockCount(b, loc, op, required, plan);
    KernelBuilder kb(b, loc, numBlocks, plan,
                     plan.getKernel("shared-subhistograms"));
    SmallVector<Value> subs;
    for (unsigned index = 0; index < numOperators; ++index)
      subs.push_back(kb.allocShared(op.getNeutrals()[index].getType(),
                                    hist.multiplicity * hist.passBins[index]));
    Value copies = kb.constIndex(hist.multiplicity);
    Value copy = arith::RemUIOp::create(b, loc, kb.threadId, copies);
    std::pair<Value, Value> gridStride = getGridStride(kb, blockSize);
    Value first = gridStride.first, stride = gridStride.second;
    // The histograms' flattened sizes (segments times bins).
    SmallVector<Value> totals;
    Value numSegments = productOf(b, loc, operands.segmentSizes);
    for (Value bins : operands.bins)
      totals.push_back(arith::MulIOp::create(b, loc, numSegments, bins));

    kb.forLoop(
        kb.constIndex(0), kb.constIndex(hist.passes), kb.constIndex(1), {},
        [&](Value pass, ValueRange) {
          SmallVector<Value> rangeSizes, rangeStarts;
          for (unsigned index = 0; index < numOperators; ++index) {
            rangeSizes.push_back(kb.constIndex(hist.passBins[index]));
            rangeStarts.push_back(
                arith::MulIOp::create(b, loc, pass, rangeSizes.back()));
          }
          // Every copy of every bin of the range starts neutral.
          for (unsigned index = 0; index < numOperators; ++index)
            kb.forLoop(kb.threadId,
                       kb.constIndex(hist.multiplicity * hist.passBins[index]),
                       blockSize, {}, [&](Value slot, ValueRange) {
                         memref::StoreOp::create(b, loc,
                                                 operands.neutrals[index],
                                                 subs[index], slot);
                         return SmallVector<Value>();
                       });
          kb.barrier();

          // The block's points update its copies in shared memory only.
          forEachPoint(kb, operands, first, stride, [&](Value flat) {
            auto point = emitPoint(kb, op, operands, flat);
            SmallVector<Value> &segmentIvs = point.first;
            Value segment =
                linearizeSegment(b, loc, segmentIvs, operands.segmentSizes);
            for (unsigned index = 0, e = point.second.size(); index < e;
                 ++index) {
              const BinUpdate &update = point.second[index];
              Value inRange =
                  isBinInRange(b, loc, update.bin, operands.outs[index]);
              // Bins before the range wrap around to large unsigned ones.
              Value flatBin = arith::AddIOp::create(
                  b, loc,
                  arith::MulIOp::create(b, loc, segment, operands.bins[index]),
                  update.bin);
              Value local =
                  arith::SubIOp::create(b, loc, flatBin, rangeStarts[index]);
              Value inPass = arith::CmpIOp::create(
                  b, loc, arith::CmpIPredicate::ult, local, rangeSizes[index]);
              Value inCopy = arith::AndIOp::create(b, loc, inRange, inPass);
              kb.ifThen(inCopy, [&] {
                Value slot = arith::AddIOp::create(
                    b, loc,
                    arith::MulIOp::create(b, loc, copy, rangeSizes[index]),
                    local);
                emitAtomicUpdate(b, loc, op, plan, index, update.value,
                                 subs[index], slot);
              });
            }
          });
          kb.barrier();

          mergeSubHistograms(kb, op, plan, operands, subs, rangeStarts,
                             rangeSizes, totals, copies, blockSize);
          kb.barrier();
          return SmallVector<Value>();
        });
    kb.finish();
  });
}

void seg::lowerHistToGPU(OpBuilder &b, HistOp op, const LoweringPlan &plan) {
  if (plan.hist.shared)
    lowerShared(b, op, plan);
  else
    lowerGlobalAtomic(b, op, plan);
}
