// Calls libsegir_cuda_runtime directly (with the fake driver): argv[1]
// selects a scenario; see runtime-api.test.
#include "segir/Runtime/CUDARuntime.h"

#include <cstdio>
#include <cstring>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  const char *mode = argv[1];
  static char image[16] = "fake cubin";
  SegirCuModule module = mgpuModuleLoad(image, sizeof(image));
  SegirCuFunction kernel = mgpuModuleGetFunction(module, "k");
  SegirCuStream stream = mgpuStreamCreate();
  if (!std::strcmp(mode, "timing")) {
    segirCudaTimingBegin();
    for (int i = 0; i < 3; ++i)
      mgpuLaunchKernel(kernel, 2, 1, 1, 128, 1, 1, 0, stream, nullptr,
                       nullptr, 0);
    mgpuStreamSynchronize(stream);
    double kernels = -1, span = -1;
    long long launches = segirCudaTimingEnd(&kernels, &span);
    // Launches outside Begin/End are not timed.
    mgpuLaunchKernel(kernel, 1, 1, 1, 1, 1, 1, 0, stream, nullptr, nullptr,
                     0);
    segirCudaTimingBegin();
    long long none = segirCudaTimingEnd(nullptr, nullptr);
    std::printf("timed %lld launches (%g ms, span %g ms), then %lld\n",
                launches, kernels, span, none);
  } else if (!std::strcmp(mode, "end-without-begin")) {
    segirCudaTimingEnd(nullptr, nullptr);
  } else if (!std::strcmp(mode, "grid")) {
    mgpuLaunchKernel(kernel, 0, 1, 1, 32, 1, 1, 0, stream, nullptr, nullptr,
                     0);
  } else if (!std::strcmp(mode, "shared")) {
    // Above 48 KiB the kernel opts in (the fake device allows 227 KiB).
    mgpuLaunchKernel(kernel, 1, 1, 1, 32, 1, 1, 100 * 1024, stream, nullptr,
                     nullptr, 0);
    std::printf("launched with 100 KiB\n");
    mgpuLaunchKernel(kernel, 1, 1, 1, 32, 1, 1, 300 * 1024, stream, nullptr,
                     nullptr, 0);
  } else if (!std::strcmp(mode, "memory")) {
    std::printf("0 bytes: %p\n", mgpuMemAlloc(0, stream, false));
    mgpuMemFree(nullptr, stream);
    int *p = static_cast<int *>(mgpuMemAlloc(64, stream, true));
    mgpuMemset32(p, 7, 16, stream);
    std::printf("managed: %d %d\n", p[0], p[15]);
    mgpuMemFree(p, stream);
    // A 4x4 view with row stride 8 is not one range of bytes.
    float data[32];
    struct {
      float *allocated, *aligned;
      long long offset, sizes[2], strides[2];
    } view = {data, data, 0, {4, 4}, {8, 1}};
    mgpuMemHostRegisterMemRef(2, &view, sizeof(float));
  } else if (!std::strcmp(mode, "device")) {
    mgpuSetDefaultDevice(1);
  }
  mgpuStreamDestroy(stream);
  mgpuModuleUnload(module);
  return 0;
}
