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
#include "DeviceOpLowering.h"

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

/// Stores `values` (index, or signed integers as NVVM's coordinates) into
/// the i64 array `array`.
static void storeIndices(OpBuilder &b, Location loc, Value array,
                         ValueRange values) {
  for (auto [i, value] : llvm::enumerate(values)) {
    Value element =
        LLVM::GEPOp::create(b, loc, pointerType(b.getContext()), b.getI64Type(),
                            array, ArrayRef<LLVM::GEPArg>{int32_t(i)});
    Value cast =
        value.getType().isIndex()
            ? arith::IndexCastOp::create(b, loc, b.getI64Type(), value)
                  .getResult()
            : arith::ExtSIOp::create(b, loc, b.getI64Type(), value).getResult();
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
class HopperDeviceLowering : public DeviceOpLowering {
public:
  using DeviceOpLowering::DeviceOpLowering;

private:
  bool selects(Operation *op) const override;
  LogicalResult lower(Operation *op) override;
  LogicalResult finish(ArrayRef<Operation *> ops) override;
  /// Lowers the NVVM forms of the mbarrier, TMA, proxy fence and bulk group
  /// ops (what upstream's convert-nvgpu-to-nvvm makes of the nvgpu ones);
  /// false for other ops, failure once one is reported.
  FailureOr<bool> lowerNVVM(Operation *op);
  /// The i64 or pointer that stands for a group, token or map value.
  FailureOr<Value> lookUp(Operation *user, Value value);
  /// The address of mbarrier `index` of `group`.
  FailureOr<Value> barrierAddress(Operation *op, Value group, Value index);
  Value coordinates(Location loc, ValueRange values);

  Value coordinateArray;
  /// Lowered groups and tokens.
  DenseMap<Value, Value> lowered;
};
} // namespace

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

FailureOr<bool> HopperDeviceLowering::lowerNVVM(Operation *op) {
  Location loc = op->getLoc();
  Type i1 = rewriter.getI1Type(), i32 = rewriter.getI32Type(),
       i64 = rewriter.getI64Type();
  auto i64Of = [&](Value value) -> Value {
    return arith::ExtUIOp::create(rewriter, loc, i64, value);
  };
  // The mbarrier operand of every mbarrier op is its first. Without
  // clusters a launch's cluster is one block, so a shared::cluster address
  // is one of the block's own shared memory, as a shared::cta one is.
  auto barrier = [&]() { return genericPointer(loc, op->getOperand(0)); };
  // arrive, arrive.nocomplete and arrive.expect_tx: `count` arrivals.
  auto arrive = [&](Value count, Value txBytes, bool mayComplete,
                    Value predicate) {
    Value address = barrier();
    Value token;
    guarded(loc, predicate, [&] {
      token = call(loc, "segEmuMbarrierArrive", {i64},
                   {address, count ? i64Of(count) : i64Constant(loc, 1),
                    txBytes ? i64Of(txBytes) : i64Constant(loc, 0),
                    i32Constant(loc, mayComplete), site(op)});
    });
    // Upstream's verifier allows no result with a predicate.
    if (op->getNumResults())
      op->getResult(0).replaceAllUsesWith(token);
    return true;
  };
  // test.wait and try_wait: whether the phase of a token, or of a parity,
  // has completed. try_wait may give up early, so it is a test here.
  auto testWait = [&](Value stateOrPhase) {
    Value address = barrier();
    bool isParity = stateOrPhase.getType().isInteger(32);
    Value done = call(loc,
                      isParity ? "segEmuMbarrierTestWaitParity"
                               : "segEmuMbarrierTestWait",
                      {i32}, {address, stateOrPhase, site(op)});
    op->getResult(0).replaceAllUsesWith(
        arith::TruncIOp::create(rewriter, loc, i1, done).getResult());
    return true;
  };
  // expect_tx and complete_tx: bytes added to or taken from the phase.
  auto transactions = [&](Value bytes, bool complete) {
    Value address = barrier();
    Value delta = i64Of(bytes);
    if (complete)
      delta = arith::SubIOp::create(rewriter, loc, i64Constant(loc, 0), delta);
    call(loc, "segEmuMbarrierAddTx", {}, {address, delta, site(op)});
    return true;
  };
  return TypeSwitch<Operation *, FailureOr<bool>>(op)
      .Case([&](NVVM::MBarrierInitOp o) -> FailureOr<bool> {
        Value address = barrier();
        guarded(loc, o.getPredicate(), [&] {
          call(loc, "segEmuMbarrierInit", {},
               {address, i64Of(o.getCount()), site(op)});
        });
        return true;
      })
      .Case([&](NVVM::MBarrierInvalOp) -> FailureOr<bool> {
        Value address = barrier();
        call(loc, "segEmuMbarrierInval", {}, {address, site(op)});
        return true;
      })
      .Case([&](NVVM::MBarrierExpectTxOp o) {
        return transactions(o.getTxcount(), /*complete=*/false);
      })
      .Case([&](NVVM::MBarrierCompleteTxOp o) {
        return transactions(o.getTxcount(), /*complete=*/true);
      })
      .Case([&](NVVM::MBarrierArriveOp o) {
        return arrive(o.getCount(), {}, /*mayComplete=*/true, {});
      })
      .Case([&](NVVM::MBarrierArriveNocompleteOp o) {
        return arrive(o.getCount(), {}, /*mayComplete=*/false, {});
      })
      .Case([&](NVVM::MBarrierArriveExpectTxOp o) {
        return arrive({}, o.getTxcount(), /*mayComplete=*/true,
                      o.getPredicate());
      })
      .Case([&](NVVM::MBarrierTestWaitOp o) {
        return testWait(o.getStateOrPhase());
      })
      .Case([&](NVVM::MBarrierTryWaitOp o) {
        return testWait(o.getStateOrPhase());
      })
      .Case([&](NVVM::MBarrierTryWaitParityOp o) -> FailureOr<bool> {
        Value address = barrier();
        call(loc, "segEmuMbarrierTryWaitParity", {},
             {address, o.getPhase(), site(op)});
        return true;
      })
      // mbarriers live in the runtime, where an init is seen at once.
      .Case([&](NVVM::FenceMbarrierInitOp) { return true; })
      .Case([&](NVVM::FenceProxyOp o) -> FailureOr<bool> {
        if (o.getKind() != NVVM::ProxyKind::async &&
            o.getKind() != NVVM::ProxyKind::async_shared)
          return o.emitOpError("of this kind is not supported by the SegIR "
                               "emulator (async and async.shared are)");
        call(loc, "segEmuFenceProxyAsync", {}, {site(op)});
        return true;
      })
      // Its count's rules (a multiple of 8 in 24..256) are the verifier's.
      .Case([&](NVVM::SetMaxRegisterOp o) {
        call(loc, "segEmuSetMaxRegisters", {},
             {i32Constant(loc, o.getRegCount()),
              i32Constant(loc, o.getAction() ==
                                   NVVM::SetMaxRegisterAction::increase),
              site(op)});
        return true;
      })
      .Case([&](NVVM::CpAsyncBulkCommitGroupOp) {
        call(loc, "segEmuBulkCommitGroup", {}, {site(op)});
        return true;
      })
      .Case([&](NVVM::CpAsyncBulkWaitGroupOp o) {
        call(loc, "segEmuBulkWaitGroup", {},
             {i32Constant(loc, o.getGroup()), site(op)});
        return true;
      })
      .Case([&](NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp o)
                -> FailureOr<bool> {
        if (o.getMode() != NVVM::TMALoadMode::TILE ||
            !o.getIm2colOffsets().empty())
          return o.emitOpError("in a mode other than tile is not supported "
                               "by the SegIR emulator");
        if (o.getMulticastMask() || o.getGroup())
          return o.emitOpError("with a multicast mask or a CTA group is not "
                               "supported by the SegIR emulator (clusters "
                               "are not)");
        Value address = genericPointer(loc, o.getMbar());
        guarded(loc, o.getPredicate(), [&] {
          call(loc, "segEmuTmaLoad", {},
               {genericPointer(loc, o.getDstMem()), address,
                o.getTmaDescriptor(), coordinates(loc, o.getCoordinates()),
                i32Constant(loc, o.getCoordinates().size()), site(op)});
        });
        return true;
      })
      .Case(
          [&](NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp o) -> FailureOr<bool> {
            if (o.getMode() != NVVM::TMAStoreMode::TILE)
              return o.emitOpError("in a mode other than tile is not supported "
                                   "by the SegIR emulator");
            guarded(loc, o.getPredicate(), [&] {
              call(loc, "segEmuTmaStore", {},
                   {genericPointer(loc, o.getSrcMem()), o.getTmaDescriptor(),
                    coordinates(loc, o.getCoordinates()),
                    i32Constant(loc, o.getCoordinates().size()), site(op)});
            });
            return true;
          })
      .Default([](Operation *) { return false; });
}

LogicalResult HopperDeviceLowering::lower(Operation *op) {
  FailureOr<bool> nvvm = lowerNVVM(op);
  if (failed(nvvm) || *nvvm)
    return success(succeeded(nvvm));
  Location loc = op->getLoc();
  Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
  Type ptr = pointerType(func.getContext());
  auto i64Of = [&](Value index) -> Value {
    return arith::IndexCastOp::create(rewriter, loc, i64, index);
  };
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](nvgpu::MBarrierCreateOp o) -> LogicalResult {
        int64_t count = o.getBarriers().getType().getNumBarriers();
        lowered[o.getBarriers()] = call(loc, "segEmuMbarrierCreate", {ptr},
                                        {i64Constant(loc, count), site(op)});
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
            Value count = i64Constant(loc, 1);
            if (auto nc = dyn_cast<nvgpu::MBarrierArriveNoCompleteOp>(op))
              count = i64Of(nc.getCount());
            lowered[o.getToken()] =
                call(loc, "segEmuMbarrierArrive", {i64},
                     {*address, count, i64Constant(loc, 0),
                      i32Constant(loc, !noComplete), site(op)});
            return success();
          })
      .Case([&](nvgpu::MBarrierArriveExpectTxOp o) -> LogicalResult {
        FailureOr<Value> address =
            barrierAddress(op, o.getBarriers(), o.getMbarId());
        if (failed(address))
          return failure();
        guarded(loc, o.getPredicate(), [&] {
          call(loc, "segEmuMbarrierArrive", {i64},
               {*address, i64Constant(loc, 1), i64Of(o.getTxcount()),
                i32Constant(loc, 1), site(op)});
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
                i32Constant(loc, o.getCoordinates().size()), site(op)});
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
               {shared, *map, coords,
                i32Constant(loc, o.getCoordinates().size()), site(op)});
        });
        return success();
      })
      // Descriptors are in host memory, always up to date.
      .Case<nvgpu::TmaPrefetchOp, nvgpu::TmaFenceOp>(
          [](Operation *) { return success(); })
      .Case([&](nvgpu::TmaCreateDescriptorOp o) -> LogicalResult {
        return o.emitOpError("in device code is not supported by the SegIR "
                             "emulator (tensor maps are made on the host)");
      })
      .Default([&](Operation *) -> LogicalResult {
        return op->emitOpError("is not supported by the SegIR emulator");
      });
}

bool mlir::seg::emulator::isHopperNVVMOp(Operation *op) {
  return isa<NVVM::MBarrierInitOp, NVVM::MBarrierInvalOp,
             NVVM::MBarrierExpectTxOp, NVVM::MBarrierCompleteTxOp,
             NVVM::MBarrierArriveOp, NVVM::MBarrierArriveNocompleteOp,
             NVVM::MBarrierArriveExpectTxOp, NVVM::MBarrierTestWaitOp,
             NVVM::MBarrierTryWaitOp, NVVM::MBarrierTryWaitParityOp,
             NVVM::FenceMbarrierInitOp, NVVM::FenceProxyOp,
             NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp,
             NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp,
             NVVM::CpAsyncBulkCommitGroupOp, NVVM::CpAsyncBulkWaitGroupOp,
             NVVM::SetMaxRegisterOp>(op);
}

bool HopperDeviceLowering::selects(Operation *op) const {
  return isa<nvgpu::MBarrierCreateOp, nvgpu::MBarrierInitOp,
             nvgpu::MBarrierArriveOp, nvgpu::MBarrierArriveNoCompleteOp,
             nvgpu::MBarrierArriveExpectTxOp, nvgpu::MBarrierTestWaitOp,
             nvgpu::MBarrierTryWaitParityOp, nvgpu::TmaAsyncLoadOp,
             nvgpu::TmaAsyncStoreOp, nvgpu::TmaPrefetchOp, nvgpu::TmaFenceOp,
             nvgpu::TmaCreateDescriptorOp>(op) ||
         isHopperNVVMOp(op);
}

LogicalResult HopperDeviceLowering::finish(ArrayRef<Operation *> ops) {
  // Every use of a group or token by a Hopper op was rewritten (those ops
  // are erased too); other uses cannot be.
  llvm::SmallPtrSet<Operation *, 16> erased(ops.begin(), ops.end());
  for (Operation *op : ops)
    for (Value result : op->getResults())
      for (OpOperand &use : result.getUses())
        if (!erased.contains(use.getOwner()))
          return use.getOwner()->emitOpError("uses a value of type ")
                 << result.getType()
                 << ", which the SegIR emulator only passes to nvgpu ops";
  return success();
}

LogicalResult mlir::seg::emulator::lowerHopperDeviceOps(func::FuncOp func,
                                                        RuntimeCalls &runtime) {
  if (failed(lowerWgmmaOps(func, runtime)))
    return failure();
  return HopperDeviceLowering(func, runtime).run();
}
