//===- MmaLowering.cpp - Warp matrix ops on the emulator ------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// nvgpu.ldmatrix and nvgpu.mma.sync are warp collectives like gpu.shuffle:
// each lane passes its registers to the runtime through a stack slot, and
// the runtime (lib/Runtime/Emulator/Mma.cpp) redistributes them with the PTX
// ISA's fragment layouts once the whole warp has arrived.
//
//===----------------------------------------------------------------------===//

#include "MmaLowering.h"
#include "segir/Runtime/EmulatorRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::seg::emulator;

/// The SegEmuMmaKind of `op`, or nothing when the emulator does not execute
/// its shape and types.
static std::optional<int32_t> mmaKind(nvgpu::MmaSyncOp op) {
  SmallVector<int64_t> shape =
      llvm::to_vector(llvm::map_range(op.getMmaShape(), [](Attribute dim) {
        return cast<IntegerAttr>(dim).getInt();
      }));
  auto a = cast<VectorType>(op.getMatrixA().getType());
  auto b = cast<VectorType>(op.getMatrixB().getType());
  auto c = cast<VectorType>(op.getMatrixC().getType());
  Type element = a.getElementType();
  auto f32 = Float32Type::get(op.getContext());
  if (c != VectorType::get({2, 2}, f32) || b.getElementType() != element)
    return std::nullopt;
  if (element.isF32() && op.getTf32Enabled() &&
      shape == ArrayRef<int64_t>{16, 8, 8} &&
      a.getShape() == ArrayRef<int64_t>{4, 1} &&
      b.getShape() == ArrayRef<int64_t>{2, 1})
    return SEG_EMU_MMA_M16N8K8_TF32;
  if ((element.isF16() || element.isBF16()) &&
      shape == ArrayRef<int64_t>{16, 8, 16} &&
      a.getShape() == ArrayRef<int64_t>{4, 2} &&
      b.getShape() == ArrayRef<int64_t>{2, 2})
    return element.isF16() ? SEG_EMU_MMA_M16N8K16_F16
                           : SEG_EMU_MMA_M16N8K16_BF16;
  return std::nullopt;
}

LogicalResult mlir::seg::emulator::verifyWarpMatrixOps(func::FuncOp func) {
  WalkResult result = func.walk([&](Operation *op) -> WalkResult {
    if (!isa<nvgpu::NVGPUDialect>(op->getDialect()))
      return WalkResult::advance();
    if (auto mma = dyn_cast<nvgpu::MmaSyncOp>(op)) {
      if (mmaKind(mma))
        return WalkResult::advance();
      return op->emitOpError(
          "is supported by the SegIR emulator for m16n8k8 with tf32Enabled "
          "(vector<4x1xf32>, vector<2x1xf32>) and m16n8k16 with f16 or bf16 "
          "inputs (vector<4x2xT>, vector<2x2xT>), each with vector<2x2xf32> "
          "accumulators");
    }
    if (auto load = dyn_cast<nvgpu::LdMatrixOp>(op)) {
      Type element = load.getRes().getType().getElementType();
      if (!element.isIntOrFloat())
        return op->emitOpError("of ")
               << element << " is not supported by the SegIR emulator";
      // (The op's verifier allows .trans on 16-bit elements only.)
      return WalkResult::advance();
    }
    return op->emitOpError("is not supported by the SegIR emulator");
  });
  return failure(result.wasInterrupted());
}

namespace {
/// Rewrites the warp matrix ops of one device function.
class WarpMatrixLowering {
public:
  WarpMatrixLowering(func::FuncOp func, RuntimeCalls &runtime)
      : func(func), runtime(runtime), rewriter(func.getContext()) {}

  void lowerLdmatrix(nvgpu::LdMatrixOp op);
  void lowerMmaSync(nvgpu::MmaSyncOp op, int32_t kind);

private:
  Value slot(unsigned index);
  Value site(Operation *op, StringRef what);
  void store(Location loc, Value vector, Value address);
  Value load(Location loc, VectorType type, Value address);

  func::FuncOp func;
  RuntimeCalls &runtime;
  IRRewriter rewriter;
  /// 16-byte stack slots for registers passed to and from the runtime,
  /// created at the function's entry as they are first needed.
  SmallVector<Value, 4> slots;
};
} // namespace

Value WarpMatrixLowering::slot(unsigned index) {
  if (slots.size() <= index)
    slots.resize(index + 1);
  if (!slots[index]) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&func.front());
    Location loc = func.getLoc();
    Value bytes =
        LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(), 16);
    slots[index] =
        LLVM::AllocaOp::create(rewriter, loc, pointerType(func.getContext()),
                               rewriter.getI8Type(), bytes, /*alignment=*/16);
  }
  return slots[index];
}

Value WarpMatrixLowering::site(Operation *op, StringRef what) {
  return runtime.string(rewriter, op->getLoc(),
                        (what + " at " + describeLocation(op->getLoc())).str(),
                        /*distinct=*/true);
}

/// Stores the elements of an n-D vector, flattened, at `address`.
void WarpMatrixLowering::store(Location loc, Value vector, Value address) {
  auto type = cast<VectorType>(vector.getType());
  auto flat = VectorType::get({type.getNumElements()}, type.getElementType());
  if (type != flat)
    vector = vector::ShapeCastOp::create(rewriter, loc, flat, vector);
  LLVM::StoreOp::create(rewriter, loc, vector, address);
}

/// Loads an n-D vector of `type` stored flat at `address`.
Value WarpMatrixLowering::load(Location loc, VectorType type, Value address) {
  auto flat = VectorType::get({type.getNumElements()}, type.getElementType());
  Value vector = LLVM::LoadOp::create(rewriter, loc, flat, address);
  if (type == flat)
    return vector;
  return vector::ShapeCastOp::create(rewriter, loc, type, vector);
}

void WarpMatrixLowering::lowerLdmatrix(nvgpu::LdMatrixOp op) {
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
  Type ptr = pointerType(op.getContext());
  VectorType resultType = op.getRes().getType();
  Type element = resultType.getElementType();
  int32_t numTiles = op.getNumTiles();
  Value row = slot(0), fragment = slot(1);
  // Lane 8 * i + r holds the address of row r of matrix i: it reads the
  // row's 16 bytes; the lanes past the last matrix read nothing, as their
  // addresses are not used.
  Value lane = runtime
                   .call(rewriter, loc, "segEmuLaneId",
                         rewriter.getFunctionType({}, {i64}), {})
                   .getResult(0);
  Value rowLanes = arith::ConstantIntOp::create(
      rewriter, loc, i64, SEG_EMU_WARP_SIZE / 4 * numTiles);
  Value readsRow = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ult, lane, rowLanes);
  auto ifOp = scf::IfOp::create(rewriter, loc, readsRow);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    auto rowType =
        VectorType::get({128 / element.getIntOrFloatBitWidth()}, element);
    Value rowValue = vector::LoadOp::create(rewriter, loc, rowType,
                                            op.getSrcMemref(), op.getIndices());
    store(loc, rowValue, row);
  }
  Value tiles = arith::ConstantIntOp::create(rewriter, loc, i32, numTiles);
  Value transpose =
      arith::ConstantIntOp::create(rewriter, loc, i32, op.getTranspose());
  runtime.call(rewriter, loc, "segEmuLdmatrix",
               rewriter.getFunctionType({ptr, i32, i32, ptr, ptr}, {}),
               {row, tiles, transpose, fragment, site(op, "nvgpu.ldmatrix")});
  rewriter.replaceOp(op, load(loc, resultType, fragment));
}

void WarpMatrixLowering::lowerMmaSync(nvgpu::MmaSyncOp op, int32_t kind) {
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  Type i32 = rewriter.getI32Type();
  Type ptr = pointerType(op.getContext());
  Value a = slot(0), b = slot(1), c = slot(2), d = slot(3);
  store(loc, op.getMatrixA(), a);
  store(loc, op.getMatrixB(), b);
  store(loc, op.getMatrixC(), c);
  Value kindValue = arith::ConstantIntOp::create(rewriter, loc, i32, kind);
  runtime.call(rewriter, loc, "segEmuMmaSync",
               rewriter.getFunctionType({i32, ptr, ptr, ptr, ptr, ptr}, {}),
               {kindValue, a, b, c, d, site(op, "nvgpu.mma.sync")});
  rewriter.replaceOp(op, load(loc, cast<VectorType>(op.getRes().getType()), d));
}

void mlir::seg::emulator::lowerWarpMatrixOps(func::FuncOp func,
                                             RuntimeCalls &runtime) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<nvgpu::LdMatrixOp, nvgpu::MmaSyncOp>(op))
      ops.push_back(op);
  });
  WarpMatrixLowering lowering(func, runtime);
  for (Operation *op : ops) {
    if (auto load = dyn_cast<nvgpu::LdMatrixOp>(op))
      lowering.lowerLdmatrix(load);
    else if (auto mma = dyn_cast<nvgpu::MmaSyncOp>(op))
      lowering.lowerMmaSync(mma, *mmaKind(mma));
  }
}
