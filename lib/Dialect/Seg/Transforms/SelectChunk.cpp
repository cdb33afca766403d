//===- SelectChunk.cpp - Chunk and sequentiality degree selection -------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Analysis/ResourceModel.h"
#include "segir/Analysis/Tuning.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Dialect/Seg/Transforms/Transforms.h"

#include "mlir/IR/Diagnostics.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGSELECTCHUNK
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

namespace {
/// Sets the chunk or sequentiality degree of ops as seg-select-chunk does
/// with `options` and the tuning file's `overrides`, recording the values
/// in `chosen`.
struct ChunkSelector {
  const SegSelectChunkOptions &options;
  const TuningFile &overrides;
  TuningFile &chosen;

  LogicalResult annotate(Operation *op) {
    if (auto red = dyn_cast<RedOp>(op))
      return annotate(red, /*isScan=*/false);
    if (auto scan = dyn_cast<ScanOp>(op))
      return annotate(scan, /*isScan=*/true);
    return success();
  }

  template <typename OpTy>
  LogicalResult annotate(OpTy op, bool isScan) {
    // Only a kernel's own threads step through chunks; nested levels run
    // inside someone else's schedule.
    if (op.getLevel() != Level::Thread)
      return success();
    TargetAttr target = TargetAttr::lookup(op);
    ResourceModel model(target);
    StringRef what = isScan ? "sequentiality degree" : "chunk";

    int64_t threads = options.blockSize;
    std::string blockNote;
    // The model's threads and m for a scan whose block size nobody fixed.
    std::optional<ScanGeometry> geometry;
    auto lowering = op->template getAttrOfType<GPULoweringAttr>(
        SegDialect::getGPULoweringAttrName());
    if (auto attr = op.getStaticBlockSizeAttr()) {
      threads = attr.getInt();
    } else if (lowering && lowering.getBlockSize()) {
      // convert-seg-to-gpu plans the op with its seg.gpu_lowering's block.
      threads = *lowering.getBlockSize();
    } else if (op.getBlockSize()) {
      threads = target.getMaxThreadsPerBlock();
      blockNote = "; the block size is a value, planned for the largest "
                  "block the target allows";
    } else if (threads == 0) {
      threads = model.getDefaultBlockSize();
      if (auto scan = dyn_cast<ScanOp>(op.getOperation())) {
        ScanShape shape = getScanShape(scan);
        geometry = model.selectScanGeometry(
            shape, model.fitsSinglePassScan(shape, threads));
        threads = geometry->blockSize;
        blockNote = (Twine("; block size ") + Twine(threads) + " (" +
                     geometry->reason + ")")
                        .str();
        // At the default block the m is selectScanElementsPerThread's,
        // explained as such.
        if (!geometry->byOccupancy)
          geometry.reset();
      }
    }

    // Operator elements and map-only outputs all pass through the chunk.
    SmallVector<Type> types(op.getNeutrals().getTypes());
    auto yield = cast<YieldOp>(op.getBody().front().getTerminator());
    for (Value value : yield.getValues().drop_front(op.getNumAccumulators()))
      types.push_back(value.getType());

    std::string name = getTunableName(op, "chunk");
    std::optional<int64_t> requested;
    StringRef source;
    if ((requested = overrides.lookup(name)))
      source = "tuning file";
    else if (options.chunk > 0) {
      requested = options.chunk;
      source = "option 'chunk'";
    }

    int64_t value = 1;
    std::string explanation;
    if (requested) {
      Legality legality =
          isScan ? model.checkScanDegree(types, threads, *requested)
                 : model.checkReduceChunk(types, threads, *requested);
      if (!legality.isLegal())
        return op.emitOpError()
               << what << " " << *requested << " from the " << source << " ("
               << name << ") is illegal: " << legality.hardViolation;
      if (!legality.softViolation.empty())
        op.emitWarning() << what << " " << *requested << " from the " << source
                         << " (" << name << "): " << legality.softViolation;
      value = *requested;
      explanation = (what + " " + Twine(value) + " from the " + source).str();
    } else if (!isScan &&
               llvm::all_of(op.getCommutative(), [](bool c) { return c; })) {
      explanation = "chunk 1: every operator is commutative, so threads "
                    "read with a stride and need no chunk";
    } else if (!llvm::all_of(types, [](Type type) {
                 return getPrimitiveByteSize(type).has_value();
               })) {
      explanation = (what + " 1: not every element type is primitive").str();
    } else if (geometry) {
      value = geometry->elementsPerThread;
      explanation =
          (what + " " + Twine(value) + " with the model's block size").str();
    } else {
      std::string error;
      FailureOr<SequentialChoice> choice = failure();
      if (auto scan = dyn_cast<ScanOp>(op.getOperation())) {
        // The m convert-seg-to-gpu chooses for the kernel the automatic
        // scan strategy picks.
        ScanShape shape = getScanShape(scan);
        choice = model.selectScanElementsPerThread(
            shape, threads, model.fitsSinglePassScan(shape, threads), &error);
      } else {
        choice = model.selectReduceChunk(types, threads,
                                         options.avoidMultiplesOf8, &error);
      }
      if (failed(choice))
        return op.emitOpError() << "cannot choose a " << what << ": " << error;
      value = choice->value;
      explanation = choice->explain(what);
    }

    op.setChunkAttr(
        IntegerAttr::get(IntegerType::get(op.getContext(), 64), value));
    chosen.set(name, value);
    if (options.emitRemarks)
      mlir::emitRemark(op.getLoc())
          << name << ": " << explanation << " on target " << target.getChip()
          << blockNote;
    return success();
  }
};

struct SegSelectChunkPass
    : public seg::impl::SegSelectChunkBase<SegSelectChunkPass> {
  using Base::Base;

  void runOnOperation() override {
    std::string error;
    FailureOr<TuningFile> overrides =
        TuningFile::readOverrides(tuningFile, getOperation());
    if (failed(overrides))
      return signalPassFailure();

    TuningFile chosen;
    SegSelectChunkOptions options{blockSize,  chunk,         avoidMultiplesOf8,
                                  tuningFile, tuningFileOut, emitRemarks};
    ChunkSelector selector{options, *overrides, chosen};
    WalkResult result = getOperation()->walk([&](Operation *op) {
      return failed(selector.annotate(op)) ? WalkResult::interrupt()
                                           : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();

    if (!tuningFileOut.empty() && failed(chosen.write(tuningFileOut, error))) {
      getOperation()->emitError() << error;
      return signalPassFailure();
    }
  }
};
} // namespace

LogicalResult seg::selectChunk(Operation *op,
                               const SegSelectChunkOptions &options) {
  TuningFile overrides, chosen;
  return ChunkSelector{options, overrides, chosen}.annotate(op);
}
