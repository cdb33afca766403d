#!/usr/bin/env bash
# Installs what SegIR needs (Debian packages) and builds it incrementally.
# Sourced by demo.sh and test.sh; safe to run again at any time.
set -euo pipefail

SEGIR_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SEGIR_BUILD="${SEGIR_BUILD_DIR:-$SEGIR_ROOT/build}"
LLVM_PREFIX=/usr/lib/llvm-22

packages=(cmake ninja-build g++ python3 libgtest-dev libmlir-22-dev
          mlir-22-tools llvm-22-dev llvm-22-tools
          python3-numpy python3-pytest python3-pip python3-setuptools)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "== installing: ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q \
    --no-install-recommends "${missing[@]}"
fi

# Any interpreter's pip will do for the PyPI packages below (a binary and
# headers in wheels); the one of `python3`, else Debian's. pip installs
# them with --target into the build directory: no site-packages is
# touched, so Debian's externally managed Python needs no
# --break-system-packages, and root and users alike can install them.
pip_python=python3
python3 -m pip --version > /dev/null 2>&1 || pip_python=/usr/bin/python3
pip_install() { # TARGET-DIRECTORY REQUIREMENT
  "$pip_python" -m pip install --quiet --disable-pip-version-check \
    --root-user-action=ignore --no-deps --upgrade --target "$1" "$2"
}

# CUB of CCCL 3.5, the yardstick of the benchmark harness (bench/) and of
# utils/kernel-report.py: NVIDIA's header-only PyPI package
# nvidia-cuda-cccl, pinned (the CUDA toolkit's own CCCL is older). Its
# headers land in $SEGIR_BUILD/cccl/nvidia/cu13/include/cccl, which CMake
# and the report put before the toolkit's; a build configured before they
# were there is configured again.
cccl_package_version=13.3.5.0.6 # CCCL 3.5.0
cccl_dir="$SEGIR_BUILD/cccl"
if ! grep -qsx "Version: $cccl_package_version" \
    "$cccl_dir"/nvidia_cuda_cccl-*.dist-info/METADATA; then
  echo "== installing nvidia-cuda-cccl $cccl_package_version (PyPI) into $cccl_dir"
  rm -rf "$cccl_dir"
  pip_install "$cccl_dir" "nvidia-cuda-cccl==$cccl_package_version"
  if [[ -f "$SEGIR_BUILD/build.ninja" ]]; then
    cmake "$SEGIR_BUILD" > /dev/null
  fi
fi

if [[ ! -f "$SEGIR_BUILD/build.ninja" ]]; then
  echo "== configuring $SEGIR_BUILD"
  cmake -G Ninja -S "$SEGIR_ROOT" -B "$SEGIR_BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit"
fi

# nvdisasm for utils/kernel-report.py: the CUDA toolkit may ship none, so
# NVIDIA's PyPI package nvidia-cuda-nvdisasm (a binary in a wheel).
nvdisasm_dir="$SEGIR_BUILD/python-packages"
if ! compgen -G "$nvdisasm_dir/nvidia/*/bin/nvdisasm" > /dev/null; then
  echo "== installing nvidia-cuda-nvdisasm (PyPI) into $nvdisasm_dir"
  pip_install "$nvdisasm_dir" 'nvidia-cuda-nvdisasm>=13.2,<14'
fi

echo "== building"
ninja -C "$SEGIR_BUILD"
