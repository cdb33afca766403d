// RUN: seg-opt %s --split-input-file --convert-seg-to-scf --cse | FileCheck %s

// A map is a row-major loop nest; returns stores at the point.
// CHECK-LABEL: func @map
// CHECK-SAME: (%[[IN:.*]]: memref<?x64xf32>, %[[OUT:.*]]: memref<?x64xf32>, %[[M:.*]]: index)
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[M]]
// CHECK:   scf.for %[[J:.*]] = %{{.*}} to %[[C64]]
// CHECK:     %[[X:.*]] = memref.load %[[IN]][%[[I]], %[[J]]]
// CHECK:     %[[Y:.*]] = arith.mulf %[[X]], %[[X]]
// CHECK:     memref.store %[[Y]], %[[OUT]][%[[I]], %[[J]]]
// CHECK-NOT: seg.
func.func @map(%in: memref<?x64xf32>, %out: memref<?x64xf32>, %m: index) {
  seg.map thread (%i, %j) in (%m, 64) grid(block_size = 256) outs(%out : memref<?x64xf32>) {
    %x = memref.load %in[%i, %j] : memref<?x64xf32>
    %y = arith.mulf %x, %x : f32
    seg.results {
      seg.returns %y into %out : memref<?x64xf32>
    }
  }
  return
}

// -----

// A one-dimensional reduction: one loop carrying the accumulator from the
// neutral element, combined left to right (acc first), stored at the end.
// CHECK-LABEL: func @red
// CHECK-SAME: (%[[IN:.*]]: memref<?xf32>, %[[OUT:.*]]: memref<f32>, %[[N:.*]]: index)
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32)
// CHECK:   %[[X:.*]] = memref.load %[[IN]][%[[I]]]
// CHECK:   %[[S:.*]] = arith.subf %[[ACC]], %[[X]]
// CHECK:   scf.yield %[[S]]
// CHECK: memref.store %[[R]], %[[OUT]][]
func.func @red(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%i) in (%n) outs(%out : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    // Not associative; only used to show the operand order.
    %s = arith.subf %a, %b : f32
    seg.yield %s : f32
  }
  return
}

// -----

// Segmented reduction with two fused operators and a map-only output: the
// segment loop is outside; the map-only value is stored at every point.
// CHECK-LABEL: func @segmented_fused
// CHECK-SAME: (%[[IN:.*]]: memref<?x?xi32>, %[[SUM:.*]]: memref<?xi32>, %[[MAX:.*]]: memref<?xi32>, %[[NEG:.*]]: memref<?x?xi32>, %[[S:.*]]: index, %[[N:.*]]: index)
// CHECK: scf.for %[[SEG:.*]] = %{{.*}} to %[[S]]
// CHECK:   %[[R:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (i32, i32)
// CHECK:     %[[X:.*]] = memref.load %[[IN]][%[[SEG]], %[[I]]]
// CHECK:     %[[NX:.*]] = arith.subi %{{.*}}, %[[X]]
// CHECK:     memref.store %[[NX]], %[[NEG]][%[[SEG]], %[[I]]]
// CHECK:     %[[A2:.*]] = arith.addi %[[A]], %[[X]]
// CHECK:     %[[B2:.*]] = arith.maxsi %[[B]], %[[X]]
// CHECK:     scf.yield %[[A2]], %[[B2]]
// CHECK:   memref.store %[[R]]#0, %[[SUM]][%[[SEG]]]
// CHECK:   memref.store %[[R]]#1, %[[MAX]][%[[SEG]]]
func.func @segmented_fused(%in: memref<?x?xi32>, %sum: memref<?xi32>,
                           %max: memref<?xi32>, %neg: memref<?x?xi32>,
                           %s: index, %n: index) {
  %zero = arith.constant 0 : i32
  %min = arith.constant -2147483648 : i32
  seg.red thread (%seg, %i) in (%s, %n) outs(%sum, %max, %neg : memref<?xi32>, memref<?xi32>, memref<?x?xi32>) {
    %x = memref.load %in[%seg, %i] : memref<?x?xi32>
    %nx = arith.subi %zero, %x : i32
    seg.yield %x, %x, %nx : i32, i32, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  } combine commutative (%a: i32, %b: i32) neutral(%min : i32) {
    %r = arith.maxsi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// -----

// A scan stores the running accumulator at every point.
// CHECK-LABEL: func @scan
// CHECK-SAME: (%[[IN:.*]]: memref<?x?xi64>, %[[OUT:.*]]: memref<?x?xi64>, %[[S:.*]]: index, %[[N:.*]]: index)
// CHECK: scf.for %[[SEG:.*]] = %{{.*}} to %[[S]]
// CHECK:   scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i64)
// CHECK:     %[[X:.*]] = memref.load %[[IN]][%[[SEG]], %[[I]]]
// CHECK:     %[[R:.*]] = arith.addi %[[A]], %[[X]]
// CHECK:     memref.store %[[R]], %[[OUT]][%[[SEG]], %[[I]]]
// CHECK:     scf.yield %[[R]]
// CHECK-NOT: memref.store
func.func @scan(%in: memref<?x?xi64>, %out: memref<?x?xi64>, %s: index,
                %n: index) {
  %zero = arith.constant 0 : i64
  seg.scan thread (%seg, %i) in (%s, %n) outs(%out : memref<?x?xi64>) {
    %x = memref.load %in[%seg, %i] : memref<?x?xi64>
    seg.yield %x : i64
  } combine commutative (%a: i64, %b: i64) neutral(%zero : i64) {
    %r = arith.addi %a, %b : i64
    seg.yield %r : i64
  }
  return
}

// -----

// Block level: shared memory (alloca) lives for one block, so it becomes a
// heap allocation freed at the end of the block; thread_in_block maps become
// loops inside; tile_returns writes block*T + thread, guarded.
// CHECK-LABEL: func @block_tile
// CHECK-SAME: (%[[IN:.*]]: memref<?x?xf32>, %[[OUT:.*]]: memref<?x?xf32>, %[[M:.*]]: index, %[[N:.*]]: index, %[[BM:.*]]: index, %[[BN:.*]]: index)
// CHECK: scf.for %[[BI:.*]] = %{{.*}} to %[[BM]]
// CHECK:   scf.for %[[BJ:.*]] = %{{.*}} to %[[BN]]
// CHECK:       %[[SH:.*]] = memref.alloc() : memref<16x16xf32>
// CHECK:       %[[C16:.*]] = arith.constant 16 : index
// CHECK:       scf.for %[[TI:.*]] = %{{.*}} to %[[C16]]
// CHECK:         scf.for %[[TJ:.*]] = %{{.*}} to %[[C16]]
// CHECK:           memref.store %{{.*}}, %[[SH]][%[[TI]], %[[TJ]]]
// CHECK:       scf.for %[[TI2:.*]] = %{{.*}} to %[[C16]]
// CHECK:         scf.for %[[TJ2:.*]] = %{{.*}} to %[[C16]]
// CHECK:           %[[V:.*]] = memref.load %[[SH]][%[[TJ2]], %[[TI2]]]
// CHECK:           %[[RB:.*]] = arith.muli %[[BI]], %[[C16]]
// CHECK:           %[[R:.*]] = arith.addi %[[RB]], %[[TI2]]
// CHECK:           %[[CB:.*]] = arith.muli %[[BJ]], %[[C16]]
// CHECK:           %[[C:.*]] = arith.addi %[[CB]], %[[TJ2]]
// CHECK:           %[[IR:.*]] = arith.cmpi ult, %[[R]], %[[M]]
// CHECK:           %[[IC:.*]] = arith.cmpi ult, %[[C]], %[[N]]
// CHECK:           %[[IN_BOUNDS:.*]] = arith.andi %[[IR]], %[[IC]]
// CHECK:           scf.if %[[IN_BOUNDS]] {
// CHECK:             memref.store %[[V]], %[[OUT]][%[[R]], %[[C]]]
// CHECK:       memref.dealloc %[[SH]]
func.func @block_tile(%in: memref<?x?xf32>, %out: memref<?x?xf32>,
                      %m: index, %n: index, %bm: index, %bn: index) {
  seg.map block (%bi, %bj) in (%bm, %bn) outs(%out : memref<?x?xf32>) {
    %tile = memref.alloca() : memref<16x16xf32>
    seg.map thread_in_block (%ti, %tj) in (16, 16) outs(%tile : memref<16x16xf32>) {
      %x = memref.load %in[%tj, %ti] : memref<?x?xf32>
      seg.results {
        seg.returns %x into %tile : memref<16x16xf32>
      }
    }
    seg.map thread_in_block (%ti, %tj) in (16, 16) outs(%out : memref<?x?xf32>) {
      %x = memref.load %tile[%tj, %ti] : memref<16x16xf32>
      seg.results {
        seg.tile_returns %x into %out tiles [(%m, 16), (%n, 16)] : memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// -----

// regtile_returns: every element of the register tile is written at
// block*T*R + thread*R + r, guarded per element.
// CHECK-LABEL: func @regtile
// CHECK-SAME: (%[[OUT:.*]]: memref<?x?xf32>, %[[M:.*]]: index, %[[N:.*]]: index, %[[V:.*]]: vector<2x2xf32>)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: scf.for %[[BI:.*]] =
// CHECK:   scf.for %[[BJ:.*]] =
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK:     scf.for %[[TI:.*]] = %{{.*}} to %[[C4]]
// CHECK:       scf.for %[[TJ:.*]] = %{{.*}} to %[[C8]]
// CHECK:         %[[TR:.*]] = arith.muli %[[TI]], %[[C2]]
// CHECK:         %[[BR:.*]] = arith.muli %[[BI]], %[[C8]]
// CHECK:         %[[ROW:.*]] = arith.addi %[[BR]], %[[TR]]
// CHECK:         %[[TC:.*]] = arith.muli %[[TJ]], %[[C2]]
// CHECK:         %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[BC:.*]] = arith.muli %[[BJ]], %[[C16]]
// CHECK:         %[[COL:.*]] = arith.addi %[[BC]], %[[TC]]
// CHECK:         scf.if
// CHECK:           %[[E00:.*]] = vector.extract %[[V]][0, 0]
// CHECK:           memref.store %[[E00]], %[[OUT]][%[[ROW]], %[[COL]]]
// CHECK:         %[[COL1:.*]] = arith.addi %[[COL]], %{{.*}}
// CHECK:         scf.if
// CHECK:           %[[E01:.*]] = vector.extract %[[V]][0, 1]
// CHECK:           memref.store %[[E01]], %[[OUT]][%[[ROW]], %[[COL1]]]
// CHECK:         %[[ROW1:.*]] = arith.addi %[[ROW]], %{{.*}}
// CHECK:         scf.if
// CHECK:           %[[E10:.*]] = vector.extract %[[V]][1, 0]
// CHECK:           memref.store %[[E10]], %[[OUT]][%[[ROW1]], %[[COL]]]
// CHECK:         scf.if
// CHECK:           %[[E11:.*]] = vector.extract %[[V]][1, 1]
// CHECK:           memref.store %[[E11]], %[[OUT]][%[[ROW1]], %[[COL1]]]
func.func @regtile(%out: memref<?x?xf32>, %m: index, %n: index,
                   %v: vector<2x2xf32>) {
  seg.map block (%bi, %bj) in (3, 2) outs(%out : memref<?x?xf32>) {
    seg.map thread_in_block (%ti, %tj) in (4, 8) outs(%out : memref<?x?xf32>) {
      seg.results {
        seg.regtile_returns %v into %out tiles [(%m, 4, 2), (%n, 8, 2)] : vector<2x2xf32>, memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// -----

// write_returns: each pair is stored when every index is in bounds; the
// unsigned compare rejects negative indices too.
// CHECK-LABEL: func @scatter
// CHECK-SAME: (%[[IDX:.*]]: memref<?xindex>, %[[VALS:.*]]: memref<?xf32>, %[[DST:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: scf.for %[[I:.*]] =
// CHECK:   %[[J:.*]] = memref.load %[[IDX]][%[[I]]]
// CHECK:   %[[V:.*]] = memref.load %[[VALS]][%[[I]]]
// CHECK:   %[[EXT:.*]] = memref.dim %[[DST]], %{{.*}}
// CHECK:   %[[OK:.*]] = arith.cmpi ult, %[[J]], %[[EXT]]
// CHECK:   scf.if %[[OK]] {
// CHECK:     memref.store %[[V]], %[[DST]][%[[J]]]
func.func @scatter(%idx: memref<?xindex>, %vals: memref<?xf32>,
                   %dst: memref<?xf32>, %n: index) {
  seg.map thread (%i) in (%n) outs(%dst : memref<?xf32>) {
    %j = memref.load %idx[%i] : memref<?xindex>
    %v = memref.load %vals[%i] : memref<?xf32>
    seg.results {
      seg.write_returns into %dst [%j] = %v : memref<?xf32>
    }
  }
  return
}

// -----

// A seq reduction inside a thread map, into private memory.
// CHECK-LABEL: func @nested_seq
// CHECK: scf.for %[[I:.*]] =
// CHECK:   %[[ACC:.*]] = memref.alloc() : memref<f32>
// CHECK:   %[[R:.*]] = scf.for %{{.*}} iter_args(
// CHECK:   memref.store %[[R]], %[[ACC]][]
// CHECK:   %[[S:.*]] = memref.load %[[ACC]][]
// CHECK:   memref.store %[[S]], %{{.*}}[%[[I]]]
// CHECK:   memref.dealloc %[[ACC]]
func.func @nested_seq(%a: memref<?x?xf32>, %c: memref<?xf32>, %m: index,
                      %k: index) {
  %zero = arith.constant 0.0 : f32
  seg.map thread (%i) in (%m) outs(%c : memref<?xf32>) {
    %acc = memref.alloca() : memref<f32>
    seg.red seq (%kk) in (%k) outs(%acc : memref<f32>) {
      %x = memref.load %a[%i, %kk] : memref<?x?xf32>
      seg.yield %x : f32
    } combine commutative (%x: f32, %y: f32) neutral(%zero : f32) {
      %r = arith.addf %x, %y : f32
      seg.yield %r : f32
    }
    %s = memref.load %acc[] : memref<f32>
    seg.results {
      seg.returns %s into %c : memref<?xf32>
    }
  }
  return
}
