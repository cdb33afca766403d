// RUN: seg-opt %s --split-input-file --seg-tile-block-register="ty=4 tx=4 tk=8 ry=2 rx=2 stages=3" --verify-diagnostics -o /dev/null

// Three or more stages where asynchronous copies do not apply are an error
// that names the reason (the model keeps register prefetch there:
// tile-block-register-async-copy-remarks.mlir). A target before sm_80 has
// no cp.async:
module attributes {seg.target = #seg.target<chip = "sm_75", warp_size = 32, max_threads_per_block = 1024, max_threads_per_sm = 1024, num_sms = 40, shared_memory_per_block = 65536, shared_memory_per_sm = 65536, registers_per_block = 65536, registers_per_sm = 65536, registers_per_thread = 255>} {
  func.func @before_sm80(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                         %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{illegal tile sizes: 3 stages need asynchronous copies, but target sm_75 has no asynchronous copies (cp.async came with sm_80)}}
    seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
      %zero = arith.constant 0.0 : f32
      %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
        %a = memref.load %A[%i, %k] : memref<?x?xf32>
        %b = memref.load %B[%k, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s1 = arith.addf %s, %p : f32
        scf.yield %s1 : f32
      }
      seg.results {
        seg.returns %dot into %C : memref<?x?xf32>
      }
    }
    return
  }
}

// -----

// Elements of 2 bytes: cp.async copies 4 or 8 per element.
func.func @f16_inputs(%A: memref<?x?xf16>, %B: memref<?x?xf16>,
                      %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{illegal tile sizes: 3 stages need asynchronous copies, but elements of 2 bytes (cp.async copies elements of 4 or 8 bytes)}}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf16>
      %b = memref.load %B[%k, %j] : memref<?x?xf16>
      %ae = arith.extf %a : f16 to f32
      %be = arith.extf %b : f16 to f32
      %p = arith.mulf %ae, %be : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

