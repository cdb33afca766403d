//===- Dialects.h - C API of the seg dialect ----------------------*- C -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Registration of the seg dialect in MLIR's C API style, and a context with
// everything a SegIR program needs.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_C_DIALECTS_H
#define SEGIR_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// `mlirGetDialectHandle__seg__()`: the seg dialect for
/// mlirDialectHandleRegisterDialect / mlirDialectHandleInsertDialect.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Seg, seg);

/// Inserts every upstream dialect and extension, the LLVM IR translations
/// (needed by the GPU and CPU pipelines) and the seg dialect into `registry`.
MLIR_CAPI_EXPORTED void segirRegisterAllDialects(MlirDialectRegistry registry);

/// Creates a context with segirRegisterAllDialects' registry appended.
MLIR_CAPI_EXPORTED MlirContext segirContextCreate(void);

#ifdef __cplusplus
}
#endif

#endif // SEGIR_C_DIALECTS_H
