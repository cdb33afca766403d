// RUN: seg-opt --convert-seg-to-gpu %s | FileCheck %s
// RUN: seg-opt --convert-seg-to-gpu="scan-strategy=reduce-then-scan" %s | FileCheck %s --check-prefix=RTS
// RUN: seg-opt --convert-seg-to-gpu="block-size=1024" %s 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: seg-opt --convert-seg-to-gpu="block-size=1024 remarks" %s 2>&1 | FileCheck %s --check-prefix=RESTAGE

// A segmented sum with m = 4 elements per thread and blocks of 64.
func.func @segscan(%in: memref<?x?xi32>, %out: memref<?x?xi32>,
                   %rows: index, %cols: index) {
  %zero = arith.constant 0 : i32
  seg.scan thread (%s, %i) in (%rows, %cols) grid(block_size = 64) chunk(4)
      outs(%out : memref<?x?xi32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Host: groups of 64 x 4 elements, a status flag, an aggregate and a
// prefix per group, and the group counter, zeroed before the launch.
// CHECK-LABEL: func.func @segscan
// CHECK:         %[[TOTAL:.*]] = arith.muli %{{.*}}, %arg3 : index
// CHECK:         scf.if
// CHECK:           %[[GROUPS:.*]] = arith.ceildivui %[[TOTAL]], %c256
// CHECK:           %[[FLAGS:.*]], %{{.*}} = gpu.alloc async [%{{.*}}] (%[[GROUPS]]) : memref<?xi32>
// CHECK:           %[[AGG:.*]], %{{.*}} = gpu.alloc async [%{{.*}}] (%[[GROUPS]]) : memref<?xi32>
// CHECK:           %[[PRE:.*]], %{{.*}} = gpu.alloc async [%{{.*}}] (%[[GROUPS]]) : memref<?xi32>
// CHECK:           gpu.memset async [%{{.*}}] %[[FLAGS]], %c0_i32
// CHECK:           %[[COUNTER:.*]], %{{.*}} = gpu.alloc async [%{{.*}}] ({{.*}}) : memref<?xi64>
// CHECK:           %[[ZERO:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK:           memref.store %c0_i64, %[[ZERO]]
// CHECK:           gpu.memcpy async [%{{.*}}] %[[COUNTER]], %[[ZERO]]
// CHECK:           gpu.wait [
// CHECK:           memref.dealloc %[[ZERO]]
// CHECK:           gpu.launch
// CHECK-SAME:        threads(%{{.*}}) in (%{{.*}} = %c64
// CHECK-SAME:        dynamic_shared_memory_size
// The group id and, with a dynamic segment length, the group's first
// segment and its offset in it, shared by thread 0.
// CHECK:             %[[IDS:.*]] = memref.memory_space_cast %{{.*}} : memref<3xindex, #gpu.address_space<workgroup>> to memref<3xindex>
// The broadcast slot: the group's prefix for every thread.
// CHECK:             %[[BROADCAST:.*]] = memref.memory_space_cast %{{.*}} : memref<1xi32, #gpu.address_space<workgroup>> to memref<1xi32>
// The segment length's reciprocal, once per kernel: a group's first
// segment and its offset in it then take a multiplication, no division.
// CHECK:             %[[RECIPROCAL:.*]] = arith.divui %c-1_i64, %{{.*}} : i64
// Block virtualisation: the first group id from the counter, then one group
// per iteration while the ids last (the next id is taken during the
// look-back). Thread 0 locates each group it takes.
// CHECK:             memref.atomic_rmw addi %c1_i64{{.*}}, %[[COUNTER]]
// CHECK-NOT:         arith.divui
// CHECK-NOT:         arith.remui
// CHECK:             arith.mului_extended %{{.*}}, %[[RECIPROCAL]] : i64
// CHECK:             memref.store %{{.*}}, %[[IDS]][%c1{{.*}}]
// CHECK:             memref.store %{{.*}}, %[[IDS]][%c2{{.*}}]
// CHECK:             gpu.barrier
// CHECK:             scf.while
// CHECK:               arith.cmpi ult, %{{.*}}, %[[GROUPS]]
// CHECK:               memref.load %[[IDS]][%c1{{.*}}]
// CHECK:               memref.load %[[IDS]][%c2{{.*}}]
// The coalesced load & map: each thread's m = 4 elements, all loaded before
// any is staged in shared memory, without bounds checks in a whole group;
// the last group checks each element, one per iteration of a loop.
// CHECK:               scf.if
// CHECK-COUNT-4:         memref.load %arg0[%{{.*}}, %{{.*}}] : memref<?x?xi32>
// CHECK-NEXT:            memref.store
// CHECK-NEXT:            memref.store
// CHECK-NEXT:            memref.store
// CHECK-NEXT:            memref.store
// CHECK-NEXT:          } else {
// CHECK:                 scf.for %{{.*}} = %{{.*}} to %c4{{.*}} step %c1
// CHECK:                   scf.if
// CHECK-NEXT:                memref.load %arg0
// CHECK:                   memref.store
// The transposition stays within each warp: a warp barrier, no block one.
// CHECK-NOT:           gpu.barrier
// CHECK:               nvvm.bar.warp.sync
// The block scan of the threads' (flag, carry) pairs: warp scans, one
// block barrier, then every warp scans the warp totals.
// CHECK:               gpu.shuffle  up
// CHECK:               gpu.barrier
// CHECK-NOT:           gpu.barrier
// CHECK:               gpu.shuffle  up
// On the flagged path each warp scan puts the flags in one ballot, and the
// shuffles move the values only.
// CHECK:               %[[STARTS:.*]] = nvvm.vote.sync {{ *}}ballot %{{.*}}, %{{.*}} -> i32
// CHECK:               llvm.intr.ctlz
// CHECK-NOT:           gpu.shuffle {{.*}} : i1
// CHECK:               gpu.shuffle  up %{{.*}} : i32
// CHECK:               gpu.barrier
// CHECK:               nvvm.vote.sync {{ *}}ballot
// Early publication (P) or the aggregate (A): the value, then the flag
// with a release store.
// CHECK:               scf.if
// CHECK:                 memref.store %{{.*}}, %[[PRE]]
// CHECK-NOT:             llvm.fence
// CHECK:                 arith.constant 2 : i32
// CHECK-NEXT:            llvm.store %{{.*}} atomic syncscope("device") release
// CHECK:                 memref.store %{{.*}}, %[[AGG]]
// CHECK-NOT:             llvm.fence
// CHECK:                 arith.constant 1 : i32
// CHECK-NEXT:            llvm.store %{{.*}} atomic syncscope("device") release
// The aggregate waits for the look-back in the broadcast slot, not in
// every thread's registers.
// CHECK-NOT:             scf.yield
// CHECK:                 memref.store %{{.*}}, %[[BROADCAST]]
// The look-back: a window of 32 groups, each lane polling its flag with
// acquire loads and a doubling nanosleep (no read-modify-write, no
// fence), then a reduction towards lane 0 that stops at P.
// CHECK:               scf.while
// CHECK:                 scf.while
// CHECK-NEXT:              llvm.load %{{.*}} atomic syncscope("device") acquire
// CHECK:                   nvvm.nanosleep
// CHECK-NOT:             llvm.fence
// CHECK:                 memref.load %[[PRE]]
// CHECK:                 memref.load %[[AGG]]
// Five steps, each shuffling the flag and the value down, then lane 0's
// flag to every lane (whether the window holds a P).
// CHECK-COUNT-10:        gpu.shuffle  down
// CHECK-NOT:             gpu.shuffle
// CHECK:                 gpu.shuffle  idx
// CHECK-NOT:             gpu.shuffle
// The inclusive prefix once the look-back is done (the aggregate read back
// from the broadcast slot, which then takes the prefix), then the next
// group id; the group's second and last block barrier.
// CHECK:               memref.load %[[BROADCAST]]
// CHECK:               arith.constant 2 : i32
// CHECK-NEXT:          llvm.store %{{.*}} atomic syncscope("device") release
// CHECK:               memref.store %{{.*}}, %[[BROADCAST]]
// CHECK:               memref.atomic_rmw addi %c1_i64{{.*}}, %[[COUNTER]]
// CHECK:               gpu.barrier
// The coalesced write, after a warp barrier.
// CHECK-NOT:           gpu.barrier
// CHECK:               nvvm.bar.warp.sync
// CHECK-NOT:           gpu.barrier
// CHECK:               memref.store %{{.*}}, %{{.*}} : memref<?x?xi32{{.*}}>
// CHECK-NOT:           gpu.barrier
// CHECK:             scf.yield
// CHECK:           gpu.dealloc async
// CHECK-SAME:        %[[FLAGS]]

// RTS-LABEL: func.func @segscan
// RTS-NOT:     memref.atomic_rmw
// RTS:         gpu.launch
// RTS:         gpu.launch blocks(%{{.*}}) in (%{{.*}} = %c1
// The aggregate scan: each of the block's 64 threads takes 8 consecutive
// groups' (flag, aggregate) pairs per step, all loaded before any is used.
// RTS:           scf.for %{{.*}} = %c0{{.*}} to %{{.*}} step %c512
// RTS-COUNT-8:     memref.load %{{.*}} : memref<?xi32>
// RTS:             gpu.shuffle  up
// RTS:         gpu.launch
// RTS-NOT:     gpu.launch
// RTS:       return

// A 2x2 matrix product of i64 (eight words of state): at block size 1024
// the single-pass kernel would not have the registers, so the default
// strategy falls back to reduce-then-scan.
func.func @matscan(%in: memref<?xi64>, %oa: memref<?xi64>, %ob: memref<?xi64>,
                   %oc: memref<?xi64>, %od: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  // AUTO: remark: lowered by reduce-then-scan: the single-pass kernel needs about 109 registers per thread for its operator state at m = 1, more than the 64 available with block size 1024 on target sm_90
  seg.scan thread (%i) in (%n)
      outs(%oa, %ob, %oc, %od : memref<?xi64>, memref<?xi64>, memref<?xi64>, memref<?xi64>) {
    %x = memref.load %in[%i] : memref<?xi64>
    seg.yield %x, %one, %one, %zero : i64, i64, i64, i64
  } combine (%xa: i64, %xb: i64, %xc: i64, %xd: i64,
             %ya: i64, %yb: i64, %yc: i64, %yd: i64)
      neutral(%one, %zero, %zero, %one : i64, i64, i64, i64) {
    %aa = arith.muli %xa, %ya : i64
    %bc = arith.muli %xb, %yc : i64
    %ab = arith.muli %xa, %yb : i64
    %bd = arith.muli %xb, %yd : i64
    %ca = arith.muli %xc, %ya : i64
    %dc = arith.muli %xd, %yc : i64
    %cb = arith.muli %xc, %yb : i64
    %dd = arith.muli %xd, %yd : i64
    %ra = arith.addi %aa, %bc : i64
    %rb = arith.addi %ab, %bd : i64
    %rc = arith.addi %ca, %dc : i64
    %rd = arith.addi %cb, %dd : i64
    seg.yield %ra, %rb, %rc, %rd : i64, i64, i64, i64
  }
  return
}

// Nor would the rescan hold its scanned values in registers across the
// block scan: its elements wait in the staging buffer (m = 1: the element
// itself, read again after the block scan).
// RESTAGE: remark: plan: scan: block size 1024, at most {{[0-9]+}} blocks, reduce-then-scan, m = 1, elements reloaded for the results, aggregate scan 1 per thread;
// (@widescan, below)
// RESTAGE: remark: plan: scan: block size 1024, at most {{[0-9]+}} blocks, single-pass, m = 24, loads in flight 3, elements reloaded for the results;
// RESTAGE-LABEL: func.func @matscan
// RESTAGE:       function(@matscan_rescan)
// RESTAGE:         %[[STAGE:.*]] = memref.memory_space_cast %{{.*}} : memref<1024xi64, #gpu.address_space<workgroup>> to memref<1024xi64>
// RESTAGE:         scf.for
// RESTAGE:           nvvm.bar.warp.sync
// RESTAGE-NEXT:      arith.index_castui
// RESTAGE:           memref.load %[[STAGE]]
// RESTAGE:           gpu.shuffle  up
// RESTAGE:           memref.load %[[STAGE]][
// RESTAGE-NOT:       gpu.barrier
// RESTAGE:           memref.store %{{.*}}, %[[STAGE]][
// RESTAGE:           nvvm.bar.warp.sync
// AUTO-LABEL: func.func @matscan
// AUTO-NOT:     memref.atomic_rmw addi
// AUTO:         gpu.launch
// AUTO:         gpu.launch blocks(%{{.*}}) in (%{{.*}} = %c1
// AUTO:         gpu.launch
// AUTO:       return

// A thread_in_block scan in a block map: block-wide steps, a warp scan with
// shuffles up, the running carry across steps.
func.func @blockscan(%in: memref<?xi64>, %out: memref<?xi64>, %nb: index) {
  %zero = arith.constant 0 : i64
  seg.map block (%b) in (%nb) grid(block_size = 64) outs(%out : memref<?xi64>) {
    %sh = memref.alloca() : memref<100xi64>
    seg.scan thread_in_block (%t) in (100) outs(%sh : memref<100xi64>) {
      %v = memref.load %in[%t] : memref<?xi64>
      seg.yield %v : i64
    } combine commutative (%p: i64, %q: i64) neutral(%zero : i64) {
      %r = arith.addi %p, %q : i64
      seg.yield %r : i64
    }
    %c99 = arith.constant 99 : index
    %total = memref.load %sh[%c99] : memref<100xi64>
    seg.results {
      seg.returns %total into %out : memref<?xi64>
    }
  }
  return
}

// CHECK-LABEL: func.func @blockscan
// CHECK:         gpu.launch
// CHECK:           scf.for %{{.*}} = %c0{{.*}} to %c100{{.*}} step %c64{{.*}} iter_args
// CHECK:             memref.load %{{.*}} : memref<?xi64>
// CHECK:             gpu.shuffle  up
// CHECK:             gpu.barrier
// CHECK:             memref.store %{{.*}}, %{{.*}} : memref<100xi64>
// CHECK:           gpu.barrier

// A degree the plan did not choose (24 elements per thread at block size
// 1024, 64 registers per thread): its elements are loaded 3 at a time, as
// many as the registers allow, and its elements reloaded (its plan's
// remark is checked above, with the others); the flagged groups' loop
// below reads the input's rows restated with the segment length as their
// stride (scan-dense-rows.mlir).
// RESTAGE-LABEL: func.func @widescan
// RESTAGE:         function(@widescan_scan)
// RESTAGE:           scf.for %{{.*}} = %c0{{.*}} to %c24{{.*}} step %c3{{.*}} iter_args
// RESTAGE-COUNT-3:     memref.load %{{.*}} : memref<?x?xi32, strided<[?, 1]>>
// RESTAGE-COUNT-3:     memref.store
// RESTAGE-NEXT:        scf.yield %{{.*}}, %{{.*}} : i32, i32
func.func @widescan(%in: memref<?x?xi32>, %out: memref<?x?xi32>,
                    %rows: index, %cols: index) {
  %zero = arith.constant 0 : i32
  seg.scan thread (%s, %i) in (%rows, %cols) grid(block_size = 1024) chunk(24)
      outs(%out : memref<?x?xi32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Rows of 8 at m = 4 in blocks of 64: every group of 256 elements starts a
// segment, and each segment lies in a run of 2 threads of a warp. A thread
// scans its run with one shuffle step and takes its prefix from the lane
// below, both within the run: no flags in the operator, no block-wide
// scan, no look-back and nothing published; the block barriers are the
// group id's two.
// CHECK-LABEL: func.func @segscan_runs
// CHECK:         gpu.launch
// CHECK:           scf.while
// CHECK-NOT:         gpu.barrier
// CHECK:             nvvm.bar.warp.sync
// CHECK-NOT:         gpu.barrier
// CHECK:             %[[LANE_INDEX:.*]] = arith.remui %{{.*}}, %c32{{.*}} : index
// CHECK-NEXT:        %[[LANE:.*]] = arith.index_castui %[[LANE_INDEX]] : index to i32
// CHECK:             %[[PLACE:.*]] = arith.andi %[[LANE]], %c1_i32{{.*}} : i32
// CHECK:             %[[BELOW:.*]], %{{.*}} = gpu.shuffle  up %[[OWN:.*]], %c1_i32{{.*}}, %c32_i32 : i32
// CHECK:             %[[TAKES:.*]] = arith.cmpi ule, %c1_i32{{.*}}, %[[PLACE]] : i32
// CHECK:             %[[SCANNED:.*]] = scf.if %[[TAKES]] -> (i32) {
// CHECK:               arith.addi %[[BELOW]], %[[OWN]] : i32
// CHECK:             gpu.shuffle  up %[[SCANNED]], %c1_i32{{.*}}, %c32_i32 : i32
// CHECK-NOT:         gpu.shuffle
// CHECK-NOT:         memref.atomic_rmw
// CHECK:             gpu.barrier
// CHECK-NEXT:        scf.if
// CHECK-NEXT:          %c0{{.*}} = arith.constant 0 : index
// CHECK-NEXT:          %c1_i64{{.*}} = arith.constant 1 : i64
// CHECK-NEXT:          memref.atomic_rmw addi %c1_i64
// CHECK-NOT:         memref.atomic_rmw
// CHECK-NOT:         gpu.shuffle
// CHECK:             gpu.barrier
// CHECK-NOT:         gpu.barrier
// CHECK-NOT:         gpu.shuffle
// CHECK:             memref.store %{{.*}}, %arg1[
// CHECK:           gpu.terminator
// RTS-LABEL: func.func @segscan_runs
// RTS:           gpu.launch
// RTS:             gpu.shuffle  up
// RTS:             gpu.barrier
func.func @segscan_runs(%in: memref<?x8xi32>, %out: memref<?x8xi32>,
                        %rows: index) {
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  seg.scan thread (%s, %i) in (%rows, %c8) grid(block_size = 64) chunk(4)
      outs(%out : memref<?x8xi32>) {
    %x = memref.load %in[%s, %i] : memref<?x8xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// Rows of static length 0: an empty scan, which compiles (its kernels run
// under the non-empty test) and asks nothing of segments in runs.
// CHECK-LABEL: func.func @segscan_empty_rows
// CHECK:         scf.if
// CHECK:           gpu.launch
func.func @segscan_empty_rows(%in: memref<?x0xi32>, %out: memref<?x0xi32>,
                              %rows: index) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  seg.scan thread (%s, %i) in (%rows, %c0) grid(block_size = 64) chunk(4)
      outs(%out : memref<?x0xi32>) {
    %x = memref.load %in[%s, %i] : memref<?x0xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}
