// RUN: seg-opt %s --seg-column-schedule=width=0 --verify-diagnostics -o /dev/null
// RUN: seg-opt %s --seg-column-schedule=width=-3 --verify-diagnostics -o /dev/null
// RUN: not seg-opt %s --seg-column-schedule=width=0 2>&1 | FileCheck %s --check-prefix=WIDTH0
// RUN: not seg-opt %s --seg-column-schedule=width=-3 2>&1 | FileCheck %s --check-prefix=WIDTHNEG
// RUN: seg-opt %s --seg-column-schedule | FileCheck %s --check-prefix=TARGET
// RUN: seg-opt %s --seg-column-schedule="width=33 zigzag=true" | FileCheck %s --check-prefix=ZIG
// RUN: seg-opt %s --seg-column-schedule="tuning-file-out=%t.chosen" -o /dev/null
// RUN: FileCheck %s --check-prefix=FILE < %t.chosen
// RUN: printf 'f.map0.width=7\n' > %t.tuned
// RUN: seg-opt %s --seg-column-schedule="tuning-file=%t.tuned width=33" | FileCheck %s --check-prefix=TUNED
// RUN: printf 'f.map0.width=0\n' > %t.bad
// RUN: not seg-opt %s --seg-column-schedule="tuning-file=%t.bad" 2>&1 | FileCheck %s --check-prefix=BADTUNED

// The column width must be positive; by default it is the warp size of the
// module's target (here an sm_90 whose warp size is overridden to 16).
// WIDTH0:   error: seg-column-schedule: option 'width' must be positive, got 0
// WIDTHNEG: error: seg-column-schedule: option 'width' must be positive, got -3

// TARGET:      %[[W:.*]] = arith.constant 16 : index
// TARGET:      arith.minui %{{.*}}, %[[W]] : index
// TARGET:      arith.divui %{{.*}}, %[[W]] : index
// TARGET:      seg.map thread

// The width of each map is a tunable: written to a tuning file, read back
// in preference to the option, and checked.
// FILE:     f.map0.width=16
// TUNED:    %[[W:.*]] = arith.constant 7 : index
// TUNED:    arith.minui %{{.*}}, %[[W]] : index
// BADTUNED: error: 'seg.map' op column width 0 from the tuning file (f.map0.width) must be positive

// With zigzag [Prasetya 2022, eq. 4.7] rows with even y run right to left
// inside their column: x becomes w' - 1 - x.
// ZIG:         %[[W:.*]] = arith.constant 33 : index
// ZIG:         seg.map thread (%[[I:.*]]) in (%{{.*}}) outs(
// ZIG:           %[[OFF:.*]] = arith.muli %{{.*}}, %[[W]] : index
// ZIG:           %[[WP:.*]] = arith.select %{{.*}}, %{{.*}}, %[[W]] : index
// ZIG-NEXT:      %[[X:.*]] = arith.remui %{{.*}}, %[[WP]] : index
// ZIG-NEXT:      %[[Y:.*]] = arith.divui %{{.*}}, %[[WP]] : index
// ZIG-NEXT:      %[[ONE:.*]] = arith.constant 1 : index
// ZIG-NEXT:      %[[WM1:.*]] = arith.subi %[[WP]], %[[ONE]] : index
// ZIG-NEXT:      %[[REV:.*]] = arith.subi %[[WM1]], %[[X]] : index
// ZIG-NEXT:      %[[ODD:.*]] = arith.andi %[[Y]], %[[ONE]] : index
// ZIG-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// ZIG-NEXT:      %[[EVEN:.*]] = arith.cmpi eq, %[[ODD]], %[[ZERO]] : index
// ZIG-NEXT:      %[[XZ:.*]] = arith.select %[[EVEN]], %[[REV]], %[[X]] : index
// ZIG-NEXT:      %[[XG:.*]] = arith.addi %[[OFF]], %[[XZ]] : index
// ZIG:           seg.write_returns into %{{.*}} [%[[Y]], %[[XG]]]

// expected-error @+1 {{seg-column-schedule: option 'width' must be positive, got}}
module attributes {seg.target = #seg.target<chip = "sm_90", warp_size = 16>} {
  func.func @f(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %m: index, %n: index) {
    seg.map thread (%i, %j) in (%m, %n) outs(%B : memref<?x?xf32>) {
      %x = memref.load %A[%i, %j] : memref<?x?xf32>
      seg.results {
        seg.returns %x into %B : memref<?x?xf32>
      }
    }
    return
  }
}
