//===- GPUFuncLowering.cpp - gpu.func as a CPU function -------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The signature side of convert-gpu-to-seg-emulator's device lowering: a
// gpu.func becomes a func.func of one `!llvm.ptr`, the packed argument
// array, which unpacks its arguments and carves its workgroup and private
// attributions; its body is then lowered by lowerDeviceBody
// (KernelLowering.cpp).
//
//===----------------------------------------------------------------------===//

#include "EmulatorRuntimeCalls.h"
#include "segir/Runtime/EmulatorRuntime.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::seg::emulator;

FailureOr<LoweredKernel> mlir::seg::emulator::lowerGPUFunc(
    gpu::GPUFuncOp gpuFunc, StringRef name, RuntimeCalls &runtime,
    const LLVMTypeConverter &converter, const DeviceLoweringOptions &options,
    int64_t globalSharedBytes) {
  MLIRContext *context = gpuFunc.getContext();
  Location loc = gpuFunc.getLoc();
  bool kernel = gpuFunc.isKernel();
  FunctionType gpuType = gpuFunc.getFunctionType();

  // Check everything before changing anything.
  SmallVector<Type> packedTypes;
  if (kernel) {
    for (auto [i, type] : llvm::enumerate(gpuType.getInputs())) {
      packedTypes.push_back(packedArgumentType(converter, type));
      if (!packedTypes.back())
        return gpuFunc.emitOpError("argument #")
               << i << " of type " << type
               << " cannot be passed to a kernel on the SegIR emulator";
    }
  }
  // Copies: adding the packed-arguments argument moves the block's list.
  SmallVector<BlockArgument> workgroup(gpuFunc.getWorkgroupAttributions());
  SmallVector<BlockArgument> privates(gpuFunc.getPrivateAttributions());
  if (!kernel && !workgroup.empty())
    return gpuFunc.emitOpError("has workgroup attributions but is not a "
                               "kernel; the SegIR emulator places them only "
                               "in kernels");
  // Static shared memory: the module's workgroup globals, then the
  // workgroup attributions one after the other, each aligned to 16 bytes
  // (or more if its element type needs it).
  DataLayout layout = DataLayout::closest(gpuFunc);
  SmallVector<int64_t> offsets;
  int64_t sharedBytes = globalSharedBytes;
  for (BlockArgument attribution : workgroup) {
    auto type = dyn_cast<MemRefType>(attribution.getType());
    Type element = type ? type.getElementType() : Type();
    if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
        !(element.isIntOrIndexOrFloat() || isa<VectorType>(element)))
      return gpuFunc.emitOpError("workgroup attribution of type ")
             << attribution.getType()
             << " is not supported by the SegIR emulator (statically shaped "
                "memrefs of integers, floats or vectors with the identity "
                "layout are)";
    int64_t align = std::max<int64_t>(16, layout.getTypeABIAlignment(element));
    sharedBytes = llvm::alignTo(sharedBytes, align);
    offsets.push_back(sharedBytes);
    sharedBytes +=
        type.getNumElements() * layout.getTypeSize(element).getFixedValue();
  }
  sharedBytes = llvm::alignTo(sharedBytes, 16);
  for (BlockArgument attribution : privates) {
    auto type = dyn_cast<MemRefType>(attribution.getType());
    if (!type || !type.hasStaticShape())
      return gpuFunc.emitOpError("private attribution of type ")
             << attribution.getType()
             << " is not supported by the SegIR emulator (statically shaped "
                "memrefs are)";
  }

  OpBuilder builder(gpuFunc);
  Type ptr = pointerType(context);
  FunctionType type = kernel ? FunctionType::get(context, {ptr}, {}) : gpuType;
  auto func = func::FuncOp::create(builder, loc, name, type);
  func.setPrivate();
  func.getBody().takeBody(gpuFunc.getBody());
  Block &entry = func.front();
  unsigned numInputs = gpuType.getNumInputs();
  unsigned numOldArguments = entry.getNumArguments();
  builder.setInsertionPointToStart(&entry);

  if (kernel) {
    // args[i] points to the i-th argument in its packed type.
    Value args = entry.addArgument(ptr, loc);
    for (unsigned i = 0; i < numInputs; ++i) {
      BlockArgument argument = entry.getArgument(i);
      Value slot = LLVM::GEPOp::create(builder, loc, ptr, ptr, args,
                                       ArrayRef<LLVM::GEPArg>{int32_t(i)});
      // Invariant: the memory model leaves these loads alone.
      Value address = LLVM::LoadOp::create(builder, loc, ptr, slot,
                                           /*alignment=*/0,
                                           /*isVolatile=*/false,
                                           /*isNonTemporal=*/false,
                                           /*isInvariant=*/true);
      Value packed = LLVM::LoadOp::create(builder, loc, packedTypes[i], address,
                                          /*alignment=*/0,
                                          /*isVolatile=*/false,
                                          /*isNonTemporal=*/false,
                                          /*isInvariant=*/true);
      argument.replaceAllUsesWith(
          unpackArgument(builder, loc, packed, argument.getType()));
    }
  }
  Value buffer;
  if (!workgroup.empty()) {
    buffer = emitSharedBuffer(builder, loc, runtime, converter);
    for (auto [attribution, offset] : llvm::zip(workgroup, offsets)) {
      Value shift = arith::ConstantIndexOp::create(builder, loc, offset);
      attribution.replaceAllUsesWith(memref::ViewOp::create(
          builder, loc, attribution.getType(), buffer, shift, ValueRange{}));
    }
  }
  for (BlockArgument attribution : privates)
    attribution.replaceAllUsesWith(memref::AllocaOp::create(
        builder, loc, cast<MemRefType>(attribution.getType())));
  unsigned firstErased = kernel ? 0 : numInputs;
  entry.eraseArguments(firstErased, numOldArguments - firstErased);
  gpuFunc.erase();

  if (failed(lowerDeviceBody(func, runtime, converter, buffer, options)))
    return failure();
  return LoweredKernel{func, sharedBytes};
}
