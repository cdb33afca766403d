//===- GPUToEmulator.cpp - GPU kernels on the CPU emulator ---------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The pass driver and the host side of convert-gpu-to-seg-emulator: the
// contents of every gpu.module move into the host module (kernels lowered by
// KernelLowering.cpp), launches become calls to segEmuLaunch, and the host's
// device-memory operations become plain memref operations, since the
// emulated device shares the host's memory.
//
//===----------------------------------------------------------------------===//

#include "segir/Conversion/GPUToEmulator/GPUToEmulator.h"

#include "EmulatorRuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/RuntimeOpVerification.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace seg {
#define GEN_PASS_DEF_CONVERTGPUTOSEGEMULATOR
#include "segir/Conversion/Passes.h.inc"
} // namespace seg
} // namespace mlir

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::emulator;

namespace {
/// A lowered kernel and the name it has in reports.
struct KernelInfo {
  func::FuncOp func;
  int64_t staticSharedBytes = 0;
  std::string displayName;
};

/// The state of one run of the pass over a module.
class EmulatorLowering {
public:
  EmulatorLowering(ModuleOp module, bool check)
      : module(module), check(check), runtime(module),
        converter(module.getContext()) {}

  LogicalResult run();

private:
  LogicalResult lowerGPUModule(gpu::GPUModuleOp gpuModule,
                               const llvm::StringMap<unsigned> &kernelNames);
  LogicalResult lowerHost();
  LogicalResult lowerLaunch(gpu::LaunchFuncOp launch);

  ModuleOp module;
  bool check;
  RuntimeCalls runtime;
  LLVMTypeConverter converter;
  /// Kernels by "module::kernel".
  llvm::StringMap<KernelInfo> kernels;
};

struct ConvertGPUToSegEmulatorPass
    : public seg::impl::ConvertGPUToSegEmulatorBase<
          ConvertGPUToSegEmulatorPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // The bounds checks of `check` come from memref's runtime verification.
    memref::registerRuntimeVerifiableOpInterfaceExternalModels(registry);
  }

  void runOnOperation() override {
    if (failed(EmulatorLowering(getOperation(), check).run()))
      signalPassFailure();
  }
};
} // namespace

/// Removes every `#gpu.address_space` from memref types in `op`: on the
/// emulator all memory is the host's.
static void stripGPUAddressSpaces(Operation *op) {
  AttrTypeReplacer replacer;
  replacer.addReplacement([](MemRefType type) -> std::optional<Type> {
    if (!isa_and_nonnull<gpu::AddressSpaceAttr>(type.getMemorySpace()))
      return std::nullopt;
    return MemRefType::get(type.getShape(), type.getElementType(),
                           type.getLayout());
  });
  replacer.addReplacement([](UnrankedMemRefType type) -> std::optional<Type> {
    if (!isa_and_nonnull<gpu::AddressSpaceAttr>(type.getMemorySpace()))
      return std::nullopt;
    return UnrankedMemRefType::get(type.getElementType(), Attribute());
  });
  replacer.recursivelyReplaceElementsIn(op, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
}

/// `base` if the host module has no symbol of that name, else `base_N` for
/// the first N free in both the host and the gpu module.
static std::string uniqueSymbolName(StringRef base, SymbolTable &outer,
                                    SymbolTable &inner) {
  if (!outer.lookup(base))
    return base.str();
  for (unsigned i = 0;; ++i) {
    std::string name = (base + "_" + Twine(i)).str();
    if (!outer.lookup(name) && !inner.lookup(name))
      return name;
  }
}

LogicalResult EmulatorLowering::lowerGPUModule(
    gpu::GPUModuleOp gpuModule, const llvm::StringMap<unsigned> &kernelNames) {
  SymbolTable outer(module), inner(gpuModule);

  // Give every symbol a name that is free in the host module, and update the
  // uses inside the gpu.module.
  llvm::StringMap<std::string> originalNames;
  for (Operation &op : llvm::make_early_inc_range(*gpuModule.getBody())) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (!symbol)
      continue;
    StringRef oldName = symbol.getName();
    if (oldName.starts_with("segEmu") || oldName.starts_with("__seg_emu"))
      return op.emitOpError("uses the name @")
             << oldName << ", which is reserved for the SegIR emulator";
    std::string newName = uniqueSymbolName(oldName, outer, inner);
    originalNames[newName] = oldName.str();
    if (newName != oldName &&
        failed(inner.rename(&op, StringAttr::get(module.getContext(), newName))))
      return op.emitOpError("cannot be renamed to @") << newName;
  }

  for (Operation &op : llvm::make_early_inc_range(*gpuModule.getBody())) {
    if (auto gpuFunc = dyn_cast<gpu::GPUFuncOp>(op)) {
      std::string name = gpuFunc.getName().str();
      std::string original = originalNames.lookup(name);
      bool kernel = gpuFunc.isKernel();
      FailureOr<LoweredKernel> lowered =
          lowerGPUFunc(gpuFunc, name, runtime, converter, check);
      if (failed(lowered))
        return failure();
      if (!kernel)
        continue;
      // A kernel is called by its name in reports, qualified by its module
      // where another module has a kernel of the same name.
      std::string qualified =
          (gpuModule.getName() + "::" + Twine(original)).str();
      KernelInfo &info = kernels[qualified];
      info.func = lowered->func;
      info.staticSharedBytes = lowered->staticSharedBytes;
      info.displayName =
          kernelNames.lookup(original) > 1 ? qualified : original;
    } else if (auto func = dyn_cast<func::FuncOp>(op)) {
      if (!func.isExternal() &&
          failed(lowerDeviceBody(func, runtime, converter,
                                 /*staticSharedBytes=*/0, check)))
        return failure();
    }
  }

  // Everything moves to the host module, in order, where the gpu.module was.
  for (Operation &op : llvm::make_early_inc_range(*gpuModule.getBody())) {
    op.moveBefore(gpuModule);
    if (isa<SymbolOpInterface>(op))
      outer.insert(&op, Block::iterator(&op));
  }
  gpuModule.erase();
  return success();
}

/// The launch sizes as i64.
static Value toI64(OpBuilder &b, Location loc, Value value) {
  Type i64 = b.getI64Type();
  if (isa<IndexType>(value.getType()))
    return arith::IndexCastOp::create(b, loc, i64, value);
  if (value.getType().getIntOrFloatBitWidth() < 64)
    return arith::ExtUIOp::create(b, loc, i64, value);
  return value;
}

LogicalResult
EmulatorLowering::lowerLaunch(gpu::LaunchFuncOp launch) {
  Location loc = launch.getLoc();
  if (launch.hasClusterSize())
    return launch.emitOpError(
        "with clusters is not supported by the SegIR emulator");
  if (launch.getAsyncObject())
    return launch.emitOpError("on a stream object is not supported by the "
                              "SegIR emulator");
  std::string qualified = (launch.getKernelModuleName().getValue() + "::" +
                           launch.getKernelName().getValue())
                              .str();
  auto it = kernels.find(qualified);
  if (it == kernels.end())
    return launch.emitOpError("launches @")
           << launch.getKernelModuleName().getValue() << "::@"
           << launch.getKernelName().getValue()
           << ", which is not a kernel of a gpu.module in this module";
  KernelInfo kernel = it->second;

  // The argument slots live in the entry block of the enclosing allocation
  // scope, so that a launch in a loop does not grow the stack.
  Operation *scope =
      launch->getParentWithTrait<OpTrait::AutomaticAllocationScope>();
  if (!scope)
    return launch.emitOpError("is not inside a function");
  Region *region = launch->getParentRegion();
  while (region->getParentOp() != scope)
    region = region->getParentOp()->getParentRegion();

  MLIRContext *context = module.getContext();
  Type ptr = pointerType(context);
  Type i64 = IntegerType::get(context, 64);
  OpBuilder entry = OpBuilder::atBlockBegin(&region->front());
  OpBuilder b(launch);
  ValueRange operands = launch.getKernelOperands();
  Value args;
  if (operands.empty()) {
    args = LLVM::ZeroOp::create(b, loc, ptr);
  } else {
    Value count = LLVM::ConstantOp::create(entry, loc, i64, operands.size());
    args = LLVM::AllocaOp::create(entry, loc, ptr, ptr, count);
  }
  Value one;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    Type packedType = packedArgumentType(converter, operand.getType());
    if (!packedType)
      return launch.emitOpError("argument #")
             << i << " of type " << operand.getType()
             << " cannot be passed to a kernel on the SegIR emulator";
    if (!one)
      one = LLVM::ConstantOp::create(entry, loc, i64, 1);
    Value slot = LLVM::AllocaOp::create(entry, loc, ptr, packedType, one);
    LLVM::StoreOp::create(b, loc, packArgument(b, loc, operand, packedType),
                          slot);
    Value element = LLVM::GEPOp::create(b, loc, ptr, ptr, args,
                                        ArrayRef<LLVM::GEPArg>{int32_t(i)});
    LLVM::StoreOp::create(b, loc, slot, element);
  }

  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  Value shared = LLVM::ConstantOp::create(b, loc, i64, kernel.staticSharedBytes);
  if (Value dynamic = launch.getDynamicSharedMemorySize())
    shared = LLVM::AddOp::create(b, loc, shared, toI64(b, loc, dynamic));
  Value function = func::ConstantOp::create(
      b, loc, kernel.func.getFunctionType(),
      FlatSymbolRefAttr::get(kernel.func.getSymNameAttr()));
  Value name = runtime.string(b, loc, kernel.displayName);
  SmallVector<Value> callArgs = {
      function,           args,
      toI64(b, loc, grid.x),  toI64(b, loc, grid.y),
      toI64(b, loc, grid.z),  toI64(b, loc, block.x),
      toI64(b, loc, block.y), toI64(b, loc, block.z),
      shared,             name};
  SmallVector<Type> types(callArgs.size(), i64);
  types[0] = kernel.func.getFunctionType();
  types[1] = ptr;
  types.back() = ptr;
  runtime.call(b, loc, "segEmuLaunch", FunctionType::get(context, types, {}),
                callArgs);
  return success();
}

/// Fills `memref` with `value` in a loop nest.
static void fill(OpBuilder &b, Location loc, Value memref, Value value) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<Value> lower, upper, steps;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t d = 0; d < type.getRank(); ++d) {
    lower.push_back(zero);
    upper.push_back(memref::DimOp::create(b, loc, memref, d));
    steps.push_back(one);
  }
  if (type.getRank() == 0) {
    memref::StoreOp::create(b, loc, value, memref);
    return;
  }
  scf::buildLoopNest(b, loc, lower, upper, steps,
                     [&](OpBuilder &nested, Location l, ValueRange ivs) {
                       memref::StoreOp::create(nested, l, value, memref, ivs);
                     });
}

LogicalResult EmulatorLowering::lowerHost() {
  // Host-side gpu ops in program order (every producer of an async token
  // before its users).
  SmallVector<Operation *> ops;
  WalkResult walk = module.walk([&](Operation *op) -> WalkResult {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          if (isa<gpu::AsyncTokenType>(argument.getType()))
            return op->emitOpError(
                "has a block argument of type !gpu.async.token; the SegIR "
                "emulator removes async tokens and only accepts them as "
                "operands of gpu ops");
    if (isa<gpu::GPUDialect>(op->getDialect()))
      ops.push_back(op);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  llvm::DenseSet<Operation *> erased(ops.begin(), ops.end());
  for (Operation *op : ops)
    for (Value result : op->getResults())
      if (isa<gpu::AsyncTokenType>(result.getType()))
        for (Operation *user : result.getUsers())
          if (!erased.contains(user))
            return user->emitOpError(
                "uses an async token; the SegIR emulator removes async "
                "tokens and only accepts them as operands of gpu ops");

  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    LogicalResult result =
        TypeSwitch<Operation *, LogicalResult>(op)
            .Case([&](gpu::LaunchFuncOp o) { return lowerLaunch(o); })
            .Case([&](gpu::AllocOp o) {
              auto alloc = memref::AllocOp::create(
                  b, loc, o.getMemref().getType(), o.getDynamicSizes(),
                  o.getSymbolOperands(), b.getI64IntegerAttr(64));
              o.getMemref().replaceAllUsesWith(alloc.getResult());
              return success();
            })
            .Case([&](gpu::DeallocOp o) {
              memref::DeallocOp::create(b, loc, o.getMemref());
              return success();
            })
            .Case([&](gpu::MemcpyOp o) {
              memref::CopyOp::create(b, loc, o.getSrc(), o.getDst());
              return success();
            })
            .Case([&](gpu::MemsetOp o) {
              fill(b, loc, o.getDst(), o.getValue());
              return success();
            })
            // Launches are synchronous and all memory is the host's.
            .Case<gpu::WaitOp, gpu::HostRegisterOp, gpu::HostUnregisterOp,
                  gpu::SetDefaultDeviceOp>([](Operation *) { return success(); })
            .Case([](gpu::LaunchOp o) {
              return o.emitOpError("must be outlined first "
                                   "(gpu-kernel-outlining) for the SegIR "
                                   "emulator");
            })
            .Default([](Operation *o) {
              return o->emitOpError(
                  "is not supported by the SegIR emulator");
            });
    if (failed(result))
      return failure();
  }
  for (Operation *op : llvm::reverse(ops))
    op->erase();
  return success();
}

LogicalResult EmulatorLowering::run() {
  MLIRContext *context = module.getContext();

  for (Operation &op : *module.getBody())
    if (isa<gpu::BinaryOp>(op)) {
      return op.emitOpError("holds serialized kernels; the SegIR emulator "
                            "needs the gpu.module they were compiled from");
    }

  // gpu.all_reduce has an upstream expansion into shuffles and shared
  // memory; the emulator runs that.
  SmallVector<gpu::GPUModuleOp> gpuModules(
      module.getBody()->getOps<gpu::GPUModuleOp>());
  for (gpu::GPUModuleOp gpuModule : gpuModules) {
    RewritePatternSet patterns(context);
    populateGpuAllReducePatterns(patterns);
    if (failed(applyPatternsGreedily(gpuModule, std::move(patterns))))
      return gpuModule.emitOpError("gpu.all_reduce expansion did not "
                                   "converge");
  }

  stripGPUAddressSpaces(module);

  // Kernel names that occur in more than one gpu.module are qualified.
  llvm::StringMap<unsigned> kernelNames;
  for (gpu::GPUModuleOp gpuModule : gpuModules)
    for (auto gpuFunc : gpuModule.getOps<gpu::GPUFuncOp>())
      if (gpuFunc.isKernel())
        ++kernelNames[gpuFunc.getName()];

  for (gpu::GPUModuleOp gpuModule : gpuModules)
    if (failed(lowerGPUModule(gpuModule, kernelNames)))
      return failure();
  if (failed(lowerHost()))
    return failure();

  // Casts between address spaces are now casts to the same type.
  module.walk([](memref::MemorySpaceCastOp cast) {
    if (cast.getSource().getType() == cast.getType()) {
      cast.replaceAllUsesWith(cast.getSource());
      cast.erase();
    }
  });
  module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  return runtime.status();
}
