// RUN: seg-opt %s --split-input-file --convert-seg-to-gpu=remarks --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s
// RUN: seg-opt %s --split-input-file --convert-seg-to-gpu="remarks block-size=256" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIXED
// RUN: seg-opt %s --split-input-file --seg-select-chunk --convert-seg-to-gpu=remarks --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s
// RUN: seg-opt %s --split-input-file --seg-select-chunk=remarks -o /dev/null 2>&1 | FileCheck %s --check-prefix=SELECT
// RUN: seg-opt %s --split-input-file --convert-seg-to-gpu | FileCheck %s --check-prefix=BOUND

// With no block size given (block-size=0, the default) the resource model
// chooses a scan's threads and elements per thread from the target
// (ResourceModel::selectScanGeometry): the most elements whose registers
// keep 7/16 of an SM's threads resident, in the smallest block of at least
// four warps that keeps the most resident. seg-select-chunk chooses the
// same m (the third RUN line plans from its chunk). A block size given by
// an option, the op or its seg.gpu_lowering keeps the model's m for it.

// sm_90: 65536 registers for 7/16 of 2048 threads leave 73 per thread; a
// 32-bit state fits m = 20 (2 m + 32 = 72), a 64-bit one m = 8
// (4 m + 40 = 72); 7 blocks of 128 threads stay resident.
// CHECK: plan: scan: block size 128, at most 2112 blocks, single-pass, m = 20 (threads x m: model: about 72 registers at m = 20 (the most within 73, which keep 7/16 of the SM resident), 896 threads resident per SM
// CHECK: plan: scan: block size 128, at most 2112 blocks, single-pass, m = 8 (threads x m: model: about 72 registers at m = 8
// A segmented 32-bit state fits m = 16 (2 m + 40 = 72).
// CHECK: plan: scan: block size 128, at most 2112 blocks, single-pass, m = 16 (threads x m: model: about 72 registers at m = 16 (the most within 73, which keep 7/16 of the SM resident), 896 threads resident per SM
// The op's own block size and its seg.gpu_lowering's are kept.
// CHECK: plan: scan: block size 64, {{.*}}, m = 16;
// CHECK: plan: scan: block size 512, {{.*}}, m = 15;
// FIXED: plan: scan: block size 256, at most 1056 blocks, single-pass, m = 16;
// FIXED: plan: scan: block size 256, at most 1056 blocks, single-pass, m = 8;
// FIXED: plan: scan: block size 256, at most 1056 blocks, single-pass, m = 16;
// FIXED: plan: scan: block size 64, {{.*}}, m = 16;
// FIXED: plan: scan: block size 512, {{.*}}, m = 15;
// The kernels of the model's threads x m carry its budget in the chip's
// register allocation unit (8 per thread): 72 on sm_90, 96 on sm_89; those
// of a given block size carry none.
// BOUND-LABEL: func.func @f32
// BOUND:         } {nvvm.maxnreg = 72 : i32}
// BOUND-LABEL: func.func @f64
// BOUND:         } {nvvm.maxnreg = 72 : i32}
// BOUND-LABEL: func.func @rows
// BOUND:         } {nvvm.maxnreg = 72 : i32}
// BOUND-LABEL: func.func @grid
// BOUND-NOT:     nvvm.maxnreg
// BOUND-LABEL: func.func @lowering
// BOUND-NOT:     nvvm.maxnreg
// BOUND-LABEL: func.func @f32
// BOUND:         } {nvvm.maxnreg = 96 : i32}
// SELECT: remark: f32.scan0.chunk: sequentiality degree 20 with the model's block size on target sm_90; block size 128 (model: about 72 registers at m = 20
// SELECT: remark: f64.scan0.chunk: sequentiality degree 8 with the model's block size on target sm_90; block size 128 (model:
// SELECT: remark: rows.scan0.chunk: sequentiality degree 16 with the model's block size on target sm_90; block size 128 (model: about 72 registers at m = 16
// SELECT: remark: grid.scan0.chunk: sequentiality degree 16 (decided by loads in flight; block size 64: {{.*}} on target sm_90{{$}}
// SELECT: remark: lowering.scan0.chunk: sequentiality degree 15 (decided by {{.*}}; block size 512: {{.*}} on target sm_90{{$}}
// SELECT: remark: f32.scan0.chunk: sequentiality degree 32 with the model's block size on target sm_89; block size 224 (model:

func.func @f32(%x: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}

func.func @f64(%x: memref<?xf64>, %out: memref<?xf64>, %n: index) {
  %zero = arith.constant 0.0 : f64
  seg.scan thread (%i) in (%n) outs(%out : memref<?xf64>) {
    %xi = memref.load %x[%i] : memref<?xf64>
    seg.yield %xi : f64
  } combine commutative (%a: f64, %b: f64) neutral(%zero : f64) {
    %s = arith.addf %a, %b : f64
    seg.yield %s : f64
  }
  return
}

func.func @rows(%x: memref<?x?xf32>, %out: memref<?x?xf32>, %m: index,
                %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%s, %i) in (%m, %n) outs(%out : memref<?x?xf32>) {
    %xi = memref.load %x[%s, %i] : memref<?x?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}

func.func @grid(%x: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%i) in (%n) grid(block_size = 64) outs(%out : memref<?xf32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  }
  return
}

func.func @lowering(%x: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  seg.scan thread (%i) in (%n) outs(%out : memref<?xf32>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    seg.yield %xi : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  } attributes {seg.gpu_lowering = #seg.gpu_lowering<block_size = 512>}
  return
}

// -----

// sm_89 holds 1536 threads per SM: 7/16 of them leave 97 registers per
// thread, m = 32 (the most a thread evaluates in one batch), and 3 blocks
// of 224 threads stay resident.
// CHECK: plan: scan: block size 224, at most 852 blocks, single-pass, m = 32 (threads x m: model: about 96 registers at m = 32 (the most within 97, which keep 7/16 of the SM resident), 672 threads resident per SM
// FIXED: plan: scan: block size 256, {{.*}}, m = 16;
module attributes {seg.target = #seg.target<chip = "sm_89">} {
  func.func @f32(%x: memref<?xf32>, %out: memref<?xf32>, %n: index) {
    %zero = arith.constant 0.0 : f32
    seg.scan thread (%i) in (%n) outs(%out : memref<?xf32>) {
      %xi = memref.load %x[%i] : memref<?xf32>
      seg.yield %xi : f32
    } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
      %s = arith.addf %a, %b : f32
      seg.yield %s : f32
    }
    return
  }
}
