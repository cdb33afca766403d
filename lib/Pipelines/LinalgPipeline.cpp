//===- LinalgPipeline.cpp - The linalg-to-seg pipeline -------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Tensor programs in linalg to seg ops: one-shot bufferization across
// function boundaries (memrefs with the identity layout, so that callers
// and the seg lowerings see plain buffers; results that are the buffers of
// arguments dropped), upstream's ownership-based deallocation of the
// buffers it allocated, then convert-linalg-to-seg.
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/Passes.h"
#include "segir/Pipelines/Pipelines.h"

#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void seg::buildLinalgToSegPipeline(OpPassManager &pm,
                                   const LinalgToSegOptions &options) {
  // tensor.empty that only feeds a result written into a buffer
  // (bufferization.materialize_in_destination) becomes that buffer, so
  // that results are computed in place rather than copied.
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // A private function that returns the buffer it was given
  // (destination-passing style) just writes it.
  pm.addPass(bufferization::createDropEquivalentBufferResultsPass());
  // Frees what bufferization allocated (ownership-based deallocation), on
  // the linalg ops, whose buffer semantics upstream knows.
  bufferization::buildBufferDeallocationPipeline(pm);
  // A public function returns an owned buffer: the clone that deallocation
  // inserts for a returned argument becomes an alloc and a copy.
  pm.addPass(createConvertBufferizationToMemRefPass());
  ConvertLinalgToSegOptions convert;
  convert.emitRemarks = options.remarks;
  pm.addPass(createConvertLinalgToSeg(convert));
  if (options.canonicalize)
    addCleanupPasses(pm);
}

void seg::registerLinalgToSegPipeline() {
  PassPipelineRegistration<LinalgToSegOptions>(
      "linalg-to-seg",
      "Tensor (or buffer) programs in linalg to seg ops: one-shot "
      "bufferization across function boundaries, then convert-linalg-to-seg",
      buildLinalgToSegPipeline);
}
