//===- Deadlock.cpp - Spin-wait and deadlock detection -------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A thread spins when it polls round after round having read the same
// global memory (addresses and values) since its previous poll. A block is
// stalled when every thread of it that can run spins, the others waiting at
// barriers or collectives. Anything that may release a spinning thread (a
// store, an atomic that changes memory, a store buffer draining, a barrier
// or collective completing, a thread exiting, a block starting or ending)
// counts as progress of its worker and un-stalls it. A host thread waiting
// for a launch reports a deadlock when every block of every launch in flight
// has been stalled, without any progress, for a while, and every host
// thread that has launched waits in the emulator too (so no host write can
// come either).
//
//===----------------------------------------------------------------------===//

#include "Deadlock.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>

using namespace segir::emu;

/// Polls with the same reads after which a thread counts as spinning.
static constexpr uint32_t kSpinRounds = 256;
/// Polls without any read after which a thread no longer counts as
/// spinning: a spin loop reads at least every few polls (an atomic polls
/// too), a loop that only computes does not.
static constexpr uint32_t kPollsWithoutReads = 8;

void segir::emu::noteRead(Fiber &fiber, const void *address, const void *value,
                          size_t bytes) {
  uint64_t word = 0;
  memcpy(&word, value, std::min<size_t>(bytes, sizeof(word)));
  // The first address an iteration reads names the spin in reports.
  if (!fiber.readHash)
    fiber.spinAddress = address;
  uint64_t h = fiber.readHash ^ reinterpret_cast<uintptr_t>(address);
  h = (h ^ (h >> 31)) * 0x9e3779b97f4a7c15ULL + word + bytes;
  fiber.readHash = (h ^ (h >> 29)) | 1;
}

bool segir::emu::isSpinning(const Fiber &fiber) {
  return fiber.sameReads >= kSpinRounds;
}

/// Whether every thread of `block` that can run spins.
static bool blockStalled(const Block &block) {
  int64_t inCollective = 0;
  for (uint32_t lanes : block.warpWaiting)
    inCollective += __builtin_popcount(lanes);
  int64_t runnable =
      block.numThreads - block.exited - block.atBarrier - inCollective;
  return block.spinning > 0 && block.spinning >= runnable;
}

void segir::emu::stopSpinning(Fiber &fiber) {
  if (fiber.sameReads >= kSpinRounds) {
    --fiber.block->spinning;
    noteProgress(*fiber.block->worker);
  }
  fiber.sameReads = 0;
  fiber.pollsWithoutReads = 0;
  fiber.readHash = fiber.previousReadHash = 0;
}

void segir::emu::noteSpinPoll(Fiber &fiber) {
  if (!fiber.readHash) {
    if (++fiber.pollsWithoutReads > kPollsWithoutReads)
      stopSpinning(fiber);
    return;
  }
  fiber.pollsWithoutReads = 0;
  if (fiber.readHash != fiber.previousReadHash) {
    // What it read changed (or it is not in a loop): no spin yet.
    uint64_t hash = fiber.readHash;
    stopSpinning(fiber);
    fiber.previousReadHash = hash;
    return;
  }
  fiber.readHash = 0;
  if (fiber.sameReads < kSpinRounds && ++fiber.sameReads == kSpinRounds)
    ++fiber.block->spinning;
  if (fiber.sameReads >= kSpinRounds && blockStalled(*fiber.block))
    fiber.block->worker->stalled.store(true, std::memory_order_relaxed);
}

//===----------------------------------------------------------------------===//
// Host threads
//===----------------------------------------------------------------------===//

static std::atomic<int64_t> hostThreads{0};
static std::atomic<int64_t> hostThreadsWaiting{0};

void segir::emu::registerHostThread() {
  static thread_local bool registered = false;
  if (!registered) {
    registered = true;
    ++hostThreads;
  }
}

HostWait::HostWait() {
  registerHostThread();
  ++hostThreadsWaiting;
}

HostWait::~HostWait() { --hostThreadsWaiting; }

//===----------------------------------------------------------------------===//
// The deadlock check
//===----------------------------------------------------------------------===//

namespace {
/// What the waiting host threads saw at their last checks.
struct Observation {
  std::mutex mutex;
  uint64_t progress = ~uint64_t(0);
  std::chrono::steady_clock::time_point stalledSince;
};
} // namespace

static Observation &observation() {
  static Observation state;
  return state;
}

/// Reports the launches of `inFlight`, each with the blocks it runs and
/// where their threads wait, and exits.
[[noreturn]] static void
reportDeadlock(const std::vector<LaunchSnapshot> &inFlight, double seconds) {
  std::string message =
      "deadlock: no launch in flight can finish (for " +
      std::to_string(int(seconds)) +
      " s, every thread that can run has spun on global memory that nothing "
      "changes, the other threads wait, and the host waits for a launch)";
  for (const LaunchSnapshot &snapshot : inFlight) {
    const Launch &launch = *snapshot.launch;
    message += std::string("; kernel ") + launch.name + ":";
    bool first = true;
    for (Worker *worker : snapshot.workers) {
      if (worker->currentBlock.load() < 0)
        continue;
      message += first ? " " : ", ";
      first = false;
      message += "block " +
                 blockCoordinates(launch, worker->currentBlock.load()) + " (" +
                 describeThreads(worker->block) + ")";
    }
    int64_t started = std::min(launch.nextBlock.load(), launch.numBlocks);
    if (started < launch.numBlocks)
      message += ", " + std::to_string(launch.numBlocks - started) + " of " +
                 std::to_string(launch.numBlocks) +
                 " blocks not started (SEGIR_EMU_RESIDENT_BLOCKS)";
  }
  fatal("%s", message.c_str());
}

void segir::emu::checkForDeadlock(const std::vector<LaunchSnapshot> &inFlight) {
  double window = config().deadlockSeconds;
  if (window <= 0)
    return;
  bool stalled = hostThreadsWaiting.load() >= hostThreads.load();
  bool anyBlock = false;
  uint64_t progress = 0;
  for (const LaunchSnapshot &snapshot : inFlight)
    for (Worker *worker : snapshot.workers) {
      progress += worker->progress.load(std::memory_order_relaxed);
      if (worker->currentBlock.load() < 0)
        continue;
      anyBlock = true;
      stalled &= worker->stalled.load(std::memory_order_relaxed);
    }
  Observation &seen = observation();
  std::lock_guard<std::mutex> guard(seen.mutex);
  auto now = std::chrono::steady_clock::now();
  if (!stalled || !anyBlock || progress != seen.progress) {
    seen.progress = progress;
    seen.stalledSince = now;
    return;
  }
  double elapsed =
      std::chrono::duration<double>(now - seen.stalledSince).count();
  if (elapsed >= window)
    reportDeadlock(inFlight, elapsed);
}
