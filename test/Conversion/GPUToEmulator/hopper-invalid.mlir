// RUN: seg-opt %s --convert-gpu-to-seg-emulator -split-input-file -verify-diagnostics

// Hopper ops the emulator does not run are reported at the op.

!map = !nvgpu.tensormap.descriptor<tensor = memref<16x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%r: memref<16x8xf32>) kernel {
      %m = memref.cast %r : memref<16x8xf32> to memref<*xf32>
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      // expected-error @+1 {{'nvgpu.tma.create.descriptor' op in device code is not supported by the SegIR emulator (tensor maps are made on the host)}}
      %d = nvgpu.tma.create.descriptor %m box[%c16, %c8] : memref<*xf32> -> !map
      gpu.return
    }
  }
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<16x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%d: !map, %dst: memref<16x8xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %mask = arith.constant 3 : i16
      %bar = nvgpu.mbarrier.create -> !barriers
      // expected-error @+1 {{'nvgpu.tma.async.load' op with a multicast mask is not supported by the SegIR emulator (clusters are not)}}
      nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %dst multicast_mask = %mask : !map, !barriers -> memref<16x8xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %bar = nvgpu.mbarrier.create -> !barriers
      %t0 = nvgpu.mbarrier.arrive %bar[%c0] : !barriers -> !nvgpu.mbarrier.token
      // expected-error @+1 {{'scf.for' op uses a value of type '!nvgpu.mbarrier.token', which the SegIR emulator only passes to nvgpu ops}}
      %t = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %t0) -> !nvgpu.mbarrier.token {
        scf.yield %x : !nvgpu.mbarrier.token
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      // expected-error @+1 {{'nvvm.fence.proxy' op of this kind is not supported by the SegIR emulator (async and async.shared are)}}
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<alias>}
      gpu.return
    }
  }
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<64x32xf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<64x8xtf32, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<8x64xtf32, 3>>
!accumulator = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
!slice = memref<64x8xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: !map, %s: !slice) kernel {
      %a = nvgpu.warpgroup.generate.descriptor %s, %m : !slice, !map -> !descA
      %b = nvgpu.warpgroup.generate.descriptor %s, %m : !slice, !map -> !descB
      %init = nvgpu.warpgroup.mma.init.accumulator -> !accumulator
      // expected-error @+1 {{'nvgpu.warpgroup.mma' op is supported by the SegIR emulator for f16, bf16 and tf32 inputs with f32 accumulators (tf32 without transposes, as in PTX)}}
      %d = nvgpu.warpgroup.mma %a, %b, %init {transposeB} : !descA, !descB, !accumulator -> !accumulator
      gpu.return
    }
  }
}

// -----

// NVVM forms of what the emulator does not run.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%bar: !llvm.ptr<3>) kernel {
      // expected-error @+1 {{'nvvm.mbarrier.arrive_drop' op is not supported by the SegIR emulator}}
      %t = nvvm.mbarrier.arrive_drop %bar : !llvm.ptr<3> -> i64
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%dst: !llvm.ptr<7>, %map: !llvm.ptr, %bar: !llvm.ptr<3>, %x: i32) kernel {
      %mask = arith.constant 3 : i16
      // expected-error @+1 {{'nvvm.cp.async.bulk.tensor.shared.cluster.global' op with a multicast mask or a CTA group is not supported by the SegIR emulator (clusters are not)}}
      nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %map, %bar, box[%x, %x] multicast_mask = %mask : !llvm.ptr<7>, !llvm.ptr
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%dst: !llvm.ptr<7>, %map: !llvm.ptr, %bar: !llvm.ptr<3>, %x: i32, %o: i16) kernel {
      // expected-error @+1 {{'nvvm.cp.async.bulk.tensor.shared.cluster.global' op in a mode other than tile is not supported by the SegIR emulator}}
      nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %map, %bar, box[%x, %x, %x] im2col[%o] {mode = #nvvm.tma_load_mode<im2col>} : !llvm.ptr<7>, !llvm.ptr
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%map: !llvm.ptr, %src: !llvm.ptr<3>, %x: i32) kernel {
      // expected-error @+1 {{'nvvm.cp.async.bulk.tensor.global.shared.cta' op in a mode other than tile is not supported by the SegIR emulator}}
      nvvm.cp.async.bulk.tensor.global.shared.cta %map, %src, box[%x, %x, %x] {mode = #nvvm.tma_store_mode<im2col>} : !llvm.ptr, !llvm.ptr<3>
      gpu.return
    }
  }
}
