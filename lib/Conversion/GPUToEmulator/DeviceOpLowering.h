//===- DeviceOpLowering.h - Device ops as runtime calls ---------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the lowerings of the asynchronous-copy and Hopper ops of a device
// function share: they collect the ops they rewrite, replace each by calls
// of the emulator runtime that name the op and its location, and erase them.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_GPUTOEMULATOR_DEVICEOPLOWERING_H
#define SEGIR_LIB_CONVERSION_GPUTOEMULATOR_DEVICEOPLOWERING_H

#include "EmulatorRuntimeCalls.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace seg {
namespace emulator {

/// Rewrites the ops of one device function that a subclass selects.
class DeviceOpLowering {
public:
  DeviceOpLowering(func::FuncOp func, RuntimeCalls &runtime)
      : func(func), runtime(runtime), rewriter(func.getContext()) {}
  virtual ~DeviceOpLowering() = default;

  /// Lowers every selected op (in pre-order), then lets the subclass finish
  /// the function and erases the ops; fails at the first op that cannot be
  /// lowered.
  LogicalResult run();

protected:
  /// Whether `op` is one of the ops this lowering rewrites.
  virtual bool selects(Operation *op) const = 0;
  /// Replaces the uses of `op` by runtime calls at the insertion point
  /// (before `op`); `op` is erased later.
  virtual LogicalResult lower(Operation *op) = 0;
  /// Runs once every op is lowered and before they are erased.
  virtual LogicalResult finish(ArrayRef<Operation *> ops) { return success(); }

  /// "<op name> at <file:line:col>", a distinct string per site.
  Value site(Operation *op);
  /// Calls runtime function `name`; returns its result, if it has one.
  Value call(Location loc, StringRef name, TypeRange results, ValueRange args);
  Value i32Constant(Location loc, int64_t value);
  Value i64Constant(Location loc, int64_t value);
  /// `pointer` in the default address space.
  Value genericPointer(Location loc, Value pointer);
  /// Runs `body` at the insertion point, under `predicate` if there is one.
  void guarded(Location loc, Value predicate, function_ref<void()> body);

  func::FuncOp func;
  RuntimeCalls &runtime;
  IRRewriter rewriter;
};

} // namespace emulator
} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_GPUTOEMULATOR_DEVICEOPLOWERING_H
