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

// The Hopper preset with its architecture-specific instructions.
// CHECK: module attributes {seg.target = #seg.target<chip = "sm_90a">}
module attributes {seg.target = #seg.target<chip = "sm_90a", num_sms = 132, ptx_version = 80, wgmma = true, tma = true>} {
}

// -----

// Features print where they differ from the preset.
// CHECK: module attributes {seg.target = #seg.target<chip = "sm_90a", ptx_version = 86, wgmma = false>}
module attributes {seg.target = #seg.target<chip = "sm_90a", wgmma = false, ptx_version = 86>} {
}

// -----

// A chip without a preset defaults to PTX 8.0 without wgmma and TMA.
// CHECK: #seg.target<chip = "sm_100", warp_size = 32, max_threads_per_block = 1024, max_threads_per_sm = 2048, num_sms = 148, shared_memory_per_block = 232448, shared_memory_per_sm = 233472, registers_per_block = 65536, registers_per_sm = 65536, registers_per_thread = 255, ptx_version = 86, tma = true>
module attributes {seg.target = #seg.target<chip = "sm_100", warp_size = 32,
    max_threads_per_block = 1024, max_threads_per_sm = 2048, num_sms = 148,
    shared_memory_per_block = 232448, shared_memory_per_sm = 233472,
    registers_per_block = 65536, registers_per_sm = 65536,
    registers_per_thread = 255, ptx_version = 86, tma = true, wgmma = false>} {
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

// -----

// #seg.gpu_lowering prints strategies with a hyphen as strings; both forms
// parse.
// CHECK-LABEL: func.func @lowering
// CHECK: } attributes {seg.gpu_lowering = #seg.gpu_lowering<scan_strategy = "reduce-then-scan", block_size = 64>}
// CHECK: } attributes {seg.gpu_lowering = #seg.gpu_lowering<strategy = small, loads_in_flight = 3>}
func.func @lowering(%in: memref<?xi32>, %out: memref<?xi32>, %r: memref<i32>, %n: index) {
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  } attributes {seg.gpu_lowering = #seg.gpu_lowering<block_size = 64, scan_strategy = "reduce-then-scan">}
  seg.red thread (%i) in (%n) outs(%r : memref<i32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  } attributes {seg.gpu_lowering = #seg.gpu_lowering<strategy = "small", loads_in_flight = 3>}
  return
}
