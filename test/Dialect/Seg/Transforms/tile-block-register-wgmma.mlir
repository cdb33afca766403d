// The tensor-core instruction of seg-tile-block-register
// (`mma-instruction`): `auto` takes mma.sync where the target has no wgmma
// or no warpgroup tiles fit it, and wgmma on sm_90a otherwise; the remark
// ends with the choice and why. Asking for wgmma is an error naming the
// target, or saying why the tiles do not fit.
// RUN: seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 mma-instruction=auto remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: tiled on tensor cores (tf32, m16n8k8): 128x128 per block of 2x4 warps, 64x32 per warp (4x4 fragments), k-tile 16, 2 stages, 16-byte loads for 2 of 2 slices, blocks in groups of 11 rows (the largest that fits shared memory and registers of sm_90); mma.sync: target sm_90 has no wgmma
// REMARK: remark: tiled on tensor cores (tf32, wgmma m64n128k8): 128x128 per block of 2 consumer warpgroups (M is not known to be at most 64) and a producer warpgroup (setmaxnreg 232 and 40), k-tile 32, 4 stages of TMA loads, A TMA direct when aligned, else packed, B packed: k is not its innermost dimension, blocks in groups of 11 rows; wgmma: target sm_90a has wgmma
// REMARK: remark: tiled on tensor cores (tf32, wgmma m64n128k8): 128x128 per block of 2 consumer warpgroups (M is not known to be at most 64) and a producer warpgroup (setmaxnreg 232 and 40), k-tile 32, 4 stages of TMA loads, A TMA direct when aligned, else packed, B packed: k is not its innermost dimension, blocks in groups of 11 rows; wgmma: target sm_90a has wgmma
// A static M of at most 64 rows gets one consumer warpgroup (the last
// function).
// REMARK: remark: tiled on tensor cores (tf32, wgmma m64n128k8): 64x128 per block of 1 consumer warpgroup (M is at most 64) and a producer warpgroup (setmaxnreg 256 and 40), k-tile 32, 4 stages of TMA loads
// The consumer warpgroups may be given (`warpgroups`, 1 or 2).
// RUN: printf 'sm90a.map0.warpgroups=1\n' > %t.one
// RUN: seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 remarks tuning-file=%t.one" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: remark: tiled on tensor cores (tf32, wgmma m64n128k8): 64x128 per block of 1 consumer warpgroup (from the tuning file) and a producer warpgroup (setmaxnreg 256 and 40), k-tile 32, 4 stages of TMA loads
// RUN: printf 'sm90a.map0.warpgroups=3\n' > %t.three
// RUN: not seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 tuning-file=%t.three" -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREE
// THREE: error: 'seg.map' op illegal tile sizes: wgmma blocks have 1 or 2 consumer warpgroups, got 3
// BF16 products: wgmma m64n128k16 on k-tiles of 64; on a target whose
// blocks have 48 KiB of shared memory, mma.sync (auto) or an error
// (wgmma).
// RUN: seg-opt %s --split-input-file --seg-tile-block-register="mma=bf16 remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BF16
// RUN: seg-opt %s --split-input-file --seg-tile-block-register="mma=bf16" 2>/dev/null | FileCheck %s --check-prefix=BF16IR
// BF16: remark: tiled on tensor cores (bf16, wgmma m64n128k16): 128x128 per block of 2 consumer warpgroups (M is not known to be at most 64) and a producer warpgroup (setmaxnreg 232 and 40), k-tile 64, 4 stages of TMA loads, A TMA direct when aligned, else packed, B packed: k is not its innermost dimension
// BF16: remark: tiled on tensor cores (bf16, m16n8k16): {{.*}}; mma.sync: 3 stages of 64x128 tiles need 107520 bytes of shared memory, more than the 49152 of a block
// BF16IR-LABEL: func.func @bf16(
// BF16IR: nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b
// BF16IR: nvgpu.warpgroup.mma {{.*}} : <tensor = memref<64x16xbf16, 3>>, <tensor = memref<16x128xbf16, 3>>
// RUN: not seg-opt %s --split-input-file --seg-tile-block-register="mma=bf16 mma-instruction=wgmma" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BF16WGMMA
// BF16WGMMA: error: 'seg.map' op mma-instruction=wgmma on target sm_90a: 3 stages of 64x128 tiles need 107520 bytes of shared memory, more than the 49152 of a block
// mma.sync as requested, on every target.
// RUN: seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 mma-instruction=mma.sync remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYNC
// SYNC: remark: tiled on tensor cores (tf32, m16n8k8): {{.*}} of sm_90); mma.sync: as requested
// SYNC: remark: tiled on tensor cores (tf32, m16n8k8): {{.*}} of sm_90a); mma.sync: as requested
// RUN: seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 mma-instruction=mma.sync" 2>/dev/null | FileCheck %s --check-prefix=MMA
// MMA-LABEL: func.func @sm90(
// MMA: nvgpu.mma.sync
// MMA-LABEL: func.func @sm90a(
// MMA: nvgpu.mma.sync
// MMA-NOT: nvgpu.warpgroup.mma
// wgmma: on sm_90 an error naming the target.
// RUN: not seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 mma-instruction=wgmma" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WGMMA
// WGMMA: error: 'seg.map' op mma-instruction=wgmma needs warpgroup MMA, which target sm_90 does not have (sm_90a has it)
// WGMMA-NOT: error: 'seg.map'
// The warpgroup kernel (the CHECK lines below).
// RUN: seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32" 2>/dev/null | FileCheck %s
// The k-tile is 128 bytes; at least 3 stages.
// RUN: not seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 tk=16" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADTK
// BADTK: error: 'seg.map' op illegal tile sizes: wgmma k-tiles are 32 elements (128 bytes), got tk=16
// RUN: not seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 stages=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADSTAGES
// BADSTAGES: error: 'seg.map' op illegal tile sizes: wgmma needs at least 3 stages, got 2
// Three stages: mma.sync allows at most 2.
// RUN: not seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 stages=3 remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAGES3
// STAGES3: error: 'seg.map' op illegal tile sizes: 3 stages, at most 2 are supported
// STAGES3: remark: tiled on tensor cores (tf32, wgmma m64n128k8): 128x128 per block of 2 consumer warpgroups (M is not known to be at most 64) and a producer warpgroup (setmaxnreg 232 and 40), k-tile 32, 3 stages of TMA loads
// An instruction without a tensor-core mode, and an unknown instruction.
// RUN: not seg-opt %s --split-input-file --seg-tile-block-register="mma-instruction=mma.sync" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOMODE
// NOMODE: error: 'seg.map' op mma-instruction=mma.sync needs a tensor-core mode (mma=tf32, bf16 or f16)
// RUN: not seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 mma-instruction=hgmma" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADINSTR
// BADINSTR: for the --mma-instruction option: Cannot find option named 'hgmma'!

// On sm_90a: A (dynamic rows) and B (n innermost) are packed by block
// maps into k-major rows padded to 16 bytes, zeros beyond k, and described
// by 128-byte swizzled tensor maps; per 128 x 128 block tile two consumer
// warpgroups (threads 0-255, 64 rows each) and a producer warpgroup
// (256-383).
// A's packing: 128 rows x 32 k per block of 256 threads, 4 vectors of
// 16 bytes per thread; tiles inside the array with the run-time check of
// 16-byte loads passed need no other check, the others load a vector
// where it lies inside the array, else guarded scalars.
// A (k innermost, a dynamic row length): a host test (its start and row
// stride multiples of 16 bytes, no empty extent) chooses TMA from the array
// (k up to U) or the packed copy, made and freed only then.
// CHECK-LABEL: func.func @sm90a(
// CHECK: %{{.*}}, %[[OFFSET:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[START:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: %[[OFFSETBYTES:.*]] = arith.muli %[[OFFSET]], %c4
// CHECK: arith.addi %[[START]], %[[OFFSETBYTES]]
// CHECK: arith.muli %[[STRIDES]]#0, %c4
// CHECK: arith.cmpi ult, %{{.*}}, %[[SIZES]]#0
// CHECK: %[[SOURCEA:.*]]:2 = scf.if %[[DIRECTA:.*]] -> (memref<*xf32>, index) {
// CHECK: %[[VIEWA:.*]] = memref.subview %arg0[0, 0] [%{{.*}}, %{{.*}}] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
// CHECK: %[[CASTA:.*]] = memref.cast %[[VIEWA]]
// CHECK: scf.yield %[[CASTA]]
// CHECK-NEXT: } else {
// CHECK: %[[APACK:.*]] = memref.alloc({{.*}}) {alignment = 16 : i64} : memref<?x?xf32>
// CHECK: seg.map block ({{.*}}) in ({{.*}}) grid(block_size = 256) {
// CHECK: memref.extract_aligned_pointer_as_index %arg0
// CHECK: seg.map thread_in_block (%{{.*}}, %{{.*}}) in (32, 8) {
// CHECK-NEXT: scf.if
// CHECK-COUNT-4: vector.store %{{.*}}, %[[APACK]][{{.*}}] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT: } else {
// CHECK: vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK: } else {
// CHECK-COUNT-4: memref.load %arg0
// CHECK: vector.from_elements
// CHECK: %[[AMAP:.*]] = nvgpu.tma.create.descriptor %[[SOURCEA]]#0 box[%{{.*}}, %{{.*}}] : memref<*xf32> -> <tensor = memref<64x32xf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// B's packing transposes 32 n x 128 k tiles through shared memory: k rows
// in along n, then 16 bytes of k per thread out along k.
// CHECK: %[[BPACK:.*]] = memref.alloc({{.*}}) {alignment = 16 : i64} : memref<?x?xf32>
// CHECK: seg.map block ({{.*}}) in ({{.*}}) grid(block_size = 256) {
// CHECK: %[[TILE:.*]] = memref.alloca() : memref<128x33xf32, #gpu.address_space<workgroup>>
// CHECK: seg.map thread_in_block (%{{.*}}, %{{.*}}) in (32, 8) {
// CHECK: vector.load %arg1[{{.*}}] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[TILE]]
// CHECK: seg.map thread_in_block (%{{.*}}, %{{.*}}) in (8, 32) {
// CHECK-COUNT-4: memref.load %[[TILE]]
// CHECK: vector.store %{{.*}}, %[[BPACK]][{{.*}}] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK: %[[BMAP:.*]] = nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<128x32xf32, 3>, swizzle = swizzle_128b
// CHECK: seg.map block {{.*}} grid(block_size = 384)
// Four stages of two 64-row boxes of A (8 KiB each) and of B (16 KiB),
// 1024-byte aligned, and the 128-row C tile.
// CHECK: %[[BUFA:.*]] = memref.alloca() {alignment = 1024 : i64} : memref<65536xi8, #gpu.address_space<workgroup>>
// CHECK: memref.alloca() {alignment = 1024 : i64} : memref<65536xi8, #gpu.address_space<workgroup>>
// CHECK: %[[CTILE:.*]] = memref.alloca() {alignment = 16 : i64} : memref<128x132xf32, #gpu.address_space<workgroup>>
// CHECK: seg.map thread_in_block (%[[TID:.*]]) in (384)
// A full and an empty mbarrier per stage: one arrival (TMA's bytes), and
// one per consumer thread.
// CHECK: %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %[[EMPTY:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: nvgpu.mbarrier.init %[[FULL]][%{{.*}}], %c1_
// CHECK-COUNT-4: nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c256
// CHECK: gpu.barrier
// The consumers raise their registers; per k-tile they wait on the
// stage's full phase, run 4 k-steps of 8 on their box of A (box
// 2 stage + tid / 128), the last waiting for all, and release the stage;
// no block barrier. Then they store the accumulators.
// CHECK: %[[CONSUMER:.*]] = arith.cmpi ult, %[[TID]], %c256
// CHECK: scf.if %[[CONSUMER]] {
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK: %[[WG:.*]] = arith.divui %[[TID]], %c128
// CHECK: nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x128xf32>>
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]]
// CHECK: %[[BOX:.*]] = arith.addi %{{.*}}, %[[WG]]
// CHECK: %[[BOXBYTES:.*]] = arith.muli %[[BOX]], %c8192
// CHECK: memref.view %[[BUFA]][%[[BOXBYTES]]][] : memref<65536xi8, #gpu.address_space<workgroup>> to memref<64x32xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-3: nvgpu.warpgroup.mma {{%.*}}, {{%.*}}, {{%.*}} : <tensor = memref<64x8xtf32, 3>>, <tensor = memref<8x128xtf32, 3>>
// CHECK: nvgpu.warpgroup.mma {{.*}} {waitGroup = 0 : i64}
// CHECK-NEXT: nvgpu.mbarrier.arrive %[[EMPTY]]
// CHECK-NEXT: scf.yield
// CHECK: nvgpu.warpgroup.mma.store {{.*}} : <fragmented = vector<64x128xf32>> to memref<64x128xf32, strided<[132, 1]>, #gpu.address_space<workgroup>>
// The producer lowers its registers; its first thread loads every k-tile,
// into a stage once its empty phase completed (from its second use on):
// both boxes of A and the tile of B. After a block barrier (which
// synchronises each warpgroup's warps between its two setmaxnreg, as the
// PTX ISA asks) every warpgroup returns to the entry count.
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK: %[[ISSUER:.*]] = arith.cmpi eq, %[[TID]], %c256
// CHECK: scf.if %[[ISSUER]] {
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK: nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// CHECK: }
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %c32768 :
// CHECK: nvgpu.tma.async.load %[[AMAP]][%{{.*}}, %[[ROW0:.*]]], %[[FULL]]
// CHECK: %[[ROW1:.*]] = arith.addi %[[ROW0]], %c64
// CHECK: nvgpu.tma.async.load %[[AMAP]][%{{.*}}, %[[ROW1]]], %[[FULL]]
// CHECK: nvgpu.tma.async.load %[[BMAP]]
// CHECK: }
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if %[[CONSUMER]] {
// CHECK-NEXT: nvvm.setmaxregister decrease 168
// CHECK-NEXT: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 168
// The epilogue of the mma.sync path: 32 x 8 threads of 4 x 16 elements.
// CHECK: seg.map thread_in_block (%{{.*}}, %{{.*}}) in (32, 8)
// CHECK: seg.regtile_returns {{.*}} tiles [(%{{.*}}, 32, 4), (%{{.*}}, 8, 16)] : vector<4x16xf32>
// CHECK: scf.if %[[DIRECTA]] {
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[FREEA:.*]] = memref.cast %[[SOURCEA]]#0 : memref<*xf32> to memref<?x?xf32>
// CHECK-NEXT: memref.dealloc %[[FREEA]]
// CHECK: memref.dealloc %[[BPACK]]
// Batched: A (k innermost, its batches one after the other) from the array
// where the host test passes, its batches folded into rows; B (n
// innermost) packed per batch (3 x rows x K). One tensor map over every
// batch's rows; the tiles' rows start at batch * rows + i0.
// CHECK-LABEL: func.func @batched(
// CHECK: %[[SOURCEBA:.*]]:2 = scf.if %{{.*}} -> (memref<*xf32>, index) {
// CHECK: %[[ROWSA:.*]] = memref.dim %arg0, %c1
// CHECK: %[[FOLDED:.*]] = memref.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : memref<3x?x?xf32> into memref<?x?xf32>
// CHECK: memref.subview %[[FOLDED]][0, 0]
// CHECK: scf.yield %{{.*}}, %[[ROWSA]]
// CHECK: } else {
// CHECK: %[[BATCHA:.*]] = memref.alloc({{.*}}) {alignment = 16 : i64} : memref<?x?x?xf32>
// CHECK: seg.map block (%[[PACKB:.*]], %{{.*}}, %{{.*}}) in (3, %{{.*}}, %{{.*}}) grid(block_size = 256)
// CHECK: vector.store %{{.*}}, %[[BATCHA]][%[[PACKB]], %{{.*}}, %{{.*}}]
// CHECK: memref.collapse_shape %[[BATCHA]] {{\[\[}}0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
// CHECK: seg.map block (%[[B:.*]], %[[BI:.*]], %{{.*}}) in (3, %{{.*}}, %{{.*}}) grid(block_size = 384)
// CHECK: %[[I0:.*]] = arith.muli %[[BI]], %c128
// CHECK: %[[BM:.*]] = arith.muli %{{.*}}, %[[SOURCEBA]]#1
// CHECK: %[[ROWA:.*]] = arith.addi %[[BM]], %[[I0]]
// CHECK: nvgpu.tma.async.load %{{.*}}[%{{.*}}, %[[ROWA]]]
// CHECK: seg.regtile_returns

// The default target (sm_90) has no wgmma.
func.func @sm90(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// -----

module attributes {seg.target = #seg.target<chip = "sm_90a">} {
func.func @sm90a(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                 %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}
}

// -----

module attributes {seg.target = #seg.target<chip = "sm_90a">} {
func.func @batched(%A: memref<3x?x?xf32>, %B: memref<3x?x?xf32>,
                   %C: memref<3x?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map thread (%b, %i, %j) in (3, %m, %n) outs(%C : memref<3x?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%b, %i, %k] : memref<3x?x?xf32>
      %v = memref.load %B[%b, %k, %j] : memref<3x?x?xf32>
      %p = arith.mulf %a, %v : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<3x?x?xf32>
    }
  }
  return
}
}

// -----

module attributes {seg.target = #seg.target<chip = "sm_90a">} {
func.func @bf16(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>,
                %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xbf16>
      %b = memref.load %B[%k, %j] : memref<?x?xbf16>
      %ae = arith.extf %a : bf16 to f32
      %be = arith.extf %b : bf16 to f32
      %p = arith.mulf %ae, %be : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}
}

// -----

module attributes {seg.target = #seg.target<chip = "sm_90a", shared_memory_per_block = 49152>} {
func.func @bf16_small_shared(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>,
                             %C: memref<?x?xf32>, %m: index, %n: index,
                             %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xbf16>
      %b = memref.load %B[%k, %j] : memref<?x?xbf16>
      %ae = arith.extf %a : bf16 to f32
      %be = arith.extf %b : bf16 to f32
      %p = arith.mulf %ae, %be : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}
}

// -----

module attributes {seg.target = #seg.target<chip = "sm_90a">} {
func.func @rows48(%A: memref<48x?xf32>, %B: memref<?x?xf32>,
                  %C: memref<48x?xf32>, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  seg.map thread (%i, %j) in (48, %n) outs(%C : memref<48x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<48x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<48x?xf32>
    }
  }
  return
}
}
