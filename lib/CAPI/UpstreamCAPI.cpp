//===- UpstreamCAPI.cpp - MLIR's C API as a shared library ----------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// libSegIRMLIRCAPI.so is made of MLIR's C API archives only (see
// CMakeLists.txt); this file gives the library a source of its own.
//
//===----------------------------------------------------------------------===//

#include "mlir-c/IR.h"
