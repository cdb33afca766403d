// RUN: seg-opt --convert-seg-to-gpu --canonicalize --cse %s | FileCheck %s
// RUN: seg-opt --convert-seg-to-gpu="strategy=large" --canonicalize --cse %s | FileCheck %s --check-prefix=LARGE
// RUN: seg-opt --convert-seg-to-gpu="strategy=small" --canonicalize --cse %s | FileCheck %s --check-prefix=FORCED-SMALL
// RUN: seg-opt --convert-seg-to-gpu="sequential-threshold=100 small-segment-max=16" --canonicalize --cse %s | FileCheck %s --check-prefix=TUNED

// Segmented sums: the host picks one of the three kernels of
// [Larsen & Henriksen 2017] at run time from the number of segments m and their
// length n.
// CHECK-LABEL: func.func @segsum
//  CHECK-SAME: (%[[IN:[a-z0-9_]+]]: memref<?x?xf32>, %[[OUT:[a-z0-9_]+]]: memref<?xf32>)
//   CHECK-DAG: %[[M:.*]] = memref.dim %[[IN]], %c0
//   CHECK-DAG: %[[N:.*]] = memref.dim %[[IN]], %c1
//   CHECK-DAG: %[[EMPTY:.*]] = arith.cmpi eq, %[[N]], %c0
//   CHECK-DAG: %[[SMALL:.*]] = arith.cmpi ule, %[[N]], %c128
//   CHECK-DAG: %[[MANY:.*]] = arith.cmpi ugt, %[[M]], %c65536
//   CHECK-DAG: %[[SEQ:.*]] = arith.ori %[[EMPTY]], %[[MANY]]
//       CHECK: scf.if %[[SEQ]] {
// Sequential segments: one thread per segment, tiles of 256 x 32 staged
// through shared memory (rows padded to 33).
//       CHECK:   gpu.launch
//  CHECK-SAME:       dynamic_shared_memory_size %c33792_i32
//       CHECK:     scf.for
//       CHECK:       scf.for {{.*}} iter_args
//       CHECK:         scf.for
//       CHECK:           scf.if
//       CHECK:             memref.load %[[IN]]
//       CHECK:             memref.store
//       CHECK:         gpu.barrier
//       CHECK:         scf.for {{.*}} iter_args
//       CHECK:           arith.addf
//       CHECK:         gpu.barrier
//       CHECK:       memref.store %{{.*}}, %[[OUT]]
//       CHECK: } else {
//       CHECK:   scf.if %[[SMALL]] {
// Small segments: segments of at most a warp reduced by shuffles within
// the warp (log2(32) steps, no barrier); longer ones by a segmented scan in
// shared memory.
//       CHECK:     gpu.launch {{.*}} function(@segsum_small_segments)
//       CHECK:       scf.if
//   CHECK-NOT:       gpu.barrier
// CHECK-COUNT-5:       gpu.shuffle  down {{.*}} : f32
//   CHECK-NOT:       gpu.barrier
//       CHECK:       } else {
//       CHECK:       scf.while
//       CHECK:         gpu.barrier
//       CHECK:         gpu.barrier
//       CHECK:   } else {
// Large segments: partial results and zeroed counters, a block reduction
// with shuffles, the last block of a segment finishes it.
//       CHECK:     gpu.alloc async
//       CHECK:     %[[COUNTERS:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<?xi32>
//       CHECK:     gpu.memset async {{.*}} %[[COUNTERS]]
//       CHECK:     gpu.launch
//       CHECK:       gpu.shuffle  down {{.*}} : f32
//       CHECK:       gpu.barrier
//       CHECK:       llvm.fence syncscope("device") acq_rel
//       CHECK:       memref.atomic_rmw addi {{.*}} %[[COUNTERS]]
//       CHECK:       llvm.fence syncscope("device") acq_rel
//       CHECK:       memref.store %{{.*}}, %[[OUT]]
//       CHECK:       memref.store %c0_i32, %[[COUNTERS]]
//       CHECK:     gpu.dealloc async
//       CHECK:     gpu.dealloc async

// Only the large kernel: it writes the neutral values of empty segments
// too (one block per segment).
// LARGE-LABEL: func.func @segsum
//       LARGE: scf.if
//   LARGE-NOT: scf.if
//       LARGE:   gpu.launch
//   LARGE-NOT:   scf.while
//       LARGE:     gpu.shuffle
//   LARGE-NOT: gpu.launch
//       LARGE: return

// The small kernel where segments fit the block, else the large one, which
// also takes empty segments: no sequential kernel.
// FORCED-SMALL-LABEL: func.func @segsum
//   FORCED-SMALL-DAG: %[[FITS:.*]] = arith.cmpi ule, %{{.*}}, %c256
//   FORCED-SMALL-DAG: %[[NONEMPTY:.*]] = arith.cmpi ne, %{{.*}}, %c0
//   FORCED-SMALL-DAG: %[[FORCED:.*]] = arith.andi %[[FITS]], %[[NONEMPTY]]
//       FORCED-SMALL: scf.if %[[FORCED]] {
//       FORCED-SMALL:   gpu.launch {{.*}} function(@segsum_small_segments)
//       FORCED-SMALL: } else {
//       FORCED-SMALL:   gpu.launch {{.*}} function(@segsum_large_segments)
//   FORCED-SMALL-NOT: gpu.launch
//       FORCED-SMALL: return

// TUNED-LABEL: func.func @segsum
//   TUNED-DAG: arith.cmpi ule, %{{.*}}, %c16
//   TUNED-DAG: arith.cmpi ugt, %{{.*}}, %c100
func.func @segsum(%in: memref<?x?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xf32>
  %cols = memref.dim %in, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  seg.red thread (%s, %i) in (%rows, %cols) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// A non-commutative operator with chunk 4 [Pøbl & Holst 2024]: steps of
// 128 x 4 elements, each thread evaluates 4 of them coalesced into
// registers (whole steps without bounds checks), a copy through shared
// memory hands it 4 consecutive ones, which it reduces in order; i64
// values shuffle as two words. The warp totals follow the 512 slots of the
// copy: two barriers per step, the second also freeing the copy for the
// next step. The last, partial step checks every element.
// LARGE-LABEL: func.func @chunked
//       LARGE:   gpu.launch
//       LARGE:     scf.for {{.*}} step %c512 iter_args
//   LARGE-NOT:       scf.if
// LARGE-COUNT-4:     memref.load %{{.*}} : memref<?xi64>
//   LARGE-NOT:       gpu.barrier
// LARGE-COUNT-4:     memref.store %{{.*}} : memref<516xi64>
//       LARGE:       gpu.barrier
// LARGE-COUNT-4:     memref.load %{{.*}} : memref<516xi64>
//   LARGE-NOT:       gpu.barrier
// LARGE-COUNT-3:     arith.subi
//   LARGE-NOT:       gpu.barrier
//       LARGE:       gpu.shuffle  down {{.*}} : i32
//       LARGE:       gpu.shuffle  down {{.*}} : i32
//   LARGE-NOT:       gpu.barrier
//       LARGE:       memref.store {{.*}} : memref<4xi64, strided<[1], offset: 512>>
//       LARGE:       gpu.barrier
//   LARGE-NOT:       gpu.barrier
//       LARGE:       memref.load {{.*}} : memref<4xi64, strided<[1], offset: 512>>
//   LARGE-NOT:       gpu.barrier
//       LARGE:     arith.cmpi ult
//  LARGE-NEXT:     scf.if %{{.*}} -> (i64) {
//   LARGE-NOT:       gpu.barrier
//       LARGE:       arith.cmpi ult
//  LARGE-NEXT:       scf.if %{{.*}} -> (i64) {
//  LARGE-NEXT:         memref.load %{{.*}} : memref<?xi64>
func.func @chunked(%x: memref<?xi64>, %out: memref<i64>, %n: index) {
  %zero = arith.constant 0 : i64
  seg.red thread (%i) in (%n) grid(block_size = 128) chunk(4)
      outs(%out : memref<i64>) {
    %xi = memref.load %x[%i] : memref<?xi64>
    seg.yield %xi : i64
  } combine (%a: i64, %b: i64) neutral(%zero : i64) {
    %d = arith.subi %a, %b : i64
    seg.yield %d : i64
  }
  return
}

// Only the kernels whose condition can hold are emitted. A flat reduction
// (one segment) is the large kernel's with one block per range.
// Its load runs along the reduced dimension: where the range's first
// vector is aligned to 16 bytes (checked at run time), each thread reads
// 4 x f32 vectors, two per step (8 loads in flight); the remainder and
// misaligned ranges take the scalar loop.
// CHECK-LABEL: func.func @flat
//       CHECK:   gpu.launch {{.*}} function(@flat_large_segments)
//       CHECK:     %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[X:[a-z0-9]+]]
//       CHECK:     arith.andi %{{.*}}, %c15
//       CHECK:     arith.select
//       CHECK:     scf.for {{.*}} step %c2048 iter_args
//   CHECK-COUNT-2:   vector.load %[[X]][%{{.*}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
//   CHECK-COUNT-8:   arith.addf
//       CHECK:     scf.for {{.*}} step %c1024 iter_args
//       CHECK:       vector.load %[[X]]
//       CHECK:     scf.for {{.*}} step %c2048 iter_args
//       CHECK:       memref.load %[[X]]
//       CHECK:       memref.load %[[X]]
//   CHECK-NOT:   gpu.launch
//       CHECK: return
func.func @flat(%x: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%i) in (%n) outs(%out : memref<f32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}

// Segments of a static length of at most B / 2: sequential for many (or
// empty) segments, else small; never large.
// CHECK-LABEL: func.func @short_rows
//       CHECK:   gpu.launch {{.*}} function(@short_rows_sequential_segments)
//       CHECK:   gpu.launch {{.*}} function(@short_rows_small_segments)
//   CHECK-NOT:   gpu.launch
//       CHECK: return
// Few static segments: no sequential kernel, and no small one for rows
// longer than B / 2.
// CHECK-LABEL: func.func @few_long_rows
//       CHECK:   gpu.launch {{.*}} function(@few_long_rows_large_segments)
//   CHECK-NOT:   gpu.launch
//       CHECK: return
func.func @short_rows(%x: memref<?x16xf32>, %out: memref<?xf32>, %m: index) {
  %zero = arith.constant 0.0 : f32
  %c16 = arith.constant 16 : index
  seg.red thread (%s, %i) in (%m, %c16) outs(%out : memref<?xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x16xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}
func.func @few_long_rows(%x: memref<8x?xf32>, %out: memref<8xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  %c8 = arith.constant 8 : index
  %c1000 = arith.constant 1000 : index
  seg.red thread (%s, %i) in (%c8, %c1000) outs(%out : memref<8xf32>) {
    %xi = memref.load %x[%s, %i] : memref<8x?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}
