//===- ScanGroup.cpp - One group of a scan kernel -------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ScanGroup.h"

#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::seg;

/// Most coalesced elements a thread writes in one unrolled batch (stores
/// need nothing in flight; ScanPlan::loadsInFlight bounds the loads).
static constexpr int64_t kCoalescedBatch = 32;

static SmallVector<Value> selectAll(OpBuilder &b, Location loc, Value cond,
                                    ValueRange lhs, ValueRange rhs) {
  SmallVector<Value> result;
  for (auto [l, r] : llvm::zip_equal(lhs, rhs))
    result.push_back(arith::SelectOp::create(b, loc, cond, l, r));
  return result;
}

InvariantDivisor::InvariantDivisor(OpBuilder &b, Location loc, Value divisor)
    : divisor(divisor), constantDivisor(getConstantIntValue(divisor).has_value()) {
  if (constantDivisor)
    return;
  Type i64 = b.getI64Type();
  Value allOnes = arith::ConstantIntOp::create(b, loc, -1, 64);
  reciprocal = arith::DivUIOp::create(
      b, loc, allOnes, arith::IndexCastUIOp::create(b, loc, i64, divisor));
}

std::pair<Value, Value> InvariantDivisor::divRem(OpBuilder &b, Location loc,
                                                 Value x) const {
  if (constantDivisor)
    return {arith::DivUIOp::create(b, loc, x, divisor),
            arith::RemUIOp::create(b, loc, x, divisor)};
  Type i64 = b.getI64Type(), index = b.getIndexType();
  Value wide = arith::IndexCastUIOp::create(b, loc, i64, x);
  Value estimate = arith::IndexCastUIOp::create(
      b, loc, index,
      arith::MulUIExtendedOp::create(b, loc, wide, reciprocal).getHigh());
  Value remainder = arith::SubIOp::create(
      b, loc, x, arith::MulIOp::create(b, loc, estimate, divisor));
  Value under = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                      remainder, divisor);
  Value quotient = arith::SelectOp::create(
      b, loc, under,
      arith::AddIOp::create(b, loc, estimate,
                            arith::ConstantIndexOp::create(b, loc, 1)),
      estimate);
  remainder = arith::SelectOp::create(
      b, loc, under, arith::SubIOp::create(b, loc, remainder, divisor),
      remainder);
  return {quotient, remainder};
}

/// The threads that a segment of static length n spans, when every group
/// of B m elements starts a segment (n divides B m, and is shorter: a
/// segment as long as a group takes the flat path) and every segment lies
/// inside an aligned run of threads of one warp: 1 when n divides m (a
/// thread's elements hold whole segments), else n / m when that is a power
/// of two dividing the warp size (n divides B m, so B and a partial last
/// warp hold whole runs). None for empty segments (an empty scan).
static std::optional<int64_t>
getSegmentLanes(int64_t n, int64_t m, int64_t blockSize, int64_t warpSize) {
  int64_t groupSize = blockSize * m;
  if (n <= 0 || n >= groupSize || groupSize % n != 0)
    return std::nullopt;
  if (m % n == 0)
    return 1;
  if (n % m != 0 || !llvm::isPowerOf2_64(n / m) || warpSize % (n / m) != 0)
    return std::nullopt;
  return n / m;
}

GroupShape::GroupShape(KernelBuilder &kb, Scan &scan, int64_t m,
                       bool parkExclusive, bool withoutGroupTotals)
    : m(m), groupSize(kb.blockSize * m),
      singleSegment(scan.segmentSizes.empty()) {
  IRArith a{kb.b, kb.loc};
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  SmallVector<Type> scanned;
  if (!singleSegment)
    scanned.push_back(b.getI1Type());
  llvm::append_range(scanned, scan.types);
  scanBuffers = kb.allocScanBuffers(scanned, parkExclusive);
  thread32 = a.trunc(kb.threadId);
  firstOwn32 = arith::MulIOp::create(b, loc, thread32, a.c32(m));
  auto [warp, lane, lanes] = kb.getWarpLaneAndLanes();
  laneStep32 = lanes;
  Value warpFirst =
      arith::MulIOp::create(b, loc, a.trunc(warp), a.c32(kb.warpSize * m));
  firstCoalesced32 = a.add32(warpFirst, a.trunc(lane));
  if (singleSegment)
    return;
  sizeC = Indexing::getSegmentStride(a, scan.segmentLength,
                                     kb.constIndex(groupSize));
  firstCoalesced = Indexing::split(a, firstCoalesced32, sizeC);
  firstOwn = Indexing::split(a, firstOwn32, sizeC);
  laneStep = Indexing::split(a, laneStep32, sizeC);
  unitStep = Indexing::split(a, a.c32(1), sizeC);
  segmentLength = InvariantDivisor(kb.b, kb.loc, scan.segmentLength);
  for (Value size : ArrayRef(scan.segmentSizes).drop_front())
    outerSizes.emplace_back(kb.b, kb.loc, size);
  // Element j of a group lies (sgmIdx + j) / n <= 1 + (G - 1) / n segments
  // after its first (sizeC = G when n >= G, and then only one can).
  if (!outerSizes.empty())
    maxSegmentDelta = a.add32(a.c32(1), a.div32(a.c32(groupSize - 1), sizeC));
  if (std::optional<int64_t> n = getConstantIntValue(scan.segmentLength)) {
    staticSegmentLength = true;
    staticSegmentStride = std::min(*n, groupSize);
    if (withoutGroupTotals)
      segmentLanes = getSegmentLanes(*n, m, kb.blockSize, kb.warpSize);
  }
  sharesGroupLocation =
      !staticSegmentLength || *staticSegmentStride == groupSize;
  sharesSegmentCoordinates = !outerSizes.empty();
  testsDenseRows = !staticSegmentLength &&
                   !KernelBuilder::scansWarpTotalsInOneWarp(scan.types);
  if (testsDenseRows)
    rowsDense = emitSegmentRowsDense(b, loc, scan);
}

SmallVector<Value> GroupShape::delinearizeSegment(OpBuilder &b, Location loc,
                                                  Value segment) const {
  // Innermost first; the outermost coordinate is what remains.
  SmallVector<Value> ivs(outerSizes.size() + 1);
  for (auto [d, size] : llvm::enumerate(llvm::reverse(outerSizes)))
    std::tie(segment, ivs[outerSizes.size() - d]) =
        size.divRem(b, loc, segment);
  ivs[0] = segment;
  return ivs;
}

std::pair<Value, Value> GroupShape::locateGroup(OpBuilder &b, Location loc,
                                                Value id) const {
  Value blockOffset = arith::MulIOp::create(
      b, loc, id, arith::ConstantIndexOp::create(b, loc, groupSize));
  return segmentLength.divRem(b, loc, blockOffset);
}

GroupPosition::GroupPosition(
    KernelBuilder &kb, Scan &scan, const GroupShape &shape, Value id,
    std::optional<std::pair<Value, Value>> location, ArrayRef<Value> segmentIvs)
    : id(id) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  IRArith a{b, loc};
  Value groupSize = kb.constIndex(shape.groupSize);
  blockOffset = arith::MulIOp::create(b, loc, id, groupSize);
  validCount = a.trunc(a.min64(groupSize, a.sub64(scan.total, blockOffset)));
  wholeGroup = a.eq32(validCount, a.c32(shape.groupSize));
  if (shape.singleSegment) {
    ix = Indexing::compute(a, blockOffset, scan.segmentLength, groupSize,
                           /*singleSegment=*/true);
    insideOneSegment = arith::ConstantIntOp::create(b, loc, 1, 1);
    return;
  }
  Value sgmIdx;
  std::tie(firstSegment, sgmIdx) =
      location ? *location : shape.locateGroup(b, loc, id);
  ix = Indexing::computeAt(a, sgmIdx, scan.segmentLength, groupSize);
  // The next segment starts at the group's element `boundary`.
  insideOneSegment = a.uge32(ix.boundary, validCount);
  firstSegmentIvs = segmentIvs.empty()
                        ? shape.delinearizeSegment(b, loc, firstSegment)
                        : llvm::to_vector(segmentIvs);
  if (!shape.outerSizes.empty())
    insideOneOuterRow = a.cmp(
        arith::CmpIPredicate::ult,
        a.add64(firstSegmentIvs.back(), a.ext(shape.maxSegmentDelta)),
        shape.outerSizes.back().divisor);
}

SmallVector<Value> seg::getSegmentRowMemrefs(Scan &scan) {
  Block &body = scan.op.getBody().front();
  unsigned numIvs = body.getNumArguments();
  SmallVector<Value> memrefs;
  if (numIvs < 2)
    return memrefs;
  BlockArgument segment = body.getArgument(numIvs - 2);
  BlockArgument index = body.getArgument(numIvs - 1);
  for (auto load : body.getOps<memref::LoadOp>()) {
    Value memref = load.getMemref();
    ValueRange indices = load.getIndices();
    if (indices.size() < 2 || indices.back() != index ||
        indices[indices.size() - 2] != segment ||
        body.getParent()->isAncestor(memref.getParentRegion()) ||
        !load.getMemRefType().isStrided() ||
        llvm::is_contained(memrefs, memref))
      continue;
    memrefs.push_back(memref);
  }
  for (Value out : scan.outs)
    if (cast<MemRefType>(out.getType()).isStrided() &&
        !llvm::is_contained(memrefs, out))
      memrefs.push_back(out);
  return memrefs;
}

/// The dimension of `memref` along the segment's innermost coordinate.
static int64_t getSegmentDim(Value memref) {
  return cast<MemRefType>(memref.getType()).getRank() - 2;
}

Value seg::emitSegmentRowsDense(OpBuilder &b, Location loc, Scan &scan) {
  Value dense = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (Value memref : getSegmentRowMemrefs(scan)) {
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
    Value stride = metadata.getStrides()[getSegmentDim(memref)];
    dense = arith::AndIOp::create(
        b, loc, dense,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, stride,
                              scan.segmentLength));
  }
  return dense;
}

/// `memref` restated with `n` as its stride along the segment's innermost
/// coordinate (the same view where emitSegmentRowsDense holds), so that
/// LLVM sees the products segment * n of an element's address and index
/// cancel.
static Value restateSegmentStride(OpBuilder &b, Location loc, Value memref,
                                  Value n) {
  auto type = cast<MemRefType>(memref.getType());
  auto [strides, offset] = type.getStridesAndOffset();
  int64_t dim = getSegmentDim(memref);
  strides[dim] = ShapedType::kDynamic;
  auto viewType =
      MemRefType::get(type.getShape(), type.getElementType(),
                      StridedLayoutAttr::get(b.getContext(), offset, strides),
                      type.getMemorySpace());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  SmallVector<OpFoldResult> viewStrides = metadata.getConstifiedMixedStrides();
  viewStrides[dim] = n;
  return memref::ReinterpretCastOp::create(
      b, loc, viewType, memref, metadata.getConstifiedMixedOffset(),
      metadata.getConstifiedMixedSizes(), viewStrides);
}

void seg::forGroupPaths(KernelBuilder &kb, Scan &scan, const GroupShape &shape,
                        const GroupPosition &position,
                        function_ref<void(GroupPath)> body) {
  if (shape.singleSegment)
    return body(GroupPath::Flat);
  auto insideOneOuterRow = [&] {
    if (!shape.testsDenseRows)
      return body(GroupPath::Flagged);
    kb.ifThenElse(
        shape.rowsDense,
        [&] { body(GroupPath::FlaggedDenseRows); },
        [&] { body(GroupPath::Flagged); });
  };
  auto flagged = [&] {
    if (shape.outerSizes.empty())
      return insideOneOuterRow();
    kb.ifThenElse(position.insideOneOuterRow, insideOneOuterRow,
                  [&] { body(GroupPath::FlaggedAcrossOuterRows); });
  };
  if (std::optional<int64_t> n = getConstantIntValue(scan.segmentLength)) {
    // Groups start at multiples of the group size: at segment starts when
    // it divides n.
    if (*n % shape.groupSize == 0)
      return body(GroupPath::Flat);
    if (*n < shape.groupSize)
      return flagged();
  }
  kb.ifThenElse(
      position.insideOneSegment, [&] { body(GroupPath::Flat); }, flagged);
}

GroupScan::GroupScan(KernelBuilder &kb, Scan &scan, const GroupShape &shape,
                     const GroupPosition &position, GroupPath path,
                     ArrayRef<Value> staging, bool storeMapOuts, bool reloaded,
                     int64_t loadsInFlight, const ContiguousLoads &loads)
    : kb(kb), scan(scan), shape(shape), position(position), path(path),
      flagged(path != GroupPath::Flat), a{kb.b, kb.loc}, m(shape.m),
      groupSize(shape.groupSize), id(position.id),
      blockOffset(position.blockOffset), ix(position.ix), staging(staging),
      flatIndex(shape.staticSegmentLength ||
                path == GroupPath::FlaggedDenseRows),
      outs(scan.outs), reloaded(reloaded) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  if (path == GroupPath::FlaggedDenseRows) {
    for (Value memref : getSegmentRowMemrefs(scan))
      denseRowViews.map(
          memref, restateSegmentStride(b, loc, memref, scan.segmentLength));
    for (Value &out : outs)
      out = denseRowViews.lookupOrDefault(out);
  }

  // Load & map: every element of a batch evaluated before any is staged, so
  // that their loads are in flight together. A whole group (all but the
  // last) evaluates its elements without a bounds check: a branch around
  // each would keep the body's use of a load next to it, before the next
  // load is issued.
  auto loadScalars = [&] {
    forGroupElements(loadsInFlight, [&](ArrayRef<CoalescedElement> elements,
                                        bool checked) {
      SmallVector<SmallVector<Value>> values;
      for (const CoalescedElement &element : elements) {
        auto evaluateOne = [&] {
          return scan.element(kb, element.ivs, storeMapOuts, denseRowViews);
        };
        values.push_back(checked ? kb.ifThenElse(element.inBounds, scan.types,
                                                 evaluateOne,
                                                 [&] { return scan.neutrals; })
                                 : evaluateOne());
      }
      for (auto [element, loaded] : llvm::zip_equal(elements, values))
        kb.storeAll(loaded, staging, element.local);
    });
  };
  if (loads.isVectorized() && shape.singleSegment) {
    // Every group starts a multiple of the width after the first: where the
    // first element's vectors are aligned, all groups' are, and the last,
    // partial group and misaligned views load element by element.
    AlignedVectorRange range = emitAlignedVectorRange(
        b, loc, loads, scan.op.getBody().front(), ValueRange{blockOffset},
        kb.constIndex(groupSize));
    Value aligned =
        a.eq64(range.end, a.add64(blockOffset, kb.constIndex(groupSize)));
    Value useVectors =
        arith::AndIOp::create(b, loc, position.wholeGroup, aligned);
    kb.ifThenElse(
        useVectors, [&] { loadVectors(loads, storeMapOuts); }, loadScalars);
  } else {
    loadScalars();
  }
  kb.warpBarrier();

  // Thread t scans elements t m .. t m + m - 1, restarting at segment
  // starts.
  first =
      arith::IndexCastUIOp::create(b, loc, b.getIndexType(), shape.firstOwn32);
  SmallVector<Value> starts = findOwnStarts();
  for (int64_t i = 0; i < m; ++i) {
    Value slot = arith::AddIOp::create(b, loc, first, kb.constIndex(i));
    SmallVector<Value> x = kb.loadAll(staging, slot);
    if (i == 0) {
      own.push_back(x);
      continue;
    }
    // On the flat path no element restarts the scan: a group's first
    // element that starts a segment gets the neutral prefix (no look-back),
    // which leaves it as it is.
    SmallVector<Value> combined = scan.combine(b, own.back(), x);
    own.push_back(flagged ? selectAll(b, loc, starts[i], x, combined)
                          : combined);
  }

  Value startsInThread =
      flagged ? a.ult32(firstOwnStart, a.c32(m))
              : arith::ConstantIntOp::create(b, loc, 0, 1).getResult();
  SmallVector<Value> carry{startsInThread};
  llvm::append_range(carry, own.back());
  if (reloaded)
    ownStarts = std::move(starts);
  auto segCombine = [&](ValueRange lhs, ValueRange rhs) {
    return scan.segCombine(b, loc, lhs, rhs);
  };
  auto combine = [&](ValueRange lhs, ValueRange rhs) {
    return scan.combine(b, lhs, rhs);
  };
  if (flagged && shape.segmentLanes) {
    scanRuns();
  } else if (!flagged) {
    // No flags ride in the operator: the block scans the plain values.
    KernelBuilder::BlockScan plain =
        kb.tileScan(combine, scan.neutrals, own.back(),
                    shape.singleSegment ? shape.scanBuffers
                                        : shape.scanBuffers.dropFirstValue());
    for (auto [flagged, values] :
         {std::pair(&threads.inclusive, &plain.inclusive),
          std::pair(&threads.exclusive, &plain.exclusive),
          std::pair(&threads.total, &plain.total)}) {
      flagged->push_back(startsInThread);
      llvm::append_range(*flagged, *values);
    }
  } else {
    threads = kb.tileScan(segCombine, scan.segIdentity(b, loc), carry,
                          shape.scanBuffers, combine);
  }
  // In runs every group starts a segment (and no kernel needs the group's
  // total); on the flat path only the group's first element can start one.
  if (flagged && shape.segmentLanes)
    totalFlag = arith::ConstantIntOp::create(b, loc, 1, 1);
  else if (flagged || shape.singleSegment)
    totalFlag = threads.total[0];
  else
    totalFlag = ix.newSegment;
  if (!threads.total.empty())
    totalValues = llvm::to_vector(ArrayRef(threads.total).drop_front());
  isFirstThread = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        kb.threadId, kb.constIndex(0));
}

void GroupScan::scanRuns() {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  // A thread's prefix is the combination of the threads before it in its
  // run, which the run's first thread starts from nothing: it holds the
  // start of its segment, and every group starts one.
  int64_t runLanes = *shape.segmentLanes;
  SmallVector<Value> inclusive = kb.warpScanInRuns(
      [&](ValueRange lhs, ValueRange rhs) { return scan.combine(b, lhs, rhs); },
      own.back(), shape.laneStep32, runLanes);
  SmallVector<Value> exclusive(scan.neutrals);
  if (runLanes > 1) {
    SmallVector<Value> below;
    for (Value value : inclusive)
      below.push_back(
          kb.shuffle(value, 1, shape.laneStep32, gpu::ShuffleMode::UP).first);
    // findRunStarts: only a run's first thread starts with a segment.
    Value firstInRun = a.eq32(firstOwnStart, a.c32(0));
    exclusive = selectAll(b, loc, firstInRun, scan.neutrals, below);
  }
  Value started = arith::ConstantIntOp::create(b, loc, 1, 1);
  threads.inclusive = {started};
  llvm::append_range(threads.inclusive, inclusive);
  threads.exclusive = {started};
  llvm::append_range(threads.exclusive, exclusive);
}

SmallVector<Value> GroupScan::findRunStarts() {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  int64_t runLanes = *shape.segmentLanes;
  SmallVector<Value> starts;
  if (runLanes == 1) {
    // Thread t's first element t m starts a segment, and so does every
    // n-th after it.
    int64_t n = *shape.staticSegmentStride;
    for (int64_t i = 0; i < m; ++i)
      starts.push_back(arith::ConstantIntOp::create(b, loc, i % n == 0, 1));
    firstOwnStart = a.c32(0);
    return starts;
  }
  // Only the first element of a run's first thread starts one.
  Value firstInRun = a.eq32(a.rem32(shape.thread32, a.c32(runLanes)), a.c32(0));
  starts.push_back(firstInRun);
  for (int64_t i = 1; i < m; ++i)
    starts.push_back(arith::ConstantIntOp::create(b, loc, 0, 1));
  firstOwnStart = a.select32(firstInRun, a.c32(0), a.c32(m));
  return starts;
}

SmallVector<Value> GroupScan::findOwnStarts() {
  if (!flagged)
    return {};
  if (shape.segmentLanes)
    return findRunStarts();
  // Element 0 by the cursor; after it, the distance to the next start
  // counts down and resets to the segment stride at each start: no
  // division, and one comparison per element where a thread's elements
  // hold at most one start.
  Indexing::Cursor cursor = ix.at(a, shape.firstOwn);
  Value startsAtFirst = ix.isStart(a, cursor);
  Value toNext =
      a.select32(startsAtFirst, a.c32(0), a.sub32(ix.sizeC, cursor.phase));
  firstOwnStart = arith::MinUIOp::create(kb.b, kb.loc, toNext, a.c32(m));
  SmallVector<Value> starts{startsAtFirst};
  if (shape.staticSegmentStride && *shape.staticSegmentStride >= m) {
    for (int64_t i = 1; i < m; ++i)
      starts.push_back(a.eq32(toNext, a.c32(i)));
    return starts;
  }
  Value distance = toNext;
  Value lastPhase = a.sub32(ix.sizeC, a.c32(1));
  for (int64_t i = 1; i < m; ++i) {
    distance =
        a.select32(starts.back(), lastPhase, a.sub32(distance, a.c32(1)));
    starts.push_back(a.eq32(distance, a.c32(0)));
  }
  return starts;
}

void GroupScan::forCoalesced(
    int64_t maxBatch, function_ref<void(ArrayRef<CoalescedElement>)> body,
    bool unroll) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Value step = a.ext(shape.laneStep32);
  Value first = a.ext(shape.firstCoalesced32);
  // The elements firstK .. firstK + count - 1 from `cursor`; returns the
  // cursor after them.
  auto emitBatch = [&](Value firstK, int64_t count, ValueRange cursor) {
    Indexing::Cursor c;
    if (flagged)
      c = {cursor[0], cursor[1]};
    Value base = arith::AddIOp::create(
        b, loc, first, arith::MulIOp::create(b, loc, firstK, step));
    SmallVector<CoalescedElement> elements;
    for (int64_t i = 0; i < count; ++i) {
      CoalescedElement element;
      element.local = arith::AddIOp::create(
          b, loc, base, arith::MulIOp::create(b, loc, kb.constIndex(i), step));
      element.inBounds = a.ult32(a.trunc(element.local), position.validCount);
      if (!flagged) {
        // Inside one segment: index sgmIdx + j of the group's first one.
        element.ivs = position.firstSegmentIvs;
        element.ivs.push_back(
            arith::AddIOp::create(b, loc, ix.sgmIdx, element.local));
      } else {
        auto [segmentDelta, index] = ix.coords(a, c);
        // The element's segment coordinates, and the linear index of the
        // segments before its innermost outer coordinate's row.
        Value innermost, rowStart = blockOffset;
        if (path != GroupPath::FlaggedAcrossOuterRows) {
          element.ivs = position.firstSegmentIvs;
          innermost = element.ivs.back() =
              arith::AddIOp::create(b, loc, element.ivs.back(), segmentDelta);
          // Zero without outer sizes (folded).
          Value rowFirst = arith::SubIOp::create(
              b, loc, position.firstSegment, position.firstSegmentIvs.back());
          rowStart = arith::SubIOp::create(
              b, loc, blockOffset,
              arith::MulIOp::create(b, loc, rowFirst, scan.segmentLength));
        } else {
          // The linear segment, by which rowStart's row is the first.
          innermost = arith::AddIOp::create(b, loc, position.firstSegment,
                                            segmentDelta);
          element.ivs = shape.delinearizeSegment(b, loc, innermost);
        }
        // With a static segment length n, or rows of stride n
        // (FlaggedDenseRows), the index is the element's global index minus
        // segment * n: in an access of a row-major array by (segment
        // coordinates, index) the innermost outer coordinate's products
        // cancel, and the address is the flat scan's plus a group's offset,
        // with no cursor left to step.
        if (flatIndex)
          index = arith::SubIOp::create(
              b, loc, arith::AddIOp::create(b, loc, rowStart, element.local),
              arith::MulIOp::create(b, loc, innermost, scan.segmentLength));
        element.ivs.push_back(index);
        c = ix.advance(a, c, shape.laneStep);
      }
      elements.push_back(std::move(element));
    }
    body(elements);
    return flagged ? SmallVector<Value>{c.segment, c.phase}
                   : SmallVector<Value>();
  };
  SmallVector<Value> cursor;
  if (flagged) {
    Indexing::Cursor c = ix.at(a, shape.firstCoalesced);
    cursor = {c.segment, c.phase};
  }
  int64_t batch = std::min(m, maxBatch);
  int64_t batches = m / batch, rest = m % batch;
  if (batches == 1)
    cursor = emitBatch(kb.constIndex(0), batch, cursor);
  else
    cursor = kb.forLoop(
        kb.constIndex(0), kb.constIndex(batches * batch), kb.constIndex(batch),
        cursor,
        [&](Value firstK, ValueRange carried) {
          return emitBatch(firstK, batch, carried);
        },
        unroll);
  if (rest)
    emitBatch(kb.constIndex(batches * batch), rest, cursor);
}

void GroupScan::forGroupElements(
    int64_t maxBatch,
    function_ref<void(ArrayRef<CoalescedElement>, bool checked)> body,
    bool unroll) {
  auto checkedOneByOne = [&] {
    forCoalesced(
        1,
        [&](ArrayRef<CoalescedElement> elements) {
          body(elements, /*checked=*/true);
        },
        /*unroll=*/false);
  };
  // Unrolled, the divisions of elements in flight together, or their 64-bit
  // products by a stride where the rows are not dense, would set the
  // kernel's registers, which every other path then pays for.
  if (path == GroupPath::FlaggedAcrossOuterRows || (flagged && !flatIndex))
    return checkedOneByOne();
  kb.ifThenElse(
      position.wholeGroup,
      [&] {
        forCoalesced(
            maxBatch,
            [&](ArrayRef<CoalescedElement> elements) {
              body(elements, /*checked=*/false);
            },
            unroll);
      },
      checkedOneByOne);
}

void GroupScan::loadVectors(const ContiguousLoads &loads, bool storeMapOuts) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  int64_t width = loads.width;
  auto [warp, lane, lanes] = kb.getWarpLaneAndLanes();
  Value warpFirst =
      arith::MulIOp::create(b, loc, a.trunc(warp), a.c32(kb.warpSize * m));
  Value laneFirst = a.add32(
      warpFirst, arith::MulIOp::create(b, loc, a.trunc(lane), a.c32(width)));
  Value vectorStep = arith::MulIOp::create(b, loc, lanes, a.c32(width));
  SmallVector<Value> locals;
  SmallVector<SmallVector<Value>> values;
  for (int64_t k = 0; k < m / width; ++k) {
    Value local32 =
        a.add32(laneFirst, arith::MulIOp::create(b, loc, vectorStep, a.c32(k)));
    Value local = a.ext(local32);
    Value index = a.add64(blockOffset, local);
    locals.push_back(local);
    values.push_back(emitVectorBodyElements(
        kb, scan.op.getBody().front(), scan.op.getNumAccumulators(), loads,
        ValueRange{index},
        storeMapOuts ? ValueRange(scan.mapOuts) : ValueRange()));
  }
  // The previous group's results were stored from the coalesced slots,
  // which the lanes' vectors overlap across lanes.
  kb.warpBarrier();
  size_t numTypes = scan.types.size();
  for (auto [local, elements] : llvm::zip_equal(locals, values))
    for (int64_t j = 0; j < width; ++j)
      kb.storeAll(ArrayRef(elements).slice(j * numTypes, numTypes), staging,
                  a.add64(local, kb.constIndex(j)));
}

void GroupScan::writeResults(ValueRange blockPrefix) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  // A flat group that starts a segment takes no prefix (reduce-then-scan
  // hands it the groups before it).
  SmallVector<Value> prefix(blockPrefix);
  if (!flagged && !shape.singleSegment)
    prefix = selectAll(b, loc, ix.newSegment, scan.neutrals, blockPrefix);
  // The threads before this one back to the last segment start, or the
  // group prefix too when there is none.
  Value exclusiveFlag = threads.exclusive[0];
  ArrayRef<Value> exclusive = ArrayRef(threads.exclusive).drop_front();
  SmallVector<Value> withPrefix = scan.combine(b, prefix, exclusive);
  SmallVector<Value> threadPrefix =
      selectAll(b, loc, exclusiveFlag, exclusive, withPrefix);
  SmallVector<Value> running = threadPrefix;
  for (int64_t i = 0; i < m; ++i) {
    Value slot = arith::AddIOp::create(b, loc, first, kb.constIndex(i));
    SmallVector<Value> result;
    if (reloaded) {
      // The thread's slots still hold its elements: each one read back
      // extends the running result, which restarts at a segment start.
      SmallVector<Value> element = kb.loadAll(staging, slot);
      SmallVector<Value> combined = scan.combine(b, running, element);
      running = flagged ? selectAll(b, loc, ownStarts[i], element, combined)
                        : combined;
      result = running;
    } else {
      SmallVector<Value> combined = scan.combine(b, threadPrefix, own[i]);
      // Elements from the thread's first segment start on take no prefix.
      result = flagged ? selectAll(b, loc, a.ult32(a.c32(i), firstOwnStart),
                                   combined, own[i])
                       : combined;
    }
    kb.storeAll(result, staging, slot);
  }
  // Each lane stores the coalesced elements of its own warp's part, and the
  // next group's loads write only the slots the lane reads here.
  kb.warpBarrier();
  // Stores need nothing in flight. With flags and a dynamic segment length
  // (rows that are not dense) or outer coordinates to divide, a loop over the
  // elements recomputes their coordinates, kept rolled: unrolled (LLVM would,
  // for its constant trip count), they would be the load phase's (common
  // subexpressions), all kept in registers across the group. A whole group
  // stores without bounds checks.
  auto store = [&](const CoalescedElement &element) {
    SmallVector<Value> values = kb.loadAll(staging, element.local);
    for (auto [value, out] : llvm::zip_equal(values, outs))
      memref::StoreOp::create(b, loc, value, out, element.ivs);
  };
  bool recomputesCoordinates =
      flagged && (!flatIndex || path == GroupPath::FlaggedAcrossOuterRows);
  int64_t batch = recomputesCoordinates ? 1 : kCoalescedBatch;
  forGroupElements(
      batch,
      [&](ArrayRef<CoalescedElement> elements, bool checked) {
        for (const CoalescedElement &element : elements) {
          if (checked)
            kb.ifThen(element.inBounds, [&] { store(element); });
          else
            store(element);
        }
      },
      /*unroll=*/!recomputesCoordinates);
}
