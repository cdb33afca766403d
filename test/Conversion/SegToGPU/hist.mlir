// RUN: seg-opt %s --convert-seg-to-gpu=remarks --cse --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: seg-opt %s --convert-seg-to-gpu="remarks hist-strategy=global-atomic" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: not seg-opt %s --convert-seg-to-gpu="remarks hist-strategy=shared" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=SHARED

// The plan picks shared-memory sub-histograms when the histograms fit in a
// block's shared memory: 256 i32 bins take 1 KiB, so 32 copies (one per lane
// of a warp) fit in 48 KiB. 2^16 bins (256 KiB) do not fit the 227 KiB of
// sm_90: global atomics, or, forced to shared, two passes over halves of the
// bins. A packed argmin written with compare and select has no native atomic:
// compare-and-swap.
// CHECK: remark: plan: histogram: block size 256, at most 1056 blocks, loads in flight 4, vector loads of 4 elements, shared, multiplicity 32, passes 1, bins per pass [256], updates [atomic addi] (the histograms take 1024 bytes, within the 232448 bytes of shared_memory_per_block of target sm_90); shared memory: shared-subhistograms 32768{{$}}
// CHECK: remark: plan: histogram: block size 256, at most 1056 blocks, loads in flight 4, vector loads of 4 elements, global-atomic, updates [atomic addi] (the histograms take 262144 bytes, more than the 232448 bytes of shared_memory_per_block of target sm_90); shared memory: global-atomic 0{{$}}
// CHECK: remark: plan: histogram: block size 256, at most 1056 blocks, loads in flight 2, global-atomic, updates [compare-and-swap, atomic maxs] (the histograms' shape is not static); shared memory: global-atomic 0{{$}}
// GLOBAL-COUNT-4: global-atomic, updates
// SHARED: shared, multiplicity 32, passes 1, bins per pass [256]
// SHARED: shared, multiplicity 1, passes 2, bins per pass [32768]
// SHARED: error: 'seg.hist' op hist-strategy=shared needs histograms of static shape

// Shared: the copies start neutral; a point's update is an atomic on the
// workgroup memory of its thread's copy (thread mod 32), never on the global
// histogram; after a barrier, every bin's 32 copies are combined and added
// to the global histogram once. A thread reads 4 consecutive points with
// one 16-byte vector load (the space's aligned vectors) and updates their
// bins. The fewer than 4 points before the first aligned vector take a
// scalar loop, those after the last another: 4 points (loads in flight)
// before it updates their bins, then one at a time.
// CHECK-LABEL: func.func @bincount(
// CHECK-SAME: %[[IN:.*]]: memref<?xi32>, %[[H:.*]]: memref<256xi32>
// CHECK: gpu.launch {{.*}} function(@bincount_hist_shared)
// CHECK:   %[[SUBS:.*]] = memref.view {{.*}} to memref<8192xi32, #gpu.address_space<workgroup>>
// CHECK:   %[[COPY:.*]] = arith.remui %{{.*}}, %c32
// CHECK:   scf.for %{{.*}} = %c0 to %c1 step %c1 {
// CHECK:     scf.for %[[SLOT:.*]] = %{{.*}} to %c8192 step %c256 {
// CHECK:       memref.store %{{.*}}, %{{.*}}[%[[SLOT]]] : memref<8192xi32>
// CHECK:     gpu.barrier
// CHECK:     scf.for
// CHECK:       memref.load %[[IN]]
// CHECK:     scf.for
// CHECK:       vector.load %[[IN]][%{{.*}}] {alignment = 16 : i64} : memref<?xi32>, vector<4xi32>
// CHECK-NOT:   memref.atomic_rmw {{.*}} %[[H]]
// CHECK-COUNT-4: memref.atomic_rmw addi %{{.*}}, %[[SUBS]][%{{.*}}] : (i32, memref<8192xi32, #gpu.address_space<workgroup>>) -> i32
// CHECK:     scf.for
// CHECK-COUNT-4: memref.load %[[IN]]
// CHECK-NOT:   memref.atomic_rmw {{.*}} %[[H]]
// CHECK-COUNT-4: memref.atomic_rmw addi %{{.*}}, %[[SUBS]][%{{.*}}] : (i32, memref<8192xi32, #gpu.address_space<workgroup>>) -> i32
// CHECK:     scf.for
// CHECK:       memref.load %[[IN]]
// CHECK-NOT:   memref.atomic_rmw {{.*}} %[[H]]
// CHECK:       memref.atomic_rmw addi %{{.*}}, %[[SUBS]][%{{.*}}] : (i32, memref<8192xi32, #gpu.address_space<workgroup>>) -> i32
// CHECK:     gpu.barrier
// CHECK:     scf.for
// CHECK:       scf.for %{{.*}} = %c0 to %c32 step %c1 iter_args
// CHECK:       memref.atomic_rmw addi %{{.*}}, %[[H]][%{{.*}}] : (i32, memref<256xi32>) -> i32
// CHECK:     gpu.barrier
func.func @bincount(%in: memref<?xi32>, %h: memref<256xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %v = memref.load %in[%i] : memref<?xi32>
    %bin = arith.index_cast %v : i32 to index
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Global atomics: out-of-range bins are skipped.
// CHECK-LABEL: func.func @large(
// CHECK: gpu.launch {{.*}} function(@large_hist_global)
// CHECK:   %[[OK:.*]] = arith.cmpi ult, %{{.*}}, %c65536 : index
// CHECK:   scf.if %[[OK]] {
// CHECK:     memref.atomic_rmw addi
func.func @large(%in: memref<?xi32>, %h: memref<65536xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<65536xi32>) {
    %v = memref.load %in[%i] : memref<?xi32>
    %bin = arith.index_cast %v : i32 to index
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// A compare-and-swap loop runs the operator on the current value; a single
// signed max is the native atomic.
// CHECK-LABEL: func.func @argmin_and_max(
// CHECK: memref.generic_atomic_rmw %{{.*}}[%{{.*}}, %{{.*}}] : memref<2x?xi64> {
// CHECK: ^bb0(%[[CUR:.*]]: i64):
// CHECK:   arith.shrui %[[CUR]]
// CHECK:   memref.atomic_yield
// CHECK: memref.atomic_rmw maxs
func.func @argmin_and_max(%keys: memref<2x?xi32>, %argmin: memref<2x?xi64>,
                          %max: memref<2x?xi32>, %n: index) {
  %none = arith.constant -1 : i64
  %low = arith.constant -2147483648 : i32
  %c32 = arith.constant 32 : i64
  seg.hist thread (%s, %i) in (2, %n) outs(%argmin, %max : memref<2x?xi64>, memref<2x?xi32>) {
    %k = memref.load %keys[%s, %i] : memref<2x?xi32>
    %c10 = arith.constant 10 : i32
    %b = arith.remui %k, %c10 : i32
    %bin = arith.index_cast %b : i32 to index
    %k64 = arith.extui %k : i32 to i64
    %hi = arith.shli %k64, %c32 : i64
    %ii = arith.index_cast %i : index to i64
    %packed = arith.ori %hi, %ii : i64
    seg.yield %bin, %packed, %bin, %k : index, i64, index, i32
  } combine commutative (%a: i64, %b: i64) neutral(%none : i64) {
    %ka = arith.shrui %a, %c32 : i64
    %kb = arith.shrui %b, %c32 : i64
    %lt = arith.cmpi ult, %kb, %ka : i64
    %eq = arith.cmpi eq, %kb, %ka : i64
    %lo = arith.cmpi ult, %b, %a : i64
    %tie = arith.andi %eq, %lo : i1
    %take = arith.ori %lt, %tie : i1
    %r = arith.select %take, %b, %a : i64
    seg.yield %r : i64
  } combine commutative (%a: i32, %b: i32) neutral(%low : i32) {
    %r = arith.maxsi %b, %a : i32
    seg.yield %r : i32
  }
  return
}

// A float operator without a native atomic: a compare-and-swap loop on the
// bits of the element, through its address (LLVM's cmpxchg takes
// integers only).
// CHECK-LABEL: func.func @float_max(
// CHECK: gpu.launch {{.*}} function(@float_max_hist_global)
// CHECK:   %[[PTR:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK:   %[[FIRST:.*]] = llvm.load %[[PTR]] atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK:   scf.while (%[[OLD:.*]] = %[[FIRST]]) : (i32) -> i32 {
// CHECK:     %[[CUR:.*]] = arith.bitcast %[[OLD]] : i32 to f32
// CHECK:     %[[MAX:.*]] = arith.maximumf %[[CUR]], %{{.*}} : f32
// CHECK:     %[[NEW:.*]] = arith.bitcast %[[MAX]] : f32 to i32
// CHECK:     llvm.cmpxchg %[[PTR]], %[[OLD]], %[[NEW]] monotonic monotonic : !llvm.ptr, i32
func.func @float_max(%in: memref<?xf32>, %h: memref<?xf32>, %n: index) {
  %low = arith.constant -1.0e30 : f32
  seg.hist thread (%i) in (%n) outs(%h : memref<?xf32>) {
    %v = memref.load %in[%i] : memref<?xf32>
    %c7 = arith.constant 7 : index
    %bin = arith.remui %i, %c7 : index
    seg.yield %bin, %v : index, f32
  } combine commutative (%a: f32, %b: f32) neutral(%low : f32) {
    %r = arith.maximumf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

// u8 samples: a thread reads 16 consecutive points with one 128-bit load
// (not one byte per load) and updates their 16 bins. The view may start
// anywhere: the points before its first 16-byte aligned address (the low
// bits of the pointer and the offset, masked with 15) take the scalar loop,
// as do those after the last whole vector.
// CHECK-LABEL: func.func @bytes(
// CHECK-SAME: %[[IN:[^:]*]]: memref<?xi8, strided<[1], offset: ?>>
// CHECK: gpu.launch {{.*}} function(@bytes_hist_shared)
// CHECK:   memref.extract_aligned_pointer_as_index %[[IN]]
// CHECK:   arith.andi %{{.*}}, %c15
// CHECK:   scf.for
// CHECK:     memref.load %[[IN]]
// CHECK:   scf.for
// CHECK:     vector.load %[[IN]][%{{.*}}] {alignment = 16 : i64} : memref<?xi8, strided<[1], offset: ?>>, vector<16xi8>
// CHECK-COUNT-16: vector.extract
// CHECK-NOT: memref.load %[[IN]]
// CHECK-COUNT-16: memref.atomic_rmw addi
// CHECK:   scf.for
// CHECK:     memref.load %[[IN]]
// Segmented histograms (a 2-D space) read whole rows of u8 in vectors of
// 16 or in words of 4 where one divides the rows and is aligned in every
// row, else point by point.
// CHECK-LABEL: func.func @rows(
// CHECK: scf.for
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x?xi8>, vector<16xi8>
// CHECK: scf.for
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 4 : i64} : memref<?x?xi8>, vector<4xi8>
// CHECK: scf.for
// CHECK: memref.load
// CHECK: return
func.func @bytes(%in: memref<?xi8, strided<[1], offset: ?>>, %h: memref<256xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %v = memref.load %in[%i] : memref<?xi8, strided<[1], offset: ?>>
    %bin = arith.index_castui %v : i8 to index
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

func.func @rows(%in: memref<?x?xi8>, %h: memref<?x256xi32>, %m: index, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.hist thread (%s, %i) in (%m, %n) outs(%h : memref<?x256xi32>) {
    %v = memref.load %in[%s, %i] : memref<?x?xi8>
    %bin = arith.index_castui %v : i8 to index
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}
