// RUN: seg-opt %s --convert-gpu-to-seg-emulator -split-input-file -verify-diagnostics

// Warp matrix ops the emulator does not execute are reported, never run
// with a wrong layout.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: vector<4x2xbf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf16>) kernel {
      // expected-error @+1 {{'nvgpu.mma.sync' op is supported by the SegIR emulator for m16n8k4 tf32 -> f32, m16n8k8 tf32 -> f32, m16n8k8 f16 -> f32, m16n8k16 f16 -> f32, m16n8k8 f16 -> f16, m16n8k16 f16 -> f16, m16n8k8 bf16 -> f32, m16n8k16 bf16 -> f32, m8n8k16 s8 -> s32, m16n8k16 s8 -> s32, m16n8k32 s8 -> s32, m8n8k4 f64 -> f64 (tf32: f32 with tf32Enabled; s8: i8; s32: i32)}}
      %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf16>) -> vector<2x2xf16>
      gpu.return
    }
  }
}

// -----

// Unsigned 8-bit inputs would be multiplied as signed by the GPU path.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: vector<4x4xui8>, %b: vector<2x4xui8>, %c: vector<2x2xi32>) kernel {
      // expected-error @+1 {{'nvgpu.mma.sync' op is supported by the SegIR emulator for}}
      %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 32]} : (vector<4x4xui8>, vector<2x4xui8>, vector<2x2xi32>) -> vector<2x2xi32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: vector<2x8xi4>, %b: vector<1x8xi4>, %c: vector<2x2xi32>) kernel {
      // expected-error @+1 {{'nvgpu.mma.sync' op is supported by the SegIR emulator for}}
      %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 32]} : (vector<2x8xi4>, vector<1x8xi4>, vector<2x2xi32>) -> vector<2x2xi32>
      gpu.return
    }
  }
}

// -----

// f32 inputs run as TF32 only when the op says so.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: vector<2x1xf32>, %b: vector<1x1xf32>, %c: vector<2x2xf32>) kernel {
      // expected-error @+1 {{'nvgpu.mma.sync' op is supported by the SegIR emulator for}}
      %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 4]} : (vector<2x1xf32>, vector<1x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%v: vector<4xf32>) kernel {
      // expected-error @+1 {{'nvgpu.rcp' op is not supported by the SegIR emulator}}
      %r = nvgpu.rcp %v {rounding = approx, ftz} : vector<4xf32>
      gpu.return
    }
  }
}
