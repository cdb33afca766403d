//===- Passes.h - C API of SegIR's passes and pipelines -----------*- C -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_C_PASSES_H
#define SEGIR_C_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers SegIR's passes (seg-select-chunk, convert-seg-to-scf,
/// convert-seg-to-gpu, convert-gpu-to-seg-emulator) with the global registry.
MLIR_CAPI_EXPORTED void segirRegisterPasses(void);

/// Registers the named pipelines seg-to-cpu, seg-to-nvvm and
/// seg-to-emulator with the global registry.
MLIR_CAPI_EXPORTED void segirRegisterPipelines(void);

/// Registers every upstream pass, then SegIR's passes and pipelines. Safe to
/// call more than once.
MLIR_CAPI_EXPORTED void segirRegisterAllPasses(void);

/// Runs the registered pass or pipeline `name` with `options` (the text
/// between the braces of `name{...}`; may be empty) on `op`, which must be a
/// builtin.module. Every diagnostic emitted meanwhile is formatted as
/// "<location>: <severity>: <message>" (notes follow on their own lines) and
/// passed to `diagnosticCallback` (may be NULL). Fails if the name or an
/// option is unknown, a pass fails, an error diagnostic is emitted (even by
/// a pass that does not fail), or LLVM reports a fatal error (e.g. the
/// NVPTX backend for a chip and PTX version it cannot pair), which is
/// passed on as an error instead of ending the process; `op` is then left
/// in an unspecified state, to be discarded.
MLIR_CAPI_EXPORTED MlirLogicalResult
segirRunPipeline(MlirOperation op, MlirStringRef name, MlirStringRef options,
                 MlirStringCallback diagnosticCallback, void *userData);

/// Parses `source` into a module of `ctx`, diagnostics as in
/// segirRunPipeline. Returns a null module on failure.
MLIR_CAPI_EXPORTED MlirModule segirParseModule(
    MlirContext ctx, MlirStringRef source, MlirStringRef bufferName,
    MlirStringCallback diagnosticCallback, void *userData);

/// Passes "name=value\n" for every tunable set in `op` (e.g. the chunk chosen
/// by seg-select-chunk, "main.red0.chunk=13"), in the tuning-file format.
MLIR_CAPI_EXPORTED void
segirGetTunables(MlirOperation op, MlirStringCallback callback, void *userData);

/// Passes, for every object of every gpu.binary in `op`, first the binary's
/// symbol name, then the object's bytes (PTX text, cubin or fatbin,
/// depending on the `format` of seg-to-nvvm). Returns the number of objects.
MLIR_CAPI_EXPORTED intptr_t segirGetGPUObjects(MlirOperation op,
                                               MlirStringCallback callback,
                                               void *userData);

/// Describes the signature of func.func `name` in `op` for foreign callers:
/// space-separated arguments, " -> ", space-separated results; a scalar is
/// its type (f16, bf16, f32, f64, i1, i8, i16, i32, i64, index), a memref with
/// the identity layout is "memref:<elt>:<d0>x<d1>..." with -1 for a dynamic
/// size ("memref:f32:" for rank 0). Fails, with a message passed to
/// `callback`, if the function does not exist or has another argument type.
MLIR_CAPI_EXPORTED MlirLogicalResult
segirDescribeFunction(MlirOperation op, MlirStringRef name,
                      MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // SEGIR_C_PASSES_H
