// RUN: seg-opt %s --convert-seg-to-gpu=remarks --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: seg-opt %s --convert-seg-to-gpu="remarks scan-strategy=reduce-then-scan" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=RTS

// convert-seg-to-gpu plans every op before it rewrites anything; `remarks`
// prints each plan in one line. The shared memory every kernel declares is
// the plan's: each launch's dynamic_shared_memory_size is the number of
// bytes its kernel has in the remark.

// CHECK: remark: plan: reduction: block size 256, at most 1056 blocks, strategy auto, sequential threshold 65536, small segments up to 128, sequential tile 32, chunk 1, loads in flight 8, vector loads of 4 elements; shared memory: sequential-segments [[RED_SEQ:[0-9]+]], small-segments [[RED_SMALL:[0-9]+]], large-segments [[RED_LARGE:[0-9]+]]{{$}}
// CHECK: remark: plan: reduction: block size 128, at most 2112 blocks, strategy auto, sequential threshold 65536, small segments up to 64, sequential tile 32, chunk 4, loads in flight 8; shared memory: large-segments [[CH_LARGE:[0-9]+]]{{$}}
// CHECK: remark: plan: scan: block size 128, at most 2112 blocks, single-pass, m = 3 (threads x m: model: about 72 registers at m = 20 (the most within 73, which keep 7/16 of the SM resident), 896 threads resident per SM; m from the op's chunk); shared memory: single-pass scan [[SCAN:[0-9]+]]{{$}}
// CHECK: remark: plan: block map: block size 64, at most 4224 blocks, thread_in_block loads in flight [1]; shared memory: block [[BLOCK:[0-9]+]]{{$}}
// CHECK: remark: plan: thread map: block size 256, at most 1056 blocks, loads in flight 8; shared memory: thread 0{{$}}

// CHECK-LABEL: func.func @red(
// CHECK: arith.constant [[RED_SEQ]] : i32
// CHECK-NEXT: gpu.launch {{.*}} dynamic_shared_memory_size %{{.*}} function(@red_sequential_segments)
// CHECK: arith.constant [[RED_SMALL]] : i32
// CHECK-NEXT: gpu.launch {{.*}} dynamic_shared_memory_size %{{.*}} function(@red_small_segments)
// CHECK: gpu.launch {{.*}} dynamic_shared_memory_size %c[[RED_LARGE]]_i32{{(_[0-9]+)?}} function(@red_large_segments)
// A flat reduction (one segment) has the large kernel only.
// CHECK-LABEL: func.func @red_chunked(
// CHECK-NOT: gpu.launch
// CHECK: arith.constant [[CH_LARGE]] : i32
// CHECK-NEXT: gpu.launch {{.*}} function(@red_chunked_large_segments)
// CHECK-LABEL: func.func @scan(
// CHECK: arith.constant [[SCAN]] : i32
// CHECK-NEXT: gpu.launch {{.*}} dynamic_shared_memory_size
// CHECK-LABEL: func.func @block(
// CHECK: arith.constant [[BLOCK]] : i32
// CHECK-NEXT: gpu.launch {{.*}} dynamic_shared_memory_size
// CHECK-LABEL: func.func @map(
// CHECK-NOT: dynamic_shared_memory_size
// CHECK: return

// RTS: remark: plan: scan: block size 256, at most 1056 blocks, reduce-then-scan, m = 3, aggregate scan 8 per thread (threads x m: default block, reduce-then-scan; m from the op's chunk); shared memory: group aggregate [[AGG:[0-9]+]], aggregate scan [[AGGSCAN:[0-9]+]], rescan [[RESCAN:[0-9]+]]{{$}}
// RTS-LABEL: func.func @scan(
// RTS: arith.constant [[AGG]] : i32
// RTS-NEXT: gpu.launch {{.*}} dynamic_shared_memory_size
// RTS: arith.constant [[AGGSCAN]] : i32
// RTS-NEXT: gpu.launch {{.*}} dynamic_shared_memory_size
// RTS: arith.constant [[RESCAN]] : i32
// RTS-NEXT: gpu.launch {{.*}} dynamic_shared_memory_size
// RTS-LABEL: func.func @block(

func.func @red(%in: memref<?x?xf32>, %out: memref<?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%s, %i) in (%m, %n) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @red_chunked(%in: memref<?xi64>, %out: memref<i64>, %n: index) {
  %zero = arith.constant 0 : i64
  seg.red thread (%i) in (%n) grid(block_size = 128) chunk(4) outs(%out : memref<i64>) {
    %x = memref.load %in[%i] : memref<?xi64>
    seg.yield %x : i64
  } combine (%a: i64, %b: i64) neutral(%zero : i64) {
    %d = arith.subi %a, %b : i64
    seg.yield %d : i64
  }
  return
}

func.func @scan(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) chunk(3) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

func.func @block(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.map block (%b) in (%n) grid(block_size = 64) outs(%out : memref<?xf32>) {
    %tile = memref.alloca() : memref<64xf32>
    %sum = memref.alloca() : memref<f32>
    seg.map thread_in_block (%t) in (64) outs(%tile : memref<64xf32>) {
      %x = memref.load %in[%t] : memref<?xf32>
      seg.results { seg.returns %x into %tile : memref<64xf32> }
    }
    seg.red thread_in_block (%t) in (64) outs(%sum : memref<f32>) {
      %x = memref.load %tile[%t] : memref<64xf32>
      seg.yield %x : f32
    } combine commutative (%p: f32, %q: f32) neutral(%zero : f32) {
      %r = arith.addf %p, %q : f32
      seg.yield %r : f32
    }
    %v = memref.load %sum[] : memref<f32>
    seg.results { seg.returns %v into %out : memref<?xf32> }
  }
  return
}

func.func @map(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.results { seg.returns %x into %out : memref<?xf32> }
  }
  return
}
