// RUN: seg-opt %s --generate-runtime-verification --seg-report-checked-indices | FileCheck %s

// Before the check of a load or store: when it fails, the indices and the
// memref's sizes are printed.
// CHECK-LABEL: func.func @load
// CHECK-SAME: (%[[M:.*]]: memref<?x4xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[FAILS:.*]] = arith.xori %[[HOLDS:.*]], %true
// CHECK: scf.if %[[FAILS]] {
// CHECK-NEXT: vector.print str "out-of-bounds index ["
// CHECK-NEXT: vector.print %[[I]] : index punctuation <no_punctuation>
// CHECK-NEXT: vector.print str ", "
// CHECK-NEXT: vector.print %[[J]] : index punctuation <no_punctuation>
// CHECK-NEXT: vector.print str "] of sizes ["
// CHECK: memref.dim %[[M]], %c0
// CHECK: memref.dim %[[M]], %c1
// CHECK: vector.print str "]\0A"
// CHECK: cf.assert %[[HOLDS]], "ERROR: Runtime op verification failed{{.*}}"
// CHECK-NEXT: memref.load %[[M]][%[[I]], %[[J]]]
func.func @load(%m: memref<?x4xf32>, %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<?x4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @store
// CHECK: scf.if
// CHECK: vector.print str "out-of-bounds index ["
// CHECK: cf.assert {{.*}}"{{$}}
// CHECK-NEXT: memref.store
func.func @store(%m: memref<8xi32>, %i: index, %v: i32) {
  memref.store %v, %m[%i] : memref<8xi32>
  return
}

// Other checks (here a cast's) print nothing more.
// CHECK-LABEL: func.func @cast
// CHECK-NOT: scf.if
// CHECK: cf.assert
func.func @cast(%m: memref<?xf32>) -> memref<4xf32> {
  %c = memref.cast %m : memref<?xf32> to memref<4xf32>
  return %c : memref<4xf32>
}
