//===- SegAttrs.td - seg dialect attributes ----------------*- tablegen -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_IR_SEGATTRS_TD
#define SEGIR_DIALECT_SEG_IR_SEGATTRS_TD

include "segir/Dialect/Seg/IR/SegDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Execution level
//===----------------------------------------------------------------------===//

def Seg_LevelThread : I32EnumAttrCase<"Thread", 0, "thread">;
def Seg_LevelBlock : I32EnumAttrCase<"Block", 1, "block">;
def Seg_LevelThreadInBlock
    : I32EnumAttrCase<"ThreadInBlock", 2, "thread_in_block">;
def Seg_LevelSeq : I32EnumAttrCase<"Seq", 3, "seq">;

def Seg_Level : I32EnumAttr<"Level", "execution level of a seg op",
    [Seg_LevelThread, Seg_LevelBlock, Seg_LevelThreadInBlock, Seg_LevelSeq]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::seg";
}

def Seg_LevelAttr : EnumAttr<Seg_Dialect, Seg_Level, "level"> {
  let summary = "Execution level: thread, block, thread_in_block or seq";
  let description = [{
    * `thread`: the space is spread over all threads of a grid (one kernel);
    * `block`: one thread block per point; the body is block-level code;
    * `thread_in_block`: inside a `block` body, one thread of the block per
      point, followed by a barrier;
    * `seq`: sequential, inside one thread.
  }];
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Virtualisation
//===----------------------------------------------------------------------===//

def Seg_VirtVirtualized : I32EnumAttrCase<"Virtualized", 0, "virtualized">;
def Seg_VirtNone : I32EnumAttrCase<"None", 1, "none">;
def Seg_VirtFull : I32EnumAttrCase<"Full", 2, "full">;

def Seg_Virtualization : I32EnumAttr<"Virtualization",
    "how virtual blocks map onto launched blocks",
    [Seg_VirtVirtualized, Seg_VirtNone, Seg_VirtFull]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::seg";
}

def Seg_VirtualizationAttr
    : EnumAttr<Seg_Dialect, Seg_Virtualization, "virt"> {
  let summary = "Block virtualisation mode (Futhark's SegVirt)";
  let description = [{
    * `virtualized`: launched blocks loop over virtual block ids when the
      space needs more blocks than are launched;
    * `none`: the grid covers the space; no loop is generated;
    * `full`: the grid covers the space exactly, one thread per point.
  }];
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Target description
//===----------------------------------------------------------------------===//

def Seg_TargetAttr : AttrDef<Seg_Dialect, "Target"> {
  let mnemonic = "target";
  let summary = "The GPU that kernels are built for: its chip, features and "
                "resource limits";
  let description = [{
    Describes the device that passes plan for and that `seg-to-nvvm` builds
    for. Attach it to the module as `seg.target`; passes read limits only
    from it. Without one, the `sm_90` (H200) preset applies.

    ```mlir
    module attributes {seg.target = #seg.target<chip = "sm_90">} {}
    module attributes {seg.target = #seg.target<chip = "sm_80",
                                                 num_sms = 56>} {}
    module attributes {seg.target = #seg.target<chip = "sm_90a",
                                                 ptx_version = 86>} {}
    ```

    `chip` (`sm_NN`, with an optional `a` or `f` suffix) selects a preset
    (`sm_80`: A100-SXM, `sm_89`: L40S, `sm_90`: H200, `sm_90a`: H200 with
    its architecture-specific instructions); any field given overrides the
    preset. A chip without a preset must give every resource limit; its
    features default to PTX 8.0 without wgmma and TMA. Sizes of memory are
    in bytes. `ptx_version` is the PTX ISA version times ten (80: PTX 8.0);
    `wgmma` (warpgroup MMA, sm_90a only) and `tma` (the tensor memory
    accelerator, sm_90 and later) say whether kernels may use them. Every
    field has bounds (`seg-opt --print-chip-presets` prints the presets).
  }];
  let parameters = (ins
    StringRefParameter<"compute capability, e.g. sm_90">:$chip,
    "int64_t":$warpSize,
    "int64_t":$maxThreadsPerBlock,
    "int64_t":$maxThreadsPerSM,
    "int64_t":$numSMs,
    "int64_t":$sharedMemoryPerBlock,
    "int64_t":$sharedMemoryPerSM,
    "int64_t":$registersPerBlock,
    "int64_t":$registersPerSM,
    "int64_t":$registersPerThread,
    "int64_t":$ptxVersion,
    "bool":$wgmma,
    "bool":$tma
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The preset for `chip`, or null if there is none.
    static TargetAttr getPreset(::mlir::MLIRContext *context,
                                ::llvm::StringRef chip);
    /// The default target (sm_90).
    static TargetAttr getDefault(::mlir::MLIRContext *context);
    /// The target that applies to `op`: the `seg.target` attribute of the
    /// closest enclosing op that has one, else the default.
    static TargetAttr lookup(::mlir::Operation *op);
    /// The resource limits, in the order of getTargetLimitNames().
    ::llvm::SmallVector<int64_t> getLimits() const;
    /// This target with PTX version `ptxVersion` (times ten).
    TargetAttr withPtxVersion(int64_t ptxVersion) const;
  }];
}

//===----------------------------------------------------------------------===//
// Lowering strategies of convert-seg-to-gpu
//===----------------------------------------------------------------------===//

def Seg_RedStrategy : I32EnumAttr<"RedStrategy",
    "segmented reduction strategy", [
      I32EnumAttrCase<"Auto", 0, "auto">,
      I32EnumAttrCase<"Sequential", 1, "sequential">,
      I32EnumAttrCase<"Small", 2, "small">,
      I32EnumAttrCase<"Large", 3, "large">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::seg";
}

def Seg_ScanStrategy : I32EnumAttr<"ScanStrategy", "scan strategy", [
      I32EnumAttrCase<"Auto", 0, "auto">,
      I32EnumAttrCase<"SinglePass", 1, "single-pass">,
      I32EnumAttrCase<"ReduceThenScan", 2, "reduce-then-scan">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::seg";
}

def Seg_HistStrategy : I32EnumAttr<"HistStrategy", "seg.hist strategy", [
      I32EnumAttrCase<"Auto", 0, "auto">,
      I32EnumAttrCase<"GlobalAtomic", 1, "global-atomic">,
      I32EnumAttrCase<"Shared", 2, "shared">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::seg";
}

/// An optional strategy, printed as a keyword or, where its name has a
/// hyphen, as a string (both parse).
class Seg_StrategyParameter<string enumType, string desc>
    : OptionalParameter<"::std::optional<" # enumType # ">", desc> {
  let printer = "$_printer.printKeywordOrString(stringifyEnum(*$_self))";
}

def Seg_GPULoweringAttr : AttrDef<Seg_Dialect, "GPULowering"> {
  let mnemonic = "gpu_lowering";
  let summary = "convert-seg-to-gpu's options for one op";
  let description = [{
    Attached to a top-level `seg.map`, `seg.red`, `seg.scan` or `seg.hist`
    as `seg.gpu_lowering` (usually by `transform.seg.set_gpu_lowering`), it
    replaces `convert-seg-to-gpu`'s options of the same names for that op
    only: `strategy` (seg.red), `scan_strategy` (seg.scan), `hist_strategy`
    (seg.hist), `block_size` (for an op whose `grid(...)` gives none) and
    `loads_in_flight` (seg.map, seg.red, seg.hist). Fields left out keep
    the pass's options. The tuning file's entries for a seg.hist still
    override the strategy.

    ```mlir
    seg.red thread (%i, %j) in (%m, %n) ... {seg.gpu_lowering =
        #seg.gpu_lowering<strategy = large, block_size = 128,
                          loads_in_flight = 4>}
    seg.scan ... {seg.gpu_lowering =
        #seg.gpu_lowering<scan_strategy = "reduce-then-scan">}
    ```
  }];
  let parameters = (ins
    Seg_StrategyParameter<"::mlir::seg::RedStrategy",
                          "segmented reduction strategy">:$strategy,
    Seg_StrategyParameter<"::mlir::seg::ScanStrategy",
                          "scan strategy">:$scan_strategy,
    Seg_StrategyParameter<"::mlir::seg::HistStrategy",
                          "seg.hist strategy">:$hist_strategy,
    OptionalParameter<"::std::optional<int64_t>",
                      "threads per block">:$block_size,
    OptionalParameter<"::std::optional<int64_t>",
                      "elements or points in flight per thread">:$loads_in_flight
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Whether the fields suit `op` (a strategy of another op kind, a block
    /// size next to the op's own, loads in flight on a scan are errors).
    ::mlir::LogicalResult verifyFor(
        ::mlir::Operation *op,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

#endif // SEGIR_DIALECT_SEG_IR_SEGATTRS_TD
