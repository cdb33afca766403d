// RUN: seg-opt %s -split-input-file -verify-diagnostics
// An outermost seg op is a kernel of its own; the memrefs it takes from
// outside (outs, captured values) are its kernel arguments, in global
// memory. Workgroup and private memory exist only inside a kernel.

func.func @captured_workgroup(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{defined here}}
  %buf = memref.alloca() : memref<4xf32, #gpu.address_space<workgroup>>
  // expected-error @+1 {{'seg.map' op uses a memref of type 'memref<4xf32, #gpu.address_space<workgroup>>' defined outside it; its memory space exists only inside a kernel}}
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %v = memref.load %buf[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    seg.results {
      seg.returns %v into %out : memref<?xf32>
    }
  }
  return
}

// -----

// expected-note @+1 {{defined here}}
func.func @private_outs(%out: memref<?xf32, #gpu.address_space<private>>, %n: index) {
  %c1 = arith.constant 1.0 : f32
  // expected-error @+1 {{'seg.map' op uses a memref of type 'memref<?xf32, #gpu.address_space<private>>' defined outside it}}
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32, #gpu.address_space<private>>) {
    seg.results {
      seg.returns %c1 into %out : memref<?xf32, #gpu.address_space<private>>
    }
  }
  return
}

// -----

// expected-note @+1 {{defined here}}
func.func @shared_integer_space(%in: memref<?xf32, 3>, %out: memref<?xf32>, %n: index) {
  // expected-error @+1 {{'seg.map' op uses a memref of type 'memref<?xf32, 3>' defined outside it}}
  seg.map thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %v = memref.load %in[%i] : memref<?xf32, 3>
    seg.results {
      seg.returns %v into %out : memref<?xf32>
    }
  }
  return
}

// -----

// Global memory, by any of its names, is a kernel argument; a nested seg
// op may use its block's workgroup memory (an unexpected error fails
// -verify-diagnostics).
func.func @global_and_nested(%a: memref<?xf32, #gpu.address_space<global>>,
                             %b: memref<?xf32, 1>, %out: memref<?xf32>,
                             %n: index) {
  %c0 = arith.constant 0 : index
  seg.map block (%blk) in (%n) outs(%out : memref<?xf32>) {
    %x = memref.load %a[%blk] : memref<?xf32, #gpu.address_space<global>>
    %y = memref.load %b[%blk] : memref<?xf32, 1>
    %sum = arith.addf %x, %y : f32
    %tile = memref.alloca() : memref<32xf32, #gpu.address_space<workgroup>>
    seg.map thread_in_block (%t) in (32) outs(%tile : memref<32xf32, #gpu.address_space<workgroup>>) {
      seg.results {
        seg.returns %sum into %tile : memref<32xf32, #gpu.address_space<workgroup>>
      }
    }
    %first = memref.load %tile[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
    seg.results {
      seg.returns %first into %out : memref<?xf32>
    }
  }
  return
}
