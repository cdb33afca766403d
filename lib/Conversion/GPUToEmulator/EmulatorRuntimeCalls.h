//===- EmulatorRuntimeCalls.h - Calls into the emulator runtime -*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Helpers shared by the kernel and the host side of
// convert-gpu-to-seg-emulator: declarations of the runtime's entry points,
// constant strings, and how kernel arguments travel through the packed
// argument array.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_GPUTOEMULATOR_EMULATORRUNTIMECALLS_H
#define SEGIR_LIB_CONVERSION_GPUTOEMULATOR_EMULATORRUNTIMECALLS_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir {
namespace gpu {
class GPUFuncOp;
class GPUModuleOp;
} // namespace gpu
namespace seg {
namespace emulator {

/// Declares the runtime's functions (include/segir/Runtime/EmulatorRuntime.h)
/// and constant strings in a module as they are first used.
class RuntimeCalls {
public:
  explicit RuntimeCalls(ModuleOp module);

  /// Calls runtime function `name`, whose C signature is `type`.
  func::CallOp call(OpBuilder &builder, Location loc, StringRef name,
                    FunctionType type, ValueRange args);

  /// Calls the C library's printf with `args`, promoted as C varargs are.
  void printf(OpBuilder &builder, Location loc, StringRef format,
              ValueRange args);

  /// The address (`!llvm.ptr`) of a constant NUL-terminated copy of `text`.
  /// With `distinct`, the string gets a global of its own even if another
  /// has the same text: the runtime tells barriers and collectives apart by
  /// the address of their site string.
  Value string(OpBuilder &builder, Location loc, StringRef text,
               bool distinct = false);

  /// Fails if the module declared a runtime function with another type (an
  /// error was reported at that declaration).
  LogicalResult status() const { return success(!conflict); }

private:
  ModuleOp module;
  /// Functions declared or checked, by name.
  llvm::StringMap<func::FuncOp> functions;
  llvm::StringMap<Operation *> strings;
  unsigned numStrings = 0;
  bool printfDeclared = false;
  bool conflict = false;
};

/// Marks the cast that makes the block's shared memory a memref: memrefs
/// viewing it are local to the block.
constexpr llvm::StringLiteral kSharedMemoryAttrName = "seg_emu.shared_memory";

/// How device code is lowered.
struct DeviceLoweringOptions {
  /// Bounds-check every memref access at run time.
  bool check = false;
  /// Test mutations, applied to the GPU code before it is lowered, that
  /// make correct synchronisation incorrect: erase every llvm.fence, treat
  /// every atomic as relaxed.
  bool dropFences = false;
  bool relaxAtomics = false;
};

/// The type `!llvm.ptr`.
Type pointerType(MLIRContext *context);

/// "file:line:col" for the first file location in `loc`, else `loc` printed.
std::string describeLocation(Location loc);

/// The LLVM type in which a kernel argument of type `type` travels through
/// the packed `void **` array (the memref descriptor, i64 for index, the
/// type itself when LLVM-compatible), or null when it cannot.
Type packedArgumentType(const LLVMTypeConverter &converter, Type type);

/// Converts `value` to its packed type `packed`, and back.
Value packArgument(OpBuilder &builder, Location loc, Value value, Type packed);
Value unpackArgument(OpBuilder &builder, Location loc, Value packed, Type type);

/// The calling block's shared memory as a `memref<?xi8>`, built at the
/// builder's insertion point (KernelLowering.cpp).
Value emitSharedBuffer(OpBuilder &b, Location loc, RuntimeCalls &runtime,
                       const LLVMTypeConverter &converter);

/// Rewrites the body of a device function (a gpu.func already moved into a
/// func.func, or a func.func from a gpu.module) for the emulator, reusing
/// `sharedBuffer` (the block's shared memory as a `memref<?xi8>`) if the
/// caller already built it. Reports unsupported operations and fails.
LogicalResult lowerDeviceBody(func::FuncOp func, RuntimeCalls &runtime,
                              const LLVMTypeConverter &converter,
                              Value sharedBuffer,
                              const DeviceLoweringOptions &options);

/// What became of a kernel.
struct LoweredKernel {
  func::FuncOp func;
  /// Bytes of the workgroup globals and attributions, before the dynamic
  /// shared memory.
  int64_t staticSharedBytes = 0;
};

/// Turns the gpu.func `gpuFunc` into a func.func named `name` right before
/// it: a kernel takes `!llvm.ptr` (the packed arguments), any other function
/// keeps its signature. Its workgroup attributions follow the module's
/// `globalSharedBytes` of workgroup globals. Erases `gpuFunc` on success.
FailureOr<LoweredKernel> lowerGPUFunc(gpu::GPUFuncOp gpuFunc, StringRef name,
                                      RuntimeCalls &runtime,
                                      const LLVMTypeConverter &converter,
                                      const DeviceLoweringOptions &options,
                                      int64_t globalSharedBytes);

/// The globals of a gpu.module in workgroup memory (`memref.global` or
/// `llvm.mlir.global`), laid out at the start of each block's shared memory
/// (WorkgroupGlobals.cpp).
struct WorkgroupGlobals {
  llvm::StringMap<int64_t> offsets;
  /// Their bytes: 0, or a multiple of 1024, where the attributions start.
  int64_t bytes = 0;
};

/// Lays out the workgroup globals of `gpuModule`; run before address spaces
/// are dropped. Fails with a diagnostic for those the emulator cannot place.
FailureOr<WorkgroupGlobals> collectWorkgroupGlobals(gpu::GPUModuleOp gpuModule);

/// Rewrites the uses of `globals` in `gpuModule` into views of the calling
/// block's shared memory and erases the globals.
LogicalResult placeWorkgroupGlobals(gpu::GPUModuleOp gpuModule,
                                    const WorkgroupGlobals &globals,
                                    RuntimeCalls &runtime,
                                    const LLVMTypeConverter &converter);

} // namespace emulator
} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_GPUTOEMULATOR_EMULATORRUNTIMECALLS_H
