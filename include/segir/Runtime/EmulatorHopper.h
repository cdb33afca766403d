/*===- EmulatorHopper.h - Hopper entry points of the emulator ----*- C -*-===//
 *
 * Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
 *
 *===----------------------------------------------------------------------===//
 *
 * What `convert-gpu-to-seg-emulator` turns upstream's Hopper nvgpu ops and
 * their NVVM forms into (tensor maps, mbarriers, TMA bulk tensor copies, the
 * async proxy fence and wgmma), implemented by libsegir_emulator_runtime.so
 * (lib/Runtime/Emulator/Hopper.cpp, Wgmma.cpp). `site` is the op and its
 * location, for reports. Every function but segEmuTensorMapEncodeTiled acts
 * on the calling emulated GPU thread.
 *
 *===----------------------------------------------------------------------===*/

#ifndef SEGIR_RUNTIME_EMULATORHOPPER_H
#define SEGIR_RUNTIME_EMULATORHOPPER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* nvgpu.tma.create.descriptor on the host: the arguments of upstream's
 * mgpuTensorMapEncodeTiledMemref (a ranked memref descriptor, the
 * CUtensorMap* enumerators, the box in memref order). Returns the map, which
 * lives as long as the program; a map the driver would reject is reported
 * and ends the program. */
void *segEmuTensorMapEncodeTiled(int64_t rank, void *descriptor,
                                 int64_t dataType, int64_t interleave,
                                 int64_t swizzle, int64_t l2Promotion,
                                 int64_t oobFill, int64_t *boxDims,
                                 const char *site);

/* nvgpu.mbarrier.create: `count` mbarriers of the calling block, the same
 * for every thread of the block that executes the op at `site`. */
void *segEmuMbarrierCreate(int64_t count, const char *site);
/* mbarrier.init: expects `count` arrivals per phase, starts phase 0. */
void segEmuMbarrierInit(void *barrier, int64_t count, const char *site);
/* mbarrier.arrive (count 1), .arrive.nocomplete (count n, `mayComplete` 0)
 * and .arrive.expect_tx (count 1 after expecting `txBytes`): returns the
 * token of the phase arrived at. */
int64_t segEmuMbarrierArrive(void *barrier, int64_t count, int64_t txBytes,
                             int32_t mayComplete, const char *site);
/* mbarrier.inval: the mbarrier is no longer one until the next init. */
void segEmuMbarrierInval(void *barrier, const char *site);
/* mbarrier.expect_tx (`txBytes` > 0) and mbarrier.complete_tx (< 0): adds
 * `txBytes` transaction bytes to the current phase, which completes if
 * nothing is pending any more. */
void segEmuMbarrierAddTx(void *barrier, int64_t txBytes, const char *site);
/* mbarrier.test.wait: whether the phase of `token` has completed. */
int32_t segEmuMbarrierTestWait(void *barrier, int64_t token, const char *site);
/* mbarrier.test.wait.parity: whether the phase of parity `parity` has
 * completed (the current phase has the other parity). */
int32_t segEmuMbarrierTestWaitParity(void *barrier, int32_t parity,
                                     const char *site);
/* mbarrier.try_wait.parity as upstream lowers it (a loop until it holds): waits
 * until the phase of parity `parity` has completed. */
void segEmuMbarrierTryWaitParity(void *barrier, int32_t parity,
                                 const char *site);

/* cp.async.bulk.tensor: a box at `coordinates` (innermost first, `rank` of
 * them) of the map, between global memory and the block's shared memory at
 * `shared`. A load completes its bytes as transactions on `barrier`; a store
 * joins the thread's open bulk async-group. */
void segEmuTmaLoad(void *shared, void *barrier, const void *map,
                   const int64_t *coordinates, int32_t rank, const char *site);
void segEmuTmaStore(const void *shared, const void *map,
                    const int64_t *coordinates, int32_t rank, const char *site);
/* cp.async.bulk.commit_group and cp.async.bulk.wait_group `pending`. */
void segEmuBulkCommitGroup(const char *site);
void segEmuBulkWaitGroup(int32_t pending, const char *site);
/* fence.proxy.async (shared memory): the generic proxy's writes to shared
 * memory become visible to the async proxy (TMA stores, wgmma). */
void segEmuFenceProxyAsync(const char *site);
/* setmaxnreg.{inc,dec}.sync.aligned.u32 `count` (`increase` 1 for inc): the
 * registers are not modelled, so it only checks the rules the GPU relies on:
 * every lane of the warp executes it with the same count, and every warp of
 * the warpgroup (which the block must hold whole) executes the same
 * setmaxnreg, in the same order. */
void segEmuSetMaxRegisters(int32_t count, int32_t increase, const char *site);

/* wgmma (lib/Runtime/Emulator/Wgmma.cpp). segEmuWgmmaDescriptor encodes
 * the matrix descriptor of the shared memory at `shared` as upstream's
 * nvgpu.warpgroup.generate.descriptor does, from the tensor map's swizzle
 * (CUtensorMapSwizzle) and first dimension `tensorRows`. segEmuWgmma is one
 * wgmma.mma_async of shape m64nNkK: D = A B + D with A (64 x k) and B
 * (k x n) read through the descriptors (K-major, or MN-major where
 * `transposeA`/`transposeB` is 1), D the calling thread's n / 2 f32
 * registers at `accumulator`. It joins the thread's open wgmma group,
 * which segEmuWgmmaCommitGroup closes; segEmuWgmmaWaitGroup performs the
 * oldest groups until at most `pending` remain. */
enum SegEmuWgmmaKind {
  SEG_EMU_WGMMA_F16 = 0,
  SEG_EMU_WGMMA_BF16 = 1,
  SEG_EMU_WGMMA_TF32 = 2,
};
uint64_t segEmuWgmmaDescriptor(const void *shared, int32_t swizzle,
                               int64_t tensorRows, const char *site);
void segEmuWgmma(int32_t kind, int32_t m, int32_t n, int32_t k,
                 uint64_t descriptorA, uint64_t descriptorB, int32_t transposeA,
                 int32_t transposeB, float *accumulator, const char *site);
void segEmuWgmmaCommitGroup(const char *site);
void segEmuWgmmaWaitGroup(int32_t pending, const char *site);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SEGIR_RUNTIME_EMULATORHOPPER_H */
