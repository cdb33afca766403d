// The done-when programs of the linalg front door, written in linalg on
// tensors: row sums, column max over dimension 0, softmax, sum of squares,
// matmul, batch matmul and matvec. Upstream's own path (one-shot
// bufferization, convert-linalg-to-loops) is the reference; linalg-to-seg
// then seg-to-cpu, and seg-to-emulator (blocks of 32 threads, several
// randomised schedules, the matmul also after seg-tile-block-register)
// print exactly the same.
// RUN: seg-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-linalg-to-loops --seg-to-cpu | %run-cpu | grep -v base@ > %t.loops
// RUN: FileCheck %s < %t.loops
// RUN: seg-opt %s --linalg-to-seg > %t.seg.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.seg.mlir
// RUN: seg-opt %t.seg.mlir --seg-to-cpu | %run-cpu | grep -v base@ > %t.cpu
// RUN: diff %t.loops %t.cpu
// RUN: seg-opt %t.seg.mlir --seg-to-emulator="block-size=32" > %t.emu.mlir
// RUN: %run-emu %t.emu.mlir | grep -v base@ > %t.emu
// RUN: diff %t.loops %t.emu
// RUN: env SEGIR_EMU_SEED=1 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.emu.mlir | grep -v base@ > %t.emu1
// RUN: diff %t.loops %t.emu1
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.emu.mlir | grep -v base@ > %t.emu2
// RUN: diff %t.loops %t.emu2
// RUN: seg-opt %t.seg.mlir --seg-tile-block-register="ty=2 tx=4 tk=4 ry=2 rx=2" > %t.tiled.mlir
// RUN: FileCheck %s --check-prefix=TILED < %t.tiled.mlir
// RUN: seg-opt %t.tiled.mlir --seg-to-emulator | env SEGIR_EMU_SEED=3 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu | grep -v base@ > %t.tiled
// RUN: diff %t.loops %t.tiled

// Row sums, column maxima, the sum of squares, C[0][0..3], batch C[0][0]
// and A x (values also computed in Python):
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
// The square is fused into the reduction: no map before it.
// IR-NOT: seg.map
// IR: seg.red thread
// IR: arith.mulf
// IR: seg.yield
// IR-LABEL: func.func @matmul
// IR: seg.map thread
// IR: seg.red seq
// IR-LABEL: func.func @batch_matmul
// IR: seg.map thread
// IR: seg.red seq
// IR-LABEL: func.func @matvec
// IR: seg.red thread
// IR-NOT: linalg.

// The matmul and the batch matmul are tiled after the conversion.
// TILED-LABEL: func.func @matmul
// TILED: seg.map block
// TILED: seg.regtile_returns
// TILED-LABEL: func.func @batch_matmul
// TILED: seg.map block
// TILED: seg.regtile_returns

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func @rowsum(%a: tensor<37x45xf32>) -> tensor<37xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
  %r = linalg.reduce { arith.addf } ins(%a : tensor<37x45xf32>) outs(%init : tensor<37xf32>) dimensions = [1]
  return %r : tensor<37xf32>
}

func.func @colmax(%a: tensor<37x45xf32>) -> tensor<45xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<45xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<45xf32>) -> tensor<45xf32>
  %r = linalg.reduce { arith.maximumf } ins(%a : tensor<37x45xf32>) outs(%init : tensor<45xf32>) dimensions = [0]
  return %r : tensor<45xf32>
}

// Rounded to 1e-4 so that the order of the sums of exponentials, which
// parallel reductions change, cannot show in the printed digits.
func.func @softmax(%a: tensor<37x45xf32>) -> tensor<37x45xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 10000.0 : f32
  %e1 = tensor.empty() : tensor<37xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<37xf32>) -> tensor<37xf32>
  %max = linalg.reduce { arith.maximumf } ins(%a : tensor<37x45xf32>) outs(%minit : tensor<37xf32>) dimensions = [1]
  %e2 = tensor.empty() : tensor<37x45xf32>
  %exp = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %max : tensor<37x45xf32>, tensor<37xf32>) outs(%e2 : tensor<37x45xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %d = arith.subf %x, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<37x45xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<37xf32>) -> tensor<37xf32>
  %sum = linalg.reduce { arith.addf } ins(%exp : tensor<37x45xf32>) outs(%sinit : tensor<37xf32>) dimensions = [1]
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<37x45xf32>, tensor<37xf32>) outs(%e2 : tensor<37x45xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %q = arith.divf %x, %s : f32
    %big = arith.mulf %q, %scale : f32
    %rounded = math.roundeven %big : f32
    linalg.yield %rounded : f32
  } -> tensor<37x45xf32>
  return %r : tensor<37x45xf32>
}

func.func @sumsq(%a: tensor<37x45xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x45xf32>
  %sq = linalg.map { arith.mulf } ins(%a, %a : tensor<37x45xf32>, tensor<37x45xf32>) outs(%e : tensor<37x45xf32>)
  %e0 = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce { arith.addf } ins(%sq : tensor<37x45xf32>) outs(%init : tensor<f32>) dimensions = [0, 1]
  return %r : tensor<f32>
}

func.func @matmul(%a: tensor<37x45xf32>, %b: tensor<45x29xf32>) -> tensor<37x29xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x29xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<37x29xf32>) -> tensor<37x29xf32>
  %r = linalg.matmul ins(%a, %b : tensor<37x45xf32>, tensor<45x29xf32>) outs(%init : tensor<37x29xf32>) -> tensor<37x29xf32>
  return %r : tensor<37x29xf32>
}

func.func @batch_matmul(%a: tensor<3x9x7xi32>, %b: tensor<3x7x11xi32>) -> tensor<3x9x11xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3x9x11xi32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<3x9x11xi32>) -> tensor<3x9x11xi32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x9x7xi32>, tensor<3x7x11xi32>) outs(%init : tensor<3x9x11xi32>) -> tensor<3x9x11xi32>
  return %r : tensor<3x9x11xi32>
}

func.func @matvec(%a: tensor<37x45xf32>, %x: tensor<45xf32>) -> tensor<37xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
  %r = linalg.matvec ins(%a, %x : tensor<37x45xf32>, tensor<45xf32>) outs(%init : tensor<37xf32>) -> tensor<37xf32>
  return %r : tensor<37xf32>
}

// Small integers (exact in f32):
// (((i * 7 + j * 3 + salt) mod 11) - 5) * (j mod 3 + 1).
func.func @iota2(%m: index, %n: index, %salt: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %c11 = arith.constant 11 : index
    %c5 = arith.constant 5 : index
    %i7 = arith.muli %i, %c7 : index
    %j3 = arith.muli %j, %c3 : index
    %s = arith.addi %i7, %j3 : index
    %s2 = arith.addi %s, %salt : index
    %rem = arith.remui %s2, %c11 : index
    %v = arith.subi %rem, %c5 : index
    %jm = arith.remui %j, %c3 : index
    %c1 = arith.constant 1 : index
    %w = arith.addi %jm, %c1 : index
    %vw = arith.muli %v, %w : index
    %vi = arith.index_cast %vw : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    linalg.yield %vf : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// (b * 5 + i * 3 + j + salt) mod 7 - 3.
func.func @iota3(%nb: index, %m: index, %n: index, %salt: index) -> tensor<?x?x?xi32> {
  %e = tensor.empty(%nb, %m, %n) : tensor<?x?x?xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%e : tensor<?x?x?xi32>) {
  ^bb0(%o: i32):
    %b = linalg.index 0 : index
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %c5 = arith.constant 5 : index
    %c3 = arith.constant 3 : index
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
  } -> tensor<?x?x?xi32>
  return %r : tensor<?x?x?xi32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c11 = arith.constant 11 : index
  %c29 = arith.constant 29 : index
  %c37 = arith.constant 37 : index
  %c45 = arith.constant 45 : index
  %ad = call @iota2(%c37, %c45, %c0) : (index, index, index) -> tensor<?x?xf32>
  %a = tensor.cast %ad : tensor<?x?xf32> to tensor<37x45xf32>
  %bd = call @iota2(%c45, %c29, %c4) : (index, index, index) -> tensor<?x?xf32>
  %b = tensor.cast %bd : tensor<?x?xf32> to tensor<45x29xf32>
  %xd = call @iota2(%c1, %c45, %c3) : (index, index, index) -> tensor<?x?xf32>
  %x = tensor.collapse_shape %xd [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %xs = tensor.cast %x : tensor<?xf32> to tensor<45xf32>
  %ab = call @iota3(%c3, %c9, %c7, %c0) : (index, index, index, index) -> tensor<?x?x?xi32>
  %abs = tensor.cast %ab : tensor<?x?x?xi32> to tensor<3x9x7xi32>
  %bb = call @iota3(%c3, %c7, %c11, %c1) : (index, index, index, index) -> tensor<?x?x?xi32>
  %bbs = tensor.cast %bb : tensor<?x?x?xi32> to tensor<3x7x11xi32>

  %rs = call @rowsum(%a) : (tensor<37x45xf32>) -> tensor<37xf32>
  %rsm = bufferization.to_buffer %rs : tensor<37xf32> to memref<37xf32>
  %rsu = memref.cast %rsm : memref<37xf32> to memref<*xf32>
  call @printMemrefF32(%rsu) : (memref<*xf32>) -> ()
  %cm = call @colmax(%a) : (tensor<37x45xf32>) -> tensor<45xf32>
  %cmm = bufferization.to_buffer %cm : tensor<45xf32> to memref<45xf32>
  %cmu = memref.cast %cmm : memref<45xf32> to memref<*xf32>
  call @printMemrefF32(%cmu) : (memref<*xf32>) -> ()
  %sm = call @softmax(%a) : (tensor<37x45xf32>) -> tensor<37x45xf32>
  %smm = bufferization.to_buffer %sm : tensor<37x45xf32> to memref<37x45xf32>
  %smu = memref.cast %smm : memref<37x45xf32> to memref<*xf32>
  call @printMemrefF32(%smu) : (memref<*xf32>) -> ()
  %ss = call @sumsq(%a) : (tensor<37x45xf32>) -> tensor<f32>
  %ssm = bufferization.to_buffer %ss : tensor<f32> to memref<f32>
  %ssu = memref.cast %ssm : memref<f32> to memref<*xf32>
  call @printMemrefF32(%ssu) : (memref<*xf32>) -> ()
  %mm = call @matmul(%a, %b) : (tensor<37x45xf32>, tensor<45x29xf32>) -> tensor<37x29xf32>
  %mmm = bufferization.to_buffer %mm : tensor<37x29xf32> to memref<37x29xf32>
  %mmu = memref.cast %mmm : memref<37x29xf32> to memref<*xf32>
  call @printMemrefF32(%mmu) : (memref<*xf32>) -> ()
  %bm = call @batch_matmul(%abs, %bbs) : (tensor<3x9x7xi32>, tensor<3x7x11xi32>) -> tensor<3x9x11xi32>
  %bmm = bufferization.to_buffer %bm : tensor<3x9x11xi32> to memref<3x9x11xi32>
  %bmu = memref.cast %bmm : memref<3x9x11xi32> to memref<*xi32>
  call @printMemrefI32(%bmu) : (memref<*xi32>) -> ()
  %mv = call @matvec(%a, %xs) : (tensor<37x45xf32>, tensor<45xf32>) -> tensor<37xf32>
  %mvm = bufferization.to_buffer %mv : tensor<37xf32> to memref<37xf32>
  %mvu = memref.cast %mvm : memref<37xf32> to memref<*xf32>
  call @printMemrefF32(%mvu) : (memref<*xf32>) -> ()
  return
}
