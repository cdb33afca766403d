//===- main.cpp - SegIR in a compiler of its own --------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Usage: segir-embed <program.mlir> [<transform-script.mlir>]
// Registers the seg dialect (with its transform.seg.* ops) and SegIR's
// passes in its own MLIRContext, parses the program, applies the transform
// script's entry point to it when one is given (SegIR's transformations
// driven by the compiler's own script), compiles it with the seg-to-nvvm
// pipeline built from C++ (PTX for sm_90) and prints one line per
// gpu.binary.
//
//===----------------------------------------------------------------------===//

#include "segir/InitAllSegIR.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    llvm::errs()
        << "usage: segir-embed <program.mlir> [<transform-script.mlir>]\n";
    return 2;
  }
  mlir::seg::registerAllSegIRPasses();

  mlir::DialectRegistry registry;
  mlir::seg::registerAllDialectsWithSegIR(registry);
  mlir::MLIRContext context(registry);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  if (argc == 3) {
    mlir::OwningOpRef<mlir::ModuleOp> script =
        mlir::parseSourceFile<mlir::ModuleOp>(argv[2], &context);
    if (!script)
      return 1;
    mlir::transform::TransformOpInterface entry =
        mlir::transform::detail::findTransformEntryPoint(
            *script, *script,
            mlir::transform::TransformDialect::kTransformEntryPointSymbolName);
    if (!entry ||
        mlir::failed(mlir::transform::applyTransformNamedSequence(
            *module, entry, *script, mlir::transform::TransformOptions())))
      return 1;
  }

  mlir::PassManager pm(&context);
  mlir::seg::SegToNVVMOptions options;
  options.format = "isa"; // PTX text: no ptxas needed
  options.blockSize = 128;
  mlir::seg::buildSegToNVVMPipeline(pm, options);
  if (mlir::failed(pm.run(*module)))
    return 1;

  int binaries = 0;
  module->walk([&](mlir::gpu::BinaryOp binary) {
    for (mlir::Attribute attr : binary.getObjects()) {
      auto object = llvm::cast<mlir::gpu::ObjectAttr>(attr);
      llvm::StringRef ptx = object.getObject().getValue();
      llvm::outs() << "gpu.binary @" << binary.getSymName() << ": "
                   << (ptx.contains(".target sm_90") ? "sm_90" : "other")
                   << " PTX, " << ptx.count(".entry") << " kernel(s), "
                   << ptx.count("mma.sync") << " mma.sync\n";
      ++binaries;
    }
  });
  llvm::outs() << binaries << " binaries\n";
  return binaries ? 0 : 1;
}
