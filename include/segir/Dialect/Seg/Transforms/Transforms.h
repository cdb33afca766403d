//===- Transforms.h - SegIR's transformations on one op ---------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the seg dialect's passes do to one payload op, for callers that pick
// the ops themselves (the transform.seg.* ops). Each function is the one
// its pass calls, so a transform script and the pass give the same IR.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_TRANSFORMS_TRANSFORMS_H
#define SEGIR_DIALECT_SEG_TRANSFORMS_TRANSFORMS_H

#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir {
namespace seg {

/// Sets the chunk (seg.red) or sequentiality degree (seg.scan) of `op` as
/// seg-select-chunk does with `options` (its tuning files aside); ops at
/// other levels and of other kinds are left as they are. Fails after a
/// diagnostic on `op` (an illegal chunk, say).
LogicalResult selectChunk(Operation *op, const SegSelectChunkOptions &options);

/// Column-schedules `map` in place as seg-column-schedule does with
/// `options` (its tuning files aside). Returns whether it did; when it left
/// the map alone, `declined` says why. Fails after a diagnostic on `map`.
FailureOr<bool> scheduleColumns(MapOp map,
                                const SegColumnScheduleOptions &options,
                                std::string &declined);

/// Tiles `map` as seg-tile-block-register does with `options` (its tuning
/// files aside), erasing it through `rewriter`: returns the block-level map
/// that replaced it, or null when it left the map alone (`declined` says
/// why). Fails after a diagnostic on `map` (illegal tile sizes, say).
FailureOr<MapOp> tileBlockRegister(RewriterBase &rewriter, MapOp map,
                                   const SegTileBlockRegisterOptions &options,
                                   std::string &declined);

/// The tensor-core mode called `name` (none, tf32, bf16, f16), as the
/// `mma` option spells it.
std::optional<TileMma> parseTileMma(StringRef name);

/// The tensor-core instruction called `name` (auto, mma.sync, wgmma), as
/// the `mma-instruction` option spells it.
std::optional<MmaInstruction> parseMmaInstruction(StringRef name);

} // namespace seg
} // namespace mlir

#endif // SEGIR_DIALECT_SEG_TRANSFORMS_TRANSFORMS_H
