//===- seg-opt.cpp - SegIR optimizer driver -----------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with every upstream dialect, pass and extension, plus SegIR's.
//
//===----------------------------------------------------------------------===//

#include "segir/InitAllSegIR.h"
#include "segir/Target/Chips.h"
#include "segir/Tools/HostSafety.h"
#include "segir/Tools/PassOptionCheck.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>

#if LLVM_ADDRESS_SANITIZER_BUILD
/// AddressSanitizer's defaults for seg-opt (scripts/sanitize.sh): the
/// allocators that SegIR's instrumented code inlines from LLVM's headers
/// (llvm::BumpPtrAllocator) poison the slabs they share with MLIR's
/// uninstrumented libraries, whose own allocations from them are never
/// unpoisoned; their use would be reported as use-after-poison.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
#endif

/// Checks the options of every pass and pipeline named on the command line
/// (`--name=options`, `--pass-pipeline=...`) before MLIR parses them, so
/// that a misspelled option is reported with the valid ones.
static mlir::LogicalResult checkCommandLinePassOptions(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      break;
    if (!arg.consume_front("-"))
      continue;
    arg.consume_front("-");
    auto [name, options] = arg.split('=');
    if (options.empty() && !arg.contains('='))
      continue;
    std::string error;
    mlir::LogicalResult checked =
        name == "pass-pipeline"
            ? mlir::seg::checkPassPipelineOptions(options, error)
            : mlir::seg::checkPassOptions(name, options, error);
    if (mlir::failed(checked)) {
      llvm::errs() << argv[0] << ": error: " << error << "\n";
      return mlir::failure();
    }
  }
  return mlir::success();
}

static llvm::cl::opt<bool> printChipPresets(
    "print-chip-presets",
    llvm::cl::desc("Print the chip presets of #seg.target as JSON and exit"),
    llvm::cl::init(false));

/// MlirOptMain as mlir-opt runs it, except that an error diagnostic fails
/// the run even where the pass that emitted it succeeded (upstream type
/// converters report an error and leave the op in a partial conversion).
static mlir::LogicalResult runOptMain(int argc, char **argv,
                                      mlir::DialectRegistry &registry) {
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "SegIR optimizer driver\n", registry);
  if (printChipPresets) {
    mlir::seg::printChipPresetsAsJSON(llvm::outs());
    return mlir::success();
  }
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  static std::atomic<bool> sawError = false;
  // Under -verify-diagnostics, expected errors are the point.
  if (!config.shouldVerifyDiagnostics()) {
    mlir::MlirOptMainConfig parsed = config;
    config.setPassPipelineSetupFn([parsed](mlir::PassManager &pm) {
      // Registered after the tool's own handler: sees every diagnostic of
      // the passes first, and passes it on.
      mlir::seg::observeErrorDiagnostics(pm.getContext(), sawError);
      return parsed.setupPassPipeline(pm);
    });
  }
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return mlir::failure();
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return mlir::failure();
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return mlir::failure();
  if (sawError)
    return mlir::failure();
  output->keep();
  return mlir::success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // An LLVM fatal error (the NVPTX backend's) is an error, not an abort.
  mlir::seg::installFatalErrorHandler();
  mlir::registerAllPasses();
  mlir::seg::registerAllSegIRPasses();

  mlir::DialectRegistry registry;
  mlir::seg::registerAllDialectsWithSegIR(registry);
  if (mlir::failed(checkCommandLinePassOptions(argc, argv)))
    return 1;

  return mlir::asMainReturnCode(runOptMain(argc, argv, registry));
}
