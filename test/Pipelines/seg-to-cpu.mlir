// RUN: seg-opt %s --seg-to-cpu | FileCheck %s
// RUN: seg-opt %s --seg-to-cpu='canonicalize=false' | FileCheck %s

// seg-to-cpu leaves nothing but the LLVM dialect.

// CHECK: llvm.func @scan
// CHECK-NOT: seg.
// CHECK-NOT: scf.
// CHECK-NOT: memref.
// CHECK-NOT: arith.
// CHECK-NOT: vector.
// CHECK-NOT: cf.
// CHECK: llvm.return
func.func @scan(%in: memref<?x?xi64>, %out: memref<?x?xi64>, %s: index,
                %n: index, %tile: vector<2x2xi64>) {
  %zero = arith.constant 0 : i64
  seg.scan thread (%seg, %i) in (%s, %n) outs(%out : memref<?x?xi64>) {
    %x = memref.load %in[%seg, %i] : memref<?x?xi64>
    seg.yield %x : i64
  } combine commutative (%a: i64, %b: i64) neutral(%zero : i64) {
    %r = arith.addi %a, %b : i64
    seg.yield %r : i64
  }
  seg.map block (%bi, %bj) in (%s, %n) outs(%out : memref<?x?xi64>) {
    %shared = memref.alloca() : memref<4x4xi64>
    seg.map thread_in_block (%ti, %tj) in (4, 4) outs(%out : memref<?x?xi64>) {
      seg.results {
        seg.regtile_returns %tile into %out tiles [(%s, 4, 2), (%n, 4, 2)] : vector<2x2xi64>, memref<?x?xi64>
      }
    }
    seg.results {
    }
  }
  return
}
