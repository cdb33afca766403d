// RUN: seg-opt %s --seg-check-memory-spaces --split-input-file -verify-diagnostics
// The pipelines that run it: test/Pipelines/memory-spaces.test.

// A host function argument in #gpu.address_space<global>: host code has one
// memory space.
// expected-error @+1 {{seg-check-memory-spaces: argument #0 has type 'memref<?xf32, #gpu.address_space<global>>', in #gpu.address_space<global>, which host code has no lowering for (it has one memory space); use the default memory space}}
func.func @global_argument(%a: memref<?xf32, #gpu.address_space<global>>,
                           %out: memref<?xf32>, %n: index) {
  // expected-note @+1 {{used by this seg op}}
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %x = memref.load %a[%i] : memref<?xf32, #gpu.address_space<global>>
    seg.results { seg.returns %x into %out : memref<?xf32> }
  }
  return
}

// -----

// Workgroup memory inside a block's body is the kernel's.
func.func @workgroup_in_block(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  seg.map block (%blk) in (%n) outs(%out : memref<?xf32>) {
    %tile = memref.alloca() : memref<32xf32, #gpu.address_space<workgroup>>
    seg.map thread_in_block (%t) in (32) outs(%tile : memref<32xf32, #gpu.address_space<workgroup>>) {
      seg.results {
        seg.returns %one into %tile : memref<32xf32, #gpu.address_space<workgroup>>
      }
    }
    %first = memref.load %tile[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
    seg.results {
      seg.returns %first into %out : memref<?xf32>
    }
  }
  return
}

// -----

// Hand-written kernels have every memory space; integer memory spaces are
// left to the lowering.
func.func @launch(%a: memref<?xf32, 1>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1)
             workgroup(%tile : memref<32xf32, #gpu.address_space<workgroup>>) {
    gpu.terminator
  }
  return
}
