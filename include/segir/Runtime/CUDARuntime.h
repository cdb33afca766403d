//===- CUDARuntime.h - The CUDA runtime of seg-to-nvvm programs -*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The C ABI of libsegir_cuda_runtime.so. Host code produced by seg-to-nvvm
// (through the upstream gpu-to-llvm lowering and the LLVM translation of
// gpu.binary / gpu.launch_func) calls the `mgpu*` entry points of upstream
// MLIR 22's CudaRuntimeWrappers.cpp; this library implements the same
// symbols with the same signatures over the CUDA driver API, so that a
// program runs with `mlir-runner -shared-libs=...libsegir_cuda_runtime.so`
// or links into a plain executable on a machine without LLVM.
//
// Differences from upstream, all on failure paths: every driver call is
// checked; a failure prints the call, the driver's error name and string
// and, for launches and the synchronisations after them, the kernel's name
// on stderr, and the process exits with status 1. A program therefore never
// continues past a failed allocation, copy or launch.
//
// The context is the primary context of the default device (ordinal 0, or
// the one set by mgpuSetDefaultDevice before the first call), created on
// the first call that needs it and made current around every call, as the
// CUDA runtime API does; a program may mix these calls with cudart.
//
// The `segirCudaTiming*` functions are SegIR's own: they time, with CUDA
// events, every kernel launched through mgpuLaunchKernel between Begin and
// End (used by bench/).
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_RUNTIME_CUDARUNTIME_H
#define SEGIR_RUNTIME_CUDARUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Opaque driver handles (CUmodule, CUfunction, CUstream, CUevent); the
// library passes them through unchanged.
typedef void *SegirCuModule;
typedef void *SegirCuFunction;
typedef void *SegirCuStream;
typedef void *SegirCuEvent;

// Modules. `data` is a cubin/fatbin image of `size` bytes (gpu.binary with
// format bin or fatbin); mgpuModuleLoadJIT compiles PTX (format isa) at
// `optLevel`, reporting the JIT's error log on failure.
SegirCuModule mgpuModuleLoad(void *data, size_t size);
SegirCuModule mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(SegirCuModule module);
SegirCuFunction mgpuModuleGetFunction(SegirCuModule module, const char *name);

// Launches `function` on `stream`. Sizes are intptr_t as MLIR's index type;
// `smem` bytes of dynamic shared memory (above 48 KiB the function's
// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES is raised first).
// `params` has `paramsCount` entries; `extra` is passed to cuLaunchKernel.
void mgpuLaunchKernel(SegirCuFunction function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, SegirCuStream stream,
                      void **params, void **extra, size_t paramsCount);

// Streams (non-blocking) and events (without timing). A destroyed stream is
// kept and handed out again by the next mgpuStreamCreate.
SegirCuStream mgpuStreamCreate(void);
void mgpuStreamDestroy(SegirCuStream stream);
void mgpuStreamSynchronize(SegirCuStream stream);
void mgpuStreamWaitEvent(SegirCuStream stream, SegirCuEvent event);
SegirCuEvent mgpuEventCreate(void);
void mgpuEventDestroy(SegirCuEvent event);
void mgpuEventSynchronize(SegirCuEvent event);
void mgpuEventRecord(SegirCuEvent event, SegirCuStream stream);

// Device memory. mgpuMemAlloc returns null for 0 bytes; with `isHostShared`
// the memory is managed (cuMemAllocManaged); with a stream, on a device with
// memory pools, it comes from the device's default pool in stream order
// (cuMemAllocAsync; the pool keeps freed memory), otherwise from cuMemAlloc.
// mgpuMemFree frees either kind (pool memory in order on `stream`, or after
// all work on the device without one); mgpuMemFree(null) does nothing.
// mgpuMemcpy and mgpuMemset* are asynchronous on `stream` (count elements).
void *mgpuMemAlloc(uint64_t sizeBytes, SegirCuStream stream, bool isHostShared);
void mgpuMemFree(void *ptr, SegirCuStream stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, SegirCuStream stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count,
                  SegirCuStream stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count,
                  SegirCuStream stream);

// Page-locks host memory (gpu.host_register). `descriptor` points to a
// ranked memref descriptor {allocated, aligned, offset, sizes[rank],
// strides[rank]} of a contiguous memref.
void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes);
void mgpuMemHostUnregister(void *ptr);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes);

// Selects the device of the context; only effective before the first call
// that creates it (a later different device is reported as an error).
void mgpuSetDefaultDevice(int32_t device);

// Tensor maps for TMA (nvgpu.tma.create.descriptor). mgpuTensorMapEncodeTiled
// encodes into the 128-byte `tensorMap` with cuTensorMapEncodeTiled (the
// enumerators are the driver's) and returns its CUresult: the arguments are
// checked first (include/segir/Runtime/TensorMap.h), a rejected one is
// reported on stderr and returned as CUDA_ERROR_INVALID_VALUE, nothing ends
// the process. mgpuTensorMapEncodeTiledMemref is the entry point upstream's
// lowering calls: it maps the whole ranked memref at `descriptor` with the
// box `boxDims` (memref order), copies the map into device memory and
// returns its device address; a map that cannot be encoded ends the process
// with a report, as the host code cannot observe an error.
int32_t mgpuTensorMapEncodeTiled(
    void *tensorMap, int32_t dataType, uint32_t rank, void *globalAddress,
    const uint64_t *globalDim, const uint64_t *globalStrides,
    const uint32_t *boxDim, const uint32_t *elementStrides, int32_t interleave,
    int32_t swizzle, int32_t l2Promotion, int32_t oobFill);
void *mgpuTensorMapEncodeTiledMemref(int64_t rank, void *descriptor,
                                     int64_t dataType, int64_t interleave,
                                     int64_t swizzle, int64_t l2Promotion,
                                     int64_t oobFill, int64_t *boxDims);

// Kernel timing. Between segirCudaTimingBegin and segirCudaTimingEnd, every
// launch is bracketed by two CUDA events recorded on its stream. End waits
// for the last of them and returns the number of launches; `kernelMs` gets
// the sum of the kernels' times and `spanMs` the time from the first
// kernel's start to the last one's end (kernels plus the gaps between them,
// e.g. host-side allocations); either may be null.
void segirCudaTimingBegin(void);
int64_t segirCudaTimingEnd(double *kernelMs, double *spanMs);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // SEGIR_RUNTIME_CUDARUNTIME_H
