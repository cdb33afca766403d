// The order of a block-level map's blocks under swizzle(G): one launched
// block runs the virtual blocks one after the other, and each records when
// it ran. With 7 x 4 blocks and G = 3 the blocks walk down block rows 0-2,
// one column after the other, then rows 3-5, then the last, single row; a
// batch dimension runs outermost. The map's results are order-free, so the
// sequential reference (row-major) is not compared here; seg.write_returns
// of the order is checked on the emulator alone, under two schedules.
// RUN: seg-opt %s --seg-to-emulator=max-blocks=1 -o %t.mlir
// RUN: env SEGIR_EMU_SEED=3 %run-emu < %t.mlir | FileCheck %s
// RUN: %run-emu < %t.mlir | FileCheck %s

// CHECK-LABEL: swizzle 3 over 7 x 4
// CHECK:      [0,   3,   6,   9]
// CHECK-NEXT: [1,   4,   7,   10]
// CHECK-NEXT: [2,   5,   8,   11]
// CHECK-NEXT: [12,   15,   18,   21]
// CHECK-NEXT: [13,   16,   19,   22]
// CHECK-NEXT: [14,   17,   20,   23]
// CHECK-NEXT: [24,   25,   26,   27]
// A group of more rows than there are: the whole grid column by column.
// CHECK-LABEL: swizzle 8 over 2 x 3 x 3
// CHECK:      {{\[}}[0,   3,   6],
// CHECK-NEXT:  [1,   4,   7],
// CHECK-NEXT:  [2,   5,   8]],
// CHECK-NEXT: {{\[}}[9,   12,   15],
// CHECK-NEXT:  [10,   13,   16],
// CHECK-NEXT:  [11,   14,   17]]
// Without swizzle: row-major.
// CHECK-LABEL: row-major over 2 x 3
// CHECK:      [0,   1,   2]
// CHECK-NEXT: [3,   4,   5]

func.func private @printMemrefI32(memref<*xi32>)

// order[bi][bj] = the number of blocks that ran before block (bi, bj).
func.func @record2(%order: memref<?x?xi32>, %count: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %order, %c0 : memref<?x?xi32>
  %n = memref.dim %order, %c1 : memref<?x?xi32>
  seg.map block (%bi, %bj) in (%m, %n) grid(block_size = 32) swizzle(3)
      outs(%order : memref<?x?xi32>) {
    seg.map thread_in_block (%t) in (1) outs(%order : memref<?x?xi32>) {
      %k = memref.load %count[] : memref<i32>
      %one = arith.constant 1 : i32
      %next = arith.addi %k, %one : i32
      memref.store %next, %count[] : memref<i32>
      seg.results {
        seg.write_returns into %order [%bi, %bj] = %k : memref<?x?xi32>
      }
    }
    seg.results {}
  }
  return
}

func.func @record3(%order: memref<2x3x3xi32>, %count: memref<i32>) {
  seg.map block (%b, %bi, %bj) in (2, 3, 3) grid(block_size = 32) swizzle(8)
      outs(%order : memref<2x3x3xi32>) {
    seg.map thread_in_block (%t) in (1) outs(%order : memref<2x3x3xi32>) {
      %k = memref.load %count[] : memref<i32>
      %one = arith.constant 1 : i32
      %next = arith.addi %k, %one : i32
      memref.store %next, %count[] : memref<i32>
      seg.results {
        seg.write_returns into %order [%b, %bi, %bj] = %k : memref<2x3x3xi32>
      }
    }
    seg.results {}
  }
  return
}

func.func @record_row_major(%order: memref<2x3xi32>, %count: memref<i32>) {
  seg.map block (%bi, %bj) in (2, 3) grid(block_size = 32)
      outs(%order : memref<2x3xi32>) {
    seg.map thread_in_block (%t) in (1) outs(%order : memref<2x3xi32>) {
      %k = memref.load %count[] : memref<i32>
      %one = arith.constant 1 : i32
      %next = arith.addi %k, %one : i32
      memref.store %next, %count[] : memref<i32>
      seg.results {
        seg.write_returns into %order [%bi, %bj] = %k : memref<2x3xi32>
      }
    }
    seg.results {}
  }
  return
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0 : i32
  %count = memref.alloc() : memref<i32>

  memref.store %zero, %count[] : memref<i32>
  %o2 = memref.alloc(%c7, %c4) : memref<?x?xi32>
  call @record2(%o2, %count) : (memref<?x?xi32>, memref<i32>) -> ()
  vector.print str "swizzle 3 over 7 x 4\n"
  %u2 = memref.cast %o2 : memref<?x?xi32> to memref<*xi32>
  call @printMemrefI32(%u2) : (memref<*xi32>) -> ()

  memref.store %zero, %count[] : memref<i32>
  %o3 = memref.alloc() : memref<2x3x3xi32>
  call @record3(%o3, %count) : (memref<2x3x3xi32>, memref<i32>) -> ()
  vector.print str "swizzle 8 over 2 x 3 x 3\n"
  %u3 = memref.cast %o3 : memref<2x3x3xi32> to memref<*xi32>
  call @printMemrefI32(%u3) : (memref<*xi32>) -> ()

  memref.store %zero, %count[] : memref<i32>
  %o1 = memref.alloc() : memref<2x3xi32>
  call @record_row_major(%o1, %count) : (memref<2x3xi32>, memref<i32>) -> ()
  vector.print str "row-major over 2 x 3\n"
  %u1 = memref.cast %o1 : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%u1) : (memref<*xi32>) -> ()

  memref.dealloc %o1 : memref<2x3xi32>
  memref.dealloc %o2 : memref<?x?xi32>
  memref.dealloc %o3 : memref<2x3x3xi32>
  memref.dealloc %count : memref<i32>
  return
}
