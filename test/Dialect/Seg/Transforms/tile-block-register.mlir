// RUN: seg-opt %s --seg-tile-block-register="ty=2 tx=3 tk=4 ry=2 rx=1" --canonicalize --cse | FileCheck %s
// RUN: seg-opt %s --seg-tile-block-register=remarks --verify-diagnostics -o /dev/null
// RUN: seg-opt %s --seg-tile-block-register --canonicalize --cse | FileCheck %s --check-prefix=DEFAULT

// C = A B: a block of 2 x 3 threads computes a 4 x 3 tile, 2 x 1 elements
// per thread, stepping through k by 4.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:[^:]+]]: memref<?x?xf32>, %[[B:[^:]+]]: memref<?x?xf32>, %[[C:[^:]+]]: memref<?x?xf32>, %[[M:[^:]+]]: index, %[[N:[^:]+]]: index, %[[U:[^:]+]]: index)
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[NBI:.+]] = arith.ceildivui %[[M]], %c4
// CHECK-DAG: %[[NBJ:.+]] = arith.ceildivui %[[N]], %c3
// CHECK: seg.map block (%[[BI:.+]], %[[BJ:.+]]) in (%[[NBI]], %[[NBJ]]) grid(block_size = 6) outs(%[[C]] : memref<?x?xf32>)
// The slices, k outermost: of A (k innermost in A, so the slice is stored
// transposed, rows of 4 + 4 padding elements, written by the copy through a
// [4/4][k][4] view), of B, and the thread-private accumulators.
// CHECK: %[[AS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<4x8xf32>
// CHECK: %[[ASC:.+]] = memref.reinterpret_cast %[[AS]] to offset: [0], sizes: [1, 4, 4], strides: [4, 8, 1] : memref<4x8xf32> to memref<1x4x4xf32, strided<[4, 8, 1]>>
// CHECK: %[[BS:.+]] = memref.alloca() : memref<4x3xf32>
// CHECK: %[[ACC:.+]] = memref.alloca() : memref<2x3x2x1xf32>
// CHECK: %[[I0:.+]] = arith.muli %[[BI]], %c4
// CHECK: %[[J0:.+]] = arith.muli %[[BJ]], %c3
// Accumulators start at the neutral value.
// CHECK: seg.map thread_in_block (%[[TY:.+]], %[[TX:.+]]) in (2, 3) {
// CHECK-NEXT: memref.store %[[ZERO]], %[[ACC]][%[[TY]], %[[TX]], %c0, %c0]
// CHECK-NEXT: memref.store %[[ZERO]], %[[ACC]][%[[TY]], %[[TX]], %c1, %c0]
// Blocks whose tile lies inside M x N take the unchecked path.
// CHECK: %[[INSIDE:.+]] = arith.andi
// CHECK: scf.if %[[INSIDE]] {
// Full k-tiles: copies without any bounds check.
// CHECK: scf.for %[[KT:.+]] = %c0 to %{{.+}} step %c4 {
// CHECK-NEXT: seg.map thread_in_block (%[[P1:.+]], %[[Q:.+]], %[[P0:.+]]) in (1, 4, 4) outs(%[[ASC]] : memref<1x4x4xf32, strided<[4, 8, 1]>>) {
// CHECK-NEXT: %[[P4:.+]] = arith.muli %[[P1]], %c4
// CHECK-NEXT: %[[P:.+]] = arith.addi %[[P4]], %[[P0]]
// CHECK-NEXT: %[[ROW:.+]] = arith.addi %[[I0]], %[[P]]
// CHECK-NEXT: %[[K:.+]] = arith.addi %[[KT]], %[[Q]]
// CHECK-NEXT: %[[X:.+]] = memref.load %[[A]][%[[ROW]], %[[K]]]
// CHECK-NEXT: seg.results {
// CHECK-NEXT: seg.returns %[[X]] into %[[ASC]]
// CHECK: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (4, 3) outs(%[[BS]] : memref<4x3xf32>) {
// CHECK-NOT: scf.if
// CHECK: memref.load %[[B]]
// The update: Ry values of A (one vector) and Rx of B into registers per
// k; no checks.
// CHECK: seg.map thread_in_block (%[[UTY:.+]], %[[UTX:.+]]) in (2, 3) {
// CHECK: %[[UROW:.+]] = arith.muli %[[UTY]], %c2
// CHECK: scf.for %[[KK:.+]] = %c0 to %c4 step %c1 iter_args
// CHECK-NEXT: %[[AV:.+]] = vector.load %[[AS]][%[[KK]], %[[UROW]]] {alignment = 8 : i64} : memref<4x8xf32>, vector<2xf32>
// CHECK-NEXT: vector.extract %[[AV]][0]
// CHECK-NEXT: vector.extract %[[AV]][1]
// CHECK-NEXT: memref.load %[[BS]][%[[KK]], %[[UTX]]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: scf.yield
// The epilogue: the last, partial k-tile, with k checks only.
// CHECK: %[[REST:.+]] = arith.subi
// CHECK: %[[HASREST:.+]] = arith.cmpi ne, %[[REST]], %c0
// CHECK: scf.if %[[HASREST]] {
// CHECK: seg.map thread_in_block (%{{.+}}, %[[Q2:.+]], %{{.+}}) in (1, 4, 4) outs(%[[ASC]]
// CHECK: arith.cmpi ult, %[[Q2]], %[[REST]]
// CHECK: scf.for %{{.+}} = %c0 to %[[REST]] step %c1
// Blocks at the edge: M and N checks guard copies and every update.
// CHECK: } else {
// CHECK: seg.map thread_in_block (%{{.+}}, %{{.+}}, %{{.+}}) in (1, 4, 4) outs(%[[ASC]]
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
// With the default tiles (16, 16, 32, 8, 4): the A slice is stored
// transposed with rows of 128 + 4 elements, copied through a [32][Tk][4]
// view; both slices are 16-byte aligned and each thread reads its 8 values
// of A and 4 of B at one k as aligned vectors.
// DEFAULT-LABEL: func.func @matmul(
// DEFAULT: %[[AS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<32x132xf32>
// DEFAULT: %[[ASC:.+]] = memref.reinterpret_cast %[[AS]] to offset: [0], sizes: [32, 32, 4], strides: [4, 132, 1] : memref<32x132xf32> to memref<32x32x4xf32, strided<[4, 132, 1]>>
// DEFAULT: %[[BS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<32x64xf32>
// DEFAULT: scf.for
// DEFAULT: seg.map thread_in_block (%{{.+}}, %{{.+}}, %{{.+}}) in (32, 32, 4) outs(%[[ASC]] : memref<32x32x4xf32, strided<[4, 132, 1]>>)
// DEFAULT: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (32, 64) outs(%[[BS]] : memref<32x64xf32>)
// DEFAULT: seg.map thread_in_block (%[[TY:.+]], %[[TX:.+]]) in (16, 16) {
// DEFAULT-DAG: %[[ROW:.+]] = arith.muli %[[TY]], %c8
// DEFAULT-DAG: %[[COL:.+]] = arith.muli %[[TX]], %c4
// DEFAULT: scf.for %[[KK:.+]] = %c0 to %c32 step %c1
// DEFAULT-NEXT: %[[AV:.+]] = vector.load %[[AS]][%[[KK]], %[[ROW]]] {alignment = 16 : i64} : memref<32x132xf32>, vector<8xf32>
// DEFAULT-COUNT-8: vector.extract %[[AV]]
// DEFAULT-NEXT: %[[BV:.+]] = vector.load %[[BS]][%[[KK]], %[[COL]]] {alignment = 16 : i64} : memref<32x64xf32>, vector<4xf32>
// DEFAULT-NOT: memref.load
// DEFAULT: scf.yield
func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                  %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{tiled with (Ty, Tx, Tk, Ry, Rx) = (16, 16, 32, 8, 4); tiles (Ty, Tx, Tk, Ry, Rx) = (16, 16, 32, 8, 4): the largest that fits shared memory and registers of target sm_90}}
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
// CHECK: seg.map block (%[[BB:.+]], %{{.+}}, %{{.+}}) in (3, %{{.+}}, %{{.+}}) grid(block_size = 6) outs(%[[D]] : memref<3x?x?xi32>)
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
  // expected-remark @+1 {{tiled with}}
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
// CHECK: memref.alloca() {alignment = 16 : i64} : memref<4x4xf32>
// CHECK: %[[BS:.+]] = memref.alloca() : memref<4x7xf32>
// CHECK: memref.reinterpret_cast %[[BS]] to offset: [0], sizes: [3, 4, 1], strides: [1, 7, 1]
// DEFAULT-LABEL: func.func @matmul_transposed(
// DEFAULT: %[[AS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<32x128xf32>
// DEFAULT: %[[BS:.+]] = memref.alloca() {alignment = 16 : i64} : memref<32x68xf32>
// DEFAULT: %[[BSC:.+]] = memref.reinterpret_cast %[[BS]] to offset: [0], sizes: [16, 32, 4], strides: [4, 68, 1]
// DEFAULT: seg.map thread_in_block (%{{.+}}, %{{.+}}) in (32, 128) outs(%[[AS]] : memref<32x128xf32>)
// DEFAULT: seg.map thread_in_block (%{{.+}}, %{{.+}}, %{{.+}}) in (16, 32, 4) outs(%[[BSC]] : memref<16x32x4xf32, strided<[4, 68, 1]>>)
// DEFAULT: seg.map thread_in_block (%[[TY:.+]], %[[TX:.+]]) in (16, 16) {
// DEFAULT-DAG: %[[ROW:.+]] = arith.muli %[[TY]], %c8
// DEFAULT-DAG: %[[COL:.+]] = arith.muli %[[TX]], %c4
// DEFAULT: scf.for %[[KK:.+]] = %c0 to %c32 step %c1
// DEFAULT-NEXT: vector.load %[[AS]][%[[KK]], %[[ROW]]] {alignment = 16 : i64} : memref<32x128xf32>, vector<8xf32>
// DEFAULT: vector.load %[[BS]][%[[KK]], %[[COL]]] {alignment = 16 : i64} : memref<32x68xf32>, vector<4xf32>
// DEFAULT-NOT: memref.load
// DEFAULT: scf.yield
func.func @matmul_transposed(%At: memref<?x?xf32>, %Bt: memref<?x?xf32>,
                             %C: memref<?x?xf32>, %m: index, %n: index,
                             %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{tiled with}}
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
