//===- Dialects.cpp - C API of the seg dialect ----------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir-c/Dialects.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Seg, seg, mlir::seg::SegDialect)

void segirRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::DialectRegistry &r = *unwrap(registry);
  mlir::registerAllDialects(r);
  mlir::registerAllExtensions(r);
  // gpu-module-to-binary and the execution engine translate to LLVM IR.
  mlir::registerAllToLLVMIRTranslations(r);
  r.insert<mlir::seg::SegDialect>();
}

MlirContext segirContextCreate(void) {
  mlir::DialectRegistry registry;
  segirRegisterAllDialects(wrap(&registry));
  return wrap(new mlir::MLIRContext(registry));
}
