// RUN: seg-opt %s --seg-tile-block-register="ty=2 tx=3 tk=4 ry=2 rx=1 stages=2" --canonicalize --cse | FileCheck %s
// RUN: seg-opt %s --seg-tile-block-register=remarks --verify-diagnostics -o /dev/null
// RUN: seg-opt %s --seg-tile-block-register=stages=2 --canonicalize --cse | FileCheck %s --check-prefix=DEFAULT

// C = A B: a block of 2 x 3 threads computes a 4 x 3 tile, 2 x 1 elements
// per thread, stepping through k by 4.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:[^:]+]]: memref<?x?xf32>, %[[B:[^:]+]]: memref<?x?xf32>, %[[C:[^:]+]]: memref<?x?xf32>, %[[M:[^:]+]]: index, %[[N:[^:]+]]: index, %[[U:[^:]+]]: index)
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[NBI:.+]] = arith.ceildivui %[[M]], %c4
// CHECK-DAG: %[[NBJ:.+]] = arith.ceildivui %[[N]], %c3
// CHECK: seg.map block (%[[BI:.+]], %[[BJ:.+]]) in (%[[NBI]], %[[NBJ]]) grid(block_size = 6) swizzle(63) outs(%[[C]] : memref<?x?xf32>)
// Two stages (register prefetch; the model's default on sm_90 is
// asynchronous copies, tile-block-register-async-copy.mlir) of the slices,
// flat, k outer: of
// A (k innermost in A, so the slice is stored transposed, rows of 4 + 4
// padding elements), of B, and the thread-private accumulators.
// CHECK: %[[AS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<64xf32>
// CHECK: %[[BS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<24xf32>
// CHECK: %[[ACC:.+]] = memref.alloca() : memref<2x3x2x1xf32>
// CHECK: %[[I0:.+]] = arith.muli %[[BI]], %c4
// CHECK: %[[J0:.+]] = arith.muli %[[BJ]], %c3
// Accumulators start at the neutral value.
// CHECK: seg.map thread_in_block (%[[TY:.+]], %[[TX:.+]]) in (2, 3) {
// CHECK-NEXT: memref.store %[[ZERO]], %[[ACC]][%[[TY]], %[[TX]], %c0, %c0]
// CHECK-NEXT: memref.store %[[ZERO]], %[[ACC]][%[[TY]], %[[TX]], %c1, %c0]
// Blocks whose tile lies inside M x N take the unchecked path, with
// 16-byte loads of A where its rows are a multiple of 4 elements and the
// array is aligned (B's rows of 3 elements are copied by scalar loads).
// CHECK: %[[INSIDE:.+]] = arith.andi
// CHECK: %[[ROWLEN:.+]] = memref.dim %[[A]], %c1
// CHECK: arith.remui %[[ROWLEN]], %c4
// CHECK: %[[PTR:.+]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: arith.remui %[[PTR]], %c16
// CHECK: %[[VEC:.+]] = arith.andi
// CHECK: scf.if %[[INSIDE]] {
// CHECK-NEXT: scf.if %[[VEC]] {
// k-tile 0 is copied into stage 0 (a barrier follows the map).
// CHECK: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (2, 3) {
// CHECK: vector.load %[[A]][%{{.+}}, %c0] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK: memref.load %[[B]]
// CHECK: memref.store %{{.+}}, %[[AS]]
// Then one map per k-tile (one barrier): the next k-tile's loads into
// registers, the k-steps on the current stage without any check, the
// stores into the other stage. The loop carries each slice's start of the
// current stage (0 or 32 elements of A's slice, 0 or 12 of B's), so that
// the other stage's is an xor. The loads read views of A and B from the
// next k-tile on, at the k offsets within the tile.
// CHECK: scf.for %[[KT:.+]] = %c0 to %{{.+}} step %c4 iter_args(%[[SA:.+]] = %c0, %[[SB:.+]] = %c0) -> (index, index) {
// CHECK-NEXT: %[[OA:.+]] = arith.xori %[[SA]], %c32
// CHECK-NEXT: %[[OB:.+]] = arith.xori %[[SB]], %c12
// CHECK-NEXT: seg.map thread_in_block (%[[UTY:.+]], %[[UTX:.+]]) in (2, 3) {
// CHECK: %[[NEXT:.+]] = arith.addi %[[KT]], %c4
// CHECK: %[[AV:.+]] = memref.subview %[[A]][0, %[[NEXT]]]
// CHECK: vector.load %[[AV]][%{{.+}}, %c0]
// CHECK: %[[BV:.+]] = memref.subview %[[B]][%[[NEXT]], 0]
// CHECK: memref.load %[[BV]]
// CHECK: %[[UROW:.+]] = arith.muli %[[UTY]], %c2
// CHECK: %[[AI:.+]] = arith.addi %[[UROW]], %[[SA]]
// CHECK: vector.load %[[AS]][%[[AI]]] {alignment = 8 : i64} : memref<64xf32>, vector<2xf32>
// CHECK: memref.load %[[BS]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: %[[AO:.+]] = arith.addi %{{.+}}, %[[OA]]
// CHECK: memref.store %{{.+}}, %[[AS]][%[[AO]]]
// CHECK: memref.store %{{.+}}, %[[BS]]
// CHECK: scf.yield %[[OA]], %[[OB]] : index, index
// The last full k-tile: its k-steps only.
// CHECK: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (2, 3) {
// CHECK-NOT: memref.load %[[A]]
// CHECK: vector.load %[[AS]]
// The epilogue: the last, partial k-tile, with k checks only.
// CHECK: %[[REST:.+]] = arith.subi
// CHECK: %[[HASREST:.+]] = arith.cmpi ne, %[[REST]], %c0
// CHECK: scf.if %[[HASREST]] {
// CHECK: seg.map thread_in_block
// CHECK: arith.cmpi ult, %{{.+}}, %[[REST]]
// CHECK: scf.for %{{.+}} = %c0 to %[[REST]] step %c1
// The scalar fallback of the 16-byte loads.
// CHECK: } else {
// CHECK: memref.load %[[A]]
// Blocks at the edge: M and N checks guard copies and every update.
// CHECK: } else {
// CHECK: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (2, 3) {
// CHECK: arith.cmpi ult, %{{.+}}, %[[M]]
// CHECK: scf.if
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[ZERO]]
// CHECK: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (2, 3) {
// CHECK: scf.for
// CHECK: scf.if %{{.+}} -> (f32) {
// CHECK: arith.mulf
// CHECK: } else {
// CHECK-NEXT: scf.yield %{{.+}} : f32
// Each thread writes its 2 x 1 tile, elements outside M x N skipped.
// CHECK: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (2, 3) outs(%[[C]] : memref<?x?xf32>) {
// CHECK: %[[V:.+]] = vector.from_elements %{{.+}}, %{{.+}} : vector<2x1xf32>
// CHECK: seg.regtile_returns %[[V]] into %[[C]] tiles [(%[[M]], 2, 2), (%[[N]], 3, 1)] : vector<2x1xf32>, memref<?x?xf32>
// With the model's tiles (16, 16, 8, 8, 8) and two stages (register
// prefetch): slices of
// 2 x 8 rows of 128 + 4 (A, transposed) and 128 (B) elements; both inputs
// are copied with 16-byte loads; each thread reads its 8 values of A and
// of B at one k as two aligned 4-element chunks (64 elements apart, so that
// a quarter warp reads consecutive words), the k-steps of a full k-tile
// unrolled.
// DEFAULT-LABEL: func.func @matmul(
// DEFAULT: %[[AS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<2112xf32>
// DEFAULT: %[[BS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<2048xf32>
// DEFAULT: scf.for {{.*}} iter_args(%{{.+}} = %c0, %{{.+}} = %c0) -> (index, index)
// DEFAULT: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (16, 16) {
// DEFAULT: vector.load %{{.+}} {alignment = 16 : i64} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
// DEFAULT: vector.load %{{.+}} {alignment = 16 : i64} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
// DEFAULT: %[[A0:.+]] = vector.load %[[AS]][%[[AI:.+]]] {alignment = 16 : i64} : memref<2112xf32>, vector<4xf32>
// DEFAULT: %[[AI1:.+]] = arith.addi %[[AI]], %c64
// DEFAULT: vector.load %[[AS]][%[[AI1]]] {alignment = 16 : i64} : memref<2112xf32>, vector<4xf32>
// DEFAULT: vector.load %[[BS]][%{{.+}}] {alignment = 16 : i64} : memref<2048xf32>, vector<4xf32>
// DEFAULT: vector.load %[[BS]][%{{.+}}] {alignment = 16 : i64} : memref<2048xf32>, vector<4xf32>
// DEFAULT-COUNT-512: arith.mulf
// DEFAULT-NOT: memref.load %[[AS]]
// DEFAULT: vector.store %{{.+}}, %[[BS]]
// DEFAULT: scf.yield
func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                  %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{tiled: 128x128 per block of 16x16 threads, 8x8 per thread, k-tile 8, 4 stages of asynchronous copies, 16-byte loads for 2 of 2 slices, blocks in groups of 11 rows (the largest that fits shared memory and registers of sm_90)}}
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

// A batched GEMM with a seq seg.red: the batch stays the outer dimension
// of the grid, the neutral value (here 1, for a product) initialises the
// accumulators, the loads of code1 that the reduction does not use (C,
// alpha) are only made per element after it, under the bounds check.
// CHECK-LABEL: func.func @batched_gemm(
// CHECK-SAME: %[[A:[^:]+]]: memref<3x?x?xi32>, %[[B:[^:]+]]: memref<3x?x?xi32>, %[[C:[^:]+]]: memref<3x?x?xi32>, %[[ALPHA:[^:]+]]: memref<i32>, %[[D:[^:]+]]: memref<3x?x?xi32>, %[[M:[^:]+]]: index, %[[N:[^:]+]]: index, %[[U:[^:]+]]: index)
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1 : i32
// CHECK: seg.map block (%[[BB:.+]], %{{.+}}, %{{.+}}) in (3, %{{.+}}, %{{.+}}) grid(block_size = 6) swizzle(63) outs(%[[D]] : memref<3x?x?xi32>)
// CHECK: memref.alloca() : memref<2x3x2x1xi32>
// CHECK: memref.store %[[ONE]]
// CHECK: memref.load %[[A]][%[[BB]],
// CHECK: memref.load %[[B]][%[[BB]],
// CHECK: arith.muli
// CHECK-NOT: memref.load %[[C]]
// CHECK: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (2, 3) outs(%[[D]] : memref<3x?x?xi32>) {
// CHECK: scf.if %{{.+}} -> (i32) {
// CHECK: memref.load %[[C]][%[[BB]],
// CHECK: memref.load %[[ALPHA]][]
// CHECK: seg.regtile_returns %{{.+}} into %[[D]] tiles [(%[[M]], 2, 2), (%[[N]], 3, 1)] : vector<2x1xi32>, memref<3x?x?xi32>
func.func @batched_gemm(%A: memref<3x?x?xi32>, %B: memref<3x?x?xi32>,
                        %C: memref<3x?x?xi32>, %alpha: memref<i32>,
                        %D: memref<3x?x?xi32>, %m: index, %n: index,
                        %u: index) {
  // expected-remark @+1 {{tiled: }}
  seg.map thread (%b, %i, %j) in (3, %m, %n) outs(%D : memref<3x?x?xi32>) {
    %c = memref.load %C[%b, %i, %j] : memref<3x?x?xi32>
    %al = memref.load %alpha[] : memref<i32>
    %one = arith.constant 1 : i32
    %acc = memref.alloca() : memref<i32>
    seg.red seq (%k) in (%u) outs(%acc : memref<i32>) {
      %x = memref.load %A[%b, %i, %k] : memref<3x?x?xi32>
      %y = memref.load %B[%b, %k, %j] : memref<3x?x?xi32>
      %s = arith.addi %x, %y : i32
      seg.yield %s : i32
    } combine commutative (%p: i32, %q: i32) neutral(%one : i32) {
      %r = arith.muli %p, %q : i32
      seg.yield %r : i32
    }
    %prod = memref.load %acc[] : memref<i32>
    %scaled = arith.muli %al, %prod : i32
    %res = arith.addi %scaled, %c : i32
    seg.results {
      seg.returns %res into %D : memref<3x?x?xi32>
    }
  }
  return
}

// Transposed operands (A as A^T[k][i], B as B^T[j][k]): the A slice is
// copied as it is, the B slice transposed into rows of 64 + 4 elements.
// CHECK-LABEL: func.func @matmul_transposed(
// CHECK: memref.alloca() {alignment = 16 : i64} : memref<32xf32>
// CHECK: %[[BS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<56xf32>
// DEFAULT-LABEL: func.func @matmul_transposed(
// DEFAULT: %[[AS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<2048xf32>
// DEFAULT: %[[BS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<2112xf32>
// DEFAULT: scf.for {{.*}} iter_args(%{{.+}} = %c0, %{{.+}} = %c0) -> (index, index)
// DEFAULT: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (16, 16) {
// DEFAULT: vector.load %{{.+}} {alignment = 16 : i64} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
// DEFAULT: vector.load %{{.+}} {alignment = 16 : i64} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
// DEFAULT: vector.load %[[AS]][%{{.+}}] {alignment = 16 : i64} : memref<2048xf32>, vector<4xf32>
// DEFAULT: vector.load %[[BS]][%{{.+}}] {alignment = 16 : i64} : memref<2112xf32>, vector<4xf32>
// DEFAULT-NOT: memref.load %[[BS]]
// DEFAULT: scf.yield
func.func @matmul_transposed(%At: memref<?x?xf32>, %Bt: memref<?x?xf32>,
                             %C: memref<?x?xf32>, %m: index, %n: index,
                             %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{tiled: }}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %At[%k, %i] : memref<?x?xf32>
      %b = memref.load %Bt[%j, %k] : memref<?x?xf32>
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
