//===- StageHostMemory.cpp - Device copies of captured memrefs -----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/GPU/Transforms/Passes.h"
#include "segir/Dialect/Seg/Utils/MemoryFootprint.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGSTAGEHOSTMEMORY
#include "segir/Dialect/GPU/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

/// Whether `value` is (a view of) device memory allocated by gpu.alloc.
static bool isDeviceMemory(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (isa<gpu::AllocOp>(def))
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    value = view.getViewSource();
  }
  return false;
}

namespace {
struct StageHostMemoryPass
    : public seg::impl::SegStageHostMemoryBase<StageHostMemoryPass> {
  void runOnOperation() override {
    SmallVector<gpu::LaunchOp> launches;
    getOperation().walk(
        [&](gpu::LaunchOp launch) { launches.push_back(launch); });
    for (gpu::LaunchOp launch : launches)
      if (failed(stage(launch)))
        return signalPassFailure();
  }

  LogicalResult stage(gpu::LaunchOp launch) {
    SetVector<Value> captured;
    getUsedValuesDefinedAbove(launch.getBody(), captured);
    SmallVector<Value> hostMemrefs;
    for (Value value : captured) {
      auto type = dyn_cast<MemRefType>(value.getType());
      if (!type || isDeviceMemory(value))
        continue;
      if (!type.getLayout().isIdentity())
        return launch.emitOpError("captures a memref of type ")
               << type
               << " without the identity layout; seg-stage-host-memory "
                  "copies only contiguous memrefs";
      if (type.getMemorySpace())
        return launch.emitOpError("captures a memref of type ")
               << type
               << " in a non-default memory space; seg-stage-host-memory "
                  "copies only host memrefs";
      hostMemrefs.push_back(value);
    }
    if (hostMemrefs.empty())
      return success();

    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Type tokenType = gpu::AsyncTokenType::get(b.getContext());
    Value token =
        gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
    SmallVector<Value> copies;
    for (Value host : hostMemrefs) {
      auto type = cast<MemRefType>(host.getType());
      SmallVector<Value> dynamicSizes;
      for (int64_t dim = 0; dim < type.getRank(); ++dim)
        if (type.isDynamicDim(dim))
          dynamicSizes.push_back(memref::DimOp::create(b, loc, host, dim));
      auto alloc =
          gpu::AllocOp::create(b, loc, type, tokenType, ValueRange{token},
                               dynamicSizes, ValueRange());
      token = gpu::MemcpyOp::create(b, loc, tokenType,
                                    ValueRange{alloc.getAsyncToken()},
                                    alloc.getMemref(), host)
                  .getAsyncToken();
      copies.push_back(alloc.getMemref());
    }
    gpu::WaitOp::create(b, loc, Type(), ValueRange{token});

    SmallVector<bool> written =
        llvm::map_to_vector(hostMemrefs, [&](Value host) {
          return seg::mayWriteInRegion(host, launch.getBody());
        });
    for (auto [host, copy] : llvm::zip_equal(hostMemrefs, copies))
      replaceAllUsesInRegionWith(host, copy, launch.getBody());

    b.setInsertionPointAfter(launch);
    token =
        gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
    for (auto [host, copy, isWritten] :
         llvm::zip_equal(hostMemrefs, copies, written))
      if (isWritten)
        token = gpu::MemcpyOp::create(b, loc, tokenType, ValueRange{token},
                                      host, copy)
                    .getAsyncToken();
    for (Value copy : copies)
      token = gpu::DeallocOp::create(b, loc, tokenType, ValueRange{token}, copy)
                  .getAsyncToken();
    gpu::WaitOp::create(b, loc, Type(), ValueRange{token});
    return success();
  }
};
} // namespace
