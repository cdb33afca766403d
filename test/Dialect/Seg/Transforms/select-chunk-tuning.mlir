// The chosen values go to a tuning file; edited values come back as
// overrides, and the file round-trips.
// RUN: seg-opt %s --seg-select-chunk="tuning-file-out=%t.chosen" | FileCheck %s --check-prefix=MODEL
// RUN: FileCheck %s --check-prefix=FILE < %t.chosen
// RUN: sed -e 's/^tuned.red1.chunk=.*/tuned.red1.chunk=7/' %t.chosen > %t.edited
// RUN: seg-opt %s --seg-select-chunk="tuning-file=%t.edited tuning-file-out=%t.again" | FileCheck %s --check-prefix=TUNED
// RUN: diff %t.edited %t.again
// RUN: printf 'tuned.red0.chunk=9\n# a comment\n\ntuned.scan0.chunk = 3\n' > %t.partial
// RUN: seg-opt %s --seg-select-chunk="tuning-file=%t.partial" | FileCheck %s --check-prefix=PARTIAL
// RUN: printf 'tuned.red0.chunk=many\n' > %t.bad
// RUN: not seg-opt %s --seg-select-chunk="tuning-file=%t.bad" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: printf 'tuned.red0.chunk=300\n' > %t.illegal
// RUN: not seg-opt %s --seg-select-chunk="tuning-file=%t.illegal" 2>&1 | FileCheck %s --check-prefix=ILLEGAL
// RUN: not seg-opt %s --seg-select-chunk="tuning-file=%t.missing" 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not seg-opt %s --seg-select-chunk="block-size=64 chunk=300" 2>&1 | FileCheck %s --check-prefix=REGISTERS

// MODEL: seg.red thread {{.*}} chunk(1)
// MODEL: seg.red thread {{.*}} chunk(20)
// MODEL: seg.scan thread {{.*}} chunk(20)

// FILE:      tuned.red0.chunk=1
// FILE-NEXT: tuned.red1.chunk=20
// FILE-NEXT: tuned.scan0.chunk=20

// TUNED: seg.red thread {{.*}} chunk(1)
// TUNED: seg.red thread {{.*}} chunk(7)
// TUNED: seg.scan thread {{.*}} chunk(20)

// PARTIAL: seg.red thread {{.*}} chunk(9)
// PARTIAL: seg.red thread {{.*}} chunk(20)
// PARTIAL: seg.scan thread {{.*}} chunk(3)

// BAD: .bad:1: value of 'tuned.red0.chunk' is not an integer: 'many'

// REGISTERS: error: 'seg.red' op chunk 300 from the option 'chunk' (tuned.red0.chunk) is illegal: chunk 300 keeps 300 registers of values per thread, more than the 255 registers_per_thread of target sm_90; use at most 255
// ILLEGAL: error: 'seg.red' op chunk 300 from the tuning file (tuned.red0.chunk) is illegal: chunk 300 needs 307200 bytes of shared memory (block size 256 x chunk 300 x 4 bytes) but target sm_90 allows 232448 per block

// MISSING: cannot read tuning file '{{.*}}.missing'

func.func @tuned(%in: memref<?xf32>, %o: memref<f32>, %so: memref<?xf32>,
                 %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.red thread (%i) in (%n) outs(%o : memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  seg.red thread (%i) in (%n) outs(%o, %o, %o, %o : memref<f32>, memref<f32>, memref<f32>, memref<f32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x, %x, %x, %x : f32, f32, f32, f32
  } combine (%a0: f32, %a1: f32, %a2: f32, %a3: f32, %b0: f32, %b1: f32, %b2: f32, %b3: f32)
      neutral(%zero, %zero, %zero, %zero : f32, f32, f32, f32) {
    seg.yield %a0, %b1, %a2, %b3 : f32, f32, f32, f32
  }
  seg.scan thread (%i) in (%n) outs(%so : memref<?xf32>) {
    %x = memref.load %in[%i] : memref<?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}
