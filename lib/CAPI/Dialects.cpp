//===- Dialects.cpp - C API of the seg dialect ----------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir-c/Dialects.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"
#include "segir/InitAllSegIR.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/IR/DialectRegistry.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Seg, seg, mlir::seg::SegDialect)

void segirRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::seg::registerAllDialectsWithSegIR(*unwrap(registry));
}

MlirContext segirContextCreate(void) {
  mlir::DialectRegistry registry;
  segirRegisterAllDialects(wrap(&registry));
  return wrap(new mlir::MLIRContext(registry));
}
