// RUN: seg-opt --seg-stage-host-memory --split-input-file --verify-diagnostics %s | FileCheck %s

// A kernel that reads %in, writes %out through a cast and uses device
// memory %dev: %in and %out get device copies before the launch, only %out
// is copied back, %dev is used as it is.
// CHECK-LABEL: func.func @stage
//       CHECK:   %[[T0:.*]] = gpu.wait async
//       CHECK:   %[[D0:.*]] = memref.dim %[[IN:.*]], %c0
//       CHECK:   %[[IN_DEV:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] (%[[D0]]) : memref<?xf32>
//       CHECK:   %[[T2:.*]] = gpu.memcpy async [%[[T1]]] %[[IN_DEV]], %[[IN]]
//       CHECK:   %[[OUT_DEV:.*]], %[[T3:.*]] = gpu.alloc async [%[[T2]]] () : memref<4xf32>
//       CHECK:   %[[T4:.*]] = gpu.memcpy async [%[[T3]]] %[[OUT_DEV]], %[[OUT:.*]] :
//       CHECK:   gpu.wait [%[[T4]]]
//       CHECK:   gpu.launch
//       CHECK:     memref.load %[[IN_DEV]]
//       CHECK:     memref.cast %[[OUT_DEV]]
//       CHECK:     memref.load %[[DEV:.*]][
//   CHECK-NOT:   gpu.memcpy {{.*}} %[[IN]], %[[IN_DEV]]
//       CHECK:   %[[T5:.*]] = gpu.wait async
//       CHECK:   %[[T6:.*]] = gpu.memcpy async [%[[T5]]] %[[OUT]], %[[OUT_DEV]]
//       CHECK:   %[[T7:.*]] = gpu.dealloc async [%[[T6]]] %[[IN_DEV]]
//       CHECK:   %[[T8:.*]] = gpu.dealloc async [%[[T7]]] %[[OUT_DEV]]
//       CHECK:   gpu.wait [%[[T8]]]
func.func @stage(%in: memref<?xf32>, %out: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dev = gpu.alloc (%n) : memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1) {
    %v = memref.load %in[%tx] : memref<?xf32>
    %cast = memref.cast %out : memref<4xf32> to memref<?xf32>
    %w = memref.load %dev[%tx] : memref<?xf32>
    %s = arith.addf %v, %w : f32
    memref.store %s, %cast[%tx] : memref<?xf32>
    gpu.terminator
  }
  gpu.dealloc %dev : memref<?xf32>
  return
}

// -----

// A kernel that writes %out only through a pointer made of its address (a
// compare-and-swap on the bits, as histogram updates of floats do) and
// checks the address of %in for alignment: %out is copied back, %in is not.
// CHECK-LABEL: func.func @address_taken
//       CHECK:   %[[IN_DEV:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<4xf32>
//       CHECK:   %[[OUT_DEV:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<4xf32>
//       CHECK:   gpu.launch
//       CHECK:     memref.extract_aligned_pointer_as_index %[[IN_DEV]]
//       CHECK:     memref.extract_aligned_pointer_as_index %[[OUT_DEV]]
//       CHECK:     llvm.cmpxchg
//   CHECK-NOT:   gpu.memcpy {{.*}} %[[IN_DEV]]
//       CHECK:   gpu.memcpy async [%{{.*}}] %{{.*}}, %[[OUT_DEV]]
//   CHECK-NOT:   gpu.memcpy
//       CHECK:   gpu.dealloc
func.func @address_taken(%in: memref<4xf32>, %out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %inAddress = memref.extract_aligned_pointer_as_index %in : memref<4xf32> -> index
    %low = arith.remui %inAddress, %c16 : index
    %aligned = arith.cmpi eq, %low, %c0 : index
    %address = memref.extract_aligned_pointer_as_index %out : memref<4xf32> -> index
    %address64 = arith.index_cast %address : index to i64
    %pointer = llvm.inttoptr %address64 : i64 to !llvm.ptr
    %old = arith.constant 0 : i32
    %new = arith.constant 1065353216 : i32
    %pair = llvm.cmpxchg %pointer, %old, %new monotonic monotonic : !llvm.ptr, i32
    gpu.terminator
  }
  return
}

// -----

// A launch that captures no host memref is left alone.
// CHECK-LABEL: func.func @device_only
//   CHECK-NOT:   gpu.memcpy
func.func @device_only(%n: index) {
  %c1 = arith.constant 1 : index
  %dev = gpu.alloc (%n) : memref<?xf32>
  %view = memref.subview %dev[0] [1] [1] : memref<?xf32> to memref<1xf32, strided<[1]>>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1) {
    %f = arith.constant 1.0 : f32
    memref.store %f, %view[%tx] : memref<1xf32, strided<[1]>>
    gpu.terminator
  }
  return
}

// -----

func.func @strided(%m: memref<4x4xf32>) {
  %c1 = arith.constant 1 : index
  %col = memref.subview %m[0, 1] [4, 1] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4], offset: 1>>
  // expected-error @+1 {{'gpu.launch' op captures a memref of type 'memref<4xf32, strided<[4], offset: 1>>' without the identity layout; seg-stage-host-memory copies only contiguous memrefs}}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1) {
    %v = memref.load %col[%tx] : memref<4xf32, strided<[4], offset: 1>>
    gpu.terminator
  }
  return
}
