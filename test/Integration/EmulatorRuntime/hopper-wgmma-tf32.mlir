// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=2 %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=6 SEGIR_EMU_RESIDENT_BLOCKS=1 %run-emu %t.mlir | FileCheck %s
// With device copies of the host memrefs (seg-stage-host-memory, as
// seg-to-nvvm's stage-host-memory=true): the tensor maps are encoded again
// from the copies, and C, which only the TMA store writes, is copied back.
// RUN: seg-opt %s --seg-stage-host-memory --seg-to-emulator | env SEGIR_EMU_SEED=5 %run-emu | FileCheck %s

// C = A B with TF32 wgmma over a 50 x 60 x 28 product, in one 64 x 64 x 32
// tile: TMA loads A (64 x 32) and B transposed (n x k, 64 x 32), both
// k-major and 128-byte swizzled as TF32 wgmma requires (PTX allows no
// transposes for .tf32), with zeros beyond the edges. Upstream's
// nvgpu.warpgroup.mma steps k through the descriptors only for a k-major A
// and an n-major B, so the kernel issues one warpgroup.mma per k-step of 8
// on descriptors of 8-column subviews; each waits for the one before, and
// the wgmma.wait_group 0 after the loop for the last. The
// accumulators go through shared memory and a clipping TMA store. Inputs are
// small integers (exact in TF32), so the host's f32 reference matches
// exactly.

// CHECK: wrong 0

!mapA = !nvgpu.tensormap.descriptor<tensor = memref<64x32xf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!mapC = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!accumulator = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
!tile = memref<64x32xf32, #gpu.address_space<workgroup>>
!slice = memref<64x8xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
!tileC = memref<64x64xf32, #gpu.address_space<workgroup>>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<64x8xtf32, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<8x64xtf32, 3>>

func.func @gemm(%a: memref<50x28xf32>, %bt: memref<60x28xf32>, %c: memref<50x60xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %bytes = arith.constant 32768 : i32
  %ua = memref.cast %a : memref<50x28xf32> to memref<*xf32>
  %ub = memref.cast %bt : memref<60x28xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<50x60xf32> to memref<*xf32>
  %mapA = nvgpu.tma.create.descriptor %ua box[%c64, %c32] : memref<*xf32> -> !mapA
  %mapB = nvgpu.tma.create.descriptor %ub box[%c64, %c32] : memref<*xf32> -> !mapA
  %mapC = nvgpu.tma.create.descriptor %uc box[%c64, %c64] : memref<*xf32> -> !mapC
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k4 = arith.constant 4 : index
    %k8 = arith.constant 8 : index
    %k8192 = arith.constant 8192 : index
    %k16384 = arith.constant 16384 : index
    %ticks = arith.constant 1000000 : index
    %even = arith.constant false
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %tA = memref.view %dyn[%k0][] : memref<?xi8, #gpu.address_space<workgroup>> to !tile
    %tB = memref.view %dyn[%k8192][] : memref<?xi8, #gpu.address_space<workgroup>> to !tile
    %tC = memref.view %dyn[%k16384][] : memref<?xi8, #gpu.address_space<workgroup>> to !tileC
    %bar = nvgpu.mbarrier.create -> !barriers
    %leader = arith.cmpi eq, %tx, %k0 : index
    nvgpu.mbarrier.init %bar[%k0], %k1, predicate = %leader : !barriers
    gpu.barrier
    %k16384b = arith.constant 16384 : index
    nvgpu.mbarrier.arrive.expect_tx %bar[%k0], %k16384b, predicate = %leader : !barriers
    nvgpu.tma.async.load %mapA[%k0, %k0], %bar[%k0] to %tA, predicate = %leader : !mapA, !barriers -> !tile
    nvgpu.tma.async.load %mapB[%k0, %k0], %bar[%k0] to %tB, predicate = %leader : !mapA, !barriers -> !tile
    nvgpu.mbarrier.try_wait.parity %bar[%k0], %even, %ticks : !barriers
    %init = nvgpu.warpgroup.mma.init.accumulator -> !accumulator
    %acc = scf.for %s = %k0 to %k4 step %k1 iter_args(%sum = %init) -> !accumulator {
      %k = arith.muli %s, %k8 : index
      %sA = memref.subview %tA[0, %k] [64, 8] [1, 1] : !tile to !slice
      %sB = memref.subview %tB[0, %k] [64, 8] [1, 1] : !tile to !slice
      %dA = nvgpu.warpgroup.generate.descriptor %sA, %mapA : !slice, !mapA -> !descA
      %dB = nvgpu.warpgroup.generate.descriptor %sB, %mapB : !slice, !mapA -> !descB
      %next = nvgpu.warpgroup.mma %dA, %dB, %sum : !descA, !descB, !accumulator -> !accumulator
      scf.yield %next : !accumulator
    }
    nvvm.wgmma.wait.group.sync.aligned 0
    nvgpu.warpgroup.mma.store %acc, %tC : !accumulator to !tileC
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %leader {
      nvgpu.tma.async.store %tC to %mapC[%k0, %k0] : !tileC -> !mapC
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0
    }
    gpu.terminator
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c28 = arith.constant 28 : index
  %c50 = arith.constant 50 : index
  %c60 = arith.constant 60 : index
  %nan = arith.constant 0x7FC00000 : f32
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<50x28xf32>
  %bt = memref.alloc() {alignment = 64 : i64} : memref<60x28xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<50x60xf32>
  // A[i][k] = (3 i + k) mod 7 - 3, B[k][j] = Bt[j][k] = (2 j + 5 k) mod 5 - 2.
  scf.for %k = %c0 to %c28 step %c1 {
    scf.for %i = %c0 to %c50 step %c1 {
      %i3 = arith.muli %i, %c3 : index
      %s = arith.addi %i3, %k : index
      %r = arith.remui %s, %c7 : index
      %v = arith.index_cast %r : index to i32
      %f = arith.sitofp %v : i32 to f32
      %three = arith.constant 3.0 : f32
      %e = arith.subf %f, %three : f32
      memref.store %e, %a[%i, %k] : memref<50x28xf32>
    }
    scf.for %j = %c0 to %c60 step %c1 {
      %j2 = arith.muli %j, %c2 : index
      %k5 = arith.muli %k, %c5 : index
      %s = arith.addi %j2, %k5 : index
      %r = arith.remui %s, %c5 : index
      %v = arith.index_cast %r : index to i32
      %f = arith.sitofp %v : i32 to f32
      %two = arith.constant 2.0 : f32
      %e = arith.subf %f, %two : f32
      memref.store %e, %bt[%j, %k] : memref<60x28xf32>
    }
  }
  scf.for %i = %c0 to %c50 step %c1 {
    scf.for %j = %c0 to %c60 step %c1 {
      memref.store %nan, %c[%i, %j] : memref<50x60xf32>
    }
  }
  func.call @gemm(%a, %bt, %c) : (memref<50x28xf32>, memref<60x28xf32>, memref<50x60xf32>) -> ()
  %wrong = scf.for %i = %c0 to %c50 step %c1 iter_args(%w = %c0) -> index {
    %row = scf.for %j = %c0 to %c60 step %c1 iter_args(%wr = %w) -> index {
      %ref = scf.for %k = %c0 to %c28 step %c1 iter_args(%s = %zero) -> f32 {
        %x = memref.load %a[%i, %k] : memref<50x28xf32>
        %y = memref.load %bt[%j, %k] : memref<60x28xf32>
        %p = arith.mulf %x, %y : f32
        %t = arith.addf %s, %p : f32
        scf.yield %t : f32
      }
      %got = memref.load %c[%i, %j] : memref<50x60xf32>
      %bad = arith.cmpf une, %got, %ref : f32
      %w1 = arith.addi %wr, %c1 : index
      %w2 = arith.select %bad, %w1, %wr : index
      scf.yield %w2 : index
    }
    scf.yield %row : index
  }
  vector.print str "wrong "
  %w64 = arith.index_cast %wrong : index to i64
  vector.print %w64 : i64
  return
}
