// RUN: seg-opt %s --split-input-file --verify-diagnostics

// Nesting: a thread-level op inside another seg op.
func.func @thread_in_thread(%out: memref<4x4xf32>, %v: f32) {
  seg.map thread (%i) in (4) {
    // expected-error @+1 {{'seg.map' op at level 'thread' cannot be nested inside another seg op (enclosing op is at level 'thread')}}
    seg.map thread (%j) in (4) outs(%out : memref<4x4xf32>) {
      seg.results {
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @block_in_block() {
  seg.map block (%i) in (4) {
    // expected-error @+1 {{'seg.map' op at level 'block' cannot be nested inside another seg op (enclosing op is at level 'block')}}
    seg.map block (%j) in (4) {
      seg.results {
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @thread_in_block_at_top() {
  // expected-error @+1 {{'seg.map' op at level 'thread_in_block' must be nested inside a 'block'-level seg op, found none}}
  seg.map thread_in_block (%i) in (4) {
    seg.results {
    }
  }
  return
}

// -----

func.func @thread_in_block_in_thread() {
  seg.map thread (%i) in (4) {
    // expected-error @+1 {{'seg.map' op at level 'thread_in_block' must be nested inside a 'block'-level seg op (enclosing op is at level 'thread')}}
    seg.map thread_in_block (%j) in (4) {
      seg.results {
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @thread_in_block_in_thread_in_block() {
  seg.map block (%b) in (4) {
    seg.map thread_in_block (%i) in (4) {
      // expected-error @+1 {{'seg.map' op at level 'thread_in_block' must be nested inside a 'block'-level seg op (enclosing op is at level 'thread_in_block')}}
      seg.map thread_in_block (%j) in (4) {
        seg.results {
        }
      }
      seg.results {
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @parallel_in_seq() {
  seg.map block (%b) in (4) {
    seg.map seq (%i) in (4) {
      // expected-error @+1 {{'seg.map' op at level 'thread_in_block' must be nested inside a 'block'-level seg op (enclosing op is at level 'seq')}}
      seg.map thread_in_block (%j) in (4) {
        seg.results {
        }
      }
      seg.results {
      }
    }
    seg.results {
    }
  }
  return
}

// -----

// The space.
func.func @zero_size(%out: memref<?xf32>) {
  // expected-error @+1 {{'seg.map' op static size of dimension 1 must be positive, got 0}}
  seg.map thread (%i, %j) in (4, 0) {
    seg.results {
    }
  }
  return
}

// -----

func.func @negative_size() {
  // expected-error @+1 {{'seg.map' op static size of dimension 0 must be positive, got -3}}
  seg.map seq (%i) in (-3) {
    seg.results {
    }
  }
  return
}

// -----

func.func @empty_space() {
  // expected-error @+1 {{'seg.map' op space must have at least one dimension}}
  "seg.map"() <{level = #seg.level<thread>, static_sizes = array<i64>,
                operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    "seg.results"() ({
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @dynamic_size_count(%n: index) {
  // expected-error @+1 {{'seg.map' op expected 2 dynamic sizes, got 1}}
  "seg.map"(%n) <{level = #seg.level<thread>,
                  static_sizes = array<i64: -9223372036854775808, -9223372036854775808>,
                  operandSegmentSizes = array<i32: 1, 0, 0, 0>}> ({
  ^bb0(%i: index, %j: index):
    "seg.results"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @induction_variable_count() {
  // expected-error @+1 {{'seg.map' op body must have 2 induction variables, got 1}}
  "seg.map"() <{level = #seg.level<thread>, static_sizes = array<i64: 4, 4>,
                operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
  ^bb0(%i: index):
    "seg.results"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @induction_variable_type() {
  // expected-error @+1 {{'seg.map' op induction variables must have type 'index', got 'i32'}}
  "seg.map"() <{level = #seg.level<thread>, static_sizes = array<i64: 4>,
                operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
  ^bb0(%i: i32):
    "seg.results"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @map_without_results() {
  // expected-error @+1 {{'seg.map' op body must end with a 'seg.results' terminator}}
  "seg.map"() <{level = #seg.level<thread>, static_sizes = array<i64: 4>,
                operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
  ^bb0(%i: index):
    "llvm.unreachable"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @unknown_level() {
  // expected-error @+1 {{expected level 'thread', 'block', 'thread_in_block' or 'seq', got 'warp'}}
  seg.map warp (%i) in (4) {
    seg.results {
    }
  }
  return
}

// -----

// The grid.
func.func @grid_on_seq() {
  // expected-error @+1 {{'seg.map' op grid is only allowed at level 'thread' or 'block', not 'seq'}}
  seg.map seq (%i) in (4) grid(block_size = 32) {
    seg.results {
    }
  }
  return
}

// -----

func.func @zero_blocks() {
  // expected-error @+1 {{'seg.map' op num_blocks must be positive, got 0}}
  seg.map thread (%i) in (4) grid(num_blocks = 0) {
    seg.results {
    }
  }
  return
}

// -----

func.func @negative_block_size() {
  // expected-error @+1 {{'seg.map' op block_size must be positive, got -32}}
  seg.map thread (%i) in (4) grid(block_size = -32) {
    seg.results {
    }
  }
  return
}

// -----

func.func @block_too_large() {
  // expected-error @+1 {{'seg.map' op block_size 2048 exceeds max_threads_per_block 1024 of target sm_90}}
  seg.map thread (%i) in (4) grid(block_size = 2048) {
    seg.results {
    }
  }
  return
}

// -----

module attributes {seg.target = #seg.target<chip = "sm_75", warp_size = 32,
    max_threads_per_block = 512, max_threads_per_sm = 1024, num_sms = 40,
    shared_memory_per_block = 65536, shared_memory_per_sm = 65536,
    registers_per_block = 65536, registers_per_sm = 65536,
    registers_per_thread = 255>} {
  func.func @block_too_large_for_target() {
    // expected-error @+1 {{'seg.map' op block_size 1024 exceeds max_threads_per_block 512 of target sm_75}}
    seg.map thread (%i) in (4) grid(block_size = 1024) {
      seg.results {
      }
    }
    return
  }
}

// -----

func.func @grid_both_forms(%nb: index) {
  // expected-error @+1 {{'seg.map' op num_blocks is given both as a value and as a constant}}
  "seg.map"(%nb) <{level = #seg.level<thread>, static_sizes = array<i64: 4>,
                   static_num_blocks = 4 : i64,
                   operandSegmentSizes = array<i32: 0, 1, 0, 0>}> ({
  ^bb0(%i: index):
    "seg.results"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @unknown_grid_entry() {
  // expected-error @+1 {{unknown grid entry 'threads' (expected num_blocks, block_size or virt)}}
  seg.map thread (%i) in (4) grid(threads = 4) {
    seg.results {
    }
  }
  return
}

// -----

func.func @no_virtualization_too_small() {
  // expected-error @+1 {{'seg.map' op virtualization 'none' needs 1000 threads but the grid has 512}}
  seg.map thread (%i) in (1000) grid(num_blocks = 2, block_size = 256, virt = none) {
    seg.results {
    }
  }
  return
}

// -----

func.func @full_virtualization_inexact() {
  // expected-error @+1 {{'seg.map' op virtualization 'full' needs exactly 10 blocks but the grid has 16}}
  seg.map block (%i) in (10) grid(num_blocks = 16, virt = full) {
    seg.results {
    }
  }
  return
}

// -----

// Kernel results.
func.func @returns_foreign_out(%out: memref<4xf32>, %other: memref<4xf32>,
                               %v: f32) {
  seg.map thread (%i) in (4) outs(%out : memref<4xf32>) {
    seg.results {
      // expected-error @+1 {{'seg.returns' op must write one of the outs of the enclosing 'seg.map'}}
      seg.returns %v into %other : memref<4xf32>
    }
  }
  return
}

// -----

func.func @returns_rank(%out: memref<4x4xf32>, %v: f32) {
  seg.map thread (%i) in (4) outs(%out : memref<4x4xf32>) {
    seg.results {
      // expected-error @+1 {{'seg.returns' op out must have rank 1, got 'memref<4x4xf32>'}}
      seg.returns %v into %out : memref<4x4xf32>
    }
  }
  return
}

// -----

func.func @returns_shape(%out: memref<4x8xf32>, %v: f32) {
  seg.map thread (%i, %j) in (4, 16) outs(%out : memref<4x8xf32>) {
    seg.results {
      // expected-error @+1 {{'seg.returns' op out dimension 1 has size 8 but the space has 16}}
      seg.returns %v into %out : memref<4x8xf32>
    }
  }
  return
}

// -----

func.func @returns_type(%out: memref<4xf32>, %v: i32) {
  seg.map thread (%i) in (4) outs(%out : memref<4xf32>) {
    seg.results {
      // expected-error @+1 {{'seg.returns' op failed to verify that value type matches the element type of out}}
      "seg.returns"(%v, %out) : (i32, memref<4xf32>) -> ()
    }
  }
  return
}

// -----

func.func @written_twice(%out: memref<4xf32>, %v: f32) {
  seg.map thread (%i) in (4) outs(%out : memref<4xf32>) {
    seg.results {
      seg.returns %v into %out : memref<4xf32>
      // expected-error @+1 {{'seg.returns' op writes an outs operand that another kernel result of the same 'seg.results' already writes}}
      seg.returns %v into %out : memref<4xf32>
    }
  }
  return
}

// -----

func.func @not_a_kernel_result(%out: memref<4xf32>) {
  seg.map thread (%i) in (4) outs(%out : memref<4xf32>) {
    seg.results {
      // expected-error @+1 {{'arith.constant' op is not a kernel result; only kernel results may appear in 'seg.results'}}
      %c = arith.constant 1.0 : f32
    }
  }
  return
}

// -----

func.func @returns_outside_results(%out: memref<4xf32>, %v: f32) {
  // expected-error @+1 {{'seg.returns' op expects parent op 'seg.results'}}
  seg.returns %v into %out : memref<4xf32>
  return
}

// -----

func.func @tile_returns_at_thread_level(%out: memref<?x?xf32>, %v: f32,
                                        %m: index) {
  seg.map thread (%i, %j) in (16, 16) outs(%out : memref<?x?xf32>) {
    seg.results {
      // expected-error @+1 {{'seg.tile_returns' op must be a result of a 'thread_in_block'-level seg.map nested in a 'block'-level seg.map}}
      seg.tile_returns %v into %out tiles [(%m, 16), (%m, 16)] : memref<?x?xf32>
    }
  }
  return
}

// -----

func.func @tile_threads_mismatch(%out: memref<?x?xf32>, %v: f32, %m: index) {
  seg.map block (%bi, %bj) in (4, 4) outs(%out : memref<?x?xf32>) {
    seg.map thread_in_block (%i, %j) in (16, 8) outs(%out : memref<?x?xf32>) {
      seg.results {
        // expected-error @+1 {{'seg.tile_returns' op thread space dimension 1 has 8 threads but the block tile is 16}}
        seg.tile_returns %v into %out tiles [(%m, 16), (%m, 16)] : memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @tile_block_rank(%out: memref<?x?xf32>, %v: f32, %m: index) {
  seg.map block (%b) in (4) outs(%out : memref<?x?xf32>) {
    seg.map thread_in_block (%i, %j) in (16, 16) outs(%out : memref<?x?xf32>) {
      seg.results {
        // expected-error @+1 {{'seg.tile_returns' op enclosing 'block'-level space has rank 1 but out has rank 2; each out dimension needs a block index}}
        seg.tile_returns %v into %out tiles [(%m, 16), (%m, 16)] : memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @tile_dim_exceeds_extent(%out: memref<100x100xf32>, %v: f32) {
  seg.map block (%bi, %bj) in (7, 7) outs(%out : memref<100x100xf32>) {
    seg.map thread_in_block (%i, %j) in (16, 16) outs(%out : memref<100x100xf32>) {
      seg.results {
        // expected-error @+1 {{'seg.tile_returns' op dim 1 (128) exceeds the extent 100 of out dimension 1}}
        seg.tile_returns %v into %out tiles [(100, 16), (128, 16)] : memref<100x100xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @regtile_vector_shape(%out: memref<?x?xf32>, %v: vector<4x2xf32>,
                                %m: index) {
  seg.map block (%bi, %bj) in (4, 4) outs(%out : memref<?x?xf32>) {
    seg.map thread_in_block (%i, %j) in (16, 16) outs(%out : memref<?x?xf32>) {
      seg.results {
        // expected-error @+1 {{'seg.regtile_returns' op register tile 'vector<4x2xf32>' does not match the register tile sizes [4, 4]}}
        seg.regtile_returns %v into %out tiles [(%m, 16, 4), (%m, 16, 4)] : vector<4x2xf32>, memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @regtile_element_type(%out: memref<?x?xf32>, %v: vector<4x4xf16>,
                                %m: index) {
  seg.map block (%bi, %bj) in (4, 4) outs(%out : memref<?x?xf32>) {
    seg.map thread_in_block (%i, %j) in (16, 16) outs(%out : memref<?x?xf32>) {
      seg.results {
        // expected-error @+1 {{'seg.regtile_returns' op register tile element type 'f16' differs from the element type of out 'memref<?x?xf32>'}}
        seg.regtile_returns %v into %out tiles [(%m, 16, 4), (%m, 16, 4)] : vector<4x4xf16>, memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @regtile_zero_register_tile(%out: memref<?x?xf32>,
                                      %v: vector<4x4xf32>, %m: index) {
  seg.map block (%bi, %bj) in (4, 4) outs(%out : memref<?x?xf32>) {
    seg.map thread_in_block (%i, %j) in (16, 16) outs(%out : memref<?x?xf32>) {
      seg.results {
        // expected-error @+1 {{'seg.regtile_returns' op register tile of dimension 1 must be positive, got 0}}
        seg.regtile_returns %v into %out tiles [(%m, 16, 4), (%m, 16, 0)] : vector<4x4xf32>, memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @regtile_thread_rank(%out: memref<?x?xf32>, %v: vector<4xf32>,
                               %m: index) {
  seg.map block (%bi, %bj) in (4, 4) outs(%out : memref<?x?xf32>) {
    seg.map thread_in_block (%i, %j) in (16, 16) outs(%out : memref<?x?xf32>) {
      seg.results {
        // expected-error @+1 {{'seg.regtile_returns' op tiles 1 dimensions but the thread space has rank 2}}
        seg.regtile_returns %v into %out tiles [(%m, 16, 4)] : vector<4xf32>, memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @regtile_too_many_dims(%out: memref<?xf32>, %v: vector<4x4xf32>,
                                 %m: index) {
  seg.map block (%b) in (4) outs(%out : memref<?xf32>) {
    seg.map thread_in_block (%i, %j) in (16, 16) outs(%out : memref<?xf32>) {
      seg.results {
        // expected-error @+1 {{'seg.regtile_returns' op tiles 2 dimensions but out has rank 1}}
        seg.regtile_returns %v into %out tiles [(%m, 16, 4), (%m, 16, 4)] : vector<4x4xf32>, memref<?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// -----

func.func @write_returns_index_count(%out: memref<?x?xf32>, %v: f32,
                                     %i: index) {
  seg.map thread (%p) in (4) outs(%out : memref<?x?xf32>) {
    seg.results {
      // expected-error @+1 {{'seg.write_returns' op expects 2 indices per value (the rank of out) for 1 values, got 1 indices}}
      seg.write_returns into %out [%i] = %v : memref<?x?xf32>
    }
  }
  return
}

// -----

func.func @write_returns_value_type(%out: memref<?xf32>, %v: i32,
                                    %i: index) {
  seg.map thread (%p) in (4) outs(%out : memref<?xf32>) {
    seg.results {
      // expected-error @+1 {{'seg.write_returns' op value #0 has type 'i32' but out has element type 'f32'}}
      "seg.write_returns"(%out, %i, %v) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<?xf32>, index, i32) -> ()
    }
  }
  return
}

// -----

// Reductions and scans.
func.func @red_block_level(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op does not support level 'block': use 'thread', 'thread_in_block' or 'seq'}}
  seg.red block (%i) in (16) outs(%out : memref<f32>) {
    seg.yield %zero : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_without_operator(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%i) in (16) outs(%out : memref<f32>) {
    seg.yield %zero : f32
  }
  // expected-error @+1 {{expected at least one 'combine' operator}}
  return
}

// -----

func.func @red_odd_operator_arity(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op operator #0 must take an even, non-zero number of arguments (accumulators, then elements), got 3}}
  seg.red thread (%i) in (16) outs(%out : memref<f32>) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: f32, %c: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_operator_types(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op operator #0 has accumulator types ('f32') that differ from its element types ('i32')}}
  seg.red thread (%i) in (16) outs(%out : memref<f32>) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: i32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_operator_yield(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%i) in (16) outs(%out : memref<f32>) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    %c = arith.constant 0 : i32
    // expected-error @+1 {{'seg.yield' op yields ('i32') but operator #0 has accumulator types ('f32')}}
    seg.yield %c : i32
  }
  return
}

// -----

func.func @red_neutral_type(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  %izero = arith.constant 0 : i32
  // expected-error @+1 {{'seg.red' op neutral value #0 has type 'i32' but its accumulator has type 'f32'}}
  seg.red thread (%i) in (16) outs(%out : memref<f32>) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: f32) neutral(%izero : i32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_neutral_count(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op expects 1 neutral values (one per accumulator), got 2}}
  seg.red thread (%i) in (16) outs(%out : memref<f32>) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: f32) neutral(%zero, %zero : f32, f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_body_yield_count(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%i) in (16) outs(%out : memref<f32>) {
    // expected-error @+1 {{'seg.yield' op yields 2 values but the seg.red expects 1 operator operands and 0 map-only outputs}}
    seg.yield %zero, %zero : f32, f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_body_yield_type(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1 : i32
  seg.red thread (%i) in (16) outs(%out : memref<f32>) {
    // expected-error @+1 {{'seg.yield' op operand #0 has type 'i32' but the operator element has type 'f32'}}
    seg.yield %one : i32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_missing_outs() {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op expects at least 1 outs (one per accumulator, then map-only outputs), got 0}}
  seg.red thread (%i) in (16) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_out_rank(%out: memref<16xf32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op outs #0 (reduction result) must have rank 0, got 'memref<16xf32>'}}
  seg.red thread (%i) in (16) outs(%out : memref<16xf32>) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_segment_shape(%out: memref<3xf32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op outs #0 (reduction result) dimension 0 has size 3 but the space has 4}}
  seg.red thread (%s, %i) in (4, 16) outs(%out : memref<3xf32>) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_out_element_type(%out: memref<f64>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op outs #0 (reduction result) must have element type 'f32', got 'memref<f64>'}}
  seg.red thread (%i) in (16) outs(%out : memref<f64>) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @red_map_out_shape(%out: memref<f32>, %sq: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op outs #1 (map-only output) dimension 0 has size 8 but the space has 16}}
  seg.red thread (%i) in (16) outs(%out, %sq : memref<f32>, memref<8xf32>) {
    seg.yield %zero, %zero : f32, f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @scan_out_shape(%out: memref<4xi32>) {
  %zero = arith.constant 0 : i32
  // expected-error @+1 {{'seg.scan' op outs #0 (scan result) must have rank 2, got 'memref<4xi32>'}}
  seg.scan thread (%s, %i) in (4, 16) outs(%out : memref<4xi32>) {
    seg.yield %zero : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    seg.yield %a : i32
  }
  return
}

// -----

func.func @zero_chunk(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op chunk must be positive, got 0}}
  seg.red thread (%i) in (16) chunk(0) outs(%out : memref<f32>) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @chunk_on_map() {
  // expected-error @+1 {{chunk only applies to seg.red and seg.scan}}
  seg.map thread (%i) in (16) chunk(4) {
    seg.results {
    }
  }
  return
}

// -----

func.func @swizzle_on_red(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{swizzle only applies to seg.map}}
  seg.red block (%i, %j) in (4, 4) swizzle(2) outs(%out : memref<f32>) {
    seg.yield %zero : f32
  } combine (%a: f32, %b: f32) neutral(%zero : f32) {
    seg.yield %a : f32
  }
  return
}

// -----

func.func @swizzle_on_threads() {
  // expected-error @+1 {{'seg.map' op swizzle orders blocks: it needs level 'block', not 'thread'}}
  seg.map thread (%i, %j) in (16, 16) swizzle(4) {
    seg.results {
    }
  }
  return
}

// -----

func.func @swizzle_rank_one() {
  // expected-error @+1 {{'seg.map' op swizzle orders the two innermost dimensions but the space has rank 1}}
  seg.map block (%b) in (16) swizzle(4) {
    seg.results {
    }
  }
  return
}

// -----

func.func @zero_swizzle() {
  // expected-error @+1 {{'seg.map' op swizzle must be at least 1, got 0}}
  seg.map block (%bi, %bj) in (16, 16) swizzle(0) {
    seg.results {
    }
  }
  return
}

// -----

func.func @commutative_count(%out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.red' op has 1 operators but 'commutative' has 2 entries}}
  "seg.red"(%out, %zero) <{level = #seg.level<thread>, static_sizes = array<i64: 16>,
      commutative = array<i1: true, false>,
      operandSegmentSizes = array<i32: 0, 0, 0, 1, 1>}> ({
  ^bb0(%i: index):
    "seg.yield"(%zero) : (f32) -> ()
  }, {
  ^bb0(%a: f32, %b: f32):
    "seg.yield"(%a) : (f32) -> ()
  }) : (memref<f32>, f32) -> ()
  return
}

// -----

func.func @yield_in_map() {
  seg.map thread (%i) in (4) {
    // expected-error @+1 {{'seg.yield' op expects parent op to be one of 'seg.red, seg.scan, seg.hist'}}
    seg.yield
  }
  return
}

// -----

// Target descriptions.
// expected-error @+1 {{target warp_size must be a power of two, got 24}}
module attributes {seg.target = #seg.target<chip = "sm_90", warp_size = 24>} {
}

// -----

// expected-error @+1 {{target field 'num_sms' must be positive, got 0}}
module attributes {seg.target = #seg.target<chip = "sm_90", num_sms = 0>} {
}

// -----

// expected-error @+1 {{target shared_memory_per_block (300000) exceeds shared_memory_per_sm (233472)}}
module attributes {seg.target = #seg.target<chip = "sm_90", shared_memory_per_block = 300000>} {
}

// -----

// expected-error @+1 {{chip 'sm_75' has no preset (known: sm_80, sm_89, sm_90, sm_90a); give every field, missing: warp_size, max_threads_per_block}}
module attributes {seg.target = #seg.target<chip = "sm_75", max_threads_per_sm = 1024, num_sms = 40, shared_memory_per_block = 65536, shared_memory_per_sm = 65536, registers_per_block = 65536, registers_per_sm = 65536, registers_per_thread = 255>} {
}

// -----

// Every field has bounds, so that no absurd value reaches the model.
// expected-error @+1 {{target field 'num_sms' must be between 1 and 16384, got 4294967297}}
module attributes {seg.target = #seg.target<chip = "sm_80", num_sms = 4294967297>} {
}

// -----

// expected-error @+1 {{target field 'max_threads_per_block' must be between 1 and 16384, got 8589934592}}
module attributes {seg.target = #seg.target<chip = "sm_90", max_threads_per_block = 8589934592, max_threads_per_sm = 8589934592>} {
}

// -----

// expected-error @+1 {{target field 'warp_size' must be between 1 and 64, got 128}}
module attributes {seg.target = #seg.target<chip = "sm_90", warp_size = 128>} {
}

// -----

// expected-error @+1 {{target field 'shared_memory_per_sm' must be between 1 and 1073741824, got 1099511627776}}
module attributes {seg.target = #seg.target<chip = "sm_90", shared_memory_per_sm = 1099511627776>} {
}

// -----

// expected-error @+1 {{target field 'registers_per_thread' must be between 1 and 65536, got 65537}}
module attributes {seg.target = #seg.target<chip = "sm_90", registers_per_thread = 65537>} {
}

// -----

// expected-error @+1 {{target field 'ptx_version' must be between 10 and 999, got 1000}}
module attributes {seg.target = #seg.target<chip = "sm_90", ptx_version = 1000>} {
}

// -----

// expected-error @+1 {{target field 'wgmma' needs chip sm_90a, but the chip is sm_90}}
module attributes {seg.target = #seg.target<chip = "sm_90", wgmma = true>} {
}

// -----

// expected-error @+1 {{target field 'tma' needs sm_90 or later, but the chip is sm_80}}
module attributes {seg.target = #seg.target<chip = "sm_80", tma = true>} {
}

// -----

// expected-error @+1 {{target field 'tma' takes true or false}}
module attributes {seg.target = #seg.target<chip = "sm_90", tma = 1>} {
}

// -----

// expected-error @+1 {{target chip 'gfx90a' is not of the form sm_<number>, optionally followed by 'a' or 'f'}}
module attributes {seg.target = #seg.target<chip = "gfx90a", warp_size = 64, max_threads_per_block = 1024, max_threads_per_sm = 2048, num_sms = 104, shared_memory_per_block = 65536, shared_memory_per_sm = 65536, registers_per_block = 65536, registers_per_sm = 65536, registers_per_thread = 255>} {
}

// -----

// expected-error @+1 {{unknown target field 'l2_size'}}
module attributes {seg.target = #seg.target<chip = "sm_90", l2_size = 1>} {
}

// -----

// expected-error @+1 {{'seg.target' must be a #seg.target attribute, got "sm_90"}}
module attributes {seg.target = "sm_90"} {
}

// -----

// expected-error @+1 {{unknown seg dialect attribute 'seg.chunk'}}
module attributes {seg.chunk = 4} {
}

// -----

// expected-error @+1 {{'seg.gpu_lowering' must be a #seg.gpu_lowering attribute, got "large"}}
module attributes {seg.gpu_lowering = "large"} {
}

// -----

// expected-error @+1 {{'seg.gpu_lowering' applies to seg.map, seg.red, seg.scan and seg.hist, not 'func.func'}}
func.func @f() attributes {seg.gpu_lowering = #seg.gpu_lowering<block_size = 64>} {
  return
}

// -----

// expected-error @+1 {{#seg.gpu_lowering: block_size must be positive, got 0}}
module attributes {seg.other = #seg.gpu_lowering<block_size = 0>} {
}

// -----

// expected-error @+2 {{expected one of [auto, sequential, small, large] for segmented reduction strategy, got: fastest}}
// expected-error @+1 {{failed to parse Seg_GPULoweringAttr parameter 'strategy'}}
module attributes {seg.other = #seg.gpu_lowering<strategy = fastest>} {
}

// -----

func.func @hist_strategy_on_red(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.gpu_lowering': hist_strategy applies to seg.hist only, not 'seg.red'}}
  seg.red thread (%i) in (%n) outs(%out : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  } attributes {seg.gpu_lowering = #seg.gpu_lowering<hist_strategy = shared>}
  return
}

// -----

func.func @in_flight_on_scan(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  // expected-error @+1 {{'seg.gpu_lowering': loads_in_flight applies to seg.map, seg.red and seg.hist only, not 'seg.scan'}}
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  } attributes {seg.gpu_lowering = #seg.gpu_lowering<loads_in_flight = 4>}
  return
}

// -----

func.func @sequential(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'seg.gpu_lowering' on a 'seq'-level op, which has no kernel of its own}}
  seg.red seq (%i) in (%n) outs(%out : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  } attributes {seg.gpu_lowering = #seg.gpu_lowering<block_size = 32>}
  return
}
