//===- ColumnSchedule.cpp - Column-based thread schedule of seg.map ------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Column-based iteration [Prasetya 2022]: a thread-level map over I_h x I_w
// becomes a one-dimensional map over I_h * I_w whose flat index walks down
// columns of width w. Keeping it a seg.map means every lowering (sequential,
// GPU grid-stride loop, emulator) runs the schedule unchanged; the remapped
// point is written with seg.write_returns, whose indices are explicit.
//
//===----------------------------------------------------------------------===//

#include "segir/Analysis/Tuning.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Dialect/Seg/Transforms/Transforms.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGCOLUMNSCHEDULE
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

/// The space as I_h x I_w and, when static, its columns, for remarks.
static std::string describe(ArrayRef<int64_t> sizes, int64_t w) {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto print = [&](int64_t size) {
    if (ShapedType::isDynamic(size))
      os << "?";
    else
      os << size;
  };
  llvm::interleave(sizes, os, print, " x ");
  std::optional<int64_t> height = 1;
  for (int64_t size : sizes.drop_back())
    height = ShapedType::isDynamic(size) || !height
                 ? std::nullopt
                 : std::optional<int64_t>(*height * size);
  int64_t inputWidth = sizes.back();
  if (sizes.size() > 2) {
    os << " as I_h x I_w = ";
    print(height ? *height : ShapedType::kDynamic);
    os << " x ";
    print(inputWidth);
  }
  if (!ShapedType::isDynamic(inputWidth)) {
    int64_t full = inputWidth / w, rest = inputWidth % w;
    os << ": ";
    if (full)
      os << full << (full == 1 ? " column" : " columns") << " of width " << w;
    if (full && rest)
      os << " and ";
    if (rest)
      os << "1 column of width " << rest;
  }
  return text;
}

namespace {
/// Schedules maps as seg-column-schedule does, recording why a map is left
/// alone.
struct ColumnScheduler {
  const SegColumnScheduleOptions &options;
  const TuningFile &overrides;
  TuningFile &chosen;
  std::string declinedReason;

  void remark(MapOp map, const Twine &message) {
    if (options.emitRemarks)
      mlir::emitRemark(map.getLoc()) << "column schedule: " << message;
  }

  LogicalResult declined(MapOp map, const Twine &why) {
    declinedReason = why.str();
    remark(map, "left alone: " + why);
    return success();
  }

  LogicalResult schedule(MapOp map) {
    if (map.getLevel() != Level::Thread)
      return declined(map, "level '" + stringifyLevel(map.getLevel()) +
                               "', only thread-level maps are scheduled");
    unsigned rank = map.getRank();
    if (rank < 2)
      return declined(map, "rank 1, a single row has no columns");

    // The width: tuning file, then option, then the target's warp size.
    TargetAttr target = TargetAttr::lookup(map);
    std::string name = getTunableName(map, "width");
    int64_t w = target.getWarpSize();
    std::string source = ("the warp size of target " + target.getChip()).str();
    if (std::optional<int64_t> tuned = overrides.lookup(name)) {
      if (*tuned <= 0)
        return map.emitOpError()
               << "column width " << *tuned << " from the tuning file (" << name
               << ") must be positive";
      w = *tuned;
      source = "tuning file, " + name;
    } else if (options.width > 0) {
      w = options.width;
      source = "option 'width'";
    }
    chosen.set(name, w);

    ArrayRef<int64_t> staticSizes = map.getStaticSizes();
    int64_t staticWidth = staticSizes.back();
    if (!options.zigzag && !ShapedType::isDynamic(staticWidth) && staticWidth <= w)
      return declined(map, "width " + Twine(w) + " (" + source +
                               ") covers all " + Twine(staticWidth) +
                               " columns of the space, so the column order "
                               "is the row order");
    int64_t staticProduct = 1;
    bool overflow = false;
    for (int64_t size : staticSizes)
      if (!ShapedType::isDynamic(size))
        overflow |= llvm::MulOverflow(staticProduct, size, staticProduct);
    if (overflow)
      return declined(map, "the static sizes multiply beyond 64 bits, so the "
                           "flat index cannot count the points");

    Location loc = map.getLoc();
    Operation *before = map->getPrevNode();
    OpBuilder b(map);
    SmallVector<OpFoldResult> mixedSizes = map.getMixedSizes();
    SmallVector<Value> sizes = materializeSizes(b, loc, mixedSizes);
    ArrayRef<Value> outer = ArrayRef<Value>(sizes).drop_back();
    Value inputHeight = outer.front();
    for (Value size : outer.drop_front())
      inputHeight = b.createOrFold<arith::MulIOp>(loc, inputHeight, size);
    Value inputWidth = sizes.back();
    ColumnOrder order = buildColumnOrder(b, loc, inputHeight, inputWidth, w);

    // The one-dimensional space I_h * I_w.
    std::optional<int64_t> staticTotal = 1;
    for (int64_t size : staticSizes)
      if (ShapedType::isDynamic(size))
        staticTotal = std::nullopt;
      else if (staticTotal)
        *staticTotal *= size;
    SmallVector<Value> dynamicTotal;
    if (!staticTotal)
      dynamicTotal.push_back(
          b.createOrFold<arith::MulIOp>(loc, inputHeight, inputWidth));
    map.getDynamicSizesMutable().assign(dynamicTotal);
    map.setStaticSizes({staticTotal ? *staticTotal : ShapedType::kDynamic});

    // The body gets the flat index and computes the point from it.
    Block &body = map.getBody().front();
    Value flat = body.insertArgument(0u, b.getIndexType(), loc);
    b.setInsertionPointToStart(&body);
    auto [y, x] = getColumnOrderPoint(b, loc, order, flat, options.zigzag);
    SmallVector<Value> point =
        delinearize(b, loc, y, ArrayRef<Value>(sizes).drop_back());
    point.push_back(x);
    for (unsigned d = 0; d < rank; ++d)
      body.getArgument(d + 1).replaceAllUsesWith(point[d]);
    body.eraseArguments(1, rank);

    // seg.returns wrote at the implicit point; write at the computed one.
    for (Operation &result :
         llvm::make_early_inc_range(map.getResultsOp().getRegion().front())) {
      auto returns = dyn_cast<ReturnsOp>(result);
      if (!returns)
        continue;
      b.setInsertionPoint(returns);
      WriteReturnsOp::create(b, returns.getLoc(), returns.getOut(), point,
                             ValueRange{returns.getValue()});
      returns.erase();
    }

    // Sizes that folded into the per-launch values leave dead constants.
    for (Operation *op = map->getPrevNode(); op && op != before;) {
      Operation *prev = op->getPrevNode();
      if (isOpTriviallyDead(op))
        op->erase();
      op = prev;
    }

    remark(map, name + ": width " + Twine(w) + " (" + source + ")" +
                    (options.zigzag ? ", zigzag" : "") + " on " +
                    describe(staticSizes, w));
    return success();
  }
};

struct SegColumnSchedulePass
    : public seg::impl::SegColumnScheduleBase<SegColumnSchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    // 0 is the default (the warp size) unless it was asked for.
    if (width < 0 || (width == 0 && width.hasValue())) {
      getOperation()->emitError()
          << "seg-column-schedule: option 'width' must be positive, got "
          << static_cast<int64_t>(width);
      return signalPassFailure();
    }
    std::string error;
    FailureOr<TuningFile> overrides =
        TuningFile::readOverrides(tuningFile, getOperation());
    if (failed(overrides))
      return signalPassFailure();

    SmallVector<MapOp> maps;
    getOperation()->walk([&](MapOp map) { maps.push_back(map); });
    TuningFile chosen;
    SegColumnScheduleOptions options{width, zigzag, tuningFile, tuningFileOut,
                                     emitRemarks};
    ColumnScheduler scheduler{options, *overrides, chosen, {}};
    for (MapOp map : maps)
      if (failed(scheduler.schedule(map)))
        return signalPassFailure();

    if (!tuningFileOut.empty() && failed(chosen.write(tuningFileOut, error))) {
      getOperation()->emitError() << error;
      return signalPassFailure();
    }
  }
};
} // namespace

FailureOr<bool> seg::scheduleColumns(MapOp map,
                                     const SegColumnScheduleOptions &options,
                                     std::string &declined) {
  TuningFile overrides, chosen;
  ColumnScheduler scheduler{options, overrides, chosen, {}};
  if (failed(scheduler.schedule(map)))
    return failure();
  declined = scheduler.declinedReason;
  return declined.empty();
}
