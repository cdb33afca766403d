//===- MemoryModel.cpp - Memory accesses of kernels on the emulator ------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The orderings and scopes below are what the GPU path's PTX has, as LLVM
// 22's NVPTX backend emits it (`llc -march=nvptx64 -mcpu=sm_90`):
//
//  * llvm.fence acquire, release or acq_rel becomes fence.acq_rel.<scope>,
//    seq_cst becomes fence.sc.<scope>;
//  * llvm.atomicrmw becomes `atom` without a semantics qualifier, which PTX
//    reads as .relaxed, whatever the LLVM ordering; memref.atomic_rmw, which
//    finalize-memref-to-llvm turns into llvm.atomicrmw, is relaxed too;
//  * llvm.cmpxchg keeps its success ordering and scope (atom.acq_rel.sys.cas
//    for the cmpxchg loop of memref.generic_atomic_rmw);
//  * atomic llvm.load/llvm.store keep theirs (ld.acquire, st.release; a
//    seq_cst one adds fence.sc), volatile ones are ld/st.volatile, relaxed
//    at system scope.
//
// Scopes: "" is the system; "device" (and AMDGPU's "agent") the device;
// "block", "cluster" (a block is its own cluster without cluster launches)
// and AMDGPU's "workgroup" and "wavefront" the block; "singlethread" only
// orders the thread itself.
//
//===----------------------------------------------------------------------===//

#include "MemoryModel.h"
#include "segir/Runtime/EmulatorRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::seg::emulator;

//===----------------------------------------------------------------------===//
// Orderings and scopes
//===----------------------------------------------------------------------===//

static std::optional<int32_t> scopeOf(std::optional<StringRef> syncscope) {
  if (!syncscope || syncscope->empty())
    return SEG_EMU_SCOPE_SYSTEM;
  return llvm::StringSwitch<std::optional<int32_t>>(*syncscope)
      .Case("singlethread", SEG_EMU_SCOPE_THREAD)
      .Cases({"block", "cluster", "workgroup", "wavefront"},
             SEG_EMU_SCOPE_BLOCK)
      .Cases({"device", "agent"}, SEG_EMU_SCOPE_DEVICE)
      .Default(std::nullopt);
}

static int32_t orderOf(LLVM::AtomicOrdering ordering) {
  switch (ordering) {
  case LLVM::AtomicOrdering::acquire:
    return SEG_EMU_ORDER_ACQUIRE;
  case LLVM::AtomicOrdering::release:
    return SEG_EMU_ORDER_RELEASE;
  case LLVM::AtomicOrdering::acq_rel:
    return SEG_EMU_ORDER_ACQ_REL;
  case LLVM::AtomicOrdering::seq_cst:
    return SEG_EMU_ORDER_SEQ_CST;
  default:
    return SEG_EMU_ORDER_RELAXED;
  }
}

/// The sync scope of an LLVM atomic or fence, if it has one.
static std::optional<std::optional<StringRef>> syncScopeOf(Operation *op) {
  return TypeSwitch<Operation *, std::optional<std::optional<StringRef>>>(op)
      .Case<LLVM::FenceOp, LLVM::AtomicRMWOp, LLVM::AtomicCmpXchgOp,
            LLVM::LoadOp, LLVM::StoreOp>(
          [](auto o) -> std::optional<StringRef> { return o.getSyncscope(); })
      .Default([](Operation *) { return std::nullopt; });
}

LogicalResult mlir::seg::emulator::verifySyncScopes(func::FuncOp func) {
  WalkResult result = func.walk([](Operation *op) {
    std::optional<std::optional<StringRef>> syncscope = syncScopeOf(op);
    if (!syncscope || scopeOf(*syncscope))
      return WalkResult::advance();
    op->emitOpError("with sync scope \"")
        << **syncscope
        << "\" is not supported by the SegIR emulator (it knows \"\", "
           "\"device\", \"agent\", \"block\", \"cluster\", \"workgroup\", "
           "\"wavefront\" and \"singlethread\")";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// What the GPU makes of an atomic, a volatile access or a fence; nothing
/// for other ops.
static std::optional<MemorySemantics> semanticsOf(Operation *op,
                                                  bool relaxAtomics) {
  std::optional<MemorySemantics> semantics =
      TypeSwitch<Operation *, std::optional<MemorySemantics>>(op)
          .Case([](LLVM::FenceOp o) -> std::optional<MemorySemantics> {
            int32_t order = o.getOrdering() == LLVM::AtomicOrdering::seq_cst
                                ? SEG_EMU_ORDER_SEQ_CST
                                : SEG_EMU_ORDER_ACQ_REL;
            return MemorySemantics{order, *scopeOf(o.getSyncscope())};
          })
          .Case([](LLVM::AtomicRMWOp o) -> std::optional<MemorySemantics> {
            return MemorySemantics{SEG_EMU_ORDER_RELAXED,
                                   *scopeOf(o.getSyncscope())};
          })
          .Case([](LLVM::AtomicCmpXchgOp o) -> std::optional<MemorySemantics> {
            return MemorySemantics{orderOf(o.getSuccessOrdering()),
                                   *scopeOf(o.getSyncscope())};
          })
          .Case<LLVM::LoadOp, LLVM::StoreOp>(
              [](auto o) -> std::optional<MemorySemantics> {
                if (o.getOrdering() != LLVM::AtomicOrdering::not_atomic)
                  return MemorySemantics{orderOf(o.getOrdering()),
                                         *scopeOf(o.getSyncscope())};
                if (o.getVolatile_())
                  return MemorySemantics{SEG_EMU_ORDER_RELAXED,
                                         SEG_EMU_SCOPE_SYSTEM};
                return std::nullopt;
              })
          .Case([](memref::AtomicRMWOp) -> std::optional<MemorySemantics> {
            return MemorySemantics{SEG_EMU_ORDER_RELAXED, SEG_EMU_SCOPE_DEVICE};
          })
          .Default([](Operation *) { return std::nullopt; });
  if (semantics && relaxAtomics && !isa<LLVM::FenceOp>(op))
    semantics->order = SEG_EMU_ORDER_RELAXED;
  return semantics;
}

void mlir::seg::emulator::dropFences(func::FuncOp func) {
  SmallVector<LLVM::FenceOp> fences;
  func.walk([&](LLVM::FenceOp fence) { fences.push_back(fence); });
  for (LLVM::FenceOp fence : fences)
    fence.erase();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Value mlir::seg::emulator::toBits(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  if (isa<FloatType>(type))
    value = arith::BitcastOp::create(b, loc, b.getIntegerType(width), value);
  if (width < 64)
    value = arith::ExtUIOp::create(b, loc, b.getI64Type(), value);
  return value;
}

Value mlir::seg::emulator::fromBits(OpBuilder &b, Location loc, Value bits,
                                    Type type) {
  unsigned width = type.getIntOrFloatBitWidth();
  if (width < 64)
    bits = arith::TruncIOp::create(b, loc, b.getIntegerType(width), bits);
  if (isa<FloatType>(type))
    bits = arith::BitcastOp::create(b, loc, type, bits);
  return bits;
}

Value mlir::seg::emulator::elementAddress(OpBuilder &b, Location loc,
                                          Value memref, ValueRange indices) {
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value linear = metadata.getOffset();
  for (auto [index, stride] : llvm::zip(indices, metadata.getStrides())) {
    Value step = arith::MulIOp::create(b, loc, index, stride);
    linear = arith::AddIOp::create(b, loc, linear, step);
  }
  Type i64 = b.getI64Type();
  Value aligned =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value alignedI64 = arith::IndexCastOp::create(b, loc, i64, aligned);
  Value base =
      LLVM::IntToPtrOp::create(b, loc, pointerType(b.getContext()), alignedI64);
  Type elementType = cast<MemRefType>(memref.getType()).getElementType();
  // An index is 64 bits in memory (the LLVM lowering's index width).
  if (isa<IndexType>(elementType))
    elementType = i64;
  Value linearI64 = arith::IndexCastOp::create(b, loc, i64, linear);
  return LLVM::GEPOp::create(b, loc, pointerType(b.getContext()), elementType,
                             base, ValueRange{linearI64});
}

/// Whether `memref` is the block's shared memory or memory of the thread
/// (an alloca, an alloc in the kernel), which the memory model leaves alone.
static bool isBlockLocal(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (isa<memref::AllocaOp, memref::AllocOp>(def) ||
        def->hasAttr(kSharedMemoryAttrName))
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    memref = view.getViewSource();
  }
  return false;
}

/// Scalars that segEmuLoad/segEmuStore carry in an i64.
static bool isScalar(Type type) {
  return isa<IndexType>(type) ||
         (type.isIntOrFloat() && type.getIntOrFloatBitWidth() <= 64);
}

static int64_t scalarBytes(Type type) {
  return isa<IndexType>(type)
             ? 8
             : llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
}

/// Vectors that segEmuLoadBytes/segEmuStoreBytes copy: 1-D, of whole bytes.
static bool isByteVector(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector || vector.getRank() != 1 || vector.isScalable())
    return false;
  Type element = vector.getElementType();
  return element.isIntOrFloat() && element.getIntOrFloatBitWidth() % 8 == 0;
}

static int64_t vectorBytes(VectorType type) {
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

namespace {
/// Rewrites the memory accesses of one device function.
class MemoryAccessLowering {
public:
  MemoryAccessLowering(func::FuncOp func, RuntimeCalls &runtime,
                       bool relaxAtomics)
      : func(func), runtime(runtime), relaxAtomics(relaxAtomics),
        b(func.getContext()), layout(DataLayout::closest(func)) {
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Type ptr = pointerType(func.getContext());
    loadType = b.getFunctionType({ptr, i32}, {i64});
    storeType = b.getFunctionType({ptr, i64, i32}, {});
    bytesType = b.getFunctionType({ptr, ptr, i64}, {});
    fenceType = b.getFunctionType({i32, i32}, {});
    atomicType = b.getFunctionType({ptr, i64, i32, i32}, {});
    settleType = b.getFunctionType({}, {});
  }

  void run(const llvm::DenseSet<Operation *> &plainLLVMAccesses);

private:
  Value i32(Location loc, int64_t value) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), value);
  }
  Value i64(Location loc, int64_t value) {
    return arith::ConstantIntOp::create(b, loc, b.getI64Type(), value);
  }
  Value slot(Location loc, Type type);
  Value load(Location loc, Value address, Type type);
  void store(Location loc, Value address, Value value);
  void bracketAtomic(Operation *op, Value address, Type type,
                     MemorySemantics semantics);
  void settle(Operation *op);
  /// Replaces `op`, a plain load of `result` from memref[indices] or a
  /// plain store of `value` there, by a runtime call unless the memref is
  /// local. False when the runtime cannot copy the type.
  bool routeLoad(Operation *op, Value memref, ValueRange indices, Value result);
  bool routeStore(Operation *op, Value memref, ValueRange indices, Value value);

  func::FuncOp func;
  RuntimeCalls &runtime;
  bool relaxAtomics;
  OpBuilder b;
  DataLayout layout;
  /// A stack slot per vector type, for the byte copies.
  llvm::DenseMap<Type, Value> slots;
  FunctionType loadType, storeType, bytesType, fenceType, atomicType,
      settleType;
};
} // namespace

Value MemoryAccessLowering::slot(Location loc, Type type) {
  Value &slot = slots[type];
  if (!slot) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&func.front());
    Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(), 1);
    slot =
        LLVM::AllocaOp::create(b, loc, pointerType(b.getContext()), type, one);
  }
  return slot;
}

/// A plain load of `type` (isScalar or isByteVector) at `address`.
Value MemoryAccessLowering::load(Location loc, Value address, Type type) {
  if (auto vector = dyn_cast<VectorType>(type)) {
    Value buffer = slot(loc, type);
    runtime.call(b, loc, "segEmuLoadBytes", bytesType,
                 {buffer, address, i64(loc, vectorBytes(vector))});
    return LLVM::LoadOp::create(b, loc, type, buffer);
  }
  Value bits = runtime
                   .call(b, loc, "segEmuLoad", loadType,
                         {address, i32(loc, scalarBytes(type))})
                   .getResult(0);
  if (isa<IndexType>(type))
    return arith::IndexCastOp::create(b, loc, type, bits);
  return fromBits(b, loc, bits, type);
}

/// A plain store of `value` (isScalar or isByteVector) at `address`.
void MemoryAccessLowering::store(Location loc, Value address, Value value) {
  Type type = value.getType();
  if (auto vector = dyn_cast<VectorType>(type)) {
    Value buffer = slot(loc, type);
    LLVM::StoreOp::create(b, loc, value, buffer);
    runtime.call(b, loc, "segEmuStoreBytes", bytesType,
                 {address, buffer, i64(loc, vectorBytes(vector))});
    return;
  }
  Value bits = isa<IndexType>(type)
                   ? arith::IndexCastOp::create(b, loc, b.getI64Type(), value)
                   : toBits(b, loc, value);
  runtime.call(b, loc, "segEmuStore", storeType,
               {address, bits, i32(loc, scalarBytes(type))});
}

void MemoryAccessLowering::bracketAtomic(Operation *op, Value address,
                                         Type type, MemorySemantics semantics) {
  Location loc = op->getLoc();
  b.setInsertionPoint(op);
  Value bytes =
      i64(loc, static_cast<int64_t>(layout.getTypeSize(type).getFixedValue()));
  Value order = i32(loc, semantics.order);
  Value scope = i32(loc, semantics.scope);
  runtime.call(b, loc, "segEmuAtomicBegin", atomicType,
               {address, bytes, order, scope});
  b.setInsertionPointAfter(op);
  runtime.call(b, loc, "segEmuAtomicEnd", atomicType,
               {address, bytes, order, scope});
}

bool MemoryAccessLowering::routeLoad(Operation *op, Value memref,
                                     ValueRange indices, Value result) {
  Type type = result.getType();
  if (isBlockLocal(memref))
    return true;
  if (!isScalar(type) && !isByteVector(type))
    return false;
  Location loc = op->getLoc();
  Value address = elementAddress(b, loc, memref, indices);
  result.replaceAllUsesWith(load(loc, address, type));
  op->erase();
  return true;
}

bool MemoryAccessLowering::routeStore(Operation *op, Value memref,
                                      ValueRange indices, Value value) {
  Type type = value.getType();
  if (isBlockLocal(memref))
    return true;
  if (!isScalar(type) && !isByteVector(type))
    return false;
  Location loc = op->getLoc();
  store(loc, elementAddress(b, loc, memref, indices), value);
  op->erase();
  return true;
}

void MemoryAccessLowering::settle(Operation *op) {
  b.setInsertionPoint(op);
  runtime.call(b, op->getLoc(), "segEmuSettle", settleType, {});
}

/// Whether `op` reads or writes a memref that may be global.
static bool accessesGlobalMemref(Operation *op) {
  auto interface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!interface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  interface.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &effect) {
    Value value = effect.getValue();
    return isa<MemoryEffects::Read, MemoryEffects::Write>(effect.getEffect()) &&
           value && isa<MemRefType>(value.getType()) && !isBlockLocal(value);
  });
}

void MemoryAccessLowering::run(
    const llvm::DenseSet<Operation *> &plainLLVMAccesses) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : ops) {
    Location loc = op->getLoc();
    b.setInsertionPoint(op);
    if (std::optional<MemorySemantics> semantics =
            semanticsOf(op, relaxAtomics)) {
      TypeSwitch<Operation *>(op)
          .Case([&](LLVM::FenceOp o) {
            runtime.call(
                b, loc, "segEmuFence", fenceType,
                {i32(loc, semantics->order), i32(loc, semantics->scope)});
            // The CPU fence stays, for the ordering of the plain mode.
            o.removeSyncscopeAttr();
          })
          .Case([&](LLVM::AtomicRMWOp o) {
            bracketAtomic(op, o.getPtr(), o.getVal().getType(), *semantics);
            o.removeSyncscopeAttr();
          })
          .Case([&](LLVM::AtomicCmpXchgOp o) {
            bracketAtomic(op, o.getPtr(), o.getVal().getType(), *semantics);
            o.removeSyncscopeAttr();
          })
          .Case([&](LLVM::LoadOp o) {
            bracketAtomic(op, o.getAddr(), o.getResult().getType(), *semantics);
            o.removeSyncscopeAttr();
          })
          .Case([&](LLVM::StoreOp o) {
            bracketAtomic(op, o.getAddr(), o.getValue().getType(), *semantics);
            o.removeSyncscopeAttr();
          })
          .Case([&](memref::AtomicRMWOp o) {
            Value address =
                elementAddress(b, loc, o.getMemref(), o.getIndices());
            bracketAtomic(op, address, o.getValue().getType(), *semantics);
          });
      continue;
    }
    bool routed =
        TypeSwitch<Operation *, bool>(op)
            .Case([&](memref::LoadOp o) {
              return routeLoad(op, o.getMemref(), o.getIndices(),
                               o.getResult());
            })
            .Case([&](memref::StoreOp o) {
              return routeStore(op, o.getMemref(), o.getIndices(),
                                o.getValue());
            })
            .Case([&](vector::LoadOp o) {
              return routeLoad(op, o.getBase(), o.getIndices(), o.getResult());
            })
            .Case([&](vector::StoreOp o) {
              return routeStore(op, o.getBase(), o.getIndices(),
                                o.getValueToStore());
            })
            .Case([&](LLVM::LoadOp o) {
              Type type = o.getResult().getType();
              if (!plainLLVMAccesses.contains(op))
                return true;
              if (!isScalar(type) && !isByteVector(type))
                return false;
              o.replaceAllUsesWith(load(loc, o.getAddr(), type));
              o.erase();
              return true;
            })
            .Case([&](LLVM::StoreOp o) {
              Type type = o.getValue().getType();
              if (!plainLLVMAccesses.contains(op))
                return true;
              if (!isScalar(type) && !isByteVector(type))
                return false;
              store(loc, o.getAddr(), o.getValue());
              o.erase();
              return true;
            })
            .Default([&](Operation *) { return !accessesGlobalMemref(op); });
    // Anything else that touches global memory reads and writes it
    // directly, once the thread's stores are there.
    if (!routed)
      settle(op);
  }
}

llvm::DenseSet<Operation *>
mlir::seg::emulator::collectPlainLLVMAccesses(func::FuncOp func) {
  llvm::DenseSet<Operation *> accesses;
  func.walk([&](Operation *op) {
    if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
      if (load.getOrdering() == LLVM::AtomicOrdering::not_atomic &&
          !load.getVolatile_() && !load.getInvariant())
        accesses.insert(op);
    } else if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
      if (store.getOrdering() == LLVM::AtomicOrdering::not_atomic &&
          !store.getVolatile_())
        accesses.insert(op);
    }
  });
  return accesses;
}

void mlir::seg::emulator::lowerMemoryAccesses(
    func::FuncOp func, RuntimeCalls &runtime,
    const llvm::DenseSet<Operation *> &plainLLVMAccesses, bool relaxAtomics) {
  MemoryAccessLowering(func, runtime, relaxAtomics).run(plainLLVMAccesses);
}
