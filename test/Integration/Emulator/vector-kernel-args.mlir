// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-cpu | %run-cpu | FileCheck %s

// Kernels capture n-D vectors (and vectors of index) like any other value:
// on the emulator they travel as arrays of 1-D vectors. Here a block map
// and a thread map read a vector<2x2xi64> and a vector<3xindex> made on the
// host, and every pipeline prints the same.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %p0 = arith.constant 0 : i64
  // Loaded, not constant: constants would be sunk into the kernels.
  %values = memref.alloc() : memref<2x2xi64>
  %v00 = arith.constant 1 : i64
  %v01 = arith.constant 20 : i64
  %v10 = arith.constant 300 : i64
  %v11 = arith.constant 4000 : i64
  memref.store %v00, %values[%c0, %c0] : memref<2x2xi64>
  memref.store %v01, %values[%c0, %c1] : memref<2x2xi64>
  memref.store %v10, %values[%c1, %c0] : memref<2x2xi64>
  memref.store %v11, %values[%c1, %c1] : memref<2x2xi64>
  %tile = vector.transfer_read %values[%c0, %c0], %p0 {in_bounds = [true, true]} : memref<2x2xi64>, vector<2x2xi64>
  %bases = memref.alloc() : memref<3xindex>
  memref.store %c7, %bases[%c0] : memref<3xindex>
  memref.store %c8, %bases[%c1] : memref<3xindex>
  memref.store %c9, %bases[%c2] : memref<3xindex>
  %offsets = vector.transfer_read %bases[%c0], %c0 {in_bounds = [true]} : memref<3xindex>, vector<3xindex>
  %out = memref.alloc() : memref<4xi64>
  seg.map block (%b) in (4) outs(%out : memref<4xi64>) {
    %first = vector.extract %tile[0, 0] : i64 from vector<2x2xi64>
    // Dynamic positions in an n-D vector have no lowering: rows by select.
    %row0 = vector.extract %tile[0] : vector<2xi64> from vector<2x2xi64>
    %row1 = vector.extract %tile[1] : vector<2xi64> from vector<2x2xi64>
    %i = arith.shrui %b, %c1 : index
    %j = arith.andi %b, %c1 : index
    %in_row1 = arith.cmpi eq, %i, %c1 : index
    %row = arith.select %in_row1, %row1, %row0 : vector<2xi64>
    %e = vector.extract %row[%j] : i64 from vector<2xi64>
    %s = arith.addi %e, %first : i64
    seg.results {
      seg.returns %s into %out : memref<4xi64>
    }
  }
  %idx = memref.alloc() : memref<3xindex>
  seg.map thread (%t) in (3) outs(%idx : memref<3xindex>) {
    %o = vector.extract %offsets[%t] : index from vector<3xindex>
    %v = arith.addi %o, %t : index
    seg.results {
      seg.returns %v into %idx : memref<3xindex>
    }
  }
  // CHECK: 2, 21, 301, 4001
  %v = vector.transfer_read %out[%c0], %p0 {in_bounds = [true]} : memref<4xi64>, vector<4xi64>
  vector.print %v : vector<4xi64>
  // CHECK: 7, 9, 11
  %w = vector.transfer_read %idx[%c0], %c0 {in_bounds = [true]} : memref<3xindex>, vector<3xindex>
  vector.print %w : vector<3xindex>
  memref.dealloc %out : memref<4xi64>
  memref.dealloc %idx : memref<3xindex>
  memref.dealloc %values : memref<2x2xi64>
  memref.dealloc %bases : memref<3xindex>
  return
}
