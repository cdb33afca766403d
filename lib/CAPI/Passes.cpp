//===- Passes.cpp - C API of SegIR's passes and pipelines -----------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir-c/Passes.h"
// Pipelines.h names mlir::detail::PassOptions as `detail::`, which SegOps.h's
// mlir::seg::detail would hide: it comes first.
#include "segir/Pipelines/Pipelines.h"

#include "segir/Analysis/Tuning.h"
#include "segir/Conversion/Passes.h"
#include "segir/Dialect/GPU/Transforms/Passes.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"
#include "segir/Tools/HostSafety.h"
#include "segir/Tools/PassOptionCheck.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/SourceMgr.h"

#include <atomic>
#include <mutex>

using namespace mlir;

namespace {
/// Formats every diagnostic of a context as text for a C callback while it
/// lives, instead of printing it to stderr.
class CallbackDiagnostics {
public:
  CallbackDiagnostics(MLIRContext *ctx, MlirStringCallback callback,
                      void *userData)
      : handler(ctx, [=](Diagnostic &diag) {
          if (!callback)
            return success();
          std::string text;
          llvm::raw_string_ostream os(text);
          printLocation(os, diag.getLocation());
          os << ": " << severityName(diag) << ": " << diag;
          for (Diagnostic &note : diag.getNotes()) {
            os << "\n";
            printLocation(os, note.getLocation());
            os << ": note: " << note;
          }
          callback(mlirStringRefCreate(text.data(), text.size()), userData);
          return success();
        }) {}

private:
  /// "file:line:col" as compilers print it, where the location has one.
  static void printLocation(raw_ostream &os, Location loc) {
    if (auto file = loc->findInstanceOf<FileLineColLoc>())
      os << file.getFilename().getValue() << ":" << file.getLine() << ":"
         << file.getColumn();
    else
      os << loc;
  }

  static StringRef severityName(Diagnostic &diag) {
    switch (diag.getSeverity()) {
    case DiagnosticSeverity::Error:
      return "error";
    case DiagnosticSeverity::Warning:
      return "warning";
    case DiagnosticSeverity::Remark:
      return "remark";
    case DiagnosticSeverity::Note:
      return "note";
    }
    return "error";
  }

  ScopedDiagnosticHandler handler;
};

void emit(MlirStringCallback callback, void *userData, StringRef text) {
  if (callback)
    callback(wrap(text), userData);
}

/// The foreign-call spelling of a scalar type, or "" if it has none.
std::string scalarName(Type type) {
  if (type.isIndex())
    return "index";
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  if (type.isF64())
    return "f64";
  if (type.isSignlessInteger(1) || type.isSignlessInteger(8) ||
      type.isSignlessInteger(16) || type.isSignlessInteger(32) ||
      type.isSignlessInteger(64))
    return "i" + std::to_string(type.getIntOrFloatBitWidth());
  return "";
}

/// The foreign-call spelling of an argument or result type, or "".
std::string typeName(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type)) {
    std::string elt = scalarName(memref.getElementType());
    if (elt.empty() || !memref.getLayout().isIdentity())
      return "";
    std::string text = "memref:" + elt + ":";
    for (auto [i, size] : llvm::enumerate(memref.getShape()))
      text += (i ? "x" : "") +
              std::to_string(ShapedType::isDynamic(size) ? -1 : size);
    return text;
  }
  return scalarName(type);
}
} // namespace

void segirRegisterPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] {
    seg::registerSegConversionPasses();
    seg::registerSegTransformsPasses();
    seg::registerSegGPUTransformsPasses();
  });
}

void segirRegisterPipelines(void) {
  static std::once_flag once;
  std::call_once(once, [] { seg::registerSegPipelines(); });
}

void segirRegisterAllPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] { registerAllPasses(); });
  segirRegisterPasses();
  segirRegisterPipelines();
}

MlirLogicalResult segirRunPipeline(MlirOperation op, MlirStringRef name,
                                   MlirStringRef options,
                                   MlirStringCallback diagnosticCallback,
                                   void *userData) {
  Operation *operation = unwrap(op);
  MLIRContext *ctx = operation->getContext();
  CallbackDiagnostics diagnostics(ctx, diagnosticCallback, userData);
  if (!isa<ModuleOp>(operation)) {
    operation->emitError("SegIR pipelines run on a builtin.module, not ")
        << operation->getName();
    return mlirLogicalResultFailure();
  }
  std::string pipeline = unwrap(name).str();
  StringRef optionText = unwrap(options).trim();
  if (!optionText.empty())
    pipeline += "{" + optionText.str() + "}";

  // Checked first: MLIR prints a pipeline's option errors to stderr, and
  // names no valid options.
  std::string optionError;
  if (failed(seg::checkPassPipelineOptions(pipeline, optionError))) {
    emit(diagnosticCallback, userData,
         "error: cannot build pipeline '" + pipeline + "': " + optionError);
    return mlirLogicalResultFailure();
  }
  PassManager pm(ctx, ModuleOp::getOperationName());
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (failed(parsePassPipeline(pipeline, pm, errorStream))) {
    emit(diagnosticCallback, userData,
         "error: cannot build pipeline '" + pipeline +
             "': " + StringRef(error).trim().str());
    return mlirLogicalResultFailure();
  }
  // An error fails the run even where the pass that reported it did not.
  std::atomic<bool> sawError = false;
  DiagnosticEngine::HandlerID observer =
      seg::observeErrorDiagnostics(ctx, sawError);
  std::string fatalError;
  LogicalResult result = seg::runRecoveringFatalErrors(
      [&] { return pm.run(operation); }, fatalError);
  ctx->getDiagEngine().eraseHandler(observer);
  if (!fatalError.empty())
    emit(diagnosticCallback, userData,
         "error: pipeline '" + pipeline + "' stopped at " + fatalError +
             "; the module is left in an unspecified state");
  return wrap(failed(result) || sawError ? failure() : success());
}

MlirModule segirParseModule(MlirContext ctx, MlirStringRef source,
                            MlirStringRef bufferName,
                            MlirStringCallback diagnosticCallback,
                            void *userData) {
  MLIRContext *context = unwrap(ctx);
  CallbackDiagnostics diagnostics(context, diagnosticCallback, userData);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(source), unwrap(bufferName)),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
  return MlirModule{module.release().getOperation()};
}

void segirGetTunables(MlirOperation op, MlirStringCallback callback,
                      void *userData) {
  unwrap(op)->walk([&](Operation *nested) {
    auto chunk = nested->getAttrOfType<IntegerAttr>("chunk");
    if (!chunk || !isa<seg::RedOp, seg::ScanOp>(nested))
      return;
    std::string line = seg::getTunableName(nested, "chunk") + "=" +
                       std::to_string(chunk.getInt()) + "\n";
    emit(callback, userData, line);
  });
}

intptr_t segirGetGPUObjects(MlirOperation op, MlirStringCallback callback,
                            void *userData) {
  intptr_t count = 0;
  unwrap(op)->walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      if (!object)
        continue;
      emit(callback, userData, binary.getSymName());
      emit(callback, userData, object.getObject().getValue());
      ++count;
    }
  });
  return count;
}

MlirLogicalResult segirDescribeFunction(MlirOperation op, MlirStringRef name,
                                        MlirStringCallback callback,
                                        void *userData) {
  StringRef funcName = unwrap(name);
  auto func = dyn_cast_or_null<func::FuncOp>(
      SymbolTable::lookupSymbolIn(unwrap(op), funcName));
  if (!func) {
    emit(callback, userData, "no func.func named '" + funcName.str() + "'");
    return mlirLogicalResultFailure();
  }
  std::string text, error;
  auto append = [&](TypeRange types, StringRef what) {
    for (auto [i, type] : llvm::enumerate(types)) {
      std::string spelled = typeName(type);
      if (spelled.empty()) {
        llvm::raw_string_ostream os(error);
        os << "@" << funcName << ": " << what << " " << i << " has type '"
           << type
           << "', which cannot be passed from outside (supported: f16, bf16, "
              "f32, f64, i1, i8, i16, i32, i64, index and memrefs of them with "
              "the identity layout)";
        return false;
      }
      text += (i ? " " : "") + spelled;
    }
    return true;
  };
  bool ok = append(func.getArgumentTypes(), "argument");
  text += " -> ";
  ok = ok && append(func.getResultTypes(), "result");
  emit(callback, userData, ok ? text : error);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
