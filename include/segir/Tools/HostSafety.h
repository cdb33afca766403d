//===- HostSafety.h - Errors that must not end the host ---------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What every host of SegIR (seg-opt, the C API and through it Python, the
// mlir-opt plugin) does so that a failure is an error it can handle:
//  * an LLVM fatal error (report_fatal_error, e.g. from the NVPTX backend)
//    inside runRecoveringFatalErrors becomes a failed result with the
//    message, instead of ending the process;
//  * an error diagnostic fails the run even when the pass that emitted it
//    did not fail (upstream type converters report an error and leave the
//    op unconverted in a partial conversion).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_TOOLS_HOSTSAFETY_H
#define SEGIR_TOOLS_HOSTSAFETY_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"

#include <atomic>
#include <string>

namespace mlir {
class MLIRContext;
namespace seg {

/// Installs SegIR's LLVM fatal-error handler (once per process). Inside
/// runRecoveringFatalErrors it returns control to that call; elsewhere it
/// prints "LLVM ERROR: <reason>" and exits with status 1 through
/// llvm::sys::Process::Exit, which an enclosing llvm::CrashRecoveryContext
/// (MLIR's crash reproducer) turns into a failure, and never aborts.
void installFatalErrorHandler();

/// Runs `fn`; if an LLVM fatal error or a crash (a signal) happens on this
/// thread meanwhile, returns failure with a one-line `message` ("an LLVM
/// fatal error: <reason>", "a crash (signal <n>)") instead
/// (installs the handler, and enables llvm::CrashRecoveryContext).
/// The IR `fn` worked on is then in an unspecified state: discard it.
LogicalResult runRecoveringFatalErrors(function_ref<LogicalResult()> fn,
                                       std::string &message);

/// Registers a handler that sets `sawError` on every error diagnostic of
/// `ctx` and passes every diagnostic on to the handlers registered before.
DiagnosticEngine::HandlerID
observeErrorDiagnostics(MLIRContext *ctx, std::atomic<bool> &sawError);

} // namespace seg
} // namespace mlir

#endif // SEGIR_TOOLS_HOSTSAFETY_H
