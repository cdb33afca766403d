//===- WmmaLowering.cpp - WMMA fragments on the emulator -----------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A `!gpu.mma_matrix<RxCxT, "Op">` fragment becomes a `vector<(R*C/32)xT>`
// per lane. PTX leaves the wmma fragment layout unspecified (no gpu op
// exposes it on the GPU path: convert-gpu-to-nvvm lowers load, store,
// compute, constant and elementwise ops only), so the emulator picks the
// simplest: lane l holds the elements l*P .. l*P + P - 1 of the matrix in
// row-major order (P = R*C/32, a run of one row for every WMMA shape).
// Constant and elementwise ops act on each element, as on the GPU; loads
// and stores address each element with the op's leading dimension
// (transposed: column-major), and gpu.subgroup_mma_compute is a warp
// collective of the runtime (lib/Runtime/Emulator/Mma.cpp).
//
//===----------------------------------------------------------------------===//

#include "WmmaLowering.h"
#include "MemoryModel.h"
#include "segir/Runtime/EmulatorRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::seg::emulator;

/// The (rows, cols) of the matrices of each operand that PTX wmma has for
/// f16 inputs: m16n16k16, m32n8k16 and m8n32k16.
static bool isWmmaShape(gpu::MMAMatrixType type) {
  int64_t rows = type.getShape()[0], cols = type.getShape()[1];
  StringRef operand = type.getOperand();
  auto is = [&](int64_t r, int64_t c) { return rows == r && cols == c; };
  if (operand == "AOp")
    return is(16, 16) || is(32, 16) || is(8, 16);
  if (operand == "BOp")
    return is(16, 16) || is(16, 8) || is(16, 32);
  return is(16, 16) || is(32, 8) || is(8, 32);
}

/// Whether the emulator runs fragments of `type`: f16 inputs, f16 or f32
/// accumulators, in the wmma shapes.
static bool isEmulatedFragment(gpu::MMAMatrixType type) {
  Type element = type.getElementType();
  bool accumulator = type.getOperand() == "COp";
  return isWmmaShape(type) &&
         (element.isF16() || (accumulator && element.isF32()));
}

/// Elements of a fragment of `type` per lane.
static int64_t elementsPerLane(gpu::MMAMatrixType type) {
  return type.getShape()[0] * type.getShape()[1] / SEG_EMU_WARP_SIZE;
}

static bool isEmulatedElementwise(gpu::MMAElementwiseOp kind) {
  using K = gpu::MMAElementwiseOp;
  return llvm::is_contained({K::ADDF, K::MULF, K::SUBF, K::MAXF, K::MINF,
                             K::DIVF, K::NEGATEF, K::EXTF},
                            kind);
}

LogicalResult mlir::seg::emulator::verifyWmmaOps(func::FuncOp func) {
  for (Type type :
       llvm::concat<const Type>(func.getArgumentTypes(), func.getResultTypes()))
    if (isa<gpu::MMAMatrixType>(type))
      return func.emitOpError("passes a ")
             << type << "; the SegIR emulator keeps fragments inside a kernel";
  WalkResult result = func.walk([](Operation *op) -> WalkResult {
    if (!isa<gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
             gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
             gpu::SubgroupMmaElementwiseOp>(op))
      return WalkResult::advance();
    for (Type type : llvm::concat<const Type>(op->getOperandTypes(),
                                              op->getResultTypes())) {
      auto fragment = dyn_cast<gpu::MMAMatrixType>(type);
      if (fragment && !isEmulatedFragment(fragment))
        return op->emitOpError("on ")
               << fragment
               << " is not supported by the SegIR emulator (f16 A and B, f16 "
                  "or f32 C of m16n16k16, m32n8k16 or m8n32k16 are)";
      auto memref = dyn_cast<MemRefType>(type);
      if (memref && !memref.isStrided())
        return op->emitOpError("on a memref without a strided layout is not "
                               "supported by the SegIR emulator");
    }
    if (auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(op))
      if (load.getSrcMemref().getType().getElementType() !=
          cast<gpu::MMAMatrixType>(load.getRes().getType()).getElementType())
        return op->emitOpError("of a memref of another element type is not "
                               "supported by the SegIR emulator");
    if (auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(op))
      if (store.getDstMemref().getType().getElementType() !=
          store.getSrc().getType().getElementType())
        return op->emitOpError("of a memref of another element type is not "
                               "supported by the SegIR emulator");
    if (auto elementwise = dyn_cast<gpu::SubgroupMmaElementwiseOp>(op))
      if (!isEmulatedElementwise(elementwise.getOpType()))
        return op->emitOpError("of kind ")
               << gpu::stringifyMMAElementwiseOp(elementwise.getOpType())
               << " is not supported by the SegIR emulator";
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

namespace {
/// What the patterns share: the runtime, and the element accesses created.
struct WmmaLoweringState {
  RuntimeCalls &runtime;
  llvm::DenseSet<Operation *> &memoryAccesses;
};

/// The addresses of the calling lane's elements of a matrix of `type` at
/// `memref[indices]` with leading dimension `leadDimension`.
static SmallVector<Value>
elementAddresses(ConversionPatternRewriter &rewriter, Location loc,
                 WmmaLoweringState &state, gpu::MMAMatrixType type,
                 Value memref, ValueRange indices, int64_t leadDimension,
                 bool transpose) {
  Type i64 = rewriter.getI64Type();
  Value lane = state.runtime
                   .call(rewriter, loc, "segEmuLaneId",
                         rewriter.getFunctionType({}, {i64}), {})
                   .getResult(0);
  int64_t perLane = elementsPerLane(type), cols = type.getShape()[1];
  auto constant = [&](int64_t value) {
    return arith::ConstantIntOp::create(rewriter, loc, i64, value);
  };
  Value first = arith::MulIOp::create(rewriter, loc, lane, constant(perLane));
  Value row = arith::DivUIOp::create(rewriter, loc, first, constant(cols));
  Value col = arith::RemUIOp::create(rewriter, loc, first, constant(cols));
  Value base = elementAddress(rewriter, loc, memref, indices);
  Type ptr = base.getType();
  SmallVector<Value> addresses;
  for (int64_t i = 0; i < perLane; ++i) {
    Value colI = arith::AddIOp::create(rewriter, loc, col, constant(i));
    // Row-major: row * ld + col; transposed (column-major): col * ld + row.
    Value major = transpose ? colI : row, minor = transpose ? row : colI;
    Value offset = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, major, constant(leadDimension)),
        minor);
    addresses.push_back(LLVM::GEPOp::create(
        rewriter, loc, ptr, type.getElementType(), base, ValueRange{offset}));
  }
  return addresses;
}

struct LoadMatrixLowering : OpConversionPattern<gpu::SubgroupMmaLoadMatrixOp> {
  LoadMatrixLowering(const TypeConverter &converter, MLIRContext *context,
                     WmmaLoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaLoadMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<gpu::MMAMatrixType>(op.getRes().getType());
    auto vectorType = cast<VectorType>(getTypeConverter()->convertType(type));
    SmallVector<Value> addresses = elementAddresses(
        rewriter, loc, state, type, adaptor.getSrcMemref(),
        adaptor.getIndices(), op.getLeadDimension().getSExtValue(),
        op.getTranspose().value_or(false));
    Value fragment = arith::ConstantOp::create(
        rewriter, loc, vectorType, rewriter.getZeroAttr(vectorType));
    for (auto [i, address] : llvm::enumerate(addresses)) {
      auto element =
          LLVM::LoadOp::create(rewriter, loc, type.getElementType(), address);
      state.memoryAccesses.insert(element);
      fragment = vector::InsertOp::create(rewriter, loc, element, fragment,
                                          int64_t(i));
    }
    rewriter.replaceOp(op, fragment);
    return success();
  }

  WmmaLoweringState &state;
};

struct StoreMatrixLowering
    : OpConversionPattern<gpu::SubgroupMmaStoreMatrixOp> {
  StoreMatrixLowering(const TypeConverter &converter, MLIRContext *context,
                      WmmaLoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaStoreMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> addresses = elementAddresses(
        rewriter, loc, state, op.getSrc().getType(), adaptor.getDstMemref(),
        adaptor.getIndices(), op.getLeadDimension().getSExtValue(),
        op.getTranspose().value_or(false));
    for (auto [i, address] : llvm::enumerate(addresses)) {
      Value element = vector::ExtractOp::create(rewriter, loc, adaptor.getSrc(),
                                                int64_t(i));
      state.memoryAccesses.insert(
          LLVM::StoreOp::create(rewriter, loc, element, address));
    }
    rewriter.eraseOp(op);
    return success();
  }

  WmmaLoweringState &state;
};

struct ComputeLowering : OpConversionPattern<gpu::SubgroupMmaComputeOp> {
  ComputeLowering(const TypeConverter &converter, MLIRContext *context,
                  WmmaLoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaComputeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto func = op->getParentOfType<func::FuncOp>();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    Type ptr = LLVM::LLVMPointerType::get(op.getContext());
    // Stack slots for the lane's fragments: at most 16 elements of 2 or 4
    // bytes each, aligned for the widest vector stored to them (the stores
    // assume the vector's natural alignment, 32 bytes for 8 x f32; LLVM
    // realigns the frame for them).
    SmallVector<Value, 4> slots;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&func.front());
      Value bytes = LLVM::ConstantOp::create(rewriter, loc, i64, 64);
      for (int i = 0; i < 4; ++i)
        slots.push_back(LLVM::AllocaOp::create(rewriter, loc, ptr,
                                               rewriter.getI8Type(), bytes,
                                               /*alignment=*/64));
    }
    SmallVector<Value, 3> fragments = {adaptor.getOpA(), adaptor.getOpB(),
                                       adaptor.getOpC()};
    for (auto [value, slot] : llvm::zip(fragments, slots))
      LLVM::StoreOp::create(rewriter, loc, value, slot);
    gpu::MMAMatrixType a = op.getOpA().getType(), b = op.getOpB().getType();
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, i32, value);
    };
    Value site = state.runtime.string(
        rewriter, loc, ("gpu.subgroup_mma_compute at " + describeLocation(loc)),
        /*distinct=*/true);
    bool accumulatorF16 = op.getOpC().getType().getElementType().isF16();
    state.runtime.call(rewriter, loc, "segEmuWmmaCompute",
                       rewriter.getFunctionType(
                           {i32, i32, i32, i32, ptr, ptr, ptr, ptr, ptr}, {}),
                       {constant(a.getShape()[0]), constant(b.getShape()[1]),
                        constant(a.getShape()[1]), constant(accumulatorF16),
                        slots[0], slots[1], slots[2], slots[3], site});
    Type resultType = getTypeConverter()->convertType(op.getRes().getType());
    rewriter.replaceOp(
        op,
        LLVM::LoadOp::create(rewriter, loc, resultType, slots[3]).getResult());
    return success();
  }

  WmmaLoweringState &state;
};

struct ConstantMatrixLowering
    : OpConversionPattern<gpu::SubgroupMmaConstantMatrixOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaConstantMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getRes().getType());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type,
                                                     adaptor.getValue());
    return success();
  }
};

struct ElementwiseLowering
    : OpConversionPattern<gpu::SubgroupMmaElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange args = adaptor.getArgs();
    Type type = getTypeConverter()->convertType(op.getRes().getType());
    Value result;
    switch (op.getOpType()) {
    case gpu::MMAElementwiseOp::ADDF:
      result = arith::AddFOp::create(rewriter, loc, args[0], args[1]);
      break;
    case gpu::MMAElementwiseOp::MULF:
      result = arith::MulFOp::create(rewriter, loc, args[0], args[1]);
      break;
    case gpu::MMAElementwiseOp::SUBF:
      result = arith::SubFOp::create(rewriter, loc, args[0], args[1]);
      break;
    // As convert-gpu-to-nvvm: NaN if either is NaN.
    case gpu::MMAElementwiseOp::MAXF:
      result = arith::MaximumFOp::create(rewriter, loc, args[0], args[1]);
      break;
    case gpu::MMAElementwiseOp::MINF:
      result = arith::MinimumFOp::create(rewriter, loc, args[0], args[1]);
      break;
    case gpu::MMAElementwiseOp::DIVF:
      result = arith::DivFOp::create(rewriter, loc, args[0], args[1]);
      break;
    case gpu::MMAElementwiseOp::NEGATEF:
      result = arith::NegFOp::create(rewriter, loc, args[0]);
      break;
    case gpu::MMAElementwiseOp::EXTF:
      result = arith::ExtFOp::create(rewriter, loc, type, args[0]);
      break;
    default:
      return rewriter.notifyMatchFailure(op, "not an emulated kind");
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

LogicalResult
mlir::seg::emulator::lowerWmmaOps(func::FuncOp func, RuntimeCalls &runtime,
                                  llvm::DenseSet<Operation *> &memoryAccesses) {
  bool any = false;
  func.walk([&](Operation *op) {
    any |= isa<gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
               gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
               gpu::SubgroupMmaElementwiseOp>(op);
  });
  if (!any)
    return success();
  MLIRContext *context = func.getContext();
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](gpu::MMAMatrixType type) -> Type {
    return VectorType::get({elementsPerLane(type)}, type.getElementType());
  });
  ConversionTarget target(*context);
  target
      .addIllegalOp<gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
                    gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
                    gpu::SubgroupMmaElementwiseOp>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  RewritePatternSet patterns(context);
  WmmaLoweringState state{runtime, memoryAccesses};
  patterns.add<LoadMatrixLowering, StoreMatrixLowering, ComputeLowering>(
      converter, context, state);
  patterns.add<ConstantMatrixLowering, ElementwiseLowering>(converter, context);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  if (failed(applyPartialConversion(func, target, std::move(patterns))))
    return failure();
  // Fragments that reached other ops (cf branches, calls) were not lowered.
  WalkResult left = func.walk([](Operation *op) -> WalkResult {
    for (Type type :
         llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (isa<gpu::MMAMatrixType>(type))
        return op->emitOpError("passes a ")
               << type << ", which the SegIR emulator does not support here";
    return WalkResult::advance();
  });
  return failure(left.wasInterrupted());
}
