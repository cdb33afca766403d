// RUN: seg-opt %s --seg-to-cpu | %run-cpu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s
// CHECK: 4950
func.func @main() {
  %zero = arith.constant 0 : i64
  %out = memref.alloc() : memref<i64>
  seg.red thread (%i) in (100) outs(%out : memref<i64>) {
    %x = arith.index_cast %i : index to i64
    seg.yield %x : i64
  } combine commutative (%a: i64, %b: i64) neutral(%zero : i64) {
    %s = arith.addi %a, %b : i64
    seg.yield %s : i64
  }
  %r = memref.load %out[] : memref<i64>
  vector.print %r : i64
  return
}
