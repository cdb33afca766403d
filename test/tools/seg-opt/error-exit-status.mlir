// An error diagnostic fails seg-opt even when the pass that emitted it does
// not fail: upstream's memref-to-llvm type converter reports a memory space
// it cannot convert and leaves the op in its partial conversion, which
// mlir-opt-22 ends with status 0.

// RUN: not seg-opt %s --finalize-memref-to-llvm -o %t 2>&1 | FileCheck %s
// RUN: not test -e %t
// CHECK: error: conversion of memref memory space #gpu.address_space<workgroup>

func.func @shared() {
  %a = memref.alloca() : memref<4xf32, #gpu.address_space<workgroup>>
  return
}
