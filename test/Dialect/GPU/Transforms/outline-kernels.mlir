// RUN: seg-opt --seg-outline-kernels %s | FileCheck %s

// Each kernel gets the nvvm.* attributes of the launch it came from; other
// attributes, launches without a kernel name and launches that give the
// same name keep nothing.
// CHECK-LABEL: func.func @launches
// CHECK:         gpu.launch_func @bounded::@bounded
// CHECK:         gpu.launch_func @launches_kernel::@launches_kernel
// CHECK:         gpu.launch_func @twice::@twice
// CHECK:         gpu.launch_func @twice_0::@twice
// CHECK:       gpu.module @bounded
// CHECK:         gpu.func @bounded() kernel attributes {known_block_size = array<i32: 64, 1, 1>, nvvm.maxnreg = 72 : i32} {
// CHECK:       gpu.module @launches_kernel
// CHECK:         gpu.func @launches_kernel() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
// CHECK:       gpu.module @twice
// CHECK:         gpu.func @twice() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
// CHECK:       gpu.module @twice_0
// CHECK:         gpu.func @twice() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
func.func @launches(%n: index) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %n, %y = %c1, %z = %c1)
      threads(%tx, %ty, %tz) in (%a = %c64, %b = %c1, %c = %c1)
      function(@bounded) {
    gpu.terminator
  } {nvvm.maxnreg = 72 : i32, other = 1 : i32}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %n, %y = %c1, %z = %c1)
      threads(%tx, %ty, %tz) in (%a = %c64, %b = %c1, %c = %c1) {
    gpu.terminator
  } {nvvm.maxnreg = 64 : i32}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %n, %y = %c1, %z = %c1)
      threads(%tx, %ty, %tz) in (%a = %c64, %b = %c1, %c = %c1)
      function(@twice) {
    gpu.terminator
  } {nvvm.maxnreg = 72 : i32}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %n, %y = %c1, %z = %c1)
      threads(%tx, %ty, %tz) in (%a = %c64, %b = %c1, %c = %c1)
      function(@twice) {
    gpu.terminator
  } {nvvm.maxnreg = 64 : i32}
  return
}
