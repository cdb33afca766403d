// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=5 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mlir | FileCheck %s

// Every kind of memref.atomic_rmw, memref.generic_atomic_rmw, and a spin
// lock made of llvm.cmpxchg and an atomic llvm.store, from 4 blocks of 64
// threads; g = 64 * block + thread runs over 0..255.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %ints = memref.alloc() : memref<11xi32>
  %floats = memref.alloc() : memref<7xf32>
  %seen = memref.alloc() : memref<256xi32>
  %lock = memref.alloc() : memref<1xi32>
  %count = memref.alloc() : memref<1xi32>
  %int0 = arith.constant dense<[0, -1000, 1000, 0, -1, 0, -1, 0, 1, 0, 0]> : vector<11xi32>
  vector.store %int0, %ints[%c0] : memref<11xi32>, vector<11xi32>
  %float0 = arith.constant dense<[0.0, -1.0e9, 1.0e9, -1.0e9, 1.0e9, 1.0, 0.0]> : vector<7xf32>
  vector.store %float0, %floats[%c0] : memref<7xf32>, vector<7xf32>
  %zeros = arith.constant dense<0> : vector<256xi32>
  vector.store %zeros, %seen[%c0] : memref<256xi32>, vector<256xi32>
  %zero1 = arith.constant dense<0> : vector<1xi32>
  vector.store %zero1, %lock[%c0] : memref<1xi32>, vector<1xi32>
  vector.store %zero1, %count[%c0] : memref<1xi32>, vector<1xi32>

  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %c64 : index
    %gi = arith.addi %base, %tx : index
    %g = arith.index_cast %gi : index to i32
    %one = arith.constant 1 : i32
    %hundred = arith.constant 100 : i32
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    // 0: every thread gets a different old value.
    %ticket = memref.atomic_rmw addi %one, %ints[%c0] : (i32, memref<11xi32>) -> i32
    %ti = arith.index_cast %ticket : i32 to index
    memref.store %one, %seen[%ti] : memref<256xi32>
    %signed = arith.subi %g, %hundred : i32
    %r1 = memref.atomic_rmw maxs %signed, %ints[%c1] : (i32, memref<11xi32>) -> i32
    %r2 = memref.atomic_rmw mins %signed, %ints[%c2] : (i32, memref<11xi32>) -> i32
    %r3 = memref.atomic_rmw maxu %g, %ints[%c3] : (i32, memref<11xi32>) -> i32
    %five = arith.constant 5 : i32
    %g5 = arith.addi %g, %five : i32
    %r4 = memref.atomic_rmw minu %g5, %ints[%c4] : (i32, memref<11xi32>) -> i32
    %thirtyTwo = arith.constant 32 : i32
    %bit = arith.remui %g, %thirtyTwo : i32
    %mask = arith.shli %one, %bit : i32
    %r5 = memref.atomic_rmw ori %mask, %ints[%c5] : (i32, memref<11xi32>) -> i32
    %allOnes = arith.constant -1 : i32
    %notMask = arith.xori %mask, %allOnes : i32
    %r6 = memref.atomic_rmw andi %notMask, %ints[%c6] : (i32, memref<11xi32>) -> i32
    %bit5 = arith.remui %g, %five : i32
    %mask5 = arith.shli %one, %bit5 : i32
    %r7 = memref.atomic_rmw xori %mask5, %ints[%c7] : (i32, memref<11xi32>) -> i32
    %twenty = arith.constant 20 : i32
    %ten = arith.constant 10 : i32
    %two = arith.constant 2 : i32
    %few = arith.cmpi ult, %g, %twenty : i32
    scf.if %few {
      %r8 = memref.atomic_rmw muli %two, %ints[%c8] : (i32, memref<11xi32>) -> i32
    }
    %fortyTwo = arith.constant 42 : i32
    %r9 = memref.atomic_rmw assign %fortyTwo, %ints[%c9] : (i32, memref<11xi32>) -> i32
    %square = arith.muli %g, %g : i32
    %r10 = memref.generic_atomic_rmw %ints[%c10] : memref<11xi32> {
    ^bb0(%current: i32):
      %sum = arith.addi %current, %square : i32
      memref.atomic_yield %sum : i32
    }

    %half = arith.constant 0.5 : f32
    %f0 = memref.atomic_rmw addf %half, %floats[%c0] : (f32, memref<7xf32>) -> f32
    %gf = arith.sitofp %g : i32 to f32
    %quarter = arith.constant 0.25 : f32
    %minusTen = arith.constant -10.0 : f32
    %scaled = arith.mulf %gf, %quarter : f32
    %v = arith.addf %scaled, %minusTen : f32
    %f1 = memref.atomic_rmw maxnumf %v, %floats[%c1] : (f32, memref<7xf32>) -> f32
    %f2 = memref.atomic_rmw minnumf %v, %floats[%c2] : (f32, memref<7xf32>) -> f32
    %f3 = memref.atomic_rmw maximumf %v, %floats[%c3] : (f32, memref<7xf32>) -> f32
    %f4 = memref.atomic_rmw minimumf %v, %floats[%c4] : (f32, memref<7xf32>) -> f32
    %fewer = arith.cmpi ult, %g, %ten : i32
    scf.if %fewer {
      %twoF = arith.constant 2.0 : f32
      %f5 = memref.atomic_rmw mulf %twoF, %floats[%c5] : (f32, memref<7xf32>) -> f32
    }
    %f6 = memref.generic_atomic_rmw %floats[%c6] : memref<7xf32> {
    ^bb0(%current: f32):
      %sum = arith.addf %current, %quarter : f32
      memref.atomic_yield %sum : f32
    }
    gpu.terminator
  }

  // A spin lock around a plain read-modify-write.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %address = memref.extract_aligned_pointer_as_index %lock : memref<1xi32> -> index
    %a = arith.index_cast %address : index to i64
    %p = llvm.inttoptr %a : i64 to !llvm.ptr
    cf.br ^try
  ^try:
    %result = llvm.cmpxchg %p, %zero, %one syncscope("agent") acquire monotonic : !llvm.ptr, i32
    %locked = llvm.extractvalue %result[1] : !llvm.struct<(i32, i1)>
    cf.cond_br %locked, ^critical, ^try
  ^critical:
    %n = memref.load %count[%c0] : memref<1xi32>
    %n1 = arith.addi %n, %one : i32
    memref.store %n1, %count[%c0] : memref<1xi32>
    llvm.store %zero, %p atomic syncscope("agent") release {alignment = 4 : i64} : i32, !llvm.ptr
    gpu.terminator
  }

  %i = vector.load %ints[%c0] : memref<11xi32>, vector<11xi32>
  vector.print %i : vector<11xi32>
  %f = vector.load %floats[%c0] : memref<7xf32>, vector<7xf32>
  vector.print %f : vector<7xf32>
  %s = vector.load %seen[%c0] : memref<256xi32>, vector<256xi32>
  %tickets = vector.reduction <add>, %s : vector<256xi32> into i32
  vector.print %tickets : i32
  %n = memref.load %count[%c0] : memref<1xi32>
  vector.print %n : i32
  return
}

// CHECK: ( 256, 155, -100, 255, 5, -1, 0, 30, 1048576, 42, 5559680 )
// CHECK-NEXT: ( 128, 53.75, -10, 53.75, -10, 1024, 64 )
// CHECK-NEXT: 256
// CHECK-NEXT: 256
