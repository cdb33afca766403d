//===- AlignDynamicSharedMemory.cpp - 1024-byte aligned shared memory -----===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/GPU/Transforms/Passes.h"
#include "segir/Target/Chips.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGALIGNDYNAMICSHAREDMEMORY
#include "segir/Dialect/GPU/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

namespace {
/// Whether `op` reads or writes shared memory through the swizzle of its
/// address bits: a bulk tensor copy (TMA) or a warpgroup MMA, as an NVVM op
/// or as the inline PTX that convert-nvvm-to-llvm makes of it.
bool usesSwizzledSharedMemory(Operation *op) {
  auto isSwizzling = [](StringRef text) {
    return text.contains("cp.async.bulk.tensor") ||
           text.contains("wgmma.mma_async");
  };
  if (auto inlineAsm = dyn_cast<LLVM::InlineAsmOp>(op))
    return isSwizzling(inlineAsm.getAsmString());
  return isa_and_nonnull<NVVM::NVVMDialect>(op->getDialect()) &&
         isSwizzling(op->getName().getStringRef());
}

struct AlignDynamicSharedMemoryPass
    : public seg::impl::SegAlignDynamicSharedMemoryBase<
          AlignDynamicSharedMemoryPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::GPUModuleOp module) { align(module); });
  }

  static void align(gpu::GPUModuleOp module) {
    if (!module.walk([](Operation *op) {
                 return usesSwizzledSharedMemory(op) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
               })
             .wasInterrupted())
      return;
    for (auto global : module.getOps<LLVM::GlobalOp>()) {
      auto array = dyn_cast<LLVM::LLVMArrayType>(global.getType());
      if (!array || array.getNumElements() != 0 ||
          global.getAddrSpace() != NVVM::NVVMMemorySpace::Shared)
        continue;
      if (global.getAlignment().value_or(0) < seg::kSwizzleAtomBytes)
        global.setAlignment(seg::kSwizzleAtomBytes);
    }
  }
};
} // namespace
