// SegIRPlugin.so in Debian's own mlir-opt (linked against the same
// libMLIR.so): the seg dialect from --load-dialect-plugin, the passes and
// pipelines from --load-pass-plugin.
//
// RUN: mlir-opt --load-dialect-plugin=%segir_plugin --load-pass-plugin=%segir_plugin \
// RUN:   --pass-pipeline='builtin.module(convert-seg-to-scf,canonicalize)' %s \
// RUN:   | FileCheck %s --check-prefix=SCF
// RUN: mlir-opt --load-dialect-plugin=%segir_plugin --load-pass-plugin=%segir_plugin \
// RUN:   --pass-pipeline='builtin.module(seg-select-chunk{block-size=128})' %s \
// RUN:   | FileCheck %s --check-prefix=CHUNK
// The named pipelines come with the passes: the whole reference path runs.
// RUN: mlir-opt --load-dialect-plugin=%segir_plugin --load-pass-plugin=%segir_plugin \
// RUN:   --pass-pipeline='builtin.module(seg-to-cpu)' %examples/sum.mlir \
// RUN:   | %run-cpu | FileCheck %examples/sum.mlir
// Without the dialect plugin mlir-opt does not know the seg dialect.
// RUN: not mlir-opt --load-pass-plugin=%segir_plugin %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NODIALECT

// SCF-LABEL: func.func @rowsum
// SCF-NOT:     seg.
// SCF:         scf.for
// SCF:           scf.for
// SCF:             arith.addf

// CHUNK-LABEL: func.func @rowsum
// CHUNK:         seg.red thread {{.*}} chunk(

// NODIALECT: Dialect `seg' not found for custom op 'seg.red'
func.func @rowsum(%in: memref<?x?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %in, %c0 : memref<?x?xf32>
  %cols = memref.dim %in, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  seg.red thread (%s, %i) in (%rows, %cols) outs(%out : memref<?xf32>) {
    %x = memref.load %in[%s, %i] : memref<?x?xf32>
    seg.yield %x : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  }
  return
}
