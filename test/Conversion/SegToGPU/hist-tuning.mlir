// Tuning-file entries `<function>.hist<index>.shared` and `.multiplicity`
// override the hist-strategy option and the model for one op each.
// RUN: printf 'counts.hist1.shared=0\ncounts.hist0.multiplicity=4\n' > %t.tuned
// RUN: seg-opt %s --convert-seg-to-gpu="remarks tuning-file=%t.tuned" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: printf 'counts.hist0.shared=1\ncounts.hist1.shared=1\n' > %t.forced
// RUN: seg-opt %s --convert-seg-to-gpu="remarks hist-strategy=global-atomic tuning-file=%t.forced" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=FORCED
// RUN: printf 'counts.hist0.shared=2\n' > %t.bad
// RUN: not seg-opt %s --convert-seg-to-gpu="tuning-file=%t.bad" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: printf 'counts.hist1.shared=0\ncounts.hist1.multiplicity=2\n' > %t.global
// RUN: not seg-opt %s --convert-seg-to-gpu="tuning-file=%t.global" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: rm -f %t.missing
// RUN: not seg-opt %s --convert-seg-to-gpu="tuning-file=%t.missing" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot read tuning file '{{.*}}.missing': No such file or directory
// RUN: printf 'counts.hist0.multiplicity=1000\n' > %t.big
// RUN: not seg-opt %s --convert-seg-to-gpu="tuning-file=%t.big" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BIG

// CHECK: remark: plan: histogram: {{.*}}, shared, multiplicity 4, passes 1, bins per pass [256], updates [atomic addi] (the histograms take 1024 bytes, {{.*}}); shared memory: shared-subhistograms 4096{{$}}
// CHECK: remark: plan: histogram: {{.*}}, global-atomic, updates [atomic addi] (tuning file, counts.hist1.shared); shared memory: global-atomic 0{{$}}

// FORCED: remark: plan: histogram: {{.*}}, shared, multiplicity 32, {{.*}} (tuning file, counts.hist0.shared)
// FORCED: remark: plan: histogram: {{.*}}, shared, multiplicity 32, {{.*}} (tuning file, counts.hist1.shared)

// BAD: error: 'seg.hist' op tuning file entry counts.hist0.shared must be 0 (global atomics) or 1 (shared sub-histograms), got 2
// GLOBAL: error: 'seg.hist' op tuning file entry counts.hist1.multiplicity = 2 needs a positive value and the shared strategy
// BIG: error: 'seg.hist' op needs 1024000 bytes of shared memory per block for its shared-subhistograms kernel, more than the 232448 bytes of shared_memory_per_block of target sm_90

func.func @counts(%in: memref<?xi32>, %h: memref<256xi32>, %g: memref<256xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  seg.hist thread (%i) in (%n) outs(%h : memref<256xi32>) {
    %v = memref.load %in[%i] : memref<?xi32>
    %bin = arith.index_cast %v : i32 to index
    seg.yield %bin, %one : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  seg.hist thread (%i) in (%n) outs(%g : memref<256xi32>) {
    %v = memref.load %in[%i] : memref<?xi32>
    %bin = arith.index_cast %v : i32 to index
    seg.yield %bin, %v : index, i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}
