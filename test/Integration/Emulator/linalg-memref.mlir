// The done-when programs of the linalg front door in linalg on memrefs,
// through convert-linalg-to-seg: row sums, column max over dimension 0,
// softmax, sum of squares, matmul (then tiled), batch matmul and matvec.
// Upstream's convert-linalg-to-loops is the reference; seg-to-cpu and
// seg-to-emulator (blocks of 32 threads, randomised schedules) print the
// same.
// RUN: seg-opt %s --convert-linalg-to-loops --seg-to-cpu | %run-cpu | grep -v base@ > %t.loops
// RUN: FileCheck %s < %t.loops
// RUN: seg-opt %s --convert-linalg-to-seg > %t.seg.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.seg.mlir
// RUN: seg-opt %t.seg.mlir --seg-to-cpu | %run-cpu | grep -v base@ > %t.cpu
// RUN: diff %t.loops %t.cpu
// RUN: seg-opt %t.seg.mlir --seg-to-emulator="block-size=32" > %t.emu.mlir
// RUN: env SEGIR_EMU_SEED=4 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.emu.mlir | grep -v base@ > %t.emu1
// RUN: diff %t.loops %t.emu1
// RUN: env SEGIR_EMU_SEED=5 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.emu.mlir | grep -v base@ > %t.emu2
// RUN: diff %t.loops %t.emu2
// RUN: seg-opt %t.seg.mlir --seg-tile-block-register --seg-to-emulator | env SEGIR_EMU_SEED=6 %run-emu | grep -v base@ > %t.tiled
// RUN: diff %t.loops %t.tiled

// CHECK: [-19,  6,  -2,  1,  15,  -4,
// CHECK-NEXT: [5,  10,  15,  5,  10,  15,
// CHECK: [77770]
// CHECK-NEXT: [{{\[}}113,   -592,   -168,   -25,
// CHECK: [-308,  -860,  1954,  -842,

// IR-NOT: linalg.
// IR-LABEL: func.func @rowsum
// IR: seg.red thread
// IR-LABEL: func.func @colmax
// IR: seg.map thread
// IR: seg.red seq
// IR-LABEL: func.func @softmax
// IR: seg.red thread
// IR: seg.map thread
// IR: seg.red thread
// IR: seg.map thread
// IR-LABEL: func.func @sumsq
// IR-NOT: seg.map
// IR: seg.red thread
// IR: arith.mulf
// IR-LABEL: func.func @matmul
// IR: seg.map thread
// IR: seg.red seq
// IR-LABEL: func.func @batch_matmul
// IR: seg.map thread
// IR: seg.red seq
// IR-LABEL: func.func @matvec
// IR: seg.red thread
// IR-NOT: linalg.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func @rowsum(%a: memref<37x45xf32>, %out: memref<37xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<37xf32>)
  linalg.reduce { arith.addf } ins(%a : memref<37x45xf32>) outs(%out : memref<37xf32>) dimensions = [1]
  return
}

func.func @colmax(%a: memref<37x45xf32>, %out: memref<45xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%out : memref<45xf32>)
  linalg.reduce { arith.maximumf } ins(%a : memref<37x45xf32>) outs(%out : memref<45xf32>) dimensions = [0]
  return
}

func.func @softmax(%a: memref<37x45xf32>, %out: memref<37x45xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 10000.0 : f32
  %max = memref.alloc() : memref<37xf32>
  %sum = memref.alloc() : memref<37xf32>
  %exp = memref.alloc() : memref<37x45xf32>
  linalg.fill ins(%ninf : f32) outs(%max : memref<37xf32>)
  linalg.reduce { arith.maximumf } ins(%a : memref<37x45xf32>) outs(%max : memref<37xf32>) dimensions = [1]
  linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %max : memref<37x45xf32>, memref<37xf32>) outs(%exp : memref<37x45xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %d = arith.subf %x, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  }
  linalg.fill ins(%zero : f32) outs(%sum : memref<37xf32>)
  linalg.reduce { arith.addf } ins(%exp : memref<37x45xf32>) outs(%sum : memref<37xf32>) dimensions = [1]
  // Rounded to 1e-4: the order of the sums may differ in the last bits.
  linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : memref<37x45xf32>, memref<37xf32>) outs(%out : memref<37x45xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %q = arith.divf %x, %s : f32
    %big = arith.mulf %q, %scale : f32
    %rounded = math.roundeven %big : f32
    linalg.yield %rounded : f32
  }
  memref.dealloc %max : memref<37xf32>
  memref.dealloc %sum : memref<37xf32>
  memref.dealloc %exp : memref<37x45xf32>
  return
}

func.func @sumsq(%a: memref<37x45xf32>, %out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<f32>)
  %sq = memref.alloc() : memref<37x45xf32>
  linalg.map { arith.mulf } ins(%a, %a : memref<37x45xf32>, memref<37x45xf32>) outs(%sq : memref<37x45xf32>)
  linalg.reduce { arith.addf } ins(%sq : memref<37x45xf32>) outs(%out : memref<f32>) dimensions = [0, 1]
  memref.dealloc %sq : memref<37x45xf32>
  return
}

func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

func.func @batch_matmul(%a: memref<3x9x7xi32>, %b: memref<3x7x11xi32>, %c: memref<3x9x11xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%c : memref<3x9x11xi32>)
  linalg.batch_matmul ins(%a, %b : memref<3x9x7xi32>, memref<3x7x11xi32>) outs(%c : memref<3x9x11xi32>)
  return
}

func.func @matvec(%a: memref<37x45xf32>, %x: memref<45xf32>, %y: memref<37xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<37xf32>)
  linalg.matvec ins(%a, %x : memref<37x45xf32>, memref<45xf32>) outs(%y : memref<37xf32>)
  return
}

// (((i * 7 + j * 3 + salt) mod 11) - 5) * (j mod 3 + 1)
func.func @iota2(%out: memref<?x?xf32>, %salt: index) {
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%out : memref<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %i7 = arith.muli %i, %c7 : index
    %j3 = arith.muli %j, %c3 : index
    %s = arith.addi %i7, %j3 : index
    %s2 = arith.addi %s, %salt : index
    %rem = arith.remui %s2, %c11 : index
    %v = arith.subi %rem, %c5 : index
    %jm = arith.remui %j, %c3 : index
    %w = arith.addi %jm, %c1 : index
    %vw = arith.muli %v, %w : index
    %vi = arith.index_cast %vw : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    linalg.yield %vf : f32
  }
  return
}

// (b * 5 + i * 3 + j + salt) mod 7 - 3
func.func @iota3(%out: memref<?x?x?xi32>, %salt: index) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%out : memref<?x?x?xi32>) {
  ^bb0(%o: i32):
    %b = linalg.index 0 : index
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %b5 = arith.muli %b, %c5 : index
    %i3 = arith.muli %i, %c3 : index
    %s = arith.addi %b5, %i3 : index
    %s1 = arith.addi %s, %j : index
    %s2 = arith.addi %s1, %salt : index
    %rem = arith.remui %s2, %c7 : index
    %v = arith.subi %rem, %c3 : index
    %vi = arith.index_cast %v : index to i32
    linalg.yield %vi : i32
  }
  return
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<37x45xf32>
  %ad = memref.cast %a : memref<37x45xf32> to memref<?x?xf32>
  call @iota2(%ad, %c0) : (memref<?x?xf32>, index) -> ()
  %b = memref.alloc() : memref<45x29xf32>
  %bd = memref.cast %b : memref<45x29xf32> to memref<?x?xf32>
  call @iota2(%bd, %c4) : (memref<?x?xf32>, index) -> ()
  %x = memref.alloc() : memref<1x45xf32>
  %xd = memref.cast %x : memref<1x45xf32> to memref<?x?xf32>
  call @iota2(%xd, %c3) : (memref<?x?xf32>, index) -> ()
  %xs = memref.collapse_shape %x [[0, 1]] : memref<1x45xf32> into memref<45xf32>
  %ab = memref.alloc() : memref<3x9x7xi32>
  %abd = memref.cast %ab : memref<3x9x7xi32> to memref<?x?x?xi32>
  call @iota3(%abd, %c0) : (memref<?x?x?xi32>, index) -> ()
  %bb = memref.alloc() : memref<3x7x11xi32>
  %bbd = memref.cast %bb : memref<3x7x11xi32> to memref<?x?x?xi32>
  call @iota3(%bbd, %c1) : (memref<?x?x?xi32>, index) -> ()

  %rs = memref.alloc() : memref<37xf32>
  call @rowsum(%a, %rs) : (memref<37x45xf32>, memref<37xf32>) -> ()
  %rsu = memref.cast %rs : memref<37xf32> to memref<*xf32>
  call @printMemrefF32(%rsu) : (memref<*xf32>) -> ()
  %cm = memref.alloc() : memref<45xf32>
  call @colmax(%a, %cm) : (memref<37x45xf32>, memref<45xf32>) -> ()
  %cmu = memref.cast %cm : memref<45xf32> to memref<*xf32>
  call @printMemrefF32(%cmu) : (memref<*xf32>) -> ()
  %sm = memref.alloc() : memref<37x45xf32>
  call @softmax(%a, %sm) : (memref<37x45xf32>, memref<37x45xf32>) -> ()
  %smu = memref.cast %sm : memref<37x45xf32> to memref<*xf32>
  call @printMemrefF32(%smu) : (memref<*xf32>) -> ()
  %ss = memref.alloc() : memref<f32>
  call @sumsq(%a, %ss) : (memref<37x45xf32>, memref<f32>) -> ()
  %ssu = memref.cast %ss : memref<f32> to memref<*xf32>
  call @printMemrefF32(%ssu) : (memref<*xf32>) -> ()
  %mm = memref.alloc() : memref<37x29xf32>
  %mmd = memref.cast %mm : memref<37x29xf32> to memref<?x?xf32>
  call @matmul(%ad, %bd, %mmd) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  %mmu = memref.cast %mm : memref<37x29xf32> to memref<*xf32>
  call @printMemrefF32(%mmu) : (memref<*xf32>) -> ()
  %bm = memref.alloc() : memref<3x9x11xi32>
  call @batch_matmul(%ab, %bb, %bm) : (memref<3x9x7xi32>, memref<3x7x11xi32>, memref<3x9x11xi32>) -> ()
  %bmu = memref.cast %bm : memref<3x9x11xi32> to memref<*xi32>
  call @printMemrefI32(%bmu) : (memref<*xi32>) -> ()
  %mv = memref.alloc() : memref<37xf32>
  call @matvec(%a, %xs, %mv) : (memref<37x45xf32>, memref<45xf32>, memref<37xf32>) -> ()
  %mvu = memref.cast %mv : memref<37xf32> to memref<*xf32>
  call @printMemrefF32(%mvu) : (memref<*xf32>) -> ()
  return
}
