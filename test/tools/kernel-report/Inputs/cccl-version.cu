// A CUDA yardstick that checks, as bench/src/Cub.cu does, that it was
// compiled against the CCCL kernel-report.py found (cccl.test).
#include <cub/version.cuh>

#ifdef SEGIR_EXPECTED_CCCL_VERSION
static_assert(CCCL_VERSION == SEGIR_EXPECTED_CCCL_VERSION,
              "not compiled against the CCCL the report names");
#endif

extern "C" __global__ void cccl_version_kernel(int *out) { *out = CUB_VERSION; }
