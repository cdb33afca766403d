//===- Hopper.cpp - Tensor maps, mbarriers, TMA and the async proxy -------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The Hopper memory machinery of include/segir/Runtime/EmulatorHopper.h.
//
// mbarriers. Each has an expected arrival count, the arrivals still pending
// in the current phase, a transaction count (bytes expected by expect_tx and
// not yet completed by bulk copies; it may go below zero when a copy
// completes before the matching expect_tx, as in the PTX ISA) and a phase
// number. A phase completes when no arrival and no transaction byte is
// pending; then the next phase starts with the expected count again. Waits
// poll the block's scheduler, so the other threads run meanwhile, and a wait
// that nothing can complete any more is reported instead of hanging.
//
// Bulk tensor copies (TMA) are asynchronous. In the randomised mode
// (SEGIR_EMU_SEED) a copy is only queued when issued and happens at a random
// later moment (at another Hopper operation of its block, or when a thread
// waits), so a kernel that reads the destination without waiting on the
// mbarrier reads stale shared memory; without a seed a copy happens when it
// is issued. A load writes the box and then completes its bytes on the
// mbarrier; out-of-bounds elements are zeros (or NaN with oob = nan). A store
// happens at the latest at cp.async.bulk.wait_group and when the block ends.
//
// The async proxy. In the randomised mode TMA stores and wgmma read shared
// memory as the async proxy sees it: a copy of the block's shared memory
// taken at the last fence.proxy.async of any thread of the block, plus what
// TMA loads wrote since. Generic writes that no fence.proxy.async published
// are invisible to them, so a missing fence gives wrong results.
//
//===----------------------------------------------------------------------===//

#include "Hopper.h"

#include "AsyncGroups.h"
#include "Deadlock.h"
#include "Emulator.h"
#include "segir/Runtime/EmulatorHopper.h"
#include "segir/Runtime/TensorMap.h"

#include <cmath>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <unordered_map>

using namespace segir::emu;
namespace tmap = segir::tensormap;

namespace {

struct MBarrier {
  bool initialized = false;
  int64_t expected = 0;
  int64_t pending = 0;
  int64_t tx = 0;
  uint64_t phase = 0;
};

/// A queued bulk tensor copy.
struct BulkCopy {
  bool isStore = false;
  const tmap::TiledMap *map = nullptr;
  int64_t coordinates[tmap::kMaxRank] = {};
  /// The box in shared memory, as an offset into the block's shared memory.
  int64_t sharedOffset = 0;
  /// Loads: the mbarrier whose transactions the copy completes.
  void *barrier = nullptr;
  const char *site = nullptr;
};

/// A setmaxnreg that a warp executed.
struct RegisterRequest {
  int32_t count = 0;
  int32_t increase = 0;
  const char *site = nullptr;
};

/// The Hopper state of the block a worker runs.
struct HopperBlock {
  Block *block = nullptr;
  std::unordered_map<const char *, std::unique_ptr<uint64_t[]>> groups;
  std::unordered_map<const void *, MBarrier> barriers;
  /// Stores are in their thread's bulk async-groups, loads in none.
  AsyncQueue<BulkCopy> copies;
  /// Shared memory as the async proxy sees it (randomised mode).
  std::vector<char> asyncView;
  bool asyncViewReady = false;
  /// Bumped by every arrival, completed transaction and init.
  uint64_t progress = 0;
  int64_t waiters = 0;
  /// Per warpgroup, the setmaxnreg its first warp to get there executed,
  /// in order; per warp, how many it executed.
  std::unordered_map<int64_t, std::vector<RegisterRequest>> registerRequests;
  std::unordered_map<int64_t, size_t> warpRegisterRequests;
};

thread_local HopperBlock hopper;

/// Maps made on the host; they live as long as the program.
std::mutex mapsMutex;
std::deque<tmap::TiledMap> &maps() {
  static auto *list = new std::deque<tmap::TiledMap>();
  return *list;
}

HopperBlock &state(Fiber &fiber) {
  if (hopper.block != fiber.block)
    fatal("%s: Hopper state of another block", describe(fiber).c_str());
  return hopper;
}

MBarrier &barrierAt(Fiber &fiber, void *address, const char *site) {
  auto it = state(fiber).barriers.find(address);
  if (it == state(fiber).barriers.end() || !it->second.initialized)
    fatal("%s: %s on an mbarrier that was not initialised",
          describe(fiber).c_str(), site);
  return it->second;
}

/// Completes the phase of `barrier` if nothing is pending any more.
void completePhaseIfDone(MBarrier &barrier) {
  if (barrier.pending != 0 || barrier.tx != 0)
    return;
  ++barrier.phase;
  barrier.pending = barrier.expected;
}

char *asyncView(HopperBlock &block) {
  if (!block.asyncViewReady) {
    // The async proxy starts with what the block's shared memory starts
    // with (Worker::runBlock fills it with 0xff).
    block.asyncView.assign(block.block->launch->sharedBytes, char(0xff));
    block.asyncViewReady = true;
  }
  return block.asyncView.data();
}

/// The element `box` (innermost first) of the map's box at `copy`'s
/// coordinates: its global address, or null when it is out of bounds.
char *globalElement(const BulkCopy &copy, const uint32_t *box) {
  const tmap::TiledMap &map = *copy.map;
  uint64_t offset = 0;
  for (uint32_t d = 0; d < map.rank; ++d) {
    int64_t index = copy.coordinates[d] + int64_t(box[d]);
    if (index < 0 || uint64_t(index) >= map.dims[d])
      return nullptr;
    offset += d == 0 ? uint64_t(index) * tmap::elementBytes(map.dataType)
                     : uint64_t(index) * map.strides[d - 1];
  }
  return static_cast<char *>(const_cast<void *>(map.address)) + offset;
}

/// Bytes of the box of `map`.
int64_t boxBytes(const tmap::TiledMap &map) {
  int64_t bytes = tmap::elementBytes(map.dataType);
  for (uint32_t d = 0; d < map.rank; ++d)
    bytes *= map.box[d];
  return bytes;
}

/// Copies the box of `copy` between global memory and shared memory (the
/// generic view `shared`, and for loads also the async view `view`).
void performCopy(const BulkCopy &copy, char *shared, char *view) {
  const tmap::TiledMap &map = *copy.map;
  uint32_t bytes = tmap::elementBytes(map.dataType);
  uint32_t box[tmap::kMaxRank] = {};
  int64_t count = boxBytes(map) / bytes;
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t rest = linear;
    for (uint32_t d = 0; d < map.rank; ++d) {
      box[d] = uint32_t(rest % map.box[d]);
      rest /= map.box[d];
    }
    uint64_t where = tmap::swizzleOffset(
        uint64_t(copy.sharedOffset) + uint64_t(linear) * bytes, map.swizzle);
    char *global = globalElement(copy, box);
    if (copy.isStore) {
      if (global)
        std::memcpy(global, view + where, bytes);
      continue;
    }
    char element[8] = {};
    if (global) {
      std::memcpy(element, global, bytes);
    } else if (map.oobFill == tmap::OobFillNaN) {
      // NaN in the element's own format.
      uint64_t nan = bytes == 2   ? (map.dataType == 9 ? 0x7fc0 : 0x7e00)
                     : bytes == 4 ? 0x7fc00000
                                  : 0x7ff8000000000000ULL;
      std::memcpy(element, &nan, bytes);
    }
    std::memcpy(shared + where, element, bytes);
    if (view)
      std::memcpy(view + where, element, bytes);
  }
}

/// Performs the queued copy at `index` and removes it.
void completeCopy(HopperBlock &block, size_t index) {
  BulkCopy copy = block.copies.take(index);
  bool randomized = config().randomized;
  char *view = randomized ? asyncView(block) : nullptr;
  performCopy(copy, block.block->shared,
              copy.isStore ? (view ? view : block.block->shared) : view);
  noteProgress(*block.block->worker);
  if (copy.isStore)
    return;
  auto it = block.barriers.find(copy.barrier);
  if (it == block.barriers.end())
    return;
  it->second.tx -= boxBytes(*copy.map);
  ++block.progress;
  completePhaseIfDone(it->second);
}

/// In the randomised mode, now and then performs a queued copy.
void maybeCompleteCopies(HopperBlock &block, Fiber &fiber) {
  if (std::optional<size_t> index = block.copies.pickRandomly(fiber, 3))
    completeCopy(block, *index);
}

/// The offset of `pointer` in the calling block's shared memory of at least
/// `bytes` bytes; reports a pointer outside of it.
int64_t sharedOffset(Fiber &fiber, const void *pointer, int64_t bytes,
                     const char *site) {
  const Block &block = *fiber.block;
  int64_t offset = static_cast<const char *>(pointer) - block.shared;
  if (offset < 0 || offset + bytes > block.launch->sharedBytes)
    fatal("%s: %s: the %lld bytes at %p are not in the block's shared memory",
          describe(fiber).c_str(), site, static_cast<long long>(bytes),
          pointer);
  if (offset % 128)
    fatal("%s: %s: the shared memory address is not 128-byte aligned "
          "(offset %lld)",
          describe(fiber).c_str(), site, static_cast<long long>(offset));
  return offset;
}

const tmap::TiledMap &checkedMap(Fiber &fiber, const void *map, int32_t rank,
                                 const char *site) {
  {
    std::lock_guard<std::mutex> lock(mapsMutex);
    bool known = false;
    for (const tmap::TiledMap &m : maps())
      known |= &m == map;
    if (!known)
      fatal("%s: %s: not a tensor map made by nvgpu.tma.create.descriptor",
            describe(fiber).c_str(), site);
  }
  const auto &tiled = *static_cast<const tmap::TiledMap *>(map);
  if (uint32_t(rank) != tiled.rank)
    fatal("%s: %s: %d coordinates for a tensor map of rank %u",
          describe(fiber).c_str(), site, rank, tiled.rank);
  return tiled;
}

BulkCopy makeCopy(Fiber &fiber, bool isStore, const void *shared,
                  const void *map, const int64_t *coordinates, int32_t rank,
                  const char *site) {
  BulkCopy copy;
  copy.isStore = isStore;
  copy.map = &checkedMap(fiber, map, rank, site);
  for (int32_t d = 0; d < rank; ++d)
    copy.coordinates[d] = coordinates[d];
  copy.sharedOffset = sharedOffset(fiber, shared, boxBytes(*copy.map), site);
  copy.site = site;
  return copy;
}

} // namespace

void segir::emu::hopperStartBlock(Block &block) {
  hopper.block = &block;
  hopper.groups.clear();
  hopper.barriers.clear();
  hopper.copies.clear();
  hopper.asyncViewReady = false;
  hopper.progress = 0;
  hopper.waiters = 0;
  hopper.registerRequests.clear();
  hopper.warpRegisterRequests.clear();
  wgmmaStartBlock();
}

void segir::emu::hopperEndBlock(Block &block) {
  if (hopper.block != &block)
    return;
  // Stores complete; loads nobody waits for any more are dropped.
  while (!hopper.copies.empty()) {
    if (hopper.copies[0].isStore)
      completeCopy(hopper, 0);
    else
      hopper.copies.take(0);
  }
  hopper.copies.clear();
  hopper.block = nullptr;
}

const char *segir::emu::hopperAsyncView(Fiber &fiber) {
  HopperBlock &block = state(fiber);
  return config().randomized ? asyncView(block) : fiber.block->shared;
}

void segir::emu::requireWholeWarpgroup(Fiber &fiber, const char *site) {
  int64_t warpgroupStart = fiber.linearId - fiber.linearId % kWarpgroupThreads;
  if (fiber.block->numThreads - warpgroupStart < kWarpgroupThreads)
    fatal("%s: %s needs a whole warpgroup of %lld threads, but this one has "
          "only %lld",
          describe(fiber).c_str(), site,
          static_cast<long long>(kWarpgroupThreads),
          static_cast<long long>(fiber.block->numThreads - warpgroupStart));
}

void segir::emu::hopperMaybeProgress(Fiber &fiber) {
  maybeCompleteCopies(state(fiber), fiber);
}

/// A warp's setmaxnreg round (every lane with the same count and action):
/// the warp's n-th setmaxnreg must be its warpgroup's n-th.
static void completeSetMaxRegisters(Fiber *lanes,
                                    const CollectiveRequest &round) {
  Fiber &fiber = lanes[0];
  HopperBlock &block = state(fiber);
  int64_t warp = fiber.linearId / SEG_EMU_WARP_SIZE;
  std::vector<RegisterRequest> &executed =
      block.registerRequests[fiber.linearId / kWarpgroupThreads];
  size_t index = block.warpRegisterRequests[warp]++;
  RegisterRequest mine{round.width, round.mode, round.site};
  if (index == executed.size()) {
    executed.push_back(mine);
    return;
  }
  const RegisterRequest &first = executed[index];
  if (first.count != mine.count || first.increase != mine.increase ||
      first.site != mine.site)
    fatal("%s: warp %lld executes %s (setmaxnreg.%s %d) where another warp "
          "of its warpgroup executed %s (setmaxnreg.%s %d): a warpgroup's "
          "warps must execute the same setmaxnreg",
          describe(fiber).c_str(), static_cast<long long>(warp), mine.site,
          mine.increase ? "inc" : "dec", mine.count, first.site,
          first.increase ? "inc" : "dec", first.count);
}

extern "C" {

void *segEmuTensorMapEncodeTiled(int64_t rank, void *descriptor,
                                 int64_t dataType, int64_t interleave,
                                 int64_t swizzle, int64_t l2Promotion,
                                 int64_t oobFill, int64_t *boxDims,
                                 const char *site) {
  tmap::TiledMap map;
  const char *invalid =
      tmap::tiledMapOfMemRef(map, rank, descriptor, dataType, interleave,
                             swizzle, l2Promotion, oobFill, boxDims);
  if (!invalid)
    invalid = tmap::checkTiledMap(map);
  if (!invalid && map.interleave != tmap::InterleaveNone)
    invalid = "interleaved layouts are not emulated";
  if (invalid)
    fatal("%s: cuTensorMapEncodeTiled would fail: %s", site, invalid);
  std::lock_guard<std::mutex> lock(mapsMutex);
  maps().push_back(map);
  return &maps().back();
}

void *segEmuMbarrierCreate(int64_t count, const char *site) {
  Fiber &fiber = self(site);
  if (count < 1)
    fatal("%s: %s of %lld mbarriers", describe(fiber).c_str(), site,
          static_cast<long long>(count));
  std::unique_ptr<uint64_t[]> &group = state(fiber).groups[site];
  if (!group)
    group.reset(new uint64_t[count]());
  return group.get();
}

void segEmuMbarrierInit(void *barrier, int64_t count, const char *site) {
  Fiber &fiber = self(site);
  HopperBlock &block = state(fiber);
  if (count < 1 || count > (int64_t(1) << 20) - 1)
    fatal("%s: %s with an expected count of %lld (1 to 2^20 - 1)",
          describe(fiber).c_str(), site, static_cast<long long>(count));
  MBarrier &state = block.barriers[barrier];
  state = MBarrier();
  state.initialized = true;
  state.expected = state.pending = count;
  ++block.progress;
}

int64_t segEmuMbarrierArrive(void *barrier, int64_t count, int64_t txBytes,
                             int32_t mayComplete, const char *site) {
  Fiber &fiber = self(site);
  HopperBlock &block = state(fiber);
  maybeCompleteCopies(block, fiber);
  MBarrier &state = barrierAt(fiber, barrier, site);
  if (count < 1 || count > state.pending)
    fatal("%s: %s: %lld arrivals, but %lld are pending in the current phase",
          describe(fiber).c_str(), site, static_cast<long long>(count),
          static_cast<long long>(state.pending));
  if (!mayComplete && count == state.pending)
    fatal("%s: %s: mbarrier.arrive.noComplete would complete the phase",
          describe(fiber).c_str(), site);
  int64_t token = int64_t(state.phase);
  state.tx += txBytes;
  state.pending -= count;
  ++block.progress;
  completePhaseIfDone(state);
  return token;
}

void segEmuMbarrierInval(void *barrier, const char *site) {
  Fiber &fiber = self(site);
  barrierAt(fiber, barrier, site).initialized = false;
  ++state(fiber).progress;
}

void segEmuMbarrierAddTx(void *barrier, int64_t txBytes, const char *site) {
  Fiber &fiber = self(site);
  HopperBlock &block = state(fiber);
  maybeCompleteCopies(block, fiber);
  MBarrier &state = barrierAt(fiber, barrier, site);
  state.tx += txBytes;
  ++block.progress;
  completePhaseIfDone(state);
}

int32_t segEmuMbarrierTestWaitParity(void *barrier, int32_t parity,
                                     const char *site) {
  Fiber &fiber = self(site);
  HopperBlock &block = state(fiber);
  maybeCompleteCopies(block, fiber);
  poll(fiber);
  return (barrierAt(fiber, barrier, site).phase & 1) != uint64_t(parity & 1);
}

int32_t segEmuMbarrierTestWait(void *barrier, int64_t token, const char *site) {
  Fiber &fiber = self(site);
  HopperBlock &block = state(fiber);
  maybeCompleteCopies(block, fiber);
  // Let the others run: test.wait is meant to be polled.
  poll(fiber);
  return barrierAt(fiber, barrier, site).phase != uint64_t(token);
}

void segEmuMbarrierTryWaitParity(void *barrier, int32_t parity,
                                 const char *site) {
  Fiber &fiber = self(site);
  HopperBlock &block = state(fiber);
  Block &running = *fiber.block;
  uint64_t seen = block.progress;
  int64_t idleRounds = 0;
  ++block.waiters;
  // The phase of parity `parity` has completed once the current phase has
  // the other parity.
  while ((barrierAt(fiber, barrier, site).phase & 1) == uint64_t(parity & 1)) {
    if (!block.copies.empty() &&
        (!config().randomized || running.worker->random.oneIn(2))) {
      completeCopy(block, config().randomized ? running.worker->random.next() %
                                                    block.copies.size()
                                              : 0);
      continue;
    }
    // Stuck when nothing is in flight and every runnable thread waits on an
    // mbarrier, round after round, without any progress.
    if (block.copies.empty() &&
        int64_t(running.runQueue.size()) + 1 <= block.waiters &&
        block.progress == seen) {
      if (++idleRounds > 4 * block.waiters + 8)
        fatal("%s: %s waits for phase parity %d of an mbarrier that can "
              "no longer complete (%lld arrivals and %lld transaction bytes "
              "pending; every other thread has exited or waits)",
              describe(fiber).c_str(), site, parity & 1,
              static_cast<long long>(barrierAt(fiber, barrier, site).pending),
              static_cast<long long>(barrierAt(fiber, barrier, site).tx));
    } else {
      idleRounds = 0;
      seen = block.progress;
    }
    // Waiting on a phase is spinning on it (Deadlock.cpp).
    uint64_t phase = barrierAt(fiber, barrier, site).phase;
    noteRead(fiber, barrier, &phase, sizeof(phase));
    poll(fiber);
  }
  --block.waiters;
}

void segEmuTmaLoad(void *shared, void *barrier, const void *map,
                   const int64_t *coordinates, int32_t rank, const char *site) {
  Fiber &fiber = self(site);
  HopperBlock &block = state(fiber);
  barrierAt(fiber, barrier, site);
  BulkCopy copy = makeCopy(fiber, false, shared, map, coordinates, rank, site);
  copy.barrier = barrier;
  block.copies.push(copy);
  if (!config().randomized)
    completeCopy(block, block.copies.size() - 1);
  else
    maybeCompleteCopies(block, fiber);
}

void segEmuTmaStore(const void *shared, const void *map,
                    const int64_t *coordinates, int32_t rank,
                    const char *site) {
  Fiber &fiber = self(site);
  HopperBlock &block = state(fiber);
  BulkCopy copy = makeCopy(fiber, true, shared, map, coordinates, rank, site);
  block.copies.push(copy, &fiber);
  if (!config().randomized)
    completeCopy(block, block.copies.size() - 1);
  else
    maybeCompleteCopies(block, fiber);
}

void segEmuBulkCommitGroup(const char *site) {
  Fiber &fiber = self(site);
  state(fiber).copies.commit(fiber);
}

void segEmuBulkWaitGroup(int32_t pending, const char *site) {
  Fiber &fiber = self(site);
  HopperBlock &block = state(fiber);
  block.copies.waitGroups(fiber, pending, site,
                          [&](size_t index) { completeCopy(block, index); });
}

void segEmuSetMaxRegisters(int32_t count, int32_t increase, const char *site) {
  Fiber &fiber = self(site);
  requireWholeWarpgroup(fiber, site);
  CollectiveRequest request;
  request.site = site;
  request.required = ~uint32_t(0);
  request.width = count;
  request.mode = increase != 0;
  request.complete = completeSetMaxRegisters;
  collective(fiber, request);
}

void segEmuFenceProxyAsync(const char *site) {
  Fiber &fiber = self(site);
  HopperBlock &block = state(fiber);
  if (!config().randomized)
    return;
  std::memcpy(asyncView(block), fiber.block->shared,
              fiber.block->launch->sharedBytes);
}

} // extern "C"
