//===- WeakMemory.h - The emulator's weak-memory mode -----------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The CPU under the emulator orders stores more strongly than a GPU does
// (x86-64 is total-store-order), so a kernel that publishes data and then a
// flag without a release fence would pass on the CPU and fail on a GPU. The
// weak-memory mode gives the emulated device a weaker memory:
//
//  * a thread's plain stores to global memory wait in its store buffer, in
//    program order, and become visible later, one address at a time in a
//    random order that keeps the order of stores to one address;
//  * stores a block has made visible to itself (gpu.barrier, block-scope
//    release) wait in the block's buffer, seen by its threads only;
//  * the buffers of a finished block wait in its worker's "retired" buffer,
//    seen by nobody, until a random later time or the end of the launch;
//  * a plain load reads the thread's own buffer, then the block's, then
//    memory, which it may read as it was at an earlier time (the thread's
//    view), undoing stores of other blocks recorded in a global log;
//  * a release at device or system scope writes the thread's and its
//    block's buffers to memory; an acquire at that scope moves the view to
//    the present; block scope orders only what the block sees.
//
// The buffers of a block belong to its worker and need no locks; memory
// writes and the log take the log's mutex.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_RUNTIME_EMULATOR_WEAKMEMORY_H
#define SEGIR_RUNTIME_EMULATOR_WEAKMEMORY_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace segir {
namespace emu {

struct Block;
struct Fiber;
struct Worker;

/// A plain store that not every thread sees yet: at most 8 bytes, inside
/// one aligned 8-byte word.
struct PendingStore {
  uintptr_t address = 0;
  /// 0 once the store has reached memory (or moved to another buffer).
  uint32_t size = 0;
  /// The linear id of the block that made it.
  int64_t block = 0;
  /// The stored bytes, in memory order.
  uint64_t bytes = 0;
};

/// Pending stores, oldest first, with a Bloom filter over their words so
/// that most loads need not look at them. Entries before `first()` are all
/// gone; others may be gone too (size 0).
class StoreBuffer {
public:
  bool empty() const { return live == 0; }
  size_t size() const { return live; }
  size_t first() const { return front; }
  void push(const PendingStore &store);
  /// Whether some store may overlap [begin, end).
  bool mayOverlap(uintptr_t begin, uintptr_t end) const;
  /// Marks entry `index` gone.
  void remove(size_t index);
  /// Drops gone entries at the front (renumbering the others) when they
  /// are many, everything when nothing is left.
  void compact();
  void clear();

  std::vector<PendingStore> entries;

private:
  static constexpr unsigned kFilterWords = 64;
  void addToFilter(uintptr_t address);
  void rebuildFilter();
  size_t front = 0;
  size_t live = 0;
  bool filtered = false;
  uint64_t filter[kFilterWords] = {};
};

/// The memory state of one emulated thread.
struct ThreadMemory {
  StoreBuffer stores;
  /// Memory as it was when the log had this many entries is the oldest a
  /// plain load of the thread may read.
  uint64_t view = 0;
  /// Whether the thread is on its block's list of threads with stores.
  bool listed = false;
  /// Per group of addresses (a hash of the word), the newest memory a load
  /// or atomic of the thread read there: a later load of the same address
  /// reads no older memory. Values from earlier blocks are below any view
  /// of a later one, so they need no clearing.
  static constexpr unsigned kFloors = 32;
  uint64_t floors[kFloors] = {};
};

/// The memory state of a running block.
struct BlockMemory {
  StoreBuffer stores;
  /// The latest view a thread of the block released at block scope (or
  /// brought to a barrier).
  uint64_t released = 0;
  /// Threads whose buffers may hold stores.
  std::vector<Fiber *> withStores;
};

/// Whether the weak-memory mode is on (set for each launch).
extern bool weakMemoryActive;

/// Hooks of the scheduler.
void weakMemoryStartBlock(Block &block);
void weakMemoryStartThread(Fiber &fiber);
void weakMemoryBarrierArrive(Fiber &fiber);
void weakMemoryBarrierLeave(Fiber &fiber);
void weakMemoryPoll(Fiber &fiber);
void weakMemoryEndBlock(Block &block);
/// Writes every store the worker retired to memory (end of a launch).
void weakMemoryEndLaunch(Worker &worker);

} // namespace emu
} // namespace segir

#endif // SEGIR_RUNTIME_EMULATOR_WEAKMEMORY_H
