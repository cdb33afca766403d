// RUN: seg-opt %s --seg-to-cpu | %run-cpu | FileCheck %s

// Shared memory of a block-level map lives for one block in the reference
// lowering: 65536 blocks with 16 KiB of shared memory each would need 1 GiB
// of stack if every block kept its own.

func.func @main() {
  %out = memref.alloc() : memref<65536xi32>
  seg.map block (%b) in (65536) outs(%out : memref<65536xi32>) {
    %shared = memref.alloca() : memref<4096xi32>
    seg.map thread_in_block (%t) in (4096) outs(%shared : memref<4096xi32>) {
      %v = arith.index_cast %t : index to i32
      seg.results {
        seg.returns %v into %shared : memref<4096xi32>
      }
    }
    %c4095 = arith.constant 4095 : index
    %last = memref.load %shared[%c4095] : memref<4096xi32>
    %bi = arith.index_cast %b : index to i32
    %r = arith.addi %last, %bi : i32
    seg.results {
      seg.returns %r into %out : memref<65536xi32>
    }
  }
  %c65535 = arith.constant 65535 : index
  %x = memref.load %out[%c65535] : memref<65536xi32>
  // 4095 + 65535
  // CHECK: 69630
  vector.print %x : i32
  memref.dealloc %out : memref<65536xi32>
  return
}
