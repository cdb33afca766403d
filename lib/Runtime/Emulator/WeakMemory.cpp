//===- WeakMemory.cpp - Store buffers and stale loads of the emulator ----===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The weak-memory mode (WeakMemory.h) and the C entry points for the plain
// accesses, atomics and fences of kernels.
//
// Invariants that keep every outcome one the PTX memory model allows:
//  * stores to one address reach memory in the order of some coherence
//    order: an entry is written to memory only after the older entries of
//    its buffer that overlap it, and a thread's entry only after the entries
//    of its block's buffer that overlap it (they are older);
//  * a plain load never reads memory older than the thread's view (which
//    acquires move forward), nor older than what the thread read at that
//    address before (per-address floors), so two loads of one address do
//    not go back in time; loads never undo a store of their own block;
//  * the log's length grows before a store reaches memory, so a load that
//    sees the store and then reads the length never undoes it later.
//
//===----------------------------------------------------------------------===//

#include "Deadlock.h"
#include "Emulator.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>

using namespace segir::emu;

bool segir::emu::weakMemoryActive = false;

namespace {
/// Entries of the global log of memory writes, the furthest back a stale
/// load may go, and the number of address groups it is indexed by.
constexpr size_t kLogCapacity = 4096;
constexpr size_t kLogBuckets = 16384;
/// Stores a thread's buffer holds before the oldest is written.
constexpr size_t kThreadCapacity = 32;
/// Stores a block's buffer and a worker's retired buffer hold before random
/// ones are written.
constexpr size_t kBlockCapacity = 256;
constexpr size_t kRetiredCapacity = 8192;

/// A write of a pending store to memory, with the bytes it overwrote.
struct LogEntry {
  uintptr_t address = 0;
  uint32_t size = 0;
  int64_t block = 0;
  uint64_t old = 0;
  /// 1 + the index of the previous entry in the same bucket, 0 for none.
  uint64_t previous = 0;
};

/// Memory writes of all workers, in the order they happened, and per bucket
/// of addresses the newest of them (1 + its index, 0 for none).
struct MemoryLog {
  std::mutex mutex;
  std::atomic<uint64_t> length{0};
  std::atomic<uint64_t> heads[kLogBuckets] = {};
  LogEntry ring[kLogCapacity];
};

MemoryLog &memoryLog() {
  static MemoryLog log;
  return log;
}
} // namespace

//===----------------------------------------------------------------------===//
// Store buffers
//===----------------------------------------------------------------------===//

static uint64_t hashWord(uintptr_t address) {
  return (address >> 3) * 0x9e3779b97f4a7c15ULL;
}

static unsigned filterBit(uintptr_t word) {
  return static_cast<unsigned>((word * 0x9e3779b97f4a7c15ULL) >> 52);
}

static size_t logBucket(uintptr_t address) {
  return hashWord(address) >> 50; // 14 bits: kLogBuckets
}

static uint64_t &floorOf(ThreadMemory &memory, uintptr_t address) {
  return memory.floors[hashWord(address) >> 59]; // 5 bits: kFloors
}

void StoreBuffer::addToFilter(uintptr_t address) {
  unsigned bit = filterBit(address >> 3); // 12 bits: kFilterWords * 64
  filter[bit / 64] |= uint64_t(1) << (bit % 64);
  filtered = true;
}

void StoreBuffer::rebuildFilter() {
  if (filtered)
    std::fill(std::begin(filter), std::end(filter), 0);
  filtered = false;
  for (size_t i = front; i < entries.size(); ++i)
    if (entries[i].size)
      addToFilter(entries[i].address);
}

void StoreBuffer::push(const PendingStore &store) {
  entries.push_back(store);
  ++live;
  addToFilter(store.address);
}

bool StoreBuffer::mayOverlap(uintptr_t begin, uintptr_t end) const {
  if (!live)
    return false;
  for (uintptr_t word = begin >> 3, last = (end - 1) >> 3; word <= last;
       ++word) {
    unsigned bit = filterBit(word);
    if (filter[bit / 64] >> (bit % 64) & 1)
      return true;
  }
  return false;
}

void StoreBuffer::remove(size_t index) {
  entries[index].size = 0;
  --live;
  while (front < entries.size() && !entries[front].size)
    ++front;
}

void StoreBuffer::compact() {
  if (!live) {
    clear();
    return;
  }
  if (front < 64 || front < entries.size() / 2)
    return;
  entries.erase(entries.begin(), entries.begin() + front);
  front = 0;
  rebuildFilter();
}

void StoreBuffer::clear() {
  entries.clear();
  front = live = 0;
  if (filtered)
    std::fill(std::begin(filter), std::end(filter), 0);
  filtered = false;
}

static bool overlaps(const PendingStore &store, uintptr_t begin,
                     uintptr_t end) {
  return store.size && store.address < end &&
         store.address + store.size > begin;
}

/// A live entry of a non-empty buffer, chosen at random among the oldest
/// few: writing it needs only the older entries it overlaps, which a short
/// scan finds, and the buffer drains roughly in order.
static size_t randomEntry(const StoreBuffer &buffer, Random &random) {
  size_t skip = random.next() % std::min<size_t>(buffer.size(), 16);
  size_t index = buffer.first();
  for (;; ++index)
    if (buffer.entries[index].size && skip-- == 0)
      return index;
}

static void moveAll(StoreBuffer &from, StoreBuffer &to) {
  for (const PendingStore &store : from.entries)
    if (store.size)
      to.push(store);
  from.clear();
}

//===----------------------------------------------------------------------===//
// Memory and the log
//===----------------------------------------------------------------------===//

static void readMemory(void *to, uintptr_t from, size_t size) {
  // Other workers write memory meanwhile: aligned words are read whole.
  if (size == 4 && from % 4 == 0) {
    uint32_t value =
        __atomic_load_n(reinterpret_cast<uint32_t *>(from), __ATOMIC_RELAXED);
    memcpy(to, &value, 4);
  } else if (size == 8 && from % 8 == 0) {
    uint64_t value =
        __atomic_load_n(reinterpret_cast<uint64_t *>(from), __ATOMIC_RELAXED);
    memcpy(to, &value, 8);
  } else {
    memcpy(to, reinterpret_cast<const void *>(from), size);
  }
}

static void writeMemory(uintptr_t to, const void *from, size_t size) {
  if (size == 4 && to % 4 == 0) {
    uint32_t value;
    memcpy(&value, from, 4);
    __atomic_store_n(reinterpret_cast<uint32_t *>(to), value, __ATOMIC_RELAXED);
  } else if (size == 8 && to % 8 == 0) {
    uint64_t value;
    memcpy(&value, from, 8);
    __atomic_store_n(reinterpret_cast<uint64_t *>(to), value, __ATOMIC_RELAXED);
  } else {
    memcpy(reinterpret_cast<void *>(to), from, size);
  }
}

/// The log's length as seen after reading memory.
static uint64_t presentView() {
  std::atomic_thread_fence(std::memory_order_acquire);
  return memoryLog().length.load(std::memory_order_relaxed);
}

/// Writes `store` to memory and logs what it overwrote; the log's mutex is
/// held.
static void commit(const PendingStore &store) {
  if (Fiber *fiber = currentFiber)
    noteProgress(*fiber->block->worker);
  MemoryLog &log = memoryLog();
  uint64_t index = log.length.load(std::memory_order_relaxed);
  LogEntry &entry = log.ring[index % kLogCapacity];
  std::atomic<uint64_t> &head = log.heads[logBucket(store.address)];
  entry.address = store.address;
  entry.size = store.size;
  entry.block = store.block;
  entry.old = 0;
  entry.previous = head.load(std::memory_order_relaxed);
  head.store(index + 1, std::memory_order_relaxed);
  readMemory(&entry.old, store.address, store.size);
  // The length first: a load that sees the new bytes sees the new length.
  log.length.store(index + 1, std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_release);
  writeMemory(store.address, &store.bytes, store.size);
}

/// Collects into `chain`, oldest first, the entries of `buffer` up to
/// `last` that overlap [begin, end), and the older ones that overlap those
/// (transitively): what must become visible together, in this order.
static void collectChain(const StoreBuffer &buffer, uintptr_t begin,
                         uintptr_t end, size_t last,
                         std::vector<size_t> &chain) {
  chain.clear();
  if (!buffer.mayOverlap(begin, end))
    return;
  for (size_t k = std::min(last + 1, buffer.entries.size());
       k-- > buffer.first();) {
    const PendingStore &store = buffer.entries[k];
    if (!overlaps(store, begin, end))
      continue;
    chain.push_back(k);
    // The hull only grows.
    begin = std::min(begin, store.address);
    end = std::max(end, store.address + store.size);
  }
  std::reverse(chain.begin(), chain.end());
}

/// Writes to memory the entries of `buffer` that overlap [begin, end) (and
/// what must go first); when `below` is given (the block's buffer under a
/// thread's), its entries that overlap them go before. The log's mutex is
/// held.
static void drainOverlapping(StoreBuffer &buffer, uintptr_t begin,
                             uintptr_t end, StoreBuffer *below) {
  std::vector<size_t> chain;
  collectChain(buffer, begin, end, buffer.entries.size(), chain);
  for (size_t index : chain) {
    begin = std::min(begin, buffer.entries[index].address);
    end = std::max(end,
                   buffer.entries[index].address + buffer.entries[index].size);
  }
  if (below)
    drainOverlapping(*below, begin, end, nullptr);
  for (size_t index : chain) {
    commit(buffer.entries[index]);
    buffer.remove(index);
  }
}

/// Writes entry `index` of `buffer` (a block's or retired buffer) to
/// memory, after the older entries it overlaps. The log's mutex is held.
static void drainEntry(StoreBuffer &buffer, size_t index) {
  static thread_local std::vector<size_t> chain;
  const PendingStore &store = buffer.entries[index];
  collectChain(buffer, store.address, store.address + store.size, index, chain);
  for (size_t k : chain) {
    commit(buffer.entries[k]);
    buffer.remove(k);
  }
}

/// Moves entry `index` of a thread's buffer, after the older entries it
/// overlaps, to the end of its block's buffer: the block sees it now, and
/// the rest of the device later.
static void publishToBlock(StoreBuffer &thread, size_t index,
                           StoreBuffer &block) {
  static thread_local std::vector<size_t> chain;
  const PendingStore &store = thread.entries[index];
  collectChain(thread, store.address, store.address + store.size, index, chain);
  for (size_t k : chain) {
    block.push(thread.entries[k]);
    thread.remove(k);
  }
}

/// Writes the oldest entries of `buffer` until it holds at most `capacity`
/// (the oldest has no older store to wait for).
static void limit(StoreBuffer &buffer, size_t capacity) {
  if (buffer.size() <= capacity)
    return;
  std::lock_guard<std::mutex> lock(memoryLog().mutex);
  while (buffer.size() > capacity) {
    size_t oldest = buffer.first();
    commit(buffer.entries[oldest]);
    buffer.remove(oldest);
  }
  buffer.compact();
}

/// Writes every entry of `buffer` to memory, oldest first.
static void drainAll(StoreBuffer &buffer) {
  if (buffer.empty())
    return;
  std::lock_guard<std::mutex> lock(memoryLog().mutex);
  for (size_t i = buffer.first(); i < buffer.entries.size(); ++i)
    if (buffer.entries[i].size)
      commit(buffer.entries[i]);
  buffer.clear();
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

static Random &randomOf(Fiber &fiber) { return fiber.block->worker->random; }

/// Whether `address` is in the block's shared memory or the thread's stack,
/// which only the block sees and which the mode leaves alone.
static bool isLocal(const Fiber &fiber, uintptr_t address) {
  uintptr_t shared = reinterpret_cast<uintptr_t>(fiber.block->shared);
  if (address - shared <
      static_cast<uintptr_t>(fiber.block->launch->sharedBytes))
    return true;
  uintptr_t stack = reinterpret_cast<uintptr_t>(fiber.stack);
  return address - stack < reinterpret_cast<uintptr_t>(fiber.stackEnd) - stack;
}

static void noteStores(Fiber &fiber) {
  if (fiber.memory.listed)
    return;
  fiber.memory.listed = true;
  fiber.block->memory.withStores.push_back(&fiber);
}

/// Release at `scope`: the thread's stores become visible to the scope.
static void release(Fiber &fiber, int32_t scope) {
  if (scope < SEG_EMU_SCOPE_BLOCK)
    return;
  Block &block = *fiber.block;
  ThreadMemory &memory = fiber.memory;
  block.memory.released = std::max(block.memory.released, memory.view);
  moveAll(memory.stores, block.memory.stores);
  if (scope == SEG_EMU_SCOPE_BLOCK) {
    limit(block.memory.stores, kBlockCapacity);
    return;
  }
  // What the block sees includes what the thread has seen of it.
  drainAll(block.memory.stores);
}

/// Acquire at `scope`: the thread sees what was released to the scope.
static void acquire(Fiber &fiber, int32_t scope) {
  ThreadMemory &memory = fiber.memory;
  if (scope == SEG_EMU_SCOPE_BLOCK)
    memory.view = std::max(memory.view, fiber.block->memory.released);
  else if (scope > SEG_EMU_SCOPE_BLOCK)
    memory.view = std::max(memory.view, presentView());
}

static bool releases(int32_t order) {
  return order == SEG_EMU_ORDER_RELEASE || order == SEG_EMU_ORDER_ACQ_REL ||
         order == SEG_EMU_ORDER_SEQ_CST;
}

static bool acquires(int32_t order) {
  return order == SEG_EMU_ORDER_ACQUIRE || order == SEG_EMU_ORDER_ACQ_REL ||
         order == SEG_EMU_ORDER_SEQ_CST;
}

/// Stores up to 8 bytes inside one aligned word.
static void bufferStore(Fiber &fiber, uintptr_t address, const char *bytes,
                        uint32_t size) {
  ThreadMemory &memory = fiber.memory;
  PendingStore store;
  store.address = address;
  store.size = size;
  store.block = fiber.block->linearId;
  memcpy(&store.bytes, bytes, size);
  memory.stores.push(store);
  noteStores(fiber);
  Random &random = randomOf(fiber);
  bool full = memory.stores.size() > kThreadCapacity;
  if (!full && !random.oneIn(8))
    return;
  // The oldest store when full, else a random one, becomes visible to the
  // block.
  StoreBuffer &blockStores = fiber.block->memory.stores;
  size_t index =
      full ? memory.stores.first() : randomEntry(memory.stores, random);
  publishToBlock(memory.stores, index, blockStores);
  memory.stores.compact();
  limit(blockStores, kBlockCapacity);
}

/// Reads up to 8 bytes inside one aligned word of memory, now or (at
/// random) as they were at some time since the thread may read them.
static void loadMemory(Fiber &fiber, uintptr_t address, char *out,
                       uint32_t size) {
  ThreadMemory &memory = fiber.memory;
  MemoryLog &log = memoryLog();
  std::atomic<uint64_t> &head = log.heads[logBucket(address)];
  uint64_t &floor = floorOf(memory, address);
  uint64_t low = std::max(memory.view, floor);
  // Most loads find no write since `low` near the address, or read the
  // present at random: no lock.
  uint64_t newest = head.load(std::memory_order_acquire);
  if (newest <= low || randomOf(fiber).oneIn(2)) {
    readMemory(out, address, size);
    // The newest write near the address that this read may have seen (a
    // write updates the head before memory).
    std::atomic_thread_fence(std::memory_order_acquire);
    floor = std::max(floor, head.load(std::memory_order_relaxed));
    return;
  }
  std::lock_guard<std::mutex> lock(log.mutex);
  uint64_t now = log.length.load(std::memory_order_relaxed);
  if (now > kLogCapacity)
    low = std::max(low, now - kLogCapacity);
  uint64_t time =
      low >= now ? now : low + randomOf(fiber).next() % (now - low + 1);
  readMemory(out, address, size);
  // Undo the writes since `time`, newest first, up to one of this block's.
  uint32_t settled = 0;
  int64_t self = fiber.block->linearId;
  for (uint64_t next = head.load(std::memory_order_relaxed);
       next > time && next > low;) {
    const LogEntry &entry = log.ring[(next - 1) % kLogCapacity];
    next = entry.previous;
    if (entry.address >= address + size ||
        entry.address + entry.size <= address)
      continue;
    uintptr_t begin = std::max(address, entry.address);
    uintptr_t end = std::min(address + size, entry.address + entry.size);
    for (uintptr_t byte = begin; byte < end; ++byte) {
      uint32_t bit = uint32_t(1) << (byte - address);
      if (settled & bit)
        continue;
      if (entry.block == self)
        settled |= bit;
      else
        out[byte - address] =
            reinterpret_cast<const char *>(&entry.old)[byte - entry.address];
    }
  }
  floor = std::max(floor, time);
}

/// Lays the buffered stores that overlap [address, address + size) over
/// `out`, oldest first.
static void overlay(const StoreBuffer &buffer, uintptr_t address, char *out,
                    uint32_t size) {
  if (!buffer.mayOverlap(address, address + size))
    return;
  for (const PendingStore &store : buffer.entries) {
    if (!overlaps(store, address, address + size))
      continue;
    uintptr_t begin = std::max(address, store.address);
    uintptr_t end = std::min(address + size, store.address + store.size);
    memcpy(out + (begin - address),
           reinterpret_cast<const char *>(&store.bytes) +
               (begin - store.address),
           end - begin);
  }
}

/// A plain load of up to 8 bytes inside one aligned word.
static void loadWord(Fiber &fiber, uintptr_t address, char *out,
                     uint32_t size) {
  loadMemory(fiber, address, out, size);
  overlay(fiber.block->memory.stores, address, out, size);
  overlay(fiber.memory.stores, address, out, size);
}

/// Calls `f(address, offset, size)` for the pieces of [address, address +
/// size) inside aligned 8-byte words.
template <typename F>
static void forEachWord(uintptr_t address, size_t size, F f) {
  size_t offset = 0;
  while (offset < size) {
    uintptr_t at = address + offset;
    size_t piece = std::min<size_t>(size - offset, 8 - at % 8);
    f(at, offset, static_cast<uint32_t>(piece));
    offset += piece;
  }
}

//===----------------------------------------------------------------------===//
// Scheduler hooks
//===----------------------------------------------------------------------===//

void segir::emu::weakMemoryStartBlock(Block &block) {
  block.memory.stores.clear();
  block.memory.withStores.clear();
  block.memory.released = memoryLog().length.load(std::memory_order_acquire);
}

void segir::emu::weakMemoryStartThread(Fiber &fiber) {
  ThreadMemory &memory = fiber.memory;
  memory.stores.clear();
  memory.listed = false;
  memory.view = fiber.block->memory.released;
}

void segir::emu::weakMemoryBarrierArrive(Fiber &fiber) {
  release(fiber, SEG_EMU_SCOPE_BLOCK);
}

void segir::emu::weakMemoryBarrierLeave(Fiber &fiber) {
  acquire(fiber, SEG_EMU_SCOPE_BLOCK);
}

void segir::emu::weakMemoryPoll(Fiber &fiber) {
  Block &block = *fiber.block;
  Random &random = randomOf(fiber);
  uint64_t r = random.next();
  if (r & 3)
    return;
  // Now and then a store of the block, or of a finished block, becomes
  // visible: spinning threads see flags set without a fence eventually.
  StoreBuffer *buffer = nullptr;
  switch ((r >> 2) % 3) {
  case 0: {
    auto &withStores = block.memory.withStores;
    if (withStores.empty())
      return;
    size_t pick = (r >> 8) % withStores.size();
    Fiber *other = withStores[pick];
    StoreBuffer &stores = other->memory.stores;
    if (stores.empty()) {
      other->memory.listed = false;
      withStores[pick] = withStores.back();
      withStores.pop_back();
      return;
    }
    publishToBlock(stores, randomEntry(stores, random), block.memory.stores);
    stores.compact();
    limit(block.memory.stores, kBlockCapacity);
    return;
  }
  case 1:
    buffer = &block.memory.stores;
    break;
  default:
    buffer = &block.worker->retired;
    break;
  }
  if (buffer->empty())
    return;
  std::lock_guard<std::mutex> lock(memoryLog().mutex);
  drainEntry(*buffer, randomEntry(*buffer, random));
  buffer->compact();
}

void segir::emu::weakMemoryEndBlock(Block &block) {
  // Finished blocks' stores still become visible at random, not at once:
  // only the end of the kernel makes them visible for sure.
  StoreBuffer &retired = block.worker->retired;
  moveAll(block.memory.stores, retired);
  for (int64_t i = 0; i < block.numThreads; ++i)
    moveAll(block.fibers[i].memory.stores, retired);
  limit(retired, kRetiredCapacity);
}

void segir::emu::weakMemoryEndLaunch(Worker &worker) {
  drainAll(worker.retired);
}

//===----------------------------------------------------------------------===//
// C entry points
//===----------------------------------------------------------------------===//

/// Accesses `bytes` bytes at `address` word by word with
/// `accessWord(fiber, word, offset, size)` where the weak memory model
/// applies, else (weak mode off, no fiber, or memory local to the fiber)
/// with `plainCopy()`.
template <typename PlainCopy, typename AccessWord>
static void accessBytes(const void *address, int64_t bytes, PlainCopy plainCopy,
                        AccessWord accessWord) {
  Fiber *fiber = currentFiber;
  uintptr_t at = reinterpret_cast<uintptr_t>(address);
  if (!weakMemoryActive || !fiber || isLocal(*fiber, at)) {
    plainCopy();
    return;
  }
  forEachWord(at, bytes, [&](uintptr_t word, size_t offset, uint32_t size) {
    accessWord(*fiber, word, offset, size);
  });
}

/// Makes a synchronising operation a scheduling point of the calling fiber,
/// then returns that fiber if weak memory is active.
static Fiber *pollWeakFiber() {
  Fiber *fiber = currentFiber;
  if (!fiber)
    return nullptr;
  poll(*fiber);
  return weakMemoryActive ? fiber : nullptr;
}

extern "C" {

uint64_t segEmuLoad(const void *address, int32_t bytes) {
  uint64_t value = 0;
  segEmuLoadBytes(&value, address, bytes);
  return value;
}

void segEmuStore(void *address, uint64_t value, int32_t bytes) {
  segEmuStoreBytes(address, &value, bytes);
}

void segEmuLoadBytes(void *buffer, const void *address, int64_t bytes) {
  char *out = static_cast<char *>(buffer);
  accessBytes(
      address, bytes, [&] { memcpy(buffer, address, bytes); },
      [&](Fiber &fiber, uintptr_t word, size_t offset, uint32_t size) {
        loadWord(fiber, word, out + offset, size);
      });
  if (Fiber *fiber = currentFiber)
    noteRead(*fiber, address, buffer, static_cast<size_t>(bytes));
}

void segEmuStoreBytes(void *address, const void *buffer, int64_t bytes) {
  if (Fiber *fiber = currentFiber)
    noteProgress(*fiber->block->worker);
  const char *in = static_cast<const char *>(buffer);
  accessBytes(
      address, bytes, [&] { memcpy(address, buffer, bytes); },
      [&](Fiber &fiber, uintptr_t word, size_t offset, uint32_t size) {
        bufferStore(fiber, word, in + offset, size);
      });
}

void segEmuFence(int32_t order, int32_t scope) {
  Fiber *fiber = pollWeakFiber();
  if (!fiber)
    return;
  if (releases(order))
    release(*fiber, scope);
  if (acquires(order))
    acquire(*fiber, scope);
}

void segEmuAtomicBegin(void *address, int64_t bytes, int32_t order,
                       int32_t scope) {
  Fiber *fiber = pollWeakFiber();
  if (currentFiber)
    memcpy(&currentFiber->atomicBefore, address,
           std::min<size_t>(bytes, sizeof(uint64_t)));
  if (!fiber)
    return;
  if (releases(order))
    release(*fiber, scope);
  uintptr_t at = reinterpret_cast<uintptr_t>(address);
  if (isLocal(*fiber, at))
    return;
  // The atomic comes after the thread's (and its block's) earlier stores to
  // the same address.
  ThreadMemory &memory = fiber->memory;
  StoreBuffer &blockStores = fiber->block->memory.stores;
  if (!memory.stores.mayOverlap(at, at + bytes) &&
      !blockStores.mayOverlap(at, at + bytes))
    return;
  std::lock_guard<std::mutex> lock(memoryLog().mutex);
  drainOverlapping(memory.stores, at, at + bytes, &blockStores);
  memory.stores.compact();
  blockStores.compact();
}

void segEmuAtomicEnd(void *address, int64_t bytes, int32_t order,
                     int32_t scope) {
  Fiber *fiber = currentFiber;
  if (fiber) {
    // An atomic that leaves memory as it was (a read-modify-write of 0,
    // a failed compare-and-swap) only reads it.
    uint64_t after = 0;
    size_t size = std::min<size_t>(bytes, sizeof(uint64_t));
    memcpy(&after, address, size);
    if (memcmp(&after, &fiber->atomicBefore, size))
      noteProgress(*fiber->block->worker);
    noteRead(*fiber, address, &after, size);
  }
  if (!weakMemoryActive || !fiber)
    return;
  if (acquires(order))
    acquire(*fiber, scope);
  uintptr_t at = reinterpret_cast<uintptr_t>(address);
  if (isLocal(*fiber, at))
    return;
  // Later loads of the address read no older memory than the atomic did.
  uint64_t &floor = floorOf(fiber->memory, at);
  floor = std::max(floor, presentView());
}

void segEmuSettle(void) {
  Fiber *fiber = currentFiber;
  // An access the memory model does not see follows: it may store.
  if (fiber)
    noteProgress(*fiber->block->worker);
  if (!weakMemoryActive || !fiber)
    return;
  release(*fiber, SEG_EMU_SCOPE_SYSTEM);
  acquire(*fiber, SEG_EMU_SCOPE_SYSTEM);
}

} // extern "C"
