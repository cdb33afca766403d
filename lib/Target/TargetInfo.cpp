//===- TargetInfo.cpp - The instructions of a GPU vendor ------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Target/TargetInfo.h"

#include "NVIDIA/NVIDIATargetInfo.h"

using namespace mlir;
using namespace mlir::seg;

TargetInfo::~TargetInfo() = default;

const TargetInfo &TargetInfo::get(TargetAttr) {
  // Every chip #seg.target accepts is an NVIDIA compute capability.
  static const NVIDIATargetInfo nvidia;
  return nvidia;
}

const TargetInfo &TargetInfo::lookup(Operation *op) {
  return get(TargetAttr::lookup(op));
}
