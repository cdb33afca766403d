/*===- EmulatorAsyncCopy.h - Ampere asynchronous copies (cp.async) -*- C -*-===*
 *
 * Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
 *
 *===----------------------------------------------------------------------===*
 *
 * What `convert-gpu-to-seg-emulator` turns upstream's asynchronous copies
 * into (nvgpu.device_async_copy, device_async_create_group,
 * device_async_wait, and the NVVM forms nvvm.cp.async.shared.global,
 * cp.async.commit.group and cp.async.wait.group), implemented by
 * libsegir_emulator_runtime.so (lib/Runtime/Emulator/AsyncCopy.cpp). Each
 * acts on the calling emulated GPU thread; `site` is the op and its
 * location, for reports.
 *
 *===----------------------------------------------------------------------===*/

#ifndef SEGIR_RUNTIME_EMULATORASYNCCOPY_H
#define SEGIR_RUNTIME_EMULATORASYNCCOPY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* cp.async.{ca,cg}.shared.global: copies `bytes` (4, 8 or 16) bytes from
 * global memory at `src` to the block's shared memory at `dst`, both
 * aligned to `bytes`; only the first `srcBytes` are read, the rest are
 * zeros. The copy joins the thread's open cp.async group. `bypassL1` (.cg)
 * needs 16 bytes. */
void segEmuAsyncCopy(void *dst, const void *src, int32_t bytes,
                     int32_t srcBytes, int32_t bypassL1, const char *site);
/* cp.async.commit_group: closes the thread's open group. */
void segEmuAsyncCommitGroup(const char *site);
/* cp.async.wait_group `pending`: the copies of all but the `pending` most
 * recent closed groups of the thread have landed. */
void segEmuAsyncWaitGroup(int32_t pending, const char *site);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SEGIR_RUNTIME_EMULATORASYNCCOPY_H */
