// RUN: seg-opt %s --split-input-file --seg-set-target --verify-diagnostics

// The target's chip and PTX version are checked against NVPTX before any
// code generation.

// expected-error @+1 {{chip 'sm_75' is not supported; SegIR compiles kernels for sm_80 and newer that this LLVM's NVPTX backend knows: sm_80}}
module attributes {seg.target = #seg.target<chip = "sm_75", warp_size = 32, max_threads_per_block = 1024, max_threads_per_sm = 1024, num_sms = 40, shared_memory_per_block = 65536, shared_memory_per_sm = 65536, registers_per_block = 65536, registers_per_sm = 65536, registers_per_thread = 255>} {
}

// -----

// expected-error @+1 {{chip 'sm_999' is not supported}}
module attributes {seg.target = #seg.target<chip = "sm_999", warp_size = 32, max_threads_per_block = 1024, max_threads_per_sm = 1024, num_sms = 40, shared_memory_per_block = 65536, shared_memory_per_sm = 65536, registers_per_block = 65536, registers_per_sm = 65536, registers_per_thread = 255>} {
}

// -----

// expected-error @+1 {{PTX 7.0 cannot build for sm_90a; valid PTX versions for sm_90a: 8.0, }}
module attributes {seg.target = #seg.target<chip = "sm_90a", ptx_version = 70>} {
}
