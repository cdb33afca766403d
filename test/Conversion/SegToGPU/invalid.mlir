// RUN: seg-opt --convert-seg-to-gpu --split-input-file --verify-diagnostics %s
// RUN: not seg-opt --convert-seg-to-gpu="strategy=fastest" %s 2>&1 | FileCheck %s --check-prefix=STRATEGY
// RUN: not seg-opt --convert-seg-to-gpu="block-size=2048" %s 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not seg-opt --convert-seg-to-gpu="scan-strategy=fastest" %s 2>&1 | FileCheck %s --check-prefix=SCAN

// The option parser generated from the pass definition rejects the value.
// STRATEGY: for the --strategy option: Cannot find option named 'fastest'!
// SCAN: for the --scan-strategy option: Cannot find option named 'fastest'!
// BLOCK: block size 2048 is outside [1, 1024], the threads per block of target sm_90

// 64 f64 accumulators per thread: the sequential kernel's single-column
// tiles already need 256 x 2 x 512 bytes (m segments: the sequential kernel
// exists).
func.func @too_much_shared(%in: memref<?xf64>, %out: memref<?xf64>, %m: index, %n: index) {
  %z = arith.constant 0.0 : f64
  // expected-error @+1 {{'seg.red' op needs 262144 bytes of shared memory per block for its sequential-segments kernel, more than the 232448 bytes of shared_memory_per_block of target sm_90; use a smaller block size or chunk}}
  seg.red thread (%s, %i) in (%m, %n) outs(%out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out, %out : memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>, memref<?xf64>) {
    %x = memref.load %in[%i] : memref<?xf64>
    seg.yield %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
  } combine commutative (%a0: f64, %a1: f64, %a2: f64, %a3: f64, %a4: f64, %a5: f64, %a6: f64, %a7: f64, %a8: f64, %a9: f64, %a10: f64, %a11: f64, %a12: f64, %a13: f64, %a14: f64, %a15: f64, %a16: f64, %a17: f64, %a18: f64, %a19: f64, %a20: f64, %a21: f64, %a22: f64, %a23: f64, %a24: f64, %a25: f64, %a26: f64, %a27: f64, %a28: f64, %a29: f64, %a30: f64, %a31: f64, %a32: f64, %a33: f64, %a34: f64, %a35: f64, %a36: f64, %a37: f64, %a38: f64, %a39: f64, %a40: f64, %a41: f64, %a42: f64, %a43: f64, %a44: f64, %a45: f64, %a46: f64, %a47: f64, %a48: f64, %a49: f64, %a50: f64, %a51: f64, %a52: f64, %a53: f64, %a54: f64, %a55: f64, %a56: f64, %a57: f64, %a58: f64, %a59: f64, %a60: f64, %a61: f64, %a62: f64, %a63: f64, %b0: f64, %b1: f64, %b2: f64, %b3: f64, %b4: f64, %b5: f64, %b6: f64, %b7: f64, %b8: f64, %b9: f64, %b10: f64, %b11: f64, %b12: f64, %b13: f64, %b14: f64, %b15: f64, %b16: f64, %b17: f64, %b18: f64, %b19: f64, %b20: f64, %b21: f64, %b22: f64, %b23: f64, %b24: f64, %b25: f64, %b26: f64, %b27: f64, %b28: f64, %b29: f64, %b30: f64, %b31: f64, %b32: f64, %b33: f64, %b34: f64, %b35: f64, %b36: f64, %b37: f64, %b38: f64, %b39: f64, %b40: f64, %b41: f64, %b42: f64, %b43: f64, %b44: f64, %b45: f64, %b46: f64, %b47: f64, %b48: f64, %b49: f64, %b50: f64, %b51: f64, %b52: f64, %b53: f64, %b54: f64, %b55: f64, %b56: f64, %b57: f64, %b58: f64, %b59: f64, %b60: f64, %b61: f64, %b62: f64, %b63: f64)
      neutral(%z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
    seg.yield %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16, %a17, %a18, %a19, %a20, %a21, %a22, %a23, %a24, %a25, %a26, %a27, %a28, %a29, %a30, %a31, %a32, %a33, %a34, %a35, %a36, %a37, %a38, %a39, %a40, %a41, %a42, %a43, %a44, %a45, %a46, %a47, %a48, %a49, %a50, %a51, %a52, %a53, %a54, %a55, %a56, %a57, %a58, %a59, %a60, %a61, %a62, %a63 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
  }
  return
}

// -----

// A chunk whose staging buffer does not fit: 1024 x 64 x 8 bytes.
func.func @chunk_too_large(%x: memref<?xi64>, %out: memref<i64>, %n: index) {
  %zero = arith.constant 0 : i64
  // expected-error @+1 {{'seg.red' op needs 524288 bytes of shared memory per block for its large-segments kernel, more than the 232448 bytes of shared_memory_per_block of target sm_90; use a smaller block size or chunk}}
  seg.red thread (%i) in (%n) grid(block_size = 1024) chunk(64)
      outs(%out : memref<i64>) {
    %xi = memref.load %x[%i] : memref<?xi64>
    seg.yield %xi : i64
  } combine (%a: i64, %b: i64) neutral(%zero : i64) {
    %d = arith.subi %a, %b : i64
    seg.yield %d : i64
  }
  return
}

// -----

func.func @dynamic_block_size(%out: memref<?xi32>, %n: index, %b: index) {
  %one = arith.constant 1 : i32
  // expected-error @+1 {{'seg.map' op needs a static block_size for the GPU (shared memory and shuffles are sized by it)}}
  seg.map thread (%i) in (%n) grid(block_size = %b) outs(%out : memref<?xi32>) {
    seg.results {
      seg.returns %one into %out : memref<?xi32>
    }
  }
  return
}

// -----

func.func @vector_operator(%in: memref<?xvector<4xf32>>, %out: memref<vector<4xf32>>, %n: index) {
  %z = arith.constant dense<0.0> : vector<4xf32>
  // expected-error @+1 {{'seg.red' op operator operand type 'vector<4xf32>' has no GPU lowering (integers up to 64 bits, index, f16, bf16, f32 and f64 have)}}
  seg.red thread (%i) in (%n) outs(%out : memref<vector<4xf32>>) {
    %x = memref.load %in[%i] : memref<?xvector<4xf32>>
    seg.yield %x : vector<4xf32>
  } combine commutative (%a: vector<4xf32>, %b: vector<4xf32>) neutral(%z : vector<4xf32>) {
    %s = arith.addf %a, %b : vector<4xf32>
    seg.yield %s : vector<4xf32>
  }
  return
}

// -----

func.func @dynamic_shared(%out: memref<?xf32>, %n: index) {
  seg.map block (%b) in (%n) grid(block_size = 32) {
    // expected-error @+1 {{'memref.alloca' op in a GPU kernel needs a static shape, the identity layout and the default memory space or #gpu.address_space<workgroup> (shared memory)}}
    %buf = memref.alloca(%n) : memref<?xf32>
    seg.results {}
  }
  return
}

// -----

// Shared memory of a block may be declared in the workgroup memory space,
// no other.
func.func @private_space_shared(%n: index) {
  seg.map block (%b) in (%n) grid(block_size = 32) {
    // expected-error @+1 {{'memref.alloca' op in a GPU kernel needs a static shape, the identity layout and the default memory space or #gpu.address_space<workgroup> (shared memory)}}
    %buf = memref.alloca() : memref<32xf32, #gpu.address_space<private>>
    seg.results {}
  }
  return
}

// -----

// A thread's private array is never in the workgroup memory space.
func.func @workgroup_private(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    // expected-error @+1 {{'memref.alloca' op in a GPU kernel needs a static shape, the identity layout and the default memory space (a thread's private array)}}
    %buf = memref.alloca() : memref<4xf32, #gpu.address_space<workgroup>>
    %v = memref.load %buf[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    seg.results {
      seg.returns %v into %out : memref<?xf32>
    }
  }
  return
}

// -----

func.func @too_much_block_shared(%n: index) {
  // expected-error @+1 {{'seg.map' op needs 240000 bytes of shared memory per block for its block kernel, more than the 232448 bytes of shared_memory_per_block of target sm_90; use a smaller block size or chunk}}
  seg.map block (%b) in (%n) grid(block_size = 32) {
    %buf = memref.alloca() : memref<60000xf32>
    seg.results {}
  }
  return
}

// -----

// A sequentiality degree whose staging buffer does not fit: 1024 x 64 x 8
// bytes, plus the block scan, the dynamic id and the broadcast prefix.
func.func @scan_chunk_too_large(%in: memref<?xi64>, %out: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : i64
  // expected-error @+1 {{'seg.scan' op needs 524576 bytes of shared memory per block for its single-pass scan kernel, more than the 232448 bytes of shared_memory_per_block of target sm_90; use a smaller block size or chunk}}
  seg.scan thread (%i) in (%n) grid(block_size = 1024) chunk(64)
      outs(%out : memref<?xi64>) {
    %x = memref.load %in[%i] : memref<?xi64>
    seg.yield %x : i64
  } combine (%a: i64, %b: i64) neutral(%zero : i64) {
    %s = arith.subi %a, %b : i64
    seg.yield %s : i64
  }
  return
}

// -----

func.func @scan_vector_operator(%in: memref<?xvector<4xf32>>, %out: memref<?xvector<4xf32>>, %n: index) {
  %z = arith.constant dense<0.0> : vector<4xf32>
  // expected-error @+1 {{'seg.scan' op operator operand type 'vector<4xf32>' has no GPU lowering (integers up to 64 bits, index, f16, bf16, f32 and f64 have)}}
  seg.scan thread (%i) in (%n) outs(%out : memref<?xvector<4xf32>>) {
    %x = memref.load %in[%i] : memref<?xvector<4xf32>>
    seg.yield %x : vector<4xf32>
  } combine commutative (%a: vector<4xf32>, %b: vector<4xf32>) neutral(%z : vector<4xf32>) {
    %s = arith.addf %a, %b : vector<4xf32>
    seg.yield %s : vector<4xf32>
  }
  return
}

// -----

func.func @scan_dynamic_block_size(%in: memref<?xi32>, %out: memref<?xi32>, %n: index, %b: index) {
  %zero = arith.constant 0 : i32
  // expected-error @+1 {{'seg.scan' op needs a static block_size for the GPU (shared memory and shuffles are sized by it)}}
  seg.scan thread (%i) in (%n) grid(block_size = %b) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b2: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b2 : i32
    seg.yield %s : i32
  }
  return
}

// -----

// A thread_in_block scan whose operator type has no GPU lowering.
func.func @block_scan_vector(%in: memref<?xvector<2xi32>>, %out: memref<?xvector<2xi32>>, %n: index) {
  %z = arith.constant dense<0> : vector<2xi32>
  seg.map block (%b) in (%n) grid(block_size = 64) {
    %buf = memref.alloca() : memref<64xvector<2xi32>>
    // expected-error @+1 {{'seg.scan' op operator operand type 'vector<2xi32>' has no GPU lowering (integers up to 64 bits, index, f16, bf16, f32 and f64 have)}}
    seg.scan thread_in_block (%t) in (64) outs(%buf : memref<64xvector<2xi32>>) {
      %x = memref.load %in[%t] : memref<?xvector<2xi32>>
      seg.yield %x : vector<2xi32>
    } combine commutative (%p: vector<2xi32>, %q: vector<2xi32>) neutral(%z : vector<2xi32>) {
      %r = arith.addi %p, %q : vector<2xi32>
      seg.yield %r : vector<2xi32>
    }
    seg.results {}
  }
  return
}

// -----

// Inside a group, indices are 32-bit [Clausen 2021, §6]; on sm_90 the
// register bound on the degree's values comes first (a group of 1024 x 255
// elements always fits), and the 32-bit check guards targets with more
// registers per thread.
func.func @scan_group_too_large(%in: memref<?xi8>, %out: memref<?xi8>, %n: index) {
  %zero = arith.constant 0 : i8
  // expected-error @+1 {{'seg.scan' op sequentiality degree 2097152 keeps 2097152 registers of values per thread, more than the 255 registers_per_thread of target sm_90; use at most 255}}
  seg.scan thread (%i) in (%n) grid(block_size = 1024) chunk(2097152)
      outs(%out : memref<?xi8>) {
    %x = memref.load %in[%i] : memref<?xi8>
    seg.yield %x : i8
  } combine commutative (%a: i8, %b: i8) neutral(%zero : i8) {
    %s = arith.addi %a, %b : i8
    seg.yield %s : i8
  }
  return
}

// -----

// A thread_in_block op inside block-level control flow other than scf.for
// and scf.if has no lowering.
func.func @thread_in_block_in_while(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  seg.map block (%b) in (%n) grid(block_size = 32) outs(%out : memref<?xf32>) {
    %sh = memref.alloca() : memref<32xf32>
    %false = arith.constant false
    scf.while : () -> () {
      scf.condition(%false)
    } do {
      // expected-error @+1 {{'seg.map' op is nested in 'scf.while' inside a block-level map; convert-seg-to-gpu lowers thread_in_block ops directly in the block body or inside scf.for and scf.if only}}
      seg.map thread_in_block (%t) in (32) {
        %f = arith.constant 1.0 : f32
        memref.store %f, %sh[%t] : memref<32xf32>
        seg.results {}
      }
      scf.yield
    }
    %v = memref.load %sh[%c0] : memref<32xf32>
    seg.results { seg.returns %v into %out : memref<?xf32> }
  }
  return
}

// -----

// A scan's sequentiality degree whose values alone exceed a thread's
// registers: the kernel would keep them in local memory, and its unrolled
// code takes the backend minutes to compile.
func.func @scan_degree_beyond_registers(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  // expected-error @+1 {{'seg.scan' op sequentiality degree 2000 keeps 2000 registers of values per thread, more than the 255 registers_per_thread of target sm_90; use at most 255}}
  seg.scan thread (%i) in (%n) grid(block_size = 1) chunk(2000) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// -----

// The same for a non-commutative reduction's chunk, two registers per i64.
func.func @chunk_beyond_registers(%x: memref<?xi64>, %out: memref<i64>, %n: index) {
  %zero = arith.constant 0 : i64
  // expected-error @+1 {{'seg.red' op chunk 128 keeps 256 registers of values per thread, more than the 255 registers_per_thread of target sm_90; use at most 127}}
  seg.red thread (%i) in (%n) grid(block_size = 32) chunk(128)
      outs(%out : memref<i64>) {
    %xi = memref.load %x[%i] : memref<?xi64>
    seg.yield %xi : i64
  } combine (%a: i64, %b: i64) neutral(%zero : i64) {
    %d = arith.subi %a, %b : i64
    seg.yield %d : i64
  }
  return
}

// -----

// A degree whose products overflow 64 bits is rejected before anything is
// sized by it (it used to exhaust memory).
func.func @scan_degree_overflows(%in: memref<?xi64>, %out: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : i64
  // expected-error @+1 {{'seg.scan' op sequentiality degree 9223372036854775807 keeps more than 2^63 registers of values per thread, more than the 255 registers_per_thread of target sm_90; use at most 127}}
  seg.scan thread (%i) in (%n) grid(block_size = 1024) chunk(9223372036854775807)
      outs(%out : memref<?xi64>) {
    %x = memref.load %in[%i] : memref<?xi64>
    seg.yield %x : i64
  } combine (%a: i64, %b: i64) neutral(%zero : i64) {
    %s = arith.subi %a, %b : i64
    seg.yield %s : i64
  }
  return
}

// -----

// An op's #seg.gpu_lowering is checked as the options are, at the op.
func.func @lowering_in_flight(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{convert-seg-to-gpu: loads-in-flight 1000 is more than the 255 registers per thread of target sm_90}}
  seg.red thread (%i) in (%n) outs(%out : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  } attributes {seg.gpu_lowering = #seg.gpu_lowering<loads_in_flight = 1000>}
  return
}

// -----

func.func @lowering_block_size(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  // expected-error @+1 {{block size 2048}}
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.results { seg.returns %x into %out : memref<?xf32> }
  } attributes {seg.gpu_lowering = #seg.gpu_lowering<block_size = 2048>}
  return
}
