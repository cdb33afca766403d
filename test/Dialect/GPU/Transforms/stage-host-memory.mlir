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

// -----

// TMA tensor maps describe the memref they are encoded from: a launch that
// loads through a map of %a and stores through one of %c gets device copies
// of both, and maps encoded again from the copies after they are made; only
// %c, which a TMA store writes, is copied back. A map of device memory is
// used as it is.
// CHECK-LABEL: func.func @tensor_maps
//       CHECK:   memref.cast %[[HOST_A:arg[0-9]+]] : memref<64x32xf32> to memref<*xf32>
//       CHECK:   memref.cast %[[HOST_C:arg[0-9]+]] : memref<16x32xf32> to memref<*xf32>
//       CHECK:   gpu.alloc () : memref<64x32xf32>
//       CHECK:   %[[DEV_MAP:[0-9]+]] = nvgpu.tma.create.descriptor
//       CHECK:   %[[A_DEV:memref[_0-9]*]], %{{.*}} = gpu.alloc async {{.*}} : memref<64x32xf32>
//       CHECK:   gpu.memcpy async {{.*}} %[[A_DEV]], %[[HOST_A]]
//       CHECK:   %[[C_DEV:memref[_0-9]*]], %{{.*}} = gpu.alloc async {{.*}} : memref<16x32xf32>
//       CHECK:   gpu.memcpy async {{.*}} %[[C_DEV]], %[[HOST_C]] :
//       CHECK:   gpu.wait [
//       CHECK:   %[[A_COPY:cast[_0-9]*]] = memref.cast %[[A_DEV]] : memref<64x32xf32> to memref<*xf32>
//       CHECK:   %[[MAP_A:[0-9]+]] = nvgpu.tma.create.descriptor %[[A_COPY]] box
//       CHECK:   %[[C_COPY:cast[_0-9]*]] = memref.cast %[[C_DEV]] : memref<16x32xf32> to memref<*xf32>
//       CHECK:   %[[MAP_C:[0-9]+]] = nvgpu.tma.create.descriptor %[[C_COPY]] box
//       CHECK:   gpu.launch
//       CHECK:     nvgpu.tma.async.load %[[MAP_A]]
//       CHECK:     nvgpu.tma.async.load %[[DEV_MAP]]
//       CHECK:     nvgpu.tma.async.store %{{.*}} to %[[MAP_C]]
//   CHECK-NOT:   gpu.memcpy {{.*}} %[[HOST_A]], %[[A_DEV]]
//       CHECK:   gpu.memcpy async [%{{.*}}] %[[HOST_C]], %[[C_DEV]]
//   CHECK-NOT:   gpu.memcpy
//       CHECK:   return
!map = !nvgpu.tensormap.descriptor<tensor = memref<16x32xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tile = memref<16x32xf32, #gpu.address_space<workgroup>>
func.func @tensor_maps(%a: memref<64x32xf32>, %c: memref<16x32xf32>, %dev: memref<64x32xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %ua = memref.cast %a : memref<64x32xf32> to memref<*xf32>
  %uc = memref.cast %c : memref<16x32xf32> to memref<*xf32>
  %mapA = nvgpu.tma.create.descriptor %ua box[%c16, %c32] : memref<*xf32> -> !map
  %mapC = nvgpu.tma.create.descriptor %uc box[%c16, %c32] : memref<*xf32> -> !map
  %d = gpu.alloc () : memref<64x32xf32>
  %ud = memref.cast %d : memref<64x32xf32> to memref<*xf32>
  %mapD = nvgpu.tma.create.descriptor %ud box[%c16, %c32] : memref<*xf32> -> !map
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %tile = memref.alloca() : !tile
    %bar = nvgpu.mbarrier.create -> !barriers
    nvgpu.tma.async.load %mapA[%k0, %k0], %bar[%k0] to %tile : !map, !barriers -> !tile
    nvgpu.tma.async.load %mapD[%k0, %k0], %bar[%k0] to %tile : !map, !barriers -> !tile
    nvgpu.tma.async.store %tile to %mapC[%k0, %k0] : !tile -> !map
    gpu.terminator
  }
  return
}

// -----

// A tensor map whose memref the pass cannot find (here a function
// argument) is an error at the launch.
!argMap = !nvgpu.tensormap.descriptor<tensor = memref<16x32xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!argBarriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!argTile = memref<16x32xf32, #gpu.address_space<workgroup>>
func.func @opaque_map(%map: !argMap) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'gpu.launch' op captures a tensor map that is not encoded from a memref.cast of a ranked memref; seg-stage-host-memory cannot copy the memory it describes}}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %tile = memref.alloca() : !argTile
    %bar = nvgpu.mbarrier.create -> !argBarriers
    nvgpu.tma.async.load %map[%k0, %k0], %bar[%k0] to %tile : !argMap, !argBarriers -> !argTile
    gpu.terminator
  }
  return
}
