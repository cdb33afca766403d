// RUN: mlir-opt %S/hopper-tma.mlir --gpu-kernel-outlining --mlir-print-debuginfo | mlir-opt --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm))' --mlir-print-debuginfo > %t.nvvm.mlir
// RUN: FileCheck %s --check-prefix=NVVM < %t.nvvm.mlir
// RUN: seg-opt %t.nvvm.mlir --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %S/hopper-tma.mlir --check-prefixes=CHECK,ATONCE
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %S/hopper-tma.mlir --check-prefixes=CHECK,DELAYED
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.mlir | FileCheck %S/hopper-tma.mlir --check-prefixes=CHECK,DELAYED
// RUN: env SEGIR_EMU_SEED=5 SEGIR_EMU_RESIDENT_BLOCKS=1 %run-emu %t.mlir | FileCheck %S/hopper-tma.mlir --check-prefixes=CHECK,DELAYED
// RUN: not %run-emu %t.mlir -e main_without_expect_tx 2>&1 | FileCheck %s --check-prefix=NOTX
// RUN: env SEGIR_EMU_SEED=3 not %run-emu %t.mlir -e main_without_expect_tx 2>&1 | FileCheck %s --check-prefix=NOTX

// The TMA pipeline of hopper-tma.mlir in the NVVM forms that upstream's
// convert-nvgpu-to-nvvm gives its kernel (the mbarrier in a workgroup
// memref.global, pointers into shared memory, the tensor maps as kernel
// arguments cast to pointers), checked against the same known output as the
// nvgpu form, with and without seeds.

// NVVM-NOT: nvgpu.mbarrier
// NVVM-NOT: nvgpu.tma.async
// NVVM-DAG: nvvm.mbarrier.init
// NVVM-DAG: nvvm.mbarrier.arrive
// NVVM-DAG: nvvm.mbarrier.arrive.expect_tx
// NVVM-DAG: nvvm.cp.async.bulk.tensor.shared.cluster.global
// NVVM-DAG: nvvm.mbarrier.try_wait.parity
// NVVM-DAG: nvvm.fence.proxy
// NVVM-DAG: nvvm.cp.async.bulk.tensor.global.shared.cta

// NOTX: segir emulator: kernel run_kernel, block ({{[0-2]}},0,0), thread ({{[0-9]+}},0,0): nvvm.mbarrier.try_wait.parity at {{.*}}hopper-tma.mlir:{{[0-9]+}}:{{[0-9]+}} waits for phase parity 1 of an mbarrier that can no longer complete (0 arrivals and -{{[0-9]+}} transaction bytes pending; every other thread has exited or waits)
