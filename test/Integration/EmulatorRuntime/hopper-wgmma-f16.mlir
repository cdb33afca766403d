// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,ATONCE
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,DELAYED
// RUN: env SEGIR_EMU_SEED=4 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,DELAYED
// RUN: env SEGIR_EMU_SEED=7 SEGIR_EMU_RESIDENT_BLOCKS=1 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,DELAYED
// The same with bf16 inputs (the values are exact in bf16 too).
// RUN: sed -e 's/xf16/xbf16/g; s/ f16/ bf16/g' %s | seg-opt --seg-to-emulator > %t.bf16.mlir
// RUN: %run-emu %t.bf16.mlir | FileCheck %s --check-prefixes=CHECK,ATONCE
// RUN: env SEGIR_EMU_SEED=3 %run-emu %t.bf16.mlir | FileCheck %s --check-prefixes=CHECK,DELAYED

// A 128 x 128 x 128 tile of C = A B (f16 or bf16 inputs, f32 accumulators) as
// upstream's Hopper programs compute it, over 120 x 120 matrices so that
// TMA's out-of-bounds fill supplies the edges: one warpgroup; two pipeline
// stages, each an mbarrier guarding TMA loads of a 128 x 64 tile of A and
// two 64 x 64 halves of a 64 x 128 tile of B (128-byte swizzled); per stage
// nvgpu.warpgroup.mma on descriptors of the tiles (B n-major: transposeB);
// wgmma.wait_group 0, warpgroup.mma.store into shared memory,
// fence.proxy.async, and a TMA store that clips the tile to 120 x 120.
// Inputs are small integers, so every product and sum is exact and the
// host's f32 reference must match exactly. Mutations:
//   no-wgmma-wait  stores the accumulators without waiting for the last
//                  wgmma group (nvgpu.warpgroup.mma leaves one pending);
//   no-fence       TMA-stores without fence.proxy.async;
//   wrong-swizzle  loads A with an unswizzled tensor map, while the
//                  descriptor (upstream's takes 128-byte swizzling only)
//                  reads it as swizzled.

// CHECK-LABEL:  correct
// CHECK-NEXT:   wrong 0
// CHECK-LABEL:  no-wgmma-wait
// CHECK-NEXT:   wrong {{[1-9][0-9]*}}
// CHECK-LABEL:  no-fence
// ATONCE-NEXT:  wrong 0
// DELAYED-NEXT: wrong 14400
// CHECK-LABEL:  wrong-swizzle
// CHECK-NEXT:   wrong {{[1-9][0-9]*}}

!mapA = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!mapB = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!mapPlain = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mapC = !nvgpu.tensormap.descriptor<tensor = memref<128x128xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!accumulator = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
!tileA = memref<128x64xf16, #gpu.address_space<workgroup>>
!tileB = memref<64x128xf16, #gpu.address_space<workgroup>>
!halfB = memref<64x64xf16, #gpu.address_space<workgroup>>
!tileC = memref<128x128xf32, #gpu.address_space<workgroup>>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>

// Mutations: 0 none, 1 no wgmma wait, 2 no fence, 3 wrong swizzle.
func.func @gemm(%mode: index, %a: memref<120x120xf16>, %b: memref<120x120xf16>,
                %c: memref<120x120xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %bytes = arith.constant 131072 : i32
  %ua = memref.cast %a : memref<120x120xf16> to memref<*xf16>
  %ub = memref.cast %b : memref<120x120xf16> to memref<*xf16>
  %uc = memref.cast %c : memref<120x120xf32> to memref<*xf32>
  %mapA = nvgpu.tma.create.descriptor %ua box[%c128, %c64] : memref<*xf16> -> !mapA
  %mapB = nvgpu.tma.create.descriptor %ub box[%c64, %c64] : memref<*xf16> -> !mapB
  %mapPlain = nvgpu.tma.create.descriptor %ua box[%c128, %c64] : memref<*xf16> -> !mapPlain
  %mapC = nvgpu.tma.create.descriptor %uc box[%c128, %c128] : memref<*xf32> -> !mapC
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k64 = arith.constant 64 : index
    %k8192 = arith.constant 8192 : index
    %k16384 = arith.constant 16384 : index
    %k32768 = arith.constant 32768 : index
    %k65536 = arith.constant 65536 : index
    %ticks = arith.constant 1000000 : index
    %even = arith.constant false
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %tileC = memref.view %dyn[%k65536][] : memref<?xi8, #gpu.address_space<workgroup>> to !tileC
    %bar = nvgpu.mbarrier.create -> !barriers
    %leader = arith.cmpi eq, %tx, %k0 : index
    nvgpu.mbarrier.init %bar[%k0], %k1, predicate = %leader : !barriers
    nvgpu.mbarrier.init %bar[%k1], %k1, predicate = %leader : !barriers
    gpu.barrier
    %wrongSwizzle = arith.cmpi eq, %mode, %k3 : index
    // Both stages' loads in flight at once.
    scf.if %leader {
      scf.for %s = %k0 to %k2 step %k1 {
        %offA = arith.muli %s, %k16384 : index
        %offB = arith.addi %offA, %k32768 : index
        %offB1 = arith.addi %offB, %k8192 : index
        %tA = memref.view %dyn[%offA][] : memref<?xi8, #gpu.address_space<workgroup>> to !tileA
        %hB0 = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to !halfB
        %hB1 = memref.view %dyn[%offB1][] : memref<?xi8, #gpu.address_space<workgroup>> to !halfB
        %k = arith.muli %s, %k64 : index
        nvgpu.mbarrier.arrive.expect_tx %bar[%s], %k32768 : !barriers
        scf.if %wrongSwizzle {
          nvgpu.tma.async.load %mapPlain[%k, %k0], %bar[%s] to %tA : !mapPlain, !barriers -> !tileA
        } else {
          nvgpu.tma.async.load %mapA[%k, %k0], %bar[%s] to %tA : !mapA, !barriers -> !tileA
        }
        nvgpu.tma.async.load %mapB[%k0, %k], %bar[%s] to %hB0 : !mapB, !barriers -> !halfB
        nvgpu.tma.async.load %mapB[%k64, %k], %bar[%s] to %hB1 : !mapB, !barriers -> !halfB
      }
    }
    %init = nvgpu.warpgroup.mma.init.accumulator -> !accumulator
    %acc = scf.for %s = %k0 to %k2 step %k1 iter_args(%sum = %init) -> !accumulator {
      nvgpu.mbarrier.try_wait.parity %bar[%s], %even, %ticks : !barriers
      %offA = arith.muli %s, %k16384 : index
      %offB = arith.addi %offA, %k32768 : index
      %tA = memref.view %dyn[%offA][] : memref<?xi8, #gpu.address_space<workgroup>> to !tileA
      %tB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to !tileB
      %dA = nvgpu.warpgroup.generate.descriptor %tA, %mapA : !tileA, !mapA -> !descA
      %dB = nvgpu.warpgroup.generate.descriptor %tB, %mapB : !tileB, !mapB -> !descB
      %next = nvgpu.warpgroup.mma %dA, %dB, %sum {transposeB} : !descA, !descB, !accumulator -> !accumulator
      scf.yield %next : !accumulator
    }
    %noWait = arith.cmpi eq, %mode, %k1 : index
    scf.if %noWait {
    } else {
      nvvm.wgmma.wait.group.sync.aligned 0
    }
    nvgpu.warpgroup.mma.store %acc, %tileC : !accumulator to !tileC
    %noFence = arith.cmpi eq, %mode, %k2 : index
    scf.if %noFence {
    } else {
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    }
    gpu.barrier
    scf.if %leader {
      nvgpu.tma.async.store %tileC to %mapC[%k0, %k0] : !tileC -> !mapC
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0
    }
    gpu.terminator
  }
  return
}

// Runs mutation `mode` and prints the number of wrong elements of C.
func.func @check(%mode: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c11 = arith.constant 11 : index
  %c120 = arith.constant 120 : index
  %nan = arith.constant 0x7FC00000 : f32
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<120x120xf16>
  %b = memref.alloc() {alignment = 64 : i64} : memref<120x120xf16>
  %c = memref.alloc() {alignment = 64 : i64} : memref<120x120xf32>
  // A[i][k] = (7 i + 3 k) mod 11 - 5, B[k][j] = (5 k + 2 j) mod 9 - 4.
  scf.for %i = %c0 to %c120 step %c1 {
    scf.for %j = %c0 to %c120 step %c1 {
      %i7 = arith.muli %i, %c7 : index
      %j3 = arith.muli %j, %c3 : index
      %sa = arith.addi %i7, %j3 : index
      %ra = arith.remui %sa, %c11 : index
      %va = arith.index_cast %ra : index to i32
      %fa = arith.sitofp %va : i32 to f16
      %five = arith.constant 5.0 : f16
      %ea = arith.subf %fa, %five : f16
      memref.store %ea, %a[%i, %j] : memref<120x120xf16>
      %i5 = arith.muli %i, %c5 : index
      %j2 = arith.muli %j, %c2 : index
      %sb = arith.addi %i5, %j2 : index
      %rb = arith.remui %sb, %c9 : index
      %vb = arith.index_cast %rb : index to i32
      %fb = arith.sitofp %vb : i32 to f16
      %four = arith.constant 4.0 : f16
      %eb = arith.subf %fb, %four : f16
      memref.store %eb, %b[%i, %j] : memref<120x120xf16>
      memref.store %nan, %c[%i, %j] : memref<120x120xf32>
    }
  }
  func.call @gemm(%mode, %a, %b, %c) : (index, memref<120x120xf16>, memref<120x120xf16>, memref<120x120xf32>) -> ()
  %wrong = scf.for %i = %c0 to %c120 step %c1 iter_args(%w = %c0) -> index {
    %row = scf.for %j = %c0 to %c120 step %c1 iter_args(%wr = %w) -> index {
      %ref = scf.for %k = %c0 to %c120 step %c1 iter_args(%s = %zero) -> f32 {
        %x = memref.load %a[%i, %k] : memref<120x120xf16>
        %y = memref.load %b[%k, %j] : memref<120x120xf16>
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %p = arith.mulf %xf, %yf : f32
        %t = arith.addf %s, %p : f32
        scf.yield %t : f32
      }
      %got = memref.load %c[%i, %j] : memref<120x120xf32>
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
  memref.dealloc %a : memref<120x120xf16>
  memref.dealloc %b : memref<120x120xf16>
  memref.dealloc %c : memref<120x120xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  vector.print str "correct\n"
  func.call @check(%c0) : (index) -> ()
  vector.print str "no-wgmma-wait\n"
  func.call @check(%c1) : (index) -> ()
  vector.print str "no-fence\n"
  func.call @check(%c2) : (index) -> ()
  vector.print str "wrong-swizzle\n"
  func.call @check(%c3) : (index) -> ()
  return
}
