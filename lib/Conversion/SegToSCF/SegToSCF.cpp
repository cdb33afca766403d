//===- SegToSCF.cpp - Sequential reference lowering of seg ops ----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every seg op becomes a loop nest over its space in row-major order. This
// is the meaning of the dialect: all parallel lowerings must agree with it.
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/SegToSCF/SegToSCF.h"

#include "SequentialAsyncCopies.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_CONVERTSEGTOSCF
#include "segir/Conversion/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

namespace {
using TerminatorHandler = function_ref<SmallVector<Value>(Operation *)>;
} // namespace

/// Moves `body` to the rewriter's insertion point with its arguments
/// replaced by `ivs`, lets `finish` replace its terminator (inserting
/// before it), and returns the values `finish` produced.
///
/// Stack allocations directly in the body (a block's shared memory, a
/// thread's private arrays) live for one point. Once the body sits in a
/// loop, an `alloca` there would grow the stack on every iteration after
/// lowering to LLVM, so they become heap allocations freed at the end of
/// the point.
static SmallVector<Value> emitBody(RewriterBase &rewriter, Block &body,
                                   ValueRange ivs, TerminatorHandler finish) {
  Operation *terminator = body.getTerminator();
  SmallVector<memref::AllocaOp> allocas(body.getOps<memref::AllocaOp>());
  rewriter.inlineBlockBefore(&body, rewriter.getInsertionBlock(),
                             rewriter.getInsertionPoint(), ivs);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(terminator);
  SmallVector<Value> values = finish(terminator);
  for (memref::AllocaOp alloca : allocas) {
    Location loc = alloca.getLoc();
    {
      OpBuilder::InsertionGuard allocGuard(rewriter);
      rewriter.setInsertionPoint(alloca);
      auto alloc = memref::AllocOp::create(
          rewriter, loc, alloca.getType(), alloca.getDynamicSizes(),
          alloca.getSymbolOperands(), alloca.getAlignmentAttr());
      rewriter.replaceOp(alloca, alloc.getResult());
      rewriter.setInsertionPoint(terminator);
      memref::DeallocOp::create(rewriter, loc, alloc.getResult());
    }
  }
  rewriter.eraseOp(terminator);
  return values;
}

/// Builds a nest of scf.for loops over `sizes` (possibly none) and calls
/// `bodyBuilder` with the rewriter inside the innermost one.
static void buildLoops(RewriterBase &rewriter, Location loc,
                       ArrayRef<OpFoldResult> sizes,
                       function_ref<void(ValueRange)> bodyBuilder) {
  SmallVector<Value> upper = materializeSizes(rewriter, loc, sizes);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  SmallVector<Value> lower(upper.size(), zero), steps(upper.size(), one);
  scf::buildLoopNest(rewriter, loc, lower, upper, steps,
                     [&](OpBuilder &builder, Location, ValueRange ivs) {
                       OpBuilder::InsertionGuard guard(rewriter);
                       rewriter.setInsertionPoint(builder.getInsertionBlock(),
                                                  builder.getInsertionPoint());
                       bodyBuilder(ivs);
                     });
}

//===----------------------------------------------------------------------===//
// Space ops
//===----------------------------------------------------------------------===//

/// The induction variables of the block map around a thread_in_block map
/// (its tiled results index with them), none elsewhere.
static ValueRange enclosingBlockIvs(MapOp map) {
  if (map.getLevel() != Level::ThreadInBlock)
    return {};
  return getEnclosingSpaceOp(map).getInductionVars();
}

static LogicalResult lowerMap(RewriterBase &rewriter, MapOp op) {
  Location loc = op.getLoc();
  LogicalResult status = success();
  buildLoops(rewriter, loc, op.getMixedSizes(), [&](ValueRange ivs) {
    emitBody(rewriter, op.getBody().front(), ivs, [&](Operation *terminator) {
      auto results = cast<ResultsOp>(terminator);
      for (Operation &result : results.getRegion().front())
        if (failed(lowerKernelResult(rewriter, &result, IRMapping(), ivs,
                                     enclosingBlockIvs(op))))
          status = failure();
      return SmallVector<Value>();
    });
  });
  return status;
}

/// seg.red and seg.scan: per segment, a loop over the innermost dimension
/// that carries the accumulators; seg.scan stores them at every point.
template <typename OpTy>
static LogicalResult lowerCombining(RewriterBase &rewriter, OpTy op,
                                    bool isScan, bool exclusive = false) {
  Location loc = op.getLoc();
  SmallVector<OpFoldResult> sizes = op.getMixedSizes();
  unsigned numAcc = op.getNumAccumulators();
  SmallVector<Value> neutrals(op.getNeutrals());
  SmallVector<Value> combinedOuts(op.getCombinedOuts());
  SmallVector<Value> mapOuts(op.getMapOuts());

  buildLoops(
      rewriter, loc, ArrayRef<OpFoldResult>(sizes).drop_back(),
      [&](ValueRange segmentIvs) {
        Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
        Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
        Value innerSize =
            getValueOrCreateConstantIndexOp(rewriter, loc, sizes.back());
        auto forOp = scf::ForOp::create(
            rewriter, loc, zero, innerSize, one, neutrals,
            [&](OpBuilder &builder, Location, Value iv, ValueRange accs) {
              OpBuilder::InsertionGuard guard(rewriter);
              rewriter.setInsertionPoint(builder.getInsertionBlock(),
                                         builder.getInsertionPoint());
              SmallVector<Value> point(segmentIvs);
              point.push_back(iv);
              SmallVector<Value> next = emitBody(
                  rewriter, op.getBody().front(), point,
                  [&](Operation *terminator) {
                    ValueRange yielded = cast<YieldOp>(terminator).getValues();
                    for (auto [value, out] :
                         llvm::zip_equal(yielded.drop_front(numAcc), mapOuts))
                      memref::StoreOp::create(rewriter, loc, value, out, point);
                    SmallVector<Value> combined =
                        applyOperators(rewriter, op.getOperators(), accs,
                                       yielded.take_front(numAcc));
                    // An exclusive scan stores what came before the point.
                    if (isScan)
                      for (auto [value, out] :
                           llvm::zip_equal(exclusive ? ValueRange(accs)
                                                     : ValueRange(combined),
                                           combinedOuts))
                        memref::StoreOp::create(rewriter, loc, value, out,
                                                point);
                    return combined;
                  });
              scf::YieldOp::create(rewriter, loc, next);
            });
        if (!isScan)
          for (auto [value, out] :
               llvm::zip_equal(forOp.getResults(), combinedOuts))
            memref::StoreOp::create(rewriter, loc, value, out, segmentIvs);
      });
  return success();
}

/// seg.hist: a loop nest over the whole space; at every point, each
/// operator combines its values into the bin the body names, unless that
/// bin is outside the histogram.
static LogicalResult lowerHist(RewriterBase &rewriter, HistOp op) {
  Location loc = op.getLoc();
  unsigned numSegmentDims = op.getNumSegmentDims();
  buildLoops(rewriter, loc, op.getMixedSizes(), [&](ValueRange ivs) {
    emitBody(rewriter, op.getBody().front(), ivs, [&](Operation *terminator) {
      ValueRange yielded = cast<YieldOp>(terminator).getValues();
      for (unsigned index = 0, e = op.getOperators().size(); index < e;
           ++index) {
        ValueRange outs = op.getOperatorOuts(index);
        Value bin = yielded.front();
        ValueRange values = yielded.slice(1, outs.size());
        yielded = yielded.drop_front(1 + outs.size());
        Value inRange = isBinInRange(rewriter, loc, bin, outs.front());
        auto ifOp = scf::IfOp::create(rewriter, loc, inRange);
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        SmallVector<Value> indices(ivs.take_front(numSegmentDims));
        indices.push_back(bin);
        SmallVector<Value> accs;
        for (Value out : outs)
          accs.push_back(memref::LoadOp::create(rewriter, loc, out, indices));
        SmallVector<Value> combined = applyOperators(
            rewriter, op.getOperators().slice(index, 1), accs, values);
        for (auto [value, out] : llvm::zip_equal(combined, outs))
          memref::StoreOp::create(rewriter, loc, value, out, indices);
      }
      return SmallVector<Value>();
    });
  });
  return success();
}

LogicalResult mlir::seg::lowerToSequentialLoops(RewriterBase &rewriter,
                                                SegSpaceOpInterface op) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  LogicalResult result =
      TypeSwitch<Operation *, LogicalResult>(op.getOperation())
          .Case([&](MapOp map) { return lowerMap(rewriter, map); })
          .Case([&](RedOp red) {
            return lowerCombining(rewriter, red, /*isScan=*/false);
          })
          .Case([&](ScanOp scan) {
            return lowerCombining(rewriter, scan, /*isScan=*/true,
                                  scan.getExclusive());
          })
          .Case([&](HistOp hist) { return lowerHist(rewriter, hist); })
          .Default([](Operation *other) {
            return other->emitOpError("has no sequential lowering");
          });
  if (failed(result))
    return failure();
  rewriter.eraseOp(op);
  return success();
}

/// Fails with a diagnostic at `op` if its body holds a warp-level matrix
/// operation (nvgpu.mma.sync, nvgpu.ldmatrix, gpu.subgroup_mma_*): it works
/// on the fragments of a warp's 32 threads and has no meaning one point at
/// a time, so tensor-core tiled code runs on the GPU paths only.
static LogicalResult checkSequentialMeaning(SegSpaceOpInterface op) {
  WalkResult walk = op->walk([&](Operation *nested) {
    StringRef name = nested->getName().getStringRef();
    if (nested->getName().getDialectNamespace() != "nvgpu" &&
        !name.starts_with("gpu.subgroup_mma"))
      return WalkResult::advance();
    // At the op's location, without the op printed: a tiled kernel is
    // thousands of lines.
    InFlightDiagnostic diag =
        mlir::emitError(op->getLoc())
        << "'" << op->getName()
        << "' op has no sequential meaning: its body holds the warp-level "
           "tensor-core operation '"
        << name
        << "' (tensor-core tiling, seg-tile-block-register mma=...); run "
           "it with seg-to-emulator, which runs the warps of every block, "
           "or on the GPU";
    diag.attachNote(nested->getLoc()) << "the tensor-core operation";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

namespace {
struct ConvertSegToSCFPass
    : public seg::impl::ConvertSegToSCFBase<ConvertSegToSCFPass> {
  void runOnOperation() override {
    if (failed(lowerAsyncCopiesSequentially(getOperation())))
      return signalPassFailure();
    // Checked before anything changes, at the outermost seg ops.
    WalkResult checked =
        getOperation()->walk<WalkOrder::PreOrder>([&](SegSpaceOpInterface op) {
          if (failed(checkSequentialMeaning(op)))
            return WalkResult::interrupt();
          return WalkResult::skip();
        });
    if (checked.wasInterrupted())
      return signalPassFailure();
    // Post-order: nested ops first, so that a tiled kernel result still
    // sees the block map whose induction variables it indexes with.
    SmallVector<SegSpaceOpInterface> ops;
    getOperation()->walk([&](SegSpaceOpInterface op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (SegSpaceOpInterface op : ops)
      if (failed(lowerToSequentialLoops(rewriter, op)))
        return signalPassFailure();
  }
};
} // namespace
