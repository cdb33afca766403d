// Row and column statistics, softmax's reductions and layer norm (two-pass,
// and with the mean's and the variance's sums fused in one op) through the
// linalg front door, whose schedule follows the inputs read along the
// reduction: the broadcast row mean of the variance does not make it one
// thread per row, and a few long columns get a segmented reduction.
// Upstream's own path (one-shot bufferization, convert-linalg-to-loops) is
// the reference; seg-to-cpu and the emulator under several schedules print
// exactly the same. The inputs are whole numbers, so the sums are exact;
// results past a division or a square root are rounded (variances to
// 1e-2, normalised values to 1e-3).
// RUN: seg-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-linalg-to-loops --seg-to-cpu | %run-cpu | grep -v base@ > %t.loops
// RUN: FileCheck %s < %t.loops
// RUN: seg-opt %s --linalg-to-seg="remarks=true" -o %t.seg.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.seg.mlir
// RUN: seg-opt %t.seg.mlir --seg-to-cpu | %run-cpu | grep -v base@ | diff %t.loops -
// RUN: seg-opt %t.seg.mlir --seg-to-emulator -o %t.emu.mlir
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.emu.mlir | grep -v base@ | diff %t.loops -
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.emu.mlir | grep -v base@ | diff %t.loops -

// Row variances of the 513 x 1000 matrix, then column sums of it, of the
// 20000 x 16 one, layer norm's first row twice:
// CHECK-COUNT-6: {{^\[}}

// IR-LABEL: func.func @row_variance
// IR-NOT: seg.red seq
// IR: seg.red thread
// IR-NOT: seg.red seq
// IR: seg.red thread
// IR-LABEL: func.func @column_sums
// IR: seg.red seq
// IR-LABEL: func.func @tall_column_sums
// IR-NOT: seg.red seq
// IR: seg.red thread
// IR-LABEL: func.func @layer_norm
// IR-NOT: seg.red seq
// IR-LABEL: func.func @layer_norm_fused
// IR-NOT: seg.red seq
// IR-LABEL: func.func @iota

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func @row_sums(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%m) : tensor<?xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) dimensions = [1]
  return %r : tensor<?xf32>
}

// Two passes: the row means, then the sums of squared deviations from them
// (the mean is broadcast along the row).
func.func @row_variance(%x: tensor<513x1000xf32>) -> tensor<513xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 1000.0 : f32
  %e = tensor.empty() : tensor<513xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<513xf32>) -> tensor<513xf32>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<513x1000xf32>) outs(%init : tensor<513xf32>) dimensions = [1]
  %means = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%sum : tensor<513xf32>) outs(%e : tensor<513xf32>) {
  ^bb0(%s: f32, %o: f32):
    %q = arith.divf %s, %n : f32
    linalg.yield %q : f32
  } -> tensor<513xf32>
  // REMARK-DAG: linalg-statistics.mlir:[[#@LINE+1]]:10: remark: seg.red thread over (d0, d1), segments (d0): input #0 is read along d1{{$}}
  %var = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %means : tensor<513x1000xf32>, tensor<513xf32>) outs(%init : tensor<513xf32>) {
  ^bb0(%v: f32, %mu: f32, %acc: f32):
    %d = arith.subf %v, %mu : f32
    %sq = arith.mulf %d, %d : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  } -> tensor<513xf32>
  %r = call @round2(%var) : (tensor<513xf32>) -> tensor<513xf32>
  return %r : tensor<513xf32>
}

func.func @column_sums(%x: tensor<513x1000xf32>) -> tensor<1000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1000xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1000xf32>) -> tensor<1000xf32>
  // REMARK-DAG: linalg-statistics.mlir:[[#@LINE+1]]:8: remark: seg.map thread over (d1) with a seq seg.red over (d0) per thread: input #0 is read along d1, so neighbouring threads read neighbouring elements
  %r = linalg.reduce { arith.addf } ins(%x : tensor<513x1000xf32>) outs(%init : tensor<1000xf32>) dimensions = [0]
  return %r : tensor<1000xf32>
}

func.func @tall_column_sums(%x: tensor<20000x16xf32>) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  // REMARK-DAG: linalg-statistics.mlir:[[#@LINE+1]]:8: remark: seg.red thread over (d1, d0), segments (d1): 16 segments of 20000 elements: one thread per segment would not fill sm_90 (4224 threads, a warp per SM)
  %r = linalg.reduce { arith.addf } ins(%x : tensor<20000x16xf32>) outs(%init : tensor<16xf32>) dimensions = [0]
  return %r : tensor<16xf32>
}

// (x - mean) / sqrt(var + 1e-5) from the mean and the variance of each row
// of 45.
func.func @normalize(%x: tensor<37x45xf32>, %sum: tensor<37xf32>, %sumsq: tensor<37xf32>) -> tensor<37x45xf32> {
  %n = arith.constant 45.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e = tensor.empty() : tensor<37x45xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum, %sumsq : tensor<37x45xf32>, tensor<37xf32>, tensor<37xf32>) outs(%e : tensor<37x45xf32>) {
  ^bb0(%v: f32, %s: f32, %q: f32, %o: f32):
    %mu = arith.divf %s, %n : f32
    %q2 = arith.divf %q, %n : f32
    %mu2 = arith.mulf %mu, %mu : f32
    %var = arith.subf %q2, %mu2 : f32
    %ve = arith.addf %var, %eps : f32
    %sd = math.sqrt %ve : f32
    %d = arith.subf %v, %mu : f32
    %r = arith.divf %d, %sd : f32
    linalg.yield %r : f32
  } -> tensor<37x45xf32>
  %c0 = arith.constant 0 : index
  %first = tensor.extract_slice %y[0, 0] [1, 45] [1, 1] : tensor<37x45xf32> to tensor<45xf32>
  %r = call @round3_45(%first) : (tensor<45xf32>) -> tensor<45xf32>
  %re = tensor.expand_shape %r [[0, 1]] output_shape [1, 45] : tensor<45xf32> into tensor<1x45xf32>
  %out = tensor.insert_slice %re into %y[0, 0] [1, 45] [1, 1] : tensor<1x45xf32> into tensor<37x45xf32>
  return %out : tensor<37x45xf32>
}

// Layer norm in two passes: the row sums, then the sums of squares.
func.func @layer_norm(%x: tensor<37x45xf32>) -> tensor<37x45xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<37x45xf32>) outs(%init : tensor<37xf32>) dimensions = [1]
  %sumsq = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<37x45xf32>) outs(%init : tensor<37xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %sq = arith.mulf %v, %v : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  } -> tensor<37xf32>
  %y = call @normalize(%x, %sum, %sumsq) : (tensor<37x45xf32>, tensor<37xf32>, tensor<37xf32>) -> tensor<37x45xf32>
  return %y : tensor<37x45xf32>
}

// Layer norm with both sums in one op.
func.func @layer_norm_fused(%x: tensor<37x45xf32>) -> tensor<37x45xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
  // REMARK-DAG: linalg-statistics.mlir:[[#@LINE+1]]:14: remark: seg.red thread over (d0, d1), segments (d0): input #0 is read along d1{{$}}
  %stats:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<37x45xf32>) outs(%init, %init : tensor<37xf32>, tensor<37xf32>) {
  ^bb0(%v: f32, %s: f32, %q: f32):
    %s1 = arith.addf %s, %v : f32
    %sq = arith.mulf %v, %v : f32
    %q1 = arith.addf %q, %sq : f32
    linalg.yield %s1, %q1 : f32, f32
  } -> (tensor<37xf32>, tensor<37xf32>)
  %y = call @normalize(%x, %stats#0, %stats#1) : (tensor<37x45xf32>, tensor<37xf32>, tensor<37xf32>) -> tensor<37x45xf32>
  return %y : tensor<37x45xf32>
}

// The variance, sum / 1000, to 1e-2.
func.func @round2(%t: tensor<513xf32>) -> tensor<513xf32> {
  %scale = arith.constant 0.1 : f32
  %e = tensor.empty() : tensor<513xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<513xf32>) outs(%e : tensor<513xf32>) {
  ^bb0(%v: f32, %o: f32):
    %big = arith.mulf %v, %scale : f32
    %rounded = math.roundeven %big : f32
    linalg.yield %rounded : f32
  } -> tensor<513xf32>
  return %r : tensor<513xf32>
}

func.func @round3_45(%t: tensor<45xf32>) -> tensor<45xf32> {
  %scale = arith.constant 1000.0 : f32
  %e = tensor.empty() : tensor<45xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<45xf32>) outs(%e : tensor<45xf32>) {
  ^bb0(%v: f32, %o: f32):
    %big = arith.mulf %v, %scale : f32
    %rounded = math.roundeven %big : f32
    linalg.yield %rounded : f32
  } -> tensor<45xf32>
  return %r : tensor<45xf32>
}

// Whole numbers in [-6, 6]: ((i * 7 + j * 3 + salt) mod 13) - 6.
func.func @iota(%m: index, %n: index, %salt: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %c13 = arith.constant 13 : index
    %c6 = arith.constant 6 : index
    %i7 = arith.muli %i, %c7 : index
    %j3 = arith.muli %j, %c3 : index
    %s = arith.addi %i7, %j3 : index
    %s2 = arith.addi %s, %salt : index
    %rem = arith.remui %s2, %c13 : index
    %v = arith.subi %rem, %c6 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    linalg.yield %vf : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @print1(%t: tensor<?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c37 = arith.constant 37 : index
  %c45 = arith.constant 45 : index
  %c513 = arith.constant 513 : index
  %c1000 = arith.constant 1000 : index
  %c20000 = arith.constant 20000 : index
  %xd = call @iota(%c513, %c1000, %c0) : (index, index, index) -> tensor<?x?xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<513x1000xf32>
  %var = call @row_variance(%x) : (tensor<513x1000xf32>) -> tensor<513xf32>
  %vard = tensor.cast %var : tensor<513xf32> to tensor<?xf32>
  call @print1(%vard) : (tensor<?xf32>) -> ()
  %cs = call @column_sums(%x) : (tensor<513x1000xf32>) -> tensor<1000xf32>
  %csd = tensor.cast %cs : tensor<1000xf32> to tensor<?xf32>
  call @print1(%csd) : (tensor<?xf32>) -> ()
  %td = call @iota(%c20000, %c16, %c1) : (index, index, index) -> tensor<?x?xf32>
  %t = tensor.cast %td : tensor<?x?xf32> to tensor<20000x16xf32>
  %ts = call @tall_column_sums(%t) : (tensor<20000x16xf32>) -> tensor<16xf32>
  %tsd = tensor.cast %ts : tensor<16xf32> to tensor<?xf32>
  call @print1(%tsd) : (tensor<?xf32>) -> ()
  %ld = call @iota(%c37, %c45, %c2) : (index, index, index) -> tensor<?x?xf32>
  %l = tensor.cast %ld : tensor<?x?xf32> to tensor<37x45xf32>
  %y1 = call @layer_norm(%l) : (tensor<37x45xf32>) -> tensor<37x45xf32>
  %y1r = tensor.extract_slice %y1[0, 0] [1, 45] [1, 1] : tensor<37x45xf32> to tensor<45xf32>
  %y1d = tensor.cast %y1r : tensor<45xf32> to tensor<?xf32>
  call @print1(%y1d) : (tensor<?xf32>) -> ()
  %y2 = call @layer_norm_fused(%l) : (tensor<37x45xf32>) -> tensor<37x45xf32>
  %y2r = tensor.extract_slice %y2[0, 0] [1, 45] [1, 1] : tensor<37x45xf32> to tensor<45xf32>
  %y2d = tensor.cast %y2r : tensor<45xf32> to tensor<?xf32>
  call @print1(%y2d) : (tensor<?xf32>) -> ()
  %rs = call @row_sums(%ld) : (tensor<?x?xf32>) -> tensor<?xf32>
  call @print1(%rs) : (tensor<?xf32>) -> ()
  return
}
