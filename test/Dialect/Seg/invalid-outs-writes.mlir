// RUN: seg-opt %s --split-input-file --verify-diagnostics
// outs buffers are written only by kernel results: a direct store into one
// (or a view of one) inside the body is an error at the store.

func.func @store_into_outs(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    // expected-error @+1 {{'memref.store' op writes outs operand #0 of the enclosing 'seg.map' directly; outs buffers are written only by kernel results}}
    memref.store %x, %out[%i] : memref<?xf32>
    seg.results {
    }
  }
  return
}

// -----

func.func @store_into_view_of_outs(%out: memref<?x4xf32>, %n: index, %v: f32) {
  seg.map thread (%i) in (%n) outs(%out : memref<?x4xf32>) {
    %row = memref.subview %out[%i, 0] [1, 4] [1, 1] : memref<?x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'memref.store' op writes outs operand #0 of the enclosing 'seg.map' directly}}
    memref.store %v, %row[%c0] : memref<4xf32, strided<[1], offset: ?>>
    seg.results {
    }
  }
  return
}

// -----

func.func @red_store_into_accumulator(%in: memref<?xi32>, %out: memref<i32>, %n: index) {
  %zero = arith.constant 0 : i32
  seg.red thread (%i) in (%n) outs(%out : memref<i32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    // expected-error @+1 {{'memref.store' op writes outs operand #0 of the enclosing 'seg.red' directly}}
    memref.store %x, %out[] : memref<i32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// -----

// A nested sequential loop storing into the outer op's outs is caught too.
func.func @nested_store(%out: memref<?x8xf32>, %n: index, %v: f32) {
  seg.map thread (%i) in (%n) outs(%out : memref<?x8xf32>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    scf.for %j = %c0 to %c8 step %c1 {
      // expected-error @+1 {{'memref.store' op writes outs operand #0 of the enclosing 'seg.map' directly}}
      memref.store %v, %out[%i, %j] : memref<?x8xf32>
    }
    seg.results {
    }
  }
  return
}

// -----

// Reading outs, and writing other buffers, is fine; so are stores outside
// the body.
// expected-no-diagnostics
func.func @reads_and_other_writes(%out: memref<?xf32>, %tmp: memref<?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  memref.store %v, %out[%c0] : memref<?xf32>
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %x = memref.load %out[%i] : memref<?xf32>
    memref.store %x, %tmp[%i] : memref<?xf32>
    seg.results {
      seg.returns %x into %out : memref<?xf32>
    }
  }
  return
}
