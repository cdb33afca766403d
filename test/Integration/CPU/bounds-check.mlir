// seg-to-cpu's `check`: every memref access of the lowered program is
// checked at run time (upstream's generate-runtime-verification, after the
// kernel results became stores). A seg.map over 3000 x 400 that reads y of
// 2 x 2 with its indices stops at the first out-of-bounds load, and an
// output one row too small stops at the first store past it; the report
// names the element, the op and its location (seg-report-checked-indices
// prints the indices before the check aborts). cf.assert prints its report with puts,
// then aborts: stdbuf keeps a piped stdout line-buffered so that the
// report is not lost.
//
// RUN: seg-opt %s --seg-to-cpu=check=true | not --crash stdbuf -oL %run-cpu 2>&1 | FileCheck %s --check-prefix=READ
// READ: out-of-bounds index [0, 2] of sizes [2, 2]
// READ-NEXT: ERROR: Runtime op verification failed
// READ-NEXT: memref.load %{{.*}} : memref<2x2xf32>
// READ-NEXT: ^ out-of-bounds access
// READ-NEXT: Location: loc("{{.*}}bounds-check.mlir":34:10)
//
// RUN: sed 's/func.func @main()/func.func @main_read()/; s/func.func @main_write()/func.func @main()/' %s | seg-opt --seg-to-cpu=check=true | not --crash stdbuf -oL %run-cpu 2>&1 | FileCheck %s --check-prefix=WRITE
// WRITE: out-of-bounds index [3, 0] of sizes [3, 3]
// WRITE-NEXT: ERROR: Runtime op verification failed
// WRITE-NEXT: memref.store
// WRITE-NEXT: ^ out-of-bounds access
// WRITE-NEXT: Location: loc("<stdin>":47:{{[0-9]+}})
//
// Without `check` nothing is checked (run_cpu and run_emulator in Python
// check by default).
// RUN: seg-opt %s --seg-to-cpu | FileCheck %s --check-prefix=UNCHECKED
// UNCHECKED-NOT: Runtime op verification

func.func @read(%x: memref<3000x400xf32>, %y: memref<2x2xf32>,
                %out: memref<3000x400xf32>) {
  seg.map thread (%i, %j) in (3000, 400) outs(%out : memref<3000x400xf32>) {
    %a = memref.load %x[%i, %j] : memref<3000x400xf32>
    %b = memref.load %y[%i, %j] : memref<2x2xf32>
    %s = arith.addf %a, %b : f32
    seg.results {
      seg.returns %s into %out : memref<3000x400xf32>
    }
  }
  return
}

func.func @write(%x: memref<4x3xf32>, %out: memref<?x3xf32>) {
  seg.map thread (%i, %j) in (4, 3) outs(%out : memref<?x3xf32>) {
    %a = memref.load %x[%i, %j] : memref<4x3xf32>
    seg.results {
      seg.returns %a into %out : memref<?x3xf32>
    }
  }
  return
}

func.func @main() {
  %x = memref.alloc() : memref<3000x400xf32>
  %y = memref.alloc() : memref<2x2xf32>
  %out = memref.alloc() : memref<3000x400xf32>
  call @read(%x, %y, %out) : (memref<3000x400xf32>, memref<2x2xf32>, memref<3000x400xf32>) -> ()
  memref.dealloc %x : memref<3000x400xf32>
  memref.dealloc %y : memref<2x2xf32>
  memref.dealloc %out : memref<3000x400xf32>
  return
}

func.func @main_write() {
  %x = memref.alloc() : memref<4x3xf32>
  %out = memref.alloc() : memref<3x3xf32>
  %dynamic = memref.cast %out : memref<3x3xf32> to memref<?x3xf32>
  call @write(%x, %dynamic) : (memref<4x3xf32>, memref<?x3xf32>) -> ()
  memref.dealloc %x : memref<4x3xf32>
  memref.dealloc %out : memref<3x3xf32>
  return
}
