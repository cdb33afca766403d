#!/usr/bin/env bash
# Compiles a SegIR program to a native object file, or links it into an
# executable, so that it runs without mlir-runner (e.g. on a GPU machine
# without LLVM):
#   seg-opt --<pipeline> | mlir-translate --mlir-to-llvmir | llc -filetype=obj
#
# usage: gpu-compile.sh [options] INPUT.mlir
#   -o FILE                 output file (default: INPUT's name with .o, or
#                           without a suffix for --exe)
#   --pipeline=NAME         seg-to-nvvm (default: host code calling the mgpu*
#                           runtime, with the kernels' cubin embedded) or
#                           seg-to-cpu (no GPU)
#   --pipeline-options=OPTS the pipeline's options, e.g. 'block-size=128'
#   --host-memory=MODE      seg-to-nvvm: 'staged' (default) copies the host
#                           memrefs each kernel uses to device buffers and
#                           back (stage-host-memory=true), so programs that
#                           allocate on the host run on any GPU; 'direct'
#                           hands kernels the memrefs as they are (device
#                           memory, or host memory where the GPU can
#                           address it)
#   --before=ARG            a seg-opt argument run before the pipeline
#                           (repeatable, one argument each, spaces kept), e.g.
#                           '--seg-select-chunk=chunk=9'
#   --exe                   link an executable with libsegir_print_support.a
#                           and, for seg-to-nvvm, libsegir_cuda_runtime.so
#                           and the CUDA driver (libcuda)
#   --lib-dir=DIR           where those libraries are (default:
#                           $SEGIR_BUILD_DIR/lib, i.e. build/lib)
# Tools: $SEG_OPT (default $SEGIR_BUILD_DIR/bin/seg-opt), mlir-translate and
# llc from $LLVM_PREFIX (default /usr/lib/llvm-22), $CXX (default c++),
# $CUDA_HOME (default /usr/local/cuda; its stub libcuda is used to link
# where no driver is installed). $LDFLAGS go to the link (libraries built
# with sanitizers need their runtimes: scripts/sanitize.sh's tests set it).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SEGIR_BUILD_DIR:-$root/build}"
llvm="${LLVM_PREFIX:-/usr/lib/llvm-22}"
seg_opt="${SEG_OPT:-$build/bin/seg-opt}"
cuda="${CUDA_HOME:-/usr/local/cuda}"

# Prints the comment above; exits with $1 (2: bad usage).
usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
  exit "${1:-2}"
}

pipeline=seg-to-nvvm
pipeline_options=
host_memory=staged
before=()
output=
exe=0
lib_dir="$build/lib"
input=
while (($#)); do
  case "$1" in
    -o) [[ $# -ge 2 ]] || usage; output="$2"; shift ;;
    --pipeline=*) pipeline="${1#*=}" ;;
    --pipeline-options=*) pipeline_options="${1#*=}" ;;
    --host-memory=*) host_memory="${1#*=}" ;;
    --before=*) before+=("${1#*=}") ;;
    --exe) exe=1 ;;
    --lib-dir=*) lib_dir="${1#*=}" ;;
    -h|--help) usage 0 ;;
    -*) echo "gpu-compile.sh: unknown option '$1'" >&2; usage ;;
    *) [[ -z "$input" ]] || usage; input="$1" ;;
  esac
  shift
done
[[ -n "$input" ]] || usage
case "$pipeline" in
  seg-to-nvvm|seg-to-cpu) ;;
  *) echo "gpu-compile.sh: unknown pipeline '$pipeline'" >&2; exit 2 ;;
esac
case "$host_memory" in
  staged)
    [[ "$pipeline" != seg-to-nvvm ]] ||
      pipeline_options="${pipeline_options:+$pipeline_options }stage-host-memory=true" ;;
  direct) ;;
  *) echo "gpu-compile.sh: unknown host memory mode '$host_memory'" >&2
     exit 2 ;;
esac
if [[ -z "$output" ]]; then
  output="$(basename "${input%.mlir}")"
  ((exe)) || output="$output.o"
fi

pass="--$pipeline"
[[ -z "$pipeline_options" ]] || pass="--$pipeline=$pipeline_options"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$seg_opt" "${before[@]}" "$pass" "$input" -o "$tmp/lowered.mlir"
# The lowered module keeps its #seg.target (the chip it was built for),
# which mlir-translate does not know and the translation does not need.
"$llvm/bin/mlir-translate" --allow-unregistered-dialect --mlir-to-llvmir \
  "$tmp/lowered.mlir" -o "$tmp/prog.ll"
# A program's `func.func @main()` returns nothing (as mlir-runner's
# -entry-point-result=void wants), but as C's main its exit status would be
# whatever the last call left in the return register: wrap it in a main that
# returns 0.
if grep -q '^define void @main() ' "$tmp/prog.ll"; then
  sed -i 's/^define void @main() /define void @__segir_main() /' "$tmp/prog.ll"
  printf '\ndefine i32 @main() {\n  call void @__segir_main()\n  ret i32 0\n}\n' \
    >> "$tmp/prog.ll"
fi
object="$output"
((exe)) && object="$tmp/prog.o"
"$llvm/bin/llc" -O2 -filetype=obj -relocation-model=pic "$tmp/prog.ll" \
  -o "$object"
((exe)) || exit 0

libs=("$lib_dir/libsegir_print_support.a")
if [[ "$pipeline" == seg-to-nvvm ]]; then
  # The program needs libcuda.so.1 (through the runtime). Link with the
  # toolkit's stub where there is one: the system's driver is used at run
  # time either way, and it may lack the unversioned libcuda.so.
  driver=(-lcuda)
  [[ -f "$cuda/lib64/stubs/libcuda.so" ]] && driver=(-L"$cuda/lib64/stubs" -lcuda)
  libs+=(-L"$lib_dir" -lsegir_cuda_runtime -Wl,-rpath,"$lib_dir" "${driver[@]}")
fi
read -ra ldflags <<< "${LDFLAGS:-}"
"${CXX:-c++}" "${ldflags[@]}" "$object" "${libs[@]}" -o "$output"
