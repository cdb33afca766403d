// RUN: seg-opt %s --convert-gpu-to-seg-emulator -split-input-file -verify-diagnostics

// Warp matrix ops the emulator does not execute are reported, never run
// with a wrong layout.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf16>) kernel {
      // expected-error @+1 {{'nvgpu.mma.sync' op is supported by the SegIR emulator for m16n8k8 with tf32Enabled}}
      %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: memref<4xf32, #gpu.address_space<workgroup>>) kernel {
      // expected-error @+1 {{'nvgpu.device_async_create_group' op is not supported by the SegIR emulator}}
      %g = nvgpu.device_async_create_group
      gpu.return
    }
  }
}
