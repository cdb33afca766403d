//===- SegDialect.cpp - The seg dialect ---------------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/IR/SegDialect.h"
#include "segir/Dialect/Seg/IR/SegAttrs.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::seg;

#include "segir/Dialect/Seg/IR/SegOpsDialect.cpp.inc"

void SegDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "segir/Dialect/Seg/IR/SegOps.cpp.inc"
      >();
}

LogicalResult SegDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() == getTargetAttrName()) {
    if (!isa<TargetAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getTargetAttrName()
             << "' must be a #seg.target attribute, got " << attr.getValue();
    return success();
  }
  if (attr.getName() == getGPULoweringAttrName()) {
    auto lowering = dyn_cast<GPULoweringAttr>(attr.getValue());
    if (!lowering)
      return op->emitError()
             << "'" << getGPULoweringAttrName()
             << "' must be a #seg.gpu_lowering attribute, got "
             << attr.getValue();
    return lowering.verifyFor(op, [&] { return op->emitError(); });
  }
  // Marks the cp.async groups of seg-tile-block-register (TiledAsyncCopy.cpp)
  // so that their printed form, without tokens, parses.
  if (attr.getName() == "seg.async_copy_group") {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'seg.async_copy_group' must be a unit attribute";
    return success();
  }
  return op->emitError() << "unknown seg dialect attribute '"
                         << attr.getName().getValue() << "'";
}
