// RUN: seg-opt %s --split-input-file --convert-scf-parallel-to-seg=remarks --verify-diagnostics | FileCheck %s

// A zero-based, unit-step loop storing at its own point: seg.returns.
// CHECK-LABEL: func.func @scale(
// CHECK-SAME: %[[A:.+]]: memref<?x8xf32>, %[[B:.+]]: memref<?x8xf32>, %[[M:.+]]: index)
// CHECK: %[[SIZE:.+]] = arith.maxsi %[[M]], %c0
// CHECK: seg.map thread (%[[I:.+]], %[[J:.+]]) in (%[[SIZE]], 8) outs(%[[B]] : memref<?x8xf32>) {
// CHECK-NEXT: %[[X:.+]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[Y:.+]] = arith.mulf %[[X]], %[[X]]
// CHECK-NEXT: seg.results {
// CHECK-NEXT: seg.returns %[[Y]] into %[[B]] : memref<?x8xf32>
func.func @scale(%a: memref<?x8xf32>, %b: memref<?x8xf32>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @+1 {{scf.parallel to seg.map thread: 1 seg.returns, 0 seg.write_returns}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %c8) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<?x8xf32>
    %y = arith.mulf %x, %x : f32
    memref.store %y, %b[%i, %j] : memref<?x8xf32>
    scf.reduce
  }
  return
}

// -----

// Bounds and steps: the space is normalised, the body sees lb + i * step;
// stores elsewhere are scatters.
// CHECK-LABEL: func.func @strided(
// CHECK-SAME: %[[A:.+]]: memref<100xi32>, %[[B:.+]]: memref<100xi32>)
// CHECK: seg.map thread (%[[I:.+]]) in (30) outs(%[[B]] : memref<100xi32>) {
// CHECK-NEXT: %[[S:.+]] = arith.muli %[[I]], %c3
// CHECK-NEXT: %[[K:.+]] = arith.addi %[[S]], %c10
// CHECK-NEXT: %[[X:.+]] = memref.load %[[A]][%[[K]]]
// CHECK: seg.results {
// CHECK-NEXT: seg.write_returns into %[[B]] [%[[K]]] = %[[X]], [%{{.+}}] = %[[X]] : memref<100xi32>
func.func @strided(%a: memref<100xi32>, %b: memref<100xi32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  // expected-remark @+1 {{scf.parallel to seg.map thread: 0 seg.returns, 1 seg.write_returns}}
  scf.parallel (%k) = (%c10) to (%c100) step (%c3) {
    %x = memref.load %a[%k] : memref<100xi32>
    %k1 = arith.addi %k, %c1 : index
    memref.store %x, %b[%k] : memref<100xi32>
    memref.store %x, %b[%k1] : memref<100xi32>
    scf.reduce
  }
  return
}

// -----

// scf.reduce: a seg.red over the flattened space from the operators'
// neutral elements, then combined with the loop's initial values.
// CHECK-LABEL: func.func @sum_and_max(
// CHECK-SAME: %[[A:.+]]: memref<4x8xf32>, %[[INIT:.+]]: f32)
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.0
// CHECK-DAG: %[[NINF:.+]] = arith.constant 0xFF800000
// CHECK: %[[S:.+]] = memref.alloc() : memref<f32>
// CHECK: %[[MX:.+]] = memref.alloc() : memref<f32>
// CHECK: seg.red thread (%[[K:.+]]) in (32) outs(%[[S]], %[[MX]] : memref<f32>, memref<f32>) {
// CHECK: %[[X:.+]] = memref.load %[[A]]
// CHECK: seg.yield %[[X]], %[[X]] : f32, f32
// CHECK: combine commutative (%{{.+}}: f32, %{{.+}}: f32) neutral(%[[ZERO]] : f32)
// CHECK: arith.addf
// CHECK: combine commutative (%{{.+}}: f32, %{{.+}}: f32) neutral(%[[NINF]] : f32)
// CHECK: arith.maximumf
// CHECK: %[[SV:.+]] = memref.load %[[S]][]
// CHECK: %[[R0:.+]] = arith.addf %[[INIT]], %[[SV]]
// CHECK: %[[MV:.+]] = memref.load %[[MX]][]
// CHECK: %[[R1:.+]] = arith.maximumf %[[INIT]], %[[MV]]
// CHECK: return %[[R0]], %[[R1]]
func.func @sum_and_max(%a: memref<4x8xf32>, %init: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // expected-remark @+1 {{scf.parallel with 2 reductions to seg.red thread over the flattened space}}
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) init (%init, %init) -> (f32, f32) {
    %x = memref.load %a[%i, %j] : memref<4x8xf32>
    scf.reduce(%x, %x : f32, f32) {
    ^bb0(%p: f32, %q: f32):
      %s = arith.addf %p, %q : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%p: f32, %q: f32):
      %m = arith.maximumf %p, %q : f32
      scf.reduce.return %m : f32
    }
  }
  return %r#0, %r#1 : f32, f32
}

// -----

// Nested loops stay loops in the kernel of the outer one.
// CHECK-LABEL: func.func @nested(
// CHECK: seg.map thread
// CHECK: scf.parallel
func.func @nested(%a: memref<4x8xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{scf.parallel to seg.map thread: 1 seg.returns, 0 seg.write_returns}}
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %s = scf.parallel (%j) = (%c0) to (%c8) step (%c1) init (%zero) -> f32 {
      %x = memref.load %a[%i, %j] : memref<4x8xf32>
      scf.reduce(%x : f32) {
      ^bb0(%p: f32, %q: f32):
        %t = arith.addf %p, %q : f32
        scf.reduce.return %t : f32
      }
    }
    memref.store %s, %b[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
