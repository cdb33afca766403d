// RUN: seg-opt %s --split-input-file --seg-column-schedule=remarks --verify-diagnostics | FileCheck %s

// seg-column-schedule on the default target (sm_90, warp size 32): the
// per-launch values of [Prasetya 2022, listing 8] in front of the map, the
// per-point eqs. 4.1-4.6 at the start of a one-dimensional body, and
// seg.returns turned into seg.write_returns at the computed point.

// CHECK-LABEL: func @dynamic
// CHECK-SAME:    (%[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[M:.*]]: index, %[[N:.*]]: index)
// Column size I_h * min(w, I_w), last column (I_w - 1) / w and its width.
// CHECK:       %[[W:.*]] = arith.constant 32 : index
// CHECK-NEXT:  %[[WEFF:.*]] = arith.minui %[[N]], %[[W]] : index
// CHECK-NEXT:  %[[COLSIZE:.*]] = arith.muli %[[M]], %[[WEFF]] : index
// CHECK-NEXT:  %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:  %[[NM1:.*]] = arith.subi %[[N]], %[[ONE]] : index
// CHECK-NEXT:  %[[LAST:.*]] = arith.divui %[[NM1]], %[[W]] : index
// CHECK-NEXT:  %[[LASTOFF:.*]] = arith.muli %[[LAST]], %[[W]] : index
// CHECK-NEXT:  %[[LASTW:.*]] = arith.subi %[[N]], %[[LASTOFF]] : index
// CHECK-NEXT:  %[[TOTAL:.*]] = arith.muli %[[M]], %[[N]] : index
// The grid is kept.
// CHECK-NEXT:  seg.map thread (%[[I:.*]]) in (%[[TOTAL]]) grid(block_size = 128) outs(%[[B]] : memref<?x?xf32>) {
// CHECK-NEXT:    %[[COL:.*]] = arith.divui %[[I]], %[[COLSIZE]] : index
// CHECK-NEXT:    %[[IN:.*]] = arith.remui %[[I]], %[[COLSIZE]] : index
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[COL]], %[[W]] : index
// CHECK-NEXT:    %[[ISLAST:.*]] = arith.cmpi eq, %[[COL]], %[[LAST]] : index
// CHECK-NEXT:    %[[WP:.*]] = arith.select %[[ISLAST]], %[[LASTW]], %[[W]] : index
// CHECK-NEXT:    %[[X:.*]] = arith.remui %[[IN]], %[[WP]] : index
// CHECK-NEXT:    %[[Y:.*]] = arith.divui %[[IN]], %[[WP]] : index
// CHECK-NEXT:    %[[XG:.*]] = arith.addi %[[OFF]], %[[X]] : index
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[A]][%[[Y]], %[[XG]]] : memref<?x?xf32>
// CHECK-NEXT:    seg.results {
// CHECK-NEXT:      seg.write_returns into %[[B]] [%[[Y]], %[[XG]]] = %[[V]] : memref<?x?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @dynamic(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %m: index, %n: index) {
  // expected-remark @+1 {{column schedule: dynamic.map0.width: width 32 (the warp size of target sm_90) on ? x ?}}
  seg.map thread (%i, %j) in (%m, %n) grid(block_size = 128) outs(%B : memref<?x?xf32>) {
    %x = memref.load %A[%i, %j] : memref<?x?xf32>
    seg.results {
      seg.returns %x into %B : memref<?x?xf32>
    }
  }
  return
}

// -----

// A static 3-D space: the outer dimensions fold into I_h = 4 * 6 = 24
// [Prasetya 2022, §4.1.2], so columns hold 24 * 32 = 768 points, the last
// of the four columns (index 3) is 100 - 3 * 32 = 4 wide; the vertical
// position is delinearized back over (4, 6). Every per-launch value folds
// to a constant, nothing of them is left in front of the map, and the space
// becomes 2400 points. write_returns already in the body keep their
// indices, now the computed point.
// CHECK-LABEL: func @static3d
// CHECK-NOT:     arith.divui
// CHECK-DAG:     %[[C768:.*]] = arith.constant 768 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK:       seg.map thread (%[[I:.*]]) in (2400) outs(
// CHECK-NEXT:    %[[COL:.*]] = arith.divui %[[I]], %[[C768]] : index
// CHECK-NEXT:    %[[IN:.*]] = arith.remui %[[I]], %[[C768]] : index
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[COL]], %[[C32]] : index
// CHECK-NEXT:    %[[ISLAST:.*]] = arith.cmpi eq, %[[COL]], %[[C3]] : index
// CHECK-NEXT:    %[[WP:.*]] = arith.select %[[ISLAST]], %[[C4]], %[[C32]] : index
// CHECK-NEXT:    %[[X:.*]] = arith.remui %[[IN]], %[[WP]] : index
// CHECK-NEXT:    %[[Y:.*]] = arith.divui %[[IN]], %[[WP]] : index
// CHECK-NEXT:    %[[XG:.*]] = arith.addi %[[OFF]], %[[X]] : index
// CHECK-NEXT:    %[[Y1:.*]] = arith.remui %[[Y]], %[[C6]] : index
// CHECK-NEXT:    %[[Y0:.*]] = arith.divui %[[Y]], %[[C6]] : index
// CHECK-NEXT:    %[[V:.*]] = memref.load %{{.*}}[%[[Y0]], %[[Y1]], %[[XG]]] : memref<4x6x100xf32>
// CHECK-NEXT:    seg.results {
// CHECK-NEXT:      seg.write_returns into %{{.*}} [%[[Y0]], %[[Y1]], %[[XG]]] = %[[V]] : memref<4x6x100xf32>
// CHECK-NEXT:      seg.write_returns into %{{.*}} [%[[XG]], %[[Y1]], %[[Y0]]] = %[[V]] : memref<100x6x4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @static3d(%A: memref<4x6x100xf32>, %B: memref<4x6x100xf32>, %T: memref<100x6x4xf32>) {
  // expected-remark @+1 {{column schedule: static3d.map0.width: width 32 (the warp size of target sm_90) on 4 x 6 x 100 as I_h x I_w = 24 x 100: 3 columns of width 32 and 1 column of width 4}}
  seg.map thread (%i, %j, %k) in (4, 6, 100) outs(%B, %T : memref<4x6x100xf32>, memref<100x6x4xf32>) {
    %x = memref.load %A[%i, %j, %k] : memref<4x6x100xf32>
    seg.results {
      seg.returns %x into %B : memref<4x6x100xf32>
      seg.write_returns into %T [%k, %j, %i] = %x : memref<100x6x4xf32>
    }
  }
  return
}

// -----

// Maps the schedule leaves alone, each with a remark; nested ops inside a
// scheduled map are not scheduled on their own.
// CHECK-LABEL: func @declined
// CHECK:       seg.map thread (%{{.*}}) in (%{{.*}}) outs(
// CHECK:       seg.map block (%{{.*}}, %{{.*}}) in (%{{.*}}, %{{.*}}) outs(
// CHECK:       seg.map thread_in_block (%{{.*}}, %{{.*}}) in (4, 8) outs(
// CHECK:       seg.map thread (%{{.*}}, %{{.*}}) in (%{{.*}}, 32) outs(
// CHECK:       seg.map thread (%{{.*}}) in (%{{.*}}) outs(
// CHECK:       seg.map seq (%{{.*}}, %{{.*}}) in (3, 40) outs(
func.func @declined(%a: memref<?xf32>, %b: memref<?x?xf32>, %c: memref<?x32xf32>,
                    %d: memref<?x40x3x40xf32>, %e: memref<?x?xf32>, %n: index, %m: index) {
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{column schedule: left alone: rank 1, a single row has no columns}}
  seg.map thread (%i) in (%n) outs(%a : memref<?xf32>) {
    seg.results {
      seg.returns %zero into %a : memref<?xf32>
    }
  }
  // expected-remark @+1 {{column schedule: left alone: level 'block', only thread-level maps are scheduled}}
  seg.map block (%bi, %bj) in (%n, %m) outs(%b : memref<?x?xf32>) {
    // expected-remark @+1 {{column schedule: left alone: level 'thread_in_block', only thread-level maps are scheduled}}
    seg.map thread_in_block (%ti, %tj) in (4, 8) outs(%b : memref<?x?xf32>) {
      seg.results {
        seg.tile_returns %zero into %b tiles [(%n, 4), (%m, 8)] : memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  // expected-remark @+1 {{column schedule: left alone: width 32 (the warp size of target sm_90) covers all 32 columns of the space, so the column order is the row order}}
  seg.map thread (%i, %j) in (%n, 32) outs(%c : memref<?x32xf32>) {
    seg.results {
      seg.returns %zero into %c : memref<?x32xf32>
    }
  }
  // expected-remark @+1 {{column schedule: declined.map4.width: width 32 (the warp size of target sm_90) on ? x 40: 1 column of width 32 and 1 column of width 8}}
  seg.map thread (%i, %j) in (%n, 40) outs(%d : memref<?x40x3x40xf32>) {
    %acc = memref.alloca() : memref<3x40xf32>
    // expected-remark @+1 {{column schedule: left alone: level 'seq', only thread-level maps are scheduled}}
    seg.map seq (%k, %l) in (3, 40) outs(%acc : memref<3x40xf32>) {
      seg.results {
        seg.returns %zero into %acc : memref<3x40xf32>
      }
    }
    seg.results {
      seg.write_returns into %d [%i, %j, %i, %j] = %zero : memref<?x40x3x40xf32>
    }
  }
  // A space whose static sizes multiply beyond 64 bits is rejected by the
  // verifier (test/Dialect/Seg/invalid-counts.mlir), so the schedule never
  // sees one.
  return
}
