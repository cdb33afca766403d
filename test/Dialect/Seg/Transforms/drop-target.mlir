// RUN: seg-opt %s --seg-drop-target | FileCheck %s

// Every #seg.target goes, on the module and on ops inside it; other
// attributes stay.

// CHECK: module attributes {test.kept} {
// CHECK-NOT: seg.target
// CHECK: func.func @f() attributes {test.also_kept}
module attributes {seg.target = #seg.target<chip = "sm_90a">, test.kept} {
  func.func @f() attributes {seg.target = #seg.target<chip = "sm_80">, test.also_kept} {
    return
  }
}
