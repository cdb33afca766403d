// RUN: seg-opt %s --seg-column-schedule --convert-seg-to-gpu | FileCheck %s

// After convert-seg-to-gpu the per-launch values of the column schedule
// (column size, last column, its width) are host code in front of the
// launch, computed once [Prasetya 2022, listing 8]; the grid-stride loop of the
// thread map only maps each flat index to its point.

// CHECK-LABEL: func @hoisted
// CHECK-SAME:    (%[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[M:.*]]: index, %[[N:.*]]: index)
// CHECK:         %[[W:.*]] = arith.constant 32 : index
// CHECK:         %[[WEFF:.*]] = arith.minui %[[N]], %[[W]] : index
// CHECK:         %[[COLSIZE:.*]] = arith.muli %[[M]], %[[WEFF]] : index
// CHECK:         %[[LAST:.*]] = arith.divui %{{.*}}, %[[W]] : index
// CHECK:         %[[LASTOFF:.*]] = arith.muli %[[LAST]], %[[W]] : index
// CHECK:         %[[LASTW:.*]] = arith.subi %[[N]], %[[LASTOFF]] : index
// CHECK:         gpu.launch
// CHECK:           scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        %[[COL:.*]] = arith.divui %[[I]], %[[COLSIZE]] : index
// CHECK-NEXT:        %[[IN:.*]] = arith.remui %[[I]], %[[COLSIZE]] : index
// CHECK-NEXT:        %[[OFF:.*]] = arith.muli %[[COL]], %[[W]] : index
// CHECK-NEXT:        %[[ISLAST:.*]] = arith.cmpi eq, %[[COL]], %[[LAST]] : index
// CHECK-NEXT:        %[[WP:.*]] = arith.select %[[ISLAST]], %[[LASTW]], %[[W]] : index
// CHECK-NEXT:        %[[X:.*]] = arith.remui %[[IN]], %[[WP]] : index
// CHECK-NEXT:        %[[Y:.*]] = arith.divui %[[IN]], %[[WP]] : index
// CHECK-NEXT:        %[[XG:.*]] = arith.addi %[[OFF]], %[[X]] : index
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[A]][%[[Y]], %[[XG]]] : memref<?x?xf32>
// CHECK-NOT:         arith.minui
// CHECK:             memref.store %[[V]], %[[B]][%[[Y]], %[[XG]]] : memref<?x?xf32>
// CHECK:           gpu.terminator
func.func @hoisted(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %m: index, %n: index) {
  seg.map thread (%i, %j) in (%m, %n) outs(%B : memref<?x?xf32>) {
    %x = memref.load %A[%i, %j] : memref<?x?xf32>
    seg.results {
      seg.returns %x into %B : memref<?x?xf32>
    }
  }
  return
}
