//===- ReportCheckedIndices.cpp - Indices of failed bounds checks ---------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Upstream's runtime verification reports an out-of-bounds access by its op
// and location only; the indices are values known at run time, printed here
// just before the check aborts.
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/SegToSCF/SegToSCF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGREPORTCHECKEDINDICES
#include "segir/Conversion/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

/// How upstream's runtime verification starts the message of a check.
static constexpr StringLiteral kVerificationMessage =
    "ERROR: Runtime op verification failed";

static void printText(OpBuilder &builder, Location loc, StringRef text) {
  vector::PrintOp::create(builder, loc, Value(), vector::PrintPunctuationAttr(),
                          builder.getStringAttr(text));
}

/// Prints `values` separated by ", ".
static void printList(OpBuilder &builder, Location loc, ValueRange values) {
  for (auto [position, value] : llvm::enumerate(values)) {
    if (position)
      printText(builder, loc, ", ");
    vector::PrintOp::create(builder, loc, value,
                            vector::PrintPunctuation::NoPunctuation);
  }
}

/// The memref and indices of `op` if it is an access whose bounds upstream
/// checks.
static std::optional<std::pair<Value, ValueRange>>
getCheckedAccess(Operation *op) {
  if (auto load = dyn_cast_or_null<memref::LoadOp>(op))
    return std::make_pair(load.getMemRef(), load.getIndices());
  if (auto store = dyn_cast_or_null<memref::StoreOp>(op))
    return std::make_pair(store.getMemRef(), store.getIndices());
  return std::nullopt;
}

namespace {
struct SegReportCheckedIndicesPass
    : public seg::impl::SegReportCheckedIndicesBase<
          SegReportCheckedIndicesPass> {
  void runOnOperation() override {
    SmallVector<cf::AssertOp> checks;
    getOperation()->walk([&](cf::AssertOp check) {
      if (check.getMsg().starts_with(kVerificationMessage))
        checks.push_back(check);
    });
    for (cf::AssertOp check : checks) {
      // The check of an access comes right before it.
      std::optional<std::pair<Value, ValueRange>> access =
          getCheckedAccess(check->getNextNode());
      if (!access)
        continue;
      auto [memref, indices] = *access;
      Location loc = check.getLoc();
      OpBuilder builder(check);
      Value holds = check.getArg();
      Value fails = arith::XOrIOp::create(
          builder, loc, holds,
          arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true)));
      auto ifFails = scf::IfOp::create(builder, loc, fails);
      builder.setInsertionPointToStart(ifFails.thenBlock());
      printText(builder, loc, "out-of-bounds index [");
      printList(builder, loc, indices);
      printText(builder, loc, "] of sizes [");
      auto type = cast<MemRefType>(memref.getType());
      SmallVector<Value> sizes;
      for (int64_t dim = 0; dim < type.getRank(); ++dim)
        sizes.push_back(memref::DimOp::create(builder, loc, memref, dim));
      printList(builder, loc, sizes);
      printText(builder, loc, "]\n");
    }
  }
};
} // namespace
