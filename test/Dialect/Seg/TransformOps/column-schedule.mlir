// transform.seg.column_schedule gives exactly what seg-column-schedule
// gives with the same width and zigzag, on the maps its handle holds.
// RUN: seg-opt %s --transform-interpreter -o %t.transform 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: seg-opt %s --seg-column-schedule="width=16 zigzag" -o %t.pass
// RUN: sed -e '/transform.named_sequence/,/^  }$/d' %t.pass > %t.pass.payload
// RUN: sed -e '/transform.named_sequence/,/^  }$/d' %t.transform | diff %t.pass.payload -
// RUN: FileCheck %s < %t.transform

// REMARK: column-schedule.mlir:[[#@LINE+9]]:3: remark: scheduled
// REMARK: column-schedule.mlir:[[#@LINE+18]]:3: remark: scheduled

// CHECK-LABEL: func.func @dynamic
// CHECK: seg.map thread (%{{.*}}) in (%{{.*}})
// CHECK: seg.write_returns
// CHECK-LABEL: func.func @static3
// CHECK: seg.map thread (%{{.*}}) in (1200)
func.func @dynamic(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %m: index, %n: index) {
  seg.map thread (%i, %j) in (%m, %n) grid(block_size = 128) outs(%B : memref<?x?xf32>) {
    %x = memref.load %A[%i, %j] : memref<?x?xf32>
    seg.results {
      seg.returns %x into %B : memref<?x?xf32>
    }
  }
  return
}

func.func @static3(%A: memref<4x10x30xf32>, %B: memref<4x10x30xf32>) {
  seg.map thread (%b, %i, %j) in (4, 10, 30) outs(%B : memref<4x10x30xf32>) {
    %x = memref.load %A[%b, %i, %j] : memref<4x10x30xf32>
    %y = arith.addf %x, %x : f32
    seg.results {
      seg.returns %y into %B : memref<4x10x30xf32>
    }
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %maps = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    %scheduled = transform.seg.column_schedule %maps {width = 16, zigzag} : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %scheduled, "scheduled" : !transform.any_op
    transform.yield
  }
}
