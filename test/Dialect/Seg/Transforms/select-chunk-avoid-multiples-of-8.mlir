// RUN: seg-opt %s --seg-select-chunk | FileCheck %s --check-prefix=DEFAULT
// RUN: seg-opt %s --seg-select-chunk="avoid-multiples-of-8" | FileCheck %s --check-prefix=AVOID

// 64 KiB of shared memory, and 128 bytes more for the 32 warp totals, and
// registers to spare: shared memory allows (1024 x 16 + 32) x 4 = 65664
// bytes, chunk 16, for a non-commutative f32 reduction at block size 1024.
// [Pøbl & Holst 2024, §5.5] measured dips at multiples of 8 on A100; the
// option steps such a chunk down by one.

// DEFAULT: chunk(16)
// AVOID: chunk(15)
module attributes {seg.target = #seg.target<chip = "sm_90",
    shared_memory_per_block = 65664, registers_per_block = 262144,
    registers_per_sm = 262144>} {
  func.func @first(%in: memref<?xf32>, %out: memref<f32>, %n: index) {
    %zero = arith.constant 0.0 : f32
    %none = arith.constant -1.0 : f32
    seg.red thread (%i) in (%n) grid(block_size = 1024) outs(%out : memref<f32>) {
      %x = memref.load %in[%i] : memref<?xf32>
      seg.yield %x : f32
    } combine (%a: f32, %b: f32) neutral(%none : f32) {
      %empty = arith.cmpf oeq, %a, %none : f32
      %r = arith.select %empty, %b, %a : f32
      seg.yield %r : f32
    }
    return
  }
}
