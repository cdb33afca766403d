//===- Emulator.h - Internals of the SegIR kernel emulator ------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Execution model. A launch runs its blocks on `residentBlocks` OS worker
// threads of its own (asynchronous launches in flight together run at the
// same time, Runtime.cpp); each worker takes the next block (in order, or in a
// shuffled order in the randomised mode) and runs it to completion. The threads
// of a block are fibers on their worker: they run one at a time and switch only
// at barriers, warp collectives (shuffles, subgroup reductions) and polls,
// so a block's scheduling state needs no locks. Blocks on different workers
// run truly concurrently and communicate only through memory and atomics,
// as on a GPU; a block that spins on a flag set by another resident block
// therefore terminates.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_RUNTIME_EMULATOR_EMULATOR_H
#define SEGIR_RUNTIME_EMULATOR_EMULATOR_H

#include "Context.h"
#include "WeakMemory.h"
#include "segir/Runtime/EmulatorRuntime.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace segir {
namespace emu {

struct Block;
struct Worker;

/// Settings read once from the environment.
struct Config {
  /// Blocks running at once, each on its own OS thread
  /// (SEGIR_EMU_RESIDENT_BLOCKS).
  int64_t residentBlocks = 2;
  /// Randomised scheduling (SEGIR_EMU_SEED set) and its seed.
  bool randomized = false;
  uint64_t seed = 0;
  /// The weak-memory mode (SEGIR_EMU_WEAK_MEMORY; on when SEGIR_EMU_SEED is
  /// set, unless SEGIR_EMU_WEAK_MEMORY=0).
  bool weakMemory = false;
  /// Time limit of one launch in seconds, 0 for none (SEGIR_EMU_TIMEOUT).
  double timeoutSeconds = 120;
  /// Seconds every launch in flight must be stalled before a deadlock is
  /// reported, 0 for never (SEGIR_EMU_DEADLOCK_SECONDS).
  double deadlockSeconds = 2;
  /// Stack bytes of one emulated thread (SEGIR_EMU_STACK_SIZE).
  size_t stackSize = 256 * 1024;
  /// One line on stderr per launch: kernel, grid, block, shared memory
  /// (SEGIR_EMU_TRACE set to 1).
  bool trace = false;
};
const Config &config();

/// A small, fast pseudo-random generator (splitmix64).
class Random {
public:
  void seed(uint64_t value) { state = value; }
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// True with probability 1 / n.
  bool oneIn(uint64_t n) { return next() % n == 0; }

private:
  uint64_t state = 0;
};

/// One kernel launch.
struct Launch {
  SegEmuKernelFn kernel = nullptr;
  void **args = nullptr;
  const char *name = "";
  int64_t grid[3] = {1, 1, 1};
  int64_t blockDim[3] = {1, 1, 1};
  int64_t numBlocks = 0;
  int64_t threadsPerBlock = 0;
  /// Shared memory per block, of which the last dynamicSharedBytes are the
  /// dynamic part.
  int64_t sharedBytes = 0;
  int64_t dynamicSharedBytes = 0;
  /// Linear block ids in start order; empty for 0, 1, 2, ...
  std::vector<int64_t> order;
  /// The next position in the start order to hand to a worker.
  std::atomic<int64_t> nextBlock{0};
  /// Seed of this launch in the randomised mode.
  uint64_t seed = 0;
};

enum class FiberState : uint8_t { Runnable, AtBarrier, InCollective, Exited };

struct Fiber;

/// What a lane contributes to, and gets from, a warp collective.
struct CollectiveRequest {
  const char *site = nullptr;
  /// The lanes of the warp that take part.
  uint32_t required = 0;
  bool isReduce = false;
  /// SegEmuShuffleMode or SegEmuReduceKind.
  int32_t mode = 0;
  int32_t offset = 0;
  int32_t width = 0;
  int32_t isFloat = 0;
  int32_t bitWidth = 0;
  int32_t clusterSize = 0;
  int32_t clusterStride = 0;
  uint64_t input = 0;
  uint64_t output = 0;
  bool valid = false;
  /// Collectives on register fragments (Mma.cpp): the lane's operands and
  /// result buffer, and how a complete round computes every lane's result.
  const void *operands[3] = {nullptr, nullptr, nullptr};
  void *result = nullptr;
  void (*complete)(Fiber *lanes, const CollectiveRequest &round) = nullptr;
};

/// An emulated GPU thread.
struct Fiber {
  Context context;
  /// The usable stack, above a guard page.
  char *stack = nullptr;
  char *stackEnd = nullptr;
  Block *block = nullptr;
  int64_t threadId[3] = {0, 0, 0};
  int64_t linearId = 0;
  FiberState state = FiberState::Runnable;
  /// The barrier or collective it waits at.
  const char *site = nullptr;
  CollectiveRequest request;
  uint32_t polls = 0;
  ThreadMemory memory;
  /// Spin detection (Deadlock.cpp): a hash of the global memory read since
  /// the last poll, that of the poll before, how many polls in a row read
  /// the same, polls in a row without reads, and the first address read.
  uint64_t readHash = 0;
  uint64_t previousReadHash = 0;
  uint32_t sameReads = 0;
  uint32_t pollsWithoutReads = 0;
  const void *spinAddress = nullptr;
  /// The bytes an atomic found (segEmuAtomicBegin), to tell whether it
  /// changed memory.
  uint64_t atomicBefore = 0;
};

/// The block a worker is running.
struct Block {
  const Launch *launch = nullptr;
  Worker *worker = nullptr;
  int64_t blockId[3] = {0, 0, 0};
  Fiber *fibers = nullptr;
  int64_t numThreads = 0;
  std::deque<Fiber *> runQueue;
  int64_t atBarrier = 0;
  int64_t exited = 0;
  /// Per warp, the lanes waiting in a collective.
  std::vector<uint32_t> warpWaiting;
  char *shared = nullptr;
  int64_t linearId = 0;
  BlockMemory memory;
  /// Threads that spin on unchanged memory (Deadlock.cpp).
  int64_t spinning = 0;
};

/// An OS thread running blocks, with the fibers, stacks and shared memory it
/// reuses from block to block and launch to launch.
struct Worker {
  explicit Worker(unsigned index) : index(index) {}
  ~Worker();

  /// Runs blocks of `launch` until none is left.
  void run(Launch &launch);
  /// Runs every thread of one block to completion.
  void runBlock(Launch &launch, int64_t linearBlockId);

  unsigned index;
  Context scheduler;
  std::vector<Fiber> fibers;
  Block block;
  char *shared = nullptr;
  size_t sharedCapacity = 0;
  char *signalStack = nullptr;
  Random random;
  uint64_t polls = 0;
  /// Stores of the blocks this worker finished that nobody sees yet (the
  /// weak-memory mode).
  StoreBuffer retired;
  /// The linear id of the block being run, -1 when none (read by the
  /// launching thread for its time-out report).
  std::atomic<int64_t> currentBlock{-1};
  /// Events that may release a spinning thread, and whether every thread
  /// of its block that can run spins (Deadlock.cpp); read by waiting host
  /// threads.
  std::atomic<uint64_t> progress{0};
  std::atomic<bool> stalled{false};

private:
  void prepareFibers(int64_t count);
};

/// The emulated thread running on this OS thread, if any.
extern
    __attribute__((tls_model("initial-exec"))) thread_local Fiber *currentFiber;

/// The calling emulated thread; reports an error naming `what` when called
/// outside a kernel.
Fiber &self(const char *what);

/// Prints "segir emulator: <message>" to stderr (after flushing stdout) and
/// exits with status 1. Never returns, whichever thread calls it.
[[noreturn]] void fatal(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/// "kernel K, block (x,y,z), thread (x,y,z)".
std::string describe(const Fiber &fiber);
/// "(x,y,z)" for the linear block id `linear` of `launch`.
std::string blockCoordinates(const Launch &launch, int64_t linear);

/// Where the threads of `block` are: "threads (0,0,0)..(4,0,0) wait at
/// <site>; thread (5,0,0) has exited; ...", consecutive threads with the same
/// state together.
std::string describeThreads(const Block &block);

/// Reports a block whose threads can no longer run (some wait at a barrier
/// or collective that cannot complete) and exits.
[[noreturn]] void reportStuckBlock(const Block &block);

/// Takes the next fiber to run off the block's run queue, or null.
Fiber *nextFiber(Block &block);

/// Scheduling points of the calling fiber.
void barrier(Fiber &fiber, const char *site);
uint64_t collective(Fiber &fiber, const CollectiveRequest &request);
void poll(Fiber &fiber);

/// The first instruction of every fiber: runs the kernel, then exits.
[[noreturn]] void fiberMain();

} // namespace emu
} // namespace segir

#endif // SEGIR_RUNTIME_EMULATOR_EMULATOR_H
