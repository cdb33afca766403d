// RUN: seg-opt %s --convert-seg-to-gpu=hist-strategy=shared | FileCheck %s --check-prefix=SHARED
// RUN: seg-opt %s --convert-seg-to-gpu=hist-strategy=global-atomic --seg-stage-host-memory | FileCheck %s --check-prefix=STAGED

// Floating-point maximum and minimum have no native atomic: every update is
// a compare-and-swap loop on the element's bits, of the float's width,
// through the element's address. With the shared strategy, the points
// update the block's sub-histograms (the generic view of workgroup memory)
// so, and the merge updates the global histogram so.
// SHARED-LABEL: func.func @f64_min(
//       SHARED: gpu.launch {{.*}} function(@f64_min_hist_shared)
//       SHARED:   %[[SHARED:.*]] = memref.memory_space_cast %{{.*}} : memref<{{[0-9]+}}xf64, #gpu.address_space<workgroup>> to memref<{{[0-9]+}}xf64>
//       SHARED:   memref.extract_aligned_pointer_as_index %[[SHARED]]
//       SHARED:   %[[PTR:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
//       SHARED:   %[[FIRST:.*]] = llvm.load %[[PTR]] atomic monotonic {alignment = 8 : i64} : !llvm.ptr -> i64
//       SHARED:   scf.while (%[[OLD:.*]] = %[[FIRST]]) : (i64) -> i64 {
//       SHARED:     %[[CUR:.*]] = arith.bitcast %[[OLD]] : i64 to f64
//       SHARED:     %[[MIN:.*]] = arith.minimumf %[[CUR]], %{{.*}} : f64
//       SHARED:     %[[NEW:.*]] = arith.bitcast %[[MIN]] : f64 to i64
//       SHARED:     llvm.cmpxchg %[[PTR]], %[[OLD]], %[[NEW]] monotonic monotonic : !llvm.ptr, i64
//       SHARED:   gpu.barrier
//       SHARED:   memref.extract_aligned_pointer_as_index %arg1 : memref<64xf64>
//       SHARED:   llvm.cmpxchg %{{.*}} monotonic monotonic : !llvm.ptr, i64
func.func @f64_min(%in: memref<?xf64>, %h: memref<64xf64>, %n: index) {
  %inf = arith.constant 0x7FF0000000000000 : f64
  seg.hist thread (%i) in (%n) outs(%h : memref<64xf64>) {
    %v = memref.load %in[%i] : memref<?xf64>
    %c64 = arith.constant 64 : index
    %bin = arith.remui %i, %c64 : index
    seg.yield %bin, %v : index, f64
  } combine commutative (%a: f64, %b: f64) neutral(%inf : f64) {
    %r = arith.minimumf %a, %b : f64
    seg.yield %r : f64
  }
  return
}

// A 16-bit float takes a 16-bit compare-and-swap. The histogram is only
// written through the address: staged in device memory, it is still
// copied back after the kernel (the input is not).
// SHARED-LABEL: func.func @bf16_max(
//       SHARED:   scf.while (%[[OLD:.*]] = %{{.*}}) : (i16) -> i16 {
//       SHARED:     %[[CUR:.*]] = arith.bitcast %[[OLD]] : i16 to bf16
//       SHARED:     %[[MAX:.*]] = arith.maximumf %[[CUR]], %{{.*}} : bf16
//       SHARED:     %[[NEW:.*]] = arith.bitcast %[[MAX]] : bf16 to i16
//       SHARED:     llvm.cmpxchg %{{.*}}, %[[OLD]], %[[NEW]] monotonic monotonic : !llvm.ptr, i16
// STAGED-LABEL: func.func @bf16_max(
//  STAGED-SAME:     %[[IN:[^:]*]]: memref<?xbf16>, %[[H:[^:]*]]: memref<16xbf16>
//       STAGED:   %[[IN_DEV:.*]], %{{.*}} = gpu.alloc async
//       STAGED:   %[[H_DEV:.*]], %{{.*}} = gpu.alloc async
//       STAGED:   gpu.launch {{.*}} function(@bf16_max_hist_global)
//       STAGED:     memref.extract_aligned_pointer_as_index %[[H_DEV]]
//       STAGED:     llvm.cmpxchg {{.*}} : !llvm.ptr, i16
//   STAGED-NOT:   gpu.memcpy {{.*}} %[[IN]], %[[IN_DEV]]
//       STAGED:   gpu.memcpy async [%{{.*}}] %[[H]], %[[H_DEV]] : memref<16xbf16>, memref<16xbf16>
//   STAGED-NOT:   gpu.memcpy
//       STAGED:   return
func.func @bf16_max(%in: memref<?xbf16>, %h: memref<16xbf16>, %n: index) {
  %ninf = arith.constant 0xFF80 : bf16
  seg.hist thread (%i) in (%n) outs(%h : memref<16xbf16>) {
    %v = memref.load %in[%i] : memref<?xbf16>
    %c16 = arith.constant 16 : index
    %bin = arith.remui %i, %c16 : index
    seg.yield %bin, %v : index, bf16
  } combine commutative (%a: bf16, %b: bf16) neutral(%ninf : bf16) {
    %r = arith.maximumf %a, %b : bf16
    seg.yield %r : bf16
  }
  return
}
