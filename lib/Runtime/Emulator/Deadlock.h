//===- Deadlock.h - Spin-wait and deadlock detection ------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Detects launches that can never finish before their time limit: see
// Deadlock.cpp for what counts as spinning and as progress.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_RUNTIME_EMULATOR_DEADLOCK_H
#define SEGIR_RUNTIME_EMULATOR_DEADLOCK_H

#include "Emulator.h"

#include <memory>
#include <vector>

namespace segir {
namespace emu {

/// Something happened on `worker` that may release a spinning thread.
inline void noteProgress(Worker &worker) {
  worker.progress.store(worker.progress.load(std::memory_order_relaxed) + 1,
                        std::memory_order_relaxed);
  worker.stalled.store(false, std::memory_order_relaxed);
}

/// `fiber` read `bytes` bytes of global memory at `address` (the value at
/// `value`).
void noteRead(Fiber &fiber, const void *address, const void *value,
              size_t bytes);
/// `fiber` polls: compares what it read since its last poll with what it
/// read before.
void noteSpinPoll(Fiber &fiber);
/// Whether `fiber` spins: polls round after round having read the same.
bool isSpinning(const Fiber &fiber);
/// `fiber` does something other than spinning (a barrier, a collective,
/// exiting).
void stopSpinning(Fiber &fiber);

/// The calling host thread launches kernels (it may write memory they
/// read while it does not wait).
void registerHostThread();
/// The calling host thread waits for a launch while this lives.
struct HostWait {
  HostWait();
  ~HostWait();
};

/// A launch in flight and its workers.
struct LaunchSnapshot {
  const Launch *launch;
  std::vector<Worker *> workers;
  /// Keeps the launch alive while the check reads it.
  std::shared_ptr<const void> owner;
};
/// Called now and then by host threads waiting for launches: reports a
/// deadlock and exits when every block of every launch in `inFlight` has
/// been stalled without progress for SEGIR_EMU_DEADLOCK_SECONDS.
void checkForDeadlock(const std::vector<LaunchSnapshot> &inFlight);

} // namespace emu
} // namespace segir

#endif // SEGIR_RUNTIME_EMULATOR_DEADLOCK_H
