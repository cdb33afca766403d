//===- WgmmaLowering.cpp - nvgpu.warpgroup ops on the emulator ------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// An accumulator (!nvgpu.warpgroup.accumulator) becomes the address of the
// thread's f32 registers in a stack slot, so that the runtime can write them
// when the wgmma group completes (at wgmma.wait_group), not when the op
// runs: reading the accumulator before the wait reads old registers, as on
// the GPU. A matrix descriptor becomes its 64-bit value. nvgpu.warpgroup.mma
// is split into m64nNkK instructions with upstream's descriptor increments
// (convert-nvgpu-to-nvvm), bracketed by a commit and a wait for all but
// `waitGroup` groups; nvgpu.warpgroup.mma.store writes each register where
// upstream's lowering does. Loops carry accumulators through the structural
// type conversion of scf.
//
//===----------------------------------------------------------------------===//

#include "HopperLowering.h"
#include "segir/Runtime/EmulatorHopper.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::seg::emulator;

namespace {
/// What the patterns share: the runtime, the function's entry block for
/// stack slots.
struct WgmmaContext {
  RuntimeCalls &runtime;
  mutable func::FuncOp func;

  Value site(OpBuilder &b, Operation *op) const {
    return runtime.string(
        b, op->getLoc(),
        (op->getName().getStringRef() + " at " + describeLocation(op->getLoc()))
            .str(),
        /*distinct=*/true);
  }
  void call(OpBuilder &b, Location loc, StringRef name, ValueRange args,
            TypeRange results = {}) const {
    runtime.call(b, loc, name,
                 b.getFunctionType(ValueRange(args).getTypes(), results), args);
  }
};

/// Registers of the calling thread for an accumulator of `type`.
int64_t registerCount(nvgpu::WarpgroupAccumulatorType type) {
  return type.getFragmented().getNumElements() / 128;
}

template <typename Op> struct WgmmaPattern : OpConversionPattern<Op> {
  WgmmaPattern(const TypeConverter &converter, MLIRContext *context,
               const WgmmaContext &wgmma)
      : OpConversionPattern<Op>(converter, context), wgmma(wgmma) {}
  const WgmmaContext &wgmma;
};

struct InitAccumulatorLowering
    : WgmmaPattern<nvgpu::WarpgroupMmaInitAccumulatorOp> {
  using WgmmaPattern::WgmmaPattern;
  LogicalResult
  matchAndRewrite(nvgpu::WarpgroupMmaInitAccumulatorOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t count = registerCount(op.getMatrixC().getType());
    Value slot;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&wgmma.func.front());
      Value size =
          LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(), count);
      slot = LLVM::AllocaOp::create(rewriter, loc, pointerType(op.getContext()),
                                    rewriter.getF32Type(), size, 16);
    }
    auto vectorType = VectorType::get({count}, rewriter.getF32Type());
    Value zeros = arith::ConstantOp::create(rewriter, loc, vectorType,
                                            rewriter.getZeroAttr(vectorType));
    LLVM::StoreOp::create(rewriter, loc, zeros, slot);
    rewriter.replaceOp(op, slot);
    return success();
  }
};

struct GenerateDescriptorLowering
    : WgmmaPattern<nvgpu::WarpgroupGenerateDescriptorOp> {
  using WgmmaPattern::WgmmaPattern;
  LogicalResult
  matchAndRewrite(nvgpu::WarpgroupGenerateDescriptorOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto map = op.getTensorMap().getType();
    Value address = memrefAddress(rewriter, loc, op.getTensor());
    Value swizzle = arith::ConstantIntOp::create(
        rewriter, loc, rewriter.getI32Type(), int64_t(map.getSwizzle()));
    Value rows = arith::ConstantIntOp::create(
        rewriter, loc, rewriter.getI64Type(), map.getTensor().getDimSize(0));
    Type i64 = rewriter.getI64Type();
    func::CallOp call = wgmma.runtime.call(
        rewriter, loc, "segEmuWgmmaDescriptor",
        rewriter.getFunctionType({address.getType(), swizzle.getType(), i64,
                                  pointerType(op.getContext())},
                                 {i64}),
        {address, swizzle, rows, wgmma.site(rewriter, op)});
    rewriter.replaceOp(op, call.getResult(0));
    return success();
  }
};

/// The SegEmuWgmmaKind and instruction K of inputs of `type`.
std::optional<std::pair<int32_t, int64_t>> wgmmaKind(Type type) {
  if (type.isF16())
    return std::make_pair(int32_t(SEG_EMU_WGMMA_F16), int64_t(16));
  if (type.isBF16())
    return std::make_pair(int32_t(SEG_EMU_WGMMA_BF16), int64_t(16));
  if (type.isTF32())
    return std::make_pair(int32_t(SEG_EMU_WGMMA_TF32), int64_t(8));
  return std::nullopt;
}

struct MmaLowering : WgmmaPattern<nvgpu::WarpgroupMmaOp> {
  using WgmmaPattern::WgmmaPattern;
  LogicalResult
  matchAndRewrite(nvgpu::WarpgroupMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MemRefType a = op.getDescriptorA().getType().getTensor();
    MemRefType b = op.getDescriptorB().getType().getTensor();
    auto c = op.getMatrixC().getType();
    auto kind = wgmmaKind(a.getElementType());
    if (!kind || b.getElementType() != a.getElementType() ||
        !c.getFragmented().getElementType().isF32())
      return rewriter.notifyMatchFailure(op, "unsupported types");
    int64_t totalM = a.getDimSize(0), totalK = a.getDimSize(1);
    int64_t totalN = b.getDimSize(1);
    auto [kindValue, wgmmaK] = *kind;
    int64_t bytes = a.getElementTypeBitWidth() / 8;
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    Type ptr = pointerType(op.getContext());
    auto i32Constant = [&](int64_t value) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, i32, value);
    };
    auto i64Constant = [&](int64_t value) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, i64, value);
    };
    Value site = wgmma.site(rewriter, op);
    int64_t chunkRegisters = 64 * totalN / 128;
    for (int64_t i = 0; i < totalM / 64; ++i) {
      Value chunk = LLVM::GEPOp::create(
          rewriter, loc, ptr, rewriter.getF32Type(), adaptor.getMatrixC(),
          ArrayRef<LLVM::GEPArg>{int32_t(i * chunkRegisters)});
      for (int64_t k = 0; k < totalK / wgmmaK; ++k) {
        // The increments of upstream's iterateDescriptorA/B, in 16 bytes.
        int64_t incrementA = ((wgmmaK * k) + (totalK * totalK * i)) * bytes;
        int64_t incrementB = b.getDimSize(0) * wgmmaK * k * bytes;
        Value descriptorA =
            arith::AddIOp::create(rewriter, loc, adaptor.getDescriptorA(),
                                  i64Constant(incrementA >> 4));
        Value descriptorB =
            arith::AddIOp::create(rewriter, loc, adaptor.getDescriptorB(),
                                  i64Constant(incrementB >> 4));
        wgmma.call(rewriter, loc, "segEmuWgmma",
                   {i32Constant(kindValue), i32Constant(64),
                    i32Constant(totalN), i32Constant(wgmmaK), descriptorA,
                    descriptorB, i32Constant(op.getTransposeA().has_value()),
                    i32Constant(op.getTransposeB().has_value()), chunk, site});
      }
    }
    wgmma.call(rewriter, loc, "segEmuWgmmaCommitGroup", {site});
    wgmma.call(rewriter, loc, "segEmuWgmmaWaitGroup",
               {i32Constant(op.getWaitGroup()), site});
    rewriter.replaceOp(op, adaptor.getMatrixC());
    return success();
  }
};

struct MmaStoreLowering : WgmmaPattern<nvgpu::WarpgroupMmaStoreOp> {
  using WgmmaPattern::WgmmaPattern;
  LogicalResult
  matchAndRewrite(nvgpu::WarpgroupMmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = op.getMatrixD().getType();
    int64_t totalM = type.getFragmented().getDimSize(0);
    int64_t totalN = type.getFragmented().getDimSize(1);
    auto index = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, value);
    };
    // As upstream: thread id x, warp w = id / 32 and lane l = id % 32 own
    // rows 16 w + l / 4 (+ 8) and columns 2 (l % 4) (+ 1) + 8 j of each
    // 64-row chunk.
    Value thread = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
    Value warp = arith::DivUIOp::create(rewriter, loc, thread, index(32));
    Value lane = arith::RemUIOp::create(rewriter, loc, thread, index(32));
    Value row = arith::AddIOp::create(
        rewriter, loc, arith::DivUIOp::create(rewriter, loc, lane, index(4)),
        arith::MulIOp::create(rewriter, loc, warp, index(16)));
    Value col = arith::MulIOp::create(
        rewriter, loc, arith::RemUIOp::create(rewriter, loc, lane, index(4)),
        index(2));
    Type f32 = rewriter.getF32Type();
    Type ptr = pointerType(op.getContext());
    for (int64_t i = 0; i < totalM / 64; ++i) {
      auto loop = scf::ForOp::create(rewriter, loc, index(0), index(totalN / 8),
                                     index(1));
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value j = loop.getInductionVar();
      Value column = arith::AddIOp::create(
          rewriter, loc, col,
          arith::MulIOp::create(rewriter, loc, j, index(8)));
      Value first = arith::MulIOp::create(
          rewriter, loc,
          arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), j),
          arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                       4));
      for (int64_t q = 0; q < 4; ++q) {
        Value element = arith::AddIOp::create(
            rewriter, loc, first,
            arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                         i * totalN / 2 + q));
        Value address = LLVM::GEPOp::create(
            rewriter, loc, ptr, f32, adaptor.getMatrixD(), ValueRange{element});
        Value value = LLVM::LoadOp::create(rewriter, loc, f32, address);
        Value r = arith::AddIOp::create(rewriter, loc, row,
                                        index(64 * i + 8 * (q / 2)));
        Value c = arith::AddIOp::create(rewriter, loc, column, index(q % 2));
        memref::StoreOp::create(rewriter, loc, value, op.getDstMemref(),
                                ValueRange{r, c});
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// nvvm.wgmma.fence.aligned orders register accesses, which the emulator's
/// deferred groups do not reorder; commit and wait act on the groups.
struct WgmmaNVVMLowering : ConversionPattern {
  WgmmaNVVMLowering(MLIRContext *context, const WgmmaContext &wgmma)
      : ConversionPattern(MatchAnyOpTypeTag(), 1, context), wgmma(wgmma) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value>,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op->getLoc();
    if (isa<NVVM::WgmmaFenceAlignedOp>(op)) {
      rewriter.eraseOp(op);
      return success();
    }
    if (isa<NVVM::WgmmaGroupSyncAlignedOp>(op)) {
      wgmma.call(rewriter, loc, "segEmuWgmmaCommitGroup",
                 {wgmma.site(rewriter, op)});
      rewriter.eraseOp(op);
      return success();
    }
    if (auto wait = dyn_cast<NVVM::WgmmaWaitGroupSyncOp>(op)) {
      Value pending = arith::ConstantIntOp::create(
          rewriter, loc, rewriter.getI32Type(), wait.getGroup());
      wgmma.call(rewriter, loc, "segEmuWgmmaWaitGroup",
                 {pending, wgmma.site(rewriter, op)});
      rewriter.eraseOp(op);
      return success();
    }
    return failure();
  }
  const WgmmaContext &wgmma;
};
} // namespace

bool mlir::seg::emulator::isWgmmaOp(Operation *op) {
  return isa<nvgpu::WarpgroupMmaInitAccumulatorOp,
             nvgpu::WarpgroupGenerateDescriptorOp, nvgpu::WarpgroupMmaOp,
             nvgpu::WarpgroupMmaStoreOp, NVVM::WgmmaFenceAlignedOp,
             NVVM::WgmmaGroupSyncAlignedOp, NVVM::WgmmaWaitGroupSyncOp>(op);
}

LogicalResult mlir::seg::emulator::lowerWgmmaOps(func::FuncOp func,
                                                 RuntimeCalls &runtime) {
  // Report what the runtime does not compute before rewriting anything.
  WalkResult unsupported = func.walk([](nvgpu::WarpgroupMmaOp op) {
    Type input = op.getDescriptorA().getType().getTensor().getElementType();
    if (wgmmaKind(input) &&
        op.getMatrixC().getType().getFragmented().getElementType().isF32() &&
        !(input.isTF32() && (op.getTransposeA() || op.getTransposeB())))
      return WalkResult::advance();
    op.emitOpError("is supported by the SegIR emulator for f16, bf16 and "
                   "tf32 inputs with f32 accumulators (tf32 without "
                   "transposes, as in PTX)");
    return WalkResult::interrupt();
  });
  if (unsupported.wasInterrupted())
    return failure();
  if (!func.walk([](Operation *op) {
             return isWgmmaOp(op) ? WalkResult::interrupt()
                                  : WalkResult::advance();
           })
           .wasInterrupted())
    return success();

  MLIRContext *context = func.getContext();
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([&](nvgpu::WarpgroupAccumulatorType) -> Type {
    return pointerType(context);
  });
  converter.addConversion([&](nvgpu::WarpgroupMatrixDescriptorType) -> Type {
    return IntegerType::get(context, 64);
  });
  auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                 Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  converter.addSourceMaterialization(cast);
  converter.addTargetMaterialization(cast);

  WgmmaContext wgmma{runtime, func};
  ConversionTarget target(*context);
  target.markUnknownOpDynamicallyLegal(
      [](Operation *op) { return !isWgmmaOp(op); });
  RewritePatternSet patterns(context);
  patterns.add<InitAccumulatorLowering, GenerateDescriptorLowering, MmaLowering,
               MmaStoreLowering>(converter, context, wgmma);
  patterns.add<WgmmaNVVMLowering>(context, wgmma);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  return applyPartialConversion(func, target, std::move(patterns));
}
