// RUN: seg-opt %s --split-input-file --seg-attach-nvvm-target=O=3 --verify-diagnostics | FileCheck %s

// Every gpu.module gets the #nvvm.target of the #seg.target, once.
// CHECK: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">]
// CHECK: gpu.module @twice [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">]
module attributes {seg.target = #seg.target<chip = "sm_80">, gpu.container_module} {
  gpu.module @kernels {
  }
  gpu.module @twice [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">] {
  }
}

// -----

// Without a #seg.target: the default, sm_90 with PTX 8.0.
// CHECK: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]
module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
}

// -----

module attributes {seg.target = #seg.target<chip = "sm_90a", ptx_version = 60>, gpu.container_module} {
  // expected-error @+1 {{PTX 6.0 cannot build for sm_90a}}
  gpu.module @kernels {
  }
}
