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

#include <array>

using namespace mlir;
using namespace mlir::seg::emulator;

namespace {
/// A shape and the types of nvgpu.mma.sync that the emulator executes.
struct MmaVariant {
  int32_t kind;
  std::array<int64_t, 3> shape;
  /// The PTX name of the inputs (`tf32` for f32 with tf32Enabled, `s8` for
  /// i8 or si8) and of the accumulators (`s32` for i32 or si32).
  StringLiteral input, accumulator;
};
} // namespace

static constexpr MmaVariant kMmaVariants[] = {
    {SEG_EMU_MMA_M16N8K4_TF32, {16, 8, 4}, "tf32", "f32"},
    {SEG_EMU_MMA_M16N8K8_TF32, {16, 8, 8}, "tf32", "f32"},
    {SEG_EMU_MMA_M16N8K8_F16, {16, 8, 8}, "f16", "f32"},
    {SEG_EMU_MMA_M16N8K16_F16, {16, 8, 16}, "f16", "f32"},
    {SEG_EMU_MMA_M16N8K8_F16_F16ACC, {16, 8, 8}, "f16", "f16"},
    {SEG_EMU_MMA_M16N8K16_F16_F16ACC, {16, 8, 16}, "f16", "f16"},
    {SEG_EMU_MMA_M16N8K8_BF16, {16, 8, 8}, "bf16", "f32"},
    {SEG_EMU_MMA_M16N8K16_BF16, {16, 8, 16}, "bf16", "f32"},
    {SEG_EMU_MMA_M8N8K16_S8, {8, 8, 16}, "s8", "s32"},
    {SEG_EMU_MMA_M16N8K16_S8, {16, 8, 16}, "s8", "s32"},
    {SEG_EMU_MMA_M16N8K32_S8, {16, 8, 32}, "s8", "s32"},
    {SEG_EMU_MMA_M8N8K4_F64, {8, 8, 4}, "f64", "f64"},
};

/// The PTX name of an mma.sync element type, as the GPU path lowers it, or
/// an empty string for types it has none for (unsigned integers, which
/// convert-nvgpu-to-nvvm would multiply as signed).
static StringRef ptxTypeName(Type type, bool tf32Enabled) {
  if (type.isF32())
    return tf32Enabled ? "tf32" : "f32";
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF64())
    return "f64";
  if (type.isSignlessInteger(8) || type.isSignedInteger(8))
    return "s8";
  if (type.isSignlessInteger(32) || type.isSignedInteger(32))
    return "s32";
  return "";
}

/// The SegEmuMmaKind of `op`, or nothing when the emulator does not execute
/// its shape and types. (The op's verifier checks the vector shapes against
/// the shape and types.)
static std::optional<int32_t> mmaKind(nvgpu::MmaSyncOp op) {
  std::array<int64_t, 3> shape = op.getMmaShapeAsArray();
  auto a = cast<VectorType>(op.getMatrixA().getType());
  auto b = cast<VectorType>(op.getMatrixB().getType());
  auto c = cast<VectorType>(op.getMatrixC().getType());
  if (a.getElementType() != b.getElementType())
    return std::nullopt;
  StringRef input =
      ptxTypeName(a.getElementType(), op.getTf32Enabled().has_value());
  StringRef accumulator = ptxTypeName(c.getElementType(), false);
  for (const MmaVariant &variant : kMmaVariants)
    if (variant.shape == shape && variant.input == input &&
        variant.accumulator == accumulator)
      return variant.kind;
  return std::nullopt;
}

/// "m16n8k4 tf32 -> f32, ..." for diagnostics.
static std::string supportedMmaVariants() {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(kMmaVariants, os, [&](const MmaVariant &variant) {
    os << "m" << variant.shape[0] << "n" << variant.shape[1] << "k"
       << variant.shape[2] << " " << variant.input << " -> "
       << variant.accumulator;
  });
  return text;
}

LogicalResult mlir::seg::emulator::verifyWarpMatrixOps(func::FuncOp func) {
  WalkResult result = func.walk([&](Operation *op) -> WalkResult {
    if (!isa<nvgpu::NVGPUDialect>(op->getDialect()))
      return WalkResult::advance();
    if (auto mma = dyn_cast<nvgpu::MmaSyncOp>(op)) {
      if (mmaKind(mma))
        return WalkResult::advance();
      return op->emitOpError("is supported by the SegIR emulator for ")
             << supportedMmaVariants()
             << " (tf32: f32 with tf32Enabled; s8: i8; s32: i32)";
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
