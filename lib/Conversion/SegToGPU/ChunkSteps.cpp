//===- ChunkSteps.cpp - Non-commutative reductions in chunk steps -------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The large-segments kernel's stage one for non-commutative operators
// [Pøbl & Holst 2024]: every thread evaluates chunk elements with coalesced
// reads, a copy through shared memory hands it chunk consecutive ones to
// reduce in order, and the block reduces the threads' results.
//
//===----------------------------------------------------------------------===//

#include "ChunkSteps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::seg;

/// Thread t's part of a chunk step at `base` [Pøbl & Holst 2024]: it
/// evaluates elements base + k B + t (k < chunk) with coalesced reads, stores
/// them at slots k B + t of one scratch buffer per operand and, after a
/// barrier, reduces slots t chunk + j (j < chunk), the elements it owns, in
/// order; a buffer per operand keeps these reads conflict-free for odd
/// chunks. Unrolled: all loads are issued before the first store and the
/// chunk stays in registers. With `chunkSlots` (the plan's) every operand
/// goes through `buffers` at once; otherwise each goes through in turn, with
/// a barrier pair each, and `buffers` stays empty.
static SmallVector<Value>
reduceOwnChunk(KernelBuilder &kb, Reduction &red, Value base, int64_t chunk,
               int64_t chunkSlots,
               function_ref<SmallVector<Value>(Value)> elementAt,
               SmallVector<Value> &buffers) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Value first =
      arith::MulIOp::create(b, loc, kb.threadId, kb.constIndex(chunk));
  auto ownSlot = [&](Value j) {
    return arith::AddIOp::create(b, loc, first, j);
  };
  SmallVector<Value> slots;
  SmallVector<SmallVector<Value>> loaded;
  for (int64_t k = 0; k < chunk; ++k) {
    slots.push_back(arith::AddIOp::create(b, loc, kb.threadId,
                                          kb.constIndex(k * kb.blockSize)));
    loaded.push_back(elementAt(arith::AddIOp::create(b, loc, base, slots[k])));
  }
  SmallVector<SmallVector<Value>> own(chunk);
  // Operands [begin, begin + buffers.size()) through `buffers`.
  auto transpose = [&](unsigned begin, ValueRange through) {
    for (int64_t k = 0; k < chunk; ++k)
      kb.storeAll(ArrayRef(loaded[k]).slice(begin, through.size()), through,
                  slots[k]);
    kb.barrier();
    for (int64_t j = 0; j < chunk; ++j)
      llvm::append_range(own[j],
                         kb.loadAll(through, ownSlot(kb.constIndex(j))));
  };
  if (chunkSlots > 0) {
    buffers = kb.allocScratch(red.types, chunkSlots);
    transpose(0, buffers);
  } else {
    for (auto [operand, type] : llvm::enumerate(red.types)) {
      transpose(operand, kb.allocScratch(type, kb.blockSize * chunk));
      kb.barrier();
    }
  }
  SmallVector<Value> mine = own.front();
  for (int64_t j = 1; j < chunk; ++j)
    mine = red.combine(kb, mine, own[j]);
  return mine;
}

SmallVector<Value>
seg::reduceChunkStep(KernelBuilder &kb, Reduction &red, Value base,
                     int64_t chunk, int64_t chunkSlots,
                     function_ref<SmallVector<Value>(Value)> elementAt) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  SmallVector<Value> buffers;
  SmallVector<Value> mine =
      reduceOwnChunk(kb, red, base, chunk, chunkSlots, elementAt, buffers);
  if (chunkSlots == 0)
    return kb.blockReduce(red.operators(), red.neutrals, mine);

  SmallVector<Value> warpTotals;
  if (kb.getNumWarps() > 1) {
    OpFoldResult offset = b.getIndexAttr(kb.blockSize * chunk);
    OpFoldResult size = b.getIndexAttr(kb.getNumWarps());
    OpFoldResult stride = b.getIndexAttr(1);
    for (Value buffer : buffers)
      warpTotals.push_back(memref::SubViewOp::create(
          b, loc, buffer, ArrayRef(offset), ArrayRef(size), ArrayRef(stride)));
  }
  SmallVector<Value> warpTotal =
      kb.reduceWarpsInto(red.operators(), mine, warpTotals);
  kb.barrier();
  if (kb.getNumWarps() == 1)
    return warpTotal;
  return kb.reduceWarpTotals(red.operators(), red.neutrals, warpTotals);
}
