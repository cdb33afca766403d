// reference_sgemm.cu - a reference SIMT SGEMM for the kernel report.
//
// C = A B, row-major f32, written the way register-tiled GEMMs on CUDA cores
// are usually written by hand (the design of CUTLASS's SIMT kernels): a
// 128 x 128 block tile and a k-tile of 8, 256 threads with an 8 x 8 register
// tile each, split into two 4 x 4 quadrants 64 rows and columns apart so that
// every shared-memory read is a conflict-free 128-bit load, shared memory
// double-buffered and the next k-tile's global loads held in registers
// during the current one, one barrier per k-tile.
//
// It is a yardstick for the machine code of SegIR's tiled matrix product
// (utils/kernel-report.py compiles it with nvcc in the same run), not a
// library kernel: it takes full tiles only (M and N multiples of 128, K a
// multiple of 8, so every row is 16-byte aligned), the 4096^3 case of the
// report, and has no bounds checks at all. SegIR's kernel serves every shape.

constexpr int kTileM = 128;
constexpr int kTileN = 128;
constexpr int kTileK = 8;
constexpr int kThreads = 256;
// Rows of the transposed A tile are padded by 4 floats, so that the 4
// scalar stores that transpose a thread's float4 hit distinct banks and the
// 128-bit reads stay aligned.
constexpr int kPaddedM = kTileM + 4;

// Two blocks per SM: at most 128 registers per thread.
extern "C" __global__ void __launch_bounds__(kThreads, 2)
    reference_sgemm_f32(int m, int n, int k, const float *__restrict__ a,
                        const float *__restrict__ b, float *__restrict__ c) {
  __shared__ __align__(16) float aTile[2][kTileK][kPaddedM];
  __shared__ __align__(16) float bTile[2][kTileK][kTileN];

  const int tid = threadIdx.x;
  const int rowBase = blockIdx.y * kTileM;
  const int colBase = blockIdx.x * kTileN;

  // Global loads: one float4 of A (row tid / 2, k (tid % 2) * 4) and one of
  // B (k tid / 32, column (tid % 32) * 4) per thread and k-tile.
  const int aRow = tid / 2, aK = (tid % 2) * 4;
  const int bK = tid / 32, bCol = (tid % 32) * 4;
  const float *aNext = a + (size_t)(rowBase + aRow) * k + aK;
  const float *bNext = b + (size_t)bK * n + colBase + bCol;

  // The thread's 8 x 8 tile: rows ty * 4 + {0..3} and 64 + ty * 4 + {0..3},
  // columns likewise with tx.
  const int ty = tid / 16, tx = tid % 16;

  float4 aLoad = *reinterpret_cast<const float4 *>(aNext);
  float4 bLoad = *reinterpret_cast<const float4 *>(bNext);
  auto store = [&](int buffer) {
    aTile[buffer][aK + 0][aRow] = aLoad.x;
    aTile[buffer][aK + 1][aRow] = aLoad.y;
    aTile[buffer][aK + 2][aRow] = aLoad.z;
    aTile[buffer][aK + 3][aRow] = aLoad.w;
    *reinterpret_cast<float4 *>(&bTile[buffer][bK][bCol]) = bLoad;
  };
  store(0);
  __syncthreads();

  float acc[8][8] = {};
  auto multiply = [&](int buffer) {
#pragma unroll
    for (int kk = 0; kk < kTileK; ++kk) {
      const float4 a0 =
          *reinterpret_cast<const float4 *>(&aTile[buffer][kk][ty * 4]);
      const float4 a1 =
          *reinterpret_cast<const float4 *>(&aTile[buffer][kk][64 + ty * 4]);
      const float4 b0 =
          *reinterpret_cast<const float4 *>(&bTile[buffer][kk][tx * 4]);
      const float4 b1 =
          *reinterpret_cast<const float4 *>(&bTile[buffer][kk][64 + tx * 4]);
      const float av[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float bv[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
          acc[i][j] = fmaf(av[i], bv[j], acc[i][j]);
    }
  };
  int buffer = 0;
  for (int k0 = kTileK; k0 < k; k0 += kTileK) {
    aNext += kTileK;
    bNext += (size_t)kTileK * n;
    aLoad = *reinterpret_cast<const float4 *>(aNext);
    bLoad = *reinterpret_cast<const float4 *>(bNext);
    multiply(buffer);
    // The other buffer was last read before the previous barrier.
    store(buffer ^ 1);
    __syncthreads();
    buffer ^= 1;
  }
  multiply(buffer);

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = rowBase + (i < 4 ? ty * 4 + i : 64 + ty * 4 + i - 4);
    float *out = c + (size_t)row * n + colBase;
    *reinterpret_cast<float4 *>(out + tx * 4) =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4 *>(out + 64 + tx * 4) =
        make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}
