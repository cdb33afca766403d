//===- LoweringPlan.cpp - What convert-seg-to-gpu decides per op ---------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Checks a top-level seg op against the target and decides its lowering:
// the kernels it becomes and the shared memory each declares, which the
// emitters then allocate from.
//
//===----------------------------------------------------------------------===//

#include "LoweringPlan.h"

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/Utils/Checks.h"
#include "segir/Target/TargetInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::seg;

int64_t GPULoweringConfig::getBlockCap(int64_t blockSize) const {
  if (maxBlocks > 0)
    return maxBlocks;
  int64_t perSM = std::max<int64_t>(1, target.getMaxThreadsPerSM() / blockSize);
  return target.getNumSMs() * perSM;
}

int64_t seg::getSharedBufferBytes(Type type, int64_t count) {
  // index is 64 bits wide on the GPU.
  int64_t bytes = getPrimitiveByteSize(type).value_or(8);
  return llvm::alignTo(count * bytes, kSharedBufferAlignment);
}

bool seg::isSupportedScalarType(Type type) {
  if (type.isIndex())
    return true;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth() <= 64;
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

int64_t seg::getLoadsInFlightForWords(int64_t words) {
  constexpr int64_t kWordsInFlight = 16, kMaxElements = 8;
  int64_t elements = kWordsInFlight / std::max<int64_t>(words, 1);
  return llvm::bit_floor(
      static_cast<uint64_t>(std::clamp<int64_t>(elements, 1, kMaxElements)));
}

//===----------------------------------------------------------------------===//
// SharedMemoryLayout and LoweringPlan
//===----------------------------------------------------------------------===//

void SharedMemoryLayout::addBuffer(Type type, int64_t count) {
  buffers.push_back({type, count, persistentBytes});
  persistentBytes += getSharedBufferBytes(type, count);
}

void SharedMemoryLayout::addBuffers(TypeRange types, int64_t count) {
  for (Type type : types)
    addBuffer(type, count);
}

void SharedMemoryLayout::reserveScratch(TypeRange types, int64_t count) {
  int64_t bytes = 0;
  for (Type type : types)
    bytes += getSharedBufferBytes(type, count);
  scratchBytes = std::max(scratchBytes, bytes);
}

const KernelPlan &LoweringPlan::getKernel(StringRef name) const {
  const KernelPlan *kernel = llvm::find_if(
      kernels, [&](const KernelPlan &plan) { return plan.name == name; });
  assert(kernel != kernels.end() && "the plan has no such kernel");
  return *kernel;
}

bool LoweringPlan::hasKernel(StringRef name) const {
  return llvm::any_of(
      kernels, [&](const KernelPlan &plan) { return plan.name == name; });
}

//===----------------------------------------------------------------------===//
// Checks every kernel needs
//===----------------------------------------------------------------------===//

/// The static block size of `op`, or the configured default.
static int64_t resolveBlockSize(SegSpaceOpInterface op,
                                const GPULoweringConfig &config) {
  if (std::optional<OpFoldResult> size = op.getMixedBlockSize())
    if (std::optional<int64_t> value = getConstantIntValue(*size))
      return *value;
  return config.defaultBlockSize;
}

/// A static block size the target allows; the plan's launch geometry.
static FailureOr<LoweringPlan> planLaunch(SegSpaceOpInterface op,
                                          const GPULoweringConfig &config) {
  if (std::optional<OpFoldResult> size = op.getMixedBlockSize())
    if (!getConstantIntValue(*size))
      return op->emitOpError("needs a static block_size for the GPU "
                             "(shared memory and shuffles are sized by it)");
  LoweringPlan plan;
  plan.blockSize = resolveBlockSize(op, config);
  int64_t limit = config.target.getMaxThreadsPerBlock();
  if (plan.blockSize < 1 || plan.blockSize > limit)
    return op->emitOpError("block size ")
           << plan.blockSize << " is outside [1, " << limit
           << "], the threads per block of target " << config.target.getChip();
  plan.warpSize = config.target.getWarpSize();
  plan.blockCap = config.getBlockCap(plan.blockSize);
  return plan;
}

static LogicalResult checkSharedMemory(Operation *op, const LoweringPlan &plan,
                                       const GPULoweringConfig &config) {
  int64_t limit = config.target.getSharedMemoryPerBlock();
  for (const KernelPlan &kernel : plan.kernels) {
    int64_t bytes = kernel.shared.getTotalBytes();
    if (bytes > limit)
      return op->emitOpError("needs ")
             << bytes << " bytes of shared memory per block for its "
             << kernel.name << " kernel, more than the " << limit
             << " bytes of shared_memory_per_block of target "
             << config.target.getChip()
             << "; use a smaller block size or chunk";
  }
  return success();
}

/// A chunk the op asks for, before anything is sized by it: its values must
/// fit a thread's registers (the resource model's hard bound, which also
/// keeps every product of the chunk below far from overflow).
static LogicalResult checkRequestedChunk(Operation *op, TypeRange types,
                                         int64_t chunk,
                                         const GPULoweringConfig &config,
                                         bool isScan) {
  std::string error = ResourceModel(config.target)
                          .checkSequentialValueRegisters(
                              SmallVector<Type>(types), chunk, isScan);
  if (error.empty())
    return success();
  return op->emitOpError() << error;
}

static LogicalResult checkAccumulatorTypes(Operation *op, TypeRange types) {
  for (Type type : types)
    if (!isSupportedScalarType(type))
      return op->emitOpError("operator operand type ")
             << type
             << " has no GPU lowering (integers up to 64 bits, index, f16, "
                "bf16, f32 and f64 have)";
  return success();
}

/// Private arrays of a thread are hoisted to the start of the kernel and
/// shared memory is carved out of the launch's: both need a static shape.
/// Shared memory may also be declared in the workgroup memory space (for
/// ops that need it, such as nvgpu.ldmatrix).
static LogicalResult checkAllocas(Block &body, StringRef what,
                                  bool shared = false) {
  for (auto alloca : body.getOps<memref::AllocaOp>()) {
    Attribute space = alloca.getType().getMemorySpace();
    if (!alloca.getType().hasStaticShape() ||
        !alloca.getType().getLayout().isIdentity() ||
        (space &&
         !(shared && gpu::GPUDialect::isWorkgroupMemoryAddressSpace(space))))
      return alloca.emitOpError("in a GPU kernel needs a static shape, the "
                                "identity layout and the default memory "
                                "space")
             << (shared ? " or #gpu.address_space<workgroup>" : "") << " ("
             << what << ")";
  }
  return success();
}

static int64_t getNumWarps(const LoweringPlan &plan) {
  return llvm::divideCeil(plan.blockSize, plan.warpSize);
}

/// Scratch of KernelBuilder::blockReduce over `types`.
static void reserveBlockReduce(SharedMemoryLayout &layout, TypeRange types,
                               const LoweringPlan &plan) {
  if (getNumWarps(plan) > 1)
    layout.reserveScratch(types, getNumWarps(plan));
}

/// Buffers of KernelBuilder::blockScan over `types` (with `parkExclusive`,
/// a value per thread of each type first).
static void addBlockScan(SharedMemoryLayout &layout, TypeRange types,
                         const LoweringPlan &plan, bool parkExclusive = false) {
  if (getNumWarps(plan) <= 1)
    return;
  if (parkExclusive)
    layout.addBuffers(types, plan.blockSize);
  layout.addBuffers(types, getNumWarps(plan));
}

//===----------------------------------------------------------------------===//
// seg.map
//===----------------------------------------------------------------------===//

static FailureOr<LoweringPlan> planMap(MapOp op,
                                       const GPULoweringConfig &config) {
  FailureOr<LoweringPlan> plan = planLaunch(op, config);
  if (failed(plan))
    return failure();
  Block &body = op.getBody().front();
  if (op.getLevel() == Level::Thread) {
    if (failed(checkAllocas(body, "a thread's private array")))
      return failure();
    plan->kind = LoweringPlan::Kind::ThreadMap;
    plan->loadsInFlight = getMapLoadsInFlight(op, plan->blockSize, config);
    plan->kernels.push_back({"thread", "", {}});
    return plan;
  }

  if (failed(checkAllocas(body, "shared memory", /*shared=*/true)))
    return failure();
  plan->kind = LoweringPlan::Kind::BlockMap;
  KernelPlan kernel{"block", "", {}};
  for (auto alloca : body.getOps<memref::AllocaOp>()) {
    unsigned rank = getThreadPrivateRank(alloca, plan->blockSize);
    plan->threadPrivateRanks[alloca] = rank;
    if (rank == 0)
      kernel.shared.addBuffer(alloca.getType().getElementType(),
                              alloca.getType().getNumElements());
  }
  // thread_in_block ops, directly in the body or inside scf.for / scf.if
  // (which the lowering rebuilds around them), in the order the kernel
  // emits them.
  SmallVector<SegSpaceOpInterface> inners;
  op.getBody().walk<WalkOrder::PreOrder>([&](SegSpaceOpInterface space) {
    inners.push_back(space);
    return WalkResult::skip();
  });
  for (SegSpaceOpInterface space : inners) {
    for (Operation *parent = space->getParentOp(); parent != op;
         parent = parent->getParentOp())
      if (!isa<scf::ForOp, scf::IfOp>(parent))
        return space->emitOpError("is nested in '")
               << parent->getName()
               << "' inside a block-level map; convert-seg-to-gpu lowers "
                  "thread_in_block ops directly in the block body or inside "
                  "scf.for and scf.if only";
    if (failed(
            checkAllocas(space.getBody().front(), "a thread's private array")))
      return failure();
    if (auto map = dyn_cast<MapOp>(*space))
      plan->innerLoadsInFlight[map] =
          getMapLoadsInFlight(map, plan->blockSize, config);
    if (auto red = dyn_cast<RedOp>(*space)) {
      if (failed(checkAccumulatorTypes(red, red.getNeutrals().getTypes())))
        return failure();
      // Block reductions one after the other share the scratch region.
      reserveBlockReduce(kernel.shared, red.getNeutrals().getTypes(), *plan);
    }
    if (auto scan = dyn_cast<ScanOp>(*space)) {
      if (failed(checkAccumulatorTypes(scan, scan.getNeutrals().getTypes())))
        return failure();
      addBlockScan(kernel.shared, scan.getNeutrals().getTypes(), *plan);
    }
  }
  plan->kernels.push_back(std::move(kernel));
  return plan;
}

//===----------------------------------------------------------------------===//
// seg.red and seg.scan
//===----------------------------------------------------------------------===//

/// The plan of a thread-level seg.red or seg.scan: its launch, checked
/// for operator types and private arrays the kernels support, then what
/// `planKernels` decides.
template <typename OpTy>
static FailureOr<LoweringPlan>
planSegmented(OpTy op, const GPULoweringConfig &config,
              LogicalResult (*planKernels)(OpTy, const GPULoweringConfig &,
                                           LoweringPlan &)) {
  FailureOr<LoweringPlan> plan = planLaunch(op, config);
  if (failed(plan) ||
      failed(checkAccumulatorTypes(op, op.getNeutrals().getTypes())) ||
      failed(checkAllocas(op.getBody().front(), "a thread's private array")) ||
      failed(planKernels(op, config, *plan)))
    return failure();
  return plan;
}

static int64_t getAccumulatorBytes(RedOp op) {
  int64_t bytes = 0;
  for (Type type : op.getNeutrals().getTypes())
    bytes += getPrimitiveByteSize(type).value_or(8);
  return bytes;
}

/// Shared memory that a kernel sizes an optional buffer (a sequential tile,
/// histogram copies) for: the target's limit, but no more than the 48 KiB a
/// CUDA launch gets without opting in to more (a launch-API constant, the
/// same on every architecture), so that such a choice never needs the
/// opt-in nor costs occupancy.
static int64_t getPreferredSharedBytes(TargetAttr target) {
  constexpr int64_t kLaunchDefaultSharedBytes = 48 * 1024;
  return std::min<int64_t>(target.getSharedMemoryPerBlock(),
                           kLaunchDefaultSharedBytes);
}

/// Elements of a tile row in the sequential kernel: a warp's worth keeps a
/// row of loads coalesced, as long as B x (tile + 1) rows fit. A power of
/// two that divides B, so that every column count the kernel uses (a power
/// of two up to the tile) splits the block into whole rows: a thread's
/// column is then fixed and its rows advance by B / columns, with no
/// division per element.
static int64_t getSequentialTile(RedOp op, const LoweringPlan &plan,
                                 const GPULoweringConfig &config) {
  // Rows are padded by one element against bank conflicts.
  int64_t budget = getPreferredSharedBytes(config.target);
  int64_t fit = budget / (plan.blockSize * getAccumulatorBytes(op)) - 1;
  int64_t tile = llvm::bit_floor(
      static_cast<uint64_t>(std::clamp<int64_t>(fit, 1, plan.warpSize)));
  // The largest power of two that divides the block size.
  return std::min(tile, plan.blockSize & -plan.blockSize);
}

namespace {
/// The kernels of a seg.red that the host code can launch.
struct RedKernelChoice {
  bool sequential = false, small = false, large = false;
};
} // namespace

/// The kernels whose run-time condition (in the host code's order:
/// sequential, small, large) is not statically false for the op's static
/// sizes, with the plan's strategy and thresholds. Empty segments go to the
/// sequential kernel when it exists, else to the large one (one block per
/// segment, each writing the neutral values).
static RedKernelChoice chooseRedKernels(RedOp op, const LoweringPlan &plan) {
  SmallVector<OpFoldResult> sizes = op.getMixedSizes();
  std::optional<int64_t> length = getConstantIntValue(sizes.back());
  std::optional<int64_t> segments = 1;
  for (OpFoldResult size : ArrayRef(sizes).drop_back()) {
    std::optional<int64_t> value = getConstantIntValue(size);
    segments = value && segments ? checkedMul(*segments, *value) : std::nullopt;
  }
  auto lengthMayBeIn = [&](int64_t low, int64_t high) {
    return !length || (*length >= low && *length <= high);
  };
  auto lengthIsIn = [&](int64_t low, int64_t high) {
    return length && *length >= low && *length <= high;
  };

  RedKernelChoice choice;
  bool sequentialAlways = false, smallAlways = false;
  switch (plan.strategy) {
  case RedStrategy::Sequential:
    choice.sequential = sequentialAlways = true;
    break;
  case RedStrategy::Auto: {
    int64_t threshold = plan.sequentialThreshold;
    choice.sequential = !segments || *segments > threshold;
    sequentialAlways = segments && *segments > threshold;
    // One segment is the large kernel's with one block.
    bool flat = segments && *segments == 1;
    choice.small =
        !sequentialAlways && !flat && lengthMayBeIn(1, plan.smallSegmentMax);
    smallAlways = choice.small && lengthIsIn(1, plan.smallSegmentMax);
    break;
  }
  case RedStrategy::Small:
    choice.small = lengthMayBeIn(1, plan.blockSize);
    smallAlways = choice.small && lengthIsIn(1, plan.blockSize);
    break;
  case RedStrategy::Large:
    break;
  }
  choice.large = !sequentialAlways && !smallAlways;
  return choice;
}

/// Registers a reduction kernel needs per thread with `loadsInFlight`
/// elements of `words` 32-bit words in flight: each element's value and its
/// 64-bit address, on top of about 44 registers of indices, bounds,
/// accumulators and the body's own values. Measured with ptxas for sm_90
/// (bench/kernels/reductions.mlir, the fused i1/i8/i16 reduction, the
/// examples): at this bound none of them spills at block sizes 64 to 1024.
static int64_t getReductionRegisters(int64_t words, int64_t loadsInFlight) {
  constexpr int64_t kBaseRegisters = 44, kAddressRegisters = 2;
  return kBaseRegisters + loadsInFlight * (words + kAddressRegisters);
}

static LogicalResult planRed(RedOp op, const GPULoweringConfig &config,
                             LoweringPlan &plan) {
  TypeRange types = op.getNeutrals().getTypes();
  int64_t blockSize = plan.blockSize;
  plan.kind = LoweringPlan::Kind::Reduction;
  plan.strategy = config.strategy;
  plan.sequentialThreshold = config.sequentialThreshold;
  plan.smallSegmentMax = std::min(
      config.smallSegmentMax > 0 ? config.smallSegmentMax : blockSize / 2,
      blockSize);
  plan.sequentialTile = getSequentialTile(op, plan, config);
  bool commutative =
      llvm::all_of(op.getCommutative(), [](bool c) { return c; });
  plan.chunk = commutative ? 1
                           : static_cast<int64_t>(std::clamp<uint64_t>(
                                 op.getChunk().value_or(1), 1,
                                 std::numeric_limits<int64_t>::max()));
  if (plan.chunk > 1 && failed(checkRequestedChunk(op, types, plan.chunk,
                                                   config, /*isScan=*/false)))
    return failure();
  // Enough loads in flight per thread to approach the memory bandwidth,
  // within about 16 registers of element values and within the registers
  // a thread has at this block size.
  plan.loadsInFlight = config.loadsInFlight;
  if (plan.loadsInFlight <= 0) {
    int64_t words = llvm::divideCeil(getAccumulatorBytes(op), 4);
    int64_t available =
        ResourceModel(config.target).getRegistersPerThread(blockSize);
    plan.loadsInFlight = getLoadsInFlightForWords(words);
    while (plan.loadsInFlight > 1 &&
           getReductionRegisters(words, plan.loadsInFlight) > available)
      plan.loadsInFlight /= 2;
  }

  if (commutative)
    plan.contiguousLoads = analyzeContiguousLoads(
        op.getBody().front(),
        TargetInfo::get(config.target).getMaxVectorLoadBytes());
  RedKernelChoice choice = chooseRedKernels(op, plan);
  plan.kernels.clear();
  if (choice.sequential) {
    KernelPlan sequential{"sequential-segments", "sequential_segments", {}};
    sequential.shared.addBuffers(types, blockSize * (plan.sequentialTile + 1));
    plan.kernels.push_back(std::move(sequential));
  }
  if (choice.small) {
    KernelPlan small{"small-segments", "small_segments", {}};
    small.shared.addBuffers(types, blockSize);
    plan.kernels.push_back(std::move(small));
  }
  if (choice.large) {
    // The large kernel's block reductions, the broadcast last-block flag
    // and, with chunk > 1, the chunk steps all use the scratch region one
    // after the other. A step transposes every operand at once and keeps
    // the warp totals after them, as the resource model counts, or, where
    // that does not fit, one operand at a time.
    KernelPlan large{"large-segments", "large_segments", {}};
    reserveBlockReduce(large.shared, types, plan);
    if (plan.chunk > 1) {
      ResourceModel model(config.target);
      if (model.getReduceChunkSharedBytes(SmallVector<Type>(types), blockSize,
                                          plan.chunk) <=
          config.target.getSharedMemoryPerBlock()) {
        plan.chunkSlots = model.getReduceChunkSlots(blockSize, plan.chunk);
        large.shared.reserveScratch(types, plan.chunkSlots);
      } else {
        for (Type type : types)
          large.shared.reserveScratch(type, blockSize * plan.chunk);
      }
    }
    large.shared.reserveScratch(IntegerType::get(op.getContext(), 32), 1);
    plan.kernels.push_back(std::move(large));
  }
  if (failed(checkSharedMemory(op, plan, config)))
    return failure();
  return success();
}

/// Shared memory of the kernels over groups at m elements per thread: for
/// the single-pass kernel the dynamic group id and the broadcast prefix,
/// then the staging buffers and the block scan of (flag, values).
static SharedMemoryLayout getGroupKernelLayout(ScanOp op,
                                               const LoweringPlan &plan,
                                               int64_t m, bool singlePass) {
  TypeRange types = op.getNeutrals().getTypes();
  MLIRContext *ctx = op.getContext();
  SharedMemoryLayout layout;
  if (singlePass) {
    layout.addBuffer(IndexType::get(ctx), 1);
    layout.addBuffers(types, 1);
  }
  layout.addBuffers(types, plan.blockSize * m);
  SmallVector<Type> flagged{IntegerType::get(ctx, 1)};
  llvm::append_range(flagged, types);
  addBlockScan(layout, flagged, plan, plan.parkScanExclusive);
  return layout;
}

/// Registers of `op`'s operator state (w): one per 32 bits of each value.
static int64_t getStateWords(ScanOp op) {
  int64_t words = 0;
  for (Type type : op.getNeutrals().getTypes())
    words += getRegisterCount(getPrimitiveByteSize(type).value_or(8));
  return words;
}

/// Registers the single-pass kernel needs per thread at m elements of `op`:
/// [Clausen 2021, §5.2]'s 2 w + 3 per element, one more for the element's
/// bounds check and address while its load is in flight, three more with
/// segments (its cursor and 64-bit segment index), plus what the block
/// scan and the look-back keep live at once (inclusive, exclusive and
/// total pairs, the window value, its shuffled partner, the prefix and the
/// aggregate: about 8 w, and some 25 registers of indices, flags and
/// addresses). Measured with ptxas for sm_90 at block sizes 256 to 1024:
/// below this, kernels of 1 to 8 words of state do not spill.
static int64_t getSinglePassRegisters(ScanOp op, int64_t m) {
  int64_t words = getStateWords(op);
  bool segmented = op.getMixedSizes().size() > 1;
  return m * (2 * words + (segmented ? 7 : 4)) + 8 * words + 25;
}

/// Registers of a (segment-start flag, operator state) tuple of `op`.
static int64_t getFlaggedWords(ScanOp op) { return 1 + getStateWords(op); }

/// Registers a group kernel's block scan keeps live at once over the
/// (flag, state) tuples of `op`: each thread's warp-exclusive tuple while
/// warp 0 scans the warp totals with three more (its total, the shuffled
/// partner, their combination), and some 16 registers of indices and
/// addresses. Measured with ptxas for sm_90: the 6 x i64 rescan (13 words)
/// spills at 64 registers (block size 1024), a 4 x i64 one (9 words) does
/// not.
static int64_t getBlockScanRegisters(ScanOp op) {
  return 4 * getFlaggedWords(op) + 16;
}

/// Words of operator state, and elements at least, that a scan thread
/// loads before using any (selectScanDegree).
static constexpr int64_t kScanWordsInFlight = 16, kMinScanLoadsInFlight = 4;
/// Most elements a scan thread evaluates in one unrolled batch: more loads
/// in flight than this gain nothing, and a large explicit `chunk` would
/// unroll into a huge kernel.
static constexpr int64_t kMaxScanLoadsInFlight = 32;

/// The sequentiality degree when the op has no `chunk` (seg-select-chunk
/// sets one from the same resource model): the model's choice, lowered
/// until this kernel's own registers and staging buffers fit.
static int64_t selectScanDegree(ScanOp op, const LoweringPlan &plan,
                                const GPULoweringConfig &config,
                                int64_t availableRegisters) {
  SmallVector<Type> types(op.getNeutrals().getTypes());
  // Operator operands and map-only outputs pass through a thread's
  // registers, as seg-select-chunk counts them.
  SmallVector<Type> all(types);
  auto yield = cast<YieldOp>(op.getBody().front().getTerminator());
  for (Value value : yield.getValues().drop_front(op.getNumAccumulators()))
    all.push_back(value.getType());
  bool primitive = llvm::all_of(
      all, [](Type type) { return getPrimitiveByteSize(type).has_value(); });
  ResourceModel model(config.target);
  FailureOr<SequentialChoice> choice =
      primitive ? model.selectScanDegree(all, plan.blockSize)
                : FailureOr<SequentialChoice>(failure());
  int64_t degree = succeeded(choice) ? std::max<int64_t>(1, choice->value) : 1;
  // Every thread evaluates its m elements before using any: m of about
  // kScanWordsInFlight words keeps enough loads in flight (CUB's scan keeps
  // 15 to 24 elements of 4 bytes), at least kMinScanLoadsInFlight for wide
  // operators; a larger m only costs registers and occupancy.
  int64_t words = getStateWords(op);
  degree = std::min(degree,
                    std::max(kMinScanLoadsInFlight,
                             kScanWordsInFlight / std::max<int64_t>(words, 1)));
  // The model counts the elements; the look-back and the block scan of
  // this kernel need registers of their own.
  while (degree > 1 && getSinglePassRegisters(op, degree) > availableRegisters)
    --degree;
  // The model's shared-memory bound counts one staging buffer; this kernel
  // keeps one per operand.
  int64_t limit = config.target.getSharedMemoryPerBlock();
  while (
      degree > 1 &&
      getGroupKernelLayout(op, plan, degree, plan.singlePass).getTotalBytes() >
          limit)
    --degree;
  return degree;
}

static LogicalResult planScan(ScanOp op, const GPULoweringConfig &config,
                              LoweringPlan &plan) {
  TypeRange types = op.getNeutrals().getTypes();
  int64_t blockSize = plan.blockSize;
  plan.kind = LoweringPlan::Kind::Scan;
  int64_t available =
      ResourceModel(config.target).getRegistersPerThread(blockSize);
  switch (config.scanStrategy) {
  case ScanStrategy::SinglePass:
    plan.singlePass = true;
    break;
  case ScanStrategy::ReduceThenScan:
    plan.singlePass = false;
    break;
  case ScanStrategy::Auto: {
    int64_t needed = getSinglePassRegisters(op, 1);
    plan.singlePass = needed <= available;
    if (!plan.singlePass)
      plan.fallbackReason =
          (Twine("the single-pass kernel needs about ") + Twine(needed) +
           " registers per thread for its operator state at m = 1, more "
           "than the " +
           Twine(available) + " available with block size " + Twine(blockSize) +
           " on target " + config.target.getChip())
              .str();
    break;
  }
  }
  // Decided before m, whose bound counts the group kernels' shared memory.
  plan.parkScanExclusive = getBlockScanRegisters(op) > available;
  if (std::optional<uint64_t> chunk = op.getChunk()) {
    plan.chunk = static_cast<int64_t>(
        std::min<uint64_t>(*chunk, std::numeric_limits<int64_t>::max()));
    if (failed(checkRequestedChunk(op, types, plan.chunk, config,
                                   /*isScan=*/true)))
      return failure();
  } else {
    plan.chunk = selectScanDegree(op, plan, config, available);
  }
  plan.restageScanned = getSinglePassRegisters(op, plan.chunk) > available;
  // A `chunk` the plan did not choose may hold more loads in flight than
  // the registers allow: its elements are then evaluated in batches.
  plan.loadsInFlight = std::min(plan.chunk, kMaxScanLoadsInFlight);
  while (plan.loadsInFlight > 1 &&
         getSinglePassRegisters(op, plan.loadsInFlight) > available)
    --plan.loadsInFlight;
  if (blockSize * plan.chunk >= (int64_t(1) << 31))
    return op.emitOpError("group of ")
           << blockSize << " x " << plan.chunk
           << " elements does not fit the 32-bit index arithmetic";

  SharedMemoryLayout group =
      getGroupKernelLayout(op, plan, plan.chunk, plan.singlePass);
  if (plan.singlePass) {
    plan.kernels.push_back({"single-pass scan", "scan", group});
  } else {
    // The aggregate scan is one block: as many (flag, aggregate) words in
    // flight per thread as a scan element's load phase aims for, while the
    // pairs, their running prefix and the block scan fit the registers.
    int64_t words = getFlaggedWords(op);
    plan.aggregatesPerThread = kScanWordsInFlight / words;
    while (plan.aggregatesPerThread > 1 &&
           (plan.aggregatesPerThread + 1) * words + getBlockScanRegisters(op) >
               available)
      --plan.aggregatesPerThread;
    plan.aggregatesPerThread = std::max<int64_t>(plan.aggregatesPerThread, 1);
    KernelPlan aggregateScan{"aggregate scan", "scan_aggregates", {}};
    SmallVector<Type> flagged{IntegerType::get(op.getContext(), 1)};
    llvm::append_range(flagged, types);
    addBlockScan(aggregateScan.shared, flagged, plan);
    plan.kernels.push_back({"group aggregate", "group_aggregates", group});
    plan.kernels.push_back(std::move(aggregateScan));
    plan.kernels.push_back({"rescan", "rescan", group});
  }
  if (failed(checkSharedMemory(op, plan, config)))
    return failure();
  if (!plan.fallbackReason.empty())
    mlir::emitRemark(op->getLoc(), "lowered by reduce-then-scan: ")
        << plan.fallbackReason;
  return success();
}

//===----------------------------------------------------------------------===//
// seg.hist
//===----------------------------------------------------------------------===//

/// The native atomic that performs operator `region` on a bin, if any: a
/// single add, signed or unsigned min or max, and or or of the accumulator
/// and the element, on 32- or 64-bit integers (add also on f32 and f64),
/// which PTX's `atom` has.
static std::optional<arith::AtomicRMWKind> getNativeAtomic(Region &region) {
  Block &block = region.front();
  if (block.getNumArguments() != 2 ||
      !llvm::hasSingleElement(block.without_terminator()))
    return std::nullopt;
  Operation &op = block.front();
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      block.getTerminator()->getOperand(0) != op.getResult(0))
    return std::nullopt;
  SmallPtrSet<Value, 2> operands(op.operand_begin(), op.operand_end());
  if (operands.size() != 2 || !operands.contains(block.getArgument(0)) ||
      !operands.contains(block.getArgument(1)))
    return std::nullopt;
  Type type = block.getArgument(0).getType();
  bool wideInt = type.isInteger(32) || type.isInteger(64);
  bool wideFloat = type.isF32() || type.isF64();
  using Kind = arith::AtomicRMWKind;
  std::optional<Kind> kind =
      TypeSwitch<Operation *, std::optional<Kind>>(&op)
          .Case([](arith::AddIOp) { return Kind::addi; })
          .Case([](arith::MaxSIOp) { return Kind::maxs; })
          .Case([](arith::MinSIOp) { return Kind::mins; })
          .Case([](arith::MaxUIOp) { return Kind::maxu; })
          .Case([](arith::MinUIOp) { return Kind::minu; })
          .Case([](arith::AndIOp) { return Kind::andi; })
          .Case([](arith::OrIOp) { return Kind::ori; })
          .Case([&](arith::AddFOp add) -> std::optional<Kind> {
            if (!wideFloat)
              return std::nullopt;
            return Kind::addf;
          })
          .Default([](Operation *) { return std::nullopt; });
  if (kind && *kind != Kind::addf && !wideInt)
    return std::nullopt;
  return kind;
}

/// Bins of every operator's histograms together (segments times bins), if
/// static.
static std::optional<int64_t> getStaticHistogramSize(HistOp op,
                                                     unsigned index) {
  auto type = cast<MemRefType>(op.getOperatorOuts(index).front().getType());
  return getStaticPointCount(type.getShape());
}

/// The histogram kernel of `plan.hist`'s strategy and, for shared
/// sub-histograms of `sizes` bins (`bytes` together), its copies per block
/// and passes over the bins: the tuning file's multiplicity if given.
static LogicalResult planHistKernel(HistOp op, const GPULoweringConfig &config,
                                    LoweringPlan &plan, ArrayRef<int64_t> sizes,
                                    int64_t bytes,
                                    std::optional<int64_t> tunedMultiplicity) {
  LoweringPlan::HistPlan &hist = plan.hist;
  // Shared memory: the largest working set a block can have and keep the
  // 48 KiB that every launch gets without opting in to more.
  int64_t limit = config.target.getSharedMemoryPerBlock();
  int64_t budget = getPreferredSharedBytes(config.target);
  KernelPlan kernel{hist.shared ? "shared-subhistograms" : "global-atomic",
                    hist.shared ? "hist_shared" : "hist_global",
                    {}};
  if (hist.shared) {
    // As many copies as fit the budget, at most one per lane of a warp
    // (more would not separate the lanes that update at once); fewer
    // passes first, then copies.
    hist.passes = std::max<int64_t>(1, llvm::divideCeil(bytes, limit));
    hist.multiplicity =
        hist.passes > 1
            ? 1
            : std::clamp<int64_t>(budget / std::max<int64_t>(bytes, 1), 1,
                                  plan.warpSize);
    auto layoutFor = [&](int64_t passes, int64_t copies) {
      SharedMemoryLayout layout;
      hist.passBins.clear();
      for (auto [index, size] : llvm::enumerate(sizes)) {
        hist.passBins.push_back(llvm::divideCeil(size, passes));
        int64_t slots = copies * hist.passBins.back();
        layout.addBuffers(op.getOperatorNeutrals(index).getTypes(), slots);
        if (hist.locked[index])
          layout.addBuffer(IntegerType::get(op.getContext(), 32), slots);
      }
      return layout;
    };
    if (tunedMultiplicity) {
      hist.multiplicity = *tunedMultiplicity;
      kernel.shared = layoutFor(hist.passes, hist.multiplicity);
      plan.kernels.push_back(std::move(kernel));
      return checkSharedMemory(op, plan, config);
    }
    // Alignment padding can push a range over the limit: one pass more.
    while (layoutFor(hist.passes, hist.multiplicity).getTotalBytes() > limit) {
      if (hist.multiplicity > 1)
        --hist.multiplicity;
      else
        ++hist.passes;
    }
    kernel.shared = layoutFor(hist.passes, hist.multiplicity);
  }
  plan.kernels.push_back(std::move(kernel));
  return checkSharedMemory(op, plan, config);
}

static LogicalResult planHist(HistOp op, const GPULoweringConfig &config,
                              LoweringPlan &plan) {
  plan.kind = LoweringPlan::Kind::Histogram;
  LoweringPlan::HistPlan &hist = plan.hist;
  // An operator of one scalar (checkAccumulatorTypes: up to 64 bits)
  // updates a bin with its native atomic or else a compare-and-swap loop;
  // one of several accumulators, under a lock.
  for (Region &region : op.getOperators()) {
    bool locked = region.getNumArguments() != 2;
    hist.locked.push_back(locked);
    hist.atomics.push_back(locked ? std::nullopt : getNativeAtomic(region));
  }

  // Points a thread evaluates before it updates their bins, so that their
  // loads are in flight together: about 16 words of bins and values.
  plan.loadsInFlight = config.loadsInFlight;
  if (plan.loadsInFlight <= 0) {
    int64_t bytes = 0;
    for (Type type : op.getBody().front().getTerminator()->getOperandTypes())
      bytes += getPrimitiveByteSize(type).value_or(8);
    plan.loadsInFlight = getLoadsInFlightForWords(llvm::divideCeil(bytes, 4));
  }

  int64_t limit = config.target.getSharedMemoryPerBlock();
  SmallVector<int64_t> sizes;
  int64_t bytes = 0;
  bool isStatic = true;
  for (unsigned index = 0, e = op.getOperators().size(); index < e; ++index) {
    std::optional<int64_t> size = getStaticHistogramSize(op, index);
    isStatic &= size.has_value();
    if (!size)
      break;
    sizes.push_back(*size);
    for (Type type : op.getOperatorNeutrals(index).getTypes())
      bytes += getSharedBufferBytes(type, *size);
    if (hist.locked[index])
      bytes +=
          getSharedBufferBytes(IntegerType::get(op.getContext(), 32), *size);
  }
  switch (config.histStrategy) {
  case HistStrategy::GlobalAtomic:
    hist.reason = "hist-strategy=global-atomic";
    break;
  case HistStrategy::Shared:
    if (!isStatic)
      return op.emitOpError("hist-strategy=shared needs histograms of static "
                            "shape (their shared-memory copies are sized by "
                            "it)");
    hist.shared = true;
    hist.reason = "hist-strategy=shared";
    break;
  case HistStrategy::Auto:
    hist.shared = isStatic && bytes <= limit;
    if (!isStatic)
      hist.reason = "the histograms' shape is not static";
    else
      hist.reason =
          (Twine("the histograms take ") + Twine(bytes) + " bytes, " +
           (hist.shared ? "within" : "more than") + " the " + Twine(limit) +
           " bytes of shared_memory_per_block of target " +
           config.target.getChip())
              .str();
    break;
  }

  // The tuning file overrides the option and the model for this op.
  std::optional<int64_t> tunedMultiplicity;
  if (config.tuning) {
    std::string sharedName = getTunableName(op, "shared");
    if (std::optional<int64_t> tuned = config.tuning->lookup(sharedName)) {
      if (*tuned != 0 && *tuned != 1)
        return op.emitOpError("tuning file entry ")
               << sharedName << " must be 0 (global atomics) or 1 (shared "
               << "sub-histograms), got " << *tuned;
      if (*tuned && !isStatic)
        return op.emitOpError("tuning file entry ")
               << sharedName << " asks for shared sub-histograms, which "
               << "need histograms of static shape";
      hist.shared = *tuned;
      hist.reason = "tuning file, " + sharedName;
    }
    std::string multiplicityName = getTunableName(op, "multiplicity");
    tunedMultiplicity = config.tuning->lookup(multiplicityName);
    if (tunedMultiplicity && (*tunedMultiplicity < 1 || !hist.shared))
      return op.emitOpError("tuning file entry ")
             << multiplicityName << " = " << *tunedMultiplicity
             << " needs a positive value and the shared strategy";
  }

  return planHistKernel(op, config, plan, sizes, bytes, tunedMultiplicity);
}

FailureOr<LoweringPlan> seg::planLowering(Operation *op,
                                          const GPULoweringConfig &config) {
  FailureOr<LoweringPlan> plan =
      TypeSwitch<Operation *, FailureOr<LoweringPlan>>(op)
          .Case([&](MapOp map) { return planMap(map, config); })
          .Case([&](RedOp red) { return planSegmented(red, config, planRed); })
          .Case([&](ScanOp scan) {
            return planSegmented(scan, config, planScan);
          })
          .Case([&](HistOp hist) {
            return planSegmented(hist, config, planHist);
          })
          .Default([](Operation *) { return failure(); });
  if (failed(plan) || !isa<MapOp>(op))
    return plan;
  if (failed(checkSharedMemory(op, *plan, config)))
    return failure();
  return plan;
}
