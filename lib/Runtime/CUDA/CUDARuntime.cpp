//===- CUDARuntime.cpp - The mgpu* entry points over the CUDA driver ------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Implements include/segir/Runtime/CUDARuntime.h. Every driver call goes
// through check(): a failure is reported on stderr and ends the process,
// since the host code that calls these functions has no way to observe an
// error and would otherwise print results computed from garbage.
//
//===----------------------------------------------------------------------===//

#include "segir/Runtime/CUDARuntime.h"
#include "segir/Runtime/TensorMap.h"

#include <cuda.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#define SEGIR_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

struct TimedLaunch {
  CUevent start;
  CUevent end;
};

// Process-wide state; the mutex guards everything but the context handle,
// which is written once under std::call_once.
struct RuntimeState {
  std::mutex mutex;
  std::once_flag contextOnce;
  CUcontext context = nullptr;
  CUdevice device = 0;
  int requestedDevice = 0;
  int contextDevice = -1;
  int pageableMemoryAccess = -1;
  // Kernel names by function handle, for error messages.
  std::unordered_map<CUfunction, std::string> functionNames;
  // Per kernel, asked of the driver once: the static shared memory ptxas
  // allocated, and the dynamic shared memory the kernel opted in to.
  std::unordered_map<CUfunction, int> staticSharedBytes;
  std::unordered_map<CUfunction, int> optedInSharedBytes;
  // The last kernel launched on each live stream: an asynchronous fault
  // surfaces at the next synchronisation and is attributed to it.
  std::unordered_map<CUstream, std::string> lastKernel;
  bool timing = false;
  std::vector<TimedLaunch> timedLaunches;
  // Streams given back by mgpuStreamDestroy, handed out again by
  // mgpuStreamCreate: the host code of seg-to-nvvm creates and destroys
  // streams around every launch, allocation and copy, and the driver's
  // creation and destruction cost more than the small kernels they order.
  std::vector<CUstream> idleStreams;
  // Device memory from the device's default pool (stream-ordered
  // allocation), which keeps freed memory for the next allocation instead
  // of a synchronous cuMemFree and a fresh cuMemAlloc per call.
  std::once_flag poolOnce;
  bool pool = false;
  std::unordered_set<CUdeviceptr> poolAllocations;
  // Set by an atexit handler registered after cuInit, so that it runs before
  // the driver's own teardown and before the global destructors.
  std::atomic<bool> exiting{false};
};

RuntimeState &state() {
  static RuntimeState *s = new RuntimeState(); // Never destroyed: unload
                                               // functions run in dtors.
  return *s;
}

std::string errorName(CUresult result) {
  const char *name = nullptr;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    return "CUresult " + std::to_string(static_cast<int>(result));
  return name;
}

const char *errorString(CUresult result) {
  const char *text = nullptr;
  if (cuGetErrorString(result, &text) != CUDA_SUCCESS || !text)
    return "no description";
  return text;
}

[[noreturn]] void fail(CUresult result, const char *call, const char *entry,
                       const std::string &context) {
  // What the program printed so far comes before the report.
  std::fflush(stdout);
  std::fprintf(stderr,
               "segir-cuda-runtime: error: %s failed with %s (%s) in %s%s\n",
               call, errorName(result).c_str(), errorString(result), entry,
               context.c_str());
  RuntimeState &s = state();
  if ((result == CUDA_ERROR_ILLEGAL_ADDRESS ||
       result == CUDA_ERROR_INVALID_VALUE) &&
      s.pageableMemoryAccess == 0)
    std::fprintf(stderr,
                 "segir-cuda-runtime: note: device %d cannot access pageable "
                 "host memory (CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = "
                 "0), but kernels compiled by seg-to-nvvm read and write the "
                 "host's memrefs directly unless it runs with "
                 "stage-host-memory=true\n",
                 s.contextDevice);
  std::fflush(stderr);
  std::exit(1);
}

void check(CUresult result, const char *call, const char *entry,
           const std::string &context = std::string()) {
  if (result != CUDA_SUCCESS)
    fail(result, call, entry, context);
}

#define CHECK(expr) check((expr), #expr, __func__)
#define CHECK_CTX(expr, ctx) check((expr), #expr, __func__, (ctx))

[[noreturn]] void failUsage(const char *entry, const std::string &message) {
  std::fflush(stdout);
  std::fprintf(stderr, "segir-cuda-runtime: error: %s: %s\n", entry,
               message.c_str());
  std::fflush(stderr);
  std::exit(1);
}

void createPrimaryContext() {
  RuntimeState &s = state();
  CHECK(cuInit(0));
  int count = 0;
  CHECK(cuDeviceGetCount(&count));
  if (s.requestedDevice < 0 || s.requestedDevice >= count)
    failUsage("mgpuSetDefaultDevice",
              "device " + std::to_string(s.requestedDevice) +
                  " does not exist (" + std::to_string(count) +
                  " CUDA devices)");
  CHECK(cuDeviceGet(&s.device, s.requestedDevice));
  CHECK(cuDeviceGetAttribute(&s.pageableMemoryAccess,
                             CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS,
                             s.device));
  CHECK(cuDevicePrimaryCtxRetain(&s.context, s.device));
  s.contextDevice = s.requestedDevice;
  std::atexit([] { state().exiting = true; });
}

// Makes the primary context current for the duration of one entry point
// and restores the caller's context afterwards.
class ScopedContext {
public:
  ScopedContext() {
    RuntimeState &s = state();
    std::call_once(s.contextOnce, createPrimaryContext);
    CHECK(cuCtxPushCurrent(s.context));
  }
  ~ScopedContext() {
    CUcontext popped = nullptr;
    CHECK(cuCtxPopCurrent(&popped));
  }
};

std::string kernelName(CUfunction function) {
  RuntimeState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.functionNames.find(function);
  return it == s.functionNames.end() ? std::string("<unknown kernel>")
                                     : it->second;
}

std::string afterKernel(CUstream stream) {
  RuntimeState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.lastKernel.find(stream);
  if (it == s.lastKernel.end())
    return std::string();
  return " (after kernel '" + it->second + "')";
}

} // namespace

//===----------------------------------------------------------------------===//
// Modules and launches
//===----------------------------------------------------------------------===//

SEGIR_EXPORT SegirCuModule mgpuModuleLoad(void *data, size_t size) {
  ScopedContext scoped;
  CUmodule module = nullptr;
  CHECK_CTX(cuModuleLoadData(&module, data),
            " (image of " + std::to_string(size) + " bytes)");
  return module;
}

SEGIR_EXPORT SegirCuModule mgpuModuleLoadJIT(void *data, int optLevel) {
  ScopedContext scoped;
  CUmodule module = nullptr;
  char log[8192] = {0};
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {log, reinterpret_cast<void *>(sizeof(log)),
                    reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  CUresult result = cuModuleLoadDataEx(&module, data, 3, options, values);
  if (result != CUDA_SUCCESS)
    fail(result, "cuModuleLoadDataEx(&module, data, 3, options, values)",
         __func__, std::string(": JIT log: ") + log);
  return module;
}

// Called from a global destructor. The driver tears itself down in an
// atexit handler that cuInit registered (in the global constructor that
// loaded the module), which runs before the global destructors: at exit the
// modules go with the driver, and calling it would fail. The runtime's own
// handler, registered just after cuInit, runs first and marks the exit.
SEGIR_EXPORT void mgpuModuleUnload(SegirCuModule module) {
  RuntimeState &s = state();
  if (s.exiting)
    return;
  ScopedContext scoped;
  CHECK(cuModuleUnload(static_cast<CUmodule>(module)));
}

SEGIR_EXPORT SegirCuFunction mgpuModuleGetFunction(SegirCuModule module,
                                                   const char *name) {
  ScopedContext scoped;
  CUfunction function = nullptr;
  CHECK_CTX(cuModuleGetFunction(&function, static_cast<CUmodule>(module), name),
            std::string(" (kernel '") + name + "')");
  RuntimeState &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.functionNames.count(function))
      return function;
  }
  int staticBytes = 0;
  CHECK_CTX(cuFuncGetAttribute(&staticBytes,
                               CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function),
            std::string(" (kernel '") + name + "')");
  std::lock_guard<std::mutex> lock(s.mutex);
  s.functionNames[function] = name;
  s.staticSharedBytes[function] = staticBytes;
  return function;
}

SEGIR_EXPORT void
mgpuLaunchKernel(SegirCuFunction functionHandle, intptr_t gridX, intptr_t gridY,
                 intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                 intptr_t blockZ, int32_t smem, SegirCuStream streamHandle,
                 void **params, void **extra, size_t paramsCount) {
  (void)paramsCount;
  ScopedContext scoped;
  RuntimeState &s = state();
  auto function = static_cast<CUfunction>(functionHandle);
  auto stream = static_cast<CUstream>(streamHandle);
  std::string name = kernelName(function);
  std::string where = " (kernel '" + name + "', grid " + std::to_string(gridX) +
                      "x" + std::to_string(gridY) + "x" +
                      std::to_string(gridZ) + ", block " +
                      std::to_string(blockX) + "x" + std::to_string(blockY) +
                      "x" + std::to_string(blockZ) + ", " +
                      std::to_string(smem) + " bytes of dynamic shared memory)";
  // Sizes beyond the driver's unsigned int would wrap silently.
  for (intptr_t size : {gridX, gridY, gridZ, blockX, blockY, blockZ})
    if (size <= 0 || size > 0xffffffffLL)
      failUsage(__func__, "launch size out of range" + where);
  if (smem < 0)
    failUsage(__func__, "negative dynamic shared memory size" + where);
  // Beyond 48 KiB of shared memory in all, the static shared memory ptxas
  // allocated and the launch's dynamic shared memory, a kernel must opt in
  // to more dynamic shared memory.
  int staticBytes, optedIn;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    staticBytes = s.staticSharedBytes[function];
    optedIn = s.optedInSharedBytes[function];
  }
  if (int64_t{staticBytes} + smem > 48 * 1024 && smem > optedIn) {
    int maxOptIn = 0;
    auto optIn = CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN;
    CHECK(cuDeviceGetAttribute(&maxOptIn, optIn, s.device));
    if (int64_t{staticBytes} + smem > maxOptIn)
      failUsage(__func__, "the device allows at most " +
                              std::to_string(maxOptIn) +
                              " bytes of shared memory per block, the kernel "
                              "has " +
                              std::to_string(staticBytes) +
                              " bytes of static shared memory" + where);
    auto maxDynamic = CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
    CHECK_CTX(cuFuncSetAttribute(function, maxDynamic, smem), where);
    std::lock_guard<std::mutex> lock(s.mutex);
    s.optedInSharedBytes[function] = smem;
  }

  bool timing;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    timing = s.timing;
    s.lastKernel[stream] = name;
  }
  TimedLaunch timed{nullptr, nullptr};
  if (timing) {
    CHECK(cuEventCreate(&timed.start, CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&timed.end, CU_EVENT_DEFAULT));
    CHECK(cuEventRecord(timed.start, stream));
  }
  auto gx = static_cast<unsigned>(gridX), gy = static_cast<unsigned>(gridY),
       gz = static_cast<unsigned>(gridZ);
  auto bx = static_cast<unsigned>(blockX), by = static_cast<unsigned>(blockY),
       bz = static_cast<unsigned>(blockZ);
  CHECK_CTX(cuLaunchKernel(function, gx, gy, gz, bx, by, bz, smem, stream,
                           params, extra),
            where);
  if (timing) {
    CHECK(cuEventRecord(timed.end, stream));
    std::lock_guard<std::mutex> lock(s.mutex);
    s.timedLaunches.push_back(timed);
  }
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

SEGIR_EXPORT SegirCuStream mgpuStreamCreate(void) {
  ScopedContext scoped;
  RuntimeState &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.idleStreams.empty()) {
      CUstream stream = s.idleStreams.back();
      s.idleStreams.pop_back();
      return stream;
    }
  }
  CUstream stream = nullptr;
  CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  return stream;
}

// Keeps the stream for the next mgpuStreamCreate. Work still queued on it
// orders that stream's next work after it, as a fresh stream's would not:
// an order, never a wrong result. The driver destroys the streams with the
// context at exit.
SEGIR_EXPORT void mgpuStreamDestroy(SegirCuStream streamHandle) {
  auto stream = static_cast<CUstream>(streamHandle);
  RuntimeState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.lastKernel.erase(stream);
  s.idleStreams.push_back(stream);
}

SEGIR_EXPORT void mgpuStreamSynchronize(SegirCuStream streamHandle) {
  ScopedContext scoped;
  auto stream = static_cast<CUstream>(streamHandle);
  CHECK_CTX(cuStreamSynchronize(stream), afterKernel(stream));
}

SEGIR_EXPORT void mgpuStreamWaitEvent(SegirCuStream stream,
                                      SegirCuEvent event) {
  ScopedContext scoped;
  CHECK(cuStreamWaitEvent(static_cast<CUstream>(stream),
                          static_cast<CUevent>(event), 0));
}

SEGIR_EXPORT SegirCuEvent mgpuEventCreate(void) {
  ScopedContext scoped;
  CUevent event = nullptr;
  CHECK(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
  return event;
}

SEGIR_EXPORT void mgpuEventDestroy(SegirCuEvent event) {
  ScopedContext scoped;
  CHECK(cuEventDestroy(static_cast<CUevent>(event)));
}

SEGIR_EXPORT void mgpuEventSynchronize(SegirCuEvent event) {
  ScopedContext scoped;
  CHECK(cuEventSynchronize(static_cast<CUevent>(event)));
}

SEGIR_EXPORT void mgpuEventRecord(SegirCuEvent event, SegirCuStream stream) {
  ScopedContext scoped;
  CHECK(cuEventRecord(static_cast<CUevent>(event),
                      static_cast<CUstream>(stream)));
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

SEGIR_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, SegirCuStream streamHandle,
                                bool isHostShared) {
  if (sizeBytes == 0)
    return nullptr;
  ScopedContext scoped;
  RuntimeState &s = state();
  CUdeviceptr pointer = 0;
  std::string what = " (" + std::to_string(sizeBytes) + " bytes)";
  if (isHostShared) {
    CHECK_CTX(cuMemAllocManaged(&pointer, sizeBytes, CU_MEM_ATTACH_GLOBAL),
              what);
    return reinterpret_cast<void *>(pointer);
  }
  std::call_once(s.poolOnce, [&s] {
    int supported = 0;
    CHECK(cuDeviceGetAttribute(
        &supported, CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, s.device));
    if (!supported)
      return;
    // Freed memory stays in the pool (by default it goes back to the
    // system at every synchronisation).
    CUmemoryPool pool = nullptr;
    CHECK(cuDeviceGetDefaultMemPool(&pool, s.device));
    cuuint64_t keepAll = ~cuuint64_t(0);
    CHECK(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                &keepAll));
    s.pool = true;
  });
  auto stream = static_cast<CUstream>(streamHandle);
  if (!s.pool || !stream) {
    CHECK_CTX(cuMemAlloc(&pointer, sizeBytes), what);
    return reinterpret_cast<void *>(pointer);
  }
  CHECK_CTX(cuMemAllocAsync(&pointer, sizeBytes, stream), what);
  std::lock_guard<std::mutex> lock(s.mutex);
  s.poolAllocations.insert(pointer);
  return reinterpret_cast<void *>(pointer);
}

SEGIR_EXPORT void mgpuMemFree(void *ptr, SegirCuStream streamHandle) {
  if (!ptr)
    return;
  ScopedContext scoped;
  RuntimeState &s = state();
  auto pointer = reinterpret_cast<CUdeviceptr>(ptr);
  bool fromPool;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    fromPool = s.poolAllocations.erase(pointer) != 0;
  }
  if (!fromPool) {
    CHECK(cuMemFree(pointer));
    return;
  }
  auto stream = static_cast<CUstream>(streamHandle);
  // Without a stream, free as cuMemFree would: after all work on the device.
  if (!stream)
    CHECK(cuCtxSynchronize());
  CHECK(cuMemFreeAsync(pointer, stream));
}

SEGIR_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                             SegirCuStream stream) {
  ScopedContext scoped;
  CHECK_CTX(cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                          reinterpret_cast<CUdeviceptr>(src), sizeBytes,
                          static_cast<CUstream>(stream)),
            " (" + std::to_string(sizeBytes) + " bytes)");
}

SEGIR_EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                               SegirCuStream stream) {
  ScopedContext scoped;
  CHECK(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                         static_cast<CUstream>(stream)));
}

SEGIR_EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count,
                               SegirCuStream stream) {
  ScopedContext scoped;
  CHECK(cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                         static_cast<CUstream>(stream)));
}

SEGIR_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  if (sizeBytes == 0)
    return;
  ScopedContext scoped;
  CHECK_CTX(cuMemHostRegister(ptr, sizeBytes, 0),
            " (" + std::to_string(sizeBytes) + " bytes)");
}

namespace {
// The prefix of a ranked memref descriptor; sizes and strides follow.
struct MemRefDescriptorPrefix {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[1];
};
} // namespace

SEGIR_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                            int64_t elementSizeBytes) {
  auto *memref = static_cast<MemRefDescriptorPrefix *>(descriptor);
  const int64_t *sizes = memref->sizesAndStrides;
  const int64_t *strides = sizes + rank;
  // Only a contiguous row-major memref is one range of bytes.
  int64_t elements = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (sizes[i] != 1 && strides[i] != elements)
      failUsage(__func__, "memref of rank " + std::to_string(rank) +
                              " is not contiguous (dimension " +
                              std::to_string(i) + " has stride " +
                              std::to_string(strides[i]) + ", expected " +
                              std::to_string(elements) + ")");
    elements *= sizes[i];
  }
  mgpuMemHostRegister(memref->aligned + memref->offset * elementSizeBytes,
                      static_cast<uint64_t>(elements * elementSizeBytes));
}

SEGIR_EXPORT void mgpuMemHostUnregister(void *ptr) {
  ScopedContext scoped;
  CHECK(cuMemHostUnregister(ptr));
}

SEGIR_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                              int64_t elementSizeBytes) {
  auto *memref = static_cast<MemRefDescriptorPrefix *>(descriptor);
  int64_t elements = 1;
  for (int64_t i = 0; i < rank; ++i)
    elements *= memref->sizesAndStrides[i];
  if (elements == 0)
    return; // Registering nothing registered nothing.
  mgpuMemHostUnregister(memref->aligned + memref->offset * elementSizeBytes);
}

SEGIR_EXPORT int32_t mgpuTensorMapEncodeTiled(
    void *tensorMap, int32_t dataType, uint32_t rank, void *globalAddress,
    const uint64_t *globalDim, const uint64_t *globalStrides,
    const uint32_t *boxDim, const uint32_t *elementStrides, int32_t interleave,
    int32_t swizzle, int32_t l2Promotion, int32_t oobFill) {
  namespace tm = segir::tensormap;
  tm::TiledMap map;
  const char *invalid =
      !tensorMap ? "no tensor map to encode into"
                 : tm::tiledMapOfArguments(
                       map, uint32_t(dataType), rank, globalAddress, globalDim,
                       globalStrides, boxDim, elementStrides,
                       uint32_t(interleave), uint32_t(swizzle),
                       uint32_t(l2Promotion), uint32_t(oobFill));
  if (invalid) {
    std::fflush(stdout);
    std::fprintf(stderr, "segir-cuda-runtime: error: %s: %s\n", __func__,
                 invalid);
    std::fflush(stderr);
    return CUDA_ERROR_INVALID_VALUE;
  }
  ScopedContext scoped;
  return cuTensorMapEncodeTiled(
      static_cast<CUtensorMap *>(tensorMap),
      static_cast<CUtensorMapDataType>(dataType), rank, globalAddress,
      globalDim, globalStrides, boxDim, elementStrides,
      static_cast<CUtensorMapInterleave>(interleave),
      static_cast<CUtensorMapSwizzle>(swizzle),
      static_cast<CUtensorMapL2promotion>(l2Promotion),
      static_cast<CUtensorMapFloatOOBfill>(oobFill));
}

SEGIR_EXPORT void *mgpuTensorMapEncodeTiledMemref(
    int64_t rank, void *descriptor, int64_t dataType, int64_t interleave,
    int64_t swizzle, int64_t l2Promotion, int64_t oobFill, int64_t *boxDims) {
  namespace tm = segir::tensormap;
  tm::TiledMap map;
  if (const char *invalid =
          tm::tiledMapOfMemRef(map, rank, descriptor, dataType, interleave,
                               swizzle, l2Promotion, oobFill, boxDims)
              ?: tm::checkTiledMap(map))
    failUsage(__func__, invalid);
  CUtensorMap encoded;
  int32_t result = mgpuTensorMapEncodeTiled(
      &encoded, int32_t(map.dataType), map.rank,
      const_cast<void *>(map.address), map.dims, map.strides, map.box,
      map.elementStrides, int32_t(map.interleave), int32_t(map.swizzle),
      int32_t(map.l2Promotion), int32_t(map.oobFill));
  CHECK_CTX(static_cast<CUresult>(result), " (cuTensorMapEncodeTiled)");
  // Kernels read the map from device memory; it lives as long as the
  // program, as with upstream's runtime.
  void *deviceMap = mgpuMemAlloc(sizeof encoded, nullptr, false);
  mgpuMemcpy(deviceMap, &encoded, sizeof encoded, nullptr);
  ScopedContext scoped;
  CHECK(cuCtxSynchronize());
  return deviceMap;
}

SEGIR_EXPORT void mgpuSetDefaultDevice(int32_t device) {
  RuntimeState &s = state();
  if (s.contextDevice >= 0 && s.contextDevice != device)
    failUsage(__func__, "device " + std::to_string(device) +
                            " requested after the context of device " +
                            std::to_string(s.contextDevice) + " was created");
  s.requestedDevice = device;
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

SEGIR_EXPORT void segirCudaTimingBegin(void) {
  RuntimeState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.timing)
    failUsage(__func__, "timing already begun");
  s.timing = true;
}

SEGIR_EXPORT int64_t segirCudaTimingEnd(double *kernelMs, double *spanMs) {
  RuntimeState &s = state();
  std::vector<TimedLaunch> launches;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.timing)
      failUsage(__func__, "timing not begun");
    s.timing = false;
    launches.swap(s.timedLaunches);
  }
  double kernels = 0.0, span = 0.0;
  if (!launches.empty()) {
    ScopedContext scoped;
    for (TimedLaunch &launch : launches) {
      CHECK(cuEventSynchronize(launch.end));
      float ms = 0.0f;
      CHECK(cuEventElapsedTime(&ms, launch.start, launch.end));
      kernels += ms;
    }
    float ms = 0.0f;
    CHECK(cuEventElapsedTime(&ms, launches.front().start, launches.back().end));
    span = ms;
    for (TimedLaunch &launch : launches) {
      CHECK(cuEventDestroy(launch.start));
      CHECK(cuEventDestroy(launch.end));
    }
  }
  if (kernelMs)
    *kernelMs = kernels;
  if (spanMs)
    *spanMs = span;
  return static_cast<int64_t>(launches.size());
}
