//===- WarpAndBlockCollectives.cpp - Shuffles, reductions and scans -------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The collective operations of KernelBuilder: warp shuffles of any
// supported scalar, warp and block reductions, scans and broadcasts. Warp
// sizes come from the target, through the plan.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"

#include "segir/Dialect/Seg/Utils/Utils.h"
#include "segir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::seg;

std::pair<Value, Value> KernelBuilder::shuffleWord(Value word, Value offset,
                                                   Value width,
                                                   gpu::ShuffleMode mode) {
  auto shuffle = gpu::ShuffleOp::create(b, loc, word, offset, width, mode);
  return {shuffle.getShuffleResult(), shuffle.getValid()};
}

std::pair<Value, Value> KernelBuilder::shuffle(Value value, int64_t offset,
                                               Value width,
                                               gpu::ShuffleMode mode) {
  if (mode != gpu::ShuffleMode::UP || getConstantIntValue(width) == warpSize)
    return shuffleValue(value, constI32(offset), width, mode);
  // convert-gpu-to-nvvm gives shfl.sync.up the clamp 32 - width, and the PTX
  // ISA (shfl.sync) takes a source lane j for .up only if j >= clamp: in a
  // partial warp, the lanes reading lanes below 32 - width would keep their
  // own value. An idx shuffle is clamped at width - 1, which every source
  // lane lane - offset satisfies.
  Value lane = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), getLane());
  Value offsetI32 = constI32(offset);
  Value valid =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lane, offsetI32);
  Value source = arith::SelectOp::create(
      b, loc, valid, arith::SubIOp::create(b, loc, lane, offsetI32), lane);
  Value result =
      shuffleValue(value, source, width, gpu::ShuffleMode::IDX).first;
  return {result, valid};
}

/// Shuffles move 32-bit words: narrower values travel zero-extended, 64-bit
/// ones as two words.
std::pair<Value, Value> KernelBuilder::shuffleValue(Value value, Value offset,
                                                    Value width,
                                                    gpu::ShuffleMode mode) {
  Type type = value.getType();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  if (type.isF32() || type.isInteger(32))
    return shuffleWord(value, offset, width, mode);
  if (type.isIndex()) {
    Value wide = arith::IndexCastUIOp::create(b, loc, i64, value);
    auto [result, valid] = shuffleValue(wide, offset, width, mode);
    return {arith::IndexCastUIOp::create(b, loc, type, result), valid};
  }
  unsigned bits = type.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(bits);
  Value asInt = value;
  if (isa<FloatType>(type))
    asInt = arith::BitcastOp::create(b, loc, intType, value);
  Value result, valid;
  if (bits < 32) {
    Value word = arith::ExtUIOp::create(b, loc, i32, asInt);
    auto [shuffled, ok] = shuffleWord(word, offset, width, mode);
    result = arith::TruncIOp::create(b, loc, intType, shuffled);
    valid = ok;
  } else {
    Value low = arith::TruncIOp::create(b, loc, i32, asInt);
    Value shift = arith::ConstantIntOp::create(b, loc, 32, 64);
    Value high = arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, asInt, shift));
    auto [lowOut, ok] = shuffleWord(low, offset, width, mode);
    auto [highOut, unused] = shuffleWord(high, offset, width, mode);
    (void)unused;
    Value lowWide = arith::ExtUIOp::create(b, loc, i64, lowOut);
    Value highWide = arith::ShLIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i64, highOut), shift);
    result = arith::OrIOp::create(b, loc, lowWide, highWide);
    valid = ok;
  }
  if (isa<FloatType>(type))
    result = arith::BitcastOp::create(b, loc, type, result);
  return {result, valid};
}

SmallVector<Value> KernelBuilder::warpShuffleSteps(
    ValueRange values, Value lanes, gpu::ShuffleMode mode,
    function_ref<SmallVector<Value>(ValueRange, ValueRange)> step,
    int64_t span) {
  if (span == 0)
    span = std::min(warpSize, blockSize);
  SmallVector<Value> current(values);
  TypeRange types = values.getTypes();
  for (int64_t offset = 1; offset < span; offset *= 2) {
    SmallVector<Value> others;
    Value valid;
    for (Value value : current) {
      auto [other, ok] = shuffle(value, offset, lanes, mode);
      others.push_back(other);
      valid = ok;
    }
    SmallVector<Value> mine(current);
    current = ifThenElse(
        valid, types, [&] { return step(mine, others); }, [&] { return mine; });
  }
  return current;
}

SmallVector<Value> KernelBuilder::warpReduce(MutableArrayRef<Region> operators,
                                             ValueRange values, Value lanes,
                                             int64_t span) {
  // Lane l combines with lane l + offset: after the step with offset o it
  // holds lanes [l, l + 2o) in order, so lane 0 ends with the whole warp
  // (the first `span` lanes).
  return warpShuffleSteps(
      values, lanes, gpu::ShuffleMode::DOWN,
      [&](ValueRange mine, ValueRange others) {
        return applyOperators(b, operators, mine, others);
      },
      span);
}

Value KernelBuilder::getLane() {
  return arith::RemUIOp::create(b, loc, threadId, constIndex(warpSize));
}

std::tuple<Value, Value, Value> KernelBuilder::getWarpLaneAndLanes() {
  int64_t numWarps = llvm::divideCeil(blockSize, warpSize);
  int64_t lastWarpLanes = blockSize - (numWarps - 1) * warpSize;
  Value warpSizeIdx = constIndex(warpSize);
  Value warp = arith::DivUIOp::create(b, loc, threadId, warpSizeIdx);
  Value lane = getLane();
  // A partial last warp shuffles among the lanes it has.
  Value lanes = constI32(warpSize);
  if (lastWarpLanes != warpSize) {
    Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp,
                                         constIndex(numWarps - 1));
    lanes =
        arith::SelectOp::create(b, loc, isLast, constI32(lastWarpLanes), lanes);
  }
  return {warp, lane, lanes};
}

int64_t KernelBuilder::getNumWarps() const {
  return llvm::divideCeil(blockSize, warpSize);
}

SmallVector<Value>
KernelBuilder::reduceWarpsInto(MutableArrayRef<Region> operators,
                               ValueRange values, ValueRange warpTotals) {
  auto [warp, lane, lanes] = getWarpLaneAndLanes();
  SmallVector<Value> perWarp = warpReduce(operators, values, lanes);
  if (getNumWarps() == 1)
    return perWarp;
  Value isLeader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                                         constIndex(0));
  ifThen(isLeader, [&] { storeAll(perWarp, warpTotals, warp); });
  return perWarp;
}

SmallVector<Value>
KernelBuilder::reduceWarpTotals(MutableArrayRef<Region> operators,
                                ValueRange neutrals, ValueRange warpTotals) {
  int64_t numWarps = getNumWarps();
  assert(numWarps > 1 && "one warp has its total already");
  TypeRange types = neutrals.getTypes();
  // The first warp (always full here) reduces the warp totals, padded with
  // neutral values: log2 of the warps shuffle steps bring them to lane 0,
  // which is thread 0.
  Value isFirstWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                            threadId, constIndex(warpSize));
  return ifThenElse(
      isFirstWarp, types,
      [&] {
        Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                              threadId, constIndex(numWarps));
        SmallVector<Value> loaded = ifThenElse(
            inRange, types, [&] { return loadAll(warpTotals, threadId); },
            [&] { return SmallVector<Value>(neutrals); });
        return warpReduce(operators, loaded, constI32(warpSize), numWarps);
      },
      [&] { return SmallVector<Value>(neutrals); });
}

SmallVector<Value> KernelBuilder::blockReduce(MutableArrayRef<Region> operators,
                                              ValueRange neutrals,
                                              ValueRange values) {
  if (getNumWarps() == 1)
    return reduceWarpsInto(operators, values, {});
  SmallVector<Value> warpTotals =
      allocScratch(values.getTypes(), getNumWarps());
  reduceWarpsInto(operators, values, warpTotals);
  barrier();
  SmallVector<Value> result = reduceWarpTotals(operators, neutrals, warpTotals);
  // The warp totals may be reused by the next reduction.
  barrier();
  return result;
}

SmallVector<Value> KernelBuilder::broadcastFromThreadZero(ValueRange values) {
  SmallVector<Value> buffers = allocScratch(values.getTypes(), 1);
  Value zero = constIndex(0);
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, threadId, zero);
  ifThen(isFirst, [&] { storeAll(values, buffers, zero); });
  barrier();
  SmallVector<Value> result = loadAll(buffers, zero);
  barrier();
  return result;
}

SmallVector<Value> KernelBuilder::warpScan(CombineFn combine, ValueRange values,
                                           Value lanes, int64_t span) {
  // Hillis-Steele: after the step with offset o, lane l holds lanes
  // (l - 2o, l] in order.
  return warpShuffleSteps(
      values, lanes, gpu::ShuffleMode::UP,
      [&](ValueRange mine, ValueRange others) { return combine(others, mine); },
      span);
}

SmallVector<Value> KernelBuilder::warpScanWithin(CombineFn combine,
                                                 ValueRange values, Value lanes,
                                                 Value reach, int64_t span) {
  // Hillis-Steele: after the step with offset o, lane l holds lanes
  // (l - 2o, l] from lane l - reach on, so a lane takes the tuple o lanes
  // below while that lane is within its reach.
  SmallVector<Value> current(values);
  for (int64_t offset = 1; offset < span; offset *= 2) {
    SmallVector<Value> others;
    for (Value value : current)
      others.push_back(
          shuffle(value, offset, lanes, gpu::ShuffleMode::UP).first);
    Value within = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                         constI32(offset), reach);
    SmallVector<Value> mine(current);
    current = ifThenElse(
        within, values.getTypes(), [&] { return combine(others, mine); },
        [&] { return mine; });
  }
  return current;
}

SmallVector<Value> KernelBuilder::warpScanInRuns(CombineFn combine,
                                                 ValueRange values, Value lanes,
                                                 int64_t runLanes) {
  assert(llvm::isPowerOf2_64(runLanes) && warpSize % runLanes == 0);
  // A lane reaches back to the first lane of its run.
  Value lane = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), getLane());
  Value laneInRun = arith::AndIOp::create(b, loc, lane, constI32(runLanes - 1));
  return warpScanWithin(combine, values, lanes, laneInRun, runLanes);
}

Value KernelBuilder::getLaneMask(Value lanes) {
  if (getConstantIntValue(lanes) == warpSize)
    return constI32(-1);
  Value full = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lanes,
                                     constI32(warpSize));
  Value mask = arith::SubIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, constI32(1), lanes), constI32(1));
  return arith::SelectOp::create(b, loc, full, constI32(-1), mask);
}

Value KernelBuilder::ballot(Value predicate, Value lanes) {
  assert(segmentedWarpScans() && "a warp's lanes must fit a ballot");
  return TargetInfo::lookup(launch).createBallot(b, loc, predicate,
                                                 getLaneMask(lanes));
}

Value KernelBuilder::getLastSetLane(Value bits, Value lane) {
  Type i32 = b.getI32Type();
  Value throughLane = arith::AndIOp::create(
      b, loc, bits,
      arith::ShRUIOp::create(
          b, loc, constI32(-1),
          arith::SubIOp::create(b, loc, constI32(31), lane)));
  // 31 - clz is the highest set bit, and -1 for none (clz(0) = 32).
  return arith::SubIOp::create(
      b, loc, constI32(31),
      LLVM::CountLeadingZerosOp::create(b, loc, i32, throughLane, false));
}

SmallVector<Value> KernelBuilder::warpSegmentedScan(CombineFn combine,
                                                    ValueRange values,
                                                    Value lanes,
                                                    int64_t span) {
  assert(segmentedWarpScans() && "a warp's flags must fit a ballot");
  if (span == 0)
    span = std::min(warpSize, blockSize);
  Value lane = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), getLane());
  // The last start at or below this lane (lane 0 when there is none) is as
  // far back as this lane's segment reaches.
  Value lastStart = getLastSetLane(ballot(values[0], lanes), lane);
  Value started = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                        lastStart, constI32(0));
  Value reach = arith::SubIOp::create(
      b, loc, lane, arith::MaxSIOp::create(b, loc, lastStart, constI32(0)));
  SmallVector<Value> result{started};
  llvm::append_range(result, warpScanWithin(combine, values.drop_front(),
                                            lanes, reach, span));
  return result;
}

SmallVector<Value> KernelBuilder::warpReduceToFirstLane(CombineFn combine,
                                                        ValueRange values,
                                                        int64_t width) {
  assert(llvm::isPowerOf2_64(width) && width <= warpSize);
  // As warpReduce: lane l ends with lanes [l, l + 2o) after the step with
  // offset o. One combination per step, not a butterfly's two orders, and
  // two tuples live, not three.
  return warpShuffleSteps(
      values, constI32(width), gpu::ShuffleMode::DOWN,
      [&](ValueRange mine, ValueRange others) { return combine(mine, others); },
      width);
}

std::pair<SmallVector<Value>, SmallVector<Value>>
KernelBuilder::warpScanAndBelow(CombineFn combine, ValueRange values,
                                Value lanes, CombineFn segmentedValues) {
  SmallVector<Value> inclusive =
      segmentedValues ? warpSegmentedScan(segmentedValues, values, lanes)
                      : warpScan(combine, values, lanes);
  // The lane below's inclusive value is this lane's exclusive one.
  SmallVector<Value> below;
  for (Value value : inclusive)
    below.push_back(shuffle(value, 1, lanes, gpu::ShuffleMode::UP).first);
  return {inclusive, below};
}

SmallVector<Value> KernelBuilder::scanWarpTotalsInFirstWarp(
    CombineFn combine, ValueRange identity, ValueRange totals, Value warp,
    Value lane) {
  int64_t numWarps = getNumWarps();
  TypeRange types = identity.getTypes();
  Value isFirstWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            warp, constIndex(0));
  ifThen(isFirstWarp, [&] {
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          lane, constIndex(numWarps));
    SmallVector<Value> loaded = ifThenElse(
        inRange, types, [&] { return loadAll(totals, lane); },
        [&] { return SmallVector<Value>(identity); });
    // Lanes from numWarps on hold the identity and are never read: the
    // steps below the warps suffice.
    SmallVector<Value> scanned = warpScan(combine, loaded, constI32(warpSize),
                                          llvm::PowerOf2Ceil(numWarps));
    ifThen(inRange, [&] { storeAll(scanned, totals, lane); });
  });
  barrier();
  return ifThenElse(
      isFirstWarp, types, [&] { return SmallVector<Value>(identity); },
      [&] {
        Value previous = arith::SubIOp::create(b, loc, warp, constIndex(1));
        return loadAll(totals, previous);
      });
}

KernelBuilder::BlockScan KernelBuilder::blockScan(CombineFn combine,
                                                  ValueRange identity,
                                                  ValueRange values,
                                                  bool parkExclusive,
                                                  CombineFn segmentedValues) {
  if (!segmentedWarpScans())
    segmentedValues = nullptr;
  TypeRange types = values.getTypes();
  int64_t numWarps = llvm::divideCeil(blockSize, warpSize);
  int64_t lastWarpLanes = blockSize - (numWarps - 1) * warpSize;
  Value warpSizeIdx = constIndex(warpSize);
  Value warp = arith::DivUIOp::create(b, loc, threadId, warpSizeIdx);
  Value lane = getLane();
  Value isLastWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           warp, constIndex(numWarps - 1));
  Value lanes = constI32(warpSize);
  if (lastWarpLanes != warpSize)
    lanes = arith::SelectOp::create(b, loc, isLastWarp, constI32(lastWarpLanes),
                                    lanes);
  Value zero = constIndex(0);
  Value firstLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);

  auto [inclusive, below] =
      warpScanAndBelow(combine, values, lanes, segmentedValues);
  BlockScan result;
  if (numWarps == 1) {
    result.inclusive = inclusive;
    for (auto [value, neutral] : llvm::zip_equal(below, identity))
      result.exclusive.push_back(
          arith::SelectOp::create(b, loc, firstLane, neutral, value));
    for (Value value : inclusive)
      result.total.push_back(
          shuffle(value, blockSize - 1, lanes, gpu::ShuffleMode::IDX).first);
    return result;
  }

  SmallVector<Value> parked;
  if (parkExclusive) {
    parked = allocShared(types, blockSize);
    for (auto [value, buffer] : llvm::zip_equal(below, parked))
      memref::StoreOp::create(b, loc, value, buffer, ValueRange{threadId});
  }
  SmallVector<Value> totals = allocShared(types, numWarps);
  Value lastLane =
      arith::SelectOp::create(b, loc, isLastWarp, constIndex(lastWarpLanes - 1),
                              constIndex(warpSize - 1));
  Value isLastLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, lastLane);
  ifThen(isLastLane, [&] { storeAll(inclusive, totals, warp); });
  barrier();
  SmallVector<Value> warpPrefix =
      scanWarpTotalsInFirstWarp(combine, identity, totals, warp, lane);
  if (parkExclusive)
    below = loadAll(parked, threadId);
  result.inclusive = combine(warpPrefix, inclusive);
  SmallVector<Value> belowWithPrefix = combine(warpPrefix, below);
  for (auto [prefix, value] : llvm::zip_equal(warpPrefix, belowWithPrefix))
    result.exclusive.push_back(
        arith::SelectOp::create(b, loc, firstLane, prefix, value));
  result.total = loadAll(totals, constIndex(numWarps - 1));
  // The totals may be reused by the next scan.
  barrier();
  return result;
}

Value KernelBuilder::getLanesInWarp() {
  return std::get<2>(getWarpLaneAndLanes());
}

void KernelBuilder::warpBarrier() {
  // A partial last warp names only the lanes it has: bar.warp.sync waits
  // for every lane of its mask.
  TargetInfo::lookup(launch).createWarpBarrier(b, loc,
                                               getLaneMask(getLanesInWarp()));
}

bool KernelBuilder::scansWarpTotalsInOneWarp(TypeRange types) {
  // Up to four 32-bit words (an f32 or a flagged i64, say) every warp
  // scans the totals itself, saving a barrier; wider tuples would cost
  // every warp their shuffles and registers.
  constexpr int64_t kMaxBitsScannedByEveryWarp = 4 * 32;
  int64_t bits = 0;
  for (Type type : types)
    bits += type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  return bits > kMaxBitsScannedByEveryWarp;
}

KernelBuilder::ScanBuffers KernelBuilder::ScanBuffers::dropFirstValue() const {
  ScanBuffers rest;
  if (!parked.empty())
    rest.parked.assign(std::next(parked.begin()), parked.end());
  if (!totals.empty())
    rest.totals.assign(std::next(totals.begin()), totals.end());
  return rest;
}

KernelBuilder::ScanBuffers KernelBuilder::allocScanBuffers(TypeRange types,
                                                           bool parkExclusive) {
  ScanBuffers buffers;
  if (getNumWarps() == 1)
    return buffers;
  if (parkExclusive)
    buffers.parked = allocShared(types, blockSize);
  buffers.totals = allocShared(types, getNumWarps());
  return buffers;
}

KernelBuilder::BlockScan KernelBuilder::tileScan(CombineFn combine,
                                                 ValueRange identity,
                                                 ValueRange values,
                                                 const ScanBuffers &buffers,
                                                 CombineFn segmentedValues) {
  int64_t numWarps = getNumWarps();
  if (!segmentedWarpScans())
    segmentedValues = nullptr;
  if (numWarps == 1)
    return blockScan(combine, identity, values, /*parkExclusive=*/false,
                     segmentedValues);
  TypeRange types = values.getTypes();
  auto [warp, lane, lanes] = getWarpLaneAndLanes();
  Value zero = constIndex(0);
  Value firstLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  auto [inclusive, below] =
      warpScanAndBelow(combine, values, lanes, segmentedValues);
  bool parkExclusive = !buffers.parked.empty();
  if (parkExclusive)
    storeAll(below, buffers.parked, threadId);
  ArrayRef<Value> totals = buffers.totals;
  Value lastLane = arith::SubIOp::create(
      b, loc, arith::IndexCastUIOp::create(b, loc, b.getIndexType(), lanes),
      constIndex(1));
  Value isLastLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, lastLane);
  ifThen(isLastLane, [&] { storeAll(inclusive, totals, warp); });
  barrier();
  SmallVector<Value> warpPrefix, total;
  int64_t lastWarpLanes = blockSize - (numWarps - 1) * warpSize;
  if (scansWarpTotalsInOneWarp(types)) {
    // Wide values are scanned once per block, not once per warp.
    warpPrefix =
        scanWarpTotalsInFirstWarp(combine, identity, totals, warp, lane);
    total = loadAll(totals, constIndex(numWarps - 1));
  } else if (numWarps <= lastWarpLanes) {
    // Every warp scans the totals, one per lane, in log2 of the warps
    // steps; its prefix is its lane w - 1's (the identity in warp 0).
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          lane, constIndex(numWarps));
    SmallVector<Value> loaded = ifThenElse(
        inRange, types, [&] { return loadAll(totals, lane); },
        [&] { return SmallVector<Value>(identity); });
    int64_t span = llvm::PowerOf2Ceil(numWarps);
    SmallVector<Value> scanned =
        segmentedValues
            ? warpSegmentedScan(segmentedValues, loaded, lanes, span)
            : warpScan(combine, loaded, lanes, span);
    Value previous = arith::IndexCastUIOp::create(
        b, loc, b.getI32Type(),
        arith::SubIOp::create(b, loc, warp, constIndex(1)));
    Value isFirstWarp =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp, zero);
    for (auto [value, neutral] : llvm::zip_equal(scanned, identity)) {
      Value before =
          shuffleValue(value, previous, lanes, gpu::ShuffleMode::IDX).first;
      warpPrefix.push_back(
          arith::SelectOp::create(b, loc, isFirstWarp, neutral, before));
      total.push_back(
          shuffle(value, numWarps - 1, lanes, gpu::ShuffleMode::IDX).first);
    }
  } else {
    // A partial last warp has fewer lanes than there are warps: every
    // thread folds the totals before its warp, one per step.
    SmallVector<Value> folded = loadAll(totals, zero);
    warpPrefix.assign(identity.begin(), identity.end());
    for (int64_t w = 1; w < numWarps; ++w) {
      Value isWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           warp, constIndex(w));
      for (auto [prefix, value] : llvm::zip_equal(warpPrefix, folded))
        prefix = arith::SelectOp::create(b, loc, isWarp, value, prefix);
      folded = combine(folded, loadAll(totals, constIndex(w)));
    }
    total = folded;
  }
  if (parkExclusive)
    below = loadAll(buffers.parked, threadId);
  BlockScan result;
  result.inclusive = combine(warpPrefix, inclusive);
  SmallVector<Value> belowWithPrefix = combine(warpPrefix, below);
  for (auto [prefix, value] : llvm::zip_equal(warpPrefix, belowWithPrefix))
    result.exclusive.push_back(
        arith::SelectOp::create(b, loc, firstLane, prefix, value));
  result.total = total;
  return result;
}
