//===- AsyncGroups.h - Asynchronous operations of a block -------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What cp.async (AsyncCopy.cpp) and the TMA copies (Hopper.cpp) share: the
// operations of a block in flight, which the randomised mode performs at
// random later moments, and every thread's numbered groups as the PTX ISA
// keeps them for cp.async and cp.async.bulk: an operation joins its
// thread's open group, commit_group closes it, and wait_group N returns
// once the operations of all but the N most recent closed groups of the
// thread are performed; those of the open group are not waited for.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_RUNTIME_EMULATOR_ASYNCGROUPS_H
#define SEGIR_RUNTIME_EMULATOR_ASYNCGROUPS_H

#include "Emulator.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace segir {
namespace emu {

/// The asynchronous operations of type `Op` in flight in one block.
template <typename Op> class AsyncQueue {
public:
  bool empty() const { return inFlight.empty(); }
  size_t size() const { return inFlight.size(); }
  const Op &operator[](size_t index) const { return inFlight[index].op; }

  /// The block starts or ends: nothing in flight, no groups.
  void clear() {
    inFlight.clear();
    committed.clear();
  }

  /// Queues `op`; with an `issuer`, into the issuer's open group (without,
  /// it belongs to no group: TMA loads complete on an mbarrier instead).
  void push(const Op &op, const Fiber *issuer = nullptr) {
    inFlight.push_back({op, issuer, issuer ? committed[issuer] : 0});
  }

  /// Removes the operation at `index` and returns it.
  Op take(size_t index) {
    Op op = inFlight[index].op;
    inFlight.erase(inFlight.begin() + static_cast<std::ptrdiff_t>(index));
    return op;
  }

  /// commit_group: closes the open group of `fiber`.
  void commit(const Fiber &fiber) { ++committed[&fiber]; }

  /// wait_group `pending`: calls `perform(index)`, which must take the
  /// operation at `index`, for every operation of `fiber` in a closed group
  /// but the `pending` most recent ones. A negative `pending` is reported.
  template <typename Perform>
  void waitGroups(Fiber &fiber, int32_t pending, const char *site,
                  Perform perform) {
    if (pending < 0)
      fatal("%s: %s with %d pending groups", describe(fiber).c_str(), site,
            pending);
    uint64_t closed = committed[&fiber];
    // Groups at or above `closed - pending` may stay in flight.
    uint64_t limit = closed > uint64_t(pending) ? closed - pending : 0;
    for (size_t i = 0; i < inFlight.size();) {
      if (inFlight[i].issuer == &fiber && inFlight[i].group < limit)
        perform(i);
      else
        ++i;
    }
  }

  /// In the randomised mode, one time in `oneIn`, a random operation in
  /// flight (its index) for the caller to perform now.
  std::optional<size_t> pickRandomly(Fiber &fiber, uint64_t oneIn) {
    if (inFlight.empty() || !config().randomized)
      return std::nullopt;
    Random &random = fiber.block->worker->random;
    if (!random.oneIn(oneIn))
      return std::nullopt;
    return random.next() % inFlight.size();
  }

private:
  struct Queued {
    Op op;
    /// The issuing thread and its group, when the operation is in one.
    const Fiber *issuer;
    uint64_t group;
  };
  std::vector<Queued> inFlight;
  /// Per thread, the number of its closed groups: its open group's number.
  std::unordered_map<const Fiber *, uint64_t> committed;
};

} // namespace emu
} // namespace segir

#endif // SEGIR_RUNTIME_EMULATOR_ASYNCGROUPS_H
