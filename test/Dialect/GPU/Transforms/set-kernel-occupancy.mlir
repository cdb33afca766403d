// RUN: seg-opt --seg-set-kernel-occupancy %s | FileCheck %s
// RUN: seg-opt --seg-set-kernel-occupancy=min-blocks-per-sm=3 %s | FileCheck %s --check-prefix=THREE
// RUN: not seg-opt --seg-set-kernel-occupancy=min-blocks-per-sm=0 %s 2>&1 | FileCheck %s --check-prefix=ZERO

// Kernels get the minimum; one that has its own keeps it; device functions
// that are not kernels are left alone.
// CHECK-LABEL: gpu.func @plain
//  CHECK-SAME:   kernel attributes {nvvm.minctasm = 1 : i32}
// CHECK-LABEL: gpu.func @own
//  CHECK-SAME:   nvvm.minctasm = 4 : i32
// CHECK-LABEL: gpu.func @helper
//   CHECK-NOT:   nvvm.minctasm
// THREE: gpu.func @plain() kernel attributes {nvvm.minctasm = 3 : i32}
// ZERO: error: seg-set-kernel-occupancy: min-blocks-per-sm must be a positive 32-bit number, got 0
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @plain() kernel {
      gpu.return
    }
    gpu.func @own() kernel attributes {nvvm.minctasm = 4 : i32} {
      gpu.return
    }
    gpu.func @helper() {
      gpu.return
    }
  }
}
