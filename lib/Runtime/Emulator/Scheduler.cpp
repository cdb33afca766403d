//===- Scheduler.cpp - Threads of a block as fibers ----------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A worker runs the fibers of its block from a run queue: a fiber runs until
// it waits (barrier, warp collective), yields (poll) or exits, then switches
// to the next runnable fiber (the oldest, or a random one in the randomised
// mode). When the queue is empty while some fibers still wait, nothing can
// ever wake them: the block is stuck, and the report says where every
// thread is.
//
//===----------------------------------------------------------------------===//

#include "AsyncCopy.h"
#include "Deadlock.h"
#include "Emulator.h"
#include "Hopper.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <sched.h>
#include <thread>
#include <utility>

using namespace segir::emu;

// The initial-exec model reads the variable without calling
// __tls_get_addr, which took 8% of a block reduction; one pointer fits in the
// static TLS surplus that glibc reserves for dlopen'ed libraries.
__attribute__((tls_model(
    "initial-exec"))) thread_local Fiber *segir::emu::currentFiber = nullptr;

static size_t pageSize() {
  static const size_t size = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

//===----------------------------------------------------------------------===//
// Fibers and blocks
//===----------------------------------------------------------------------===//

/// The bytes mapped for one stack (without its guard page).
static size_t stackBytes() {
  size_t page = pageSize();
  return (config().stackSize + page - 1) / page * page;
}

void Worker::prepareFibers(int64_t count) {
  size_t guard = pageSize();
  size_t size = stackBytes();
  while (static_cast<int64_t>(fibers.size()) < count) {
    void *mapping = mmap(nullptr, guard + size, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mapping == MAP_FAILED)
      fatal("cannot map a %zu-byte stack for an emulated thread: %s", size,
            strerror(errno));
    // The lowest page stays unmapped so that an overflow faults.
    mprotect(mapping, guard, PROT_NONE);
    Fiber fiber;
    fiber.stack = static_cast<char *>(mapping) + guard;
    fiber.stackEnd = fiber.stack + size;
    fibers.push_back(fiber);
  }
}

Worker::~Worker() {
  size_t guard = pageSize();
  size_t size = stackBytes();
  for (Fiber &fiber : fibers)
    munmap(fiber.stack - guard, guard + size);
  free(shared);
  free(signalStack);
}

static void sleepMicroseconds(uint64_t microseconds) {
  std::this_thread::sleep_for(std::chrono::microseconds(microseconds));
}

void Worker::runBlock(Launch &launch, int64_t linearBlockId) {
  const Config &cfg = config();
  if (cfg.randomized || cfg.weakMemory)
    random.seed(launch.seed ^
                (uint64_t(linearBlockId) * 0x2545f4914f6cdd1dULL));
  // Start late now and then, so that blocks overtake each other.
  if (cfg.randomized && random.oneIn(2))
    sleepMicroseconds(random.next() % 100);

  int64_t n = launch.threadsPerBlock;
  prepareFibers(n);
  if (static_cast<size_t>(launch.sharedBytes) > sharedCapacity) {
    free(shared);
    sharedCapacity = (launch.sharedBytes + 63) / 64 * 64;
    shared = static_cast<char *>(aligned_alloc(64, sharedCapacity));
    if (!shared)
      fatal("cannot allocate %lld bytes of shared memory for kernel %s",
            static_cast<long long>(launch.sharedBytes), launch.name);
  }
  // Shared memory starts with a recognisable pattern (all bits set: -1,
  // NaN), not with what the previous block left: reading it before writing
  // it is a bug that should show.
  if (launch.sharedBytes)
    memset(shared, 0xff, launch.sharedBytes);

  block.launch = &launch;
  block.worker = this;
  block.blockId[0] = linearBlockId % launch.grid[0];
  block.blockId[1] = linearBlockId / launch.grid[0] % launch.grid[1];
  block.blockId[2] = linearBlockId / (launch.grid[0] * launch.grid[1]);
  block.fibers = fibers.data();
  block.numThreads = n;
  block.atBarrier = 0;
  block.warpWaiting.assign((n + SEG_EMU_WARP_SIZE - 1) / SEG_EMU_WARP_SIZE, 0);
  block.shared = shared;
  block.linearId = linearBlockId;
  block.spinning = 0;
  noteProgress(*this);
  block.runQueue.clear();
  bool weakMemory = weakMemoryActive;
  if (weakMemory)
    weakMemoryStartBlock(block);
  hopperStartBlock(block);
  asyncCopyStartBlock(block);

  size_t size = stackBytes();
  for (int64_t i = 0; i < n; ++i) {
    Fiber &fiber = fibers[i];
    fiber.block = &block;
    fiber.linearId = i;
    fiber.threadId[0] = i % launch.blockDim[0];
    fiber.threadId[1] = i / launch.blockDim[0] % launch.blockDim[1];
    fiber.threadId[2] = i / (launch.blockDim[0] * launch.blockDim[1]);
    fiber.state = FiberState::Runnable;
    fiber.site = nullptr;
    fiber.polls = 0;
    fiber.sameReads = fiber.pollsWithoutReads = 0;
    fiber.readHash = fiber.previousReadHash = 0;
    if (weakMemory)
      weakMemoryStartThread(fiber);
    makeContext(fiber.context, fiber.stack, size, fiberMain);
    block.runQueue.push_back(&fiber);
  }

  block.exited = 0;
  while (Fiber *next = nextFiber(block)) {
    currentFiber = next;
    switchContext(scheduler, next->context);
  }
  currentFiber = nullptr;
  noteProgress(*this);
  if (block.exited != n)
    reportStuckBlock(block);
  hopperEndBlock(block);
  asyncCopyEndBlock(block);
  if (weakMemory)
    weakMemoryEndBlock(block);
}

Fiber *segir::emu::nextFiber(Block &block) {
  if (block.runQueue.empty())
    return nullptr;
  if (config().randomized) {
    size_t pick = block.worker->random.next() % block.runQueue.size();
    std::swap(block.runQueue[pick], block.runQueue.front());
  }
  Fiber *next = block.runQueue.front();
  block.runQueue.pop_front();
  return next;
}

/// Lets the next runnable fiber of the block run in place of `fiber`, which
/// goes to the back of the run queue if it is runnable itself; returns when
/// some fiber switches back to `fiber`. Fibers switch to each other
/// directly; only a fiber that finds no other to run switches to the
/// scheduler loop, which then ends the block.
static void switchAway(Fiber &fiber) {
  Block &block = *fiber.block;
  if (fiber.state == FiberState::Runnable)
    block.runQueue.push_back(&fiber);
  Fiber *next = nextFiber(block);
  if (next == &fiber)
    return;
  currentFiber = next;
  switchContext(fiber.context, next ? next->context : block.worker->scheduler);
}

void segir::emu::fiberMain() {
  finishFirstSwitch();
  Fiber *fiber = currentFiber;
  const Launch &launch = *fiber->block->launch;
  launch.kernel(launch.args);
  fiber = currentFiber;
  stopSpinning(*fiber);
  noteProgress(*fiber->block->worker);
  fiber->state = FiberState::Exited;
  ++fiber->block->exited;
  switchAway(*fiber);
  __builtin_unreachable();
}

/// Gives the other fibers of the block a turn (if there are any).
static void yieldFiber(Fiber &fiber) {
  if (!fiber.block->runQueue.empty())
    switchAway(fiber);
}

/// Suspends `fiber` until another fiber makes it runnable again.
static void waitFiber(Fiber &fiber) { switchAway(fiber); }

static void release(Fiber &fiber) {
  fiber.state = FiberState::Runnable;
  fiber.site = nullptr;
  fiber.block->runQueue.push_back(&fiber);
}

//===----------------------------------------------------------------------===//
// Reports
//===----------------------------------------------------------------------===//

std::string segir::emu::blockCoordinates(const Launch &launch, int64_t linear) {
  int64_t x = linear % launch.grid[0];
  int64_t y = linear / launch.grid[0] % launch.grid[1];
  int64_t z = linear / (launch.grid[0] * launch.grid[1]);
  return "(" + std::to_string(x) + "," + std::to_string(y) + "," +
         std::to_string(z) + ")";
}

static std::string threadCoordinates(const Fiber &fiber) {
  return "(" + std::to_string(fiber.threadId[0]) + "," +
         std::to_string(fiber.threadId[1]) + "," +
         std::to_string(fiber.threadId[2]) + ")";
}

std::string segir::emu::describe(const Fiber &fiber) {
  const Block &block = *fiber.block;
  const Launch &launch = *block.launch;
  int64_t linear =
      block.blockId[0] +
      launch.grid[0] * (block.blockId[1] + launch.grid[1] * block.blockId[2]);
  return std::string("kernel ") + launch.name + ", block " +
         blockCoordinates(launch, linear) + ", thread " +
         threadCoordinates(fiber);
}

std::string segir::emu::describeThreads(const Block &block) {
  // (state, site) of each group in order of first appearance, with its runs
  // of linear ids; a spinning thread's site is the address it spins on.
  std::vector<std::pair<std::pair<FiberState, const void *>,
                        std::vector<std::pair<int64_t, int64_t>>>>
      groups;
  for (int64_t i = 0; i < block.numThreads; ++i) {
    const Fiber &fiber = block.fibers[i];
    std::pair<FiberState, const void *> key(fiber.state, fiber.site);
    if (fiber.state == FiberState::Runnable)
      key.second = isSpinning(fiber) ? fiber.spinAddress : nullptr;
    auto it = groups.begin();
    while (it != groups.end() && it->first != key)
      ++it;
    if (it == groups.end()) {
      groups.push_back({key, {}});
      it = groups.end() - 1;
    }
    if (!it->second.empty() && it->second.back().second == i - 1)
      it->second.back().second = i;
    else
      it->second.push_back({i, i});
  }

  std::string message;
  for (size_t g = 0; g < groups.size(); ++g) {
    const auto &[key, runs] = groups[g];
    int64_t count = 0;
    for (auto [first, last] : runs)
      count += last - first + 1;
    message += g ? "; " : "";
    message += count == 1 ? "thread " : "threads ";
    for (size_t r = 0; r < runs.size(); ++r) {
      if (r)
        message += ", ";
      message += threadCoordinates(block.fibers[runs[r].first]);
      if (runs[r].second != runs[r].first)
        message += ".." + threadCoordinates(block.fibers[runs[r].second]);
    }
    switch (key.first) {
    case FiberState::Exited:
      message += count == 1 ? " has exited" : " have exited";
      break;
    case FiberState::Runnable:
      if (key.second) {
        char address[32];
        snprintf(address, sizeof(address), "%p", key.second);
        message += std::string(count == 1 ? " spins" : " spin") +
                   " on unchanged memory at " + address;
      } else {
        message += " still run";
      }
      break;
    default:
      message +=
          std::string(" wait at ") + static_cast<const char *>(key.second);
      break;
    }
  }
  return message;
}

/// Reports a block in which no thread can run any more: some wait at a
/// barrier or a warp collective that can never complete, because other
/// threads exited or wait elsewhere.
void segir::emu::reportStuckBlock(const Block &block) {
  bool anyBarrier = false;
  for (int64_t i = 0; i < block.numThreads; ++i)
    anyBarrier |= block.fibers[i].state == FiberState::AtBarrier;
  const Launch &launch = *block.launch;
  std::string message = anyBarrier ? "barrier divergence" : "warp divergence";
  message += std::string(" in kernel ") + launch.name + ", block (" +
             std::to_string(block.blockId[0]) + "," +
             std::to_string(block.blockId[1]) + "," +
             std::to_string(block.blockId[2]) + "): " + describeThreads(block);
  fatal("%s", message.c_str());
}

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

void segir::emu::barrier(Fiber &fiber, const char *site) {
  Block &block = *fiber.block;
  Worker &worker = *block.worker;
  bool randomized = config().randomized;
  if (randomized && worker.random.oneIn(2))
    yieldFiber(fiber);
  // gpu.barrier makes the block's stores visible to the block.
  bool weakMemory = weakMemoryActive;
  if (weakMemory)
    weakMemoryBarrierArrive(fiber);
  stopSpinning(fiber);
  fiber.state = FiberState::AtBarrier;
  fiber.site = site;
  if (++block.atBarrier < block.numThreads) {
    waitFiber(fiber);
    if (weakMemory)
      weakMemoryBarrierLeave(fiber);
    return;
  }
  // The last thread arrived: all must wait at this same barrier.
  for (int64_t i = 0; i < block.numThreads; ++i)
    if (block.fibers[i].site != site)
      reportStuckBlock(block);
  block.atBarrier = 0;
  noteProgress(worker);
  for (int64_t i = 0; i < block.numThreads; ++i)
    if (&block.fibers[i] != &fiber)
      release(block.fibers[i]);
  fiber.state = FiberState::Runnable;
  fiber.site = nullptr;
  if (weakMemory)
    weakMemoryBarrierLeave(fiber);
  if (randomized && worker.random.oneIn(2))
    yieldFiber(fiber);
}

//===----------------------------------------------------------------------===//
// Warp collectives
//===----------------------------------------------------------------------===//

static int64_t signExtend(uint64_t value, int32_t bitWidth) {
  if (bitWidth >= 64)
    return static_cast<int64_t>(value);
  return static_cast<int64_t>(value << (64 - bitWidth)) >> (64 - bitWidth);
}

static uint64_t lowBits(uint64_t value, int32_t bitWidth) {
  return bitWidth >= 64 ? value : value & ((uint64_t(1) << bitWidth) - 1);
}

template <typename F> static F combineFloat(int32_t kind, F a, F b) {
  switch (kind) {
  case SEG_EMU_REDUCE_ADD:
    return a + b;
  case SEG_EMU_REDUCE_MUL:
    return a * b;
  case SEG_EMU_REDUCE_MINNUMF:
    return std::fmin(a, b);
  case SEG_EMU_REDUCE_MAXNUMF:
    return std::fmax(a, b);
  case SEG_EMU_REDUCE_MINIMUMF:
    if (std::isnan(a) || std::isnan(b))
      return a + b;
    if (a == b)
      return std::signbit(a) ? a : b;
    return a < b ? a : b;
  case SEG_EMU_REDUCE_MAXIMUMF:
    if (std::isnan(a) || std::isnan(b))
      return a + b;
    if (a == b)
      return std::signbit(a) ? b : a;
    return a > b ? a : b;
  default:
    fatal("gpu.subgroup_reduce: kind %d does not apply to floats", kind);
  }
}

template <typename F>
static uint64_t combineFloatBits(int32_t kind, uint64_t a, uint64_t b) {
  F x, y;
  memcpy(&x, &a, sizeof(F));
  memcpy(&y, &b, sizeof(F));
  F r = combineFloat(kind, x, y);
  uint64_t bits = 0;
  memcpy(&bits, &r, sizeof(F));
  return bits;
}

static uint64_t combine(const CollectiveRequest &request, uint64_t a,
                        uint64_t b) {
  int32_t width = request.bitWidth;
  if (request.isFloat)
    return width == 32 ? combineFloatBits<float>(request.mode, a, b)
                       : combineFloatBits<double>(request.mode, a, b);
  int64_t sa = signExtend(a, width), sb = signExtend(b, width);
  uint64_t ua = lowBits(a, width), ub = lowBits(b, width);
  switch (request.mode) {
  case SEG_EMU_REDUCE_ADD:
    return lowBits(ua + ub, width);
  case SEG_EMU_REDUCE_MUL:
    return lowBits(ua * ub, width);
  case SEG_EMU_REDUCE_MINSI:
    return lowBits(static_cast<uint64_t>(sa < sb ? sa : sb), width);
  case SEG_EMU_REDUCE_MAXSI:
    return lowBits(static_cast<uint64_t>(sa > sb ? sa : sb), width);
  case SEG_EMU_REDUCE_MINUI:
    return ua < ub ? ua : ub;
  case SEG_EMU_REDUCE_MAXUI:
    return ua > ub ? ua : ub;
  case SEG_EMU_REDUCE_AND:
    return ua & ub;
  case SEG_EMU_REDUCE_OR:
    return ua | ub;
  case SEG_EMU_REDUCE_XOR:
    return ua ^ ub;
  default:
    fatal("gpu.subgroup_reduce: kind %d does not apply to integers",
          request.mode);
  }
}

/// Computes the results of a complete round: every lane of `required` waits
/// at the same site. `lanes` is the warp's first fiber.
static void completeRound(Fiber *lanes, const CollectiveRequest &round) {
  if (round.complete) {
    round.complete(lanes, round);
    return;
  }
  if (round.isReduce) {
    uint64_t acc = 0;
    bool first = true;
    for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane) {
      if (!(round.required >> lane & 1))
        continue;
      uint64_t x = lanes[lane].request.input;
      acc = first ? x : combine(round, acc, x);
      first = false;
    }
    for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane)
      if (round.required >> lane & 1)
        lanes[lane].request.output = acc;
    return;
  }
  int64_t width = round.width;
  if (round.mode == SEG_EMU_SHUFFLE_ROTATE) {
    for (int64_t lane = 0; lane < width; ++lane) {
      CollectiveRequest &mine = lanes[lane].request;
      int64_t source =
          ((lane + mine.offset) & (width - 1)) + (lane & ~(width - 1));
      mine.valid = true;
      mine.output = lanes[source].request.input;
    }
    return;
  }
  // gpu.shuffle as convert-gpu-to-nvvm encodes it and as the PTX ISA defines
  // shfl.sync: the member mask holds the first `width` lanes, there is no
  // segment mask, and the clamp is width - 1, but 32 - width for up. A source
  // lane j is in range if j <= clamp (j >= clamp for up); out of range, a lane
  // gets its own value and valid is false. So an up shuffle of fewer than 32
  // lanes leaves the lanes that read lanes below 32 - width with their own
  // value, unlike the op's documented semantics: the hardware does so.
  // (Offsets that leave [0, width) stay out of range, as the op says; PTX
  // would take their low five bits, which SegIR never relies on.)
  int64_t clamp =
      round.mode == SEG_EMU_SHUFFLE_UP ? SEG_EMU_WARP_SIZE - width : width - 1;
  for (int64_t lane = 0; lane < width; ++lane) {
    CollectiveRequest &mine = lanes[lane].request;
    int64_t offset = mine.offset, source;
    switch (round.mode) {
    case SEG_EMU_SHUFFLE_XOR:
      source = lane ^ offset;
      break;
    case SEG_EMU_SHUFFLE_DOWN:
      source = lane + offset;
      break;
    case SEG_EMU_SHUFFLE_UP:
      source = lane - offset;
      break;
    default: // SEG_EMU_SHUFFLE_IDX
      source = offset;
      break;
    }
    mine.valid =
        source >= 0 && source < width &&
        (round.mode == SEG_EMU_SHUFFLE_UP ? source >= clamp : source <= clamp);
    mine.output = mine.valid ? lanes[source].request.input : mine.input;
  }
}

/// Whether every lane of `round.required` waits at `round.site`; reports
/// lanes that wait there with other parameters.
static bool roundIsComplete(const Fiber &fiber, Fiber *lanes,
                            const CollectiveRequest &round) {
  for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane) {
    if (!(round.required >> lane & 1))
      continue;
    const CollectiveRequest &other = lanes[lane].request;
    if (lanes[lane].site != round.site)
      return false;
    if (other.required != round.required || other.mode != round.mode ||
        other.width != round.width || other.bitWidth != round.bitWidth)
      fatal("%s: lanes of one warp execute %s with different %s "
            "(lane %lld and lane %d)",
            describe(fiber).c_str(), round.site,
            round.isReduce ? "cluster parameters" : "widths",
            static_cast<long long>(fiber.linearId % SEG_EMU_WARP_SIZE), lane);
  }
  return true;
}

uint64_t segir::emu::collective(Fiber &fiber,
                                const CollectiveRequest &request) {
  Block &block = *fiber.block;
  Worker &worker = *block.worker;
  bool randomized = config().randomized;
  if (randomized && worker.random.oneIn(2))
    yieldFiber(fiber);

  int64_t warp = fiber.linearId / SEG_EMU_WARP_SIZE;
  int lane = static_cast<int>(fiber.linearId % SEG_EMU_WARP_SIZE);
  Fiber *lanes = block.fibers + warp * SEG_EMU_WARP_SIZE;
  stopSpinning(fiber);
  fiber.request = request;
  fiber.state = FiberState::InCollective;
  fiber.site = request.site;
  uint32_t &waiting = block.warpWaiting[warp];
  waiting |= uint32_t(1) << lane;
  if ((waiting & request.required) != request.required ||
      !roundIsComplete(fiber, lanes, request)) {
    waitFiber(fiber);
    return fiber.request.output;
  }
  completeRound(lanes, request);
  noteProgress(worker);
  waiting &= ~request.required;
  for (int other = 0; other < SEG_EMU_WARP_SIZE; ++other)
    if ((request.required >> other & 1) && other != lane)
      release(lanes[other]);
  fiber.state = FiberState::Runnable;
  fiber.site = nullptr;
  if (randomized && worker.random.oneIn(2))
    yieldFiber(fiber);
  return fiber.request.output;
}

//===----------------------------------------------------------------------===//
// Polls
//===----------------------------------------------------------------------===//

void segir::emu::poll(Fiber &fiber) {
  Worker &worker = *fiber.block->worker;
  noteSpinPoll(fiber);
  // Other workers may be waiting for a core to set the flag this block
  // spins on (more resident blocks than cores).
  if ((++worker.polls & 1023) == 0)
    sched_yield();
  if (weakMemoryActive)
    weakMemoryPoll(fiber);
  if (!config().randomized) {
    // Let the siblings run now and then, so that a thread spinning on a
    // flag that another thread of its block sets makes progress.
    if ((++fiber.polls & 7) == 0)
      yieldFiber(fiber);
    return;
  }
  uint64_t r = worker.random.next();
  if ((r & 3) == 0)
    yieldFiber(fiber);
  // Now and then stall the whole block, so that the other blocks run ahead.
  if (((r >> 8) & 255) == 0)
    sleepMicroseconds((r >> 16) % 50);
}
