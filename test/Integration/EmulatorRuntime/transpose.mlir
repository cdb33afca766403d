// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=3 %run-emu | FileCheck %s

// A tiled transpose through shared memory: 16 x 16 threads per block read a
// tile of a 37 x 45 matrix (the last tiles are partial), wait at a barrier,
// and write the tile transposed. Without the barrier a thread would read
// tile elements that no thread has written yet.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %m = arith.constant 37 : index
  %n = arith.constant 45 : index
  %c100 = arith.constant 100 : index
  %in = memref.alloc(%m, %n) : memref<?x?xi32>
  %out = memref.alloc(%n, %m) : memref<?x?xi32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %r = arith.muli %i, %c100 : index
      %v = arith.addi %r, %j : index
      %x = arith.index_cast %v : index to i32
      memref.store %x, %in[%i, %j] : memref<?x?xi32>
    }
  }
  // Blocks cover 3 x 3 tiles: x along the columns of %in, y along its rows.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c3, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1)
             workgroup(%tile : memref<16x17xi32, #gpu.address_space<workgroup>>) {
    %row0 = arith.muli %by, %c16 : index
    %col0 = arith.muli %bx, %c16 : index
    %row = arith.addi %row0, %ty : index
    %col = arith.addi %col0, %tx : index
    %rowIn = arith.cmpi ult, %row, %m : index
    %colIn = arith.cmpi ult, %col, %n : index
    %inside = arith.andi %rowIn, %colIn : i1
    scf.if %inside {
      %x = memref.load %in[%row, %col] : memref<?x?xi32>
      memref.store %x, %tile[%ty, %tx] : memref<16x17xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %orow = arith.addi %col0, %ty : index
    %ocol = arith.addi %row0, %tx : index
    %orowIn = arith.cmpi ult, %orow, %n : index
    %ocolIn = arith.cmpi ult, %ocol, %m : index
    %oinside = arith.andi %orowIn, %ocolIn : i1
    scf.if %oinside {
      %x = memref.load %tile[%tx, %ty] : memref<16x17xi32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%orow, %ocol] : memref<?x?xi32>
    }
    gpu.terminator
  }
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %wrong = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> i32 {
    %w = scf.for %j = %c0 to %m step %c1 iter_args(%b = %a) -> i32 {
      %x = memref.load %out[%i, %j] : memref<?x?xi32>
      %y = memref.load %in[%j, %i] : memref<?x?xi32>
      %ne = arith.cmpi ne, %x, %y : i32
      %inc = arith.addi %b, %one : i32
      %c = arith.select %ne, %inc, %b : i32
      scf.yield %c : i32
    }
    scf.yield %w : i32
  }
  // CHECK: 0
  vector.print %wrong : i32
  %c44 = arith.constant 44 : index
  %c36 = arith.constant 36 : index
  %last = memref.load %out[%c44, %c36] : memref<?x?xi32>
  // CHECK-NEXT: 3644
  vector.print %last : i32
  %c2 = arith.constant 2 : index
  %some = memref.load %out[%c1, %c2] : memref<?x?xi32>
  // CHECK-NEXT: 201
  vector.print %some : i32
  memref.dealloc %in : memref<?x?xi32>
  memref.dealloc %out : memref<?x?xi32>
  return
}
