// RUN: seg-opt %s --split-input-file --verify-diagnostics
// Point and thread counts that do not fit in 64 bits are errors: the
// lowerings count in `index`, and a wrapped count would make a kernel that
// silently does nothing.

func.func @space_overflow(%out: memref<?x?xf32>, %v: f32) {
  // expected-error @+1 {{'seg.map' op space (4294967296, 4294967296) has more than 9223372036854775807 points}}
  seg.map thread (%i, %j) in (4294967296, 4294967296) outs(%out : memref<?x?xf32>) {
    seg.results {
      seg.returns %v into %out : memref<?x?xf32>
    }
  }
  return
}

// -----

// The static sizes alone overflow, whatever the dynamic one is.
func.func @space_overflow_dynamic(%out: memref<?x?x?xf32>, %n: index, %v: f32) {
  // expected-error @+1 {{'seg.map' op space (?, 4294967296, 4294967296) has more than 9223372036854775807 points}}
  seg.map thread (%i, %j, %k) in (%n, 4294967296, 4294967296) outs(%out : memref<?x?x?xf32>) {
    seg.results {
      seg.returns %v into %out : memref<?x?x?xf32>
    }
  }
  return
}

// -----

func.func @red_space_overflow(%in: memref<?x?xi32>, %out: memref<?xi32>) {
  %zero = arith.constant 0 : i32
  // expected-error @+1 {{'seg.red' op space (3037000500, 3037000500) has more than 9223372036854775807 points}}
  seg.red thread (%i, %j) in (3037000500, 3037000500) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i, %j] : memref<?x?xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// -----

// 2^31 * 2^31 still fits: large spaces are fine as long as they are counted.
// expected-no-diagnostics
func.func @space_fits(%out: memref<?x?xf32>, %v: f32) {
  seg.map thread (%i, %j) in (2147483648, 2147483648) outs(%out : memref<?x?xf32>) {
    seg.results {
      seg.returns %v into %out : memref<?x?xf32>
    }
  }
  return
}

// -----

func.func @grid_threads_overflow(%out: memref<?xf32>, %v: f32) {
  // expected-error @+1 {{'seg.map' op num_blocks 4611686018427387904 exceeds the largest 1-D grid, 2147483647 blocks}}
  seg.map thread (%i) in (4) grid(num_blocks = 4611686018427387904, block_size = 4, virt = none) outs(%out : memref<?xf32>) {
    seg.results {
      seg.returns %v into %out : memref<?xf32>
    }
  }
  return
}

// -----

func.func @grid_full_overflow(%out: memref<?xf32>, %v: f32) {
  // expected-error @+1 {{'seg.map' op num_blocks 4611686018427387905 exceeds the largest 1-D grid, 2147483647 blocks}}
  seg.map thread (%i) in (4) grid(num_blocks = 4611686018427387905, block_size = 4, virt = full) outs(%out : memref<?xf32>) {
    seg.results {
      seg.returns %v into %out : memref<?xf32>
    }
  }
  return
}

// -----

func.func @block_grid_too_large(%out: memref<?xf32>, %v: f32) {
  // expected-error @+1 {{'seg.map' op num_blocks 2147483648 exceeds the largest 1-D grid, 2147483647 blocks}}
  seg.map block (%i) in (2147483648) grid(num_blocks = 2147483648, virt = full) outs(%out : memref<?xf32>) {
    seg.results {
      seg.returns %v into %out : memref<?xf32>
    }
  }
  return
}

// -----

// The largest grid: 2^31 - 1 blocks of 1024 threads, counted exactly.
func.func @largest_grid(%out: memref<?xf32>, %v: f32) {
  // expected-error @+1 {{'seg.map' op virtualization 'none' needs 2199023255552 threads but the grid has 2199023254528}}
  seg.map thread (%i) in (2199023255552) grid(num_blocks = 2147483647, block_size = 1024, virt = none) outs(%out : memref<?xf32>) {
    seg.results {
      seg.returns %v into %out : memref<?xf32>
    }
  }
  return
}
