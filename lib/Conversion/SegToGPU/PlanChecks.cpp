//===- PlanChecks.cpp - What every planner checks -------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The launch geometry and the checks against the target that every kernel
// needs, which the planners of all op kinds share.
//
//===----------------------------------------------------------------------===//

#include "Planners.h"

#include "segir/Analysis/ResourceModel.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::seg;

int64_t GPULoweringConfig::getBlockCap(int64_t blockSize) const {
  if (options.maxBlocks > 0)
    return options.maxBlocks;
  int64_t perSM = std::max<int64_t>(1, target.getMaxThreadsPerSM() / blockSize);
  return target.getNumSMs() * perSM;
}

bool seg::isSupportedScalarType(Type type) {
  if (type.isIndex())
    return true;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth() <= 64;
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// The block size the op or the options fix, if any.
static std::optional<int64_t>
getFixedBlockSize(SegSpaceOpInterface op, const GPULoweringConfig &config) {
  if (std::optional<OpFoldResult> size = op.getMixedBlockSize())
    return getConstantIntValue(*size);
  if (config.options.blockSize != 0)
    return config.options.blockSize;
  return std::nullopt;
}

bool seg::isBlockSizeFixed(SegSpaceOpInterface op,
                           const GPULoweringConfig &config) {
  return op.getMixedBlockSize() || config.options.blockSize != 0;
}

LogicalResult seg::planLaunch(SegSpaceOpInterface op,
                              const GPULoweringConfig &config, OpPlan &plan,
                              std::optional<int64_t> modelBlockSize) {
  if (std::optional<OpFoldResult> size = op.getMixedBlockSize())
    if (!getConstantIntValue(*size))
      return op->emitOpError("needs a static block_size for the GPU "
                             "(shared memory and shuffles are sized by it)");
  std::optional<int64_t> fixed = getFixedBlockSize(op, config);
  plan.blockSize =
      fixed ? *fixed
            : modelBlockSize.value_or(
                  ResourceModel(config.target).getDefaultBlockSize());
  int64_t limit = config.target.getMaxThreadsPerBlock();
  if (plan.blockSize < 1 || plan.blockSize > limit)
    return op->emitOpError("block size ")
           << plan.blockSize << " is outside [1, " << limit
           << "], the threads per block of target " << config.target.getChip();
  plan.warpSize = config.target.getWarpSize();
  plan.blockCap = config.getBlockCap(plan.blockSize);
  return success();
}

LogicalResult seg::checkSharedMemory(Operation *op, const OpPlan &plan,
                                     const GPULoweringConfig &config) {
  int64_t limit = config.target.getSharedMemoryPerBlock();
  for (const KernelPlan &kernel : plan.kernels) {
    int64_t bytes = kernel.shared.getTotalBytes();
    if (bytes > limit)
      return op->emitOpError("needs ")
             << bytes << " bytes of shared memory per block for its "
             << kernel.getName() << " kernel, more than the " << limit
             << " bytes of shared_memory_per_block of target "
             << config.target.getChip()
             << "; use a smaller block size or chunk";
  }
  return success();
}

LogicalResult seg::checkRequestedChunk(Operation *op, TypeRange types,
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

LogicalResult seg::checkAccumulatorTypes(Operation *op, TypeRange types) {
  for (Type type : types)
    if (!isSupportedScalarType(type))
      return op->emitOpError("operator operand type ")
             << type
             << " has no GPU lowering (integers up to 64 bits, index, f16, "
                "bf16, f32 and f64 have)";
  return success();
}

LogicalResult seg::checkAllocas(Block &body, StringRef what, bool shared) {
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
