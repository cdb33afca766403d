/*===- EmulatorRuntime.h - C ABI of the SegIR kernel emulator -----*- C -*-===//
 *
 * Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
 *
 *===----------------------------------------------------------------------===//
 *
 * The entry points that code produced by `convert-gpu-to-seg-emulator` calls,
 * implemented by libsegir_emulator_runtime.so. Plain C so that the pass, the
 * runtime and any other caller agree on one ABI; the pass takes the function
 * names and enumerator values from here.
 *
 * A kernel becomes `void kernel(void **args)`: args[i] points to the i-th
 * kernel argument (a memref as its LLVM descriptor struct, an index as an
 * int64_t, anything else as its LLVM type). Every query and collective below
 * acts on the emulated GPU thread that calls it and reports an error when
 * called outside a kernel.
 *
 *===----------------------------------------------------------------------===*/

#ifndef SEGIR_RUNTIME_EMULATORRUNTIME_H
#define SEGIR_RUNTIME_EMULATORRUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Lanes per warp (subgroup) of the emulated device. */
#define SEG_EMU_WARP_SIZE 32

typedef void (*SegEmuKernelFn)(void **args);

/* `mode` of segEmuShuffle: the four modes of gpu.shuffle, and gpu.rotate. */
enum SegEmuShuffleMode {
  SEG_EMU_SHUFFLE_XOR = 0,
  SEG_EMU_SHUFFLE_DOWN = 1,
  SEG_EMU_SHUFFLE_UP = 2,
  SEG_EMU_SHUFFLE_IDX = 3,
  SEG_EMU_SHUFFLE_ROTATE = 4
};

/* `kind` of segEmuSubgroupReduce: the operations of gpu.subgroup_reduce. */
enum SegEmuReduceKind {
  SEG_EMU_REDUCE_ADD = 0,
  SEG_EMU_REDUCE_MUL = 1,
  SEG_EMU_REDUCE_MINSI = 2,
  SEG_EMU_REDUCE_MINUI = 3,
  SEG_EMU_REDUCE_MAXSI = 4,
  SEG_EMU_REDUCE_MAXUI = 5,
  SEG_EMU_REDUCE_AND = 6,
  SEG_EMU_REDUCE_OR = 7,
  SEG_EMU_REDUCE_XOR = 8,
  SEG_EMU_REDUCE_MINNUMF = 9,
  SEG_EMU_REDUCE_MAXNUMF = 10,
  SEG_EMU_REDUCE_MINIMUMF = 11,
  SEG_EMU_REDUCE_MAXIMUMF = 12
};

/* Runs `kernel` on a grid of grid{X,Y,Z} blocks of block{X,Y,Z} threads and
 * returns when every block has finished. Each block has staticSharedBytes of
 * shared memory for the kernel's workgroup attributions followed by
 * dynamicSharedBytes of dynamic shared memory. `name` is used in error
 * reports. */
void segEmuLaunch(SegEmuKernelFn kernel, void **args, int64_t gridX,
                  int64_t gridY, int64_t gridZ, int64_t blockX, int64_t blockY,
                  int64_t blockZ, int64_t staticSharedBytes,
                  int64_t dynamicSharedBytes, const char *name);

/* An asynchronous launch (gpu.launch_func async): starts `kernel` as
 * segEmuLaunch does and returns at once with the launch's id. Launches in
 * flight run at the same time, each on workers of its own, so that blocks of
 * kernels on different streams are resident together. A launch with the
 * argument array of one in flight waits for that one first (a launch op
 * reuses its argument slots). `scope` is the host task that launches it:
 * 0 outside async.execute bodies, else the body's segEmuBeginScope. */
int64_t segEmuLaunchAsync(SegEmuKernelFn kernel, void **args, int64_t gridX,
                          int64_t gridY, int64_t gridZ, int64_t blockX,
                          int64_t blockY, int64_t blockZ,
                          int64_t staticSharedBytes, int64_t dynamicSharedBytes,
                          const char *name, int64_t scope);

/* Waits until the asynchronous launch `launch` has finished (at once if it
 * was waited for already). Any host thread may wait for any launch. */
void segEmuWaitLaunch(int64_t launch);

/* A new host task scope (> 0): an async.execute body, which the async
 * runtime runs concurrently with the rest of the host program, waits only
 * for its own launches. */
int64_t segEmuBeginScope(void);

/* Waits until every asynchronous launch of `scope` has finished. */
void segEmuSynchronize(int64_t scope);

/* gpu.thread_id, gpu.block_id, gpu.block_dim, gpu.grid_dim; dim 0, 1, 2 is
 * x, y, z. */
int64_t segEmuThreadId(int32_t dim);
int64_t segEmuBlockId(int32_t dim);
int64_t segEmuBlockDim(int32_t dim);
int64_t segEmuGridDim(int32_t dim);

/* Warps are groups of SEG_EMU_WARP_SIZE threads by linear thread id
 * (x + y * blockX + z * blockX * blockY). */
int64_t segEmuLaneId(void);
int64_t segEmuSubgroupId(void);
int64_t segEmuNumSubgroups(void);
int64_t segEmuSubgroupSize(void);

/* The calling block's shared memory (64-byte aligned), its size, and the
 * size of its dynamic part, which ends it. */
void *segEmuSharedMemory(void);
int64_t segEmuSharedMemorySize(void);
int64_t segEmuDynamicSharedMemorySize(void);

/* gpu.barrier. `site` names the barrier in reports and identifies it: every
 * thread of the block must wait at the same site. */
void segEmuBarrier(const char *site);

/* nvvm.bar.warp.sync: the lanes of `mask` in the calling thread's warp wait
 * for each other at `site` (every one of them must be a thread of the block
 * and execute it). */
void segEmuWarpBarrier(uint32_t mask, const char *site);

/* nvvm.vote.sync ballot: the lanes of `mask` (as for segEmuWarpBarrier)
 * wait for each other at `site`, and each gets the word whose bit l is lane
 * l's `predicate` (nonzero: set) for the lanes l of `mask`, zero elsewhere. */
uint32_t segEmuBallot(int32_t predicate, uint32_t mask, const char *site);

/* gpu.shuffle (and gpu.rotate, with its offset and width) of the bit
 * pattern `value` (narrower types are zero-extended by the caller), with the
 * results the PTX of convert-gpu-to-nvvm gives; stores the `valid` result
 * (0 or 1) to `*valid` unless it is null. */
uint64_t segEmuShuffle(uint64_t value, int32_t offset, int32_t width,
                       int32_t mode, const char *site, int8_t *valid);

/* gpu.subgroup_reduce of a scalar of `bitWidth` bits, an integer or (when
 * `isFloat`) an f32/f64. clusterSize 0 means the whole warp. */
uint64_t segEmuSubgroupReduce(uint64_t value, int32_t kind, int32_t isFloat,
                              int32_t bitWidth, int32_t clusterSize,
                              int32_t clusterStride, const char *site);

/* `kind` of segEmuMmaSync: the shapes, input and accumulator types of
 * nvgpu.mma.sync (PTX mma.sync.aligned.*.row.col) that the emulator
 * executes. Inputs: TF32 (f32 registers), F16, BF16, S8 (signed 8-bit
 * integers, .satfinite as convert-nvgpu-to-nvvm emits) and F64; without a
 * suffix the accumulators are f32 (s32 for S8, f64 for F64), _F16ACC means
 * f16 accumulators. */
enum SegEmuMmaKind {
  SEG_EMU_MMA_M16N8K8_TF32 = 0,
  SEG_EMU_MMA_M16N8K16_F16 = 1,
  SEG_EMU_MMA_M16N8K16_BF16 = 2,
  SEG_EMU_MMA_M16N8K4_TF32 = 3,
  SEG_EMU_MMA_M16N8K8_F16 = 4,
  SEG_EMU_MMA_M16N8K8_BF16 = 5,
  SEG_EMU_MMA_M16N8K8_F16_F16ACC = 6,
  SEG_EMU_MMA_M16N8K16_F16_F16ACC = 7,
  SEG_EMU_MMA_M8N8K16_S8 = 8,
  SEG_EMU_MMA_M16N8K16_S8 = 9,
  SEG_EMU_MMA_M16N8K32_S8 = 10,
  SEG_EMU_MMA_M8N8K4_F64 = 11
};

/* nvgpu.mma.sync, a collective of the whole warp: D = A * B + C. `a`, `b`,
 * `c` point to the calling lane's fragment registers (its vectors flattened,
 * at most 16 bytes each) and `d` receives its fragment of D, each element
 * where the PTX ISA's fragment layout for the shape puts it. See
 * lib/Runtime/Emulator/Mma.cpp for the arithmetic (TF32 inputs are
 * truncated to 10 mantissa bits). */
void segEmuMmaSync(int32_t kind, const void *a, const void *b, const void *c,
                   void *d, const char *site);

/* gpu.subgroup_mma_compute (PTX wmma.mma.sync.aligned.m{m}n{n}k{k} with
 * f16 inputs), a collective of the whole warp: D = A * B + C, with f32
 * accumulators, or f16 ones when `accumulatorF16`. A fragment holds
 * rows * cols / 32 elements per lane: lane l the elements l * P .. l * P +
 * P - 1 of the matrix in row-major order (PTX leaves the wmma layout
 * unspecified). */
void segEmuWmmaCompute(int32_t m, int32_t n, int32_t k, int32_t accumulatorF16,
                       const void *a, const void *b, const void *c, void *d,
                       const char *site);

/* nvgpu.ldmatrix (PTX ldmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}.b16), a
 * collective of the whole warp: lane 8 * i + r (i < numTiles) passes in
 * `row` the 16 bytes of row r of matrix i, which it read at its address;
 * the other lanes' `row` is not read. Every lane receives one 32-bit word
 * per matrix in `fragment`. */
void segEmuLdmatrix(const uint32_t *row, int32_t numTiles, int32_t transpose,
                    uint32_t *fragment, const char *site);

/* A point where the calling thread may let the other threads of its block
 * run: called in every loop that may spin on memory, and before atomics and
 * fences. */
void segEmuPoll(void);

/* Memory orderings and scopes of atomics and fences, as the PTX code that
 * the GPU path emits for them has them (`order` and `scope` below). */
enum SegEmuMemoryOrder {
  SEG_EMU_ORDER_RELAXED = 0,
  SEG_EMU_ORDER_ACQUIRE = 1,
  SEG_EMU_ORDER_RELEASE = 2,
  SEG_EMU_ORDER_ACQ_REL = 3,
  SEG_EMU_ORDER_SEQ_CST = 4
};
enum SegEmuMemoryScope {
  /* The calling thread only: orders nothing for other threads. */
  SEG_EMU_SCOPE_THREAD = 0,
  /* The thread block (PTX .cta; a cluster is one block on the emulator). */
  SEG_EMU_SCOPE_BLOCK = 1,
  /* The device (PTX .gpu). */
  SEG_EMU_SCOPE_DEVICE = 2,
  /* The system (PTX .sys). */
  SEG_EMU_SCOPE_SYSTEM = 3
};

/* Plain (non-atomic, non-volatile) accesses of a kernel to memory that may
 * be global, of `bytes` bytes: up to 8 for segEmuLoad and segEmuStore (the
 * value's bytes in the low bytes of the integer), any number for the
 * *Bytes forms, which copy from or to `buffer`. Shared memory and the
 * thread's own stack are accessed directly. In the weak-memory mode a store
 * to global memory waits in the thread's store buffer and a load may read
 * an older value; otherwise both access memory at once. */
uint64_t segEmuLoad(const void *address, int32_t bytes);
void segEmuStore(void *address, uint64_t value, int32_t bytes);
void segEmuLoadBytes(void *buffer, const void *address, int64_t bytes);
void segEmuStoreBytes(void *address, const void *buffer, int64_t bytes);

/* A fence of the GPU code (which also polls, as segEmuPoll). */
void segEmuFence(int32_t order, int32_t scope);

/* Brackets an atomic access of `bytes` bytes at `address`, which the caller
 * performs on memory between the two calls: the first polls and, for a
 * release, makes the thread's earlier stores visible at `scope`; the
 * second, for an acquire, lets the thread see what was released at
 * `scope`. */
void segEmuAtomicBegin(void *address, int64_t bytes, int32_t order,
                       int32_t scope);
void segEmuAtomicEnd(void *address, int64_t bytes, int32_t order,
                     int32_t scope);

/* Makes every store of the calling thread (and its block) visible to all
 * before an access the weak-memory mode does not model, which then reads
 * and writes memory directly. */
void segEmuSettle(void);

/* A failed check (cf.assert, bounds checks) in a kernel: reports `message`
 * with the kernel, block and thread, and exits. */
void segEmuAssertFail(const char *message);

/* A check in a kernel: segEmuAssertFail(message) unless `holds` is nonzero. */
void segEmuCheck(int32_t holds, const char *message);

#ifdef __cplusplus
}
#endif

#endif /* SEGIR_RUNTIME_EMULATORRUNTIME_H */
