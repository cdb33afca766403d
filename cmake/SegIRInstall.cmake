# Installation of SegIR as a CMake package: headers (with the generated
# .inc files), libraries, seg-opt, the plugin, the Python package and
# SegIRConfig.cmake, so that other projects can find_package(SegIR).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
# Where add_mlir_library puts SegIR's libraries; everything else follows.
set(SEGIR_INSTALL_LIBDIR lib${LLVM_LIBDIR_SUFFIX})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/segir
                  ${PROJECT_SOURCE_DIR}/include/segir-c
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/segir
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.inc")

# add_mlir_library installs SegIR's libraries into the export set
# MLIRTargets (LLVM's convention, here holding only SegIR's targets); the
# targets defined with plain CMake join it.
# Installed binaries find SegIR's libraries next to them and MLIR's where
# they were built against.
set_target_properties(seg-opt SegIRCAPI SegIRMLIRCAPI SegIRPlugin PROPERTIES
  INSTALL_RPATH "\$ORIGIN/../${SEGIR_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}")

install(TARGETS SegIRCAPI SegIRMLIRCAPI segir_emulator_runtime
  EXPORT MLIRTargets
  LIBRARY DESTINATION ${SEGIR_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${SEGIR_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS SegIRPlugin LIBRARY DESTINATION ${SEGIR_INSTALL_LIBDIR})
install(TARGETS seg-opt RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(SEGIR_CMAKE_DIR ${SEGIR_INSTALL_LIBDIR}/cmake/segir)
install(EXPORT MLIRTargets
  NAMESPACE SegIR::
  FILE SegIRTargets.cmake
  DESTINATION ${SEGIR_CMAKE_DIR})
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/SegIRConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/SegIRConfig.cmake
  INSTALL_DESTINATION ${SEGIR_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR SEGIR_INSTALL_LIBDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/SegIRConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/SegIRConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/SegIRConfigVersion.cmake
  DESTINATION ${SEGIR_CMAKE_DIR})

# The Python package, with the location of libSegIRCAPI.so relative to it
# (<prefix>/lib/python3/site-packages/segir -> <prefix>/lib).
set(SEGIR_PYTHON_DIR ${SEGIR_INSTALL_LIBDIR}/python3/site-packages)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/segir
  DESTINATION ${SEGIR_PYTHON_DIR}
  PATTERN "__pycache__" EXCLUDE)
file(WRITE ${PROJECT_BINARY_DIR}/cmake/segir_config.py
  "import os\n"
  "LIBRARY_DIR = os.path.normpath(os.path.join(os.path.dirname(__file__), "
  "\"..\", \"..\", \"..\"))\n")
install(FILES ${PROJECT_BINARY_DIR}/cmake/segir_config.py
  DESTINATION ${SEGIR_PYTHON_DIR}/segir RENAME _config.py)
# lit substitutions (seg-opt, %run-cpu, %run-emu) for users' test suites.
install(FILES ${PROJECT_SOURCE_DIR}/python/segir_lit.py
  DESTINATION ${SEGIR_PYTHON_DIR})
