// seg-to-nvvm builds for the chip and PTX version of the module's
// #seg.target; without one, for the chip option's preset, else sm_90.

// RUN: seg-opt %s --split-input-file --seg-to-nvvm=format=isa | FileCheck %s
// RUN: seg-opt %s --split-input-file --seg-to-nvvm="format=isa chip=sm_89" --verify-diagnostics | FileCheck %s --check-prefix=OPTION

// The planner and the binary see the same chip; the #seg.target is gone
// from the output (seg-drop-target), which mlir-runner can then read.
// CHECK-LABEL: module attributes {gpu.container_module} {
// CHECK: gpu.binary @copy_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">
// CHECK-SAME: .version 8.0
// CHECK-SAME: .target sm_80
// expected-error @+1 {{the chip option 'sm_89' conflicts with the module's #seg.target chip 'sm_80'}}
module attributes {seg.target = #seg.target<chip = "sm_80">} {
  func.func @copy(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
    seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
      %v = memref.load %in[%i] : memref<?xf32>
      seg.results {
        seg.returns %v into %out : memref<?xf32>
      }
    }
    return
  }
}

// -----

// The target's PTX version and architecture-specific chip.
// CHECK-LABEL: module attributes {gpu.container_module} {
// CHECK: #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx86">
// CHECK-SAME: .version 8.6
// CHECK-SAME: .target sm_90a
// expected-error @+1 {{the chip option 'sm_89' conflicts with the module's #seg.target chip 'sm_90a'}}
module attributes {seg.target = #seg.target<chip = "sm_90a", ptx_version = 86>} {
  func.func @copy(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
    seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
      %v = memref.load %in[%i] : memref<?xf32>
      seg.results {
        seg.returns %v into %out : memref<?xf32>
      }
    }
    return
  }
}

// -----

// No target: the default, sm_90; with the chip option, that chip's preset.
// CHECK-LABEL: module attributes {gpu.container_module} {
// CHECK: #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// CHECK-SAME: .target sm_90
// OPTION-LABEL: module attributes {gpu.container_module} {
// OPTION: #nvvm.target<O = 3, chip = "sm_89", features = "+ptx80">
// OPTION-SAME: .target sm_89
module {
  func.func @copy(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
    seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
      %v = memref.load %in[%i] : memref<?xf32>
      seg.results {
        seg.returns %v into %out : memref<?xf32>
      }
    }
    return
  }
}
