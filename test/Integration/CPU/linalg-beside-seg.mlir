// seg-to-cpu lowers the linalg ops next to seg ops (upstream's
// convert-linalg-to-loops): a linalg.fill of a buffer that a seg.map reads
// used to stay in the output, which mlir-runner then refused.
//
// RUN: seg-opt %s --seg-to-cpu | FileCheck %s --check-prefix=IR
// IR-NOT: linalg.
// RUN: seg-opt %s --seg-to-cpu | %run-cpu | FileCheck %s
// CHECK: ( 2.5, 3.5, 4.5, 5.5 )
// CHECK-NEXT: ( 0, 1, 0, 1 )

func.func @main() {
  %c0 = arith.constant 0 : index
  %half = arith.constant 2.5 : f32
  %base = memref.alloc() : memref<4xf32>
  linalg.fill ins(%half : f32) outs(%base : memref<4xf32>)
  %out = memref.alloc() : memref<4xf32>
  seg.map thread (%i) in (4) outs(%out : memref<4xf32>) {
    %v = memref.load %base[%i] : memref<4xf32>
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %s = arith.addf %v, %f : f32
    seg.results {
      seg.returns %s into %out : memref<4xf32>
    }
  }
  %r = vector.load %out[%c0] : memref<4xf32>, vector<4xf32>
  vector.print %r : vector<4xf32>
  // A linalg.generic after the seg op, on its output.
  %parity = memref.alloc() : memref<4xi32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]} outs(%parity : memref<4xi32>) {
  ^bb0(%unused: i32):
    %i = linalg.index 0 : index
    %n = arith.index_cast %i : index to i32
    %two = arith.constant 2 : i32
    %p = arith.remsi %n, %two : i32
    linalg.yield %p : i32
  }
  %q = vector.load %parity[%c0] : memref<4xi32>, vector<4xi32>
  vector.print %q : vector<4xi32>
  memref.dealloc %base : memref<4xf32>
  memref.dealloc %out : memref<4xf32>
  memref.dealloc %parity : memref<4xi32>
  return
}
