//===- Passes.td - SegIR passes on the gpu dialect ---------*- tablegen -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Passes that rewrite gpu-dialect code (launches, outlined kernels) after
// convert-seg-to-gpu; they know nothing of the seg dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_GPU_TRANSFORMS_PASSES_TD
#define SEGIR_DIALECT_GPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SegOutlineKernels : Pass<"seg-outline-kernels", "ModuleOp"> {
  let summary = "Outline gpu.launch bodies into kernels, keeping their NVVM "
                "attributes";
  let description = [{
    Runs upstream's `gpu-kernel-outlining` and then gives each outlined
    kernel the `nvvm.*` attributes of the `gpu.launch` it came from (which
    upstream's outlining drops), such as `nvvm.maxnreg`, the registers per
    thread that the resource model allows a scan kernel (PTX `.maxnreg`).
    A launch is matched to its kernel by the kernel name it gives
    (`function(@name)`); launches without one, or whose name another
    launch gives too, keep nothing.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def SegSetKernelOccupancy
    : Pass<"seg-set-kernel-occupancy", "ModuleOp"> {
  let summary = "Tell ptxas how many blocks of each kernel must fit on an SM";
  let description = [{
    Sets `nvvm.minctasm` (PTX `.minnctapersm`) on every outlined
    `gpu.func` kernel that has none. Given only the block size (`.maxntid`),
    ptxas budgets registers for full occupancy and spills kernels whose
    operators keep large state (a 3x3 matrix product of i64 gets 64
    registers and spills); with a minimum of one block per SM it may use as
    many registers as a thread of that block can have, which the resource
    model's register bounds already assume.

    Run it after `gpu-kernel-outlining` (launches carry no attributes to
    their kernels).
  }];
  let options = [
    Option<"minBlocksPerSM", "min-blocks-per-sm", "int64_t",
           /*default=*/"1",
           "Blocks of each kernel that must be resident on one SM at once">,
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

def SegAllowFPContraction
    : Pass<"seg-allow-fp-contraction", "ModuleOp"> {
  let summary = "Let the GPU backend fuse floating-point multiplies and adds "
                "in kernels";
  let description = [{
    Adds the `contract` fast-math flag to every floating-point `arith`
    operation in device code (the bodies of `gpu.module`s and `gpu.launch`
    regions), keeping the flags an operation already has. LLVM's NVPTX
    backend then turns a multiply feeding an add or subtract into one
    `fma.rn`; without the flag it emits `mul.rn` and `add.rn`, whose explicit
    rounding also keeps ptxas from fusing them, so a multiply-accumulate
    loop issues twice the instructions (half the FP32 rate in a tiled
    matrix product). This is what nvcc does by default (`--fmad=true`).

    A fused result is rounded once instead of twice, so it may differ from
    the sequential reference (`seg-to-cpu`) in the last bits; host code is
    left alone. No other fast-math freedom is given (no reassociation, no
    approximate division, NaN and infinity semantics kept).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def SegSetNaturalAlignment
    : Pass<"seg-set-natural-alignment", "ModuleOp"> {
  let summary = "Give device code's memref loads and stores their element's "
                "natural alignment";
  let description = [{
    Sets the `alignment` of every `memref.load` and `memref.store` of a
    scalar element (integer, float or index; index counts 8 bytes) in device
    code (the bodies of `gpu.module`s and `gpu.launch` regions) that has
    none to the element's size in bytes, rounded up to a power of two.
    Alignments already given are kept; host code is left alone.

    A memref's aligned pointer and its indices count whole elements, so
    every such access is naturally aligned, as the host lowering assumes
    too. Without an explicit alignment, the translation of a kernel module
    to LLVM IR takes the ABI alignment of LLVM's default data layout, where
    a 64-bit integer is only 4-byte aligned, and the NVPTX backend splits
    every 64-bit load and store into two 32-bit ones (twice the memory
    instructions, and half the bytes in flight per load).
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SegAlignDynamicSharedMemory
    : Pass<"seg-align-dynamic-shared-memory", "ModuleOp"> {
  let summary = "Align the dynamic shared memory of kernel modules with TMA "
                "or wgmma to 1024 bytes";
  let description = [{
    TMA copies with the 128-byte swizzle, and wgmma's shared-memory matrix
    descriptors (whose base offset upstream leaves 0), take the swizzle
    pattern from the address bits of shared memory: their tiles must start
    at multiples of 1024 bytes. SegIR's wgmma tiles are laid out at
    multiples of 1024 from the start of the dynamic shared memory, whose
    declaration is only 16-byte aligned: with static shared memory in front
    (the mbarriers of `nvgpu.mbarrier.create`), its start, and every tile,
    would be off by the static bytes. This pass, part of `seg-to-nvvm` after
    the NVVM lowering, raises the alignment of the dynamic shared memory
    declarations (zero-length arrays in the shared address space) of a
    `gpu.module` whose kernels issue bulk tensor copies or wgmma to 1024
    bytes; ptxas then pads the static shared memory to a multiple of 1024.
    Other modules are left as they are.
  }];
}

def SegDeclareDynamicSharedMemory
    : Pass<"seg-declare-dynamic-shared-memory", "ModuleOp"> {
  let summary = "Declare each kernel module's dynamic shared memory as an "
                "external symbol, so that it takes no static shared memory";
  let description = [{
    Upstream's `convert-gpu-to-nvvm` (MLIR 22.1) lowers
    `gpu.dynamic_shared_memory` to the address of an *internal*
    zero-length global in the shared address space. The NVPTX backend
    demotes such a global into the kernel as an ordinary `.shared`
    variable, which ptxas allocates as 1 byte of static shared memory (16
    with the alignment) in front of the dynamic shared memory. A kernel
    that launches with the full 48 KiB of dynamic shared memory then
    needs more than 48 KiB and the launch fails (`CUDA_ERROR_INVALID_VALUE`
    on an H100), and every kernel's shared-memory footprint is off by the
    alignment.

    This pass adds, to every `gpu.module` that uses
    `gpu.dynamic_shared_memory`, an external declaration of a zero-length
    `i8` array in the shared address space (3) with the 16-byte alignment
    upstream uses. The NVVM lowering reuses a global of that type, address
    space and alignment instead of creating its own, and the NVPTX backend
    prints the declaration as `.extern .shared .align 16 .b8 NAME[]`:
    dynamic shared memory proper, with no static bytes. Modules that
    already declare such a global are left alone. `seg-to-nvvm` runs it
    before the NVVM lowering.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SegLowerBF16MmaSync
    : Pass<"seg-lower-bf16-mma-sync", "ModuleOp"> {
  let summary = "Lower BF16 nvgpu.mma.sync to nvvm.mma.sync in device code";
  let description = [{
    Upstream's `convert-nvgpu-to-nvvm` (MLIR 22.1) lowers `nvgpu.mma.sync`
    for F16, TF32, F64 and integer inputs, but not for BF16 ("failed to
    deduce operand PTX types"). This pass rewrites every m16n8k16
    `nvgpu.mma.sync` with `vector<4x2xbf16>` and `vector<2x2xbf16>` inputs
    and `vector<2x2xf32>` accumulators in device code into
    `nvvm.mma.sync` (`.row.col`, multiplicand type `bf16`): each row of two
    BF16 values becomes the 32-bit register the PTX ISA's fragment layout
    puts them in (lower half first), and the four f32 results are
    reassembled into the accumulator vector. `seg-to-nvvm` runs it before
    the NVVM lowering, so that BF16 tensor-core kernels compile to
    `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`. Other
    `nvgpu.mma.sync` ops are left to upstream.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::vector::VectorDialect"];
}

def SegLowerTensorMapArguments
    : Pass<"seg-lower-tensor-map-arguments", "ModuleOp"> {
  let summary = "Pass TMA tensor maps to outlined kernels as pointers";
  let description = [{
    Upstream's `convert-nvgpu-to-nvvm` (MLIR 22.1) lowers a
    `!nvgpu.tensormap.descriptor` to `!llvm.ptr`: on the host,
    `nvgpu.tma.create.descriptor` becomes a call of
    `mgpuTensorMapEncodeTiledMemref`, which returns the device address of
    the encoded tensor map; in device code, the TMA and wgmma ops take that
    pointer. Its own pipeline converts before outlining, so that kernels
    capture the pointer. `seg-to-nvvm` outlines first, and neither
    `convert-gpu-to-nvvm` nor `gpu-to-llvm` knows the nvgpu type, so a
    kernel with a tensor-map argument failed with "failed to legalize
    operation 'gpu.func'".

    This pass gives every kernel argument of tensor-map type the type
    `!llvm.ptr`, with an `unrealized_conversion_cast` back to the tensor
    map at the kernel's entry, and casts the matching operands of every
    `gpu.launch_func` to `!llvm.ptr`. The NVGPU lowering then meets its
    own type on both sides and the casts fold away.
    `seg-to-nvvm` runs it before the NVVM lowering.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SegStageHostMemory : Pass<"seg-stage-host-memory", "ModuleOp"> {
  let summary = "Give every gpu.launch device copies of the memrefs it "
                "captures";
  let description = [{
    A kernel reads and writes the memrefs its `gpu.launch` captures
    directly, so these must be device-accessible: device allocations, or
    host memory on systems where the GPU can address pageable host memory
    (HMM, ATS). This pass makes host-memory programs (like the examples,
    which allocate with `memref.alloc`) run everywhere: before each launch,
    every captured memref that is not a `gpu.alloc` (or a view of one) is
    copied into a fresh device buffer (`gpu.alloc` + `gpu.memcpy`); the
    kernel uses the copies; afterwards the copies of memrefs the kernel may
    write are copied back and all are freed. Read-only memrefs are not
    copied back, so an input aliasing an output does not overwrite the
    result.

    A captured TMA tensor map (`nvgpu.tma.create.descriptor` of a
    `memref.cast` of a ranked memref) describes its memref's memory: that
    memref is copied as if captured, and the kernel gets a tensor map
    encoded again from the copy after the copy is made. A memref a TMA
    store writes through its tensor map is copied back. A tensor map whose
    memref cannot be found that way is reported at the launch.

    Captured memrefs must have the identity layout (contiguous); others are
    reported at the launch.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

#endif // SEGIR_DIALECT_GPU_TRANSFORMS_PASSES_TD
