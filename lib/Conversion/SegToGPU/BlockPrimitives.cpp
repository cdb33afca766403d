//===- BlockPrimitives.cpp - Building blocks of SegIR's GPU kernels -----===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::seg;

static constexpr int64_t kWarpSize = 32;
/// Alignment of every shared buffer (the widest scalar, a 16-byte vector).
static constexpr int64_t kSharedAlignment = 16;

int64_t GPULoweringConfig::getBlockCap(int64_t blockSize) const {
  if (maxBlocks > 0)
    return maxBlocks;
  int64_t perSM = std::max<int64_t>(1, target.getMaxThreadsPerSM() / blockSize);
  return target.getNumSMs() * perSM;
}

int64_t seg::getLoadsInFlightForWords(int64_t words) {
  constexpr int64_t kWordsInFlight = 16, kMaxElements = 8;
  int64_t elements = kWordsInFlight / std::max<int64_t>(words, 1);
  return llvm::bit_floor(
      static_cast<uint64_t>(std::clamp<int64_t>(elements, 1, kMaxElements)));
}

Value seg::ceilDivIndex(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return arith::CeilDivUIOp::create(b, loc, lhs, rhs);
}

Value seg::minIndex(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return arith::MinUIOp::create(b, loc, lhs, rhs);
}

Value seg::maxIndex(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return arith::MaxUIOp::create(b, loc, lhs, rhs);
}

int64_t seg::getSharedBufferBytes(Type type, int64_t count) {
  // index is 64 bits wide on the GPU.
  int64_t bytes = getPrimitiveByteSize(type).value_or(8);
  return llvm::alignTo(count * bytes, kSharedAlignment);
}

bool seg::isSupportedScalarType(Type type) {
  if (type.isIndex())
    return true;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth() <= 64;
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

void seg::cloneBodyAt(OpBuilder &b, Block &body, ValueRange ivs,
                      IRMapping &mapping,
                      function_ref<Value(memref::AllocaOp)> allocaReplacement) {
  mapping.map(body.getArguments(), ivs);
  for (Operation &op : body.without_terminator()) {
    if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
      mapping.map(alloca.getResult(), allocaReplacement(alloca));
      continue;
    }
    b.clone(op, mapping);
  }
}

SegmentedOperands::SegmentedOperands(OpBuilder &b, Location loc,
                                     ValueRange neutralValues,
                                     ValueRange outValues,
                                     ValueRange mapOutValues,
                                     ArrayRef<OpFoldResult> sizes,
                                     const IRMapping &mapping) {
  auto lookup = [&](Value value) { return mapping.lookupOrDefault(value); };
  neutrals = llvm::map_to_vector(neutralValues, lookup);
  outs = llvm::map_to_vector(outValues, lookup);
  mapOuts = llvm::map_to_vector(mapOutValues, lookup);
  segmentSizes = materializeSizes(b, loc, sizes, mapping);
  segmentLength = segmentSizes.pop_back_val();
  numSegments = productOf(b, loc, segmentSizes);
  types = llvm::to_vector(neutralValues.getTypes());
}

SmallVector<Value> seg::emitBodyElement(KernelBuilder &kb, Block &body,
                                        unsigned numAccumulators,
                                        IRMapping &mapping, ValueRange ivs,
                                        ValueRange mapOuts) {
  cloneBodyAt(kb.b, body, ivs, mapping, [&](memref::AllocaOp alloca) {
    return kb.hoistPrivateAlloca(alloca);
  });
  SmallVector<Value> yielded = llvm::map_to_vector(
      body.getTerminator()->getOperands(),
      [&](Value value) { return mapping.lookupOrDefault(value); });
  if (!mapOuts.empty())
    for (auto [value, out] : llvm::zip_equal(
             ArrayRef(yielded).drop_front(numAccumulators), mapOuts))
      memref::StoreOp::create(kb.b, kb.loc, value, out, ivs);
  yielded.resize(numAccumulators);
  return yielded;
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
                             int64_t blockSize, StringRef kind)
    : b(builder), loc(loc), blockSize(blockSize) {
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
  if (scratchOffset)
    scratchOffset.setValueAttr(b.getIndexAttr(sharedBytes));
  int64_t totalBytes = sharedBytes + scratchBytes;
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
  return memref::MemorySpaceCastOp::create(
      b, loc, MemRefType::get(type.getShape(), type.getElementType()), view);
}

Value KernelBuilder::allocSharedLike(MemRefType type) {
  int64_t offset = sharedBytes;
  sharedBytes +=
      getSharedBufferBytes(type.getElementType(), type.getNumElements());
  return viewShared(type, constIndex(offset));
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
    scratchOffset = arith::ConstantIndexOp::create(b, loc, 0);
  }
  int64_t offset = 0;
  SmallVector<Value> buffers;
  for (Type type : types) {
    Value start = arith::AddIOp::create(b, loc, scratchOffset.getResult(),
                                        constIndex(offset));
    buffers.push_back(viewShared(MemRefType::get({count}, type), start));
    offset += getSharedBufferBytes(type, count);
  }
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

SmallVector<Value> KernelBuilder::forLoop(
    Value lower, Value upper, Value step, ValueRange inits,
    function_ref<SmallVector<Value>(Value, ValueRange)> body) {
  auto forOp = scf::ForOp::create(b, loc, lower, upper, step, inits);
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
    function_ref<SmallVector<Value>(Value, int64_t, ValueRange)> body) {
  auto one = [&](Value index, ValueRange accs) { return body(index, 1, accs); };
  if (factor <= 1)
    return forLoop(lower, upper, step, inits, one);
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
      [&](Value first, ValueRange accs) { return body(first, factor, accs); });
  return forLoop(groupsEnd, upper, step,
                 grouped.empty() ? inits : ValueRange(grouped), one);
}

SmallVector<Value> KernelBuilder::foldLoop(
    Value lower, Value upper, Value step, ValueRange inits, int64_t factor,
    function_ref<SmallVector<Value>(Value)> element,
    function_ref<SmallVector<Value>(ValueRange, ValueRange)> combine) {
  return forLoopInGroups(lower, upper, step, inits, factor,
                         [&](Value first, int64_t count, ValueRange accs) {
                           SmallVector<SmallVector<Value>> elements;
                           Value index = first;
                           for (int64_t k = 0; k < count; ++k) {
                             if (k > 0)
                               index =
                                   arith::AddIOp::create(b, loc, index, step);
                             elements.push_back(element(index));
                           }
                           SmallVector<Value> result(accs);
                           for (ValueRange values : elements)
                             result = combine(result, values);
                           return result;
                         });
}

std::pair<Value, Value> KernelBuilder::shuffleWord(Value word, int64_t offset,
                                                   Value width,
                                                   gpu::ShuffleMode mode) {
  auto shuffle =
      gpu::ShuffleOp::create(b, loc, word, constI32(offset), width, mode);
  return {shuffle.getShuffleResult(), shuffle.getValid()};
}

std::pair<Value, Value> KernelBuilder::shuffleDown(Value value, int64_t offset,
                                                   Value width) {
  return shuffle(value, offset, width, gpu::ShuffleMode::DOWN);
}

/// Shuffles move 32-bit words: narrower values travel zero-extended, 64-bit
/// ones as two words.
std::pair<Value, Value> KernelBuilder::shuffle(Value value, int64_t offset,
                                               Value width,
                                               gpu::ShuffleMode mode) {
  Type type = value.getType();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  if (type.isF32() || type.isInteger(32))
    return shuffleWord(value, offset, width, mode);
  if (type.isIndex()) {
    Value wide = arith::IndexCastUIOp::create(b, loc, i64, value);
    auto [result, valid] = shuffle(wide, offset, width, mode);
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

SmallVector<Value> KernelBuilder::warpReduce(MutableArrayRef<Region> operators,
                                             ValueRange values, Value lanes) {
  SmallVector<Value> current(values);
  TypeRange types = values.getTypes();
  // Lane l combines with lane l + offset: after the step with offset o it
  // holds lanes [l, l + 2o) in order, so lane 0 ends with the whole warp.
  for (int64_t offset = 1; offset < kWarpSize && offset < blockSize;
       offset *= 2) {
    SmallVector<Value> others;
    Value valid;
    for (Value value : current) {
      auto [other, ok] = shuffleDown(value, offset, lanes);
      others.push_back(other);
      valid = ok;
    }
    SmallVector<Value> accs(current);
    current = ifThenElse(
        valid, types,
        [&] { return applyOperators(b, operators, accs, others); },
        [&] { return accs; });
  }
  return current;
}

SmallVector<Value> KernelBuilder::blockReduce(MutableArrayRef<Region> operators,
                                              ValueRange neutrals,
                                              ValueRange values) {
  int64_t numWarps = llvm::divideCeil(blockSize, kWarpSize);
  int64_t lastWarpLanes = blockSize - (numWarps - 1) * kWarpSize;
  Value warpSizeIdx = constIndex(kWarpSize);
  Value warp = arith::DivUIOp::create(b, loc, threadId, warpSizeIdx);
  Value lane = arith::RemUIOp::create(b, loc, threadId, warpSizeIdx);
  // A partial last warp shuffles among the lanes it has.
  Value lanes = constI32(kWarpSize);
  if (lastWarpLanes != kWarpSize) {
    Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp,
                                         constIndex(numWarps - 1));
    lanes =
        arith::SelectOp::create(b, loc, isLast, constI32(lastWarpLanes), lanes);
  }
  SmallVector<Value> perWarp = warpReduce(operators, values, lanes);
  if (numWarps == 1)
    return perWarp;

  SmallVector<Value> buffers = allocScratch(values.getTypes(), numWarps);
  Value zero = constIndex(0);
  Value isLeader =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  ifThen(isLeader, [&] { storeAll(perWarp, buffers, warp); });
  barrier();
  // Warp 0 (always full here) reduces the per-warp results, padded with
  // neutral values to a whole warp.
  Value isFirstWarp =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp, zero);
  SmallVector<Value> result = ifThenElse(
      isFirstWarp, values.getTypes(),
      [&] {
        Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                              lane, constIndex(numWarps));
        SmallVector<Value> loaded = ifThenElse(
            inRange, values.getTypes(), [&] { return loadAll(buffers, lane); },
            [&] { return SmallVector<Value>(neutrals); });
        return warpReduce(operators, loaded, constI32(kWarpSize));
      },
      [&] { return SmallVector<Value>(values); });
  // The buffers may be reused by the next reduction.
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
                                           Value lanes) {
  SmallVector<Value> current(values);
  TypeRange types = values.getTypes();
  // Hillis-Steele: after the step with offset o, lane l holds lanes
  // (l - 2o, l] in order.
  for (int64_t offset = 1; offset < kWarpSize && offset < blockSize;
       offset *= 2) {
    SmallVector<Value> others;
    Value valid;
    for (Value value : current) {
      auto [other, ok] = shuffle(value, offset, lanes, gpu::ShuffleMode::UP);
      others.push_back(other);
      valid = ok;
    }
    SmallVector<Value> mine(current);
    current = ifThenElse(
        valid, types, [&] { return combine(others, mine); },
        [&] { return mine; });
  }
  return current;
}

SmallVector<Value> KernelBuilder::warpAllReduce(CombineFn combine,
                                                ValueRange values,
                                                int64_t width) {
  assert(llvm::isPowerOf2_64(width) && width <= kWarpSize);
  SmallVector<Value> current(values);
  TypeRange types = values.getTypes();
  Value lane = arith::RemUIOp::create(b, loc, threadId, constIndex(kWarpSize));
  Value widthI32 = constI32(width);
  // Lanes l and l xor o hold the aligned groups of o lanes either side: the
  // lower group goes left, so every lane ends with the ordered total.
  for (int64_t offset = 1; offset < width; offset *= 2) {
    SmallVector<Value> others;
    for (Value value : current)
      others.push_back(
          shuffle(value, offset, widthI32, gpu::ShuffleMode::XOR).first);
    Value bit = arith::AndIOp::create(b, loc, lane, constIndex(offset));
    Value upper = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, bit,
                                        constIndex(0));
    SmallVector<Value> mine(current);
    current = ifThenElse(
        upper, types, [&] { return combine(others, mine); },
        [&] { return combine(mine, others); });
  }
  return current;
}

KernelBuilder::BlockScan KernelBuilder::blockScan(CombineFn combine,
                                                  ValueRange identity,
                                                  ValueRange values) {
  TypeRange types = values.getTypes();
  int64_t numWarps = llvm::divideCeil(blockSize, kWarpSize);
  int64_t lastWarpLanes = blockSize - (numWarps - 1) * kWarpSize;
  Value warpSizeIdx = constIndex(kWarpSize);
  Value warp = arith::DivUIOp::create(b, loc, threadId, warpSizeIdx);
  Value lane = arith::RemUIOp::create(b, loc, threadId, warpSizeIdx);
  Value isLastWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           warp, constIndex(numWarps - 1));
  Value lanes = constI32(kWarpSize);
  if (lastWarpLanes != kWarpSize)
    lanes = arith::SelectOp::create(b, loc, isLastWarp, constI32(lastWarpLanes),
                                    lanes);
  Value zero = constIndex(0);
  Value firstLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);

  SmallVector<Value> inclusive = warpScan(combine, values, lanes);
  // The lane below's inclusive value is this lane's exclusive one.
  SmallVector<Value> below;
  for (Value value : inclusive)
    below.push_back(shuffle(value, 1, lanes, gpu::ShuffleMode::UP).first);
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

  SmallVector<Value> totals = allocShared(types, numWarps);
  Value lastLane =
      arith::SelectOp::create(b, loc, isLastWarp, constIndex(lastWarpLanes - 1),
                              constIndex(kWarpSize - 1));
  Value isLastLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, lastLane);
  ifThen(isLastLane, [&] { storeAll(inclusive, totals, warp); });
  barrier();
  // Warp 0 scans the warp totals in place.
  Value isFirstWarp =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp, zero);
  ifThen(isFirstWarp, [&] {
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          lane, constIndex(numWarps));
    SmallVector<Value> loaded = ifThenElse(
        inRange, types, [&] { return loadAll(totals, lane); },
        [&] { return SmallVector<Value>(identity); });
    SmallVector<Value> scanned = warpScan(combine, loaded, constI32(kWarpSize));
    ifThen(inRange, [&] { storeAll(scanned, totals, lane); });
  });
  barrier();
  SmallVector<Value> warpPrefix = ifThenElse(
      isFirstWarp, types, [&] { return SmallVector<Value>(identity); },
      [&] {
        Value previous = arith::SubIOp::create(b, loc, warp, constIndex(1));
        return loadAll(totals, previous);
      });
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
