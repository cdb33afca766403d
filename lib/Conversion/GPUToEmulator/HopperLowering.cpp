//===- HopperLowering.cpp - Hopper nvgpu ops on the emulator --------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Tensor maps are pointers to the runtime's decoded maps, mbarrier groups
// pointers to the block's mbarriers (8 bytes each, as on the GPU), tokens
// i64 phase numbers; shared memory is passed as the address of the memref's
// first element. The runtime (lib/Runtime/Emulator/Hopper.cpp) models the
// asynchrony. Values of these types must not cross block arguments (loops
// carry none of them in upstream's programs); one that does is reported.
//
//===----------------------------------------------------------------------===//

#include "HopperLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::seg::emulator;

/// The CUtensorMapDataType of elements of `type`, as upstream's lowering
/// of nvgpu.tma.create.descriptor picks it.
static std::optional<int64_t> tensorMapDataType(Type type) {
  if (type.isInteger(8))
    return 0;
  if (type.isInteger(16))
    return 1;
  if (type.isInteger(32))
    return 2;
  if (type.isInteger(64))
    return 4;
  if (type.isF16())
    return 6;
  if (type.isF32())
    return 7;
  if (type.isF64())
    return 8;
  if (type.isBF16())
    return 9;
  return std::nullopt;
}

/// An array of `count` i64 on the stack of `func`, allocated at its entry.
static Value stackArray(OpBuilder &b, FunctionOpInterface func, Location loc,
                        int64_t count) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&func.getFunctionBody().front());
  Value size = LLVM::ConstantOp::create(b, loc, b.getI64Type(), count);
  return LLVM::AllocaOp::create(b, loc, pointerType(b.getContext()),
                                b.getI64Type(), size, /*alignment=*/8);
}

/// Stores `values` (index) into the i64 array `array`.
static void storeIndices(OpBuilder &b, Location loc, Value array,
                         ValueRange values) {
  for (auto [i, value] : llvm::enumerate(values)) {
    Value element =
        LLVM::GEPOp::create(b, loc, pointerType(b.getContext()), b.getI64Type(),
                            array, ArrayRef<LLVM::GEPArg>{int32_t(i)});
    Value cast = arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
    LLVM::StoreOp::create(b, loc, cast, element);
  }
}

LogicalResult mlir::seg::emulator::lowerHopperHostOps(ModuleOp module,
                                                      RuntimeCalls &runtime) {
  SmallVector<nvgpu::TmaCreateDescriptorOp> ops;
  module.walk([&](nvgpu::TmaCreateDescriptorOp op) { ops.push_back(op); });
  MLIRContext *context = module.getContext();
  Type i64 = IntegerType::get(context, 64);
  Type ptr = pointerType(context);
  for (nvgpu::TmaCreateDescriptorOp op : ops) {
    auto tensor = cast<UnrankedMemRefType>(op.getTensor().getType());
    auto mapType = op.getTensorMap().getType();
    std::optional<int64_t> dataType =
        tensorMapDataType(tensor.getElementType());
    if (!dataType)
      return op.emitOpError("of ")
             << tensor.getElementType()
             << " elements is not supported by the SegIR emulator";
    auto func = op->getParentOfType<FunctionOpInterface>();
    if (!func)
      return op.emitOpError("is not inside a function");
    OpBuilder b(op);
    Location loc = op.getLoc();
    // The unranked memref as the LLVM dialect holds it: {rank, descriptor}.
    auto unranked = LLVM::LLVMStructType::getLiteral(context, {i64, ptr});
    Value pair =
        UnrealizedConversionCastOp::create(b, loc, unranked, op.getTensor())
            .getResult(0);
    Value rank = LLVM::ExtractValueOp::create(b, loc, pair, 0);
    Value descriptor = LLVM::ExtractValueOp::create(b, loc, pair, 1);
    Value box = stackArray(b, func, loc, op.getBoxDimensions().size());
    storeIndices(b, loc, box, op.getBoxDimensions());
    auto constant = [&](int64_t value) -> Value {
      return LLVM::ConstantOp::create(b, loc, i64, value);
    };
    Value site = runtime.string(b, loc,
                                "nvgpu.tma.create.descriptor at " +
                                    describeLocation(op.getLoc()));
    Value map =
        runtime
            .call(b, loc, "segEmuTensorMapEncodeTiled",
                  FunctionType::get(
                      context, {i64, ptr, i64, i64, i64, i64, i64, ptr, ptr},
                      {ptr}),
                  {rank, descriptor, constant(*dataType),
                   constant(int64_t(mapType.getInterleave())),
                   constant(int64_t(mapType.getSwizzle())),
                   constant(int64_t(mapType.getL2promo())),
                   constant(int64_t(mapType.getOob())), box, site})
            .getResult(0);
    op.getTensorMap().replaceAllUsesWith(
        UnrealizedConversionCastOp::create(b, loc, mapType, map).getResult(0));
    op.erase();
  }
  return success();
}

namespace {
/// Rewrites the Hopper ops of one device function.
class HopperDeviceLowering {
public:
  HopperDeviceLowering(func::FuncOp func, RuntimeCalls &runtime)
      : func(func), runtime(runtime), rewriter(func.getContext()) {}

  LogicalResult run();

private:
  LogicalResult lower(Operation *op);
  Value site(Operation *op);
  Value call(Location loc, StringRef name, TypeRange results, ValueRange args);
  /// The i64 or pointer that stands for a group, token or map value.
  FailureOr<Value> lookUp(Operation *user, Value value);
  /// The address of mbarrier `index` of `group`.
  FailureOr<Value> barrierAddress(Operation *op, Value group, Value index);
  Value coordinates(Location loc, ValueRange values);
  /// Runs `body` at the insertion point, under `predicate` if there is one.
  void guarded(Location loc, Value predicate, llvm::function_ref<void()> body);

  func::FuncOp func;
  RuntimeCalls &runtime;
  IRRewriter rewriter;
  Value coordinateArray;
  /// Lowered groups and tokens.
  DenseMap<Value, Value> lowered;
};
} // namespace

Value HopperDeviceLowering::site(Operation *op) {
  return runtime.string(
      rewriter, op->getLoc(),
      (op->getName().getStringRef() + " at " + describeLocation(op->getLoc()))
          .str(),
      /*distinct=*/true);
}

Value HopperDeviceLowering::call(Location loc, StringRef name,
                                 TypeRange results, ValueRange args) {
  func::CallOp op = runtime.call(
      rewriter, loc, name,
      rewriter.getFunctionType(ValueRange(args).getTypes(), results), args);
  return results.empty() ? Value() : op.getResult(0);
}

FailureOr<Value> HopperDeviceLowering::lookUp(Operation *user, Value value) {
  if (Value found = lowered.lookup(value))
    return found;
  if (isa<nvgpu::TensorMapDescriptorType>(value.getType()))
    // A kernel argument: the launch passes the map's address.
    return UnrealizedConversionCastOp::create(
               rewriter, user->getLoc(), pointerType(func.getContext()), value)
        .getResult(0);
  return user->emitOpError("uses a value of type ")
         << value.getType()
         << " that does not come from an op of this function; the SegIR "
            "emulator does not pass it through block arguments or calls";
}

FailureOr<Value>
HopperDeviceLowering::barrierAddress(Operation *op, Value group, Value index) {
  FailureOr<Value> base = lookUp(op, group);
  if (failed(base))
    return failure();
  Location loc = op->getLoc();
  Value i64Index =
      arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), index);
  return LLVM::GEPOp::create(rewriter, loc, pointerType(func.getContext()),
                             rewriter.getI64Type(), *base,
                             ArrayRef<LLVM::GEPArg>{i64Index})
      .getResult();
}

Value HopperDeviceLowering::coordinates(Location loc, ValueRange values) {
  if (!coordinateArray)
    coordinateArray = stackArray(rewriter, func, loc, 5);
  storeIndices(rewriter, loc, coordinateArray, values);
  return coordinateArray;
}

void HopperDeviceLowering::guarded(Location loc, Value predicate,
                                   llvm::function_ref<void()> body) {
  if (!predicate) {
    body();
    return;
  }
  auto ifOp = scf::IfOp::create(rewriter, loc, predicate);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  body();
}

/// The address of the first element of `memref`, as `!llvm.ptr`.
Value mlir::seg::emulator::memrefAddress(OpBuilder &b, Location loc,
                                         Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  int64_t bytes = type.getElementTypeBitWidth() / 8;
  Value offset =
      arith::MulIOp::create(b, loc, metadata.getOffset(),
                            arith::ConstantIndexOp::create(b, loc, bytes));
  Value address = arith::AddIOp::create(b, loc, base, offset);
  Value i64Address =
      arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
  return LLVM::IntToPtrOp::create(b, loc, pointerType(b.getContext()),
                                  i64Address);
}

LogicalResult HopperDeviceLowering::lower(Operation *op) {
  rewriter.setInsertionPoint(op);
  Location loc = op->getLoc();
  Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
  Type ptr = pointerType(func.getContext());
  auto i64Of = [&](Value index) -> Value {
    return arith::IndexCastOp::create(rewriter, loc, i64, index);
  };
  auto i32Constant = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(rewriter, loc, i32, value);
  };
  auto i64Constant = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(rewriter, loc, i64, value);
  };
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](nvgpu::MBarrierCreateOp o) -> LogicalResult {
        int64_t count = o.getBarriers().getType().getNumBarriers();
        lowered[o.getBarriers()] = call(loc, "segEmuMbarrierCreate", {ptr},
                                        {i64Constant(count), site(op)});
        return success();
      })
      .Case([&](nvgpu::MBarrierInitOp o) -> LogicalResult {
        FailureOr<Value> address =
            barrierAddress(op, o.getBarriers(), o.getMbarId());
        if (failed(address))
          return failure();
        guarded(loc, o.getPredicate(), [&] {
          call(loc, "segEmuMbarrierInit", {},
               {*address, i64Of(o.getCount()), site(op)});
        });
        return success();
      })
      .Case<nvgpu::MBarrierArriveOp, nvgpu::MBarrierArriveNoCompleteOp>(
          [&](auto o) -> LogicalResult {
            FailureOr<Value> address =
                barrierAddress(op, o.getBarriers(), o.getMbarId());
            if (failed(address))
              return failure();
            bool noComplete = isa<nvgpu::MBarrierArriveNoCompleteOp>(op);
            Value count = i64Constant(1);
            if (auto nc = dyn_cast<nvgpu::MBarrierArriveNoCompleteOp>(op))
              count = i64Of(nc.getCount());
            lowered[o.getToken()] = call(loc, "segEmuMbarrierArrive", {i64},
                                         {*address, count, i64Constant(0),
                                          i32Constant(!noComplete), site(op)});
            return success();
          })
      .Case([&](nvgpu::MBarrierArriveExpectTxOp o) -> LogicalResult {
        FailureOr<Value> address =
            barrierAddress(op, o.getBarriers(), o.getMbarId());
        if (failed(address))
          return failure();
        guarded(loc, o.getPredicate(), [&] {
          call(loc, "segEmuMbarrierArrive", {i64},
               {*address, i64Constant(1), i64Of(o.getTxcount()), i32Constant(1),
                site(op)});
        });
        return success();
      })
      .Case([&](nvgpu::MBarrierTestWaitOp o) -> LogicalResult {
        FailureOr<Value> address =
            barrierAddress(op, o.getBarriers(), o.getMbarId());
        FailureOr<Value> token =
            failed(address) ? FailureOr<Value>() : lookUp(op, o.getToken());
        if (failed(token))
          return failure();
        Value done = call(loc, "segEmuMbarrierTestWait", {i32},
                          {*address, *token, site(op)});
        o.getWaitComplete().replaceAllUsesWith(
            arith::TruncIOp::create(rewriter, loc, rewriter.getI1Type(), done)
                .getResult());
        return success();
      })
      .Case([&](nvgpu::MBarrierTryWaitParityOp o) -> LogicalResult {
        FailureOr<Value> address =
            barrierAddress(op, o.getBarriers(), o.getMbarId());
        if (failed(address))
          return failure();
        Value parity =
            arith::ExtUIOp::create(rewriter, loc, i32, o.getPhaseParity());
        call(loc, "segEmuMbarrierTryWaitParity", {},
             {*address, parity, site(op)});
        return success();
      })
      .Case([&](nvgpu::TmaAsyncLoadOp o) -> LogicalResult {
        if (o.getMulticastMask())
          return o.emitOpError("with a multicast mask is not supported by "
                               "the SegIR emulator (clusters are not)");
        FailureOr<Value> address =
            barrierAddress(op, o.getBarriers(), o.getMbarId());
        FailureOr<Value> map = failed(address)
                                   ? FailureOr<Value>()
                                   : lookUp(op, o.getTensorMapDescriptor());
        if (failed(map))
          return failure();
        guarded(loc, o.getPredicate(), [&] {
          Value shared = memrefAddress(rewriter, loc, o.getDst());
          Value coords = coordinates(loc, o.getCoordinates());
          call(loc, "segEmuTmaLoad", {},
               {shared, *address, *map, coords,
                i32Constant(o.getCoordinates().size()), site(op)});
        });
        return success();
      })
      .Case([&](nvgpu::TmaAsyncStoreOp o) -> LogicalResult {
        FailureOr<Value> map = lookUp(op, o.getTensorMapDescriptor());
        if (failed(map))
          return failure();
        guarded(loc, o.getPredicate(), [&] {
          Value shared = memrefAddress(rewriter, loc, o.getSrc());
          Value coords = coordinates(loc, o.getCoordinates());
          call(loc, "segEmuTmaStore", {},
               {shared, *map, coords, i32Constant(o.getCoordinates().size()),
                site(op)});
        });
        return success();
      })
      // Descriptors are in host memory, always up to date.
      .Case<nvgpu::TmaPrefetchOp, nvgpu::TmaFenceOp>(
          [](Operation *) { return success(); })
      .Case([&](NVVM::FenceProxyOp o) -> LogicalResult {
        if (o.getKind() != NVVM::ProxyKind::async &&
            o.getKind() != NVVM::ProxyKind::async_shared)
          return o.emitOpError("of this kind is not supported by the SegIR "
                               "emulator (async and async.shared are)");
        call(loc, "segEmuFenceProxyAsync", {}, {site(op)});
        return success();
      })
      .Case([&](NVVM::CpAsyncBulkCommitGroupOp) -> LogicalResult {
        call(loc, "segEmuBulkCommitGroup", {}, {site(op)});
        return success();
      })
      .Case([&](NVVM::CpAsyncBulkWaitGroupOp o) -> LogicalResult {
        call(loc, "segEmuBulkWaitGroup", {},
             {i32Constant(o.getGroup()), site(op)});
        return success();
      })
      .Case([&](nvgpu::TmaCreateDescriptorOp o) -> LogicalResult {
        return o.emitOpError("in device code is not supported by the SegIR "
                             "emulator (tensor maps are made on the host)");
      })
      .Default([&](Operation *) -> LogicalResult {
        return op->emitOpError("is not supported by the SegIR emulator");
      });
}

/// Whether `op` is one of the Hopper ops lowered here.
static bool isHopperOp(Operation *op) {
  if (isa<nvgpu::MBarrierCreateOp, nvgpu::MBarrierInitOp,
          nvgpu::MBarrierArriveOp, nvgpu::MBarrierArriveNoCompleteOp,
          nvgpu::MBarrierArriveExpectTxOp, nvgpu::MBarrierTestWaitOp,
          nvgpu::MBarrierTryWaitParityOp, nvgpu::TmaAsyncLoadOp,
          nvgpu::TmaAsyncStoreOp, nvgpu::TmaPrefetchOp, nvgpu::TmaFenceOp,
          nvgpu::TmaCreateDescriptorOp, NVVM::FenceProxyOp,
          NVVM::CpAsyncBulkCommitGroupOp, NVVM::CpAsyncBulkWaitGroupOp>(op))
    return true;
  return false;
}

LogicalResult HopperDeviceLowering::run() {
  SmallVector<Operation *> ops;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isHopperOp(op))
      ops.push_back(op);
  });
  for (Operation *op : ops)
    if (failed(lower(op)))
      return failure();
  for (Operation *op : llvm::reverse(ops)) {
    // Every use of a group or token by a Hopper op was rewritten (and those
    // ops erased first); other uses cannot be.
    for (Value result : op->getResults())
      if (!result.use_empty())
        return result.getUses().begin()->getOwner()->emitOpError(
                   "uses a value of type ")
               << result.getType()
               << ", which the SegIR emulator only passes to nvgpu ops";
    op->erase();
  }
  return success();
}

LogicalResult mlir::seg::emulator::lowerHopperDeviceOps(func::FuncOp func,
                                                        RuntimeCalls &runtime) {
  if (failed(lowerWgmmaOps(func, runtime)))
    return failure();
  return HopperDeviceLowering(func, runtime).run();
}
