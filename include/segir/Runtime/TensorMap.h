//===- TensorMap.h - Tiled tensor maps (TMA descriptors) --------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What cuTensorMapEncodeTiled accepts, shared by the CUDA runtime
// (mgpuTensorMapEncodeTiled checks its arguments before the driver does),
// the fake driver and the kernel emulator, which keeps the decoded map
// itself. Header-only and free of cuda.h: the enumerators are the values of
// CUtensorMapDataType, CUtensorMapInterleave, CUtensorMapSwizzle and
// CUtensorMapFloatOOBfill, which are also the values that upstream MLIR's
// nvgpu.tma.create.descriptor lowering passes.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_RUNTIME_TENSORMAP_H
#define SEGIR_RUNTIME_TENSORMAP_H

#include <cstdint>

namespace segir {
namespace tensormap {

constexpr uint32_t kMaxRank = 5;
/// CU_TENSOR_MAP_DATA_TYPE_UINT8 .. CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ.
constexpr uint32_t kNumDataTypes = 13;
enum Swizzle : uint32_t {
  SwizzleNone = 0,
  Swizzle32B,
  Swizzle64B,
  Swizzle128B
};
enum Interleave : uint32_t { InterleaveNone = 0, Interleave16B, Interleave32B };
enum OobFill : uint32_t { OobFillZero = 0, OobFillNaN };

/// Bytes of an element of CUtensorMapDataType `dataType` (< kNumDataTypes).
inline uint32_t elementBytes(uint32_t dataType) {
  static const uint8_t bytes[kNumDataTypes] = {1, 2, 4, 4, 8, 8, 2,
                                               4, 8, 2, 4, 4, 4};
  return bytes[dataType];
}

/// Whether `dataType` is a floating-point type (FLOAT16 and later).
inline bool isFloat(uint32_t dataType) { return dataType >= 6; }

/// Bytes of the span a swizzle mode permutes 16-byte chunks within.
inline uint32_t swizzleBytes(uint32_t swizzle) {
  return swizzle == SwizzleNone ? 0 : 16u << swizzle;
}

/// A tiled tensor map, dimension 0 innermost, as cuTensorMapEncodeTiled
/// takes it.
struct TiledMap {
  uint32_t dataType = 0;
  uint32_t rank = 0;
  const void *address = nullptr;
  uint64_t dims[kMaxRank] = {};
  /// Bytes between consecutive indices of dimension i + 1 (strides[0] is
  /// the stride of dimension 1).
  uint64_t strides[kMaxRank - 1] = {};
  uint32_t box[kMaxRank] = {};
  uint32_t elementStrides[kMaxRank] = {};
  uint32_t interleave = InterleaveNone;
  uint32_t swizzle = SwizzleNone;
  uint32_t l2Promotion = 0;
  uint32_t oobFill = OobFillZero;
};

/// Why the driver rejects `map` (CUDA_ERROR_INVALID_VALUE), or null when it
/// accepts it. The rules of the CUDA driver API's cuTensorMapEncodeTiled.
inline const char *checkTiledMap(const TiledMap &map) {
  if (map.dataType >= kNumDataTypes)
    return "unknown tensor data type";
  if (map.rank < 1 || map.rank > kMaxRank)
    return "the rank must be in [1, 5]";
  if (map.interleave > Interleave32B)
    return "unknown interleave layout";
  if (map.interleave != InterleaveNone && map.rank < 3)
    return "an interleaved layout needs a rank of at least 3";
  if (map.swizzle > Swizzle128B)
    return "unknown swizzle mode";
  if (map.l2Promotion > 3)
    return "unknown L2 promotion";
  if (map.oobFill > OobFillNaN)
    return "unknown out-of-bounds fill";
  if (map.oobFill == OobFillNaN && !isFloat(map.dataType))
    return "NaN fill needs a floating-point data type";
  uintptr_t alignment = map.interleave == Interleave32B ? 32 : 16;
  if (!map.address || reinterpret_cast<uintptr_t>(map.address) % alignment)
    return "the global address must be 16-byte aligned (32 with 32-byte "
           "interleave)";
  uint32_t bytes = elementBytes(map.dataType);
  for (uint32_t i = 0; i < map.rank; ++i) {
    if (map.dims[i] == 0 || map.dims[i] > (uint64_t(1) << 32))
      return "every global dimension must be in [1, 2^32]";
    if (map.box[i] == 0 || map.box[i] > 256)
      return "every box dimension must be in [1, 256]";
    if (map.elementStrides[i] == 0 || map.elementStrides[i] > 8)
      return "every element stride must be in [1, 8]";
  }
  for (uint32_t i = 0; i + 1 < map.rank; ++i)
    if (map.strides[i] % 16 || map.strides[i] >= (uint64_t(1) << 40))
      return "every global stride must be a multiple of 16 below 2^40";
  if (map.interleave == InterleaveNone) {
    uint64_t innerBytes = uint64_t(map.box[0]) * bytes;
    if (innerBytes % 16)
      return "the inner box dimension must span a multiple of 16 bytes";
    if (map.swizzle != SwizzleNone && innerBytes > swizzleBytes(map.swizzle))
      return "the inner box dimension must span at most the swizzle's bytes";
  }
  return nullptr;
}

/// The byte offset within a box in shared memory at which the 16-byte chunk
/// holding plain offset `offset` lands under `swizzle`: chunk bits [4, 7)
/// are XORed with the row bits above the swizzle span ("Tensor swizzle
/// modes" in the PTX ISA; the box starts 1024-byte aligned for 128B).
inline uint64_t swizzleOffset(uint64_t offset, uint32_t swizzle) {
  if (swizzle == SwizzleNone)
    return offset;
  // 32B: bits [4,5) ^= bits [7,8); 64B: [4,6) ^= [7,9); 128B: [4,7) ^= [7,10).
  uint64_t mask = (uint64_t(1) << swizzle) - 1;
  return offset ^ (((offset >> 7) & mask) << 4);
}

/// `map` from cuTensorMapEncodeTiled's arguments; returns why the driver
/// rejects them, or null.
inline const char *
tiledMapOfArguments(TiledMap &map, uint32_t dataType, uint32_t rank,
                    const void *address, const uint64_t *dims,
                    const uint64_t *strides, const uint32_t *box,
                    const uint32_t *elementStrides, uint32_t interleave,
                    uint32_t swizzle, uint32_t l2Promotion, uint32_t oobFill) {
  if (rank < 1 || rank > kMaxRank)
    return "the rank must be in [1, 5]";
  if (!dims || !box || !elementStrides || (rank > 1 && !strides))
    return "missing dimension, stride or box array";
  map.dataType = dataType;
  map.rank = rank;
  map.address = address;
  for (uint32_t i = 0; i < rank; ++i) {
    map.dims[i] = dims[i];
    map.box[i] = box[i];
    map.elementStrides[i] = elementStrides[i];
    if (i + 1 < rank)
      map.strides[i] = strides[i];
  }
  map.interleave = interleave;
  map.swizzle = swizzle;
  map.l2Promotion = l2Promotion;
  map.oobFill = oobFill;
  return checkTiledMap(map);
}

/// The map that upstream MLIR's nvgpu.tma.create.descriptor asks for
/// (mgpuTensorMapEncodeTiledMemref): the whole of the ranked memref whose
/// descriptor {allocated, aligned, offset, sizes[rank], strides[rank]} is at
/// `descriptor`, with the box `boxDims` in the memref's order (outermost
/// first) and unit element strides. Returns why it cannot be made (an
/// inner dimension that is not contiguous, a negative size or stride), or
/// null; checkTiledMap then checks the rest.
inline const char *tiledMapOfMemRef(TiledMap &map, int64_t rank,
                                    const void *descriptor, int64_t dataType,
                                    int64_t interleave, int64_t swizzle,
                                    int64_t l2Promotion, int64_t oobFill,
                                    const int64_t *boxDims) {
  if (rank < 1 || rank > int64_t(kMaxRank))
    return "the rank must be in [1, 5]";
  if (dataType < 0 || dataType >= int64_t(kNumDataTypes))
    return "unknown tensor data type";
  struct Prefix {
    char *allocated;
    char *aligned;
    int64_t offset;
    int64_t sizesAndStrides[2 * kMaxRank];
  };
  const auto *memref = static_cast<const Prefix *>(descriptor);
  const int64_t *sizes = memref->sizesAndStrides;
  const int64_t *strides = sizes + rank;
  uint32_t bytes = elementBytes(uint32_t(dataType));
  map.dataType = uint32_t(dataType);
  map.rank = uint32_t(rank);
  map.address = memref->aligned + memref->offset * int64_t(bytes);
  if (strides[rank - 1] != 1)
    return "the innermost dimension of the memref must be contiguous";
  for (int64_t i = 0; i < rank; ++i) {
    int64_t d = rank - 1 - i;
    if (sizes[d] < 0 || strides[d] < 0 || boxDims[d] < 0)
      return "negative size, stride or box dimension";
    map.dims[i] = uint64_t(sizes[d]);
    map.box[i] = uint32_t(boxDims[d] > 0xffffffff ? 0 : boxDims[d]);
    map.elementStrides[i] = 1;
    if (i > 0)
      map.strides[i - 1] = uint64_t(strides[d]) * bytes;
  }
  map.interleave = uint32_t(interleave);
  map.swizzle = uint32_t(swizzle);
  map.l2Promotion = uint32_t(l2Promotion);
  map.oobFill = uint32_t(oobFill);
  if (interleave < 0 || swizzle < 0 || l2Promotion < 0 || oobFill < 0)
    return "negative enumerator";
  return nullptr;
}

} // namespace tensormap
} // namespace segir

#endif // SEGIR_RUNTIME_TENSORMAP_H
