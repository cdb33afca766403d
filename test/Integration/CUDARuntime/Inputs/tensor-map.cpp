// Calls libsegir_cuda_runtime's tensor-map entry points directly (with the
// fake driver): argv[1] selects a scenario; see tensor-map.test.
#include "segir/Runtime/CUDARuntime.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace {
// CU_TENSOR_MAP_DATA_TYPE_FLOAT32, _INT32, CU_TENSOR_MAP_SWIZZLE_128B.
constexpr int32_t kFloat32 = 7, kInt32 = 3, kSwizzle128B = 3;

// A ranked memref descriptor of rank 2.
struct MemRef2 {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
};

alignas(128) float data[64 * 40];

int encode(uint32_t rank, void *address, uint64_t inner, uint64_t stride,
           uint32_t boxInner, uint32_t boxOuter, int32_t type, int32_t swizzle,
           int32_t oob) {
  alignas(64) unsigned char map[128];
  uint64_t dims[2] = {inner, 64};
  uint64_t strides[1] = {stride};
  uint32_t box[2] = {boxInner, boxOuter};
  uint32_t elementStrides[2] = {1, 1};
  return mgpuTensorMapEncodeTiled(map, type, rank, address, dims, strides, box,
                                  elementStrides, 0, swizzle, 0, oob);
}
} // namespace

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  const char *mode = argv[1];
  if (!std::strcmp(mode, "checks")) {
    // Each call prints the CUresult; rejected ones also say why on stderr.
    std::printf("valid %d\n", encode(2, data, 40, 160, 32, 8, kFloat32, 0, 0));
    std::printf("swizzle128 %d\n",
                encode(2, data, 40, 160, 32, 8, kFloat32, kSwizzle128B, 0));
    std::printf("rank %d\n", encode(6, data, 40, 160, 32, 8, kFloat32, 0, 0));
    std::printf("misaligned %d\n",
                encode(2, data + 1, 40, 160, 32, 8, kFloat32, 0, 0));
    std::printf("stride %d\n", encode(2, data, 40, 100, 32, 8, kFloat32, 0, 0));
    std::printf("box %d\n", encode(2, data, 40, 160, 32, 300, kFloat32, 0, 0));
    std::printf("inner %d\n", encode(2, data, 40, 160, 3, 8, kFloat32, 0, 0));
    std::printf("span %d\n",
                encode(2, data, 40, 160, 64, 8, kFloat32, kSwizzle128B, 0));
    std::printf("nan-int %d\n", encode(2, data, 40, 160, 32, 8, kInt32, 0, 1));
    std::printf("null %d\n", mgpuTensorMapEncodeTiled(
                                 nullptr, kFloat32, 1, data, nullptr, nullptr,
                                 nullptr, nullptr, 0, 0, 0, 0));
  } else if (!std::strcmp(mode, "memref")) {
    MemRef2 memref = {data, data, 0, {64, 40}, {40, 1}};
    int64_t box[2] = {8, 32};
    void *map =
        mgpuTensorMapEncodeTiledMemref(2, &memref, kFloat32, 0, 0, 0, 0, box);
    std::printf("memref map %s\n", map ? "allocated" : "null");
  } else if (!std::strcmp(mode, "memref-strided")) {
    // The inner dimension of a transposed view is not contiguous.
    MemRef2 memref = {data, data, 0, {40, 64}, {1, 40}};
    int64_t box[2] = {8, 32};
    mgpuTensorMapEncodeTiledMemref(2, &memref, kFloat32, 0, 0, 0, 0, box);
  } else if (!std::strcmp(mode, "memref-box")) {
    MemRef2 memref = {data, data, 0, {64, 40}, {40, 1}};
    int64_t box[2] = {8, 512};
    mgpuTensorMapEncodeTiledMemref(2, &memref, kFloat32, 0, 0, 0, 0, box);
  }
  return 0;
}
