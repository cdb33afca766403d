//===- Runtime.cpp - Launches and the C entry points of the emulator -----===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Deadlock.h"
#include "Emulator.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

using namespace segir::emu;

//===----------------------------------------------------------------------===//
// Errors and settings
//===----------------------------------------------------------------------===//

void segir::emu::fatal(const char *format, ...) {
  // The first error wins; any other thread reporting one waits for the exit.
  static std::mutex reporting;
  reporting.lock();
  fflush(stdout);
  va_list args;
  va_start(args, format);
  fputs("segir emulator: ", stderr);
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
  va_end(args);
  fflush(stderr);
  // Other workers may be inside kernels: leave without running destructors.
  _exit(1);
}

static int64_t readInteger(const char *name, int64_t fallback, int64_t min) {
  const char *text = getenv(name);
  if (!text || !*text)
    return fallback;
  char *end = nullptr;
  errno = 0;
  long long value = strtoll(text, &end, 0);
  if (errno || *end || value < min)
    fatal("%s must be an integer >= %lld, not '%s'", name,
          static_cast<long long>(min), text);
  return value;
}

static Config readConfig() {
  Config config;
  config.residentBlocks =
      readInteger("SEGIR_EMU_RESIDENT_BLOCKS",
                  std::max<int64_t>(2, std::thread::hardware_concurrency()), 1);
  if (const char *seed = getenv("SEGIR_EMU_SEED"); seed && *seed) {
    config.randomized = true;
    config.seed = static_cast<uint64_t>(readInteger("SEGIR_EMU_SEED", 0, 0));
  }
  int64_t weakMemory = readInteger("SEGIR_EMU_WEAK_MEMORY", -1, 0);
  if (weakMemory > 1)
    fatal("SEGIR_EMU_WEAK_MEMORY must be 0 or 1, not '%s'",
          getenv("SEGIR_EMU_WEAK_MEMORY"));
  config.weakMemory = weakMemory < 0 ? config.randomized : weakMemory == 1;
  config.trace = readInteger("SEGIR_EMU_TRACE", 0, 0) != 0;
  if (const char *text = getenv("SEGIR_EMU_TIMEOUT"); text && *text) {
    char *end = nullptr;
    double seconds = strtod(text, &end);
    if (*end || !(seconds >= 0))
      fatal("SEGIR_EMU_TIMEOUT must be a number of seconds >= 0, not '%s'",
            text);
    config.timeoutSeconds = seconds;
  }
  if (const char *text = getenv("SEGIR_EMU_DEADLOCK_SECONDS"); text && *text) {
    char *end = nullptr;
    double seconds = strtod(text, &end);
    if (*end || !(seconds >= 0))
      fatal("SEGIR_EMU_DEADLOCK_SECONDS must be a number of seconds >= 0, "
            "not '%s'",
            text);
    config.deadlockSeconds = seconds;
  }
  config.stackSize = static_cast<size_t>(
      readInteger("SEGIR_EMU_STACK_SIZE", config.stackSize, 16 * 1024));
  return config;
}

const Config &segir::emu::config() {
  static const Config config = readConfig();
  return config;
}

Fiber &segir::emu::self(const char *what) {
  if (!currentFiber)
    fatal("%s used outside an emulated kernel", what);
  return *currentFiber;
}

//===----------------------------------------------------------------------===//
// Faults in kernels
//===----------------------------------------------------------------------===//

static struct sigaction previousSegv, previousBus;

/// Reports a fault inside a kernel (a stack overflow or a wild access) with
/// the thread that caused it; leaves faults elsewhere to the handler that
/// was installed before.
static void onFault(int signal, siginfo_t *info, void *) {
  Fiber *fiber = currentFiber;
  if (!fiber) {
    sigaction(signal, signal == SIGSEGV ? &previousSegv : &previousBus,
              nullptr);
    return; // The access faults again, now under the previous handler.
  }
  char *address = static_cast<char *>(info->si_addr);
  size_t guard = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  if (address >= fiber->stack - guard && address < fiber->stack)
    fatal("%s: stack overflow (an emulated thread has %zu bytes of stack; "
          "set SEGIR_EMU_STACK_SIZE)",
          describe(*fiber).c_str(), config().stackSize);
  fatal("%s: invalid memory access at address %p (%s)",
        describe(*fiber).c_str(), static_cast<void *>(address),
        signal == SIGSEGV ? "SIGSEGV" : "SIGBUS");
}

static void installFaultHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = onFault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previousSegv);
    sigaction(SIGBUS, &action, &previousBus);
  });
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

void Worker::run(Launch &launch) {
  // Faults are handled on a stack of their own: the fiber's may be full.
  constexpr size_t signalStackSize = 64 * 1024;
  if (!signalStack)
    signalStack = static_cast<char *>(malloc(signalStackSize));
  stack_t stack;
  stack.ss_sp = signalStack;
  stack.ss_size = signalStackSize;
  stack.ss_flags = 0;
  // The thread's own alternate stack (AddressSanitizer's, say) comes back
  // after the launch: its owner may free it when the thread ends.
  stack_t previousStack;
  bool restore = sigaltstack(&stack, &previousStack) == 0;

  for (;;) {
    int64_t position = launch.nextBlock.fetch_add(1);
    if (position >= launch.numBlocks)
      break;
    int64_t id = launch.order.empty() ? position : launch.order[position];
    currentBlock.store(id);
    runBlock(launch, id);
    currentBlock.store(-1);
  }
  // The end of the kernel makes every store visible.
  if (weakMemoryActive)
    weakMemoryEndLaunch(*this);
  polls = 0;
  if (restore)
    sigaltstack(&previousStack, nullptr);
}

/// One launch in flight: its blocks run on workers of its own, so that
/// launches on different streams run at the same time with all of their
/// resident blocks.
struct RunningLaunch {
  Launch launch;
  /// The host task that launched it (segEmuBeginScope; 0 outside
  /// async.execute bodies), which segEmuSynchronize waits for.
  int64_t scope = 0;
  /// Joins the workers once, whichever host thread waits first.
  std::once_flag reaped;
  std::vector<Worker *> workers;
  std::vector<std::thread> threads;
  std::mutex mutex;
  std::condition_variable finishedChanged;
  unsigned finished = 0;
  std::chrono::steady_clock::time_point start;
};

/// Idle workers (with their stacks and shared memory), kept from launch to
/// launch, and the state that launches share.
struct LaunchState {
  std::mutex mutex;
  std::vector<std::unique_ptr<Worker>> workers;
  std::vector<Worker *> idle;
  uint64_t launches = 0;
  /// Launches not waited for yet, by id. Host threads (an async runtime's
  /// workers) may wait for the same launch at once: each holds a reference.
  std::map<int64_t, std::shared_ptr<RunningLaunch>> inFlight;
  int64_t nextId = 1;
  int64_t nextScope = 1;
};

static LaunchState &launchState() {
  static LaunchState state;
  return state;
}

/// "(x,y,z), ..." for the blocks `running` runs now; "(none)" for none.
static std::string runningBlocks(const RunningLaunch &running) {
  std::string blocks;
  for (Worker *worker : running.workers) {
    int64_t id = worker->currentBlock.load();
    if (id < 0)
      continue;
    blocks += blocks.empty() ? "" : ", ";
    blocks += blockCoordinates(running.launch, id);
  }
  return blocks.empty() ? "(none)" : blocks;
}

/// Reports `running`, which exceeded the time limit, and every other launch
/// in flight with the blocks it runs: a launch waiting for one that cannot
/// start or finish shows here.
[[noreturn]] static void reportTimeout(const RunningLaunch &running) {
  const Launch &launch = running.launch;
  int64_t started = std::min(launch.nextBlock.load(), launch.numBlocks);
  std::string others;
  LaunchState &state = launchState();
  std::lock_guard<std::mutex> guard(state.mutex);
  for (const auto &[id, other] : state.inFlight)
    if (other.get() != &running)
      others += std::string("; kernel ") + other->launch.name +
                " in flight on another stream: blocks " +
                runningBlocks(*other) + " still running";
  fatal("kernel %s exceeded the time limit of %g s (SEGIR_EMU_TIMEOUT): "
        "blocks %s still running, %lld of %lld blocks not started%s",
        launch.name, config().timeoutSeconds, runningBlocks(running).c_str(),
        static_cast<long long>(launch.numBlocks - started),
        static_cast<long long>(launch.numBlocks), others.c_str());
}

/// The start order of the blocks in the randomised mode: blocks are shuffled
/// within consecutive windows of `resident` blocks, so that a block may start
/// before its predecessors, yet every block that waits only for blocks with
/// smaller ids (a look-back over blockIdx) still finishes.
static std::vector<int64_t> shuffledOrder(int64_t numBlocks, int64_t resident,
                                          Random &random) {
  std::vector<int64_t> order(numBlocks);
  for (int64_t i = 0; i < numBlocks; ++i)
    order[i] = i;
  for (int64_t start = 0; start < numBlocks; start += resident) {
    int64_t end = std::min(numBlocks, start + resident);
    for (int64_t i = end - 1; i > start; --i)
      std::swap(order[i], order[start + random.next() % (i - start + 1)]);
  }
  return order;
}

/// Checks a launch configuration and starts the launch on idle workers (new
/// ones where none is idle); returns at once.
static std::shared_ptr<RunningLaunch>
startLaunch(SegEmuKernelFn kernel, void **args, const int64_t grid[3],
            const int64_t blockDim[3], int64_t staticSharedBytes,
            int64_t dynamicSharedBytes, const char *name) {
  if (currentFiber)
    fatal("%s: launching kernel %s from a kernel (dynamic parallelism) is "
          "not supported",
          describe(*currentFiber).c_str(), name);
  const Config &cfg = config();
  if (cfg.trace) {
    fprintf(stderr,
            "segir-emu: launch %s grid (%lld, %lld, %lld) block (%lld, %lld, "
            "%lld) shared %lld bytes\n",
            name, static_cast<long long>(grid[0]),
            static_cast<long long>(grid[1]), static_cast<long long>(grid[2]),
            static_cast<long long>(blockDim[0]),
            static_cast<long long>(blockDim[1]),
            static_cast<long long>(blockDim[2]),
            static_cast<long long>(staticSharedBytes + dynamicSharedBytes));
    fflush(stderr);
  }
  static const int64_t maxGrid[3] = {2147483647, 65535, 65535};
  static const int64_t maxBlock[3] = {1024, 1024, 64};
  for (int d = 0; d < 3; ++d) {
    if (grid[d] < 1 || grid[d] > maxGrid[d] || blockDim[d] < 1 ||
        blockDim[d] > maxBlock[d])
      fatal("kernel %s: invalid launch configuration: grid (%lld,%lld,%lld), "
            "block (%lld,%lld,%lld) (limits: grid (%lld,%lld,%lld), block "
            "(%lld,%lld,%lld))",
            name, (long long)grid[0], (long long)grid[1], (long long)grid[2],
            (long long)blockDim[0], (long long)blockDim[1],
            (long long)blockDim[2], (long long)maxGrid[0],
            (long long)maxGrid[1], (long long)maxGrid[2],
            (long long)maxBlock[0], (long long)maxBlock[1],
            (long long)maxBlock[2]);
  }
  int64_t threads = blockDim[0] * blockDim[1] * blockDim[2];
  if (threads > 1024)
    fatal("kernel %s: %lld threads per block exceed the limit of 1024", name,
          static_cast<long long>(threads));
  if (staticSharedBytes < 0 || dynamicSharedBytes < 0)
    fatal("kernel %s: negative shared memory size (%lld static, %lld "
          "dynamic bytes)",
          name, static_cast<long long>(staticSharedBytes),
          static_cast<long long>(dynamicSharedBytes));

  installFaultHandlers();
  registerHostThread();

  auto running = std::make_shared<RunningLaunch>();
  Launch &launch = running->launch;
  launch.kernel = kernel;
  launch.args = args;
  launch.name = name;
  for (int d = 0; d < 3; ++d) {
    launch.grid[d] = grid[d];
    launch.blockDim[d] = blockDim[d];
  }
  launch.numBlocks = grid[0] * grid[1] * grid[2];
  launch.threadsPerBlock = threads;
  launch.sharedBytes = staticSharedBytes + dynamicSharedBytes;
  launch.dynamicSharedBytes = dynamicSharedBytes;
  unsigned numWorkers = static_cast<unsigned>(
      std::min<int64_t>(cfg.residentBlocks, launch.numBlocks));
  {
    LaunchState &state = launchState();
    std::lock_guard<std::mutex> guard(state.mutex);
    if (cfg.randomized || cfg.weakMemory) {
      Random random;
      random.seed(cfg.seed * 0x9e3779b97f4a7c15ULL + ++state.launches);
      launch.seed = random.next();
      if (cfg.randomized)
        launch.order =
            shuffledOrder(launch.numBlocks, cfg.residentBlocks, random);
    }
    weakMemoryActive = cfg.weakMemory;
    while (running->workers.size() < numWorkers) {
      if (state.idle.empty()) {
        state.workers.push_back(std::make_unique<Worker>(state.workers.size()));
        state.idle.push_back(state.workers.back().get());
      }
      running->workers.push_back(state.idle.back());
      state.idle.pop_back();
    }
  }
  running->start = std::chrono::steady_clock::now();
  RunningLaunch *self = running.get();
  for (Worker *worker : running->workers)
    running->threads.emplace_back([self, worker] {
      worker->run(self->launch);
      std::lock_guard<std::mutex> guard(self->mutex);
      ++self->finished;
      self->finishedChanged.notify_all();
    });
  return running;
}

/// The launches in flight and their workers, for the deadlock check.
static std::vector<LaunchSnapshot> snapshotInFlight();

/// Waits until `running` has finished (reporting it when it exceeds the
/// time limit, counted from its start, or when it and every other launch in
/// flight are deadlocked) and returns its workers.
static void finishLaunch(RunningLaunch &running) {
  const Config &cfg = config();
  {
    HostWait waiting;
    std::unique_lock<std::mutex> guard(running.mutex);
    auto done = [&] { return running.finished == running.workers.size(); };
    auto limit =
        running.start +
        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(cfg.timeoutSeconds));
    // Look for a deadlock every 50 ms of waiting.
    while (!done()) {
      auto until =
          std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
      if (cfg.timeoutSeconds > 0 && limit < until)
        until = limit;
      if (running.finishedChanged.wait_until(guard, until, done))
        break;
      if (cfg.timeoutSeconds > 0 && std::chrono::steady_clock::now() >= limit)
        reportTimeout(running);
      guard.unlock();
      checkForDeadlock(snapshotInFlight());
      guard.lock();
    }
  }
  std::call_once(running.reaped, [&] {
    for (std::thread &thread : running.threads)
      thread.join();
    LaunchState &state = launchState();
    std::lock_guard<std::mutex> guard(state.mutex);
    for (Worker *worker : running.workers)
      state.idle.push_back(worker);
  });
}

/// The id of an asynchronous launch in flight with argument array `args`,
/// or 0: a launch op reuses its argument slots, which a launch reads until
/// it ends.
static int64_t inFlightWithArguments(void **args) {
  LaunchState &state = launchState();
  std::lock_guard<std::mutex> guard(state.mutex);
  for (const auto &[id, running] : state.inFlight)
    if (running->launch.args == args)
      return id;
  return 0;
}

static std::vector<LaunchSnapshot> snapshotInFlight() {
  LaunchState &state = launchState();
  std::lock_guard<std::mutex> guard(state.mutex);
  std::vector<LaunchSnapshot> snapshots;
  for (const auto &[id, running] : state.inFlight)
    snapshots.push_back({&running->launch, running->workers, running});
  return snapshots;
}

/// Finishes one launch; a running launch stays in flight until then, so
/// that a time-out report lists it.
static void waitForLaunch(int64_t id) {
  LaunchState &state = launchState();
  std::shared_ptr<RunningLaunch> running;
  {
    std::lock_guard<std::mutex> guard(state.mutex);
    auto it = state.inFlight.find(id);
    if (it == state.inFlight.end())
      return;
    running = it->second;
  }
  finishLaunch(*running);
  std::lock_guard<std::mutex> guard(state.mutex);
  state.inFlight.erase(id);
}

/// Starts a launch and registers it in flight; returns its id.
static int64_t launchInFlight(SegEmuKernelFn kernel, void **args,
                              const int64_t grid[3], const int64_t block[3],
                              int64_t staticSharedBytes,
                              int64_t dynamicSharedBytes, const char *name,
                              int64_t scope) {
  std::shared_ptr<RunningLaunch> running = startLaunch(
      kernel, args, grid, block, staticSharedBytes, dynamicSharedBytes, name);
  running->scope = scope;
  LaunchState &state = launchState();
  std::lock_guard<std::mutex> guard(state.mutex);
  int64_t id = state.nextId++;
  state.inFlight[id] = std::move(running);
  return id;
}

//===----------------------------------------------------------------------===//
// C entry points
//===----------------------------------------------------------------------===//

static int checkDim(const char *what, int32_t dim) {
  if (dim < 0 || dim > 2)
    fatal("%s: dimension %d is not 0, 1 or 2", what, dim);
  return dim;
}

/// The lanes of the calling thread's warp that exist in its block.
static int64_t lanesInWarp(const Fiber &fiber) {
  int64_t warpStart = fiber.linearId - fiber.linearId % SEG_EMU_WARP_SIZE;
  return std::min<int64_t>(SEG_EMU_WARP_SIZE,
                           fiber.block->numThreads - warpStart);
}

static bool isPowerOf2(int64_t value) {
  return value > 0 && (value & (value - 1)) == 0;
}

extern "C" {

void segEmuLaunch(SegEmuKernelFn kernel, void **args, int64_t gridX,
                  int64_t gridY, int64_t gridZ, int64_t blockX, int64_t blockY,
                  int64_t blockZ, int64_t staticSharedBytes,
                  int64_t dynamicSharedBytes, const char *name) {
  const int64_t grid[3] = {gridX, gridY, gridZ};
  const int64_t block[3] = {blockX, blockY, blockZ};
  // In flight while it runs, so that a time-out report of either names the
  // other; no scope waits for it but its caller.
  waitForLaunch(launchInFlight(kernel, args, grid, block, staticSharedBytes,
                               dynamicSharedBytes, name, /*scope=*/-1));
}

int64_t segEmuLaunchAsync(SegEmuKernelFn kernel, void **args, int64_t gridX,
                          int64_t gridY, int64_t gridZ, int64_t blockX,
                          int64_t blockY, int64_t blockZ,
                          int64_t staticSharedBytes, int64_t dynamicSharedBytes,
                          const char *name, int64_t scope) {
  if (int64_t previous = inFlightWithArguments(args))
    waitForLaunch(previous);
  const int64_t grid[3] = {gridX, gridY, gridZ};
  const int64_t block[3] = {blockX, blockY, blockZ};
  return launchInFlight(kernel, args, grid, block, staticSharedBytes,
                        dynamicSharedBytes, name, scope);
}

void segEmuWaitLaunch(int64_t launch) { waitForLaunch(launch); }

int64_t segEmuBeginScope(void) {
  LaunchState &state = launchState();
  std::lock_guard<std::mutex> guard(state.mutex);
  return state.nextScope++;
}

void segEmuSynchronize(int64_t scope) {
  for (;;) {
    int64_t id = 0;
    {
      LaunchState &state = launchState();
      std::lock_guard<std::mutex> guard(state.mutex);
      for (const auto &[candidate, running] : state.inFlight)
        if (running->scope == scope) {
          id = candidate;
          break;
        }
    }
    if (!id)
      return;
    waitForLaunch(id);
  }
}

int64_t segEmuThreadId(int32_t dim) {
  return self("gpu.thread_id").threadId[checkDim("gpu.thread_id", dim)];
}

int64_t segEmuBlockId(int32_t dim) {
  return self("gpu.block_id").block->blockId[checkDim("gpu.block_id", dim)];
}

int64_t segEmuBlockDim(int32_t dim) {
  return self("gpu.block_dim")
      .block->launch->blockDim[checkDim("gpu.block_dim", dim)];
}

int64_t segEmuGridDim(int32_t dim) {
  return self("gpu.grid_dim")
      .block->launch->grid[checkDim("gpu.grid_dim", dim)];
}

int64_t segEmuLaneId(void) {
  return self("gpu.lane_id").linearId % SEG_EMU_WARP_SIZE;
}

int64_t segEmuSubgroupId(void) {
  return self("gpu.subgroup_id").linearId / SEG_EMU_WARP_SIZE;
}

int64_t segEmuNumSubgroups(void) {
  int64_t threads = self("gpu.num_subgroups").block->numThreads;
  return (threads + SEG_EMU_WARP_SIZE - 1) / SEG_EMU_WARP_SIZE;
}

int64_t segEmuSubgroupSize(void) {
  self("gpu.subgroup_size");
  return SEG_EMU_WARP_SIZE;
}

void *segEmuSharedMemory(void) { return self("shared memory").block->shared; }

int64_t segEmuSharedMemorySize(void) {
  return self("shared memory").block->launch->sharedBytes;
}

int64_t segEmuDynamicSharedMemorySize(void) {
  return self("gpu.dynamic_shared_memory").block->launch->dynamicSharedBytes;
}

void segEmuBarrier(const char *site) { barrier(self(site), site); }

/// Reports a member mask of a warp-synchronous op that leaves out the calling
/// lane or names lanes the warp does not have.
static void checkMemberMask(Fiber &fiber, uint32_t mask, const char *site) {
  int64_t lane = fiber.linearId % SEG_EMU_WARP_SIZE;
  int64_t lanes = lanesInWarp(fiber);
  uint32_t present =
      lanes == SEG_EMU_WARP_SIZE ? ~uint32_t(0) : (uint32_t(1) << lanes) - 1;
  if (!(mask >> lane & 1) || (mask & ~present))
    fatal("%s: %s with mask 0x%08x, which must hold the calling lane %lld and "
          "only lanes of this warp's %lld threads",
          describe(fiber).c_str(), site, mask, static_cast<long long>(lane),
          static_cast<long long>(lanes));
}

void segEmuWarpBarrier(uint32_t mask, const char *site) {
  Fiber &fiber = self(site);
  checkMemberMask(fiber, mask, site);
  // A collective round that moves no value (width 0).
  CollectiveRequest request;
  request.site = site;
  request.required = mask;
  request.mode = SEG_EMU_SHUFFLE_IDX;
  collective(fiber, request);
}

/// Every lane of a ballot's round gets the round's predicates as bits.
static void completeBallot(Fiber *lanes, const CollectiveRequest &round) {
  uint32_t bits = 0;
  for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane)
    if ((round.required >> lane & 1) && lanes[lane].request.input)
      bits |= uint32_t(1) << lane;
  for (int lane = 0; lane < SEG_EMU_WARP_SIZE; ++lane)
    if (round.required >> lane & 1)
      lanes[lane].request.output = bits;
}

uint32_t segEmuBallot(int32_t predicate, uint32_t mask, const char *site) {
  Fiber &fiber = self(site);
  checkMemberMask(fiber, mask, site);
  CollectiveRequest request;
  request.site = site;
  request.required = mask;
  request.input = predicate != 0;
  request.complete = completeBallot;
  return static_cast<uint32_t>(collective(fiber, request));
}

uint64_t segEmuShuffle(uint64_t value, int32_t offset, int32_t width,
                       int32_t mode, const char *site, int8_t *valid) {
  Fiber &fiber = self(site);
  if (width < 1 || width > SEG_EMU_WARP_SIZE)
    fatal("%s: %s with width %d; the width must be in [1, %d]",
          describe(fiber).c_str(), site, width, SEG_EMU_WARP_SIZE);
  if (mode < SEG_EMU_SHUFFLE_XOR || mode > SEG_EMU_SHUFFLE_ROTATE)
    fatal("%s: %s with unknown mode %d", describe(fiber).c_str(), site, mode);
  int64_t lane = fiber.linearId % SEG_EMU_WARP_SIZE;
  if (lane >= width) {
    // Lanes outside the width take no part: `valid` is false, and the value
    // is unspecified (on NVIDIA GPUs, the lane is outside shfl.sync's member
    // mask, which the PTX ISA leaves undefined): random when randomised.
    if (valid)
      *valid = 0;
    return config().randomized ? fiber.block->worker->random.next() : value;
  }
  if (width > lanesInWarp(fiber))
    fatal("%s: %s with width %d, but this warp has only %lld threads (the "
          "block has %lld)",
          describe(fiber).c_str(), site, width,
          static_cast<long long>(lanesInWarp(fiber)),
          static_cast<long long>(fiber.block->numThreads));
  CollectiveRequest request;
  request.site = site;
  request.required = width == 32 ? ~uint32_t(0) : (uint32_t(1) << width) - 1;
  request.mode = mode;
  request.offset = offset;
  request.width = width;
  request.input = value;
  uint64_t result = collective(fiber, request);
  if (valid)
    *valid = fiber.request.valid;
  return result;
}

uint64_t segEmuSubgroupReduce(uint64_t value, int32_t kind, int32_t isFloat,
                              int32_t bitWidth, int32_t clusterSize,
                              int32_t clusterStride, const char *site) {
  Fiber &fiber = self(site);
  if (kind < SEG_EMU_REDUCE_ADD || kind > SEG_EMU_REDUCE_MAXIMUMF ||
      (isFloat && bitWidth != 32 && bitWidth != 64) ||
      (!isFloat && (bitWidth < 1 || bitWidth > 64)))
    fatal("%s: %s: unsupported reduction (kind %d, %s of %d bits)",
          describe(fiber).c_str(), site, kind, isFloat ? "float" : "integer",
          bitWidth);
  int64_t size = clusterSize ? clusterSize : SEG_EMU_WARP_SIZE;
  if (!isPowerOf2(size) || !isPowerOf2(clusterStride) ||
      size * clusterStride > SEG_EMU_WARP_SIZE)
    fatal("%s: %s: clusters of %lld lanes %d apart do not fit in a warp of "
          "%d lanes",
          describe(fiber).c_str(), site, static_cast<long long>(size),
          clusterStride, SEG_EMU_WARP_SIZE);
  // The cluster of this lane, minus lanes past the end of the block.
  int64_t lane = fiber.linearId % SEG_EMU_WARP_SIZE;
  int64_t span = size * clusterStride;
  int64_t first = lane % clusterStride + lane / span * span;
  uint32_t required = 0;
  for (int64_t i = 0; i < size; ++i)
    if (first + i * clusterStride < lanesInWarp(fiber))
      required |= uint32_t(1) << (first + i * clusterStride);
  CollectiveRequest request;
  request.site = site;
  request.required = required;
  request.isReduce = true;
  request.mode = kind;
  request.isFloat = isFloat;
  request.bitWidth = bitWidth;
  request.clusterSize = clusterSize;
  request.clusterStride = clusterStride;
  request.input = value;
  return collective(fiber, request);
}

void segEmuPoll(void) {
  if (currentFiber)
    poll(*currentFiber);
}

void segEmuAssertFail(const char *message) {
  if (currentFiber)
    fatal("%s: %s", describe(*currentFiber).c_str(), message);
  fatal("%s", message);
}

void segEmuCheck(int32_t holds, const char *message) {
  if (!holds)
    segEmuAssertFail(message);
}

} // extern "C"
