// RUN: seg-opt %s --convert-gpu-to-seg-emulator -verify-diagnostics

// Tokens of asynchronous copies do not travel between functions.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{device function @helper takes a '!nvgpu.device.async.token' argument, which the SegIR emulator does not pass}}
    gpu.func @helper(%t: !nvgpu.device.async.token) {
      nvgpu.device_async_wait %t
      gpu.return
    }
  }
}
