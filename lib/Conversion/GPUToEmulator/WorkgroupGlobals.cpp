//===- WorkgroupGlobals.cpp - Workgroup globals in each block -------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A `memref.global` (or `llvm.mlir.global`) of a gpu.module in workgroup
// memory is static shared memory on a GPU: every block has its own copy.
// On the emulator these globals are laid out at the start of each block's
// shared memory, before the kernel's workgroup attributions (which start at
// a multiple of 1024 bytes after them), and their
// uses (`memref.get_global`, `llvm.mlir.addressof`) become views of the
// calling block's shared memory, in kernels and in the functions they call.
//
//===----------------------------------------------------------------------===//

#include "EmulatorRuntimeCalls.h"
#include "segir/Target/Chips.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::seg::emulator;

/// Whether `space` is workgroup (shared) memory: `#gpu.address_space<
/// workgroup>` or NVVM's address space 3.
static bool isWorkgroupSpace(Attribute space) {
  if (auto gpuSpace = dyn_cast_if_present<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  if (auto number = dyn_cast_if_present<IntegerAttr>(space))
    return static_cast<unsigned>(number.getInt()) ==
           NVVM::NVVMMemorySpace::Shared;
  return false;
}

FailureOr<WorkgroupGlobals>
mlir::seg::emulator::collectWorkgroupGlobals(gpu::GPUModuleOp gpuModule) {
  WorkgroupGlobals globals;
  DataLayout layout = DataLayout::closest(gpuModule);
  auto place = [&](Operation *op, StringRef name, int64_t bytes,
                   int64_t alignment) {
    globals.bytes =
        llvm::alignTo(globals.bytes, std::max<int64_t>(16, alignment));
    globals.offsets[name] = globals.bytes;
    globals.bytes += bytes;
  };
  for (Operation &op : *gpuModule.getBody()) {
    if (auto global = dyn_cast<memref::GlobalOp>(op)) {
      MemRefType type = global.getType();
      if (!isWorkgroupSpace(type.getMemorySpace()))
        continue;
      Type element = type.getElementType();
      if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
          !(element.isIntOrIndexOrFloat() || isa<VectorType>(element)))
        return global.emitOpError("in workgroup memory of type ")
               << type
               << " is not supported by the SegIR emulator (statically "
                  "shaped memrefs of integers, floats or vectors with the "
                  "identity layout are)";
      if (global.getInitialValue() &&
          !isa<UnitAttr>(*global.getInitialValue()))
        return global.emitOpError(
            "in workgroup memory has an initial value; shared memory has "
            "none on a GPU");
      int64_t alignment = std::max<int64_t>(
          global.getAlignment().value_or(0),
          layout.getTypeABIAlignment(element));
      place(global, global.getSymName(),
            type.getNumElements() *
                static_cast<int64_t>(
                    layout.getTypeSize(element).getFixedValue()),
            alignment);
    } else if (auto global = dyn_cast<LLVM::GlobalOp>(op)) {
      if (global.getAddrSpace() != NVVM::NVVMMemorySpace::Shared)
        continue;
      if (global.getValueOrNull() || global.getInitializerBlock())
        return global.emitOpError(
            "in workgroup memory has an initial value; shared memory has "
            "none on a GPU");
      Type type = global.getGlobalType();
      place(global, global.getSymName(),
            static_cast<int64_t>(layout.getTypeSize(type).getFixedValue()),
            std::max<int64_t>(global.getAlignment().value_or(0),
                              layout.getTypeABIAlignment(type)));
    }
  }
  // The attributions after the globals keep the alignment they would have
  // at the start of shared memory, up to the 1024 bytes that 128-byte
  // swizzled TMA boxes and wgmma tiles need.
  if (globals.bytes)
    globals.bytes = llvm::alignTo(globals.bytes, kSwizzleAtomBytes);
  return globals;
}

LogicalResult mlir::seg::emulator::placeWorkgroupGlobals(
    gpu::GPUModuleOp gpuModule, const WorkgroupGlobals &globals,
    RuntimeCalls &runtime, const LLVMTypeConverter &converter) {
  if (globals.offsets.empty())
    return success();
  SmallVector<Operation *> uses;
  gpuModule.walk([&](Operation *op) {
    if (auto get = dyn_cast<memref::GetGlobalOp>(op);
        get && globals.offsets.contains(get.getName()))
      uses.push_back(op);
    if (auto address = dyn_cast<LLVM::AddressOfOp>(op);
        address && globals.offsets.contains(address.getGlobalName()))
      uses.push_back(op);
  });
  // The calling block's shared memory, built once at the entry of each
  // function that uses the globals: as a memref for memref.get_global, as
  // a pointer for llvm.mlir.addressof.
  llvm::DenseMap<Block *, Value> buffers, bases;
  auto atEntry = [](Operation *use) {
    Block &entry = use->getParentOfType<FunctionOpInterface>()
                       .getFunctionBody()
                       .front();
    return std::make_pair(&entry, OpBuilder::atBlockBegin(&entry));
  };
  for (Operation *use : uses) {
    Location loc = use->getLoc();
    auto [entry, entryBuilder] = atEntry(use);
    OpBuilder b(use);
    if (auto get = dyn_cast<memref::GetGlobalOp>(use)) {
      Value &buffer = buffers[entry];
      if (!buffer)
        buffer = emitSharedBuffer(entryBuilder, loc, runtime, converter);
      Value offset = arith::ConstantIndexOp::create(
          b, loc, globals.offsets.lookup(get.getName()));
      get.getResult().replaceAllUsesWith(
          memref::ViewOp::create(b, loc, get.getType(), buffer, offset,
                                 ValueRange{})
              .getResult());
    } else {
      auto address = cast<LLVM::AddressOfOp>(use);
      Type ptr = address.getType();
      Value &base = bases[entry];
      if (!base)
        base = runtime
                   .call(entryBuilder, loc, "segEmuSharedMemory",
                         FunctionType::get(b.getContext(), {}, {ptr}), {})
                   .getResult(0);
      address.getResult().replaceAllUsesWith(
          LLVM::GEPOp::create(
              b, loc, ptr, b.getI8Type(), base,
              ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(
                  globals.offsets.lookup(address.getGlobalName()))})
              .getResult());
    }
    use->erase();
  }
  // Any other reference to these globals has no meaning on the emulator.
  for (Operation &op : llvm::make_early_inc_range(*gpuModule.getBody())) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (!symbol || !globals.offsets.contains(symbol.getName()))
      continue;
    std::optional<SymbolTable::UseRange> left =
        SymbolTable::getSymbolUses(symbol, gpuModule);
    if (left && !left->empty())
      return left->begin()->getUser()->emitOpError(
                 "refers to workgroup global @")
             << symbol.getName()
             << " in a way the SegIR emulator cannot place in each block's "
                "shared memory";
    op.erase();
  }
  return success();
}
