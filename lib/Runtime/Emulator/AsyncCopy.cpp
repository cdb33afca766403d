//===- AsyncCopy.cpp - Ampere asynchronous copies (cp.async) --------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// cp.async as include/segir/Runtime/EmulatorAsyncCopy.h describes it. Every
// thread has its own sequence of cp.async groups: a copy joins the open
// group, commit_group closes it, and wait_group N returns once the copies
// of all but the N most recent closed groups have landed; copies of the
// open group are not waited for.
//
// Without a seed a copy lands when it is issued. In the randomised mode
// (SEGIR_EMU_SEED) a copy is only queued when issued, and lands at a random
// later moment: now and then at a cp.async operation of any thread of its
// block, and at the latest at the wait_group of its thread that waits for
// it. The global memory is read when the copy lands. A kernel that reads
// the destination without waiting (or waits for too few groups) reads stale
// shared memory; a barrier alone does not wait for copies, as on the GPU.
//
//===----------------------------------------------------------------------===//

#include "AsyncCopy.h"
#include "AsyncGroups.h"
#include "Emulator.h"
#include "segir/Runtime/EmulatorAsyncCopy.h"

#include <cstring>

using namespace segir::emu;

namespace {

/// A queued copy.
struct PendingCopy {
  char *dst = nullptr;
  const char *src = nullptr;
  int32_t bytes = 0;
  int32_t srcBytes = 0;
};

/// The cp.async state of the block a worker runs.
struct AsyncCopyBlock {
  Block *block = nullptr;
  AsyncQueue<PendingCopy> copies;
};

thread_local AsyncCopyBlock asyncCopies;

AsyncCopyBlock &state(Fiber &fiber) {
  if (asyncCopies.block != fiber.block)
    fatal("%s: cp.async state of another block", describe(fiber).c_str());
  return asyncCopies;
}

/// Lands the queued copy at `index` and removes it.
void land(AsyncCopyBlock &block, size_t index) {
  PendingCopy copy = block.copies.take(index);
  std::memcpy(copy.dst, copy.src, size_t(copy.srcBytes));
  std::memset(copy.dst + copy.srcBytes, 0, size_t(copy.bytes - copy.srcBytes));
}

/// In the randomised mode, now and then lands a queued copy of the block.
void maybeLand(AsyncCopyBlock &block, Fiber &fiber) {
  if (std::optional<size_t> index = block.copies.pickRandomly(fiber, 4))
    land(block, *index);
}

} // namespace

void segir::emu::asyncCopyStartBlock(Block &block) {
  asyncCopies.block = &block;
  asyncCopies.copies.clear();
}

void segir::emu::asyncCopyEndBlock(Block &block) {
  if (asyncCopies.block != &block)
    return;
  asyncCopies.copies.clear();
  asyncCopies.block = nullptr;
}

extern "C" {

void segEmuAsyncCopy(void *dst, const void *src, int32_t bytes,
                     int32_t srcBytes, int32_t bypassL1, const char *site) {
  Fiber &fiber = self(site);
  AsyncCopyBlock &block = state(fiber);
  if (bytes != 4 && bytes != 8 && bytes != 16)
    fatal("%s: %s: a copy of %d bytes (cp.async copies 4, 8 or 16)",
          describe(fiber).c_str(), site, bytes);
  if (bypassL1 && bytes != 16)
    fatal("%s: %s: .cg (bypassing L1) for %d bytes; cp.async.cg copies 16",
          describe(fiber).c_str(), site, bytes);
  if (srcBytes < 0 || srcBytes > bytes)
    fatal("%s: %s: %d source bytes for a %d-byte copy", describe(fiber).c_str(),
          site, srcBytes, bytes);
  const Block &running = *fiber.block;
  int64_t offset = static_cast<char *>(dst) - running.shared;
  if (offset < 0 || offset + bytes > running.launch->sharedBytes)
    fatal("%s: %s: the %d bytes at %p are not in the block's shared memory",
          describe(fiber).c_str(), site, bytes, dst);
  if (offset % bytes || reinterpret_cast<uintptr_t>(src) % uintptr_t(bytes))
    fatal("%s: %s: a %d-byte copy from %p to shared offset %lld is not "
          "aligned to its size",
          describe(fiber).c_str(), site, bytes, src,
          static_cast<long long>(offset));
  PendingCopy copy;
  copy.dst = static_cast<char *>(dst);
  copy.src = static_cast<const char *>(src);
  copy.bytes = bytes;
  copy.srcBytes = srcBytes;
  block.copies.push(copy, &fiber);
  if (!config().randomized)
    land(block, block.copies.size() - 1);
  else
    maybeLand(block, fiber);
}

void segEmuAsyncCommitGroup(const char *site) {
  Fiber &fiber = self(site);
  AsyncCopyBlock &block = state(fiber);
  block.copies.commit(fiber);
  maybeLand(block, fiber);
}

void segEmuAsyncWaitGroup(int32_t pending, const char *site) {
  Fiber &fiber = self(site);
  AsyncCopyBlock &block = state(fiber);
  maybeLand(block, fiber);
  block.copies.waitGroups(fiber, pending, site,
                          [&](size_t index) { land(block, index); });
}

} // extern "C"
