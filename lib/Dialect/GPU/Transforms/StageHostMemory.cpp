//===- StageHostMemory.cpp - Device copies of captured memrefs -----------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/GPU/Transforms/Passes.h"
#include "segir/Dialect/Seg/Utils/MemoryFootprint.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/IRMapping.h"
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

/// A TMA tensor map that a launch captures, encoded on the host from
/// (a cast of) `memref`.
struct CapturedTensorMap {
  nvgpu::TmaCreateDescriptorOp create;
  memref::CastOp cast;
  Value memref;
};

/// The memref behind tensor map `value`: the ranked memref that
/// `nvgpu.tma.create.descriptor` encodes through a `memref.cast`; failure
/// when it is not such a cast.
static FailureOr<CapturedTensorMap> getTensorMapSource(Value value) {
  auto create = value.getDefiningOp<nvgpu::TmaCreateDescriptorOp>();
  if (!create)
    return failure();
  auto cast = create.getTensor().getDefiningOp<memref::CastOp>();
  if (!cast || !isa<MemRefType>(cast.getSource().getType()))
    return failure();
  return CapturedTensorMap{create, cast, cast.getSource()};
}

/// Whether a TMA store in `region` writes through tensor map `map`.
static bool isStoredThrough(Value map, Region &region) {
  return region
      .walk([&](nvgpu::TmaAsyncStoreOp store) {
        return store.getTensorMapDescriptor() == map ? WalkResult::interrupt()
                                                     : WalkResult::advance();
      })
      .wasInterrupted();
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
    SetVector<Value> hostMemrefs;
    SmallVector<std::pair<Value, CapturedTensorMap>> tensorMaps;
    for (Value value : captured) {
      Value memref = value;
      // A tensor map reads and writes the memref it was encoded from.
      if (isa<nvgpu::TensorMapDescriptorType>(value.getType())) {
        FailureOr<CapturedTensorMap> source = getTensorMapSource(value);
        if (failed(source))
          return launch.emitOpError("captures a tensor map that is not "
                                    "encoded from a memref.cast of a ranked "
                                    "memref; seg-stage-host-memory cannot "
                                    "copy the memory it describes");
        if (isDeviceMemory(source->memref))
          continue;
        tensorMaps.push_back({value, *source});
        memref = source->memref;
      }
      auto type = dyn_cast<MemRefType>(memref.getType());
      if (!type || isDeviceMemory(memref))
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
      hostMemrefs.insert(memref);
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

    Region &body = launch.getBody();
    SmallVector<bool> written =
        llvm::map_to_vector(hostMemrefs, [&](Value host) {
          return seg::mayWriteInRegion(host, body);
        });
    auto indexOf = [&](Value host) {
      return llvm::find(hostMemrefs, host) - hostMemrefs.begin();
    };
    for (auto &[map, source] : tensorMaps)
      if (isStoredThrough(map, body))
        written[indexOf(source.memref)] = true;
    for (auto [host, copy] : llvm::zip_equal(hostMemrefs, copies))
      replaceAllUsesInRegionWith(host, copy, body);
    // The kernel's tensor maps describe the copies: encoded again from them,
    // after the copies are made.
    for (auto &[map, source] : tensorMaps) {
      Value unranked = memref::CastOp::create(b, loc, source.cast.getType(),
                                              copies[indexOf(source.memref)]);
      IRMapping mapping;
      mapping.map(source.create.getTensor(), unranked);
      Operation *encoded = b.clone(*source.create, mapping);
      replaceAllUsesInRegionWith(map, encoded->getResult(0), body);
    }

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
