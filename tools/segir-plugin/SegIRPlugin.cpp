//===- SegIRPlugin.cpp - SegIR as an mlir-opt plugin ----------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One library, both plugin entry points: load it into any mlir-opt built on
// the same libMLIR.so with
//   mlir-opt --load-dialect-plugin=SegIRPlugin.so \
//            --load-pass-plugin=SegIRPlugin.so --pass-pipeline=...
//
//===----------------------------------------------------------------------===//

#include "segir/InitAllSegIR.h"
#include "segir/Tools/HostSafety.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "SegIR", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            mlir::seg::registerSegIRDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "SegIR", LLVM_VERSION_STRING,
          []() {
            mlir::seg::registerAllSegIRPasses();
            // An LLVM fatal error ends the host with an error, never with
            // an abort; under --mlir-pass-pipeline-crash-reproducer it fails
            // the pipeline instead.
            mlir::seg::installFatalErrorHandler();
          }};
}
