# Defaults of a SegIR directory built as a CMake project of its own, on
# machines with the CUDA toolkit but without LLVM/MLIR (lib/Runtime/CUDA,
# bench): C++17 and a Release build unless told otherwise.
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release)
endif()
