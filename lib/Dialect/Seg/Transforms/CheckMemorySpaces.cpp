//===- CheckMemorySpaces.cpp - Memory spaces a pipeline can lower ---------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGCHECKMEMORYSPACES
#include "segir/Dialect/Seg/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;

/// The #gpu.address_space of `type`, a memref, if it has one.
static gpu::AddressSpaceAttr getGPUAddressSpace(Type type) {
  auto memref = dyn_cast<BaseMemRefType>(type);
  if (!memref)
    return {};
  return dyn_cast_if_present<gpu::AddressSpaceAttr>(memref.getMemorySpace());
}

namespace {
struct CheckMemorySpacesPass
    : public seg::impl::SegCheckMemorySpacesBase<CheckMemorySpacesPass> {
  using Base::Base;

  void runOnOperation() override {
    bool valid = true;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      // Kernels, outlined or not, have every memory space.
      if (isa<gpu::GPUModuleOp, gpu::LaunchOp>(op))
        return WalkResult::skip();
      // A seg op's operands are host values, checked where they are
      // defined; its body is the kernel's.
      if (isa<SegSpaceOpInterface>(op))
        return WalkResult::skip();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            valid &= succeeded(check(arg, op));
      for (OpResult result : op->getResults())
        valid &= succeeded(check(result, op));
      return WalkResult::advance();
    });
    if (!valid)
      signalPassFailure();
  }

  /// Fails, with a diagnostic at `owner`, when `value` is a host memref in a
  /// #gpu.address_space.
  LogicalResult check(Value value, Operation *owner) {
    gpu::AddressSpaceAttr space = getGPUAddressSpace(value.getType());
    if (!space)
      return success();
    StringRef who = pipeline.empty() ? StringRef("seg-check-memory-spaces")
                                     : StringRef(pipeline);
    InFlightDiagnostic diag = owner->emitError() << who << ": ";
    if (auto arg = dyn_cast<BlockArgument>(value))
      diag << "argument #" << arg.getArgNumber();
    else
      diag << "result #" << cast<OpResult>(value).getResultNumber();
    diag << " has type " << value.getType() << ", in "
         << space << ", ";
    diag << "which host code has no lowering for (it has one memory space); ";
    if (space.getValue() == gpu::AddressSpace::Global)
      diag << "use the default memory space: a top-level seg op's memrefs "
              "from the host are in global memory in its kernel";
    else
      diag << "it exists only inside a kernel: a block's shared memory is a "
              "memref.alloca without a memory space in the block's body";
    for (Operation *user : value.getUsers()) {
      Operation *kernel = user->getParentOfType<SegSpaceOpInterface>();
      if (isa<SegSpaceOpInterface>(user))
        kernel = user;
      if (kernel) {
        diag.attachNote(kernel->getLoc()) << "used by this seg op";
        break;
      }
      if (isa<gpu::LaunchOp, gpu::LaunchFuncOp>(user)) {
        diag.attachNote(user->getLoc()) << "used by this kernel launch";
        break;
      }
    }
    return failure();
  }
};
} // namespace
