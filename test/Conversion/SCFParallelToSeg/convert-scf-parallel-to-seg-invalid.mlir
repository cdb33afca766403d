// RUN: seg-opt %s --split-input-file --convert-scf-parallel-to-seg --verify-diagnostics | FileCheck %s

// Loops left alone, each with a remark saying why.

// A stored memref that the body also reads: kernel results are written
// after the body, so the read would see the old value.
// CHECK-LABEL: func.func @read_after_write
// CHECK: scf.parallel
func.func @read_after_write(%a: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @+1 {{not converted to seg: a stored memref is also used by 'memref.load' in the loop (stores become kernel results, written after the body)}}
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %a[%i] : memref<8xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %a[%i] : memref<8xf32>
    scf.reduce
  }
  return
}

// -----

// A store in a nested region cannot become a kernel result.
// CHECK-LABEL: func.func @conditional_store
// CHECK: scf.parallel
func.func @conditional_store(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{not converted to seg: op 'scf.if' in the body writes memory other than by a store directly in the body}}
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %a[%i] : memref<8xf32>
    %p = arith.cmpf ogt, %x, %zero : f32
    scf.if %p {
      memref.store %x, %b[%i] : memref<8xf32>
    }
    scf.reduce
  }
  return
}

// -----

// A reduction that is not a recognised associative operator.
// CHECK-LABEL: func.func @subtract
// CHECK: scf.parallel
func.func @subtract(%a: memref<8xi32>, %init: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @+1 {{not converted to seg: reduction #0 is not one recognised associative operator (add, mul, and, or, xor, min, max) on its two arguments; not turned into a parallel reduction}}
  %r = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%init) -> i32 {
    %x = memref.load %a[%i] : memref<8xi32>
    scf.reduce(%x : i32) {
    ^bb0(%p: i32, %q: i32):
      %d = arith.subi %p, %q : i32
      scf.reduce.return %d : i32
    }
  }
  return %r : i32
}

// -----

// Calls may write anything.
func.func private @effect(f32)

// CHECK-LABEL: func.func @call
// CHECK: scf.parallel
func.func @call(%a: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @+1 {{not converted to seg: op 'func.call' in the body writes memory other than by a store directly in the body}}
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %a[%i] : memref<8xf32>
    func.call @effect(%x) : (f32) -> ()
    scf.reduce
  }
  return
}
