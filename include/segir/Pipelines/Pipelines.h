//===- Pipelines.h - Named SegIR pipelines ----------------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_PIPELINES_PIPELINES_H
#define SEGIR_PIPELINES_PIPELINES_H

#include "segir/Conversion/SegToGPU/SegToGPU.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace seg {

/// Options of the `seg-to-cpu` pipeline.
struct SegToCPUOptions : public PassPipelineOptions<SegToCPUOptions> {
  ::mlir::detail::PassOptions::Option<bool> canonicalize{
      *this, "canonicalize",
      llvm::cl::desc("Canonicalize and CSE after the reference lowering"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<bool> check{
      *this, "check",
      llvm::cl::desc("Check every memref access at run time "
                     "(generate-runtime-verification): an out-of-bounds "
                     "access prints the op and its location and aborts"),
      llvm::cl::init(false)};
};

/// The reference path: seg ops to sequential loops (linalg ops beside them
/// too), then to the LLVM dialect, runnable with mlir-runner.
void buildSegToCPUPipeline(OpPassManager &pm, const SegToCPUOptions &options);

/// What the GPU pipelines share: convert-seg-to-gpu's own generated options
/// struct, whose fields (`blockSize`, `strategy`, ...) are theirs.
/// registerSegPipelines() registers the pipelines so that every option of
/// the pass is an option of theirs too, parsed by the pass itself (an
/// option the pipeline does not declare goes to the pass).
template <typename Derived>
struct SegToGPUPipelineOptions : public PassPipelineOptions<Derived>,
                                 public ConvertSegToGPUOptions {
  /// Whether `name` is an option of the pipeline itself.
  bool isPipelineOption(StringRef name) const {
    return this->OptionsMap.contains(name);
  }
};

/// Options of the `seg-to-nvvm` pipeline.
struct SegToNVVMOptions : public SegToGPUPipelineOptions<SegToNVVMOptions> {
  ::mlir::detail::PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("GPU architecture of the binary (default: the "
                     "module's #seg.target, which it must agree with)"),
      llvm::cl::init("")};
  ::mlir::detail::PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX version as +ptxNN (default: the #seg.target's "
                     "ptx_version, which it must agree with)"),
      llvm::cl::init("")};
  ::mlir::detail::PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What the gpu.binary holds: bin (cubin, through "
                     "ptxas), isa (PTX text) or fatbin"),
      llvm::cl::init("bin")};
  ::mlir::detail::PassOptions::Option<int> optLevel{
      *this, "opt-level", llvm::cl::desc("LLVM optimisation level"),
      llvm::cl::init(3)};
  ::mlir::detail::PassOptions::Option<bool> stageHostMemory{
      *this, "stage-host-memory",
      llvm::cl::desc("Copy the host memrefs each kernel uses to device "
                     "buffers and back (seg-stage-host-memory), for GPUs "
                     "that cannot address pageable host memory"),
      llvm::cl::init(false)};
  ::mlir::detail::PassOptions::Option<int64_t> minBlocksPerSM{
      *this, "min-blocks-per-sm",
      llvm::cl::desc("Blocks of each kernel that ptxas must fit on one SM "
                     "(0: leave its register budget to ptxas)"),
      llvm::cl::init(1)};
  ::mlir::detail::PassOptions::Option<bool> fpContract{
      *this, "fp-contract",
      llvm::cl::desc("Fuse floating-point multiplies and adds of kernels into "
                     "FMA instructions (seg-allow-fp-contraction), as nvcc "
                     "does by default; false rounds every operation as the "
                     "CPU reference does"),
      llvm::cl::init(true)};
};

/// The GPU path: seg ops to kernels (convert-seg-to-gpu), then upstream's
/// NVVM lowering to a gpu.binary for the chip of the module's #seg.target
/// (seg-set-target settles it first), and host code in the LLVM dialect.
void buildSegToNVVMPipeline(OpPassManager &pm, const SegToNVVMOptions &options);
/// Lowers scf, cf, memref, vector, math, arith, index and func to the LLVM
/// dialect for the host CPU: the tail that every CPU path shares.
void buildCPUToLLVMPipeline(OpPassManager &pm);
/// Canonicalization then CSE: the clean-up after a conversion.
void addCleanupPasses(OpPassManager &pm);

/// Options of the `seg-to-emulator` pipeline.
struct SegToEmulatorOptions
    : public SegToGPUPipelineOptions<SegToEmulatorOptions> {
  ::mlir::detail::PassOptions::Option<bool> check{
      *this, "check",
      llvm::cl::desc("Check every memref access in kernels at run time and "
                     "report out-of-bounds accesses"),
      llvm::cl::init(false)};
  ::mlir::detail::PassOptions::Option<bool> canonicalize{
      *this, "canonicalize",
      llvm::cl::desc("Canonicalize and CSE after the kernels are lowered"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<bool> fpContract{
      *this, "fp-contract",
      llvm::cl::desc("Let kernels fuse floating-point multiplies and adds "
                     "(seg-allow-fp-contraction), as seg-to-nvvm does by "
                     "default; off by default so that results match "
                     "seg-to-cpu bit for bit"),
      llvm::cl::init(false)};
};

/// GPU kernels (gpu.launch, or outlined gpu.module and gpu.launch_func) to
/// CPU code calling the emulator runtime, then to the LLVM dialect.
void buildGPUToEmulatorPipeline(OpPassManager &pm,
                                const SegToEmulatorOptions &options);

/// The `seg-to-emulator` pipeline: the GPU path, every kernel running on the
/// CPU kernel emulator; run the result with mlir-runner and
/// libsegir_emulator_runtime.so.
void buildSegToEmulatorPipeline(OpPassManager &pm,
                                const SegToEmulatorOptions &options);

/// Options of the `linalg-to-seg` pipeline.
struct LinalgToSegOptions : public PassPipelineOptions<LinalgToSegOptions> {
  ::mlir::detail::PassOptions::Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("Explain the schedule chosen for every converted op"),
      llvm::cl::init(false)};
  ::mlir::detail::PassOptions::Option<bool> canonicalize{
      *this, "canonicalize",
      llvm::cl::desc("Canonicalize and CSE after the conversion"),
      llvm::cl::init(true)};
};

/// The front door: tensor programs through one-shot bufferization
/// (function boundaries included, identity layouts), then
/// convert-linalg-to-seg; ready for seg-to-cpu, seg-to-emulator and
/// seg-to-nvvm.
void buildLinalgToSegPipeline(OpPassManager &pm,
                              const LinalgToSegOptions &options);

/// Registers `linalg-to-seg` (registerSegPipelines calls it).
void registerLinalgToSegPipeline();

/// Registers the named pipelines with the global registry.
void registerSegPipelines();

} // namespace seg
} // namespace mlir

#endif // SEGIR_PIPELINES_PIPELINES_H
