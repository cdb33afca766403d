//===- KernelLowering.cpp - GPU functions as CPU functions ---------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The device side of convert-gpu-to-seg-emulator. A kernel becomes a
// function of one `!llvm.ptr`, the packed argument array, so that the
// runtime can call every kernel through one C signature whatever its
// arguments; the runtime runs it once per emulated thread, and everything
// that depends on the thread (ids, shared memory, barriers, warp
// collectives) is a call that reads the calling thread's context.
//
//===----------------------------------------------------------------------===//

#include "AsyncCopyLowering.h"
#include "EmulatorRuntimeCalls.h"
#include "HopperLowering.h"
#include "MemoryModel.h"
#include "MmaLowering.h"
#include "WmmaLowering.h"
#include "segir/Runtime/EmulatorRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/RuntimeVerifiableOpInterface.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::seg::emulator;

namespace {
/// C signatures of the runtime's entry points.
struct Signatures {
  explicit Signatures(MLIRContext *context) {
    Builder b(context);
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Type ptr = pointerType(context);
    dimQuery = b.getFunctionType({i32}, {i64});
    query = b.getFunctionType({}, {i64});
    sharedMemory = b.getFunctionType({}, {ptr});
    barrier = b.getFunctionType({ptr}, {});
    warpBarrier = b.getFunctionType({i32, ptr}, {});
    ballot = b.getFunctionType({i32, i32, ptr}, {i32});
    shuffle = b.getFunctionType({i64, i32, i32, i32, ptr, ptr}, {i64});
    reduce = b.getFunctionType({i64, i32, i32, i32, i32, i32, ptr}, {i64});
    poll = b.getFunctionType({}, {});
    assertFail = b.getFunctionType({ptr}, {});
    check = b.getFunctionType({i32, ptr}, {});
  }
  FunctionType dimQuery, query, sharedMemory, barrier, warpBarrier, ballot,
      shuffle, reduce, poll, assertFail, check;
};

/// Rewrites the operations of one device function.
class DeviceBodyLowering {
public:
  DeviceBodyLowering(func::FuncOp func, RuntimeCalls &runtime,
                     const LLVMTypeConverter &converter, Value sharedBuffer)
      : func(func), runtime(runtime), converter(converter),
        rewriter(func.getContext()), signatures(func.getContext()),
        sharedBufferValue(sharedBuffer) {}

  LogicalResult verifySupported();
  void lowerGPUOps();
  void lowerAtomics();
  void insertPolls();
  void addBoundsChecks();
  void lowerAsserts();

private:
  Value indexQuery(Location loc, StringRef name,
                   std::optional<gpu::Dimension> dim);
  Value i32Constant(Location loc, int64_t value);
  Value site(Operation *op, const Twine &what);
  Value validSlot();
  Value sharedBuffer(Location loc);
  Value shuffle(Location loc, Value value, Value offset, Value width,
                int32_t mode, Value site, Value slot);
  void lowerShuffleLike(Operation *op, Value value, Value offset, Value width,
                        int32_t mode, const Twine &what);
  Value subgroupReduce(gpu::SubgroupReduceOp op, Value value, Value site);
  void poll(Location loc);

  func::FuncOp func;
  RuntimeCalls &runtime;
  const LLVMTypeConverter &converter;
  IRRewriter rewriter;
  Signatures signatures;
  Value validSlotValue;
  Value sharedBufferValue;
};
} // namespace

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Whether the op is nested in the body of a generic_atomic_rmw, which must
/// stay free of side effects (no calls, no checks).
static bool inAtomicBody(Operation *op) {
  return op->getParentOfType<memref::GenericAtomicRMWOp>() != nullptr;
}

/// Applies `scalar` to `value`, or to each element of a 1-D vector.
static Value mapElements(OpBuilder &b, Location loc, Value value,
                         function_ref<Value(Value)> scalar) {
  auto vectorType = dyn_cast<VectorType>(value.getType());
  if (!vectorType)
    return scalar(value);
  Value result = value;
  for (int64_t i = 0, e = vectorType.getNumElements(); i < e; ++i) {
    Value element = vector::ExtractOp::create(b, loc, value, i);
    result = vector::InsertOp::create(b, loc, scalar(element), result, i);
  }
  return result;
}

/// Builds the descriptor of a `memref<?xi8>` over `size` bytes at `base`.
static Value byteBuffer(OpBuilder &b, Location loc,
                        const LLVMTypeConverter &converter, Value base,
                        Value size) {
  auto type = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
  Type descriptorType = converter.convertType(type);
  Type i64 = b.getI64Type();
  Value descriptor = LLVM::PoisonOp::create(b, loc, descriptorType);
  Value zero = LLVM::ConstantOp::create(b, loc, i64, 0);
  Value one = LLVM::ConstantOp::create(b, loc, i64, 1);
  descriptor = LLVM::InsertValueOp::create(b, loc, descriptor, base,
                                           ArrayRef<int64_t>{0});
  descriptor = LLVM::InsertValueOp::create(b, loc, descriptor, base,
                                           ArrayRef<int64_t>{1});
  descriptor = LLVM::InsertValueOp::create(b, loc, descriptor, zero,
                                           ArrayRef<int64_t>{2});
  descriptor = LLVM::InsertValueOp::create(b, loc, descriptor, size,
                                           ArrayRef<int64_t>{3, 0});
  descriptor = LLVM::InsertValueOp::create(b, loc, descriptor, one,
                                           ArrayRef<int64_t>{4, 0});
  auto cast = UnrealizedConversionCastOp::create(b, loc, type, descriptor);
  cast->setAttr(kSharedMemoryAttrName, b.getUnitAttr());
  return cast.getResult(0);
}

Value mlir::seg::emulator::emitSharedBuffer(
    OpBuilder &b, Location loc, RuntimeCalls &runtime,
    const LLVMTypeConverter &converter) {
  Signatures signatures(b.getContext());
  Value base =
      runtime.call(b, loc, "segEmuSharedMemory", signatures.sharedMemory, {})
          .getResult(0);
  Value size =
      runtime.call(b, loc, "segEmuSharedMemorySize", signatures.query, {})
          .getResult(0);
  return byteBuffer(b, loc, converter, base, size);
}

static std::optional<int32_t> reduceKind(gpu::AllReduceOperation op) {
  switch (op) {
  case gpu::AllReduceOperation::ADD:
    return SEG_EMU_REDUCE_ADD;
  case gpu::AllReduceOperation::MUL:
    return SEG_EMU_REDUCE_MUL;
  case gpu::AllReduceOperation::MINSI:
    return SEG_EMU_REDUCE_MINSI;
  case gpu::AllReduceOperation::MINUI:
    return SEG_EMU_REDUCE_MINUI;
  case gpu::AllReduceOperation::MAXSI:
    return SEG_EMU_REDUCE_MAXSI;
  case gpu::AllReduceOperation::MAXUI:
    return SEG_EMU_REDUCE_MAXUI;
  case gpu::AllReduceOperation::AND:
    return SEG_EMU_REDUCE_AND;
  case gpu::AllReduceOperation::OR:
    return SEG_EMU_REDUCE_OR;
  case gpu::AllReduceOperation::XOR:
    return SEG_EMU_REDUCE_XOR;
  case gpu::AllReduceOperation::MINNUMF:
    return SEG_EMU_REDUCE_MINNUMF;
  case gpu::AllReduceOperation::MAXNUMF:
    return SEG_EMU_REDUCE_MAXNUMF;
  case gpu::AllReduceOperation::MINIMUMF:
    return SEG_EMU_REDUCE_MINIMUMF;
  case gpu::AllReduceOperation::MAXIMUMF:
    return SEG_EMU_REDUCE_MAXIMUMF;
  }
  return std::nullopt;
}

static int32_t shuffleMode(gpu::ShuffleMode mode) {
  switch (mode) {
  case gpu::ShuffleMode::XOR:
    return SEG_EMU_SHUFFLE_XOR;
  case gpu::ShuffleMode::DOWN:
    return SEG_EMU_SHUFFLE_DOWN;
  case gpu::ShuffleMode::UP:
    return SEG_EMU_SHUFFLE_UP;
  case gpu::ShuffleMode::IDX:
    return SEG_EMU_SHUFFLE_IDX;
  }
  llvm_unreachable("unknown shuffle mode");
}

//===----------------------------------------------------------------------===//
// DeviceBodyLowering
//===----------------------------------------------------------------------===//

/// Element type of a shuffled or reduced value.
static Type elementType(Value value) {
  return getElementTypeOrSelf(value.getType());
}

/// The type of the value that `op` accesses atomically, if it is an atomic.
static std::optional<Type> getAtomicValueType(Operation *op) {
  return TypeSwitch<Operation *, std::optional<Type>>(op)
      .Case([](memref::AtomicRMWOp o) { return o.getValue().getType(); })
      .Case(
          [](memref::GenericAtomicRMWOp o) { return o.getResult().getType(); })
      .Case([](LLVM::AtomicRMWOp o) { return o.getVal().getType(); })
      .Case([](LLVM::AtomicCmpXchgOp o) { return o.getVal().getType(); })
      .Case([](LLVM::LoadOp o) -> std::optional<Type> {
        if (o.getOrdering() == LLVM::AtomicOrdering::not_atomic)
          return std::nullopt;
        return o.getResult().getType();
      })
      .Case([](LLVM::StoreOp o) -> std::optional<Type> {
        if (o.getOrdering() == LLVM::AtomicOrdering::not_atomic)
          return std::nullopt;
        return o.getValue().getType();
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// Whether the emulator (the host's atomics, bracketed by the runtime) can
/// execute an atomic on `type`: integers of 8 to 64 bits, f16 to f64,
/// index and pointers.
static bool isEmulatedAtomicType(Type type) {
  if (isa<IndexType, LLVM::LLVMPointerType>(type))
    return true;
  if (auto integer = dyn_cast<IntegerType>(type))
    return llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth());
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// Whether the emulator executes the NVVM op `op` of device code; the CPU
/// backend cannot compile the others.
static bool isEmulatedNVVMOp(Operation *op) {
  if (auto vote = dyn_cast<NVVM::VoteSyncOp>(op))
    return vote.getKind() == NVVM::VoteSyncKind::ballot;
  return isa<NVVM::NanosleepOp, NVVM::SyncWarpOp>(op) || isAsyncCopyOp(op) ||
         isHopperNVVMOp(op) || isWgmmaOp(op);
}

LogicalResult DeviceBodyLowering::verifySupported() {
  WalkResult result = func.walk([&](Operation *op) -> WalkResult {
    if (std::optional<Type> type = getAtomicValueType(op))
      if (!isEmulatedAtomicType(*type))
        return op->emitOpError("on ")
               << *type
               << " is not supported by the SegIR emulator (atomics on "
                  "integers of 8 to 64 bits, f16, bf16, f32, f64, index and "
                  "pointers are)";
    // Generic atomics (and atomic products) become compare-and-swap loops on
    // the element's address, computed from strided metadata.
    Value atomicMemref;
    if (auto generic = dyn_cast<memref::GenericAtomicRMWOp>(op))
      atomicMemref = generic.getMemref();
    if (auto atomic = dyn_cast<memref::AtomicRMWOp>(op))
      atomicMemref = atomic.getMemref();
    if (atomicMemref && !cast<MemRefType>(atomicMemref.getType()).isStrided())
      return op->emitOpError("on a memref without a strided layout is not "
                             "supported by the SegIR emulator");
    if (isa_and_nonnull<NVVM::NVVMDialect>(op->getDialect()) &&
        !isEmulatedNVVMOp(op))
      return op->emitOpError("is not supported by the SegIR emulator");
    if (!isa<gpu::GPUDialect>(op->getDialect()))
      return WalkResult::advance();
    if (isa<gpu::ShuffleOp, gpu::RotateOp>(op)) {
      if (elementType(op->getOperand(0)).getIntOrFloatBitWidth() > 64)
        return op->emitOpError("on values wider than 64 bits is not "
                               "supported by the SegIR emulator");
      return WalkResult::advance();
    }
    if (auto reduceOp = dyn_cast<gpu::SubgroupReduceOp>(op)) {
      Type type = elementType(reduceOp.getValue());
      unsigned width = type.getIntOrFloatBitWidth();
      if (isa<FloatType>(type) ? width != 32 && width != 64 : width > 64)
        return op->emitOpError("on ")
               << type
               << " is not supported by the SegIR emulator (integers up to "
                  "64 bits, f32 and f64 are)";
      return WalkResult::advance();
    }
    if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
            gpu::GlobalIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp,
            gpu::NumSubgroupsOp, gpu::SubgroupSizeOp, gpu::BarrierOp,
            gpu::DynamicSharedMemoryOp, gpu::PrintfOp, gpu::ReturnOp,
            gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
            gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
            gpu::SubgroupMmaElementwiseOp>(op))
      return WalkResult::advance();
    return op->emitOpError("is not supported by the SegIR emulator");
  });
  return failure(result.wasInterrupted());
}

Value DeviceBodyLowering::i32Constant(Location loc, int64_t value) {
  return arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(),
                                      value);
}

Value DeviceBodyLowering::indexQuery(Location loc, StringRef name,
                                     std::optional<gpu::Dimension> dim) {
  SmallVector<Value> args;
  if (dim)
    args.push_back(i32Constant(loc, static_cast<int64_t>(*dim)));
  Value result = runtime
                     .call(rewriter, loc, name,
                           dim ? signatures.dimQuery : signatures.query, args)
                     .getResult(0);
  return arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                    result);
}

Value DeviceBodyLowering::site(Operation *op, const Twine &what) {
  return runtime.string(rewriter, op->getLoc(),
                        (what + " at " + describeLocation(op->getLoc())).str(),
                        /*distinct=*/true);
}

Value DeviceBodyLowering::validSlot() {
  if (!validSlotValue) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&func.front());
    Location loc = func.getLoc();
    Value one =
        LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(), 1);
    validSlotValue =
        LLVM::AllocaOp::create(rewriter, loc, pointerType(func.getContext()),
                               rewriter.getI8Type(), one);
  }
  return validSlotValue;
}

Value DeviceBodyLowering::sharedBuffer(Location loc) {
  if (!sharedBufferValue) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&func.front());
    sharedBufferValue = emitSharedBuffer(rewriter, loc, runtime, converter);
  }
  return sharedBufferValue;
}

Value DeviceBodyLowering::shuffle(Location loc, Value value, Value offset,
                                  Value width, int32_t mode, Value site,
                                  Value slot) {
  Value modeValue = i32Constant(loc, mode);
  return mapElements(rewriter, loc, value, [&](Value element) {
    Value bits = toBits(rewriter, loc, element);
    Value result = runtime
                       .call(rewriter, loc, "segEmuShuffle", signatures.shuffle,
                             {bits, offset, width, modeValue, site, slot})
                       .getResult(0);
    return fromBits(rewriter, loc, result, element.getType());
  });
}

void DeviceBodyLowering::lowerShuffleLike(Operation *op, Value value,
                                          Value offset, Value width,
                                          int32_t mode, const Twine &what) {
  Location loc = op->getLoc();
  // Both ops return (value, valid); `valid` comes back through a byte the
  // runtime writes, when it is used.
  bool needValid = !op->getResult(1).use_empty();
  Value slot = needValid ? validSlot()
                         : LLVM::ZeroOp::create(rewriter, loc,
                                                pointerType(op->getContext()));
  Value result = shuffle(loc, value, offset, width, mode, site(op, what), slot);
  Value valid = arith::ConstantIntOp::create(rewriter, loc, 0, 1);
  if (needValid) {
    Value byte =
        LLVM::LoadOp::create(rewriter, loc, rewriter.getI8Type(), slot);
    Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 8);
    valid = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, byte,
                                  zero);
  }
  rewriter.replaceOp(op, {result, valid});
}

Value DeviceBodyLowering::subgroupReduce(gpu::SubgroupReduceOp op, Value value,
                                         Value site) {
  Location loc = op.getLoc();
  Type type = elementType(value);
  Value kind = i32Constant(loc, *reduceKind(op.getOp()));
  Value isFloat = i32Constant(loc, isa<FloatType>(type));
  Value bitWidth = i32Constant(loc, type.getIntOrFloatBitWidth());
  Value clusterSize = i32Constant(loc, op.getClusterSize().value_or(0));
  Value clusterStride = i32Constant(loc, op.getClusterStride());
  return mapElements(rewriter, loc, value, [&](Value element) {
    Value bits = toBits(rewriter, loc, element);
    Value result =
        runtime
            .call(rewriter, loc, "segEmuSubgroupReduce", signatures.reduce,
                  {bits, kind, isFloat, bitWidth, clusterSize, clusterStride,
                   site})
            .getResult(0);
    return fromBits(rewriter, loc, result, element.getType());
  });
}

void DeviceBodyLowering::lowerGPUOps() {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<gpu::GPUDialect>(op->getDialect()) ||
        isa<NVVM::SyncWarpOp, NVVM::VoteSyncOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    auto replaceWithQuery = [&](StringRef name,
                                std::optional<gpu::Dimension> dim) {
      rewriter.replaceOp(op, indexQuery(loc, name, dim));
    };
    TypeSwitch<Operation *>(op)
        .Case([&](gpu::ThreadIdOp o) {
          replaceWithQuery("segEmuThreadId", o.getDimension());
        })
        .Case([&](gpu::BlockIdOp o) {
          replaceWithQuery("segEmuBlockId", o.getDimension());
        })
        .Case([&](gpu::BlockDimOp o) {
          replaceWithQuery("segEmuBlockDim", o.getDimension());
        })
        .Case([&](gpu::GridDimOp o) {
          replaceWithQuery("segEmuGridDim", o.getDimension());
        })
        .Case([&](gpu::GlobalIdOp o) {
          Value block = indexQuery(loc, "segEmuBlockId", o.getDimension());
          Value size = indexQuery(loc, "segEmuBlockDim", o.getDimension());
          Value thread = indexQuery(loc, "segEmuThreadId", o.getDimension());
          Value start = arith::MulIOp::create(rewriter, loc, block, size);
          rewriter.replaceOpWithNewOp<arith::AddIOp>(op, start, thread);
        })
        .Case([&](gpu::LaneIdOp) {
          replaceWithQuery("segEmuLaneId", std::nullopt);
        })
        .Case([&](gpu::SubgroupIdOp) {
          replaceWithQuery("segEmuSubgroupId", std::nullopt);
        })
        .Case([&](gpu::NumSubgroupsOp) {
          replaceWithQuery("segEmuNumSubgroups", std::nullopt);
        })
        .Case([&](gpu::SubgroupSizeOp) {
          replaceWithQuery("segEmuSubgroupSize", std::nullopt);
        })
        .Case([&](gpu::BarrierOp) {
          runtime.call(rewriter, loc, "segEmuBarrier", signatures.barrier,
                       {site(op, "gpu.barrier")});
          rewriter.eraseOp(op);
        })
        .Case([&](NVVM::SyncWarpOp o) {
          runtime.call(rewriter, loc, "segEmuWarpBarrier",
                       signatures.warpBarrier,
                       {o.getMask(), site(op, "nvvm.bar.warp.sync")});
          rewriter.eraseOp(op);
        })
        .Case([&](NVVM::VoteSyncOp o) {
          // verifySupported admits the ballot form only.
          Value predicate = arith::ExtUIOp::create(
              rewriter, loc, rewriter.getI32Type(), o.getPred());
          rewriter.replaceOp(
              op, runtime
                      .call(rewriter, loc, "segEmuBallot", signatures.ballot,
                            {predicate, o.getMask(),
                             site(op, "nvvm.vote.sync ballot")})
                      .getResult(0));
        })
        .Case([&](gpu::ShuffleOp o) {
          lowerShuffleLike(op, o.getValue(), o.getOffset(), o.getWidth(),
                           shuffleMode(o.getMode()),
                           "gpu.shuffle " +
                               gpu::stringifyShuffleMode(o.getMode()));
        })
        .Case([&](gpu::RotateOp o) {
          lowerShuffleLike(op, o.getValue(), i32Constant(loc, o.getOffset()),
                           i32Constant(loc, o.getWidth()),
                           SEG_EMU_SHUFFLE_ROTATE, "gpu.rotate");
        })
        .Case([&](gpu::SubgroupReduceOp o) {
          Value result = subgroupReduce(
              o, o.getValue(),
              site(op, "gpu.subgroup_reduce " +
                           gpu::stringifyAllReduceOperation(o.getOp())));
          rewriter.replaceOp(op, result);
        })
        .Case([&](gpu::DynamicSharedMemoryOp o) {
          // The dynamic part ends the block's shared memory (it follows the
          // kernel's workgroup attributions, which a device function that
          // asks for it does not know).
          Value buffer = sharedBuffer(loc);
          Value bytes =
              runtime
                  .call(rewriter, loc, "segEmuDynamicSharedMemorySize",
                        signatures.query, {})
                  .getResult(0);
          Value size = arith::IndexCastOp::create(
              rewriter, loc, rewriter.getIndexType(), bytes);
          Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
          Value total = memref::DimOp::create(rewriter, loc, buffer, zero);
          Value offset = arith::SubIOp::create(rewriter, loc, total, size);
          rewriter.replaceOpWithNewOp<memref::ViewOp>(op, o.getType(), buffer,
                                                      offset, ValueRange{size});
        })
        .Case([&](gpu::PrintfOp o) {
          runtime.printf(rewriter, loc, o.getFormat(), o.getArgs());
          rewriter.eraseOp(op);
        })
        .Case([&](gpu::ReturnOp o) {
          rewriter.replaceOpWithNewOp<func::ReturnOp>(op, o.getOperands());
        });
  }
}

/// Replaces a generic_atomic_rmw by a compare-and-swap loop:
///
///   %old = atomic load
///   while (true) {
///     %new = body(%old)
///     (%seen, %ok) = cmpxchg %address, %old, %new
///     if (%ok) break; %old = %seen
///   }
///
/// and its result by the value it replaced. finalize-memref-to-llvm would
/// only lower it once its body is in the LLVM dialect, which the CPU
/// pipeline does afterwards; and a loop in the kernel also gets a poll like
/// any other.
static void lowerGenericAtomic(RewriterBase &rewriter,
                               memref::GenericAtomicRMWOp op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Type type = op.getResult().getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Type bits = rewriter.getIntegerType(width);
  Value address =
      elementAddress(rewriter, loc, op.getMemref(), op.getIndices());
  Value first = LLVM::LoadOp::create(rewriter, loc, bits, address, width / 8,
                                     /*isVolatile=*/false,
                                     /*isNonTemporal=*/false,
                                     /*isInvariant=*/false,
                                     /*isInvariantGroup=*/false,
                                     LLVM::AtomicOrdering::monotonic);
  auto loop =
      scf::WhileOp::create(rewriter, loc, TypeRange{bits}, ValueRange{first});
  Block *before = rewriter.createBlock(&loop.getBefore(), {}, {bits}, {loc});
  Value old = before->getArgument(0);
  if (type != bits)
    old = arith::BitcastOp::create(rewriter, loc, type, old);
  IRMapping mapping;
  mapping.map(op.getCurrentValue(), old);
  for (Operation &bodyOp : op.getBody()->without_terminator())
    rewriter.clone(bodyOp, mapping);
  auto yield = cast<memref::AtomicYieldOp>(op.getBody()->getTerminator());
  Value updated = mapping.lookupOrDefault(yield.getResult());
  if (type != bits)
    updated = arith::BitcastOp::create(rewriter, loc, bits, updated);
  auto exchange = LLVM::AtomicCmpXchgOp::create(
      rewriter, loc, address, before->getArgument(0), updated,
      LLVM::AtomicOrdering::acq_rel, LLVM::AtomicOrdering::monotonic);
  Value seen = LLVM::ExtractValueOp::create(rewriter, loc, exchange, 0);
  Value done = LLVM::ExtractValueOp::create(rewriter, loc, exchange, 1);
  Value yes = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
  Value retry = arith::XOrIOp::create(rewriter, loc, done, yes);
  scf::ConditionOp::create(rewriter, loc, retry, ValueRange{seen});
  Block *after = rewriter.createBlock(&loop.getAfter(), {}, {bits}, {loc});
  scf::YieldOp::create(rewriter, loc, after->getArguments());
  rewriter.setInsertionPointAfter(loop);
  Value result = loop.getResult(0);
  if (type != bits)
    result = arith::BitcastOp::create(rewriter, loc, type, result);
  rewriter.replaceOp(op, result);
}

void DeviceBodyLowering::lowerAtomics() {
  SmallVector<memref::AtomicRMWOp> products;
  SmallVector<memref::GenericAtomicRMWOp> generics;
  func.walk([&](Operation *op) {
    TypeSwitch<Operation *>(op)
        .Case([&](memref::GenericAtomicRMWOp o) { generics.push_back(o); })
        .Case([&](memref::AtomicRMWOp o) {
          if (o.getKind() == arith::AtomicRMWKind::mulf ||
              o.getKind() == arith::AtomicRMWKind::muli)
            products.push_back(o);
        });
  });
  // Products have no LLVM atomic: they become generic atomics too.
  for (memref::AtomicRMWOp op : products) {
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    auto generic = memref::GenericAtomicRMWOp::create(
        rewriter, loc, op.getMemref(), op.getIndices());
    OpBuilder body = OpBuilder::atBlockEnd(generic.getBody());
    Value product = arith::getReductionOp(
        op.getKind(), body, loc, generic.getCurrentValue(), op.getValue());
    memref::AtomicYieldOp::create(body, loc, product);
    rewriter.replaceOp(op, generic.getResult());
    generics.push_back(generic);
  }
  for (memref::GenericAtomicRMWOp op : generics)
    lowerGenericAtomic(rewriter, op);
}

void DeviceBodyLowering::poll(Location loc) {
  runtime.call(rewriter, loc, "segEmuPoll", signatures.poll, {});
}

void DeviceBodyLowering::insertPolls() {
  // A thread that waits for a flag spins in a loop: a while loop, or a CFG
  // loop. A poll in every iteration lets the other threads of the block run
  // (one of them may be the one to set the flag), and being an opaque call
  // it also keeps the flag's load inside the loop. (Atomics and fences poll
  // in segEmuAtomicBegin and segEmuFence.)
  SmallVector<Operation *> before;
  SmallVector<scf::WhileOp> whileLoops;
  DominanceInfo dominance(func);
  func.walk([&](Operation *op) {
    if (inAtomicBody(op))
      return;
    if (auto whileOp = dyn_cast<scf::WhileOp>(op))
      whileLoops.push_back(whileOp);
    // A branch to a block that dominates this one is a loop's back edge.
    if (op->getNumSuccessors() && op->hasTrait<OpTrait::IsTerminator>())
      for (Block *successor : op->getSuccessors())
        if (dominance.dominates(successor, op->getBlock())) {
          before.push_back(op);
          break;
        }
  });
  for (Operation *op : before) {
    rewriter.setInsertionPoint(op);
    poll(op->getLoc());
  }
  for (scf::WhileOp whileOp : whileLoops) {
    rewriter.setInsertionPointToStart(whileOp.getBeforeBody());
    poll(whileOp.getLoc());
  }
  // A back-off's sleep lets the other threads run, like a poll.
  SmallVector<NVVM::NanosleepOp> sleeps;
  func.walk([&](NVVM::NanosleepOp op) { sleeps.push_back(op); });
  for (NVVM::NanosleepOp op : sleeps) {
    rewriter.setInsertionPoint(op);
    poll(op.getLoc());
    rewriter.eraseOp(op);
  }
}

void DeviceBodyLowering::addBoundsChecks() {
  SmallVector<RuntimeVerifiableOpInterface> ops;
  func.walk([&](RuntimeVerifiableOpInterface op) {
    if (!inAtomicBody(op))
      ops.push_back(op);
  });
  auto message = [](Operation *op, StringRef what) {
    return (op->getName().getStringRef() + " at " +
            describeLocation(op->getLoc()) + ": " + what)
        .str();
  };
  for (RuntimeVerifiableOpInterface op : ops) {
    rewriter.setInsertionPoint(op);
    op.generateRuntimeVerification(rewriter, op.getLoc(), message);
  }
}

void DeviceBodyLowering::lowerAsserts() {
  SmallVector<cf::AssertOp> asserts;
  func.walk([&](cf::AssertOp op) { asserts.push_back(op); });
  // A call that checks, not a branch around a report: a kernel may hold
  // thousands of checks (check=true), and every scf.if would split its
  // block, which makes the lowering to control flow quadratic in memory.
  for (cf::AssertOp op : asserts) {
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    Value holds = arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(),
                                         op.getArg());
    runtime.call(rewriter, loc, "segEmuCheck", signatures.check,
                 {holds, runtime.string(rewriter, loc, op.getMsg())});
    rewriter.eraseOp(op);
  }
}

LogicalResult
mlir::seg::emulator::lowerDeviceBody(func::FuncOp func, RuntimeCalls &runtime,
                                     const LLVMTypeConverter &converter,
                                     Value sharedBuffer,
                                     const DeviceLoweringOptions &options) {
  DeviceBodyLowering lowering(func, runtime, converter, sharedBuffer);
  if (failed(lowerHopperDeviceOps(func, runtime)) ||
      failed(lowerAsyncCopyOps(func, runtime)) ||
      failed(lowering.verifySupported()) || failed(verifyWarpMatrixOps(func)) ||
      failed(verifyWmmaOps(func)) || failed(verifySyncScopes(func)))
    return failure();
  if (options.dropFences)
    dropFences(func);
  // Before the lowering adds loads and stores of its own.
  llvm::DenseSet<Operation *> plainLLVMAccesses =
      collectPlainLLVMAccesses(func);
  if (failed(lowerWmmaOps(func, runtime, plainLLVMAccesses)))
    return failure();
  lowering.lowerGPUOps();
  lowerWarpMatrixOps(func, runtime);
  // Checks first: they know generic atomics, not the loops these become.
  if (options.check)
    lowering.addBoundsChecks();
  lowering.lowerAtomics();
  lowerMemoryAccesses(func, runtime, plainLLVMAccesses, options.relaxAtomics);
  lowering.insertPolls();
  lowering.lowerAsserts();
  return success();
}
