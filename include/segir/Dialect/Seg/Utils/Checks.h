//===- Checks.h - Overflow-checked counts and body checks of seg ops -*- C++
//-*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Checks the verifier of the space ops (seg.map, seg.red, seg.scan) makes
// beyond the op's own structure: point and thread counts that must fit in
// 64 bits (the lowerings count in `index`), and outs buffers that only
// kernel results may write. They depend on no seg op, so that the dialect
// library can use them.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_DIALECT_SEG_UTILS_CHECKS_H
#define SEGIR_DIALECT_SEG_UTILS_CHECKS_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace mlir {
namespace seg {

/// The largest number of blocks of a 1-D grid (CUDA's gridDim.x limit);
/// every kernel SegIR emits has a 1-D grid.
inline constexpr int64_t kMaxGridBlocks = 2147483647;

/// `lhs * rhs`, or nullopt if it does not fit in int64_t.
std::optional<int64_t> checkedMul(int64_t lhs, int64_t rhs);

/// The product of the static entries of `sizes` (dynamic ones skipped), or
/// nullopt if it does not fit in int64_t.
std::optional<int64_t> checkedStaticProduct(ArrayRef<int64_t> sizes);

/// Fails, with an error at `op`, if the static sizes of its space multiply
/// to more points than int64_t holds: every lowering counts points in
/// `index`, and a wrapped count would silently skip the whole space.
LogicalResult verifySpacePointCount(Operation *op, ArrayRef<int64_t> sizes);

/// Fails, with an error at `op`, if a static grid has more blocks than a
/// 1-D launch can have, or more threads than int64_t holds.
LogicalResult verifyGridCounts(Operation *op, std::optional<int64_t> numBlocks,
                               std::optional<int64_t> blockSize);

/// Fails, with an error at the writing op, if an op in `body` (other than a
/// seg op: kernel results and nested seg ops write outs as the dialect
/// defines) writes one of `outs` or a view of it directly: outs buffers are
/// written only by kernel results, and a direct store would race with them
/// and mean something different on every lowering.
LogicalResult verifyNoDirectOutsWrites(Operation *op, ValueRange outs,
                                       Region &body);

/// Fails, with an error at `op`, if `op` (a seg op not nested in another
/// one, hence a kernel of its own) uses a memref defined outside it, as an
/// operand or captured by its body, in a memory space that exists only
/// inside a kernel (workgroup or private): a kernel's memref arguments live
/// in global memory, and the host cannot allocate the others.
LogicalResult verifyKernelArgumentMemorySpaces(Operation *op);

} // namespace seg
} // namespace mlir

#endif // SEGIR_DIALECT_SEG_UTILS_CHECKS_H
