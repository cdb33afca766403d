//===- FakeDriver.cpp - A CUDA driver that runs nothing, for tests --------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Built as lib/fake-cuda/libcuda.so.1 and found instead of the real driver
// through LD_LIBRARY_PATH, so that the error paths of libsegir_cuda_runtime
// are tested on machines without a GPU. It implements the driver functions
// the runtime calls; none executes anything. Environment:
//   SEGIR_FAKE_CUDA_FAIL=<function>[=<CUresult>][@<n>]  that function fails
//       (with CUDA_ERROR_UNKNOWN unless a code is given), on every call or
//       only on its n-th (from 1); <function> is the name in cuda.h without
//       a _v2 suffix, e.g. cuLaunchKernel=719 or cuStreamSynchronize=700@2.
//   SEGIR_FAKE_CUDA_PAGEABLE=0  the device cannot access pageable memory.
//   SEGIR_FAKE_CUDA_POOLS=0  the device has no stream-ordered allocator.
//   SEGIR_FAKE_CUDA_STATIC_SHARED=<bytes>  every kernel's static shared
//       memory (default 0). As on the device, a launch whose static and
//       dynamic shared memory exceed 48 KiB fails with
//       CUDA_ERROR_INVALID_VALUE unless the kernel's maximum dynamic shared
//       memory was raised to its dynamic size first.
// Device memory is host memory, so memsets and copies behave. Like the real
// driver, cuInit registers an atexit handler that tears the driver down:
// every later call fails with CUDA_ERROR_DEINITIALIZED.
//
//===----------------------------------------------------------------------===//

#include "segir/Runtime/TensorMap.h"

#include <cuda.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>

namespace {

// An H100's shared memory per block with opt-in.
constexpr int kMaxSharedMemoryOptIn = 227 * 1024;

bool deinitialized = false;

CUresult outcome(const char *function) {
  if (deinitialized)
    return CUDA_ERROR_DEINITIALIZED;
  const char *spec = std::getenv("SEGIR_FAKE_CUDA_FAIL");
  if (!spec)
    return CUDA_SUCCESS;
  size_t length = std::strlen(function);
  if (std::strncmp(spec, function, length) != 0 ||
      (spec[length] != '\0' && spec[length] != '=' && spec[length] != '@'))
    return CUDA_SUCCESS;
  // Calls of the one function that can fail.
  static long calls = 0;
  ++calls;
  const char *nth = std::strchr(spec + length, '@');
  if (nth && std::atol(nth + 1) != calls)
    return CUDA_SUCCESS;
  if (spec[length] == '=')
    return static_cast<CUresult>(std::atoi(spec + length + 1));
  return CUDA_ERROR_UNKNOWN;
}

struct ErrorText {
  CUresult code;
  const char *name;
  const char *text;
};

const ErrorText errors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED",
     "driver shutting down"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
     "a PTX JIT compilation failed"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED",
     "unspecified launch failure"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

const ErrorText *lookup(CUresult code) {
  for (const ErrorText &error : errors)
    if (error.code == code)
      return &error;
  return nullptr;
}

// Distinct non-null handles.
template <typename T> T handle() {
  static uintptr_t next = 0x1000;
  next += 0x10;
  return reinterpret_cast<T>(next);
}

} // namespace

#define FAKE_FAIL(name)                                                        \
  if (CUresult result = outcome(name))                                         \
  return result

extern "C" {

CUresult cuGetErrorName(CUresult error, const char **name) {
  const ErrorText *entry = lookup(error);
  *name = entry ? entry->name : nullptr;
  return entry ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult error, const char **text) {
  const ErrorText *entry = lookup(error);
  *text = entry ? entry->text : nullptr;
  return entry ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuInit(unsigned int) {
  FAKE_FAIL("cuInit");
  static bool registered = false;
  if (!registered)
    std::atexit([] { deinitialized = true; });
  registered = true;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
  FAKE_FAIL("cuDeviceGetCount");
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  FAKE_FAIL("cuDeviceGet");
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                              CUdevice) {
  FAKE_FAIL("cuDeviceGetAttribute");
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS: {
    const char *pageable = std::getenv("SEGIR_FAKE_CUDA_PAGEABLE");
    *value = pageable ? std::atoi(pageable) : 1;
    break;
  }
  case CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED: {
    const char *pools = std::getenv("SEGIR_FAKE_CUDA_POOLS");
    *value = pools ? std::atoi(pools) : 1;
    break;
  }
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *value = kMaxSharedMemoryOptIn;
    break;
  default:
    *value = 0;
  }
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice) {
  FAKE_FAIL("cuDevicePrimaryCtxRetain");
  *context = handle<CUcontext>();
  return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent(CUcontext) {
  FAKE_FAIL("cuCtxPushCurrent");
  return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent(CUcontext *context) {
  FAKE_FAIL("cuCtxPopCurrent");
  if (context)
    *context = nullptr;
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadData(CUmodule *module, const void *) {
  FAKE_FAIL("cuModuleLoadData");
  *module = handle<CUmodule>();
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadDataEx(CUmodule *module, const void *,
                            unsigned int numOptions, CUjit_option *options,
                            void **values) {
  // A failing JIT writes its log where CU_JIT_ERROR_LOG_BUFFER says.
  if (CUresult result = outcome("cuModuleLoadDataEx")) {
    for (unsigned int i = 0; i < numOptions; ++i)
      if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
        std::strcpy(static_cast<char *>(values[i]), "fake JIT log");
    return result;
  }
  *module = handle<CUmodule>();
  return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule) {
  FAKE_FAIL("cuModuleUnload");
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule, const char *) {
  FAKE_FAIL("cuModuleGetFunction");
  *function = handle<CUfunction>();
  return CUDA_SUCCESS;
}

int staticSharedBytes() {
  const char *bytes = std::getenv("SEGIR_FAKE_CUDA_STATIC_SHARED");
  return bytes ? std::atoi(bytes) : 0;
}

// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES by kernel, where raised.
std::map<CUfunction, int> &maxDynamicShared() {
  static std::map<CUfunction, int> limits;
  return limits;
}

CUresult cuFuncGetAttribute(int *value, CUfunction_attribute attribute,
                            CUfunction) {
  FAKE_FAIL("cuFuncGetAttribute");
  *value = attribute == CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
               ? staticSharedBytes()
               : 0;
  return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction function, CUfunction_attribute attribute,
                            int value) {
  FAKE_FAIL("cuFuncSetAttribute");
  if (attribute == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) {
    if (value < 0 || staticSharedBytes() + value > kMaxSharedMemoryOptIn)
      return CUDA_ERROR_INVALID_VALUE;
    maxDynamicShared()[function] = value;
  }
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction function, unsigned int, unsigned int,
                        unsigned int, unsigned int, unsigned int, unsigned int,
                        unsigned int sharedMemBytes, CUstream, void **,
                        void **) {
  FAKE_FAIL("cuLaunchKernel");
  auto raised = maxDynamicShared().find(function);
  int limit = raised == maxDynamicShared().end()
                  ? 48 * 1024 - staticSharedBytes()
                  : raised->second;
  if (static_cast<int64_t>(sharedMemBytes) > limit)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

CUresult cuStreamCreate(CUstream *stream, unsigned int) {
  FAKE_FAIL("cuStreamCreate");
  *stream = handle<CUstream>();
  return CUDA_SUCCESS;
}

CUresult cuStreamDestroy(CUstream) {
  FAKE_FAIL("cuStreamDestroy");
  return CUDA_SUCCESS;
}

CUresult cuStreamSynchronize(CUstream) {
  FAKE_FAIL("cuStreamSynchronize");
  return CUDA_SUCCESS;
}

CUresult cuStreamWaitEvent(CUstream, CUevent, unsigned int) {
  FAKE_FAIL("cuStreamWaitEvent");
  return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *event, unsigned int) {
  FAKE_FAIL("cuEventCreate");
  *event = handle<CUevent>();
  return CUDA_SUCCESS;
}

CUresult cuEventDestroy(CUevent) {
  FAKE_FAIL("cuEventDestroy");
  return CUDA_SUCCESS;
}

CUresult cuEventRecord(CUevent, CUstream) {
  FAKE_FAIL("cuEventRecord");
  return CUDA_SUCCESS;
}

CUresult cuEventSynchronize(CUevent) {
  FAKE_FAIL("cuEventSynchronize");
  return CUDA_SUCCESS;
}

CUresult cuEventElapsedTime(float *milliseconds, CUevent, CUevent) {
  FAKE_FAIL("cuEventElapsedTime");
  *milliseconds = 0.0f;
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc(CUdeviceptr *pointer, size_t size) {
  FAKE_FAIL("cuMemAlloc");
  *pointer = reinterpret_cast<CUdeviceptr>(std::malloc(size));
  return *pointer ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuMemAllocManaged(CUdeviceptr *pointer, size_t size, unsigned int) {
  FAKE_FAIL("cuMemAllocManaged");
  *pointer = reinterpret_cast<CUdeviceptr>(std::malloc(size));
  return *pointer ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *pool, CUdevice) {
  FAKE_FAIL("cuDeviceGetDefaultMemPool");
  *pool = handle<CUmemoryPool>();
  return CUDA_SUCCESS;
}

CUresult cuMemPoolSetAttribute(CUmemoryPool, CUmemPool_attribute, void *) {
  FAKE_FAIL("cuMemPoolSetAttribute");
  return CUDA_SUCCESS;
}

CUresult cuMemAllocAsync(CUdeviceptr *pointer, size_t size, CUstream) {
  FAKE_FAIL("cuMemAllocAsync");
  *pointer = reinterpret_cast<CUdeviceptr>(std::malloc(size));
  return *pointer ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuMemFreeAsync(CUdeviceptr pointer, CUstream) {
  FAKE_FAIL("cuMemFreeAsync");
  std::free(reinterpret_cast<void *>(pointer));
  return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize() {
  FAKE_FAIL("cuCtxSynchronize");
  return CUDA_SUCCESS;
}

CUresult cuMemFree(CUdeviceptr pointer) {
  FAKE_FAIL("cuMemFree");
  std::free(reinterpret_cast<void *>(pointer));
  return CUDA_SUCCESS;
}

CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t size,
                       CUstream) {
  FAKE_FAIL("cuMemcpyAsync");
  std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
               size);
  return CUDA_SUCCESS;
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value, size_t count,
                          CUstream) {
  FAKE_FAIL("cuMemsetD32Async");
  auto *words = reinterpret_cast<uint32_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    words[i] = value;
  return CUDA_SUCCESS;
}

CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t count,
                          CUstream) {
  FAKE_FAIL("cuMemsetD16Async");
  auto *halves = reinterpret_cast<uint16_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    halves[i] = value;
  return CUDA_SUCCESS;
}

CUresult cuMemHostRegister(void *, size_t, unsigned int) {
  FAKE_FAIL("cuMemHostRegister");
  return CUDA_SUCCESS;
}

CUresult cuMemHostUnregister(void *) {
  FAKE_FAIL("cuMemHostUnregister");
  return CUDA_SUCCESS;
}

// Checks the arguments as the driver documents them; the map it encodes
// holds the data type and rank only, as nothing reads it.
CUresult cuTensorMapEncodeTiled(CUtensorMap *tensorMap,
                                CUtensorMapDataType dataType, cuuint32_t rank,
                                void *globalAddress, const cuuint64_t *dims,
                                const cuuint64_t *strides,
                                const cuuint32_t *box,
                                const cuuint32_t *elementStrides,
                                CUtensorMapInterleave interleave,
                                CUtensorMapSwizzle swizzle,
                                CUtensorMapL2promotion l2Promotion,
                                CUtensorMapFloatOOBfill oobFill) {
  FAKE_FAIL("cuTensorMapEncodeTiled");
  segir::tensormap::TiledMap map;
  if (!tensorMap ||
      segir::tensormap::tiledMapOfArguments(
          map, dataType, rank, globalAddress, dims, strides, box,
          elementStrides, interleave, swizzle, l2Promotion, oobFill))
    return CUDA_ERROR_INVALID_VALUE;
  std::memset(tensorMap, 0, sizeof *tensorMap);
  tensorMap->opaque[0] = (uint64_t(rank) << 32) | dataType;
  return CUDA_SUCCESS;
}

} // extern "C"
