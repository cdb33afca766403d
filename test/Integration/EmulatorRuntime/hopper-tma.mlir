// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,ATONCE
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,DELAYED
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,DELAYED
// RUN: env SEGIR_EMU_SEED=5 SEGIR_EMU_RESIDENT_BLOCKS=1 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,DELAYED
// A missing expect_tx: the first phase completes before the copy's bytes
// arrive, which then leave the next phase with a negative transaction count
// that no arrival can complete; the emulator reports the wait.
// RUN: not %run-emu %t.mlir -e main_without_expect_tx 2>&1 | FileCheck %s --check-prefix=NOTX
// RUN: env SEGIR_EMU_SEED=3 not %run-emu %t.mlir -e main_without_expect_tx 2>&1 | FileCheck %s --check-prefix=NOTX

// A TMA pipeline as upstream's nvgpu programs write it: 3 blocks of 128
// threads each own 16 rows of a 40 x 96 f32 matrix A (the last block's rows
// 40..47 are out of bounds, so TMA fills them with zeros) and walk its three
// 16 x 32 column tiles with one mbarrier, whose phase parity alternates:
// thread 0 expects 2048 bytes and issues the load, everyone waits for the
// phase, reads one 16-byte chunk of the tile (128-byte swizzled: chunk c of
// row r is at chunk c ^ (r mod 8)), and adds it up. The sums go to `loads`
// with plain stores, and through a second, unswizzled tile in shared memory
// (generic writes, fence.proxy.async, barrier) to `stores` by a TMA store,
// which clips the out-of-bounds rows. The host checks both against
//   sum_k A[i][32 k + c] = 384 i + 96 + 3 c   (A[i][j] = 128 i + j)
// and counts the wrong elements. Each mutation breaks one rule:
//   no-wait      reads the tile before waiting on the mbarrier;
//   wrong-swizzle reads it as if it were not swizzled;
//   no-fence     issues the TMA store without fence.proxy.async.
// Without a seed copies happen when issued and the async proxy sees every
// write, so only the wrong swizzle shows; with a seed, copies complete late
// and the TMA store sees shared memory as of the last proxy fence.

// CHECK-LABEL:  correct
// CHECK-NEXT:   wrong loads 0 stores 0
// CHECK-LABEL:  no-wait
// ATONCE-NEXT:  wrong loads 0 stores 0
// DELAYED-NEXT: wrong loads {{[1-9][0-9]*}} stores {{[1-9][0-9]*}}
// CHECK-LABEL:  wrong-swizzle
// CHECK-NEXT:   wrong loads {{[1-9][0-9]*}} stores {{[1-9][0-9]*}}
// CHECK-LABEL:  no-fence
// ATONCE-NEXT:  wrong loads 0 stores 0
// DELAYED-NEXT: wrong loads 0 stores {{[1-9][0-9]*}}

// NOTX: segir emulator: kernel {{.*}}: nvgpu.mbarrier.try_wait.parity at {{.*}}hopper-tma.mlir:{{[0-9]+}}:{{[0-9]+}} waits for phase parity 1 of an mbarrier that can no longer complete (0 arrivals and -{{[0-9]+}} transaction bytes pending; every other thread has exited or waits)

!tile = !nvgpu.tensormap.descriptor<tensor = memref<16x32xf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!plain = !nvgpu.tensormap.descriptor<tensor = memref<16x32xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!shared = memref<16x32xf32, #gpu.address_space<workgroup>>

// Mutations: 0 none, 1 no wait, 2 no expect_tx, 3 wrong swizzle, 4 no fence.
func.func @run(%mode: index, %a: memref<40x96xf32>, %loads: memref<48x32xf32>,
               %stores: memref<40x32xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %bytes = arith.constant 4096 : i32
  %ua = memref.cast %a : memref<40x96xf32> to memref<*xf32>
  %us = memref.cast %stores : memref<40x32xf32> to memref<*xf32>
  %tileMap = nvgpu.tma.create.descriptor %ua box[%c16, %c32] : memref<*xf32> -> !tile
  %storeMap = nvgpu.tma.create.descriptor %us box[%c16, %c32] : memref<*xf32> -> !plain
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k8 = arith.constant 8 : index
    %k16 = arith.constant 16 : index
    %k32 = arith.constant 32 : index
    %k2048 = arith.constant 2048 : index
    %ticks = arith.constant 1000000 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %in = memref.view %dyn[%k0][] : memref<?xi8, #gpu.address_space<workgroup>> to !shared
    %out = memref.view %dyn[%k2048][] : memref<?xi8, #gpu.address_space<workgroup>> to !shared
    %bar = nvgpu.mbarrier.create -> !barriers
    %leader = arith.cmpi eq, %tx, %k0 : index
    nvgpu.mbarrier.init %bar[%k0], %k1, predicate = %leader : !barriers
    gpu.barrier
    %row0 = arith.muli %bx, %k16 : index
    %r = arith.divui %tx, %k8 : index
    %chunk = arith.remui %tx, %k8 : index
    %rowPhase = arith.remui %r, %k8 : index
    %swizzled = arith.xori %chunk, %rowPhase : index
    %noWait = arith.cmpi eq, %mode, %k1 : index
    %noTx = arith.cmpi eq, %mode, %k2 : index
    %unswizzled = arith.cmpi eq, %mode, %k3 : index
    %noFence = arith.cmpi eq, %mode, %k4 : index
    %readChunk = arith.select %unswizzled, %chunk, %swizzled : index
    %col = arith.muli %readChunk, %k4 : index
    %sum = scf.for %k = %k0 to %k3 step %k1 iter_args(%acc = %zero) -> vector<4xf32> {
      scf.if %leader {
        scf.if %noTx {
          %token = nvgpu.mbarrier.arrive %bar[%k0] : !barriers -> !nvgpu.mbarrier.token
        } else {
          nvgpu.mbarrier.arrive.expect_tx %bar[%k0], %k2048 : !barriers
        }
        %col0 = arith.muli %k, %k32 : index
        nvgpu.tma.async.load %tileMap[%col0, %row0], %bar[%k0] to %in : !tile, !barriers -> !shared
      }
      %odd = arith.remui %k, %k2 : index
      %parity = arith.index_cast %odd : index to i1
      scf.if %noWait {
      } else {
        nvgpu.mbarrier.try_wait.parity %bar[%k0], %parity, %ticks : !barriers
      }
      gpu.barrier
      %v = vector.load %in[%r, %col] : !shared, vector<4xf32>
      %next = arith.addf %acc, %v : vector<4xf32>
      // The mutation waits too late, after reading.
      scf.if %noWait {
        nvgpu.mbarrier.try_wait.parity %bar[%k0], %parity, %ticks : !barriers
      }
      // Everyone has read the tile before the next load overwrites it.
      gpu.barrier
      scf.yield %next : vector<4xf32>
    }
    %gr = arith.addi %row0, %r : index
    %gc = arith.muli %chunk, %k4 : index
    vector.store %sum, %loads[%gr, %gc] : memref<48x32xf32>, vector<4xf32>
    vector.store %sum, %out[%r, %gc] : !shared, vector<4xf32>
    scf.if %noFence {
    } else {
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    }
    gpu.barrier
    scf.if %leader {
      nvgpu.tma.async.store %out to %storeMap[%k0, %row0] : !shared -> !plain
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0
    }
    gpu.terminator
  }
  return
}

// Runs mutation `mode` and prints how many elements are wrong.
func.func @check(%mode: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c40 = arith.constant 40 : index
  %c48 = arith.constant 48 : index
  %c96 = arith.constant 96 : index
  %c128 = arith.constant 128 : index
  %c384 = arith.constant 384 : index
  %none = arith.constant -1.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<40x96xf32>
  %loads = memref.alloc() : memref<48x32xf32>
  %stores = memref.alloc() {alignment = 64 : i64} : memref<40x32xf32>
  scf.for %i = %c0 to %c40 step %c1 {
    scf.for %j = %c0 to %c96 step %c1 {
      %v = arith.muli %i, %c128 : index
      %w = arith.addi %v, %j : index
      %x = arith.index_cast %w : index to i64
      %f = arith.sitofp %x : i64 to f32
      memref.store %f, %a[%i, %j] : memref<40x96xf32>
    }
    scf.for %j = %c0 to %c32 step %c1 {
      memref.store %none, %stores[%i, %j] : memref<40x32xf32>
    }
  }
  func.call @run(%mode, %a, %loads, %stores) : (index, memref<40x96xf32>, memref<48x32xf32>, memref<40x32xf32>) -> ()
  %wrongLoads, %wrongStores = scf.for %i = %c0 to %c48 step %c1 iter_args(%wl = %c0, %ws = %c0) -> (index, index) {
    %inside = arith.cmpi ult, %i, %c40 : index
    %r:2 = scf.for %j = %c0 to %c32 step %c1 iter_args(%l = %wl, %s = %ws) -> (index, index) {
      %t = arith.muli %i, %c384 : index
      %u = arith.addi %t, %c96 : index
      %c3j = arith.muli %j, %c1 : index
      %j3 = arith.addi %c3j, %c3j : index
      %j3b = arith.addi %j3, %j : index
      %e = arith.addi %u, %j3b : index
      %ex = arith.index_cast %e : index to i64
      %ef = arith.sitofp %ex : i64 to f32
      %zerof = arith.constant 0.0 : f32
      %expected = arith.select %inside, %ef, %zerof : f32
      %got = memref.load %loads[%i, %j] : memref<48x32xf32>
      %bad = arith.cmpf une, %got, %expected : f32
      %l1 = arith.addi %l, %c1 : index
      %l2 = arith.select %bad, %l1, %l : index
      %s2 = scf.if %inside -> index {
        %stored = memref.load %stores[%i, %j] : memref<40x32xf32>
        %badStore = arith.cmpf une, %stored, %expected : f32
        %s1 = arith.addi %s, %c1 : index
        %s3 = arith.select %badStore, %s1, %s : index
        scf.yield %s3 : index
      } else {
        scf.yield %s : index
      }
      scf.yield %l2, %s2 : index, index
    }
    scf.yield %r#0, %r#1 : index, index
  }
  vector.print str "wrong loads "
  %wl64 = arith.index_cast %wrongLoads : index to i64
  vector.print %wl64 : i64 punctuation <no_punctuation>
  vector.print str " stores "
  %ws64 = arith.index_cast %wrongStores : index to i64
  vector.print %ws64 : i64
  memref.dealloc %a : memref<40x96xf32>
  memref.dealloc %loads : memref<48x32xf32>
  memref.dealloc %stores : memref<40x32xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  vector.print str "correct\n"
  func.call @check(%c0) : (index) -> ()
  vector.print str "no-wait\n"
  func.call @check(%c1) : (index) -> ()
  vector.print str "wrong-swizzle\n"
  func.call @check(%c3) : (index) -> ()
  vector.print str "no-fence\n"
  func.call @check(%c4) : (index) -> ()
  return
}

func.func @main_without_expect_tx() {
  %c2 = arith.constant 2 : index
  func.call @check(%c2) : (index) -> ()
  return
}
