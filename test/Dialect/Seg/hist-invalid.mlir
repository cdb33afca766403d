// RUN: seg-opt %s --split-input-file --verify-diagnostics

func.func @not_commutative(%h: memref<8xi32>, %v: i32, %b: index) {
  // expected-error @+1 {{'seg.hist' op operator #0 must be marked 'commutative': a histogram combines the values of a bin in no particular order}}
  seg.hist thread (%i) in (16) outs(%h : memref<8xi32>) {
    seg.yield %b, %v : index, i32
  } combine (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @bin_not_index(%h: memref<8xi32>, %v: i32) {
  seg.hist thread (%i) in (16) outs(%h : memref<8xi32>) {
    // expected-error @+1 {{'seg.yield' op bin of operator #0 has type 'i32', expected 'index'}}
    seg.yield %v, %v : i32, i32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @missing_bin(%h: memref<8xi32>, %v: i32) {
  seg.hist thread (%i) in (16) outs(%h : memref<8xi32>) {
    // expected-error @+1 {{'seg.yield' op yields 1 values but the seg.hist expects 2 (a bin index and the elements of every operator)}}
    seg.yield %v : i32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @value_type(%h: memref<8xi32>, %v: i32, %f: f32, %b: index) {
  seg.hist thread (%i) in (16) outs(%h : memref<8xi32>) {
    // expected-error @+1 {{'seg.yield' op operand #1 has type 'f32' but the operator element has type 'i32'}}
    seg.yield %b, %f : index, f32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @histogram_element_type(%h: memref<8xf32>, %v: i32, %b: index) {
  // expected-error @+1 {{'seg.hist' op outs #0 (histogram) must have element type 'i32', got 'memref<8xf32>'}}
  seg.hist thread (%i) in (16) outs(%h : memref<8xf32>) {
    seg.yield %b, %v : index, i32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @segment_size(%h: memref<3x8xi32>, %v: i32, %b: index) {
  // expected-error @+1 {{'seg.hist' op outs #0 (histogram) dimension 0 has size 3 but the space has 2}}
  seg.hist thread (%s, %i) in (2, 16) outs(%h : memref<3x8xi32>) {
    seg.yield %b, %v : index, i32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @histogram_rank(%h: memref<2x2x8xi32>, %v: i32, %b: index) {
  // expected-error @+1 {{'seg.hist' op histograms must have rank 1 to 2 (segment dimensions, then bins), got 3}}
  seg.hist thread (%s, %i) in (2, 16) outs(%h : memref<2x2x8xi32>) {
    seg.yield %b, %v : index, i32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @segment_ranks_differ(%h: memref<2x8xi32>, %g: memref<8xi32>, %v: i32, %b: index) {
  // expected-error @+1 {{'seg.hist' op outs #1 (histogram) must have rank 2, got 'memref<8xi32>'}}
  seg.hist thread (%s, %i) in (2, 16) outs(%h, %g : memref<2x8xi32>, memref<8xi32>) {
    seg.yield %b, %v, %b, %v : index, i32, index, i32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.maxsi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @bins_differ(%h: memref<8xi32>, %g: memref<9xi32>, %v: i32, %b: index) {
  // expected-error @+1 {{'seg.hist' op histograms of operator #0 have 8 and 9 bins; they must have the same}}
  seg.hist thread (%i) in (16) outs(%h, %g : memref<8xi32>, memref<9xi32>) {
    seg.yield %b, %v, %v : index, i32, i32
  } combine commutative (%x: i32, %y: i32, %z: i32, %w: i32) neutral(%v, %v : i32, i32) {
    seg.yield %x, %y : i32, i32
  }
  return
}

// -----

func.func @outs_count(%h: memref<8xi32>, %v: i32, %b: index) {
  // expected-error @+1 {{'seg.hist' op expects 2 outs (one histogram per accumulator), got 1}}
  seg.hist thread (%i) in (16) outs(%h : memref<8xi32>) {
    seg.yield %b, %v, %v : index, i32, i32
  } combine commutative (%x: i32, %y: i32, %z: i32, %w: i32) neutral(%v, %v : i32, i32) {
    seg.yield %x, %y : i32, i32
  }
  return
}

// -----

func.func @neutral_type(%h: memref<8xi32>, %v: i32, %f: f32, %b: index) {
  // expected-error @+1 {{'seg.hist' op neutral value #0 has type 'f32' but its accumulator has type 'i32'}}
  seg.hist thread (%i) in (16) outs(%h : memref<8xi32>) {
    seg.yield %b, %v : index, i32
  } combine commutative (%x: i32, %y: i32) neutral(%f : f32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @operator_yield(%h: memref<8xi32>, %v: i32, %b: index) {
  seg.hist thread (%i) in (16) outs(%h : memref<8xi32>) {
    seg.yield %b, %v : index, i32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %f = arith.constant 1.0 : f32
    // expected-error @+1 {{'seg.yield' op yields ('f32') but operator #0 has accumulator types ('i32')}}
    seg.yield %f : f32
  }
  return
}

// -----

func.func @block_level(%h: memref<8xi32>, %v: i32, %b: index) {
  // expected-error @+1 {{'seg.hist' op supports levels 'thread' and 'seq' only, got 'block'}}
  seg.hist block (%i) in (16) outs(%h : memref<8xi32>) {
    seg.yield %b, %v : index, i32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @chunk(%h: memref<8xi32>, %v: i32, %b: index) {
  // expected-error @+1 {{chunk only applies to seg.red and seg.scan}}
  seg.hist thread (%i) in (16) chunk(4) outs(%h : memref<8xi32>) {
    seg.yield %b, %v : index, i32
  } combine commutative (%x: i32, %y: i32) neutral(%v : i32) {
    %s = arith.addi %x, %y : i32
    seg.yield %s : i32
  }
  return
}

// -----

func.func @no_operator(%h: memref<8xi32>, %v: i32, %b: index) {
  seg.hist thread (%i) in (16) outs(%h : memref<8xi32>) {
    seg.yield %b, %v : index, i32
  }
  // expected-error @+1 {{expected at least one 'combine' operator}}
  return
}
