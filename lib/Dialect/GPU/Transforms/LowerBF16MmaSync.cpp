//===- LowerBF16MmaSync.cpp - BF16 mma.sync to NVVM ----------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/GPU/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_SEGLOWERBF16MMASYNC
#include "segir/Dialect/GPU/Transforms/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;

/// Whether `op` is an m16n8k16 BF16 mma with f32 accumulators.
static bool isBF16Mma(nvgpu::MmaSyncOp op) {
  auto a = cast<VectorType>(op.getMatrixA().getType());
  auto b = cast<VectorType>(op.getMatrixB().getType());
  auto c = cast<VectorType>(op.getMatrixC().getType());
  std::array<int64_t, 3> shape = op.getMmaShapeAsArray();
  return shape == std::array<int64_t, 3>{16, 8, 16} &&
         a.getElementType().isBF16() && b.getElementType().isBF16() &&
         a.getShape() == ArrayRef<int64_t>{4, 2} &&
         b.getShape() == ArrayRef<int64_t>{2, 2} &&
         c == VectorType::get({2, 2}, Float32Type::get(op.getContext()));
}

/// The rows of a fragment of BF16 pairs as the 32-bit registers that hold
/// them (element 0 in the lower half, as vector.bitcast lays them out).
static SmallVector<Value> registersOf(OpBuilder &b, Location loc,
                                      Value fragment) {
  auto type = cast<VectorType>(fragment.getType());
  auto word = VectorType::get({1}, b.getI32Type());
  SmallVector<Value> registers;
  for (int64_t row = 0; row < type.getDimSize(0); ++row) {
    Value pair = vector::ExtractOp::create(b, loc, fragment, row);
    Value bits = vector::BitCastOp::create(b, loc, word, pair);
    registers.push_back(vector::ExtractOp::create(b, loc, bits, 0));
  }
  return registers;
}

static void lowerBF16Mma(RewriterBase &rewriter, nvgpu::MmaSyncOp op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> a = registersOf(rewriter, loc, op.getMatrixA());
  SmallVector<Value> b = registersOf(rewriter, loc, op.getMatrixB());
  SmallVector<Value> c;
  for (int64_t i = 0; i < 4; ++i)
    c.push_back(vector::ExtractOp::create(rewriter, loc, op.getMatrixC(),
                                          ArrayRef<int64_t>{i / 2, i % 2}));
  Type f32 = rewriter.getF32Type();
  auto resultType = LLVM::LLVMStructType::getLiteral(rewriter.getContext(),
                                                     SmallVector<Type>(4, f32));
  auto mma = NVVM::MmaOp::create(
      rewriter, loc, resultType, a, b, c, ArrayRef<int64_t>{16, 8, 16},
      /*b1Op=*/std::nullopt, /*intOverflow=*/std::nullopt,
      std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16, NVVM::MMATypes::bf16},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  SmallVector<Value> d;
  for (int64_t i = 0; i < 4; ++i)
    d.push_back(LLVM::ExtractValueOp::create(rewriter, loc, mma, i));
  rewriter.replaceOpWithNewOp<vector::FromElementsOp>(
      op, cast<VectorType>(op.getRes().getType()), d);
}

namespace {
struct LowerBF16MmaSyncPass
    : public seg::impl::SegLowerBF16MmaSyncBase<LowerBF16MmaSyncPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<nvgpu::MmaSyncOp> ops;
    // Device code only: outlined kernels and device functions, and the
    // bodies of launches that are not outlined yet.
    getOperation().walk([&](Operation *op) {
      if (!isa<gpu::GPUModuleOp, gpu::LaunchOp>(op))
        return WalkResult::advance();
      op->walk([&](nvgpu::MmaSyncOp mma) {
        if (isBF16Mma(mma))
          ops.push_back(mma);
      });
      return WalkResult::skip();
    });
    IRRewriter rewriter(&getContext());
    for (nvgpu::MmaSyncOp op : ops)
      lowerBF16Mma(rewriter, op);
  }
};
} // namespace
