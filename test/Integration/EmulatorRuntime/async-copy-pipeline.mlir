// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,ATONCE
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,DELAYED
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,DELAYED
// RUN: env SEGIR_EMU_SEED=7 SEGIR_EMU_RESIDENT_BLOCKS=1 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,DELAYED

// A three-stage cp.async pipeline as upstream's nvgpu programs write it:
// 2 blocks of 64 threads each walk 8 tiles of 256 f32 (A[b][t][e] =
// 10000 b + 256 t + e) through a ring of three tiles in shared memory.
// Before tile t is read, every thread waits for all but its most recent
// group (tiles t + 1 on are still in flight), then a barrier; then each
// thread issues tile t + 2 into the stage read in iteration t - 1 (so one
// barrier per tile suffices), closes its group, and adds up one element of
// tile t that another thread copied. (The loop runs from tile -2 on, to
// issue the first two tiles; its first wait waits for an empty group.): e = (4 tid + 37 t + 11) mod 256. The
// last tile copies only tid mod 5 of each thread's 4 elements and fills the
// rest with zeros. The loop carries the group's token. The host compares
// each thread's sum with the known one and counts the wrong threads.
// Modes: 16-byte copies that bypass L1 (nvgpu), 4-byte ones (nvgpu), the
// NVVM forms convert-nvgpu-to-nvvm gives (16 bytes, .cg), and mutations
// that never wait or wait for one group too few (tile t may still be in
// flight). Without a seed copies land when they are issued, so the
// mutation goes unnoticed; with one they land late and it reads stale
// shared memory.

// CHECK-LABEL:  nvgpu-16
// CHECK-NEXT:   wrong 0
// CHECK-LABEL:  nvgpu-4
// CHECK-NEXT:   wrong 0
// CHECK-LABEL:  nvvm-16
// CHECK-NEXT:   wrong 0
// CHECK-LABEL:  no-wait
// ATONCE-NEXT:  wrong 0
// DELAYED-NEXT: wrong {{[1-9][0-9]*}}
// CHECK-LABEL:  wait-short
// ATONCE-NEXT:  wrong 0
// DELAYED-NEXT: wrong {{[1-9][0-9]*}}

!stages = memref<768xf32, #gpu.address_space<workgroup>>
!token = !nvgpu.device.async.token

// Mutations: 0 nvgpu 16 bytes, 1 nvgpu 4 bytes, 2 nvvm, 3 no wait,
// 4 a wait for one group too few.
func.func @run(%mode: index, %a: memref<2x8x256xf32>, %out: memref<2x64xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%ring : !stages) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    %k10 = arith.constant 10 : index
    %k11 = arith.constant 11 : index
    %k37 = arith.constant 37 : index
    %k256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %mode4 = arith.cmpi eq, %mode, %k1 : index
    %nvvm = arith.cmpi eq, %mode, %k2 : index
    %noWait = arith.cmpi eq, %mode, %k3 : index
    %waitShort = arith.cmpi eq, %mode, %k4 : index
    // The mutations copy as mode 0 does.
    %mode0 = arith.cmpi eq, %mode, %k0 : index
    %mutated = arith.ori %noWait, %waitShort : i1
    %mode16 = arith.ori %mode0, %mutated : i1
    %chunk = arith.muli %tx, %k4 : index
    %partial = arith.remui %tx, %k5 : index
    %first = nvgpu.device_async_create_group {}
    %loop:2 = scf.for %i = %k0 to %k10 step %k1
        iter_args(%acc = %zero, %pending = %first) -> (f32, !token) {
      scf.if %noWait {
      } else {
        scf.if %nvvm {
          nvvm.cp.async.wait.group 1
        } else {
          scf.if %waitShort {
            nvgpu.device_async_wait %pending {numGroups = 2 : i32}
          } else {
            nvgpu.device_async_wait %pending {numGroups = 1 : i32}
          }
        }
      }
      gpu.barrier
      // Tile i into stage i mod 3.
      %inTiles = arith.cmpi ult, %i, %k8 : index
      scf.if %inTiles {
        %isLast = arith.cmpi eq, %i, %k7 : index
        %elements = arith.select %isLast, %partial, %k4 : index
        %stage = arith.remui %i, %k3 : index
        %stageStart = arith.muli %stage, %k256 : index
        %dst = arith.addi %stageStart, %chunk : index
        scf.if %mode16 {
          %t = nvgpu.device_async_copy %a[%bx, %i, %chunk], %ring[%dst], 4, %elements {bypassL1} : memref<2x8x256xf32> to !stages
        }
        scf.if %mode4 {
          scf.for %q = %k0 to %k4 step %k1 {
            %none = arith.cmpi sle, %elements, %q : index
            %one = arith.select %none, %k0, %k1 : index
            %src = arith.addi %chunk, %q : index
            %to = arith.addi %dst, %q : index
            %t = nvgpu.device_async_copy %a[%bx, %i, %src], %ring[%to], 1, %one : memref<2x8x256xf32> to !stages
          }
        }
        scf.if %nvvm {
          %srcBase = memref.extract_aligned_pointer_as_index %a : memref<2x8x256xf32> -> index
          %dstBase = memref.extract_aligned_pointer_as_index %ring : !stages -> index
          %row = arith.muli %bx, %k8 : index
          %tile = arith.addi %row, %i : index
          %tileStart = arith.muli %tile, %k256 : index
          %srcElement = arith.addi %tileStart, %chunk : index
          %srcOffset = arith.muli %srcElement, %k4 : index
          %dstOffset = arith.muli %dst, %k4 : index
          %srcAddress = arith.addi %srcBase, %srcOffset : index
          %dstAddress = arith.addi %dstBase, %dstOffset : index
          %s64 = arith.index_cast %srcAddress : index to i64
          %d64 = arith.index_cast %dstAddress : index to i64
          %srcPtr = llvm.inttoptr %s64 : i64 to !llvm.ptr<1>
          %dstPtr = llvm.inttoptr %d64 : i64 to !llvm.ptr<3>
          %bytes = arith.muli %elements, %k4 : index
          %bytes32 = arith.index_cast %bytes : index to i32
          nvvm.cp.async.shared.global %dstPtr, %srcPtr, 16, cache = cg, %bytes32 : !llvm.ptr<3>, !llvm.ptr<1>, i32
        }
      }
      %group = scf.if %nvvm -> !token {
        nvvm.cp.async.commit.group
        scf.yield %pending : !token
      } else {
        %g = nvgpu.device_async_create_group
        scf.yield %g : !token
      }
      // Tile i - 2 from stage (i - 2) mod 3.
      %reads = arith.cmpi uge, %i, %k2 : index
      %next = scf.if %reads -> f32 {
        %t = arith.subi %i, %k2 : index
        %stage = arith.remui %t, %k3 : index
        %stageStart = arith.muli %stage, %k256 : index
        %spread = arith.muli %t, %k37 : index
        %e0 = arith.addi %chunk, %spread : index
        %e1 = arith.addi %e0, %k11 : index
        %e = arith.remui %e1, %k256 : index
        %at = arith.addi %stageStart, %e : index
        %v = memref.load %ring[%at] : !stages
        %n = arith.addf %acc, %v : f32
        scf.yield %n : f32
      } else {
        scf.yield %acc : f32
      }
      scf.yield %next, %group : f32, !token
    }
    memref.store %loop#0, %out[%bx, %tx] : memref<2x64xf32>
    gpu.terminator
  }
  return
}

// Runs mode `mode` and prints how many threads' sums are wrong.
func.func @check(%mode: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %c37 = arith.constant 37 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c10000 = arith.constant 10000 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<2x8x256xf32>
  %out = memref.alloc() : memref<2x64xf32>
  scf.for %b = %c0 to %c2 step %c1 {
    scf.for %t = %c0 to %c8 step %c1 {
      scf.for %e = %c0 to %c256 step %c1 {
        %vb = arith.muli %b, %c10000 : index
        %vt = arith.muli %t, %c256 : index
        %v0 = arith.addi %vb, %vt : index
        %v = arith.addi %v0, %e : index
        %x = arith.index_cast %v : index to i64
        %f = arith.sitofp %x : i64 to f32
        memref.store %f, %a[%b, %t, %e] : memref<2x8x256xf32>
      }
    }
  }
  func.call @run(%mode, %a, %out) : (index, memref<2x8x256xf32>, memref<2x64xf32>) -> ()
  %wrong = scf.for %b = %c0 to %c2 step %c1 iter_args(%w = %c0) -> index {
    %wb = scf.for %tid = %c0 to %c64 step %c1 iter_args(%wt = %w) -> index {
      %expected = scf.for %t = %c0 to %c8 step %c1 iter_args(%s = %zero) -> f32 {
        %chunk = arith.muli %tid, %c4 : index
        %spread = arith.muli %t, %c37 : index
        %e0 = arith.addi %chunk, %spread : index
        %e1 = arith.addi %e0, %c11 : index
        %e = arith.remui %e1, %c256 : index
        // The last tile: thread o = e / 4 copied (o mod 5) elements.
        %owner = arith.divui %e, %c4 : index
        %copied = arith.remui %owner, %c5 : index
        %within = arith.remui %e, %c4 : index
        %isLast = arith.cmpi eq, %t, %c7 : index
        %filled = arith.cmpi uge, %within, %copied : index
        %isZero = arith.andi %isLast, %filled : i1
        %v = memref.load %a[%b, %t, %e] : memref<2x8x256xf32>
        %x = arith.select %isZero, %zero, %v : f32
        %n = arith.addf %s, %x : f32
        scf.yield %n : f32
      }
      %got = memref.load %out[%b, %tid] : memref<2x64xf32>
      %bad = arith.cmpf une, %got, %expected : f32
      %w1 = arith.addi %wt, %c1 : index
      %w2 = arith.select %bad, %w1, %wt : index
      scf.yield %w2 : index
    }
    scf.yield %wb : index
  }
  vector.print str "wrong "
  %w64 = arith.index_cast %wrong : index to i64
  vector.print %w64 : i64
  memref.dealloc %a : memref<2x8x256xf32>
  memref.dealloc %out : memref<2x64xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  vector.print str "nvgpu-16\n"
  func.call @check(%c0) : (index) -> ()
  vector.print str "nvgpu-4\n"
  func.call @check(%c1) : (index) -> ()
  vector.print str "nvvm-16\n"
  func.call @check(%c2) : (index) -> ()
  vector.print str "no-wait\n"
  func.call @check(%c3) : (index) -> ()
  vector.print str "wait-short\n"
  func.call @check(%c4) : (index) -> ()
  return
}
