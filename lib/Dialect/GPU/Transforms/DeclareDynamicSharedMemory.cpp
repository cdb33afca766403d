//===- DeclareDynamicSharedMemory.cpp - Extern dynamic shared memory ------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/GPU/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGDECLAREDYNAMICSHAREDMEMORY
#include "segir/Dialect/GPU/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

namespace {
// The alignment upstream's lowering of gpu.dynamic_shared_memory gives its
// global, and looks for when it reuses one.
constexpr int64_t kDynamicSharedAlignment = 16;
constexpr unsigned kSharedAddressSpace =
    static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared);

bool isDynamicSharedDeclaration(LLVM::GlobalOp global) {
  auto array = dyn_cast<LLVM::LLVMArrayType>(global.getType());
  return array && array.getNumElements() == 0 &&
         global.getAddrSpace() == kSharedAddressSpace &&
         global.getAlignment().value_or(0) == kDynamicSharedAlignment;
}

struct DeclareDynamicSharedMemoryPass
    : public seg::impl::SegDeclareDynamicSharedMemoryBase<
          DeclareDynamicSharedMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUModuleOp module) {
      bool usesDynamicShared = module
                                   .walk([](gpu::DynamicSharedMemoryOp) {
                                     return WalkResult::interrupt();
                                   })
                                   .wasInterrupted();
      if (!usesDynamicShared || llvm::any_of(module.getOps<LLVM::GlobalOp>(),
                                             isDynamicSharedDeclaration))
        return;
      MLIRContext *context = module.getContext();
      OpBuilder builder(context);
      auto type =
          LLVM::LLVMArrayType::get(IntegerType::get(context, 8), /*size=*/0);
      auto global = LLVM::GlobalOp::create(
          builder, module.getLoc(), type, /*isConstant=*/false,
          LLVM::Linkage::External, "__segir_dynamic_shared_memory",
          /*value=*/Attribute(), kDynamicSharedAlignment, kSharedAddressSpace);
      // Renamed if the module already has a symbol of that name.
      SymbolTable(module).insert(global, module.getBody()->begin());
    });
  }
};
} // namespace
