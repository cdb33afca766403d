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

#include "segir/Conversion/Passes.h"
#include "segir/Dialect/GPU/Transforms/Passes.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "SegIR", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<mlir::seg::SegDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "SegIR", LLVM_VERSION_STRING, []() {
            mlir::seg::registerSegConversionPasses();
            mlir::seg::registerSegTransformsPasses();
            mlir::seg::registerSegGPUTransformsPasses();
            mlir::seg::registerSegPipelines();
          }};
}
