// scf.parallel loops through convert-scf-parallel-to-seg: a map with its
// own-point stores, a strided scatter, and two reductions from initial
// values that are not the neutral elements, run by seg-to-cpu and on the
// emulator (blocks of 32 threads, randomised schedules), equal to the loops
// lowered as they are (scf-to-cf).
// RUN: seg-opt %s --seg-to-cpu | %run-cpu > %t.loops
// RUN: FileCheck %s < %t.loops
// RUN: seg-opt %s --convert-scf-parallel-to-seg > %t.seg.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.seg.mlir
// RUN: seg-opt %t.seg.mlir --seg-to-cpu | %run-cpu > %t.cpu
// RUN: diff %t.loops %t.cpu
// RUN: seg-opt %t.seg.mlir --seg-to-emulator="block-size=32" > %t.emu.mlir
// RUN: env SEGIR_EMU_SEED=1 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.emu.mlir > %t.emu1
// RUN: diff %t.loops %t.emu1
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.emu.mlir > %t.emu2
// RUN: diff %t.loops %t.emu2

// IR-NOT: scf.parallel
// IR: seg.map thread
// IR: seg.returns
// IR: seg.map thread
// IR: seg.write_returns
// IR: seg.red thread

// Sum of 3 * (i mod 7) over 1000 points from 5: 5 + 3 * 2997 = 8996;
// maximum from 100: 100.
// CHECK: checksum 999000
// CHECK-NEXT: scatter 1000
// CHECK-NEXT: sum 8996
// CHECK-NEXT: max 100

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c1000 = arith.constant 1000 : index
  %c2000 = arith.constant 2000 : index
  %a = memref.alloc() : memref<1000xi64>
  // a[i] = 3 * (i mod 7)
  scf.parallel (%i) = (%c0) to (%c1000) step (%c1) {
    %m = arith.remui %i, %c7 : index
    %mi = arith.index_cast %m : index to i64
    %three = arith.constant 3 : i64
    %v = arith.muli %mi, %three : i64
    memref.store %v, %a[%i] : memref<1000xi64>
    scf.reduce
  }
  // b[k] = k for even k, b[k + 1] = 1: a strided scatter.
  %b = memref.alloc() : memref<2000xi64>
  scf.parallel (%k) = (%c0) to (%c2000) step (%c2) {
    %ki = arith.index_cast %k : index to i64
    %k1 = arith.addi %k, %c1 : index
    %one = arith.constant 1 : i64
    memref.store %ki, %b[%k] : memref<2000xi64>
    memref.store %one, %b[%k1] : memref<2000xi64>
    scf.reduce
  }
  %zero = arith.constant 0 : i64
  %checksum = scf.for %k = %c0 to %c2000 step %c2 iter_args(%s = %zero) -> i64 {
    %x = memref.load %b[%k] : memref<2000xi64>
    %s1 = arith.addi %s, %x : i64
    scf.yield %s1 : i64
  }
  %ones = scf.for %k = %c1 to %c2000 step %c2 iter_args(%s = %zero) -> i64 {
    %x = memref.load %b[%k] : memref<2000xi64>
    %s1 = arith.addi %s, %x : i64
    scf.yield %s1 : i64
  }
  %five = arith.constant 5 : i64
  %hundred = arith.constant 100 : i64
  %r:2 = scf.parallel (%i) = (%c0) to (%c1000) step (%c1) init (%five, %hundred) -> (i64, i64) {
    %x = memref.load %a[%i] : memref<1000xi64>
    scf.reduce(%x, %x : i64, i64) {
    ^bb0(%p: i64, %q: i64):
      %s = arith.addi %p, %q : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%p: i64, %q: i64):
      %m = arith.maxsi %p, %q : i64
      scf.reduce.return %m : i64
    }
  }
  vector.print str "checksum "
  vector.print %checksum : i64
  vector.print str "scatter "
  vector.print %ones : i64
  vector.print str "sum "
  vector.print %r#0 : i64
  vector.print str "max "
  vector.print %r#1 : i64
  return
}
