// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=5 %run-emu %t.mlir | FileCheck %s
// RUN: sed -e 's/%maskA = arith.select %full, %all, %eightLanes : i32/%maskA = arith.constant -1 : i32/' %s | seg-opt --seg-to-emulator | not %run-emu 2>&1 | FileCheck %s --check-prefix=MASK

// nvvm.vote.sync ballot in a block of 40 threads: the second warp has only
// 8 lanes and names them in its member mask. Row 0: lanes whose thread id
// is a multiple of 3; row 1: lanes above 4 among the odd ones, with the even
// lanes of each warp in a second ballot whose mask leaves out the odd ones.
// Every lane of a ballot gets the same word; the words are printed as
// signed i32 per thread.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %out = memref.alloc() : memref<2x40xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c40, %sy = %c1, %sz = %c1) {
    %row0 = arith.constant 0 : index
    %row1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %c4_i32 = arith.constant 4 : i32
    %all = arith.constant -1 : i32
    %eightLanes = arith.constant 255 : i32
    %evens = arith.constant 1431655765 : i32
    %odds = arith.constant -1431655766 : i32
    %t32 = arith.index_cast %tx : index to i32
    %warp = arith.divui %tx, %c32 : index
    %full = arith.cmpi eq, %warp, %c0 : index
    %maskA = arith.select %full, %all, %eightLanes : i32
    %byThree = arith.remui %t32, %c3_i32 : i32
    %isMultiple = arith.cmpi eq, %byThree, %c0_i32 : i32
    %b0 = nvvm.vote.sync ballot %maskA, %isMultiple -> i32
    memref.store %b0, %out[%row0, %tx] : memref<2x40xi32>
    %lane = arith.remui %tx, %c32 : index
    %lane32 = arith.index_cast %lane : index to i32
    %parity = arith.andi %lane32, %c1_i32 : i32
    %odd = arith.cmpi ne, %parity, %c0_i32 : i32
    %above4 = arith.cmpi ugt, %lane32, %c4_i32 : i32
    %oddMask = arith.andi %maskA, %odds : i32
    %evenMask = arith.andi %maskA, %evens : i32
    %b1 = scf.if %odd -> i32 {
      %r = nvvm.vote.sync ballot %oddMask, %above4 -> i32
      scf.yield %r : i32
    } else {
      %r = nvvm.vote.sync ballot %evenMask, %odd -> i32
      scf.yield %r : i32
    }
    memref.store %b1, %out[%row1, %tx] : memref<2x40xi32>
    gpu.terminator
  }
  %cast = memref.cast %out : memref<2x40xi32> to memref<*xi32>
  call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)

// Row 0: lanes 0, 3, ..., 30 of warp 0 (0x49249249), and threads 33, 36
// and 39, lanes 1, 4 and 7 of warp 1 (0x92). Row 1: the odd lanes above 4
// (0xaaaaaaa0 in warp 0, 0xa0 in warp 1); the even lanes' ballot is 0.
// CHECK:      {{\[\[}}1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 146, 146, 146, 146, 146, 146, 146, 146],
// CHECK-NEXT: [0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, -1431655776, 0, 160, 0, 160, 0, 160, 0, 160{{\]\]}}

// MASK: segir emulator: {{.*}}nvvm.vote.sync ballot at {{.*}}:{{[0-9]+}}:{{[0-9]+}} with mask 0xffffffff, which must hold the calling lane {{[0-9]+}} and only lanes of this warp's 8 threads
