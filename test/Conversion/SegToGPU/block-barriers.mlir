// RUN: seg-opt %s --convert-seg-to-gpu | FileCheck %s

// A thread_in_block map ends with a barrier unless the next op of the block
// body is a thread_in_block map that cannot communicate with it through
// memory: neither writes a buffer (traced through views to its allocation)
// that the other reads or writes. The last map of a body keeps its barrier.

// Two copies into distinct shared slices, then a map reading both: one
// barrier between the copies and the compute, one after it.
// CHECK-LABEL: func.func @independent_copies(
// CHECK: gpu.launch
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %[[AS:[a-z0-9_]+]][
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %[[BS:[a-z0-9_]+]][
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %[[AS]]
// CHECK: memref.load %[[BS]]
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @independent_copies(%A: memref<?xf32>, %B: memref<?xf32>,
                              %out: memref<?xf32>, %nb: index) {
  seg.map block (%b) in (%nb) grid(block_size = 8) outs(%out : memref<?xf32>) {
    %as = memref.alloca() : memref<8xf32>
    %bs = memref.alloca() : memref<8xf32>
    seg.map thread_in_block (%t) in (8) outs(%as : memref<8xf32>) {
      %x = memref.load %A[%t] : memref<?xf32>
      seg.results {
        seg.returns %x into %as : memref<8xf32>
      }
    }
    // Pure block-level code between the maps needs no barrier.
    %c1 = arith.constant 1 : index
    seg.map thread_in_block (%t) in (8) outs(%bs : memref<8xf32>) {
      %i = arith.addi %t, %c1 : index
      %x = memref.load %B[%i] : memref<?xf32>
      seg.results {
        seg.returns %x into %bs : memref<8xf32>
      }
    }
    seg.map thread_in_block (%t) in (8) outs(%out : memref<?xf32>) {
      %x = memref.load %as[%t] : memref<8xf32>
      %y = memref.load %bs[%t] : memref<8xf32>
      %s = arith.addf %x, %y : f32
      seg.results {
        seg.tile_returns %s into %out tiles [(%nb, 8)] : memref<?xf32>
      }
    }
    seg.results {}
  }
  return
}

// Copies through subviews of distinct slices are independent too; a map
// reading a view of what the previous one wrote is not.
// CHECK-LABEL: func.func @views(
// CHECK: gpu.launch
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %subview[
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %subview_{{[0-9]+}}[
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.load
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @views(%A: memref<?xf32>, %out: memref<?xf32>, %nb: index) {
  seg.map block (%b) in (%nb) grid(block_size = 4) outs(%out : memref<?xf32>) {
    %as = memref.alloca() : memref<8xf32>
    %bs = memref.alloca() : memref<8xf32>
    %av = memref.subview %as[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    %bv = memref.subview %bs[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
    seg.map thread_in_block (%t) in (4) {
      %x = memref.load %A[%t] : memref<?xf32>
      memref.store %x, %av[%t] : memref<4xf32, strided<[1]>>
      seg.results {}
    }
    seg.map thread_in_block (%t) in (4) {
      %x = memref.load %A[%t] : memref<?xf32>
      memref.store %x, %bv[%t] : memref<4xf32, strided<[1], offset: 4>>
      seg.results {}
    }
    seg.map thread_in_block (%t) in (4) outs(%out : memref<?xf32>) {
      %x = memref.load %as[%t] : memref<8xf32>
      seg.results {
        seg.tile_returns %x into %out tiles [(%nb, 4)] : memref<?xf32>
      }
    }
    seg.results {}
  }
  return
}

// A chain: the second map is independent of the first and the third of
// the second, but the third reads what the first wrote, and no barrier has
// separated them yet: the barrier before the third stays.
// CHECK-LABEL: func.func @chain(
// CHECK: gpu.launch
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %[[S:[a-z0-9_]+]][
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %[[T:[a-z0-9_]+]][
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %[[S]]
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @chain(%A: memref<?xf32>, %out: memref<?xf32>, %nb: index) {
  seg.map block (%b) in (%nb) grid(block_size = 4) outs(%out : memref<?xf32>) {
    %s = memref.alloca() : memref<4xf32>
    %t2 = memref.alloca() : memref<4xf32>
    %u = memref.alloca() : memref<4xf32>
    seg.map thread_in_block (%t) in (4) outs(%s : memref<4xf32>) {
      %x = memref.load %A[%t] : memref<?xf32>
      seg.results {
        seg.returns %x into %s : memref<4xf32>
      }
    }
    seg.map thread_in_block (%t) in (4) outs(%t2 : memref<4xf32>) {
      %x = memref.load %A[%t] : memref<?xf32>
      seg.results {
        seg.returns %x into %t2 : memref<4xf32>
      }
    }
    seg.map thread_in_block (%t) in (4) outs(%u : memref<4xf32>) {
      %c3 = arith.constant 3 : index
      %r = arith.subi %c3, %t : index
      %x = memref.load %s[%r] : memref<4xf32>
      seg.results {
        seg.returns %x into %u : memref<4xf32>
      }
    }
    seg.results {}
  }
  return
}

// Read after write: the second map reads the slice the first wrote.
// CHECK-LABEL: func.func @read_after_write(
// CHECK: gpu.launch
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %[[S:[a-z0-9_]+]][
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %[[S]]
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @read_after_write(%A: memref<?xf32>, %out: memref<?xf32>,
                            %nb: index) {
  seg.map block (%b) in (%nb) grid(block_size = 8) outs(%out : memref<?xf32>) {
    %s = memref.alloca() : memref<8xf32>
    seg.map thread_in_block (%t) in (8) outs(%s : memref<8xf32>) {
      %x = memref.load %A[%t] : memref<?xf32>
      seg.results {
        seg.returns %x into %s : memref<8xf32>
      }
    }
    seg.map thread_in_block (%t) in (8) outs(%out : memref<?xf32>) {
      %c7 = arith.constant 7 : index
      %r = arith.subi %c7, %t : index
      %x = memref.load %s[%r] : memref<8xf32>
      seg.results {
        seg.tile_returns %x into %out tiles [(%nb, 8)] : memref<?xf32>
      }
    }
    seg.results {}
  }
  return
}

// Write after read: the second map overwrites the slice the first reads;
// write after write: both write (different parts of) one slice.
// CHECK-LABEL: func.func @write_after_read(
// CHECK: gpu.launch
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %[[S:[a-z0-9_]+]][
// CHECK: memref.store
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %[[S]][
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %[[S]][
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @write_after_read(%A: memref<?xf32>, %out: memref<?xf32>,
                            %nb: index) {
  %c4 = arith.constant 4 : index
  seg.map block (%b) in (%nb) grid(block_size = 4) outs(%out : memref<?xf32>) {
    %s = memref.alloca() : memref<8xf32>
    %t2 = memref.alloca() : memref<8xf32>
    seg.map thread_in_block (%t) in (4) {
      %x = memref.load %s[%t] : memref<8xf32>
      memref.store %x, %t2[%t] : memref<8xf32>
      seg.results {}
    }
    seg.map thread_in_block (%t) in (4) {
      %x = memref.load %A[%t] : memref<?xf32>
      memref.store %x, %s[%t] : memref<8xf32>
      seg.results {}
    }
    seg.map thread_in_block (%t) in (4) {
      %x = memref.load %A[%t] : memref<?xf32>
      %u = arith.addi %t, %c4 : index
      memref.store %x, %s[%u] : memref<8xf32>
      seg.results {}
    }
    seg.results {}
  }
  return
}

// Two function arguments may be the same memory, an op without known
// effects may touch anything, and a memref of unknown origin may be any
// buffer: every barrier stays.
// CHECK-LABEL: func.func @unknown_aliasing(
// CHECK: gpu.launch
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %arg0[
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %arg1[
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: func.call @opaque
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.store
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: arith.select
// CHECK: memref.store
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.load
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func private @opaque(index)
func.func @unknown_aliasing(%x: memref<?xf32>, %y: memref<?xf32>,
                            %out: memref<?xf32>, %nb: index, %c: i1) {
  seg.map block (%b) in (%nb) grid(block_size = 4) outs(%out : memref<?xf32>) {
    %s = memref.alloca() : memref<4xf32>
    %p = memref.alloca() : memref<4xf32>
    seg.map thread_in_block (%t) in (4) {
      %z = arith.constant 0.0 : f32
      memref.store %z, %x[%t] : memref<?xf32>
      seg.results {}
    }
    seg.map thread_in_block (%t) in (4) outs(%s : memref<4xf32>) {
      %v = memref.load %y[%t] : memref<?xf32>
      seg.results {
        seg.returns %v into %s : memref<4xf32>
      }
    }
    seg.map thread_in_block (%t) in (4) {
      func.call @opaque(%t) : (index) -> ()
      seg.results {}
    }
    seg.map thread_in_block (%t) in (4) {
      %z = arith.constant 1.0 : f32
      memref.store %z, %p[%t] : memref<4xf32>
      seg.results {}
    }
    %m = arith.select %c, %s, %p : memref<4xf32>
    seg.map thread_in_block (%t) in (4) {
      %z = arith.constant 2.0 : f32
      memref.store %z, %m[%t] : memref<4xf32>
      seg.results {}
    }
    seg.map thread_in_block (%t) in (4) outs(%out : memref<?xf32>) {
      %v = memref.load %s[%t] : memref<4xf32>
      seg.results {
        seg.tile_returns %v into %out tiles [(%nb, 4)] : memref<?xf32>
      }
    }
    seg.results {}
  }
  return
}
