// RUN: seg-opt %s --seg-to-cpu | %run-cpu | FileCheck %s

// A subview with a dynamic offset: its strided metadata expands to
// affine.apply, which the pipeline must lower too.

func.func @load_row(%m: memref<2x3xf32>, %r: index) -> f32 {
  %c0 = arith.constant 0 : index
  %row = memref.subview %m[%r, 0] [1, 3] [1, 1]
      : memref<2x3xf32> to memref<3xf32, strided<[1], offset: ?>>
  %x = memref.load %row[%c0] : memref<3xf32, strided<[1], offset: ?>>
  return %x : f32
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.5 : f32
  %m = memref.alloc() : memref<2x3xf32>
  memref.store %v, %m[%c1, %c0] : memref<2x3xf32>
  %x = func.call @load_row(%m, %c1) : (memref<2x3xf32>, index) -> f32
  // CHECK: 1.5
  vector.print %x : f32
  memref.dealloc %m : memref<2x3xf32>
  return
}
