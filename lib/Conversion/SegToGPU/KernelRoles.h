//===- KernelRoles.h - The kernels convert-seg-to-gpu emits -----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to convert-seg-to-gpu: every kernel it emits has one of these
// roles, and its names come from the table in KernelRoles.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOGPU_KERNELROLES_H
#define SEGIR_LIB_CONVERSION_SEGTOGPU_KERNELROLES_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace seg {

enum class KernelRole {
  ThreadMap,
  BlockMap,
  SequentialSegments,
  SmallSegments,
  LargeSegments,
  SinglePassScan,
  GroupAggregates,
  AggregateScan,
  Rescan,
  GlobalAtomicHistogram,
  SharedHistogram,
};

/// What diagnostics and remarks call a kernel of `role` ("large-segments").
llvm::StringRef getKernelRoleName(KernelRole role);

/// The suffix of the outlined kernel's name, `<function>_<kind>`; empty:
/// outlining names it.
llvm::StringRef getKernelRoleKind(KernelRole role);

} // namespace seg
} // namespace mlir

#endif // SEGIR_LIB_CONVERSION_SEGTOGPU_KERNELROLES_H
