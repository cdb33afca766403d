//===- HostSafety.cpp - Errors that must not end the host -----------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Tools/HostSafety.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;

/// Where the running runRecoveringFatalErrors of this thread wants the
/// message of a fatal error; null outside of one.
static thread_local std::string *fatalErrorMessage = nullptr;

static void handleFatalError(void *, const char *reason, bool) {
  if (fatalErrorMessage)
    *fatalErrorMessage = reason;
  else
    llvm::errs() << "LLVM ERROR: " << reason << "\n";
  // Returns into the enclosing crash recovery context, if there is one;
  // exits otherwise (LLVM would abort when it asks for a crash report).
  llvm::sys::Process::Exit(1);
}

void seg::installFatalErrorHandler() {
  static std::once_flag once;
  std::call_once(once,
                 [] { llvm::install_fatal_error_handler(handleFatalError); });
}

LogicalResult seg::runRecoveringFatalErrors(function_ref<LogicalResult()> fn,
                                            std::string &message) {
  installFatalErrorHandler();
  static std::once_flag once;
  // Installs signal handlers that, outside of a recovery context, restore
  // the ones before them and re-raise the signal.
  std::call_once(once, [] { llvm::CrashRecoveryContext::Enable(); });
  std::string *outer = fatalErrorMessage;
  fatalErrorMessage = &message;
  LogicalResult result = failure();
  llvm::CrashRecoveryContext recovery;
  bool finished = recovery.RunSafely([&] { result = fn(); });
  fatalErrorMessage = outer;
  if (finished)
    return result;
  if (!message.empty())
    message = "an LLVM fatal error: " + message;
  else
    message =
        llvm::CrashRecoveryContext::isCrash(recovery.RetCode)
            ? "a crash (signal " + std::to_string(recovery.RetCode - 128) + ")"
            : "an exit (status " + std::to_string(recovery.RetCode) + ")";
  return failure();
}

DiagnosticEngine::HandlerID
seg::observeErrorDiagnostics(MLIRContext *ctx, std::atomic<bool> &sawError) {
  return ctx->getDiagEngine().registerHandler([&sawError](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      sawError = true;
    return failure(); // Not handled: the handlers before print it.
  });
}
