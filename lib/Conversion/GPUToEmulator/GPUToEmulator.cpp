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
#include "HopperLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/RuntimeOpVerification.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
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
  EmulatorLowering(ModuleOp module, const DeviceLoweringOptions &options)
      : module(module), options(options), runtime(module),
        converter(module.getContext()) {}

  LogicalResult run();

private:
  /// Lowers the functions of a gpu.module in place.
  LogicalResult lowerGPUModule(gpu::GPUModuleOp gpuModule,
                               const llvm::StringMap<unsigned> &kernelNames);
  /// Moves everything out of the gpu.modules into the host module, renaming
  /// what clashes with host symbols or with each other, and erases them.
  LogicalResult moveOutOfGPUModules(ArrayRef<gpu::GPUModuleOp> gpuModules);
  LogicalResult lowerHost();
  LogicalResult lowerLaunch(gpu::LaunchFuncOp launch);
  /// Makes the host wait, before `op`, for the asynchronous launches it
  /// depends on (an async op), or for all of them (an op the host runs
  /// synchronously).
  void waitBefore(Operation *op);
  /// The scope (i64) of the host task that runs `op`, for segEmuLaunchAsync
  /// and segEmuSynchronize: 0 in a function, a scope of its own in an
  /// async.execute body, which the async runtime runs concurrently with
  /// the rest of the program.
  Value scopeOf(OpBuilder &b, Location loc, Operation *op);

  ModuleOp module;
  DeviceLoweringOptions options;
  RuntimeCalls runtime;
  LLVMTypeConverter converter;
  /// Kernels by "module::kernel".
  llvm::StringMap<KernelInfo> kernels;
  /// The ids (i64) of the asynchronous launches that each async token
  /// stands for (gpu.wait async merges them).
  llvm::DenseMap<Value, SmallVector<Value, 2>> launchesOfToken;
  /// The scope of each async.execute body that launches or waits.
  llvm::DenseMap<Operation *, Value> scopeOfBody;
  /// The layout of each gpu.module's workgroup globals in the blocks'
  /// shared memory.
  llvm::DenseMap<Operation *, WorkgroupGlobals> workgroupGlobals;
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
    DeviceLoweringOptions options;
    options.check = check;
    options.dropFences = testDropFences;
    options.relaxAtomics = testRelaxAtomics;
    if (failed(EmulatorLowering(getOperation(), options).run()))
      signalPassFailure();
  }
};
} // namespace

/// Removes address spaces from the types in `op`: every `#gpu.address_space`
/// of a memref, and with `deviceCode` also the numbered memory spaces of
/// memrefs and LLVM pointers that NVVM code uses (3, shared, for mbarriers
/// and TMA boxes in upstream's convert-nvgpu-to-nvvm output): on the
/// emulator all memory is the host's.
static void stripAddressSpaces(Operation *op, bool deviceCode) {
  auto stripped = [&](Attribute space) {
    return space && (isa<gpu::AddressSpaceAttr>(space) ||
                     (deviceCode && isa<IntegerAttr>(space)));
  };
  AttrTypeReplacer replacer;
  replacer.addReplacement([&](MemRefType type) -> std::optional<Type> {
    if (!stripped(type.getMemorySpace()))
      return std::nullopt;
    return MemRefType::get(type.getShape(), type.getElementType(),
                           type.getLayout());
  });
  replacer.addReplacement([&](UnrankedMemRefType type) -> std::optional<Type> {
    if (!stripped(type.getMemorySpace()))
      return std::nullopt;
    return UnrankedMemRefType::get(type.getElementType(), Attribute());
  });
  if (deviceCode)
    replacer.addReplacement(
        [](LLVM::LLVMPointerType type) -> std::optional<Type> {
          if (type.getAddressSpace() == 0)
            return std::nullopt;
          return LLVM::LLVMPointerType::get(type.getContext());
        });
  replacer.recursivelyReplaceElementsIn(op, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
}

LogicalResult
EmulatorLowering::lowerGPUModule(gpu::GPUModuleOp gpuModule,
                                 const llvm::StringMap<unsigned> &kernelNames) {
  for (Operation &op : *gpuModule.getBody()) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (symbol && (symbol.getName().starts_with("segEmu") ||
                   symbol.getName().starts_with("__seg_emu")))
      return op.emitOpError("uses the name @")
             << symbol.getName() << ", which is reserved for the SegIR "
             << "emulator";
  }
  if (failed(placeWorkgroupGlobals(gpuModule,
                                   workgroupGlobals.lookup(gpuModule), runtime,
                                   converter)))
    return failure();
  // Functions are lowered in place and keep their names, so that the uses
  // inside the gpu.module stay valid until moveOutOfGPUModules.
  for (Operation &op : llvm::make_early_inc_range(*gpuModule.getBody())) {
    if (auto gpuFunc = dyn_cast<gpu::GPUFuncOp>(op)) {
      std::string name = gpuFunc.getName().str();
      bool kernel = gpuFunc.isKernel();
      FailureOr<LoweredKernel> lowered =
          lowerGPUFunc(gpuFunc, name, runtime, converter, options,
                       workgroupGlobals.lookup(gpuModule).bytes);
      if (failed(lowered))
        return failure();
      if (!kernel)
        continue;
      // A kernel is called by its name in reports, qualified by its module
      // where another module has a kernel of the same name.
      std::string qualified = (gpuModule.getName() + "::" + name).str();
      KernelInfo &info = kernels[qualified];
      info.func = lowered->func;
      info.staticSharedBytes = lowered->staticSharedBytes;
      info.displayName = kernelNames.lookup(name) > 1 ? qualified : name;
    } else if (auto func = dyn_cast<func::FuncOp>(op)) {
      if (!func.isExternal() &&
          failed(lowerDeviceBody(func, runtime, converter,
                                 /*sharedBuffer=*/nullptr, options)))
        return failure();
    }
  }
  return success();
}

LogicalResult
EmulatorLowering::moveOutOfGPUModules(ArrayRef<gpu::GPUModuleOp> gpuModules) {
  MLIRContext *context = module.getContext();
  // The names taken in the host module once the gpu.modules are gone.
  llvm::StringSet<> taken;
  for (Operation &op : *module.getBody())
    if (auto symbol = dyn_cast<SymbolOpInterface>(op))
      if (!isa<gpu::GPUModuleOp>(op))
        taken.insert(symbol.getName());
  for (gpu::GPUModuleOp gpuModule : gpuModules) {
    SymbolTable inner(gpuModule);
    for (Operation &op : llvm::make_early_inc_range(*gpuModule.getBody())) {
      auto symbol = dyn_cast<SymbolOpInterface>(op);
      if (!symbol)
        continue;
      std::string name = symbol.getName().str();
      for (unsigned i = 0; taken.contains(name) || (i && inner.lookup(name));
           ++i)
        name = (symbol.getName() + "_" + Twine(i)).str();
      taken.insert(name);
      if (name != symbol.getName() &&
          failed(inner.rename(&op, StringAttr::get(context, name))))
        return op.emitOpError("cannot be renamed to @") << name;
    }
    for (Operation &op : llvm::make_early_inc_range(*gpuModule.getBody()))
      op.moveBefore(gpuModule);
  }
  for (gpu::GPUModuleOp gpuModule : gpuModules)
    gpuModule.erase();
  return success();
}

/// The host task that runs `op`: the innermost async.execute or function
/// around it (null if none). A task's launches read their arguments from its
/// frame, and it waits for them before it ends.
static Operation *hostTask(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<async::ExecuteOp, FunctionOpInterface>(parent))
      return parent;
  return nullptr;
}

/// The body of the host task `task`.
static Region &taskBody(Operation *task) {
  if (auto execute = dyn_cast<async::ExecuteOp>(task))
    return execute.getBodyRegion();
  return cast<FunctionOpInterface>(task).getFunctionBody();
}

Value EmulatorLowering::scopeOf(OpBuilder &b, Location loc, Operation *op) {
  Operation *task = hostTask(op);
  if (!isa_and_nonnull<async::ExecuteOp>(task))
    return LLVM::ConstantOp::create(b, loc, b.getI64Type(), 0);
  Value &scope = scopeOfBody[task];
  if (!scope) {
    OpBuilder entry = OpBuilder::atBlockBegin(&taskBody(task).front());
    scope = runtime
                .call(entry, task->getLoc(), "segEmuBeginScope",
                      entry.getFunctionType({}, {entry.getI64Type()}), {})
                .getResult(0);
  }
  return scope;
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

LogicalResult EmulatorLowering::lowerLaunch(gpu::LaunchFuncOp launch) {
  Location loc = launch.getLoc();
  if (launch.hasClusterSize())
    return launch.emitOpError(
        "with clusters is not supported by the SegIR emulator");
  if (launch.getAsyncObject())
    return launch.emitOpError("on a stream object is not supported by the "
                              "SegIR emulator");
  std::string qualified = (launch.getKernelModuleName().getValue() +
                           "::" + launch.getKernelName().getValue())
                              .str();
  auto it = kernels.find(qualified);
  if (it == kernels.end())
    return launch.emitOpError("launches @")
           << launch.getKernelModuleName().getValue() << "::@"
           << launch.getKernelName().getValue()
           << ", which is not a kernel of a gpu.module in this module";
  KernelInfo kernel = it->second;

  // The argument slots live in the entry block of the enclosing function or
  // async.execute body, so that a launch in a loop does not grow the stack
  // and concurrent bodies do not share them.
  Operation *host = hostTask(launch);
  if (!host)
    return launch.emitOpError("is not inside a function");
  Region *region = &taskBody(host);

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
  Value staticShared =
      LLVM::ConstantOp::create(b, loc, i64, kernel.staticSharedBytes);
  Value dynamicShared = launch.getDynamicSharedMemorySize();
  dynamicShared = dynamicShared ? toI64(b, loc, dynamicShared)
                                : LLVM::ConstantOp::create(b, loc, i64, 0);
  Value function = func::ConstantOp::create(
      b, loc, kernel.func.getFunctionType(),
      FlatSymbolRefAttr::get(kernel.func.getSymNameAttr()));
  Value name = runtime.string(b, loc, kernel.displayName);
  SmallVector<Value> callArgs = {function,
                                 args,
                                 toI64(b, loc, grid.x),
                                 toI64(b, loc, grid.y),
                                 toI64(b, loc, grid.z),
                                 toI64(b, loc, block.x),
                                 toI64(b, loc, block.y),
                                 toI64(b, loc, block.z),
                                 staticShared,
                                 dynamicShared,
                                 name};
  SmallVector<Type> types(callArgs.size(), i64);
  types[0] = kernel.func.getFunctionType();
  types[1] = ptr;
  types.back() = ptr;
  // An async launch runs concurrently with the host and other launches
  // until something waits for its token.
  if (Value token = launch.getAsyncToken()) {
    callArgs.push_back(scopeOf(b, loc, launch));
    types.push_back(i64);
    func::CallOp call =
        runtime.call(b, loc, "segEmuLaunchAsync",
                     FunctionType::get(context, types, {i64}), callArgs);
    launchesOfToken[token].push_back(call.getResult(0));
    return success();
  }
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

void EmulatorLowering::waitBefore(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  auto async = dyn_cast<gpu::AsyncOpInterface>(op);
  if (!async ||
      (!async.getAsyncToken() &&
       (!isa<gpu::WaitOp>(op) || async.getAsyncDependencies().empty()))) {
    runtime.call(b, loc, "segEmuSynchronize",
                 b.getFunctionType({b.getI64Type()}, {}),
                 {scopeOf(b, loc, op)});
    return;
  }
  SmallVector<Value> launches;
  for (Value dependency : async.getAsyncDependencies())
    llvm::append_range(launches, launchesOfToken.lookup(dependency));
  // gpu.wait async only merges its dependencies into its token.
  if (isa<gpu::WaitOp>(op) && async.getAsyncToken()) {
    launchesOfToken[async.getAsyncToken()].assign(launches);
    return;
  }
  for (Value launch : launches)
    runtime.call(b, loc, "segEmuWaitLaunch",
                 b.getFunctionType({b.getI64Type()}, {}), {launch});
}

LogicalResult EmulatorLowering::lowerHost() {
  // Host-side gpu ops in program order (every producer of an async token
  // before its users).
  SmallVector<Operation *> ops;
  WalkResult walk =
      module.walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
        if (auto launch = dyn_cast<gpu::LaunchOp>(op))
          return launch.emitOpError("must be outlined first "
                                    "(gpu-kernel-outlining) for the SegIR "
                                    "emulator");
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

  // Host code waits for asynchronous launches only where it must (without
  // any, nothing waits). A function or async.execute body that launches
  // asynchronously waits for its launches before it ends: they read their
  // arguments from its frame.
  llvm::SetVector<Operation *> launchingTasks;
  for (Operation *op : ops)
    if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op))
      if (Operation *task = hostTask(launch); task && launch.getAsyncToken())
        launchingTasks.insert(task);
  bool anyAsyncLaunch = !launchingTasks.empty();
  for (Operation *task : launchingTasks)
    for (Block &block : taskBody(task)) {
      Operation *terminator = block.getTerminator();
      if (!terminator->hasTrait<OpTrait::ReturnLike>())
        continue;
      OpBuilder b(terminator);
      runtime.call(b, terminator->getLoc(), "segEmuSynchronize",
                   b.getFunctionType({b.getI64Type()}, {}),
                   {scopeOf(b, terminator->getLoc(), terminator)});
    }
  for (Operation *op : ops) {
    if (anyAsyncLaunch && !isa<gpu::SetDefaultDeviceOp>(op))
      waitBefore(op);
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
                  gpu::SetDefaultDeviceOp>(
                [](Operation *) { return success(); })
            .Default([](Operation *o) {
              return o->emitOpError("is not supported by the SegIR emulator");
            });
    if (failed(result))
      return failure();
  }
  for (Operation *op : llvm::reverse(ops))
    op->erase();
  return success();
}

/// Rejects the async dialect in device code: the emulator's kernels are
/// plain functions called on fibers, which the async runtime cannot run.
/// Host code keeps its async ops for upstream's async lowering.
static LogicalResult rejectAsyncOpsInKernels(ModuleOp module) {
  WalkResult walk = module.walk([](gpu::GPUModuleOp gpuModule) -> WalkResult {
    return gpuModule.walk<WalkOrder::PreOrder>([](Operation *op) -> WalkResult {
      if (!isa_and_nonnull<async::AsyncDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitOpError("in device code is not supported by the SegIR emulator");
      return WalkResult::interrupt();
    });
  });
  return failure(walk.wasInterrupted());
}

LogicalResult EmulatorLowering::run() {
  MLIRContext *context = module.getContext();
  if (failed(rejectAsyncOpsInKernels(module)))
    return failure();

  for (Operation &op : *module.getBody())
    if (isa<gpu::BinaryOp>(op)) {
      return op.emitOpError("holds serialized kernels; the SegIR emulator "
                            "needs the gpu.module they were compiled from");
    }

  // gpu.all_reduce has an upstream expansion into shuffles and shared
  // memory (a pattern on the gpu.func); the emulator runs that. Only those
  // functions are rewritten, and nothing else is folded: a greedy rewrite of
  // everything would erase spin loops that only read memory, as dead code.
  SmallVector<gpu::GPUModuleOp> gpuModules(
      module.getBody()->getOps<gpu::GPUModuleOp>());
  SmallVector<Operation *> withAllReduce;
  for (gpu::GPUModuleOp gpuModule : gpuModules)
    for (auto gpuFunc : gpuModule.getOps<gpu::GPUFuncOp>())
      if (gpuFunc.walk([](gpu::AllReduceOp) { return WalkResult::interrupt(); })
              .wasInterrupted())
        withAllReduce.push_back(gpuFunc);
  if (!withAllReduce.empty()) {
    RewritePatternSet patterns(context);
    populateGpuAllReducePatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(withAllReduce, std::move(patterns), config);
    WalkResult left = module.walk([](gpu::AllReduceOp op) {
      op.emitOpError("could not be expanded for the SegIR emulator "
                     "(upstream's expansion takes `uniform` reductions in "
                     "kernels)");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      return failure();
  }

  // Workgroup globals are told apart by their address space, so they are
  // laid out before the address spaces go.
  for (gpu::GPUModuleOp gpuModule : gpuModules) {
    FailureOr<WorkgroupGlobals> globals = collectWorkgroupGlobals(gpuModule);
    if (failed(globals))
      return failure();
    workgroupGlobals[gpuModule] = std::move(*globals);
  }
  for (gpu::GPUModuleOp gpuModule : gpuModules)
    stripAddressSpaces(gpuModule, /*deviceCode=*/true);
  stripAddressSpaces(module, /*deviceCode=*/false);

  // Kernel names that occur in more than one gpu.module are qualified.
  llvm::StringMap<unsigned> kernelNames;
  for (gpu::GPUModuleOp gpuModule : gpuModules)
    for (auto gpuFunc : gpuModule.getOps<gpu::GPUFuncOp>())
      if (gpuFunc.isKernel())
        ++kernelNames[gpuFunc.getName()];

  for (gpu::GPUModuleOp gpuModule : gpuModules)
    if (failed(lowerGPUModule(gpuModule, kernelNames)))
      return failure();
  if (failed(moveOutOfGPUModules(gpuModules)))
    return failure();
  if (failed(lowerHopperHostOps(module, runtime)) || failed(lowerHost()))
    return failure();

  // Casts between address spaces are now casts to the same type.
  module.walk([](Operation *op) {
    if (!isa<memref::MemorySpaceCastOp, LLVM::AddrSpaceCastOp>(op) ||
        op->getOperand(0).getType() != op->getResult(0).getType())
      return;
    op->getResult(0).replaceAllUsesWith(op->getOperand(0));
    op->erase();
  });
  module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  return runtime.status();
}
