//===- SequentialAsyncCopies.h - cp.async in sequential code ----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_CONVERSION_SEGTOSCF_SEQUENTIALASYNCCOPIES_H
#define SEGIR_LIB_CONVERSION_SEGTOSCF_SEQUENTIALASYNCCOPIES_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace mlir::seg {

/// Rewrites the asynchronous copies (nvgpu.device_async_*) inside the seg
/// ops under `root` into plain copies: one point at a time, a copy lands
/// when it is issued, so groups and waits have nothing to do. Fails with a
/// diagnostic where a token reaches another op.
LogicalResult lowerAsyncCopiesSequentially(Operation *root);

} // namespace mlir::seg

#endif // SEGIR_LIB_CONVERSION_SEGTOSCF_SEQUENTIALASYNCCOPIES_H
