// RUN: seg-opt %s --split-input-file | seg-opt --split-input-file | FileCheck %s
// RUN: seg-opt %s --split-input-file --verify-roundtrip > /dev/null

// Presets print as the chip alone; overrides are kept.

// CHECK: module attributes {seg.target = #seg.target<chip = "sm_90">}
module attributes {seg.target = #seg.target<chip = "sm_90">} {
}

// -----

// CHECK: module attributes {seg.target = #seg.target<chip = "sm_80">}
module attributes {seg.target = #seg.target<chip = "sm_80", num_sms = 108>} {
}

// -----

// CHECK: module attributes {seg.target = #seg.target<chip = "sm_89", num_sms = 128>}
// CHECK-NOT: warp_size
module attributes {seg.target = #seg.target<chip = "sm_89", num_sms = 128>} {
}

// -----

// A chip without a preset gives every field.
// CHECK: #seg.target<chip = "sm_75", warp_size = 32, max_threads_per_block = 1024, max_threads_per_sm = 1024, num_sms = 40, shared_memory_per_block = 65536, shared_memory_per_sm = 65536, registers_per_block = 65536, registers_per_sm = 65536, registers_per_thread = 255>
module attributes {seg.target = #seg.target<chip = "sm_75", warp_size = 32,
    max_threads_per_block = 1024, max_threads_per_sm = 1024, num_sms = 40,
    shared_memory_per_block = 65536, shared_memory_per_sm = 65536,
    registers_per_block = 65536, registers_per_sm = 65536,
    registers_per_thread = 255>} {
}

// -----

// The target decides the largest legal block size: 1024 on sm_90 ...
// CHECK-LABEL: func @big_block
// CHECK: grid(block_size = 1024)
module attributes {seg.target = #seg.target<chip = "sm_90">} {
  func.func @big_block(%out: memref<?xi32>, %n: index, %v: i32) {
    seg.map thread (%i) in (%n) grid(block_size = 1024) outs(%out : memref<?xi32>) {
      seg.results {
        seg.returns %v into %out : memref<?xi32>
      }
    }
    return
  }
}
