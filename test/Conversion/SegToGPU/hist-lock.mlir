// RUN: seg-opt %s --convert-seg-to-gpu="remarks hist-strategy=global-atomic" --cse --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: seg-opt %s --convert-seg-to-gpu="remarks hist-strategy=shared" --cse --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=SHARED

// An operator of two accumulators has two histograms, which no single
// atomic spans: a bin is updated under a lock, an i32 per bin (0: free).
// The host allocates and zeroes one lock per flattened bin (2 segments x 100
// bins) in global memory, and frees them after the kernel. A thread takes a
// lock with an acquire compare-and-swap of 0 to 1, and in the iteration that
// took it updates both histograms and releases it with a release store; the
// others sleep, twice as long each time up to 1024 ns, and try again.
// GLOBAL: remark: plan: histogram: block size 256, at most 1056 blocks, loads in flight 2, global-atomic, updates [lock] (hist-strategy=global-atomic); shared memory: global-atomic 0{{$}}
// GLOBAL-LABEL: func.func @sum_and_count(
// GLOBAL-SAME: %[[IN:.*]]: memref<?xi64>, %[[SUMS:.*]]: memref<2x100xi64>, %[[COUNTS:.*]]: memref<2x100xi64>
// GLOBAL: %[[LOCKS:.*]], %[[TOKEN:.*]] = gpu.alloc async [%{{.*}}] (%{{.*}}) : memref<?xi32>
// GLOBAL: gpu.memset async [%[[TOKEN]]] %[[LOCKS]], %c0_i32 : memref<?xi32>, i32
// GLOBAL: gpu.launch
// GLOBAL:   memref.extract_aligned_pointer_as_index %[[LOCKS]]
// GLOBAL:   %[[LOCK:.*]] = llvm.inttoptr
// GLOBAL:   scf.while (%[[PENDING:.*]] = %true, %{{.*}} = %c32_i32) : (i1, i32) -> i32 {
// GLOBAL:     scf.condition(%[[PENDING]])
// GLOBAL:   } do {
// GLOBAL:   ^bb0(%[[SLEEP:.*]]: i32):
// GLOBAL:     %[[CAS:.*]] = llvm.cmpxchg %[[LOCK]], %c0_i32, %c1_i32 syncscope("device") acquire monotonic
// GLOBAL:     %[[TAKEN:.*]] = llvm.extractvalue %[[CAS]][1]
// GLOBAL:     scf.if %[[TAKEN]] {
// GLOBAL:       memref.load %[[SUMS]]
// GLOBAL:       memref.load %[[COUNTS]]
// GLOBAL:       memref.store %{{.*}}, %[[SUMS]]
// GLOBAL:       memref.store %{{.*}}, %[[COUNTS]]
// GLOBAL:       llvm.store %c0_i32, %[[LOCK]] atomic syncscope("device") release
// GLOBAL:     } else {
// GLOBAL:       nvvm.nanosleep %[[SLEEP]]
// GLOBAL:     }
// GLOBAL:     arith.shli %[[SLEEP]], %c1_i32
// GLOBAL:     arith.minui %{{.*}}, %c1024_i32
// GLOBAL:     %[[RETRY:.*]] = arith.xori %[[TAKEN]], %true
// GLOBAL:     scf.yield %[[RETRY]]
// GLOBAL: gpu.dealloc async [%{{.*}}] %[[LOCKS]] : memref<?xi32>

// Shared: each slot of every copy has its lock in shared memory too, after
// the operator's copies (12 copies of 200 bins: 2 x 19200 + 9600 bytes),
// zeroed with the copies at the start of a pass; the points take the locks
// of their block (syncscope "block"), never a global one, and only the merge
// of the copies takes the global locks.
// SHARED: remark: plan: histogram: block size 256, at most 1056 blocks, loads in flight 2, shared, multiplicity 12, passes 1, bins per pass [200], updates [lock] (hist-strategy=shared); shared memory: shared-subhistograms 48000{{$}}
// SHARED-LABEL: func.func @sum_and_count(
// SHARED-SAME: %[[IN:.*]]: memref<?xi64>, %[[SUMS:.*]]: memref<2x100xi64>, %[[COUNTS:.*]]: memref<2x100xi64>
// SHARED: %[[LOCKS:.*]], %[[TOKEN:.*]] = gpu.alloc async [%{{.*}}] (%{{.*}}) : memref<?xi32>
// SHARED: gpu.memset async [%[[TOKEN]]] %[[LOCKS]], %c0_i32
// SHARED: gpu.launch {{.*}} dynamic_shared_memory_size %c48000_i32
// SHARED:   %[[SUMCOPIES:.*]] = memref.memory_space_cast %{{.*}} : memref<2400xi64, #gpu.address_space<workgroup>> to memref<2400xi64>
// SHARED:   %[[COUNTCOPIES:.*]] = memref.memory_space_cast %{{.*}} : memref<2400xi64, #gpu.address_space<workgroup>> to memref<2400xi64>
// SHARED:   memref.view %{{.*}}[%c38400][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2400xi32, #gpu.address_space<workgroup>>
// SHARED:   %[[SHAREDLOCKS:.*]] = memref.memory_space_cast %{{.*}} : memref<2400xi32, #gpu.address_space<workgroup>> to memref<2400xi32>
// SHARED:   memref.store %c0_i64, %[[SUMCOPIES]]
// SHARED:   memref.store %c0_i64, %[[COUNTCOPIES]]
// SHARED:   memref.store %c0_i32, %[[SHAREDLOCKS]]
// SHARED:   gpu.barrier
// SHARED:   memref.extract_aligned_pointer_as_index %[[SHAREDLOCKS]]
// SHARED:   %[[SHAREDLOCK:.*]] = llvm.inttoptr
// SHARED-NOT: %[[LOCKS]]
// SHARED:   llvm.cmpxchg %[[SHAREDLOCK]], %c0_i32, %c1_i32 syncscope("block") acquire monotonic
// SHARED:   memref.store %{{.*}}, %[[SUMCOPIES]]
// SHARED:   memref.store %{{.*}}, %[[COUNTCOPIES]]
// SHARED:   llvm.store %c0_i32, %[[SHAREDLOCK]] atomic syncscope("block") release
// SHARED:   nvvm.nanosleep
// SHARED:   gpu.barrier
// SHARED:   memref.extract_aligned_pointer_as_index %[[LOCKS]]
// SHARED:   %[[LOCK:.*]] = llvm.inttoptr
// SHARED:   llvm.cmpxchg %[[LOCK]], %c0_i32, %c1_i32 syncscope("device") acquire monotonic
// SHARED:   memref.store %{{.*}}, %[[SUMS]]
// SHARED:   memref.store %{{.*}}, %[[COUNTS]]
// SHARED:   llvm.store %c0_i32, %[[LOCK]] atomic syncscope("device") release
// SHARED:   gpu.barrier
// SHARED: gpu.dealloc async [%{{.*}}] %[[LOCKS]] : memref<?xi32>
func.func @sum_and_count(%in: memref<?xi64>, %sums: memref<2x100xi64>,
                         %counts: memref<2x100xi64>, %n: index) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  seg.hist thread (%s, %i) in (2, %n) outs(%sums, %counts : memref<2x100xi64>, memref<2x100xi64>) {
    %x = memref.load %in[%i] : memref<?xi64>
    %b = arith.index_cast %x : i64 to index
    seg.yield %b, %x, %one : index, i64, i64
  } combine commutative (%a: i64, %c: i64, %x: i64, %y: i64) neutral(%zero, %zero : i64, i64) {
    %s = arith.addi %a, %x : i64
    %t = arith.addi %c, %y : i64
    seg.yield %s, %t : i64, i64
  }
  return
}
