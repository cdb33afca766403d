//===- KernelRoles.cpp - The kernels convert-seg-to-gpu emits -------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "KernelRoles.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::seg;

namespace {
struct KernelRoleNames {
  KernelRole role;
  llvm::StringLiteral name, kind;
};
} // namespace

/// In the order of KernelRole.
static constexpr KernelRoleNames kKernelRoles[] = {
    {KernelRole::ThreadMap, "thread", ""},
    {KernelRole::BlockMap, "block", ""},
    {KernelRole::SequentialSegments, "sequential-segments",
     "sequential_segments"},
    {KernelRole::SmallSegments, "small-segments", "small_segments"},
    {KernelRole::LargeSegments, "large-segments", "large_segments"},
    {KernelRole::SinglePassScan, "single-pass scan", "scan"},
    {KernelRole::GroupAggregates, "group aggregate", "group_aggregates"},
    {KernelRole::AggregateScan, "aggregate scan", "scan_aggregates"},
    {KernelRole::Rescan, "rescan", "rescan"},
    {KernelRole::GlobalAtomicHistogram, "global-atomic", "hist_global"},
    {KernelRole::SharedHistogram, "shared-subhistograms", "hist_shared"},
};

static const KernelRoleNames &lookup(KernelRole role) {
  const KernelRoleNames &names = kKernelRoles[static_cast<int>(role)];
  if (names.role != role)
    llvm_unreachable("kKernelRoles is not in the order of KernelRole");
  return names;
}

llvm::StringRef seg::getKernelRoleName(KernelRole role) {
  return lookup(role).name;
}

llvm::StringRef seg::getKernelRoleKind(KernelRole role) {
  return lookup(role).kind;
}
